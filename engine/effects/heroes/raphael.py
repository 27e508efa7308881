"""Ops and conditions for Raphael's cards (tests/facts/heroes/raphael.yaml).

Generic pieces other heroes may reuse:
  `discard_for_value`      discard any number of cards of some types, +N value each
                           (Unbridled Rage);
  `shuffle_into_deck`      this combat card goes back into its owner's deck, shuffled,
                           instead of the discard pile (Relentless);
  `cancel_timings`         cancel only some timings of the opposing card's effects, and
  `cancelled_nothing`      whether that cancelled nothing (Break Something);
  `lost_combat_this_turn`  the side lost a combat earlier this turn (Payback Time!), read
                           from the per-turn records (`game.noted(side, "lost")`).
Every choice belongs to the effect's controller; enemies make none (Adventures p.13).
"""
from __future__ import annotations

from engine.decisions import CARD
from engine.effects.core_ops import op_modify
from engine.effects.registry import condition, op
from engine.effects.resolve import Ctx, amount

DEFAULT_CANCELLED = ("during_combat", "after_combat")


@op("discard_for_value")
def op_discard_for_value(ctx: Ctx, args) -> None:
    """`discard_for_value: {types: [defense, versatile], each: 2}` — discard any number of
    cards of those types from your hand, one at a time; this card's value rises by `each`
    for every card discarded."""
    if ctx.enemy or ctx.combat is None or ctx.role is None:
        return                                   # "any number": enemies discard none (p.13)
    game, side = ctx.game, ctx.side
    types = set(args.get("types", ("attack", "defense", "versatile", "scheme")))
    each = amount(ctx, args.get("each", 1))
    name = ctx.card.name if ctx.card else "This card"
    while True:
        pool = [c for c in side.hand if c.kind in types]
        if not pool:
            return
        card = game.decide(ctx.seat, CARD, f"{name}: discard a card for +{each}?", [None, *pool],
                           ["stop"] + [c.name for c in pool], tag="discard_for_value",
                           context={"bonus": each})
        if card is None:
            return
        game.discard_from_hand(side, card, name)
        op_modify(ctx, {"amount": each})


@op("shuffle_into_deck")
def op_shuffle_into_deck(ctx: Ctx, args) -> None:
    """This combat card is shuffled into its owner's deck now instead of being discarded
    when the combat ends (the combat's clean-up leaves it there)."""
    card, combat = ctx.card, ctx.combat
    if card is None or combat is None or card.uid in combat.settled:
        return
    owner = card.owner
    owner.deck.append(card)
    ctx.game.shuffle(owner.deck)
    combat.settled.add(card.uid)
    ctx.game.log("shuffle", f"{card.name} is shuffled into {owner.name}'s deck.", card=card.name)


@condition("lost_combat_this_turn")
def c_lost_combat_this_turn(ctx: Ctx, args) -> bool:
    """`lost_combat_this_turn: true` — your side already lost a combat during the current
    turn (whoever's turn it is; the combat being fought is not counted until it ends)."""
    return (ctx.game.noted(ctx.side, "lost") > 0) == bool(args)
