"""The checks that make "validate says ok" mean "it plays": one path for every tool.

`check_model` checks what one content file needs from the code (plugin names, a minion
not using a villain's rules, the supply the rules count on); `check_tree` checks what a
whole content tree needs (a villain's board can seat the villain, four minions and four
heroes with their sidekicks). `load_scenario_file` is the only way a tool reads a
scenario file: loaded, checked against the content and its names normalised, for
`validate`, `simulate`, `sweep`, `soak`, the app's "Open a scenario", `adventures FILE`
and `screenshot` alike.
"""
from __future__ import annotations

import os
from typing import Any

from engine.content.loader import ContentError, Lines, Problem, line_of, load, suggest
from engine.content.schema import BoardDef, EnemyDef, HeroDef, MatchDef, ScenarioDef

HERO_STARTS = (1, 2, 3, 4)      # heroes' starting spaces (Adventures p.4)
VILLAIN_START = 5               # the villain's starting space (p.4)
MAX_PLAYERS = 4


def _ability_plugins() -> dict:
    import engine.heroes  # noqa: F401  (registers the ability plugins)
    from engine.abilities import PLUGINS
    return PLUGINS


def _rules_plugins() -> dict:
    from adventures.rules.plugin import PLUGINS
    from adventures.rules.setup import load_plugins
    load_plugins()
    return PLUGINS


def check_model(kind: str, model: Any, file: str, lines: Lines) -> list[Problem]:
    """What one validated content file needs from the code."""
    problems: list[Problem] = []

    def bad(field: str, message: str) -> None:
        problems.append(Problem(file, line_of(lines, field), field, message))

    if isinstance(model, HeroDef) and model.ability.plugin is not None:
        known = _ability_plugins()
        if model.ability.plugin not in known:
            bad("ability.plugin", f"unknown ability plugin '{model.ability.plugin}' "
                                  f"(known: {suggest(model.ability.plugin, known)})")
    if isinstance(model, EnemyDef) and model.rules is not None:
        known = _rules_plugins()
        plugin = known.get(model.rules)
        if plugin is None:
            bad("rules", f"unknown rules plugin '{model.rules}' (known: {suggest(model.rules, known)})")
        else:
            role = getattr(plugin, "role", None)
            if role is not None and role != model.role:
                bad("rules", f"'{model.rules}' are a {role}'s rules; a {model.role} cannot use them")
            for token, count in getattr(plugin, "supply_needed", {}).items():
                if model.supply.get(token) != count:
                    bad(f"supply.{token}" if token in model.supply else "supply",
                        f"the '{model.rules}' rules need a supply of exactly {count} '{token}' tokens, "
                        f"got {model.supply.get(token, 0)}")
    return problems


def _fighters(hero: HeroDef) -> int:
    return 1 + (hero.sidekick.count if hero.sidekick else 0)


def _needed(fighters: int) -> int:
    return 1 + MAX_PLAYERS + MAX_PLAYERS * fighters


def seating_problems(board: BoardDef, heroes: list[HeroDef], file: str, lines: Lines) -> list[Problem]:
    """Can `board` seat the villain, one minion per player and up to four heroes with
    their sidekicks (p.4)? Problems point at the board file."""
    problems: list[Problem] = []
    starts = {s.start for s in board.spaces if s.start is not None}
    missing = [n for n in (*HERO_STARTS, VILLAIN_START) if n not in starts]
    if missing:
        problems.append(Problem(file, line_of(lines, "spaces"), "spaces",
                                f"a villain's board needs starting spaces 1-5; missing {', '.join(map(str, missing))}"))
    fighters = max((_fighters(h) for h in heroes), default=1)
    needed = _needed(fighters)
    if len(board.spaces) < needed:
        problems.append(Problem(file, line_of(lines, "spaces"), "spaces",
                                f"{len(board.spaces)} spaces cannot seat the villain, {MAX_PLAYERS} minions and "
                                f"{MAX_PLAYERS} heroes of up to {fighters} fighters ({needed} needed)"))
    return problems


def _name_clashes(catalog, sources: dict[tuple[str, str], tuple[str, Lines]]) -> list[Problem]:
    """Every tool finds a hero or enemy by key or name under one normalisation (`normal_name`),
    so two entries a name could mean would make one of them unreachable: the later file's
    problem (a file of the folder being checked rather than one underneath it)."""
    from adventures.content.catalog import normal_name
    problems: list[Problem] = []
    for table, entries in (("hero", catalog.heroes), ("enemy", catalog.enemies)):
        seen: dict[str, str] = {}
        ordered = sorted(entries, key=lambda k: ((table, k) in sources, k))   # settled entries first
        for key in ordered:
            entry = entries[key]
            for field, value in (("key", entry.key), ("name", entry.name)):
                other = seen.get(normal_name(value))
                if other is not None and other != key:
                    file, lines = sources.get((table, key), (f"<{table} {key}>", {}))
                    problems.append(Problem(file, line_of(lines, field), field,
                                            f"'{value}' also names the {table} '{other}'; a {table} needs a "
                                            "key and a name of its own (case, spaces and _ do not count)"))
                    break
            else:
                for value in (entry.key, entry.name):
                    seen.setdefault(normal_name(value), key)
    return problems


def check_tree(catalog, sources: dict[tuple[str, str], tuple[str, Lines]],
               newcomers: frozenset[str] = frozenset()) -> list[Problem]:
    """Cross-file checks of a built catalog. `sources`: (table, key) -> (file, lines).

    Each problem points at the file that causes it, so that file alone can be left out:
    a villain's board is checked against the heroes that are not `newcomers` (hero keys
    a user content folder adds or replaces); a newcomer hero with more fighters than a
    sound board can seat is that hero's problem."""
    problems: list[Problem] = _name_clashes(catalog, sources)
    villains = [e for e in catalog.enemies.values() if e.role == "villain" and e.board is not None]
    for villain in villains:
        if villain.board not in catalog.boards:
            file, lines = sources.get(("enemy", villain.key), ("<villain>", {}))
            problems.append(Problem(file, line_of(lines, "board"), "board",
                                    f"unknown board '{villain.board}' (known: {suggest(villain.board, catalog.boards)})"))
    problems += measured_row_problems(getattr(catalog, "difficulty", None), catalog,
                                      *sources.get(("difficulty", "difficulty"), ("<difficulty>", {})))
    settled = [h for k, h in catalog.heroes.items() if k not in newcomers]
    for key in sorted({v.board for v in villains} & set(catalog.boards)):
        board = catalog.boards[key]
        file, lines = sources.get(("board", key), ("<board>", {}))
        own = seating_problems(board, settled, file, lines)
        problems += own
        if own:
            continue
        for hero_key in sorted(newcomers & set(catalog.heroes)):
            hero = catalog.heroes[hero_key]
            if len(board.spaces) < _needed(_fighters(hero)):
                hfile, hlines = sources.get(("hero", hero_key), ("<hero>", {}))
                field = "sidekick.count" if hero.sidekick else "sidekick"
                problems.append(Problem(hfile, line_of(hlines, field), field,
                                        f"{hero.name} has {_fighters(hero)} fighters: {board.name} "
                                        f"({len(board.spaces)} spaces) cannot seat the villain, {MAX_PLAYERS} "
                                        f"minions and {MAX_PLAYERS} such heroes ({_needed(_fighters(hero))} needed)"))
    return problems


def measured_row_problems(table, catalog, file: str, lines: Lines) -> list[Problem]:
    """A difficulty table's measured rows name a villain and heroes ("random": dealt at setup)
    of the content; a row naming one that is not there could never be played (and a typo
    would leave its team on a stand-in's dial without a word)."""
    problems: list[Problem] = []
    for i, row in enumerate(table.measured if table is not None else ()):
        if catalog.enemy(row.villain, "villain") is None:
            where = f"measured.{i}.villain"
            problems.append(Problem(file, line_of(lines, where), where, f"unknown villain '{row.villain}' "
                                    f"(known: {suggest(row.villain, catalog.names('villain'))})"))
        for j, hero in enumerate(row.heroes):
            if hero != "random" and catalog.hero(hero) is None:
                where = f"measured.{i}.heroes.{j}"
                problems.append(Problem(file, line_of(lines, where), where, f"unknown hero '{hero}' "
                                        f"(known: {suggest(hero, catalog.names('hero'))})"))
    return problems + _model_name_problems(getattr(table, "model", None), catalog, file, lines)


def _model_name_problems(model, catalog, file: str, lines: Lines) -> list[Problem]:
    """The win-rate model's villains and heroes, and its held-out teams', are the content's."""
    if model is None:
        return []
    names: list[tuple[str, str, str]] = []          # (where, kind, name)
    for i, v in enumerate(model.villains):
        names.append((f"model.villains.{i}.villain", "villain", v.villain))
        names += [(f"model.villains.{i}.heroes.{j}.hero", "hero", h.hero) for j, h in enumerate(v.heroes)]
    for i, team in enumerate(model.held_out):
        names.append((f"model.held_out.{i}.villain", "villain", team.villain))
        names += [(f"model.held_out.{i}.heroes.{j}", "hero", h) for j, h in enumerate(team.heroes)]
    problems = []
    for where, kind, name in names:
        found = catalog.enemy(name, "villain") if kind == "villain" else catalog.hero(name)
        if found is None:
            problems.append(Problem(file, line_of(lines, where), where, f"unknown {kind} '{name}' "
                                    f"(known: {suggest(name, catalog.names(kind))})"))
    return problems


# ---------------------------------------------------------------- scenarios
def check_against(model: ScenarioDef | MatchDef, catalog=None, path: Any = "", lines: Lines | None = None,
                  *, at: str = "") -> ScenarioDef | MatchDef:
    """The one check of a scenario or match against the content (default: the content in
    use), for `validate` and every command that plays alike: returns it with every name
    replaced by its content key; an unknown name raises ContentError (`file:LINE: field:
    message`), it is never replaced by another."""
    from adventures.content.catalog import check_scenario, load_catalog
    catalog = catalog if catalog is not None else load_catalog()
    if isinstance(model, MatchDef):     # a competitive game (duel, free-for-all, teams)
        from adventures.content.matches import check_match
        return check_match(model, catalog, path, lines or {})
    return check_scenario(model, catalog, path, lines or {}, at=at)


def load_scenario_file(path: str | os.PathLike, catalog=None) -> ScenarioDef | MatchDef:
    """Load a scenario (or competitive match) file and check it against the content (default:
    the content in use) with `check_against`; returns it with hero, minion and board names
    normalised to content keys. Raises ContentError (`file:LINE: field: message`)."""
    if os.fspath(path).lower().endswith(".json"):     # as `validate` reads a .json file
        raise ContentError(Problem(os.fspath(path), 1, "", "a save or replay file, not a scenario: open a save "
                                   "with the app's Load, re-run a replay with `adventures replay FILE`"))
    loaded = load(path, "scenario")
    if loaded.kind not in ("scenario", "match"):
        raise ContentError(Problem(loaded.path, 1, "", "this is a sweep file: use `adventures sweep`"))
    return check_against(loaded.model, catalog, loaded.path, loaded.lines)
