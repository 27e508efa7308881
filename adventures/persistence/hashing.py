"""A stable hash of the observable game state, for replays and save/load checks.

The hash must be identical across processes and machines for the same game, so every
value goes through `stable()`: sets are sorted, objects become names, and nothing that
depends on memory addresses or string-hash randomisation survives.
"""
from __future__ import annotations

import hashlib
import json
import re

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def stable(value):
    """A JSON-able, process-independent form of `value` (for plugin data of any shape)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        items = [(json.dumps(stable(k), sort_keys=True), stable(v)) for k, v in value.items()]
        return {"__map__": sorted(items, key=lambda kv: kv[0])}
    if isinstance(value, (list, tuple)):
        return [stable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((stable(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    uid = getattr(value, "uid", None)
    name = getattr(value, "name", None)
    if isinstance(uid, int):
        return f"{name}#{uid}"             # cards and fighters: identity, not their repr
    key = getattr(value, "key", None)
    if isinstance(key, str):
        return f"<{type(value).__name__} {key}>"
    return _ADDRESS.sub("", repr(value))


def snapshot(game) -> dict:
    sides = []
    for s in game.sides:
        sides.append({
            "i": s.index, "elim": s.eliminated,
            "f": [[f.name, f.health, f.alive, f.space] for f in s.fighters],
            "deck": [c.name for c in s.deck], "hand": [c.name for c in s.hand],
            "disc": [c.name for c in s.discard], "rem": len(s.removed), "st": [c.name for c in s.stored],
            "data": stable(s.data),
            # only when used, so the hashes of games without tucked cards stay as they were
            **({"tuck": [c.name for c in s.tucked]} if s.tucked else {}),
        })
    adv = getattr(game, "adv", None)
    extra = {}
    if adv is not None:
        extra = {"threat": adv.threat, "comp": adv.completions,
                 "tokens": {k: sorted(v) for k, v in sorted(adv.tokens.items())},
                 "supply": dict(sorted(adv.supply.items())),
                 "row": [c.key for c in adv.row], "deck": [c.key for c in adv.deck],
                 "gone": sorted(c.key for c in adv.all_cards if c.removed),
                 "data": {k: stable(v) for k, v in sorted(adv.data.items()) if k != "overrides"}}
    over = game.over
    return {"round": game.round, "turn": game.turn, "sides": sides, "adv": extra,
            "answers": len(game.answers),
            "over": [over.winner, over.reason] if over is not None else None,
            # The game RNG's position: two runs that drew differently will diverge later.
            "rng": hashlib.sha256(repr(game.rng.getstate()).encode()).hexdigest()[:16]}


def state_hash(game) -> str:
    blob = json.dumps(snapshot(game), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]
