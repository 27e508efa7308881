"""The import structure: which package may import which (docs/ARCHITECTURE.md, "Floors").

Every module of engine/ and adventures/ is read with `ast` (no import runs) and each of its
imports, at the top or inside a function, is an edge between two packages. Packages sit on
floors, lowest first:

    0 engine                 the core rules
    1 adventures.content     the shipped content and its checks
    2 adventures.rules, competitive, minions, villains, bots   the game modes and their players
    3 adventures.persistence saves and replays
    4 adventures.sim, adventures.tools   the designer's commands
    5 adventures.app, adventures.cli     the desktop app and the command table

An import that goes up a floor (content importing a game mode, a game mode importing a
command) is counted, and circles among packages are found. `python tests/test_import_floors.py`
prints both; the tests hold the lines issue 41 drew: the competitive mode imports no command
or screen, and content imports no game mode.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOORS = {
    "engine": 0,
    "adventures": 0,                 # the package itself, compiled.py and home.py: standard library only
    "adventures.content": 1,
    "adventures.rules": 2, "adventures.competitive": 2, "adventures.minions": 2,
    "adventures.villains": 2, "adventures.bots": 2,
    "adventures.persistence": 3,
    "adventures.sim": 4, "adventures.tools": 4,
    "adventures.app": 5, "adventures.cli": 5, "adventures.__main__": 5,
}


def package_of(module: str) -> str:
    """The floor-holding package of a dotted module name (the longest prefix in FLOORS)."""
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        name = ".".join(parts[:n])
        if name in FLOORS:
            return name
    return parts[0]


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[tuple[str, int]]:
    """(imported module, line) for every import in the file, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            # `from adventures import cli` names a module: count the module, not the package
            found += [(f"{base}.{alias.name}" if alias.name != "*" else base, node.lineno) for alias in node.names]
    return [(name, line) for name, line in found if name.split(".")[0] in ("engine", "adventures")]


def edges() -> list[tuple[str, str, str, int]]:
    """(importing module, imported module, file, line) for every import between our packages."""
    out = []
    for top in ("engine", "adventures"):
        for path in sorted((ROOT / top).rglob("*.py")):
            me = module_name(path)
            for name, line in imports_of(path):
                out.append((me, name, str(path.relative_to(ROOT)), line))
    return out


def upward(all_edges) -> list[tuple[str, str, str, int]]:
    """Imports that go up a floor."""
    return [e for e in all_edges if FLOORS[package_of(e[1])] > FLOORS[package_of(e[0])]]


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(v: str) -> None:       # a few hundred modules: recursion is deep enough
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return components


def package_cycles(all_edges) -> list[list[str]]:
    """Circles among packages (an import inside a function counts too)."""
    graph: dict[str, set[str]] = {}
    for a, b, _, _ in all_edges:
        if package_of(a) != package_of(b):
            graph.setdefault(package_of(a), set()).add(package_of(b))
    return circles(graph)


def module_cycles(all_edges) -> list[list[str]]:
    """Circles among modules (`from pkg.mod import name` is an edge to pkg.mod)."""
    modules = {module_name(path) for top in ("engine", "adventures") for path in (ROOT / top).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for a, b, _, _ in all_edges:
        while b and b not in modules:
            b = b.rpartition(".")[0]
        if b and b != a:
            graph.setdefault(a, set()).add(b)
    return circles(graph)


def between(all_edges, importer: str, imported: tuple[str, ...]) -> list[str]:
    return [f"{file}:{line}: {a} imports {b}" for a, b, file, line in all_edges
            if package_of(a) == importer and package_of(b) in imported]


def test_every_package_has_a_floor():
    """A new package must be given its floor here (and in docs/ARCHITECTURE.md)."""
    assert not [f"{file}: {a}" for a, _, file, _ in edges() if package_of(a) not in FLOORS]


def test_competitive_mode_imports_no_command_or_screen():
    """The competitive mode is a game mode beside adventures.rules: its command lives in sim/."""
    assert between(edges(), "adventures.competitive",
                   ("adventures.sim", "adventures.tools", "adventures.app", "adventures.cli")) == []


def test_content_imports_no_game_mode():
    """Content validation (a match file's check included) sits below the modes it checks."""
    assert between(edges(), "adventures.content", ("adventures.competitive",)) == []


def test_no_module_circle_leaves_its_package():
    """A circle of modules stays inside one package (a lazy import between a package's own
    modules is its business); the one through the competitive mode's check_match, content ->
    competitive.setup -> content, is gone."""
    assert [c for c in module_cycles(edges()) if len({package_of(m) for m in c}) > 1] == []


# The imports that still go up a floor (issue 41 measured 14; the competitive mode's 7 are
# gone). Each is a debt to pay by moving what it needs down, never a pattern to copy: the
# test below fails for any other.
KNOWN_UPWARD = {
    ("adventures.bots.expert", "adventures.sim.stats"),                 # a mean and its standard error
    ("adventures.bots.ranker_file", "adventures.persistence.save"),     # read_regular_file
    ("adventures.content.catalog", "adventures.rules.difficulty"),      # level names of a table
    ("adventures.content.checks", "adventures.rules.plugin"),           # the plugin names content may use
    ("adventures.content.checks", "adventures.rules.setup"),            # load_plugins
    ("adventures.rules.runner", "adventures.persistence.hashing"),      # state_hash
}


def _module_of(name: str) -> str:
    modules = {module_name(path) for top in ("engine", "adventures") for path in (ROOT / top).rglob("*.py")}
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name


def test_no_new_import_goes_up_a_floor():
    new = sorted({f"{file}:{line}: {a} imports {b}" for a, b, file, line in upward(edges())
                  if (a, _module_of(b)) not in KNOWN_UPWARD})
    assert new == [], "imports that go up a floor (see the module's docstring): " + "; ".join(new)


def test_engine_imports_nothing_of_adventures():
    assert [f"{file}:{line}" for a, b, file, line in edges()
            if a.startswith("engine") and b.startswith("adventures")] == []


if __name__ == "__main__":
    found = edges()
    up = upward(found)
    print(f"{len(found)} imports between our modules; {len(up)} go up a floor")
    for a, b, file, line in up:
        print(f"  up   {file}:{line}: {package_of(a)} -> {package_of(b)} ({b})")
    for kind, found_circles in (("packages", package_cycles(found)), ("modules", module_cycles(found))):
        print(f"{len(found_circles)} circles among {kind}")
        for c in found_circles:
            print("  circle " + " <-> ".join(c))
    sys.exit(0)
