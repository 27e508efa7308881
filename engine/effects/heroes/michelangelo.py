"""Ops for Michelangelo's cards (tests/facts/heroes/michelangelo.yaml).

Ops: `hand_card_under_deck` (slide a card from hand under your deck, then ops "if you do":
Hi-Yaaaaaah!!, Guaranteed Delivery, Shell Insertion), `shuffle_discard_into_deck` (Back for
Seconds), `choose_several` (Shell Insertion: two different options of four, resolved in
printed order), `each_opponent_discards`, `note_this_turn` (Nunchaku). Values:
`played_this_turn` (Cowabunga!!), `noted_this_turn`. Enemies make no decisions (Adventures p.13).
"""
from __future__ import annotations

from engine.decisions import OPTION
from engine.effects.heroes.donatello import put_hand_card_under_deck
from engine.effects.registry import op, value
from engine.effects.resolve import Ctx, amount, run_ops


@op("hand_card_under_deck")
def op_hand_card_under_deck(ctx: Ctx, args) -> None:
    """Put a card of your choice from your hand under your deck: {optional: true, then: [ops]};
    the `then` ops happen only if a card was put there ("if you do")."""
    if ctx.enemy:
        return
    why = ctx.card.name if ctx.card is not None else "effect"
    if put_hand_card_under_deck(ctx.game, ctx.side, why, optional=args.get("optional", True)) is not None:
        run_ops(ctx, args.get("then", []))


@op("shuffle_discard_into_deck")
def op_shuffle_discard_into_deck(ctx: Ctx, args) -> None:
    """N cards picked at random from your discard pile are shuffled into your deck: {count: 2}."""
    side = ctx.side
    if side.is_enemy or not side.discard:
        return
    g = ctx.game
    picked = []
    for _ in range(min(amount(ctx, args.get("count", 1)), len(side.discard))):
        picked.append(side.discard.pop(g.rng.randrange(len(side.discard))))
    side.deck.extend(picked)
    g.shuffle(side.deck)
    g.log("shuffle", f"{side.name} shuffles {', '.join(c.name for c in picked)} from the discard pile "
          f"into the deck.", side=side.index, cards=[c.name for c in picked])


@op("choose_several")
def op_choose_several(ctx: Ctx, args) -> None:
    """Choose `count` different options, then resolve them in the order they are listed:
    {count: 2, options: [{label, ops}, ...]}. Enemies refuse to choose."""
    if ctx.enemy:
        return
    options = args["options"]
    left = list(range(len(options)))
    chosen: list[int] = []
    for k in range(min(args.get("count", 2), len(options))):
        i = ctx.game.decide(ctx.seat, OPTION, f"Choose an effect ({k + 1} of {args.get('count', 2)})", left,
                            [options[j].get("label", f"option {j + 1}") for j in left], tag="choose_one",
                            force=True)
        left.remove(i)
        chosen.append(i)
    for i in sorted(chosen):             # printed order, whatever order they were picked in
        run_ops(ctx, options[i].get("ops", []))


@op("each_opponent_discards")
def op_each_opponent_discards(ctx: Ctx, args) -> None:
    """Each opposing player (each enemy still in play) discards N cards of its own choice;
    an enemy has no hand and discards from the top of its deck (Adventures p.13)."""
    g = ctx.game
    n = amount(ctx, args.get("count", 1) if isinstance(args, dict) else args)
    for side in g.sides:
        if not side.eliminated and not g.friendly(side, ctx.side):
            g.choose_discard(side, n, why=ctx.card.name if ctx.card else "card effect")


@op("note_this_turn")
def op_note_this_turn(ctx: Ctx, args) -> None:
    """Record something on your side for the rest of this turn: `note_this_turn: KEY`."""
    ctx.game.note(ctx.side, str(args))


@value("noted_this_turn")
def v_noted_this_turn(ctx: Ctx, args) -> int:
    """How many times KEY was recorded on your side this turn."""
    return ctx.game.noted(ctx.side, str(args))


@value("played_this_turn")
def v_played_this_turn(ctx: Ctx, args) -> int:
    """Cards your side has played this turn (attack, defense and scheme cards played; not
    cards discarded to BOOST), this one included."""
    return ctx.game.noted(ctx.side, "played")
