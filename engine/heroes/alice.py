"""Alice's size (tests/facts/heroes/alice.yaml): while BIG her attack cards are worth 2 more,
while SMALL her defense cards 1 more; the Jabberwock never gets the bonus. The size is
chosen when she is placed (base-set scan p.2, setup step 5); cards change it later."""
from __future__ import annotations

from engine.abilities import Ability, plugin
from engine.decisions import OPTION
from engine.effects.hero_ops_marvel import set_size, size_of

BIG_ATTACK_BONUS = 2
SMALL_DEFENSE_BONUS = 1


@plugin("alice")
class BigOrSmall(Ability):
    def game_start(self, game) -> None:
        # Base-set rules p.3 step 5: decisions about your fighters at the start (Alice's size) are made now.
        size = game.decide(self.side.index, OPTION, "Does Alice start BIG or SMALL?", ["big", "small"],
                           ["BIG (+2 to her attacks)", "SMALL (+1 to her defense)"], tag="alice_size",
                           force=True)
        set_size(game, self.side, size)
        super().game_start(game)

    def acts_during_combat(self, game, combat, role) -> bool:
        if combat.fighter_of(role) is not self.side.hero:
            return False
        size = size_of(self.side)
        return (role == "attacker" and size == "big") or (role == "defender" and size == "small")

    def during_combat(self, game, combat, role) -> None:
        super().during_combat(game, combat, role)
        fighter = combat.fighter_of(role)
        if fighter is not self.side.hero or combat.card_of(role) is None:
            return
        size = size_of(self.side)
        if role == "attacker" and size == "big":
            combat.att_mod += BIG_ATTACK_BONUS
            game.log("size_bonus", f"Alice is BIG: +{BIG_ATTACK_BONUS} to her attack.", amount=BIG_ATTACK_BONUS)
        elif role == "defender" and size == "small":
            combat.def_mod += SMALL_DEFENSE_BONUS
            game.log("size_bonus", f"Alice is SMALL: +{SMALL_DEFENSE_BONUS} to her defense.",
                     amount=SMALL_DEFENSE_BONUS)
