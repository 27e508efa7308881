"""Medusa's card ops (tests/facts/heroes/medusa.yaml)."""
from __future__ import annotations

from engine.decisions import SPACE
from engine.effects.core_ops import space_pool
from engine.effects.registry import op
from engine.effects.resolve import Ctx, amount
from engine.state import SIDEKICK


@op("return_defeated_sidekick")
def op_return_defeated_sidekick(ctx: Ctx, args) -> None:
    """`return_defeated_sidekick: {health: 1, where: {in_zone_of: hero}}` — if one of your
    sidekicks is defeated, one of them comes back with that health on an empty space of
    the pool (Winged Frenzy: mandatory when a Harpy is defeated, facts note)."""
    side, game = ctx.side, ctx.game
    fallen = [f for f in side.fighters if f.kind == SIDEKICK and not f.alive]
    if not fallen or ctx.enemy:
        return
    # With Medusa defeated there is no zone of hers to come back to: nothing returns.
    pool = sorted(space_pool(ctx, args.get("where", {})), key=lambda s: game.board.ids[s])
    if not pool:
        return
    fighter = fallen[0]            # the Harpies are identical tokens: which one returns changes nothing
    space = game.decide(ctx.seat, SPACE, f"Choose where {fighter.name} comes back", pool,
                        [f"space {game.board.ids[s]}" for s in pool], tag="place")
    fighter.alive = True
    fighter.health = min(fighter.max_health, amount(ctx, args.get("health", 1)))
    game.log("return", f"{fighter.name} comes back.", fighter=fighter.uid)
    game.place(fighter, space)
