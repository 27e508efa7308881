"""Winter Soldier's card effects beyond the shared language (facts: winter_soldier.yaml).

Brainwashed (Marvel rulebook p.16): no effect of his can be cancelled (`uncancellable: true`
on the hero stamps every card effect), and his STAR effects (drawbacks, often helping the
opponent) are guarded by `stars_apply`, which A Boy Named Bucky turns off until his turn
ends (a per-turn record, so it ends by itself).
"""
from __future__ import annotations

from engine.decisions import CARD
from engine.effects.registry import condition, op, value
from engine.effects.resolve import Ctx, amount, run_ops

BUCKY = "stars ignored"          # the per-turn record A Boy Named Bucky leaves


@condition("stars_apply")
def c_stars_apply(ctx: Ctx, args) -> bool:
    """True unless A Boy Named Bucky was played this turn by this side."""
    return (ctx.game.noted(ctx.side, BUCKY) == 0) == bool(args)


@op("ignore_star_effects")
def op_ignore_star_effects(ctx: Ctx, args) -> None:
    """A Boy Named Bucky: the STAR effects of this side's cards do not happen until the
    turn ends."""
    ctx.game.note(ctx.side, BUCKY)
    ctx.game.log("note", f"{ctx.side.name} ignores STAR effects until the end of the turn.", side=ctx.side.index)


@op("as_opponents")
def op_as_opponents(ctx: Ctx, args) -> None:
    """`as_opponents: {ops: [...]}`: the ops are the opponent's own effect, so the opponent
    makes its choices. In combat: the opposing fighter's player; outside combat: every
    opposing player (none is chosen). Enemies make no decisions (Adventures p.13), so a
    "may" or an "up to" run for an enemy does nothing."""
    g = ctx.game
    if ctx.combat is not None and ctx.role is not None:
        opp = ctx.opponent
        runs = [(opp.side, opp, ctx.opponent_role)]
    else:
        runs = [(s, s.hero, None) for s in g.sides if s.team != ctx.side.team and not s.eliminated]
    for side, fighter, role in runs:
        if side.eliminated:
            continue
        run_ops(Ctx(g, side, fighter, None, ctx.combat if role else None, role), args.get("ops", []))


@op("refill_hand")
def op_refill_hand(ctx: Ctx, args) -> None:
    """`refill_hand: {to: 5}`: draw until the hand holds that many cards (none if it already
    does). Enemies have no hand (Adventures p.10), so they never refill."""
    side = ctx.side
    if side.is_enemy:
        return
    n = amount(ctx, args.get("to", 5) if isinstance(args, dict) else args) - len(side.hand)
    if n > 0:
        ctx.game.draw(side, n)


@op("discard_to_deck")
def op_discard_to_deck(ctx: Ctx, args) -> None:
    """`discard_to_deck: {count: 3, types: [scheme]}`: that many cards of your choice from
    your discard pile (all of them if fewer) go back into your deck, which is then shuffled
    (Reprogram; Black Widow's Acting Director of S.H.I.E.L.D. with `types: [scheme]`)."""
    side, game = ctx.side, ctx.game
    if ctx.enemy:
        return
    kinds = args.get("types")
    n = amount(ctx, args.get("count", 1))
    back = []
    for _ in range(n):
        pool = [c for c in side.discard if kinds is None or c.kind in kinds]
        if not pool:
            break
        card = game.decide(ctx.seat, CARD, "Choose a card from your discard pile to shuffle into your deck",
                           pool, [c.name for c in pool], tag="from_discard")
        side.discard.remove(card)
        side.deck.append(card)
        back.append(card.name)
    game.shuffle(side.deck)
    if back:
        game.log("to_deck", f"{side.name} shuffles {', '.join(back)} from the discard pile into the deck.",
                 side=side.index, cards=back)


@value("spaces_between")
def v_spaces_between(ctx: Ctx, args) -> int:
    """Spaces lying between this fighter and the opposing fighter along the shortest path
    (0 when adjacent): Marksman."""
    me, opp = ctx.fighter, ctx.opponent
    if me is None or opp is None or me.space is None or opp.space is None:
        return 0
    return max(0, ctx.game.board.dist[me.space][opp.space] - 1)
