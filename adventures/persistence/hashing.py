"""A stable hash of the observable game state, for replays and save/load checks."""
from __future__ import annotations

import hashlib
import json


def snapshot(game) -> dict:
    sides = []
    for s in game.sides:
        sides.append({
            "i": s.index, "elim": s.eliminated,
            "f": [[f.name, f.health, f.alive, f.space] for f in s.fighters],
            "deck": [c.name for c in s.deck], "hand": [c.name for c in s.hand],
            "disc": [c.name for c in s.discard], "rem": len(s.removed), "st": [c.name for c in s.stored],
        })
    adv = getattr(game, "adv", None)
    extra = {}
    if adv is not None:
        extra = {"threat": adv.threat, "comp": adv.completions,
                 "tokens": {k: sorted(v) for k, v in sorted(adv.tokens.items())},
                 "supply": dict(sorted(adv.supply.items())),
                 "row": [c.key for c in adv.row], "data": {k: repr(v) for k, v in sorted(adv.data.items())
                                                         if k != "overrides"}}
    return {"round": game.round, "turn": game.turn, "sides": sides, "adv": extra,
            "answers": len(game.answers)}


def state_hash(game) -> str:
    blob = json.dumps(snapshot(game), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]
