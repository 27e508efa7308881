"""The strong bot's parameter file (`adventures/bots/params/strong.json`) as checked data.

Read like every file the program takes from outside: a regular file only (a FIFO is
refused, never waited on), at most MAX_PARAMS_BYTES of it (a link to /dev/zero is refused,
never slurped). Then checked before one weight is used:

- the format and its version;
- every number finite and within its bound: a weight within +-MAX_WEIGHT (the trained
  ones stay near 1; a 400-digit integer would overflow the first score), any other number
  within +-MAX_NUMBER;
- each ranker's shape, recorded beside its weights (decisions ranked, features) and
  matching them; the features are ones this program computes;
- the commit of the program that trained each ranker (`source_commit`: 40 hex digits,
  "+changes" when its tree had uncommitted changes, or null outside a git checkout);
- a SHA-256 checksum over the whole document, so a file that parses but was edited by
  hand or damaged since `adventures train` wrote it (negated weights) is refused too.

A file that fails is one line (`ParamsError`) and the strong bot plays as the heuristic
bot; `plays_as` names the bot that really played, for every output that reports games.
"""
from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import re
import sys
from pathlib import Path

from adventures.bots.features import FEATURES, RANKED, SLOT

PARAMS_FILE = Path(__file__).resolve().parent / "params" / "strong.json"
FORMAT = "adventures-strong-ranker"
# 2: one ranker per group of player counts; 3: each ranker names its own features;
# 4: each ranker's shape and source commit, and the document's checksum
FORMAT_VERSION = 4
MAX_PARAMS_BYTES = 1_000_000
MAX_PLAYERS = 4
MAX_WEIGHT = 1_000.0            # the shipped weights are within +-2
MAX_NUMBER = 10.0 ** 18         # seeds, counts and figures of the training record
COMMIT = re.compile(r"^[0-9a-f]{40}(\+changes)?$")
FALLBACK = "heuristic"          # the bot the strong bot plays as without usable parameters

_loaded: dict[str, Rankers | None] = {}   # path -> rankers (None: unusable, already said why)
_why: dict[str, str] = {}                 # path -> why it is unusable


class ParamsError(ValueError):
    """A parameter file the strong bot cannot use (the reason, in one line)."""


class Rankers(dict):
    """{number of players: {tag: [one float per feature]}}: a parameter file holds one ranker
    per group of player counts, each trained on games of those sizes only. In a game of a
    size no ranker was trained on the strong bot plays as the heuristic bot, because a
    ranker is not trusted outside what it learned from (measured: the ranker trained on
    solo games lost 41 points against the heuristic in Krang with 4 players). A plain dict
    of weights (tests, a training run) ranks in every game."""


# ---------------------------------------------------------------- the checks
def checksum(doc: dict) -> str:
    """The SHA-256 of everything in the document but its own checksum, as canonical JSON."""
    body = json.dumps({k: v for k, v in doc.items() if k != "checksum"}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return "sha256:" + hashlib.sha256(body.encode("ascii")).hexdigest()


def signed(doc: dict) -> dict:
    """The document with its checksum (what `adventures train` writes)."""
    return {**doc, "checksum": checksum(doc)}


def _numbers_in_bounds(data) -> None:
    """Every number of the document finite and within +-MAX_NUMBER (walked without recursion:
    json's own nesting limit already bounds the depth, not the width)."""
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            if not -MAX_NUMBER <= item <= MAX_NUMBER or (isinstance(item, float) and not math.isfinite(item)):
                raise ParamsError(f"a number out of bounds ({_short(item)}; at most {MAX_NUMBER:.0e} in size)")


def _short(value) -> str:
    text = str(value)
    return text if len(text) <= 24 else f"{text[:10]}...{len(text)} characters"


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


def _weight(x) -> bool:
    """A number a score may be made of: bounded before it is ever converted to a float."""
    return (isinstance(x, (int, float)) and not isinstance(x, bool) and -MAX_WEIGHT <= x <= MAX_WEIGHT
            and (not isinstance(x, float) or math.isfinite(x)))


def _weights(weights, slots: list[int], where: str) -> dict[str, list[float]]:
    """{tag: one weight per feature of FEATURES}: the ranker's own features' weights in their
    slots, 0 for a feature it was not trained on."""
    if not isinstance(weights, dict) or not weights:
        raise ParamsError(f"{where}: no weights")
    out = {}
    for tag, row in weights.items():
        if tag not in RANKED:
            raise ParamsError(f"{where}: weights for an unknown decision {str(tag)[:40]!r}")
        if not isinstance(row, list) or len(row) != len(slots) or not all(_weight(x) for x in row):
            raise ParamsError(f"{where}: weights of {tag!r} are not {len(slots)} numbers within "
                              f"+-{MAX_WEIGHT:g}, one per feature")
        full = [0.0] * len(FEATURES)
        for j, x in zip(slots, row):
            full[j] = float(x)
        out[tag] = full
    return out


def _shape(ranker: dict, where: str) -> None:
    """The recorded shape matches the weights and features (a file cut or spliced by hand)."""
    shape = ranker.get("shape")
    want = {"decisions": len(ranker["weights"]), "features": len(ranker["features"])}
    if shape != want:
        raise ParamsError(f"{where}: shape is {_short(shape)}, its weights and features make {want}")


def _source(ranker: dict, where: str) -> None:
    commit = ranker.get("source_commit", "")
    if commit is not None and not (isinstance(commit, str) and COMMIT.match(commit)):
        raise ParamsError(f"{where}: source_commit is {_short(commit)!r}, expected the 40-digit commit "
                          "of the program that trained it (or null)")


def validate(data) -> Rankers:
    """The rankers of a parsed parameter file, or ParamsError."""
    if not isinstance(data, dict):
        raise ParamsError("not a JSON object")
    if data.get("format") != FORMAT:
        raise ParamsError(f"format is {_short(data.get('format'))!r}, expected {FORMAT!r}")
    if data.get("version") != FORMAT_VERSION:
        raise ParamsError(f"format version {_short(data.get('version'))}, this program reads {FORMAT_VERSION} "
                          "(outdated: run `adventures train`)")
    _numbers_in_bounds(data)
    rankers = data.get("rankers")
    if not isinstance(rankers, list) or not rankers or len(rankers) > MAX_PLAYERS:
        raise ParamsError(f"no rankers, or more than {MAX_PLAYERS}")
    out = Rankers()
    for k, ranker in enumerate(rankers):
        where = f"ranker {k + 1}"
        players = ranker.get("players") if isinstance(ranker, dict) else None
        if (not isinstance(players, list) or not players
                or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_PLAYERS for n in players)):
            raise ParamsError(f"{where}: players is not a list of numbers of players (1..{MAX_PLAYERS})")
        weights = _weights(ranker.get("weights"), _features(ranker.get("features"), where), where)
        _shape(ranker, where)
        _source(ranker, where)
        if not isinstance(ranker.get("trained", {}), dict):
            raise ParamsError(f"{where}: trained is not a record of how it was trained")
        for n in players:
            if n in out:
                raise ParamsError(f"{where}: a second ranker for {n} player{'s' if n > 1 else ''}")
            out[n] = weights
    if data.get("checksum") != checksum(data):
        raise ParamsError("its checksum does not match its contents (edited or damaged since "
                          "`adventures train` wrote it)")
    return out


# ---------------------------------------------------------------- reading
def read_document(path: str | Path = PARAMS_FILE):
    """A parameter file's parsed JSON, not yet validated; ParamsError (one line) if it
    cannot be read as JSON: not a regular file, larger than MAX_PARAMS_BYTES, not UTF-8,
    not JSON, or holding NaN or infinity."""
    from adventures.persistence.save import read_regular_file
    where = os.fspath(path)
    if not os.path.lexists(where):
        raise ParamsError("missing (run `adventures train`)")
    try:       # the one bounded, non-blocking reader of the files a player hands us (saves too)
        raw = read_regular_file(where, MAX_PARAMS_BYTES, ParamsError)
    except ParamsError as exc:
        raise ParamsError(str(exc).removeprefix(f"{where}: ")) from None
    if len(raw) > MAX_PARAMS_BYTES:
        raise ParamsError(f"larger than {MAX_PARAMS_BYTES:,} bytes")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except ParamsError:
        raise
    except UnicodeDecodeError:
        raise ParamsError("not UTF-8 text") from None
    except (ValueError, RecursionError):
        raise ParamsError("not valid JSON") from None


def _no_constant(name: str):
    raise ParamsError(f"{name} is not a number a parameter file may hold")


def read_params(path: str | Path = PARAMS_FILE) -> Rankers:
    """Read and validate a parameter file; ParamsError (one line) if it cannot be used."""
    return validate(read_document(path))


def load_params(path: str | Path = PARAMS_FILE, warning_of=None) -> Rankers | None:
    """The rankers, or None after one warning line naming the fallback (once per file and
    process; a worker process of a run stays quiet: the run said it once, `announce`).
    `warning_of(path)`: that line for another bot reading this format (default `warning`)."""
    key = str(path)
    if key not in _loaded:
        try:
            _loaded[key] = read_params(path)
        except ParamsError as exc:
            _loaded[key] = None
            _why[key] = str(exc)
            if multiprocessing.parent_process() is None:
                print((warning_of or warning)(path), file=sys.stderr)
    return _loaded[key]


def warning(path: str | Path = PARAMS_FILE) -> str:
    """The one line saying why the file is unusable and which bot plays instead."""
    return (f"adventures: strong bot parameters {path}: {_why.get(str(path), 'unusable')}; "
            f"the strong bot plays as the {FALLBACK} bot")


def why_unusable(path: str | Path = PARAMS_FILE) -> str:
    """Why the file cannot be used ("" when it can), warning once like `load_params`."""
    return "" if load_params(path) is not None else _why.get(str(path), "unusable")


def plays_as(weights, players: int | None) -> str:
    """The bot a strong bot with these weights plays as in a game of `players`: "strong"
    when a ranker decides, else the heuristic bot (no usable file, no ranker for the size)."""
    if isinstance(weights, Rankers):
        return "strong" if players in weights else FALLBACK
    return "strong" if weights else FALLBACK
