"""Sinbad (tests/facts/heroes/sinbad.yaml): when he maneuvers, each of his fighters may move
one extra space for each VOYAGE card in his discard pile (Voyage Home counts: it is a VOYAGE
card too, facts `tags`)."""
from __future__ import annotations

from engine.abilities import Ability, plugin

VOYAGE = "voyage"


def voyages_in_discard(side) -> int:
    return sum(1 for c in side.discard if VOYAGE in c.tags)


@plugin("sinbad")
class Voyager(Ability):
    def move_bonus(self, game) -> int:
        return voyages_in_discard(self.side)
