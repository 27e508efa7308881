"""Leatherhead (Adventures p.18): a mini-boss who advances the threat, cancels effects
(`cancel`) and ignores the values of hero cards (`ignore_value`), all through his cards
and initiative card."""
from __future__ import annotations

from adventures.rules.plugin import EnemyPlugin, register


@register("leatherhead")
class LeatherheadRules(EnemyPlugin):
    """No hooks: his special rules are all in his cards and initiative card."""
