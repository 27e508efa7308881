"""Rat King (Adventures p.18): a player fighter in a space with a rat token has its
defense value reduced by 2 (the engine's combat value never goes below 0)."""
from __future__ import annotations

from adventures.rules.plugin import EnemyPlugin, register
from engine.effects.core_ops import named
from engine.effects.registry import condition
from engine.effects.resolve import Ctx

RAT = "rat"
RAT_PENALTY = 2


@register("rat_king")
class RatKingRules(EnemyPlugin):
    def defense_modifier(self, game, fighter) -> int:
        # Tokens stay after Rat King is defeated: only special rules remove them (p.11).
        if fighter.is_enemy or fighter.space is None:
            return 0
        return -RAT_PENALTY if fighter.space in game.adv.tokens.get(RAT, ()) else 0


@condition("fighter_on_token")
def c_fighter_on_token(ctx: Ctx, args) -> bool:
    """`{who: opponent, kind: rat}`: that fighter stands on a token of that kind."""
    f = named(ctx, args.get("who", "opponent"))
    return f is not None and f.space is not None and f.space in ctx.game.adv.tokens.get(args["kind"], ())
