"""Black Panther's Vibranium Suit (Marvel rules p.17).

Stored cards are the opponent's cards kept in `side.stored`: never in hand or deck, usable
only to boost. One used to boost goes to its owner's discard pile. Whenever this side
boosts (movement or a card's value), it draws a card right after the boost is applied.
"""
from __future__ import annotations

from engine.abilities import Ability, plugin


@plugin("black_panther")
class VibraniumSuit(Ability):
    def boost_sources(self, game) -> list:
        return list(self.side.stored)

    def used_for_boost(self, game, card) -> bool:
        if card not in self.side.stored:
            return False
        self.side.stored.remove(card)
        game.to_discard(card.owner, card)          # to the opponent's discard (Deception still works)
        game.log("unstore", f"{self.side.name} boosts with {card.name} from the Vibranium Suit; "
                 f"it goes to {card.owner.name}'s discard pile.", side=self.side.index, card=card.name)
        return True

    def on_boost(self, game, side, card) -> None:
        super().on_boost(game, side, card)
        if not self.side.eliminated:
            game.draw(self.side, 1)
