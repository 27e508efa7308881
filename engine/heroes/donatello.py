"""Donatello's Inventive (tests/facts/heroes/donatello.yaml, ability and rules_notes).

- Maneuver: he may draw two cards instead of one; then he puts one card from his hand
  under his deck.
- Inventions: a played card tagged `invention` is tucked under the hero card (`side.tucked`:
  public, not the discard pile, never played again) instead of being discarded, even when
  its effect was cancelled; one discarded without being played (a BOOST) is not tucked.
  Each tucked invention gives its lasting bonus for the rest of the game.
"""
from __future__ import annotations

from engine.abilities import Ability, plugin
from engine.decisions import YESNO
from engine.effects.heroes.donatello import put_hand_card_under_deck

INVENTION = "invention"
# The lasting bonus of each tucked invention (facts: effect_summary of each card).
ATTACK_PLUS_ONE, DEFENSE_PLUS_ONE, ACTION_PER_SCHEME = "attack +1", "defense +1", "action per scheme"
LASTING = {
    "Electro Grenade": ATTACK_PLUS_ONE,
    "Self Defense Grid": DEFENSE_PLUS_ONE,
    "Smoke Bomb": ACTION_PER_SCHEME,
}


@plugin("donatello_inventive")
class Inventive(Ability):
    def maneuver_draw(self, game) -> None:
        side = self.side
        # Offered only when two cards are left to draw: drawing past the end of the deck
        # would only cost exhaustion damage (a choice no player wants; rules silent).
        if len(side.deck) >= 2 and game.decide(
                side.index, YESNO, f"{self.name}: draw two cards, then put one from your hand under your deck?",
                [True, False], ["draw two", "draw one"], tag="may", force=True):
            game.draw(side, 2)
            put_hand_card_under_deck(game, side, self.name)
        else:
            game.draw(side, 1)

    def put_away_played(self, game, card) -> bool:
        if INVENTION not in card.tags or card.owner is not self.side:
            return False
        self.side.tucked.append(card)
        game.log("tuck", f"{card.name} is tucked under {self.side.name}'s hero card: "
                 f"{LASTING.get(card.name, 'its bonus')} for the rest of the game.",
                 side=self.side.index, card=card.name)
        return True

    def lasting(self, bonus: str, but_not=None) -> int:
        return sum(1 for c in self.side.tucked if LASTING.get(c.name) == bonus and c is not but_not)

    # "Your attacks / defenses": every fighter of this player, Metalhead included.
    def attack_value_bonus(self, game, combat, role) -> int:
        return self.lasting(ATTACK_PLUS_ONE)

    def defense_value_bonus(self, game, combat, role) -> int:
        return self.lasting(DEFENSE_PLUS_ONE)

    def after_scheme(self, game, card) -> None:
        super().after_scheme(game, card)
        # From the next scheme on: Smoke Bomb tucked by this very scheme does not count it.
        n = self.lasting(ACTION_PER_SCHEME, but_not=card)
        if n and not self.side.eliminated:
            self.side.actions_left += n
            if game.events is not None:   # no text to build in batch runs (the log is off)
                game.log("gain_action", f"{self.side.name} gains {n} action{'s' if n > 1 else ''} (Smoke Bomb).")
