"""Sinbad: each VOYAGE card in the discard pile lets his fighters move one more space when
maneuvering. The side also records where its fighters stood when a turn began, for
Momentous Shift ("if your fighter started this turn in a different space")."""
from __future__ import annotations

from engine.abilities import Ability, plugin

VOYAGE = "voyage"


def voyages_in_discard(side) -> int:
    return sum(1 for c in side.discard if VOYAGE in c.tags)


@plugin("sinbad")
class SevenVoyages(Ability):
    def move_bonus(self, game) -> int:
        return voyages_in_discard(self.side)

    def _record_spaces(self) -> None:
        self.side.data["turn_start_spaces"] = {f.uid: f.space for f in self.side.fighters}

    def game_start(self, game) -> None:
        self._record_spaces()
        super().game_start(game)

    def start_of_turn(self, game) -> None:
        self._record_spaces()
        super().start_of_turn(game)

    def end_of_turn(self, game) -> None:
        # Where our fighters stand now is where they start the next (other player's) turn.
        self._record_spaces()
        super().end_of_turn(game)
