"""Wingnut (Adventures p.18): he places and swaps himself and other fighters. His cards
use the core `place`/`swap` ops; enemies choose nothing, so every space or fighter choice
his effects leave open is the players' (`chooser: table`, Adventures p.10 and p.13)."""
from __future__ import annotations

from adventures.rules.plugin import EnemyPlugin, register


@register("wingnut")
class WingnutRules(EnemyPlugin):
    """No hooks: his special rules are all in his cards and initiative card."""
