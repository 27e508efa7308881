"""`adventures accelerate`: compiled modules run only while they match their source, and a
compiled engine plays the very same games (the brief: same seed + same decisions = same
game, to the byte; issue 18: a faster simulator gives the same results per seed)."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from adventures import compiled
from adventures.tools import accelerate

ROOT = Path(__file__).resolve().parents[1]
needs_cython = pytest.mark.skipif(importlib.util.find_spec("Cython") is None,
                                  reason='Cython is not installed (pip install -e ".[dev]")')


def _probe_package(root: Path, body: str) -> Path:
    (root / "accel_probe").mkdir(parents=True, exist_ok=True)
    (root / "accel_probe" / "__init__.py").write_text("")
    path = root / "accel_probe" / "mod.py"
    path.write_text(body)
    return path


def _load(finder: compiled.CompiledFinder, name: str, package_dir: Path):
    spec = finder.find_spec(name, [str(package_dir)])
    if spec is None:
        spec = importlib.util.spec_from_file_location(name, package_dir / "mod.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_cython
def test_a_compiled_module_runs_only_while_its_source_is_unchanged(tmp_path):
    src = tmp_path / "src"
    path = _probe_package(src, "def double(x):\n    return 2 * x\n")
    where = tmp_path / "compiled"
    manifest = accelerate.build(where, {"accel_probe.mod": path}, jobs=1, root=src)
    assert set(manifest) == {"accel_probe.mod"}
    finder = compiled.CompiledFinder(where, compiled.read_manifest(where))

    module = _load(finder, "accel_probe.mod", src / "accel_probe")
    assert module.__file__.endswith(compiled.ABI_SUFFIX) and module.double(21) == 42
    assert finder.used == ["accel_probe.mod"]

    path.write_text("def double(x):\n    return x + x + 1\n")       # an edit after compiling
    module = _load(finder, "accel_probe.mod", src / "accel_probe")
    assert module.__file__.endswith(".py") and module.double(21) == 43
    assert finder.stale == ["accel_probe.mod"]


@needs_cython
def test_a_damaged_compiled_file_falls_back_to_the_source(tmp_path):
    src = tmp_path / "src"
    _probe_package(src, "VALUE = 7\n")
    where = tmp_path / "compiled"
    manifest = accelerate.build(where, {"accel_probe.mod": src / "accel_probe" / "mod.py"}, root=src)
    (where / manifest["accel_probe.mod"]["file"]).write_bytes(b"not a shared object")
    finder = compiled.CompiledFinder(where, compiled.read_manifest(where))
    module = _load(finder, "accel_probe.mod", src / "accel_probe")
    assert module.VALUE == 7 and module.__file__.endswith("mod.py")
    assert finder.stale == ["accel_probe.mod"] and finder.used == []


@needs_cython
def test_accelerate_compiles_again_only_the_modules_whose_source_changed(tmp_path):
    src = tmp_path / "src"
    path = _probe_package(src, "VALUE = 1\n")
    other = src / "accel_probe" / "other.py"
    other.write_text("OTHER = 2\n")
    modules = {"accel_probe.mod": path, "accel_probe.other": other}
    where = tmp_path / "compiled"
    first = accelerate.build(where, modules, root=src)
    assert accelerate.up_to_date(where, modules) == first

    path.write_text("VALUE = 3\n")                          # one module edited
    keep = accelerate.up_to_date(where, modules)
    assert set(keep) == {"accel_probe.other"}
    second = accelerate.build(where, {"accel_probe.mod": path}, root=src, keep=keep)
    assert second["accel_probe.other"] == first["accel_probe.other"]
    assert second["accel_probe.mod"]["sha256"] != first["accel_probe.mod"]["sha256"]
    assert accelerate.up_to_date(where, modules) == second
    assert sorted(p.name for p in where.iterdir()) == sorted(
        [compiled.MANIFEST] + [entry["file"] for entry in second.values()])   # the old file is gone


def test_an_unreadable_manifest_means_the_python_sources(tmp_path):
    (tmp_path / compiled.MANIFEST).write_text("{not json")
    assert compiled.read_manifest(tmp_path) == {}
    (tmp_path / compiled.MANIFEST).write_text(json.dumps({"modules": ["a list"]}))
    assert compiled.read_manifest(tmp_path) == {}


def test_accelerate_without_cython_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "Cython", None)          # import Cython -> ImportError
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path))
    from adventures.cli import main
    assert main(["accelerate"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "needs Cython" in err
    assert main(["accelerate", "--status"]) == 0
    assert "0 of" in capsys.readouterr().out


GAMES_CHILD = r"""
import json, sys
from adventures.sim import runner
from adventures import compiled
sc = runner.load_scenario(sys.argv[1])
recs = runner.run_chunk((sc, [(i, runner.game_seed(5, i)) for i in range(6)], False, None))
import engine.board, adventures.bots.reading
print(json.dumps({"code": compiled.status(), "files": [engine.board.__file__, adventures.bots.reading.__file__],
                  "records": [{k: v for k, v in r.items() if k != "seconds"} for r in recs]}))
"""


def _games(home: Path, scenario: str) -> dict:
    env = dict(os.environ, TMNT_ADVENTURES_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    env.pop("TMNT_ADVENTURES_PURE", None)
    out = subprocess.run([sys.executable, "-c", GAMES_CHILD, scenario], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


@needs_cython
def test_compiled_hot_modules_play_the_same_games_seed_for_seed(tmp_path):
    """Two of the hottest modules (the board's paths, the bots' board reading), compiled as
    `adventures accelerate` does, give every record of six Shredder 4-player games unchanged."""
    modules = {name: path for name, path in accelerate.sources().items()
               if name in ("engine.board", "adventures.bots.reading")}
    home = tmp_path / "home"
    where = home / compiled.folder().relative_to(compiled.data_home())
    accelerate.build(where, modules, jobs=2)
    scenario = str(ROOT / "scenarios" / "shredder-4p.yaml")
    fast, plain = _games(home, scenario), _games(tmp_path / "empty-home", scenario)
    assert fast["code"] == "compiled: 2 modules"
    assert all(f.endswith(compiled.ABI_SUFFIX) for f in fast["files"])
    assert plain["code"].startswith("Python sources")
    assert fast["records"] == plain["records"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_killed_accelerate_takes_its_compiling_child_with_it(tmp_path):
    """SIGKILL cannot be caught, so the child asks to die with its parent (accelerate._die_with_parent)."""
    import signal
    import time
    pid_file = tmp_path / "child.pid"
    parent = subprocess.Popen([sys.executable, "-c", (
        "import subprocess, sys, time\n"
        "from adventures.tools.accelerate import _die_with_parent\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'], preexec_fn=_die_with_parent)\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "time.sleep(60)\n")], cwd=Path(__file__).resolve().parents[1])
    deadline = time.monotonic() + 30
    while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    child = int(pid_file.read_text())
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=10)
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        with open(f"/proc/{child}/stat") as stat:       # a zombie awaiting its reaper is gone too
            if stat.read().split(")")[1].split()[0] == "Z":
                return
        time.sleep(0.05)
    os.kill(child, signal.SIGKILL)
    raise AssertionError("the compiling child outlived its killed parent")
