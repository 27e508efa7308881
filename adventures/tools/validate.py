"""`adventures validate PATH...`: check content and scenario files, one error per line.

Every kind of file a command plays goes through the same checks here as when it is played
(content as one tree, scenarios, matches and sweeps against that content with names
normalised, save and replay `.json` files as loading them does), so "ok" means it plays.

Prints `ok  path` for each good file and `file:LINE: field: message` for each problem;
exits 0 when everything is valid, 2 otherwise. Never prints a traceback: designers read
this output, and CI greps it.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from adventures.content.catalog import (
    CONTENT_ROOT,
    FOLDERS,
    Catalog,
    build_catalog,
)
from adventures.content.checks import check_against, check_model, measured_row_problems
from adventures.content.scenario_names import builtin_name, builtin_scenario, scenario_file
from adventures.content.sources import build_merged, user_content_dir
from adventures.tools import limits
from engine.content.loader import ContentError, Loaded, Problem, line_of, load, suggest


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", type=limits.path_arg("file or folder"),
                        help="YAML files or folders, searched recursively (default: your content folder)")
    parser.add_argument("--content", metavar="DIR", default=None, type=limits.folder_arg("--content folder", writable=False),
                        help="content folder to cross-check against, on top of the shipped content "
                             "(default: the content tree the file sits in, else your content folder)")


def run(args: argparse.Namespace) -> int:
    try:
        paths = args.paths
        if not paths:   # the owner's folder, checked against the rest of the catalog
            folder = Path(args.content) if args.content is not None else user_content_dir()
            if not folder.is_dir():
                print(f"{folder}: no content folder yet (start one with `adventures content new villain shredder`)")
                return 0 if args.content is None else 2
            paths, args.content = [os.fspath(folder)], os.fspath(folder)
        return _run(paths, args.content)
    except OSError as exc:
        if exc.filename is None:   # our own output failed (| head, > /dev/full): cli.main says it
            raise
        print(f"adventures validate: {exc.filename}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # the promise is: no tracebacks, ever
        print(f"adventures validate: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


def _files(paths: list[str]) -> tuple[list[str], list[str]]:
    found, missing = [], []
    for raw in paths:
        p = Path(raw)
        try:
            p.stat()
        except FileNotFoundError:
            missing.append(f"{raw}: no such file or directory")
            continue
        except (OSError, ValueError) as exc:     # a loop, a name too long, a NUL byte
            missing.append(f"{raw}: cannot read: {getattr(exc, 'strerror', None) or exc}")
            continue
        if p.is_dir():       # an odd entry named *.yaml (a FIFO, a link loop...) is checked: refused in a line
            found += [os.fspath(f) for f in sorted(p.rglob("*")) if f.suffix in (".yaml", ".yml")]
        elif p.is_file():
            found.append(raw)
        else:
            missing.append(f"{raw}: cannot read: not a regular file (a pipe, device or socket)")
    return found, missing


def _by_name(paths: list[str]) -> tuple[list[str], list[str]]:
    """(paths, built-in names): a scenario named as every command takes it (a file in
    scenarios/ without its folder or `.yaml`, or `shredder`/`krang`) is validated as played."""
    out, builtins = [], []
    for raw in paths:
        found = scenario_file(raw)       # the path itself when something is there
        if found is not None:
            out.append(raw if found == Path(raw) else os.fspath(found))
        elif builtin_name(raw):
            builtins.append(builtin_name(raw))
        else:
            out.append(raw)
    return out, builtins


def _run(paths: list[str], content: str | None) -> int:
    paths, builtins = _by_name(paths)
    failed = False
    for name in builtins:
        try:
            builtin_scenario(name)
            print(f"ok  <built-in {name}>")
        except ContentError as exc:
            print(str(exc))
            failed = True
    if not paths:
        return 2 if failed else 0
    files, missing = _files(paths)
    for line in missing:
        print(line)
    failed = failed or bool(missing)
    if not files and not missing:
        print(f"{', '.join(paths)}: no YAML files found")
        failed = True             # an empty folder validates nothing: never "ok"
    catalogs: dict[Path, Catalog] = {}
    for file in files:
        try:
            problems = _check(file, content, catalogs)
        except OSError as exc:
            if exc.filename is None:
                raise
            problems = [Problem(file, 1, "", f"cannot read {exc.filename}: {exc.strerror or exc}")]
        except Exception as exc:  # one broken file must not hide the others
            print(f"{file}: internal error: {type(exc).__name__}: {exc}")   # a finding, with the others
            failed = True
            continue
        if problems:
            failed = True
            print("\n".join(str(p) for p in problems))
        else:
            print(f"ok  {file}")
    return 2 if failed else 0


def _tree_of(file: str) -> Path | None:
    """The content tree a file sits in (its folder's parent, holding heroes/, villains/...; the
    folder itself for a file named after a kind, such as traps.yaml or difficulty.yaml)."""
    path = Path(file).resolve()
    # a deck or level file sits at the top of its tree (traps.yaml, difficulty.yaml); the rest one folder down
    for root in ((path.parent,) if path.stem in FOLDERS else ()) + (path.parent.parent,):
        if any((root / name).is_dir() or (root / f"{name}.yaml").is_file() for name in FOLDERS):
            return root
    return None


def _catalog_for(file: str, content: str | None, catalogs: dict[Path, Catalog], *, note: bool = True) -> Catalog:
    """The catalog a file is checked against: the shipped content with --content on top, else
    with the content tree the file sits in on top, else with the user content folder on top.
    A --content that is not a usable folder is an error (one line), never an empty catalog."""
    given = content is not None
    root = Path(content) if given else (_tree_of(file) or user_content_dir())
    key = root.resolve() if root.is_dir() else root
    if key not in catalogs:
        if key == CONTENT_ROOT or (not given and not root.is_dir()):
            cat = build_catalog(CONTENT_ROOT)           # no user folder: the shipped content
        elif not root.is_dir() or not any(root.rglob("*.y*ml")):
            cat = build_catalog(root)                   # "not a content folder" / "no content files"
        else:
            cat = build_merged([CONTENT_ROOT, key])     # lenient: bad files are reported on their own
        cat.noted = False   # type: ignore[attr-defined]  (the note is printed once)
        catalogs[key] = cat
    catalog = _usable(catalogs[key], root)
    if note and catalog.problems and not catalog.noted:   # type: ignore[attr-defined]
        catalog.noted = True   # type: ignore[attr-defined]
        print(f"note: {key} has {len(catalog.problems)} content problem(s); "
              f"cross-checks use only its valid files (run `adventures validate {key}`)")
    return catalog


def _usable(catalog: Catalog, root: Path) -> Catalog:
    """The catalog, unless its folder itself is unusable (not a folder, no content)."""
    own = [p for p in catalog.problems if p.file == os.fspath(root)]
    if own:
        raise ContentError(own)
    return catalog


def _check_record(file: str, catalog: Catalog) -> list[Problem]:
    """A save or replay file: the checks loading it to play runs (shape, version, the game's
    names against the content, then its recorded answers replayed), one line."""
    from adventures.persistence.replay import answers_problem
    from adventures.persistence.save import SaveError, load_record
    try:
        record = load_record(file, catalog)
        problem = answers_problem(record, catalog)    # loading replays the answers: so does validate
    except SaveError as exc:
        text = str(exc)
        return [Problem(file, 1, "", text[len(file) + 2:] if text.startswith(f"{file}: ") else text)]
    return [Problem(file, 1, "answers", problem)] if problem else []


def _check(file: str, content: str | None, catalogs: dict[Path, Catalog]) -> list[Problem]:
    if Path(file).suffix.lower() == ".json":     # a save or a replay (`adventures replay`, the app's Load)
        try:
            return _check_record(file, _catalog_for(file, content, catalogs))
        except ContentError as exc:
            return exc.problems
    try:
        loaded = load(file)
        problems = check_model(loaded.kind, loaded.model, loaded.path, loaded.lines)
        if problems:
            return problems
        _cross_check(loaded, lambda: _catalog_for(file, content, catalogs))
    except ContentError as exc:
        return exc.problems
    if loaded.kind in ("scenario", "sweep", "match"):
        return []
    # A content file is also checked as part of its tree (content is one tree, not files):
    # a key another file already uses, an unknown rules module, a board that cannot seat...
    here = os.path.realpath(file)
    catalog = _catalog_for(file, content, catalogs, note=False)
    return [p for p in catalog.problems if os.path.realpath(p.file) == here]


def _cross_check(loaded: Loaded, catalog: Callable[[], Catalog]) -> None:
    # Scenarios, matches and sweeps go through the very checks playing them runs (names
    # normalised, unknown names refused), against the catalog this file is checked with.
    if loaded.kind in ("scenario", "match"):
        check_against(loaded.model, catalog(), loaded.path, loaded.lines)
    elif loaded.kind == "sweep":
        from adventures.sim.runner import load_sweep
        load_sweep(loaded.path, catalog())
    elif loaded.kind == "difficulty":     # its measured rows name villains and heroes of the content
        problems = measured_row_problems(loaded.model, catalog(), loaded.path, loaded.lines)
        if problems:
            raise ContentError(problems)
    elif loaded.kind == "villain" and loaded.model.board is not None:
        boards = catalog().boards
        if loaded.model.board not in boards:
            raise ContentError(Problem(loaded.path, line_of(loaded.lines, "board"), "board",
                                       f"unknown board '{loaded.model.board}' (known: {suggest(loaded.model.board, boards)})"))
