"""The strong bot: the heuristic bot's pick, re-ranked by a ranker trained on the expert and on its own games.

At each decision the expert searches (`features.RANKED`), every option gets a score
w[tag] . x(option), a linear function of features computed from what the seat sees
(`adventures.bots.features`: the option's own facts, the kind of option crossed with the
position, the heuristic's own pick among them), and the best score is played (ties keep
the heuristic's pick). Other decisions go to the heuristic bot. The weights come from
`adventures train` (`adventures.sim.cli_train`): the expert scores the options of the
decisions of seeded games by playing each out on sampled worlds, and a listwise ranker
learns those values (expert iteration: the next generation's games are played by the
strong bot fitted so far, and the expert labels the positions it reaches), then refined
by policy gradient on the win rate of its own games (`adventures.sim.reinforce`). The file holds
one ranker per group of player counts (solo, 2, 3-4: `Rankers`); a game uses its size's.
Each ranker names the features it was trained on: a feature added since counts 0 for it,
so adding one retrains only the rankers that should use it.

Plain Python at play time: no training library, no copy of the game (a few lookups per
option: `adventures bench --bot strong` measures its CPU per decision against the
heuristic's). The parameter file (`adventures/bots/params/strong.json`) is checked data
(`adventures.bots.ranker_file`): a missing, damaged, edited or outdated file gives one
warning line on stderr and the strong bot plays exactly as the heuristic bot, never a
traceback; the commands that report games name the bot that really played.
"""
from __future__ import annotations

from pathlib import Path

from adventures.bots.features import option_features
from adventures.bots.heuristic import HeuristicBot
from adventures.bots.ranker_file import (  # noqa: F401  (the parameter file's API, as callers know it)
    FORMAT,
    FORMAT_VERSION,
    MAX_PARAMS_BYTES,
    MAX_PLAYERS,
    PARAMS_FILE,
    ParamsError,
    Rankers,
    load_params,
    read_document,
    read_params,
    validate,
)


class StrongBot:
    """The heuristic's pick, re-ranked by the trained linear ranker."""

    name = "strong"

    def __init__(self, params: str | Path | dict | None = None):
        self.heuristic = HeuristicBot()     # what its seat may see is the game's rule (rules.view)
        # Rankers (one per player count), a plain dict (one ranker for every game), or None
        self.weights = params if isinstance(params, dict) else load_params(
            params if params is not None else PARAMS_FILE)
        self.last_scores: list[float] | None = None   # the last ranked decision's scores (tests)

    def choose(self, game, decision) -> int:
        pick, _, scores = self.ranked(game, decision)
        self.last_scores = scores
        if scores is None:
            return pick
        best = pick
        top = scores[pick]
        for i, s in enumerate(scores):
            if s > top + 1e-9:
                best, top = i, s
        return best

    def ranked(self, game, decision) -> tuple[int, list | None, list[float] | None]:
        """(the heuristic's pick, each option's features, each option's score), or (pick,
        None, None) where no ranker decides (`adventures.sim.reinforce` samples from the
        scores)."""
        h = self.heuristic
        pick = h.choose(game, decision)
        weights = self.weights
        if isinstance(weights, Rankers):
            adv = getattr(game, "adv", None)
            weights = weights.get(adv.players) if adv is not None else None
        w = weights.get(decision.tag) if weights else None
        if w is None or len(decision.options) < 2 or decision.seat < 0:
            return pick, None, None
        features = option_features(h, game, decision, pick)
        scores = []
        for f in features:
            s = 0.0
            for j, x in f:
                s += w[j] * x
            scores.append(s)
        return pick, features, scores
