"""The content catalog: every hero, enemy, board, trap, ally, difficulty and glossary file,
loaded and cross-checked.

Files are validated one by one by `engine.content.loader`; this module adds the checks
that need more than one file (a villain's board, a scenario's heroes and minions).
"""
from __future__ import annotations

import functools
import os
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adventures.content.checks import check_model, check_tree
from engine.content.loader import ContentError, Lines, Problem, line_of, load, suggest
from engine.content.schema import (
    AllyDeckDef,
    BoardDef,
    DifficultyDef,
    EnemyDef,
    GlossaryDef,
    HeroDef,
    ScenarioDef,
    TrapDeckDef,
)

CONTENT_ROOT = Path(__file__).resolve().parent
# folder -> kind passed to the loader (files may also say `kind:`; a mismatch is an error)
FOLDERS = {"heroes": "hero", "villains": "villain", "minions": "minion", "boards": "board",
           "traps": "traps", "allies": "allies", "difficulty": "difficulty", "glossary": "glossary"}
SINGLE_FILE = ("traps", "allies", "difficulty", "glossary")     # one file of each kind per folder


@dataclass
class Catalog:
    heroes: dict[str, HeroDef] = field(default_factory=dict)     # by key
    enemies: dict[str, EnemyDef] = field(default_factory=dict)   # villains and minions, by key
    boards: dict[str, BoardDef] = field(default_factory=dict)    # by key
    traps: TrapDeckDef | None = None
    allies: AllyDeckDef | None = None
    difficulty: DifficultyDef | None = None                       # levels and calibration table
    problems: list[Problem] = field(default_factory=list)        # only set by build_catalog
    # Content that came from a folder other than the shipped one (an owner's user folder):
    # (table, key) -> file, table being hero, enemy, board, traps or allies.
    custom: dict[tuple[str, str], str] = field(default_factory=dict)
    glossary: GlossaryDef | None = None                           # the keywords the app explains

    def hero(self, name: str) -> HeroDef | None:
        """A hero by key or display name, case-insensitive."""
        return _find(self.heroes.values(), name)

    def coop_heroes(self) -> dict[str, HeroDef]:
        """The heroes the co-op mode may use, by key (not the competitive-only hero decks)."""
        return {k: h for k, h in self.heroes.items() if h.coop}

    def enemy(self, name: str, role: str | None = None) -> EnemyDef | None:
        found = _find(self.enemies.values(), name)
        return found if found is not None and (role is None or found.role == role) else None

    def entry(self, table: str, key: str):
        """The definition behind a `custom` key: (table, key) with table hero, enemy or
        board, or ("traps", "traps") / ("allies", "allies") for the two decks; None if absent."""
        if table in ("traps", "allies"):
            return getattr(self, table)
        return {"hero": self.heroes, "enemy": self.enemies, "board": self.boards}[table].get(key)

    def names(self, kind: str) -> list[str]:
        """Display names for error messages: 'hero', 'villain' or 'minion'."""
        if kind == "hero":
            return [h.name for h in self.heroes.values()]
        return [e.key for e in self.enemies.values() if e.role == kind]


def normal_name(name: Any) -> str:
    """The one name normalisation of every tool: case, padding, inner spaces and
    underscores do not matter ('  black_PANTHER ' is 'Black Panther'), nor how an accented
    letter is encoded (NFKC: a precomposed 'é' is 'e' + combining accent). Accents themselves
    count: 'Léonardo' is not 'Leonardo' (the refusal suggests it), as in the content's own names."""
    return " ".join(unicodedata.normalize("NFKC", str(name)).replace("_", " ").split()).casefold()


def _find(items: Iterable[Any], name: str) -> Any:
    wanted = normal_name(name)
    for item in items:
        if wanted in (normal_name(item.key), normal_name(item.name)):
            return item
    return None


def _yaml_files(folder: Path) -> list[Path]:
    """Every entry named *.yaml or *.yml under `folder`: the regular files, and anything else so
    named (a FIFO, a folder, a link loop, a link to a device), which loading refuses in one
    line (`engine.content.loader`) instead of passing over it in silence."""
    return sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml"))


def build_catalog(root: str | os.PathLike | None = None, base: Catalog | None = None) -> Catalog:
    """Load every content file under `root`, keeping the good ones and collecting problems.

    With `base` (the catalog of the folders before this one), a file whose key is already in
    `base` replaces that entry, a traps or allies file replaces the deck, and cross-checks see
    the merged result; an entry that fails a cross-check falls back to `base`'s.
    """
    root = Path(root) if root is not None else CONTENT_ROOT
    cat = Catalog()
    if not root.is_dir():      # a file, a FIFO, a missing path: one line, not an empty catalog
        cat.problems.append(Problem(os.fspath(root), 1, "", "not a content folder (expected a folder with "
                                                           f"{', '.join(f'{n}/' for n in FOLDERS)})"))
        return cat
    if base is not None:
        cat = Catalog(dict(base.heroes), dict(base.enemies), dict(base.boards), base.traps, base.allies,
                      base.difficulty, custom=dict(base.custom), glossary=base.glossary)
    layered = base is not None and root.resolve() != CONTENT_ROOT
    owners: dict[tuple[str, str], str] = {}    # (table, key) -> file, for duplicate keys
    sources: dict[tuple[str, str], tuple[str, Lines]] = {}
    seen: set[Path] = set()
    for folder, kind in FOLDERS.items():
        files = _yaml_files(root / folder) if (root / folder).is_dir() else []
        files += [f for f in (root / f"{folder}.yaml", root / f"{folder}.yml") if os.path.lexists(f)]
        seen.update(files)
        if kind in SINGLE_FILE and len(files) > 1:
            cat.problems.append(Problem(os.fspath(files[1]), 1, "",
                                        f"only one {folder} file is allowed (also {files[0]})"))
            files = files[:1]
        for path in files:
            try:
                loaded = load(path, kind)
            except ContentError as exc:
                cat.problems.extend(exc.problems)
                continue
            model, file = loaded.model, loaded.path
            own = check_model(kind, model, file, loaded.lines)
            if own:
                cat.problems.extend(own)
                continue
            if kind in SINGLE_FILE:
                setattr(cat, kind, model)
                if layered:
                    cat.custom[kind, kind] = file
                if kind == "difficulty":        # its measured rows name villains and heroes: checked as a tree
                    sources[kind, kind] = (file, loaded.lines)
                continue
            table = {"hero": cat.heroes, "board": cat.boards}.get(kind, cat.enemies)
            tname = "enemy" if table is cat.enemies else kind
            if (tname, model.key) in owners:
                cat.problems.append(Problem(file, line_of(loaded.lines, "key"), "key",
                                            f"{tname} key '{model.key}' is already used by {owners[tname, model.key]}"))
                continue
            replaced = base.enemies.get(model.key) if layered and tname == "enemy" else None
            if replaced is not None and replaced.role != model.role:
                cat.problems.append(Problem(file, line_of(loaded.lines, "key"), "key",
                                            f"'{model.key}' is the key of a {replaced.role}; a {model.role} "
                                            f"needs a key of its own"))
                continue
            owners[tname, model.key] = file
            sources[tname, model.key] = (file, loaded.lines)
            table[model.key] = model
            if layered:
                cat.custom[tname, model.key] = file
    for stray in sorted(set(_yaml_files(root)) - seen):     # what validate reports, play reports too
        cat.problems.extend(_stray_problems(stray))
    cat.problems.extend(_tree_checked(cat, base if layered else None, sources))
    if not (cat.heroes or cat.enemies or cat.boards or cat.traps or cat.allies or cat.difficulty or cat.glossary
            or cat.problems):
        cat.problems.append(Problem(os.fspath(root), 1, "", "no content files found (expected "
                                                           f"{', '.join(f'{n}/' for n in FOLDERS)})"))
    return cat


def _stray_problems(path: Path) -> list[Problem]:
    """A YAML file in a content tree outside its folders: fine if it is a scenario, match or
    sweep kept beside the content (scenarios/), else what loading it says, as validate does."""
    try:
        loaded = load(path)
    except ContentError as exc:
        return exc.problems
    except (OSError, ValueError) as exc:
        return [Problem(os.fspath(path), 1, "", f"cannot read: {exc}")]
    if loaded.kind in ("scenario", "match", "sweep"):
        return []
    return [Problem(os.fspath(path), 1, "", f"not read: content files go in {', '.join(f'{n}/' for n in FOLDERS)}")]


def _tree_checked(cat: Catalog, base: Catalog | None, sources: dict[tuple[str, str], tuple[str, Lines]]) -> list[Problem]:
    """The cross-file checks of `cat`. On top of a `base` (a user content folder on the
    shipped content), every entry of a file that fails one is left out entirely, back to
    `base`'s entry or none, and the checks run again on what is left (leaving a board out
    can leave a villain without one), so the catalog every command plays is sound."""
    if base is None:
        return check_tree(cat, sources)
    # heroes this folder adds or changes (a copy of a shipped hero is not new)
    newcomers = frozenset(key for table, key in sources if table == "hero" and base.heroes.get(key) != cat.heroes[key])
    problems: list[Problem] = []
    for _ in range(len(sources) + 1):        # each round leaves at least one entry out
        found = [p for p in check_tree(cat, sources, newcomers) if p not in problems]
        files = {os.path.realpath(p.file) for p in found}
        culprits = [tk for tk, (file, _) in sources.items() if os.path.realpath(file) in files]
        problems += found
        if not culprits:
            break
        for table, key in culprits:
            _fall_back(cat, base, table, key)
            del sources[table, key]
    return problems


def _fall_back(cat: Catalog, base: Catalog, table: str, key: str) -> None:
    if table == "difficulty":           # a table whose rows name what is not there: the one below
        cat.difficulty = base.difficulty
        if (table, key) in base.custom:
            cat.custom[table, key] = base.custom[table, key]
        else:
            cat.custom.pop((table, key), None)
        return
    tables = {"hero": (cat.heroes, base.heroes), "enemy": (cat.enemies, base.enemies),
              "board": (cat.boards, base.boards)}
    mine, theirs = tables[table]
    if key in theirs:
        mine[key] = theirs[key]
    else:
        mine.pop(key, None)
    if (table, key) in base.custom:
        cat.custom[table, key] = base.custom[table, key]
    else:
        cat.custom.pop((table, key), None)


@functools.lru_cache(maxsize=8)
def _cached(root: str) -> Catalog:
    cat = build_catalog(root)
    if cat.problems:
        raise ContentError(cat.problems)
    return cat


def load_catalog(root: str | os.PathLike | None = None) -> Catalog:
    """The checked catalog under `root`, cached per root; without `root`, the content in use:
    the shipped files with the owner's user folder on top (`adventures.content.sources`).

    Raises ContentError listing every problem of `root` (or of the shipped files; broken
    user files are left out and listed in `.problems`). Treat the result as read-only: it
    is shared between callers.
    """
    if root is None:
        from adventures.content.sources import active_catalog
        return active_catalog()
    return _cached(os.fspath(Path(root).resolve()))


def clear_cache() -> None:
    """Forget cached catalogs (tests, or a designer reloading edited files)."""
    _cached.cache_clear()
    from adventures.content import sources
    sources._cache.clear()


def check_scenario(scenario: ScenarioDef, catalog: Catalog, path: Any, lines: Lines, *, at: str = "") -> ScenarioDef:
    """Raise ContentError if the scenario names a villain, hero or minion the catalog lacks,
    one hero on two seats (co-op only: a match may be a mirror match) or a minion twice;
    return the scenario with every name replaced by its content key."""
    file = os.fspath(path)
    problems: list[Problem] = []

    def bad(field_path: str, message: str) -> None:
        full = f"{at}.{field_path}" if at else field_path
        problems.append(Problem(file, line_of(lines, full), full, message))

    if catalog.enemy(scenario.villain, "villain") is None:
        bad("villain", f"unknown villain '{scenario.villain}' (known: {suggest(scenario.villain, catalog.names('villain'))})")
    seats = []
    seated: set[str] = set()        # Random never draws a seated hero (setup.pick_heroes)
    for i, seat in enumerate(scenario.seats):
        hero = catalog.hero(seat.hero) if normal_name(seat.hero) != "random" else None
        if hero is None and normal_name(seat.hero) != "random":
            bad(f"seats.{i}.hero", f"unknown hero '{seat.hero}' (known: {suggest(seat.hero, catalog.names('hero'))})")
        elif hero is not None and not hero.coop:
            bad(f"seats.{i}.hero", f"{hero.name} is a competitive hero deck and does not play the co-op mode")
        elif hero is not None and hero.key in seated:
            bad(f"seats.{i}.hero", f"{hero.name} is on two seats (the box has one of each hero)")
        if hero is not None:
            seated.add(hero.key)
        seats.append(seat.model_copy(update={"hero": hero.key if hero is not None else "random"}))
    minions = scenario.minions
    if isinstance(scenario.minions, list):
        minions = []
        for i, name in enumerate(scenario.minions):
            minion = catalog.enemy(name, "minion")
            if minion is None:
                bad(f"minions.{i}", f"unknown minion '{name}' (known: {suggest(name, catalog.names('minion'))})")
            elif minion.key in minions:
                bad(f"minions.{i}", f"minion '{name}' is listed twice")
            else:
                minions.append(minion.key)
    from adventures.rules.difficulty import level_keys, named_level
    levels = {normal_name(k): k for k in level_keys(catalog)}
    named = named_level(scenario, catalog)          # no level named: the table's own default
    level = levels.get(normal_name(named))
    if level is None:
        bad("difficulty", f"unknown difficulty '{named}' (known: {', '.join(levels.values())})")
    if problems:
        raise ContentError(problems)
    villain = catalog.enemy(scenario.villain, "villain")
    return scenario.model_copy(update={"seats": seats, "minions": minions, "villain": villain.key,
                                       "difficulty": level})
