"""King Arthur's and Merlin's card ops (tests/facts/heroes/king_arthur.yaml)."""
from __future__ import annotations

from engine.decisions import SPACE
from engine.effects.core_ops import named
from engine.effects.registry import op
from engine.effects.resolve import Ctx, amount


@op("restless_spirits")
def op_restless_spirits(ctx: Ctx, args) -> None:
    """`restless_spirits: {in_zone_of: SEL, amount: 2, draw: 1}` — choose a space in SEL's zone
    and then one space next to it; each opposing fighter on those two spaces takes the damage;
    if that defeats at least one fighter, draw `draw` cards."""
    if ctx.enemy:
        return
    game = ctx.game
    ref = named(ctx, args.get("in_zone_of", "self"))
    if ref is None or ref.space is None:
        return
    n = amount(ctx, args.get("amount", 2))
    ids = game.board.ids
    pool = sorted(game.board.spaces_in_zone_of(ref.space), key=lambda s: ids[s])
    first = game.decide(ctx.seat, SPACE, f"Restless Spirits: choose a space in {ref.name}'s zone", pool,
                        [f"space {ids[s]}" for s in pool], tag="effect_space")
    near = sorted(game.board.adj[first], key=lambda s: ids[s])
    second = game.decide(ctx.seat, SPACE, f"Restless Spirits: choose a space next to space {ids[first]}", near,
                         [f"space {ids[s]}" for s in near], tag="effect_space")
    hit = [f for f in game.fighters if f.space in (first, second) and f.side.team != ctx.side.team]
    for f in hit:
        game.damage(f, n, ctx.card.name if ctx.card else "effect")
    if any(not f.alive for f in hit):
        game.draw(ctx.side, amount(ctx, args.get("draw", 1)))
