"""Python ability plugins of heroes whose rules the effect language cannot express.

Each module registers its classes with `engine.abilities.plugin`; importing this package
imports them all."""
import importlib
import pkgutil

for _m in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_m.name}")
