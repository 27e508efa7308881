"""`adventures content`: the owner's content folder, and new files for it from templates.

`adventures content` says where the folder is and what each file in it does (replaces a
shipped entry, adds one, or is left out and why). `adventures content new KIND NAME`
writes a commented copy of a shipped file there, ready for the printed values.
Never writes into the installed package; never prints a traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from adventures.content.templates import KINDS
from adventures.home import write_atomically
from adventures.tools import limits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action")
    new = sub.add_parser("new", help="write a commented template file into your content folder")
    new.add_argument("kind", choices=list(KINDS), help="what to make")
    new.add_argument("name", type=limits.text("name", 80), help="a shipped key to replace it (shredder, wingnut, ...) or a new key to add one")
    new.add_argument("--force", action="store_true", help="overwrite a file that already exists")
    new.add_argument("--content", metavar="DIR", default=argparse.SUPPRESS, type=limits.folder_arg("--content folder"),
                     help="your content folder (default: content/ in the data folder)")
    parser.add_argument("--content", metavar="DIR", default=None, type=limits.folder_arg("--content folder", writable=False),
                        help="your content folder (default: content/ in the data folder)")


def run(args: argparse.Namespace) -> int:
    try:
        folder = Path(args.content).expanduser() if args.content else _default_folder()
        if getattr(args, "action", None) == "new":
            return _new(folder, args.kind, args.name, args.force)
        return _show(folder)
    except OSError as exc:
        if exc.filename is None:    # writing to our output (a closed pipe, > /dev/full): cli.main says it
            raise
        print(f"adventures content: {exc.filename}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except Exception as exc:   # the promise is: no tracebacks, ever
        print(f"adventures content: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


def _default_folder() -> Path:
    from adventures.content.sources import user_content_dir
    return user_content_dir()


def _new(folder: Path, kind: str, name: str, force: bool) -> int:
    from adventures.content.catalog import CONTENT_ROOT
    from adventures.content.templates import check_name, render, shipped_names, template_problems
    problem = check_name(name)
    if problem:
        print(f"adventures content new: {problem}", file=sys.stderr)
        return 2
    if folder.resolve() == CONTENT_ROOT or CONTENT_ROOT in folder.resolve().parents:
        print(f"adventures content new: {folder} is the shipped content; use a folder of your own", file=sys.stderr)
        return 2
    target = folder / KINDS[kind][0] / f"{name}.yaml"
    if os.path.lexists(target) and not target.is_file():
        print(f"adventures content new: {target} is in the way (not a file); nothing written", file=sys.stderr)
        return 2
    if target.exists() and not force:
        print(f"adventures content new: {target} already exists (add --force to overwrite it)", file=sys.stderr)
        return 2
    refusals = template_problems(kind, name, folder)     # never write what `validate` refuses
    if refusals:
        print(f"adventures content new: {refusals[0]}", file=sys.stderr)
        return 2
    try:     # made through output_folder, so a failed run takes back the folders it made
        limits.output_folder(target.parent, "content folder")
        write_atomically(target, render(kind, name))
    except limits.OutputError as exc:
        print(f"adventures content new: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:      # the disk filled
        print(f"adventures content new: {target}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 1
    shipped = name in shipped_names(kind) or kind in ("traps", "allies")
    print(f"wrote {target}")
    print(f"  {'replaces the shipped ' + kind if shipped else 'adds a new ' + kind}; "
          f"edit it, then check it with: adventures validate")
    return 0


def _show(folder: Path) -> int:
    from adventures.content.catalog import CONTENT_ROOT, load_catalog
    from adventures.content.sources import build_merged
    try:       # a data folder that is a file: say so, not "(empty)"
        limits.check_folder(folder, "content folder", writable=False)
    except limits.OutputError as exc:
        print(f"adventures content: {exc}", file=sys.stderr)
        return 2
    print(f"your content folder: {folder}")
    if not folder.is_dir():
        print("  (empty) start one with: adventures content new villain shredder")
        return 0
    cat = build_merged([CONTENT_ROOT, folder])
    mine = {Path(f).resolve(): key for key, f in cat.custom.items()}
    bad = {Path(p.file).resolve() for p in cat.problems}
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
    shipped = load_catalog(CONTENT_ROOT)
    for path in files:
        key = mine.get(path.resolve())
        if key is not None:
            table, name = key
            known = {"hero": shipped.heroes, "enemy": shipped.enemies, "board": shipped.boards}.get(table)
            verb = "replaces" if known is None or name in known else "adds"
            print(f"  {verb} {table} {name}: {path}")
        elif path.resolve() not in bad:
            print(f"  not used: {path}")
    for problem in cat.problems:
        print(f"{problem} (left out)")
    return 2 if cat.problems else 0
