"""Finding a scenario for the command line: a YAML path, a file name in scenarios/, or a
built-in quick setup ("shredder", "krang": one hero, solo)."""
from __future__ import annotations

from pathlib import Path

from engine.content.schema import ScenarioDef

BUILTIN = {
    "shredder": {"name": "Solo against Shredder", "villain": "shredder",
                 "seats": [{"hero": "Leonardo", "bot": "human"}]},
    "krang": {"name": "Solo against Krang", "villain": "krang",
              "seats": [{"hero": "Donatello", "bot": "human"}]},
}


def default_scenario() -> ScenarioDef:
    """The game `adventures` opens on: one hero against Shredder."""
    return find_scenario("shredder")


def find_scenario(name: str) -> ScenarioDef:
    """Raises ValueError with a one-line message when nothing matches. A `kind: match`
    file gives its MatchDef (a competitive game)."""
    from adventures.app.new_game_scene import scenario_dirs
    from adventures.content.checks import load_scenario_file
    from engine.content.loader import ContentError
    path = Path(name)
    candidates = [path] + [d / name for d in scenario_dirs()] + [d / f"{name}.yaml" for d in scenario_dirs()]
    for p in candidates:
        try:
            is_file = p.is_file()
            named = p == path and (p.exists() or p.is_symlink())   # a folder or FIFO: say why
        except (OSError, ValueError):       # a name too long for the file system, a NUL byte
            is_file, named = False, p == path and path.suffix in (".yaml", ".yml")
        if is_file or named:
            try:       # the one validation path: checked against the content, names normalised
                return load_scenario_file(p)
            except ContentError as exc:
                raise ValueError(str(exc).splitlines()[0]) from None
    if name.lower() in BUILTIN:
        from adventures.content.checks import check_against
        try:       # the same check as a file's (no hero is ever swapped for another)
            return check_against(ScenarioDef.model_validate(BUILTIN[name.lower()]), None, f"<built-in {name.lower()}>")
        except ContentError as exc:
            raise ValueError(str(exc).splitlines()[0]) from None
    known = ", ".join(sorted(BUILTIN))
    raise ValueError(f"no scenario {name!r}: give a YAML path, a file in scenarios/, or one of: {known}")
