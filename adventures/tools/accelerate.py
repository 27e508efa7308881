"""`adventures accelerate`: compile the hot modules with Cython for faster simulations.

    adventures accelerate              # compile what changed since the last run (all: a few minutes)
    adventures accelerate --all        # compile every module again
    adventures accelerate --status     # what is compiled, and what changed since
    adventures accelerate --remove     # back to the Python sources only

The rules engine, the bots, the Adventures rules, villains and minions are compiled as
they are (no rewrite, no type declarations): the same code gives the same games, seed for
seed, and `python -m adventures.sim.compare` checks it. A compiled module is used only
while its source is unchanged (`adventures/compiled.py`); after an edit or an upgrade the
source runs until this command is run again. Needs Cython and a C compiler with the
Python headers: `pip install -e ".[fast]"`.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from adventures import compiled
from adventures.tools import limits

ROOT = Path(__file__).resolve().parents[2]
# The packages a simulated game spends its time in (`adventures bench --profile`); the app,
# the content models (pydantic) and the tools stay Python.
PACKAGES = ("engine", "engine/effects", "engine/effects/heroes", "engine/heroes",
            "adventures/bots", "adventures/rules", "adventures/villains", "adventures/minions")
DIRECTIVES = {"language_level": 3, "binding": False,
              # Annotations are documentation here, not C types: a compiled module must
              # accept exactly what the Python source accepts.
              "annotation_typing": False}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--status", action="store_true", help="print what is compiled and what changed since")
    group.add_argument("--remove", action="store_true", help="delete the compiled modules")
    group.add_argument("--all", action="store_true",
                       help="compile every module again, not only those whose source changed")
    parser.add_argument("--jobs", "-j", type=limits.workers_arg, default=min(os.cpu_count() or 1, limits.MAX_WORKERS),
                        help="compile this many modules at once (default: one per core)")


def sources(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """{module name: source file} of the modules to compile (package __init__ files stay Python)."""
    out = {}
    for package in packages:
        for path in sorted((root / package).glob("*.py")):
            if path.name != "__init__.py":
                out[".".join(path.relative_to(root).with_suffix("").parts)] = path
    return out


BUILD_CHILD = r"""
import json, os, sys
from Cython.Build import cythonize
from setuptools import Distribution, Extension
job = json.loads(sys.argv[1])
os.chdir(job["src"])     # relative file names: tracebacks name engine/game.py, not a temp path
exts = [Extension(name, [rel]) for name, rel in job["modules"].items()]
exts = cythonize(exts, compiler_directives=job["directives"], build_dir=job["c"], quiet=True,
                 nthreads=job["jobs"] if job["jobs"] > 1 else 0)
dist = Distribution({"ext_modules": exts, "script_name": "accelerate"})
cmd = dist.get_command_obj("build_ext")
cmd.build_lib, cmd.build_temp, cmd.parallel = job["lib"], job["obj"], job["jobs"]
cmd.ensure_finalized()
cmd.run()
"""


def build(where: Path, modules: dict[str, Path], jobs: int = 1, root: Path = ROOT,
          keep: dict[str, dict] | None = None) -> dict[str, dict]:
    """Compile `modules` into `where` and write its manifest, with the entries of `keep`
    (modules already compiled from their current source); returns the manifest's modules.

    The sources are copied first, and each compiled file is named after the hash of the
    bytes it was compiled from. Raises RuntimeError with a one-line reason on failure."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        raise RuntimeError('needs Cython: pip install -e ".[fast]"') from None
    with tempfile.TemporaryDirectory(prefix="tmnt-accelerate-") as tmp:
        src = Path(tmp) / "src"
        hashes, rels = {}, {}
        for name, path in modules.items():
            rel = path.relative_to(root)
            for parent in reversed(rel.parents[:-1]):     # the package's __init__ files name the module
                init = root / parent / "__init__.py"
                if init.is_file() and not (src / parent / "__init__.py").exists():
                    (src / parent).mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(init, src / parent / "__init__.py")
            data = path.read_bytes()
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            (src / rel).write_bytes(data)
            hashes[name], rels[name] = compiled.source_hash(data), rel.as_posix()
        job = {"src": str(src), "modules": rels, "directives": DIRECTIVES, "jobs": max(1, jobs),
               "c": str(Path(tmp) / "c"), "lib": str(Path(tmp) / "lib"), "obj": str(Path(tmp) / "obj")}
        run = subprocess.run([sys.executable, "-c", BUILD_CHILD, json.dumps(job)],
                             capture_output=True, text=True, preexec_fn=_die_with_parent)
        if run.returncode != 0:
            raise RuntimeError(f"compiling failed: {_first_error(run.stdout + run.stderr)}")
        where.mkdir(parents=True, exist_ok=True)
        manifest = dict(keep or {})
        for name, rel in rels.items():
            built = Path(tmp) / "lib" / (rel.removesuffix(".py") + compiled.ABI_SUFFIX)
            if not built.is_file():
                raise RuntimeError(f"compiling failed: no compiled file for {name}")
            file = f"{name}.{hashes[name][:16]}{compiled.ABI_SUFFIX}"
            shutil.copyfile(built, where / (file + ".part"))
            os.replace(where / (file + ".part"), where / file)
            manifest[name] = {"sha256": hashes[name], "file": file}
    _write_manifest(where, manifest)
    return manifest


def _die_with_parent() -> None:
    """In the compiling child, before it starts: on Linux, ask to be killed when this
    process dies, so a killed `accelerate` (even by SIGKILL, which it cannot catch) does not
    leave a compiler running on its own. Elsewhere the child ends with its build."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    import signal
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)     # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _write_manifest(where: Path, modules: dict[str, dict]) -> None:
    """Write the manifest atomically, then drop compiled files it no longer names."""
    from Cython import __version__ as cython_version
    part = where / (compiled.MANIFEST + ".part")
    part.write_text(json.dumps({"cython": cython_version, "python": sys.version.split()[0],
                                "modules": modules}, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(part, where / compiled.MANIFEST)
    keep = {entry["file"] for entry in modules.values()} | {compiled.MANIFEST}
    for path in where.iterdir():
        if path.name not in keep:
            path.unlink(missing_ok=True)


def _first_error(output: str) -> str:
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for line in lines:
        if "error" in line.lower():
            return line[:300]
    return (lines[-1] if lines else "no output")[:300]


def current_entries(where: Path, modules: dict[str, Path], built_with: str | None = None) -> dict[str, dict]:
    """The manifest entries of `modules` compiled from their current source (and, given
    `built_with`, by that Cython version)."""
    manifest = compiled.read_manifest(where, built_with)
    return {name: manifest[name] for name, path in modules.items()
            if compiled.compiled_copy(where, manifest.get(name), path.read_bytes()) is not None}


def up_to_date(where: Path, modules: dict[str, Path]) -> dict[str, dict]:
    """The manifest entries still good to keep: compiled from the module's current source by
    this Cython (a new compiler may generate different code, so it compiles everything again)."""
    from Cython import __version__ as cython_version
    return current_entries(where, modules, cython_version)


def describe(where: Path, modules: dict[str, Path]) -> tuple[int, list[str]]:
    """(modules compiled from their current source, names whose source changed or are missing)."""
    current = current_entries(where, modules)
    return len(current), [name for name in modules if name not in current]


def remove(where: Path) -> int:
    """Delete the compiled modules and say what was removed, or refuse in one line (exit 2)
    when something stays: the sources run only once nothing compiled is left."""
    if not os.path.lexists(where):
        print(f"nothing to remove: no compiled modules in {where}; the Python sources run")
        return 0
    if where.is_symlink() or not where.is_dir():
        print(f"adventures accelerate: {where}: not a folder of compiled modules (a file is in the way); "
              "nothing removed", file=sys.stderr)
        return 2
    try:
        files = [p for p in where.iterdir() if p.name.endswith(compiled.ABI_SUFFIX)]
    except OSError as exc:
        print(f"adventures accelerate: {where}: cannot read: {exc.strerror or exc}; nothing removed", file=sys.stderr)
        return 2
    failures: list[str] = []

    def failed(_function, path, info):
        failures.append(f"{path}: {getattr(info[1], 'strerror', None) or info[1]}")

    shutil.rmtree(where, onerror=failed)      # onerror: Python 3.11 (onexc is 3.12+)
    if os.path.lexists(where):
        left = sum(1 for p in files if p.exists())
        print(f"adventures accelerate: could not remove {where} ({left} of {len(files)} compiled modules left): "
              f"{failures[0] if failures else 'still there'}", file=sys.stderr)
        return 2
    print(f"removed {len(files)} compiled modules ({where}); the Python sources run")
    return 0


def run(args: argparse.Namespace) -> int:
    where = compiled.folder()
    modules = sources()
    if args.remove:
        return remove(where)
    if args.status:
        current, changed = describe(where, modules)
        print(f"{current} of {len(modules)} modules compiled from their current source ({where})")
        if changed and current:
            print("changed since compiled: " + ", ".join(changed))
        return 0
    try:        # checked before compiling (minutes): a data folder that cannot be written is refused now
        limits.check_folder(where, "compiled modules folder")
    except limits.OutputError as exc:
        print(f"adventures accelerate: {exc}", file=sys.stderr)
        return 2
    try:
        keep = {} if args.all else up_to_date(where, modules)
        todo = {name: path for name, path in modules.items() if name not in keep}
        if not todo:
            print(f"all {len(modules)} modules are compiled from their current source ({where})")
            return 0
        print(f"compiling {len(todo)} of {len(modules)} modules with Cython into {where}"
              f"{' (a few minutes)' if len(todo) > 8 else ''}...", flush=True)
        build(where, todo, args.jobs, keep=keep)
    except ImportError:
        print('adventures accelerate: needs Cython: pip install -e ".[fast]"', file=sys.stderr)
        return 2
    except (RuntimeError, OSError) as exc:
        print(f"adventures accelerate: {exc}", file=sys.stderr)
        return 2
    print(f"done: {len(todo)} modules compiled, {len(keep)} were up to date; simulations, the bots and "
          "the app use them from now on")
    return 0
