"""Shredder: Conquer New York (Adventures p.14-15). STUB: to be completed."""
from __future__ import annotations

from adventures.rules.plugin import EnemyPlugin, register
from engine.effects.registry import op, value


@register("shredder")
class ShredderRules(EnemyPlugin):
    pass


@op("deploy_foot")
def op_deploy_foot(ctx, args) -> None:
    pass


@value("fallen_boroughs")
def v_fallen(ctx, args) -> int:
    return 0
