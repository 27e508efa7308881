"""King Arthur: when he attacks, you may BOOST that attack (Battle of Legends vol. 1).

The published card has the boost card played face down with the attack card and wasted if
the attack card's effects are cancelled. We ask at DURING COMBAT instead (after the
IMMEDIATELY step), and only when the attack card's effects are not cancelled: an informed
player would never commit a boost that is going to be discarded without effect.
"""
from __future__ import annotations

from engine.abilities import Ability, plugin
from engine.effects.hero_ops_marvel import offer_boost
from engine.effects.resolve import Ctx


@plugin("king_arthur")
class RoyalBoost(Ability):
    def acts_during_combat(self, game, combat, role) -> bool:
        return (role == "attacker" and combat.attacker is self.side.hero and bool(self.side.hand)
                and combat.att_card is not None and combat.att_card.uid not in combat.cancelled)

    def during_combat(self, game, combat, role) -> None:
        super().during_combat(game, combat, role)
        if role != "attacker" or combat.attacker is not self.side.hero or combat.att_card is None:
            return
        if combat.att_card.uid in combat.cancelled:
            return
        ctx = Ctx(game, self.side, combat.attacker, combat.att_card, combat, role)
        offer_boost(ctx, "King Arthur attacks: boost the attack? Choose a card for its BOOST value")
