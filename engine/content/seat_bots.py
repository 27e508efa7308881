"""The bots a scenario or match seat may name, held as data.

The engine knows no bot: the layer that has them registers each one here (the Adventures
package from its one bot registry, adventures/bots/registry.py), and the content schema
checks a seat's `bot` against what is registered. Registering is cheap: a layer lists the
module that registers (`SOURCES`), imported only the first time a name is checked, as
effect ops are (`engine.effects.registry.PLUGIN_MODULES`).
"""
from __future__ import annotations

import importlib

COOP: dict[str, None] = {}          # names a co-op seat may name, in the registry's order
COMPETITIVE: dict[str, None] = {}   # names a competitive (match) seat may name
SOURCES: list[str] = []             # modules that register names; a layer appends its own
_imported: set[str] = set()


def register(name: str, competitive: bool) -> None:
    """Name a bot (or "human") that co-op seats may name, and competitive seats too if asked."""
    COOP[name] = None
    if competitive:
        COMPETITIVE[name] = None
    else:
        COMPETITIVE.pop(name, None)


def unregister(name: str) -> None:
    COOP.pop(name, None)
    COMPETITIVE.pop(name, None)


def known(competitive: bool = False) -> list[str]:
    for module in SOURCES:
        if module not in _imported:
            importlib.import_module(module)
            _imported.add(module)
    return list(COMPETITIVE if competitive else COOP)


def check(name: str, competitive: bool = False) -> str:
    """The name if a seat of that kind may name it; else ValueError naming the known ones."""
    names = known(competitive)
    if name not in names:
        what = "does not play competitive seats" if competitive and name in COOP else "is not a bot"
        raise ValueError(f"'{name}' {what} (known: {', '.join(names) or 'none registered'})")
    return name
