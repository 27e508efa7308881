"""Alice's card ops (tests/facts/heroes/alice.yaml); her size lives with the shared size ops
(`change_size`, `set_size`, condition `size`) in engine/effects/hero_ops_marvel.py."""
from __future__ import annotations

from engine.decisions import OPTION
from engine.effects.core_ops import op_modify
from engine.effects.registry import op
from engine.effects.resolve import Ctx, run_ops


@op("mill_own_for_boost")
def op_mill_own_for_boost(ctx: Ctx, args) -> None:
    """Manxome Foe: the top card of your own deck goes to your discard pile and this card
    gains its BOOST value (a card with no printed BOOST adds nothing; an empty deck, nothing)."""
    if ctx.combat is None or ctx.role is None:
        return
    milled = ctx.game.mill(ctx.side, 1)
    if milled and milled[0].boostable and milled[0].boost:
        op_modify(ctx, {"amount": milled[0].boost, "of": "own"})


@op("choose_different")
def op_choose_different(ctx: Ctx, args) -> None:
    """`choose_different: {count: 2, options: [{label, ops}, ...]}` — pick `count` different
    options one after the other and resolve each as it is picked (Looking Glass: two of
    three). Enemies refuse to choose (Adventures p.13)."""
    if ctx.enemy:
        return
    left = list(range(len(args["options"])))
    for _ in range(min(args.get("count", 2), len(left))):
        labels = [args["options"][i].get("label", f"option {i + 1}") for i in left]
        i = ctx.game.decide(ctx.seat, OPTION, "Choose an effect (each one only once)", list(left), labels,
                            tag="choose_one", force=True)
        left.remove(i)
        run_ops(ctx, args["options"][i].get("ops", []))
