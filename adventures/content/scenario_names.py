"""What a scenario named on the command line is: a YAML path, a file name in scenarios/ (with
or without `.yaml`), or a built-in quick setup ("shredder", "krang": one hero, solo). Every
command and the app resolve names here, so `adventures simulate krang` plays what
`adventures krang` opens."""
from __future__ import annotations

from pathlib import Path

BUILTIN = {
    "shredder": {"name": "Solo against Shredder", "villain": "shredder",
                 "seats": [{"hero": "Leonardo", "bot": "human"}]},
    "krang": {"name": "Solo against Krang", "villain": "krang",
              "seats": [{"hero": "Donatello", "bot": "human"}]},
}


def scenario_dirs() -> list[Path]:
    """The shipped scenarios/ folder, then ./scenarios if it is another one."""
    here = Path(__file__).resolve().parents[2] / "scenarios"
    out = [here]
    cwd = Path.cwd() / "scenarios"
    if cwd.resolve() != here.resolve():
        out.append(cwd)
    return [d for d in out if d.is_dir()]


def scenario_file(name: str) -> Path | None:
    """The file `name` stands for: the path itself when something is there (a folder or a
    FIFO too, so loading it says why it is not a scenario) or it names a .yaml file, else a
    file of that name in a scenarios folder; None when nothing matches."""
    path = Path(name)
    candidates = [path] + [d / name for d in scenario_dirs()] + [d / f"{name}.yaml" for d in scenario_dirs()]
    for p in candidates:
        try:
            is_file = p.is_file()
            named = p == path and (p.exists() or p.is_symlink())
        except (OSError, ValueError):       # a name too long for the file system, a NUL byte
            is_file, named = False, p == path and path.suffix in (".yaml", ".yml")
        if is_file or named:
            return p
    return None


def builtin_name(name: str) -> str | None:
    """The built-in quick setup `name` names (case does not count), if any."""
    return name.lower() if isinstance(name, str) and name.lower() in BUILTIN else None


def builtin_scenario(name: str):
    """The checked ScenarioDef of built-in `name`; raises ContentError like a file would."""
    from adventures.content.checks import check_against
    from engine.content.schema import ScenarioDef
    return check_against(ScenarioDef.model_validate(BUILTIN[name]), None, f"<built-in {name}>")


def unknown_name_message(name: str) -> str:
    return (f"no scenario {name!r}: give a YAML path, a file in scenarios/, "
            f"or one of: {', '.join(sorted(BUILTIN))}")
