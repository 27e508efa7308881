"""The master bot: a ranker trained to play like the expert whose futures the strong bot plays (issue 43).

The same kind of player as the strong bot (`adventures.bots.strong`): the heuristic's pick
re-ranked by a linear ranker over what its seat sees (`adventures.bots.features`), so it
costs what the strong bot costs per decision, no search and no copy of the game. Only its
teacher differs: `adventures train` (the default target) labels positions with the expert
whose sampled futures the strong bot plays (the ladder's `expert-strong`), starts the fit
from the strong bot's own ranker, and then refines it by its own games
(`adventures.sim.reinforce`). The strong bot's file (`params/strong.json`) stays frozen: it is
the reference player the difficulty levels are measured with; the master's weights are
their own file, `params/master.json`, in the same checked format
(`adventures.bots.ranker_file`).

Where the master file has no ranker for a game's number of players, the master plays the
reference strong bot's ranker for that size (it was trained from it, so that is where it
starts). A missing or damaged master file is one warning line and the strong bot's play,
never a traceback.
"""
from __future__ import annotations

from pathlib import Path

from adventures.bots.ranker_file import PARAMS_FILE, Rankers, load_params, why_unusable
from adventures.bots.strong import StrongBot

MASTER_FILE = PARAMS_FILE.parent / "master.json"

def master_warning(path: str | Path) -> str:
    """The one line saying why the master's file is unusable and who plays instead."""
    return (f"adventures: master bot parameters {path}: {why_unusable(path)}; "
            "the master bot plays as the strong bot")


def load_master(path: str | Path = MASTER_FILE) -> Rankers | None:
    """The master file's rankers, or None after one warning line (once per file and process;
    worker processes of a run stay quiet): the strong bot's reader, with the master's words."""
    return load_params(path, warning_of=master_warning)


def master_rankers(own: Rankers | None, reference: Rankers | None) -> Rankers:
    """One ranker per size: the master's own, else the reference strong bot's."""
    out = Rankers()
    out.update(reference or {})
    out.update(own or {})
    return out


class MasterBot:
    """The strong bot's kind of player with the master's weights (the strong bot's where it has none)."""

    name = "master"

    def __init__(self, params: str | Path | dict | None = None):
        # a plain dict (tests, a training run): one ranker for every game
        if isinstance(params, dict) and not isinstance(params, Rankers):
            weights = params
        else:
            own = params if isinstance(params, Rankers) else load_master(params if params is not None else MASTER_FILE)
            weights = master_rankers(own, load_params(PARAMS_FILE))
        self.player = StrongBot(params=weights)

    @property
    def weights(self):
        return self.player.weights

    @property
    def last_scores(self):
        return self.player.last_scores

    def choose(self, game, decision) -> int:
        return self.player.choose(game, decision)

    def ranked(self, game, decision):
        return self.player.ranked(game, decision)
