"""Unmatched Adventures: TMNT co-op layer on top of the engine."""
# First of all: compiled copies of the hot modules, where `adventures accelerate` made them
# and only while they match their sources (adventures/compiled.py).
from adventures import compiled as _compiled

_compiled.install()

from engine.effects import registry as _registry  # noqa: E402

# Modules that register Adventures effect ops (threat, Foot soldiers, tokens...). The
# engine imports them when it loads its registry, before any content is validated.
for _name in ("adventures.rules.ops", "adventures.villains", "adventures.minions", "adventures.rules.allies"):
    if _name not in _registry.PLUGIN_MODULES:
        _registry.PLUGIN_MODULES.append(_name)

from engine.content import seat_bots as _seat_bots  # noqa: E402

# The bots a seat may name, from the one bot registry: imported when a seat is first checked.
if "adventures.bots.registry" not in _seat_bots.SOURCES:
    _seat_bots.SOURCES.append("adventures.bots.registry")
