"""King Arthur (tests/facts/heroes/king_arthur.yaml): whenever he attacks, you may also BOOST
the attack. The BOOST card is chosen with the attack card and goes face down beside it, before
the defender picks a defense card (base-set scan p.3: both cards are chosen face down, then
revealed). If the opponent cancels the attack card's effects, the BOOST card is discarded and
adds nothing."""
from __future__ import annotations

from engine.abilities import Ability, plugin
from engine.decisions import CARD


@plugin("king_arthur")
class RoyalBoost(Ability):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.face_down = None          # the BOOST card lying face down with the attack card

    def attack_declared(self, game, combat) -> None:
        side = self.side
        if combat.attacker is not side.hero or combat.att_card is None:
            return
        pool = game.boost_pool(side)
        if not pool:
            return
        labels = ["no boost"] + [f"{c.name} (+{c.boost})" for c in pool]
        card = game.decide(side.index, CARD, "King Arthur attacks: add a BOOST card face down?", [None, *pool],
                           labels, tag="boost_attack", context={"role": "attacker"})
        if card is None:
            return
        side.hand.remove(card)
        game.resolving.append(card)    # in play beside the attack card, in no pile until revealed
        self.face_down = card
        game.log("boost_face_down", "King Arthur adds a BOOST card face down.", side=side.index,
                 card=card.name, private=side.index)

    def acts_during_combat(self, game, combat, role) -> bool:
        return False                   # adding a BOOST commutes with any card effect: no order to ask

    def during_combat(self, game, combat, role) -> None:
        super().during_combat(game, combat, role)
        card = self.face_down
        if card is None or role != "attacker" or combat.attacker is not self.side.hero:
            return
        self.face_down = None
        game.resolving.remove(card)
        game.to_discard(self.side, card)
        if combat.att_card.uid in combat.cancelled:
            game.log("boost", f"The attack card was cancelled: {card.name} is discarded without effect.",
                     amount=0, card=card.name)
            return
        combat.att_mod += card.boost
        game.log("boost", f"King Arthur's attack is boosted by {card.boost} with {card.name}.",
                 amount=card.boost, card=card.name)
