"""`adventures validate PATH...`: check content and scenario files, one error per line.

Prints `ok  path` for each good file and `file:LINE: field: message` for each problem;
exits 0 when everything is valid, 2 otherwise. Never prints a traceback: designers read
this output, and CI greps it.
"""
from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

from adventures.content.catalog import CONTENT_ROOT, FOLDERS, Catalog, build_catalog, check_scenario
from adventures.content.sources import KIND_FOLDERS, build_merged, user_content_dir
from engine.content.loader import ContentError, Loaded, Problem, line_of, load, suggest
from engine.content.schema import ScenarioDef


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="YAML files or folders, searched recursively (default: your content folder)")
    parser.add_argument("--content", metavar="DIR", default=None,
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
    except Exception as exc:  # the promise is: no tracebacks, ever
        print(f"adventures validate: internal error: {type(exc).__name__}: {exc}")
        return 2


def _files(paths: list[str]) -> tuple[list[str], list[str]]:
    found, missing = [], []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found += [os.fspath(f) for f in sorted(p.rglob("*")) if f.suffix in (".yaml", ".yml") and f.is_file()]
        elif p.is_file():
            found.append(raw)
        else:
            missing.append(raw)
    return found, missing


def _run(paths: list[str], content: str | None) -> int:
    files, missing = _files(paths)
    for raw in missing:
        print(f"{raw}: no such file or directory")
    if not files and not missing:
        print(f"{', '.join(paths)}: no YAML files found")
    catalogs: dict[Path, Catalog] = {}
    failed = bool(missing)
    for file in files:
        try:
            problems = _check(file, content, catalogs)
        except Exception as exc:  # one broken file must not hide the others
            print(f"{file}: internal error: {type(exc).__name__}: {exc}")
            failed = True
            continue
        if problems:
            failed = True
            print("\n".join(str(p) for p in problems))
        else:
            print(f"ok  {file}")
    return 2 if failed else 0


def _catalog_for(file: str, content: str | None, catalogs: dict[Path, Catalog], *, note: bool = True) -> Catalog:
    """The catalog a file is checked against: the shipped content with --content on top, else
    with the content tree the file sits in on top, else with the user content folder on top."""
    if content is not None:
        root = Path(content)
    else:
        root = Path(file).resolve().parent.parent
        if not any((root / name).is_dir() or (root / f"{name}.yaml").is_file() for name in FOLDERS):
            root = user_content_dir()
    root = root.resolve()
    if root not in catalogs:
        # lenient: bad files are reported on their own
        catalogs[root] = build_catalog(CONTENT_ROOT) if root == CONTENT_ROOT or not root.is_dir() \
            else build_merged([CONTENT_ROOT, root])
        catalogs[root].noted = False   # type: ignore[attr-defined]  (the note is printed once)
    catalog = catalogs[root]
    if note and catalog.problems and not catalog.noted:   # type: ignore[attr-defined]
        catalog.noted = True   # type: ignore[attr-defined]
        print(f"note: {root} has {len(catalog.problems)} content problem(s); "
              f"cross-checks use only its valid files (run `adventures validate {root}`)")
    return catalog


def _check(file: str, content: str | None, catalogs: dict[Path, Catalog]) -> list[Problem]:
    try:
        loaded = load(file)
        _cross_check(loaded, lambda: _catalog_for(file, content, catalogs))
    except ContentError as exc:
        return exc.problems
    if loaded.kind in KIND_FOLDERS and loaded.kind != "scenario":
        # what only the whole catalog sees: a key used twice, an unknown rules module
        here = Path(file).resolve()
        catalog = _catalog_for(file, content, catalogs, note=False)
        return [p for p in catalog.problems if Path(p.file).resolve() == here]
    return []


def _cross_check(loaded: Loaded, catalog: Callable[[], Catalog]) -> None:
    if loaded.kind == "scenario":
        check_scenario(loaded.model, catalog(), loaded.path, loaded.lines)
    elif loaded.kind == "sweep":
        if isinstance(loaded.model.get("base"), dict):
            base = ScenarioDef.model_validate(loaded.model["base"])   # the loader validated it
            check_scenario(base, catalog(), loaded.path, loaded.lines, at="base")
        # The simulator's own reading checks parameter names and values in every cell.
        from adventures.sim.runner import load_sweep
        load_sweep(loaded.path)
    elif loaded.kind == "villain" and loaded.model.board is not None:
        boards = catalog().boards
        if loaded.model.board not in boards:
            raise ContentError(Problem(loaded.path, line_of(loaded.lines, "board"), "board",
                                       f"unknown board '{loaded.model.board}' (known: {suggest(loaded.model.board, boards)})"))
