"""Sinbad's card ops (tests/facts/heroes/sinbad.yaml)."""
from __future__ import annotations

from engine.effects.registry import op
from engine.effects.resolve import Ctx


@op("take_tagged_from_discard")
def op_take_tagged_from_discard(ctx: Ctx, args) -> None:
    """`take_tagged_from_discard: {tag: voyage}` — every card with the tag in your discard
    pile goes back to your hand (Voyage Home; the card itself is still in play, so only the
    other ones come back)."""
    side = ctx.side
    if side.is_enemy:
        return
    back = [c for c in side.discard if args["tag"] in c.tags]
    if not back:
        return
    side.discard[:] = [c for c in side.discard if args["tag"] not in c.tags]
    side.hand.extend(back)
    ctx.game.log("take", f"{side.name} takes {', '.join(c.name for c in back)} back into hand.",
                 side=side.index, cards=[c.name for c in back])
