"""Compiled copies of the hot modules, used only while they match the sources exactly.

`adventures accelerate` compiles the rules engine, the bots and the Adventures rules with
Cython into `compiled/` in the data folder, each module under the SHA-256 of the source
it was built from. `install()` (run by `adventures/__init__` before the engine is
imported) puts a finder first on `sys.meta_path`: a module listed there imports its
compiled copy only while its `.py` file still has that hash; any edit, checkout or
upgrade makes it import the Python source again, so stale code never runs. Same seed,
same decisions, same game: the compiled code is the same Python, only faster.

Standard library only: this runs before anything else of the program is imported.
TMNT_ADVENTURES_PURE=1 turns it off (the tests run the Python sources by default).
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
from pathlib import Path

from adventures.home import data_home

PURE_ENV = "TMNT_ADVENTURES_PURE"
MANIFEST = "manifest.json"
# What a compiled file depends on besides its source: the interpreter's ABI (the suffix
# names the Python version and platform); the compiler's version is in the manifest.
ABI_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def folder() -> Path:
    """Where compiled modules live, one folder per interpreter ABI."""
    return data_home() / "compiled" / ABI_SUFFIX.strip(".").removesuffix(".so").removesuffix(".pyd")


def source_hash(data: bytes) -> str:
    return hashlib.sha256(ABI_SUFFIX.encode() + b"\0" + data).hexdigest()


def read_manifest(where: Path | None = None, built_with: str | None = None) -> dict[str, dict]:
    """{module name: {"sha256": ..., "file": ...}}; empty when there is none or it is
    unreadable, or (given `built_with`) when another Cython version built it."""
    path = (where or folder()) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or (built_with is not None and data.get("cython") != built_with):
        return {}
    modules = data.get("modules")
    return modules if isinstance(modules, dict) else {}


def compiled_copy(where: Path, entry, source: bytes) -> Path | None:
    """The compiled file a manifest entry names, if it was built from exactly `source`."""
    if not isinstance(entry, dict) or entry.get("sha256") != source_hash(source):
        return None
    binary = where / str(entry.get("file", ""))
    return binary if binary.is_file() else None


def pure() -> bool:
    """TMNT_ADVENTURES_PURE is set: the Python sources only."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


class CompiledFinder:
    """Finds a module's compiled copy when its source on the import path hashes as built."""

    def __init__(self, where: Path, modules: dict[str, dict]):
        self.where = where
        self.modules = modules
        self.used: list[str] = []
        self.stale: list[str] = []

    def find_spec(self, fullname, path=None, target=None):
        entry = self.modules.get(fullname)
        if not isinstance(entry, dict):
            return None
        source = importlib.machinery.PathFinder.find_spec(fullname, path)
        if source is None or not str(source.origin).endswith(".py"):
            return None
        try:
            data = Path(source.origin).read_bytes()
        except OSError:
            return None
        binary = compiled_copy(self.where, entry, data)
        if binary is None:
            self.stale.append(fullname)
            return None
        self.used.append(fullname)
        loader = GuardedLoader(fullname, str(binary), source.origin, self)
        spec = importlib.machinery.ModuleSpec(fullname, loader, origin=str(binary))
        spec.has_location = True
        return spec


class GuardedLoader(importlib.machinery.ExtensionFileLoader):
    """Loads the compiled copy; if it cannot be loaded (a damaged or foreign file), the
    source runs instead and the module counts as stale: never a failed import."""

    def __init__(self, fullname: str, binary: str, source: str, finder: CompiledFinder):
        super().__init__(fullname, binary)
        self.source, self.finder, self.fallback = source, finder, False

    def create_module(self, spec):
        try:
            return super().create_module(spec)
        except (ImportError, OSError):
            self.fallback = True
            self.finder.used.remove(self.name)
            self.finder.stale.append(self.name)
            return None                       # a plain module object, filled from source below

    def exec_module(self, module):
        if not self.fallback:
            return super().exec_module(module)
        module.__file__ = self.source
        importlib.machinery.SourceFileLoader(self.name, self.source).exec_module(module)


_finder: CompiledFinder | None = None


def install() -> CompiledFinder | None:
    """Put the finder in front of the import system (once) when compiled modules exist."""
    global _finder
    if _finder is not None or pure():
        return _finder
    where = folder()
    modules = read_manifest(where)
    if modules:
        _finder = CompiledFinder(where, modules)
        sys.meta_path.insert(0, _finder)
    return _finder


def status() -> str:
    """One line for benchmark output: which code this process runs."""
    if _finder is None or not _finder.used:
        if pure():
            return "Python sources (TMNT_ADVENTURES_PURE is set)"
        return "Python sources (`adventures accelerate` compiles the hot modules)"
    line = f"compiled: {len(_finder.used)} modules"
    if _finder.stale:
        line += (f"; {len(_finder.stale)} run from source, changed or unreadable since compiled "
                 "(`adventures accelerate` again)")
    return line
