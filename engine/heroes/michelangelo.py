"""Michelangelo's Pizza Party (tests/facts/heroes/michelangelo.yaml): each time this player
finishes an attack or a scheme, draw a card (his hand size and limit of 3 are in the YAML).
Also Nunchaku's turn-long bonus: each attack Michelangelo makes this turn is worth 1 more
per Nunchaku played this turn (noted on the side as `NUNCHAKU`)."""
from __future__ import annotations

from engine.abilities import Ability, plugin

NUNCHAKU = "nunchaku"      # the key Nunchaku notes with `note_this_turn`


@plugin("michelangelo_pizza_party")
class PizzaParty(Ability):
    def after_attack(self, game, combat, role) -> None:
        super().after_attack(game, combat, role)
        # "Finish an attack": when this player attacked (with any of its fighters), not when
        # it defended; after_attack is the last step of a combat (French core rules p.14).
        if role == "attacker" and not self.side.eliminated:
            if game.events is not None:   # no text to build in batch runs (the log is off)
                game.log("ability", f"{self.name}: {self.side.name} draws after attacking.", side=self.side.index)
            game.draw(self.side, 1)

    def after_scheme(self, game, card) -> None:
        super().after_scheme(game, card)
        if not self.side.eliminated:
            if game.events is not None:   # no text to build in batch runs (the log is off)
                game.log("ability", f"{self.name}: {self.side.name} draws after a scheme.", side=self.side.index)
            game.draw(self.side, 1)

    def attack_value_bonus(self, game, combat, role) -> int:
        if combat.attacker is not self.side.hero:
            return 0
        return game.noted(self.side, NUNCHAKU)
