"""Dice of the published sets, rolled with the one game RNG.

The Die of Ultimate Destruction (TMNT box, Adventures p.3 contents; Krang's hero deck,
tests/facts/heroes/krang.yaml) has the faces 1-5 and X. An X counts as 0 and the effect
tied to that roll does nothing (facts rules_notes). After a roll the roller's ability may
ask to roll again (Krang switches off a Doomsday Machine): `Ability.reroll_die`.
"""
from __future__ import annotations

ULTIMATE_DESTRUCTION = ("1", "2", "3", "4", "5", "X")
MISS = "X"


def face_value(face: str) -> int:
    """The number a face stands for: X is 0."""
    return 0 if face == MISS else int(face)


def roll_ultimate_destruction(game, side, why: str) -> str:
    """Roll the die for `side`: the face ("1".."5" or "X"), after any rerolls its ability takes."""
    face = ULTIMATE_DESTRUCTION[game.rng.randrange(len(ULTIMATE_DESTRUCTION))]
    game.log("die", f"{side.name} rolls the Die of Ultimate Destruction ({why}): {face}.", face=face, why=why)
    ab = side.ability
    while ab is not None and ab.reroll_die(game, face, why):
        face = ULTIMATE_DESTRUCTION[game.rng.randrange(len(ULTIMATE_DESTRUCTION))]
        game.log("die", f"Reroll: {face}.", face=face, why=why, reroll=True)
    return face
