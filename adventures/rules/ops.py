"""Effect-language ops and conditions of the Adventures layer (threat, tokens, turns)."""
from __future__ import annotations

from adventures.rules import tags
from adventures.rules.initiative import extra_turn
from adventures.rules.threat import advance_threat
from engine.decisions import SPACE, TABLE
from engine.effects.registry import condition, op, value
from engine.effects.resolve import Ctx, amount


@op("advance_threat")
def op_advance_threat(ctx: Ctx, args) -> None:
    advance_threat(ctx.game, amount(ctx, args), reason=ctx.card.name if ctx.card else "")


@op("villain_end_of_round")
def op_villain_eor(ctx: Ctx, args) -> None:
    """The villain's initiative card: advance the threat as its special rules say."""
    adv = ctx.game.adv
    n = 1
    for plugin in adv.plugins:
        if plugin.side is adv.villain:
            n = plugin.end_of_round_threat(ctx.game)
    advance_threat(ctx.game, n, reason=f"{adv.villain.name}'s card at the end of the round")


@op("extra_turn")
def op_extra_turn(ctx: Ctx, args) -> None:
    """Put this enemy's initiative card on the bottom of the deck (another turn)."""
    for card in ctx.game.adv.all_cards:
        if card.side is ctx.side and card.move is not None:
            extra_turn(ctx.game, card)
            return


def token_spaces(ctx: Ctx, where: dict) -> list[int]:
    """Candidate spaces for an ability token. Tokens are not fighters (p.11), so a space
    holding a fighter is fine: `under` (the opponent's space), `adjacent_to: SEL`
    (+ its own space with `include_own`), `in_zone_of: SEL`, else every space."""
    from engine.effects.core_ops import named, space_pool
    board = ctx.game.board
    if where.get("under"):
        opp = ctx.opponent
        return [opp.space] if opp is not None and opp.space is not None else []
    if "adjacent_to" in where or "in_zone_of" in where:
        ref = named(ctx, where.get("adjacent_to") or where.get("in_zone_of"))
        if ref is None or ref.space is None:
            return []
        if "adjacent_to" in where:
            return list(board.adj[ref.space]) + ([ref.space] if where.get("include_own") else [])
        return board.spaces_in_zone_of(ref.space)
    return space_pool(ctx, where) if where else list(range(board.n))


@op("place_token")
def op_place_token(ctx: Ctx, args) -> None:
    """Place ability tokens: {kind: mouser, count: 1, where: {adjacent_to: opponent}}.
    One per space, nothing from an empty supply, players choose the space (p.11)."""
    game = ctx.game
    adv = game.adv
    kind = args["kind"]
    for _ in range(amount(ctx, args.get("count", 1))):
        taken = adv.tokens.get(kind, set())
        pool = sorted({s for s in token_spaces(ctx, args.get("where", {})) if s not in taken},
                      key=lambda s: game.board.ids[s])
        if not pool or adv.supply.get(kind, 0) <= 0:
            return
        s = game.decide(TABLE, SPACE, f"Players choose where to place a {kind} token", pool,
                        [f"space {game.board.ids[s]}" for s in pool], tag=tags.PLACE_TOKEN)
        if adv.place_token(kind, s):
            game.log("token", f"A {kind} token is placed on space {game.board.ids[s]}.", token=kind,
                     space=game.board.ids[s])


@value("tokens_on_board")
def v_tokens(ctx: Ctx, args) -> int:
    return len(ctx.game.adv.tokens.get(args, ()))


@value("completions")
def v_completions(ctx: Ctx, args) -> int:
    return ctx.game.adv.completions


@condition("near_villain")
def c_near_villain(ctx: Ctx, args) -> bool:
    """This fighter is within N spaces of the villain (Bebop & Rocksteady)."""
    villain = ctx.game.adv.villain.fighters[0]
    me = ctx.fighter
    if not villain.alive or me is None or me.space is None or villain.space is None:
        return False
    return ctx.game.board.dist[me.space][villain.space] <= int(args)
