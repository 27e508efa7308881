"""Unmatched Adventures: TMNT co-op layer on top of the engine."""
from engine.effects import registry as _registry

# Modules that register Adventures effect ops (threat, Foot soldiers, tokens...). The
# engine imports them when it loads its registry, before any content is validated.
for _name in ("adventures.rules.ops", "adventures.villains", "adventures.minions", "adventures.rules.allies"):
    if _name not in _registry.PLUGIN_MODULES:
        _registry.PLUGIN_MODULES.append(_name)
