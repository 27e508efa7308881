"""Effect ops, conditions and values that belong to one hero's cards (one module per hero).

Importing this package imports them all; generic ops shared by many heroes live in
`engine.effects.core_ops` and `engine.effects.hero_ops`."""
import importlib
import pkgutil

for _m in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_m.name}")
