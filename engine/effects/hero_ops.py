"""Effect ops the TMNT heroes need beyond the core language.

Ops: `add_data` (a counter kept on the side), `draw_for` (the player of a chosen
fighter draws: team cards), `dig` (look at the top N, keep some), `scry` (look at the top N,
discard any). Conditions: `my_turn`, `played_card`. All choices go through game.decide;
enemies make none (Adventures p.13).
"""
from __future__ import annotations

from engine.decisions import CARD, OPTION
from engine.effects.core_ops import select
from engine.effects.registry import condition, op
from engine.effects.resolve import Ctx, amount
from engine.knowledge import learn

# ---------------------------------------------------------------- ops


@op("add_data")
def op_add_data(ctx: Ctx, args) -> None:
    """Add to a counter kept on the side: {key, amount: VALUE, max: N, min: N}."""
    key = args["key"]
    n = int(ctx.side.data.get(key, 0)) + amount(ctx, args.get("amount", 1))
    if "max" in args:
        n = min(n, args["max"])
    n = max(n, args.get("min", 0))
    ctx.side.data[key] = n
    ctx.game.log("counter", f"{ctx.side.name}: {key} is now {n}.", key=key, value=n)


@op("draw_for")
def op_draw_for(ctx: Ctx, args) -> None:
    """The player controlling each selected fighter draws: {who: SEL, count: VALUE}.

    A player draws once however many of their fighters were selected. Enemy fighters are
    skipped: these are helping cards, meant for friendly players only.
    """
    n = amount(ctx, args.get("count", 1))
    done: set[int] = set()
    for f in select(ctx, args.get("who", "self"), f"Choose a fighter whose player draws {n}"):
        side = f.side
        if side.is_enemy or side.index in done or side.eliminated:
            continue
        done.add(side.index)
        ctx.game.draw(side, n)


def _top(side, n: int) -> list:
    """The top n cards of a deck, top card first (the top of the deck is the last element)."""
    return [side.deck[-1 - i] for i in range(min(n, len(side.deck)))]


@op("dig")
def op_dig(ctx: Ctx, args) -> None:
    """Look at the top N cards of your deck, put `take` of them in your hand and the rest
    on the bottom of the deck (or in the discard pile): {look: N, take: 1, rest: bottom|discard}."""
    side = ctx.side
    if ctx.enemy:
        return
    looked = _top(side, amount(ctx, args.get("look", 3)))
    if not looked:
        return
    for c in looked:                    # seen: those put back under the deck stay known
        learn(ctx.game, c.uid, ctx.seat)
    ctx.game.log("look", f"{side.name} looks at the top {len(looked)} cards of their deck.",
                 cards=[c.name for c in looked], private=side.index)
    # The looked-at cards stay on the deck while the player chooses: every card is always
    # in exactly one pile, even at a decision (adventures.rules.invariants).
    for _ in range(min(amount(ctx, args.get("take", 1)), len(looked))):
        card = ctx.game.decide(ctx.seat, CARD, "Choose a card to put in your hand", list(looked),
                               [c.name for c in looked], tag="dig")
        looked.remove(card)
        side.deck.remove(card)
        side.hand.append(card)
        ctx.game.log("take", f"{side.name} puts a card from their deck in their hand.")
    for c in looked:
        side.deck.remove(c)
    if args.get("rest", "bottom") == "discard":
        for c in looked:
            ctx.game.to_discard(side, c)
        if looked:
            ctx.game.log("mill", f"{side.name} discards {', '.join(c.name for c in looked)}.",
                         side=side.index, cards=[c.name for c in looked])
    else:
        # Bottom of the deck is index 0; keep the order they were looked at in.
        side.deck[0:0] = list(reversed(looked))


@op("scry")
def op_scry(ctx: Ctx, args) -> None:
    """Look at the top N cards of your deck one by one; each may be discarded, the rest stay
    on top in the same order: {count: N}."""
    side = ctx.side
    if ctx.enemy:
        return
    args = {"count": args} if not isinstance(args, dict) else args
    looked = _top(side, amount(ctx, args.get("count", 1)))
    for card in looked:
        learn(ctx.game, card.uid, ctx.seat)      # the ones kept stay known on top
        keep = ctx.game.decide(ctx.seat, OPTION, f"Top of your deck: {card.name}. Keep it or discard it?",
                               [True, False], ["keep it on top", "discard it"], tag="scry", force=True,
                               context={"card": card})
        if not keep:
            side.deck.remove(card)
            ctx.game.to_discard(side, card)
            ctx.game.log("mill", f"{side.name} discards {card.name} from the top of their deck.",
                         side=side.index, cards=[card.name])


# ---------------------------------------------------------------- conditions


@condition("my_turn")
def c_my_turn(ctx: Ctx, args) -> bool:
    """True during the turn of the effect's own side (`my_turn: false` for the others')."""
    return (ctx.game.current is ctx.side) == bool(args)


@condition("played_card")
def c_played_card(ctx: Ctx, args) -> bool:
    """In combat, whether a card was played: `played_card: own` or `played_card: opponent`."""
    if ctx.combat is None or ctx.role is None:
        return False
    role = ctx.role if args in ("own", "self", None) else ctx.opponent_role
    return ctx.combat.card_of(role) is not None
