"""Finding a scenario for the command line: a YAML path, a file name in scenarios/, or a
built-in quick setup ("shredder", "krang": one hero, solo)."""
from __future__ import annotations

from adventures.content.scenario_names import (
    builtin_name,
    builtin_scenario,
    scenario_file,
    unknown_name_message,
)
from engine.content.schema import ScenarioDef


def default_scenario() -> ScenarioDef:
    """The game `adventures` opens on: one hero against Shredder."""
    return find_scenario("shredder")


def find_scenario(name: str) -> ScenarioDef:
    """Raises ValueError with a one-line message when nothing matches. A `kind: match`
    file gives its MatchDef (a competitive game)."""
    from adventures.content.checks import load_scenario_file
    from engine.content.loader import ContentError
    path = scenario_file(name)
    try:       # the one validation path: checked against the content, names normalised
        if path is not None:
            return load_scenario_file(path)
        if builtin_name(name):      # the same check as a file's (no hero is ever swapped for another)
            return builtin_scenario(builtin_name(name))
    except ContentError as exc:
        raise ValueError(str(exc).splitlines()[0]) from None
    raise ValueError(unknown_name_message(name))
