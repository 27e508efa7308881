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
    from engine.content.loader import ContentError, load_file
    path = Path(name)
    candidates = [path] + [d / name for d in scenario_dirs()] + [d / f"{name}.yaml" for d in scenario_dirs()]
    for p in candidates:
        if p.is_file():
            try:
                sc = load_file(p, "match" if is_match_file(p) else "scenario")
                if is_match_file(p):
                    from adventures.competitive.setup import check_match
                    from adventures.content.catalog import load_catalog
                    check_match(sc, load_catalog(), p, p.read_text(encoding="utf-8").splitlines())
                    return sc
            except ContentError as exc:
                raise ValueError(str(exc).splitlines()[0]) from None
            from adventures.content.catalog import load_catalog
            for i, seat in enumerate(sc.seats):
                hero = load_catalog().hero(seat.hero) if seat.hero != "random" else None
                if hero is not None and not hero.coop:
                    raise ValueError(f"{p}: seats.{i}.hero: {hero.name} is a competitive hero deck "
                                     "and does not play the co-op mode")
            return sc
    if name.lower() in BUILTIN:
        data = dict(BUILTIN[name.lower()])
        from adventures.content.catalog import load_catalog
        cat = load_catalog()
        for seat in data["seats"]:
            if cat.hero(seat["hero"]) is None:      # content still being written: any hero will do
                seat["hero"] = "random"
        return ScenarioDef.model_validate(data)
    known = ", ".join(sorted(BUILTIN))
    raise ValueError(f"no scenario {name!r}: give a YAML path, a file in scenarios/, or one of: {known}")


def is_match_file(path: Path) -> bool:
    """Whether a YAML file says `kind: match` (a competitive game, engine.content.schema.MatchDef)."""
    import re
    try:
        head = path.read_text(encoding="utf-8")[:4000]
    except (OSError, UnicodeDecodeError):
        return False
    return re.search(r"^kind:\s*['\"]?match['\"]?\s*(#.*)?$", head, re.MULTILINE) is not None
