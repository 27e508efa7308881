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
heuristic's). The parameter file (`adventures/bots/params/strong.json`) is validated when
loaded; a missing, damaged or outdated file (another format version, a ranker trained on a
feature this program no longer computes) gives one warning line on stderr and the strong bot plays exactly as the heuristic bot,
never a traceback.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from adventures.bots.features import FEATURES, RANKED, SLOT, option_features
from adventures.bots.heuristic import HeuristicBot

PARAMS_FILE = Path(__file__).resolve().parent / "params" / "strong.json"
FORMAT = "adventures-strong-ranker"
FORMAT_VERSION = 3              # 2: one ranker per group of player counts; 3: each ranker names its own features
MAX_PARAMS_BYTES = 1_000_000
MAX_PLAYERS = 4

_loaded: dict[str, Rankers | None] = {}   # path -> rankers (None: unusable, already warned)


class ParamsError(ValueError):
    """A parameter file the strong bot cannot use (the reason, in one line)."""


class Rankers(dict):
    """{number of players: {tag: [one float per feature]}}: a parameter file holds one ranker
    per group of player counts, each trained on games of those sizes only. In a game of a
    size no ranker was trained on the strong bot plays as the heuristic bot, because a
    ranker is not trusted outside what it learned from (measured: the ranker trained on
    solo games lost 41 points against the heuristic in Krang with 4 players). A plain dict
    of weights (tests, a training run) ranks in every game."""


def _features(names, where: str) -> list[int]:
    """The slots of a ranker's feature names (every name one this program computes)."""
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise ParamsError(f"{where}: features is not a list of feature names")
    unknown = next((n for n in names if n not in SLOT), None)
    if unknown is not None:
        raise ParamsError(f"{where}: trained on a feature this program does not compute, {unknown[:40]!r} "
                          "(outdated: run `adventures train`)")
    if len(set(names)) != len(names):
        raise ParamsError(f"{where}: a feature named twice")
    return [SLOT[n] for n in names]


def _weights(weights, slots: list[int], where: str) -> dict[str, list[float]]:
    """{tag: one weight per feature of FEATURES}: the ranker's own features' weights in their
    slots, 0 for a feature it was not trained on."""
    if not isinstance(weights, dict) or not weights:
        raise ParamsError(f"{where}: no weights")
    out = {}
    for tag, row in weights.items():
        if tag not in RANKED:
            raise ParamsError(f"{where}: weights for an unknown decision {str(tag)[:40]!r}")
        if (not isinstance(row, list) or len(row) != len(slots)
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in row)):
            raise ParamsError(f"{where}: weights of {tag!r} are not {len(slots)} finite numbers, one per feature")
        full = [0.0] * len(FEATURES)
        for j, x in zip(slots, row):
            full[j] = float(x)
        out[tag] = full
    return out


def validate(data) -> Rankers:
    """The rankers of a parsed parameter file, or ParamsError."""
    if not isinstance(data, dict):
        raise ParamsError("not a JSON object")
    if data.get("format") != FORMAT:
        raise ParamsError(f"format is {data.get('format')!r}, expected {FORMAT!r}")
    if data.get("version") != FORMAT_VERSION:
        raise ParamsError(f"format version {data.get('version')!r}, this program reads {FORMAT_VERSION}")
    rankers = data.get("rankers")
    if not isinstance(rankers, list) or not rankers:
        raise ParamsError("no rankers")
    out = Rankers()
    for k, ranker in enumerate(rankers):
        where = f"ranker {k + 1}"
        players = ranker.get("players") if isinstance(ranker, dict) else None
        if (not isinstance(players, list) or not players
                or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_PLAYERS for n in players)):
            raise ParamsError(f"{where}: players is not a list of numbers of players (1..{MAX_PLAYERS})")
        weights = _weights(ranker.get("weights"), _features(ranker.get("features"), where), where)
        for n in players:
            if n in out:
                raise ParamsError(f"{where}: a second ranker for {n} player{'s' if n > 1 else ''}")
            out[n] = weights
    return out


def read_document(path: str | Path = PARAMS_FILE):
    """A parameter file's parsed JSON, not yet validated; ParamsError (one line) if it
    cannot be read as JSON."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_PARAMS_BYTES:
            raise ParamsError(f"larger than {MAX_PARAMS_BYTES:,} bytes")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ParamsError("missing (run `adventures train`)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ParamsError(f"unreadable ({type(exc).__name__})") from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ParamsError("not valid JSON") from None


def read_params(path: str | Path = PARAMS_FILE) -> Rankers:
    """Read and validate a parameter file; ParamsError (one line) if it cannot be used."""
    return validate(read_document(path))


def load_params(path: str | Path = PARAMS_FILE) -> Rankers | None:
    """The rankers, or None after one warning line (once per file and process)."""
    key = str(path)
    if key not in _loaded:
        try:
            _loaded[key] = read_params(path)
        except ParamsError as exc:
            _loaded[key] = None
            print(f"adventures: strong bot parameters {path}: {exc}; the strong bot plays as the heuristic bot",
                  file=sys.stderr)
    return _loaded[key]


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
