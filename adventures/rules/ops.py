"""Effect-language ops and conditions of the Adventures layer (threat, tokens, turns), and the
why records of what enemies' effects did with them (adventures.rules.reasons)."""
from __future__ import annotations

from adventures.rules import reasons, tags
from adventures.rules.initiative import extra_turn
from adventures.rules.plugin import plain_threat_why
from adventures.rules.threat import advance_threat
from engine.decisions import SPACE, TABLE
from engine.effects.registry import condition, explainer, op, value
from engine.effects.resolve import CONDITIONS_HELD, Ctx, amount

THREAT_LINES = ("threat", "objective")    # the lines a threat advance writes


@op("advance_threat")
def op_advance_threat(ctx: Ctx, args) -> None:
    game = ctx.game
    n = amount(ctx, args)
    card = ctx.card or ctx.vars.get("init_card")        # a card of a deck, or an initiative card
    trap = "trap" in ctx.vars                           # a trap's record covers its lines
    if game.events is None or trap:
        advance_threat(game, n, reason=card.name if card else "")
        return
    source = reasons.effect_source(ctx, "advance_threat")
    steps = [source.said()]
    found, cands = reasons.condition_steps(ctx, ctx.vars.get(CONDITIONS_HELD, ()))
    steps += found
    if not isinstance(args, int):
        steps.append(f"That comes to {n} now.")
    since, before = len(game.events), game.adv.completions
    try:
        advance_threat(game, n, reason=source.cause())
    finally:
        reasons.attach(game, since, reasons.threat_record(
            game, source, n, before, steps, cands, actor_uid=ctx.fighter.uid if ctx.fighter else None), THREAT_LINES)


@op("villain_end_of_round")
def op_villain_eor(ctx: Ctx, args) -> None:
    """The villain's initiative card: advance the threat as its special rules say."""
    game = ctx.game
    adv = game.adv
    n, rules = 1, None
    for plugin in adv.plugins:
        if plugin.side is adv.villain:
            n, rules = plugin.end_of_round_threat(game), plugin
    reason = f"{adv.villain.name}'s card at the end of the round"
    if game.events is None:
        advance_threat(game, n, reason=reason)
        return
    # The villain's plugin says how it counted (its pages, whether the rule is the rulebook's).
    page, steps, cands, ours = rules.end_of_round_threat_why(game, n) if rules is not None else plain_threat_why(game, n)
    source = reasons.effect_source(ctx, "villain_end_of_round")      # his initiative card, its printed text
    source.ours = ours
    since, before = len(game.events), adv.completions
    try:
        advance_threat(game, n, reason=reason)
    finally:
        reasons.attach(game, since, reasons.threat_record(
            game, source, n, before, steps, cands, page, adv.villain.fighters[0].uid), THREAT_LINES)


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


def where_words(ctx: Ctx, where: dict, token: bool = False) -> str:
    """The area an effect allows, in words: "next to Rat King", "within 2 spaces of Wingnut"."""
    from engine.effects.core_ops import named

    def name(sel) -> str:
        try:
            f = named(ctx, sel)
        except ValueError:
            f = None
        return f.name if f is not None else str(sel)
    if token and where.get("under"):
        return f"under {ctx.opponent.name}" if ctx.opponent is not None else "under the opposing fighter"
    if "adjacent_to" in where:
        return f"next to {'or under ' if where.get('include_own') else ''}{name(where['adjacent_to'])}"
    if "within" in where:
        w = where["within"]
        n = w.get("n", 1)
        return f"within {n} space{'s' if n != 1 else ''} of {name(w.get('of', 'self'))}"
    if "in_zone_of" in where:
        return f"in {name(where['in_zone_of'])}'s zone"
    if "start" in where:
        return f"on starting space {where['start']}"
    return "on the board"


@op("place_token")
def op_place_token(ctx: Ctx, args) -> None:
    """Place ability tokens: {kind: mouser, count: 1, where: {adjacent_to: opponent}}.
    One per space, nothing from an empty supply, players choose the space (p.11)."""
    game = ctx.game
    adv = game.adv
    kind = args["kind"]
    for _ in range(amount(ctx, args.get("count", 1))):
        taken = adv.tokens.get(kind, set())
        area = token_spaces(ctx, args.get("where", {}))
        pool = sorted({s for s in area if s not in taken}, key=lambda s: game.board.ids[s])
        if not pool or adv.supply.get(kind, 0) <= 0:
            return
        s = game.decide(TABLE, SPACE, f"Players choose where to place a {kind} token", pool,
                        [f"space {game.board.ids[s]}" for s in pool], tag=tags.PLACE_TOKEN)
        if adv.place_token(kind, s):
            if game.events is None:   # no text to build in batch runs (the log is off)
                continue
            why = reasons.token_record(game, reasons.effect_source(ctx, "place_token"), ctx.side.team, kind,
                                       where_words(ctx, args.get("where", {}), token=True), pool,
                                       sorted({t for t in area if t in taken and t != s}), s, adv.supply.get(kind, 0),
                                       ctx.fighter.uid if ctx.fighter is not None else None)
            game.log("token", f"A {kind} token is placed on space {game.board.ids[s]}.", token=kind,
                     space=game.board.ids[s], why=why)


@explainer("place")
def explain_place(ctx: Ctx, args, choices, since: int) -> None:
    """Why an enemy's effect placed a fighter where it did (Wingnut's snatch, his cards)."""
    explain_placement(ctx, "place", where_words(ctx, args.get("where", {})), choices, since)


def explain_placement(ctx: Ctx, op_name: str, where: str, choices, since: int) -> None:
    """The record of an enemy's placing op, made from the choices it noted as it made them
    (engine.effects.resolve.note_choice), given to the place lines it wrote."""
    if not ctx.enemy or "trap" in ctx.vars:
        return                                   # players' own placements; a trap explains its own
    game = ctx.game
    lines = [e for e in game.events[since:] if e.get("kind") == "place" and "why" not in e]
    if not lines:
        return
    by_uid = {f.uid: f for f in game.fighters}
    placed = [(by_uid[e["fighter"]], by_uid[e["fighter"]].space) for e in lines if e.get("fighter") in by_uid]
    why = reasons.place_record(game, reasons.effect_source(ctx, op_name), ctx.fighter, where, choices, placed)
    reasons.attach(game, since, why, ("place",))


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
