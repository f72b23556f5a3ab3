"""Published algorithms beyond the framework methods; each module registers its methods on import (one file each)."""
import importlib
import pkgutil

for _mod in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_mod.name}")
