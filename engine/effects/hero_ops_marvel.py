"""Effect-language ops, conditions and values for the heroes of the shared rulebooks.

Black Panther (Vibranium Suit storage, boosting from the suit), Alice (size), King Arthur
(boosted attacks, Prophecy, the Lady of the Lake, Restless Spirits), Sinbad (VOYAGE counts,
Momentous Shift). Black Widow's missions and Winter Soldier's STAR effects live in
`engine.effects.heroes.black_widow` and `engine.effects.heroes.winter_soldier`.
"""
from __future__ import annotations

from engine.decisions import CARD, OPTION
from engine.effects.core_ops import named, op_modify, select
from engine.effects.registry import condition, op, value
from engine.effects.resolve import Ctx, amount
from engine.knowledge import learn
from engine.state import Card, Side

# ---------------------------------------------------------------- helpers


def opponent_sides(ctx: Ctx) -> list[Side]:
    """The sides that count as "your opponent" here: the other side of the combat, or
    outside combat the opposing sides an effect may choose (Adventures p.13: never enemies)."""
    if ctx.opponent_side is not None:
        return [ctx.opponent_side]
    g = ctx.game
    return [s for s in g.sides if s.team != ctx.side.team and not s.eliminated
            and g.rules.choosable_as_opponent(g, s)]


def offer_boost(ctx: Ctx, prompt: str = "Boost? Choose a card for its BOOST value",
                double: bool = False) -> Card | None:
    """Offer "you may BOOST": discard a card (from hand, or a Vibranium Suit) and add its boost
    value to this fighter's combat value; then the side's on_boost hook runs (Black
    Panther draws right after the value is applied, Marvel p.17)."""
    if ctx.enemy or ctx.combat is None or ctx.role is None:
        return None
    side, game = ctx.side, ctx.game
    ab = side.ability
    extra = ab.boost_sources(game) if ab is not None else []
    pool = game.boost_pool(side, extra)
    if not pool:
        return None
    labels = ["no boost"] + [f"{c.name} (+{c.boost_text})" + ("" if c in side.hand else " from the suit")
                             for c in pool]
    card = game.decide(ctx.seat, CARD, prompt, [None, *pool], labels, tag="boost_attack",
                       context={"role": ctx.role})
    if card is None:
        return None
    if card in side.hand:
        game.discard_from_hand(side, card, "boost")
    elif ab is not None:
        ab.used_for_boost(game, card)
    bonus = game.boost_value(side, card) * (2 if double else 1)
    op_modify(ctx, {"amount": bonus, "of": "own"})
    game.log("boost", f"{side.name} boosts by {bonus} with {card.name}.", amount=bonus, card=card.name)
    if ab is not None:
        ab.on_boost(game, side, card)
    return card


# ---------------------------------------------------------------- ops: boosting and storing


@op("boost_this")
def op_boost_this(ctx: Ctx, args) -> None:
    """`boost_this: {}` — you may BOOST this card's value (hand or Vibranium Suit).
    `times: 2`: after a boost you may boost again (Wakanda Forever!); Black Panther's draw
    comes between the two, so the second choice sees the drawn card."""
    args = args if isinstance(args, dict) else {}
    double = bool(args.get("double"))
    for _ in range(int(args.get("times", 1))):
        if offer_boost(ctx, "Boost this card? Choose a card for its BOOST value", double) is None:
            break


@op("store")
def op_store(ctx: Ctx, args) -> None:
    """Black Panther: store the top N cards of an opponent's deck in the Vibranium Suit.

    `store: {count: N, from: SEL}`: whose deck is the owner of the fighter chosen by SEL
    (default: your opponent in combat). Stored cards stay the opponent's cards: they are
    not in your hand or deck and can only be used to boost (Marvel p.17)."""
    args = args if isinstance(args, dict) else {"count": args}
    n = amount(ctx, args.get("count", 1))
    if "from" in args:
        picked = select(ctx, args["from"], "Choose an opposing fighter whose deck you store from")
        sources = [f.side for f in picked if f.side.team != ctx.side.team]
    else:
        sources = opponent_sides(ctx)
        if len(sources) > 1:
            sources = [ctx.game.decide(ctx.seat, OPTION, "Store cards from whose deck?", sources,
                                       [s.name for s in sources], tag="choose_opponent")]
    for opp in sources[:1]:
        taken = []
        for _ in range(n):
            if not opp.deck:
                break                      # storing is not drawing: an empty deck just stops it
            taken.append(opp.deck.pop())
        ctx.side.stored.extend(taken)
        if taken:
            ctx.game.log("store", f"{ctx.side.name} stores {', '.join(c.name for c in taken)} "
                         f"from {opp.name}'s deck.", side=ctx.side.index, cards=[c.name for c in taken])


# ---------------------------------------------------------------- ops: cards


@op("make_discard")
def op_make_discard(ctx: Ctx, args) -> None:
    """Look at an opponent's hand and choose the card(s) they discard (enemies: top of deck)."""
    args = args if isinstance(args, dict) else {}
    n = amount(ctx, args.get("count", 1))
    for opp in opponent_sides(ctx)[:1]:
        if opp.is_enemy:
            ctx.game.choose_discard(opp, n, why="card effect")
            continue
        ctx.game.log("look", f"{ctx.side.name} looks at {opp.whose(ctx.side)} hand.",
                     cards=[c.name for c in opp.hand], private=ctx.side.index)
        if ctx.enemy:
            continue
        ctx.game.choose_discard(opp, n, chooser_seat=ctx.seat, why="card effect")


@op("look_at_top")
def op_look_at_top(ctx: Ctx, args) -> None:
    """`look_at_top: {count: 4, keep: 2}` — look at the top cards of your deck, put `keep`
    of them in your hand and the rest back on top in the order you choose (Prophecy).
    The cards stay in the deck while you decide, so no card is ever in no pile."""
    side, game = ctx.side, ctx.game
    if side.is_enemy:
        return
    n = amount(ctx, args.get("count", 4))
    keep = amount(ctx, args.get("keep", 2))
    top = side.deck[-n:][::-1] if n > 0 else []        # top card first
    for card in top:                                      # seen: those put back stay known
        learn(game, card.uid, ctx.seat)
    kept = 0
    for _ in range(min(keep, len(top))):
        card = game.decide(ctx.seat, CARD, "Choose a card to put in your hand", list(top),
                           [c.name for c in top], tag="keep_card")
        top.remove(card)
        side.deck.remove(card)
        side.hand.append(card)
        kept += 1
    order = []                                            # chosen from the top down
    while len(top) > 1:
        card = game.decide(ctx.seat, CARD, "Choose the next card from the top of your deck", list(top),
                           [c.name for c in top], tag="order_card")
        top.remove(card)
        order.append(card)
    order += top
    for card in order:
        side.deck.remove(card)
    side.deck.extend(reversed(order))                     # the first chosen ends on top (last element)
    if kept:
        game.log("look_at_top", f"{side.name} looks at the top of the deck and keeps {kept} card(s).",
                 side=side.index, count=kept)


@op("fetch_card")
def op_fetch_card(ctx: Ctx, args) -> None:
    """`fetch_card: {name: Excalibur}` — take the named card from your discard pile, or else
    from your deck, into your hand; the deck is shuffled only if it was searched."""
    side, game = ctx.side, ctx.game
    name = args["name"] if isinstance(args, dict) else str(args)
    for pile, shuffle in ((side.discard, False), (side.deck, True)):
        found = next((c for c in pile if c.name == name), None)
        if shuffle:
            game.shuffle(side.deck)
        if found is not None:
            pile.remove(found)
            side.hand.append(found)
            game.log("search", f"{side.name} takes {found.name} into hand.", card=found.name)
            return


# ---------------------------------------------------------------- Alice's size


def size_of(side: Side) -> str:
    return side.data.get("size", "big")


def set_size(game, side: Side, size: str) -> None:
    """Alice is BIG or SMALL. Rules decision: a SMALL Alice is NOT a "small fighter" of the
    Adventures rules (p.13, enemies never attack small fighters): her card only changes her
    card values, and no published source makes her size a small-fighter status
    (tests/facts/heroes/alice.yaml), so enemies attack her at either size."""
    side.data["size"] = size
    game.log("size", f"{side.hero.name if side.hero else side.name} is now {size.upper()}.",
             side=side.index, size=size)


@op("change_size")
def op_change_size(ctx: Ctx, args) -> None:
    set_size(ctx.game, ctx.side, "small" if size_of(ctx.side) == "big" else "big")


@op("set_size")
def op_set_size(ctx: Ctx, args) -> None:
    size = args.get("size") if isinstance(args, dict) else args
    if size not in ("big", "small"):
        raise ValueError(f"set_size: expected big or small, got {size!r}")
    set_size(ctx.game, ctx.side, size)


@condition("size")
def c_size(ctx: Ctx, args) -> bool:
    return size_of(ctx.side) == args


# ---------------------------------------------------------------- conditions


@condition("moved_this_turn")
def c_moved_this_turn(ctx: Ctx, args) -> bool:
    """The fighter is not on the space it stood on when this turn (any side's) began
    (Momentous Shift); the game records the spaces as each turn begins."""
    f = named(ctx, args if isinstance(args, str) else "self")
    return f is not None and ctx.game.moved_this_turn(f)


# ---------------------------------------------------------------- values


@value("tagged")
def v_tagged(ctx: Ctx, args) -> int:
    """Cards with a tag in a pile: `{tagged: {tag: voyage, pile: discard, of: self}}`."""
    side = ctx.side if args.get("of", "self") in ("self", "own") else ctx.opponent_side
    if side is None:
        return 0
    return sum(1 for c in getattr(side, args.get("pile", "discard")) if args["tag"] in c.tags)

