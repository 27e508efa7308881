"""Registries of the effect language: operations, conditions and value expressions.

Content YAML names these by key; the engine and the Adventures layer register their
implementations with the decorators below. The loader checks every name in a content
file against these tables, so an unknown op is a load-time error, not a game crash.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

OPS: dict[str, Callable[..., Any]] = {}
CONDITIONS: dict[str, Callable[..., bool]] = {}
VALUES: dict[str, Callable[..., int]] = {}

# Keys that are structure, not ops: `{if: ..., then: [...], else: [...]}`
STRUCTURAL_KEYS = frozenset({"if", "then", "else"})


def _register(table: dict, kind: str, name: str):
    def deco(fn):
        old = table.get(name)
        # Two modules claiming one name would make content mean whichever loaded last.
        if old is not None and (old.__module__, old.__qualname__) != (fn.__module__, fn.__qualname__):
            raise ValueError(f"effect {kind} {name!r} is registered twice ({old.__module__}, {fn.__module__})")
        table[name] = fn
        return fn
    return deco


# Why-record builders of another layer, by op name: run after that op while the game keeps
# a log, with the choices the op noted (resolve.note_choice) and the index of the first
# event it logged. The engine only notes; the layer says why (its rules, its pages).
EXPLAINERS: dict[str, Callable[..., Any]] = {}


def explainer(name: str):
    """`@explainer("place")`: fn(ctx, args, choices, since) builds the why record of that op."""
    return _register(EXPLAINERS, "explainer", name)


def op(name: str):
    return _register(OPS, "op", name)


def condition(name: str):
    return _register(CONDITIONS, "condition", name)


def value(name: str):
    return _register(VALUES, "value", name)


# Modules of other layers that register ops; a layer appends its own module names here
# (e.g. the Adventures package on import), so the engine never names them itself.
PLUGIN_MODULES: list[str] = []


_loaded: set[str] = set()


def load_all() -> None:
    """Import every module that registers ops: the engine core and registered layers
    (each game calls this: after the first time only layers added since are imported)."""
    if _loaded and _loaded.issuperset(PLUGIN_MODULES):
        return
    import importlib

    import engine.effects.core_ops  # noqa: F401
    import engine.effects.hero_ops  # noqa: F401
    import engine.effects.hero_ops_marvel  # noqa: F401
    import engine.effects.heroes  # noqa: F401  (one module per hero for its own ops)
    for name in PLUGIN_MODULES:
        importlib.import_module(name)
        _loaded.add(name)
    _loaded.add("engine")
