"""Krang: Dimension X Incursion (Adventures p.16-17). STUB: to be completed."""
from __future__ import annotations

from adventures.rules.plugin import EnemyPlugin, register
from engine.effects.registry import condition, op


@register("krang")
class KrangRules(EnemyPlugin):
    pass


@op("technodrome_trap")
def op_trap(ctx, args) -> None:
    pass


@op("place_in_dimension_x")
def op_place_dx(ctx, args) -> None:
    pass


@condition("in_dimension_x")
def c_in_dx(ctx, args) -> bool:
    return False
