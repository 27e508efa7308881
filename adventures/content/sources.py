"""Which content a run plays with: the shipped files, then the owner's folder on top.

An owner of the box can replace our approximated villain-side cards with the printed ones
without touching the package: a file in the user content folder whose key is a shipped one
replaces it (a villain, a minion, a hero, a board; a traps or allies file replaces that
deck), and a new key adds content. The folder is `content/` in the data folder (beside the
saves), or the folder named by TMNT_ADVENTURES_CONTENT, which `--content DIR` sets so worker
processes see it too. Upgrades never write there.

The shipped content must be sound (a problem there raises ContentError, as before). A
broken user file is left out with its `file:LINE: field: message` line in
`Catalog.problems`, and the shipped entry it meant to replace stays: the app and the
command line show that line and still play.
"""
from __future__ import annotations

import os
from pathlib import Path

from adventures.content.catalog import CONTENT_ROOT, FOLDERS, Catalog, build_catalog, load_catalog
from adventures.home import data_home
from engine.content.loader import Problem

CONTENT_ENV = "TMNT_ADVENTURES_CONTENT"

_cache: dict[tuple, Catalog] = {}


def user_content_dir() -> Path:
    """The owner's content folder in use (it may not exist yet)."""
    chosen = os.environ.get(CONTENT_ENV)
    return Path(chosen).expanduser() if chosen else data_home() / "content"


def use_content_dir(folder: str | os.PathLike) -> Path:
    """Point this process and the workers it starts at another user content folder.

    Raises ValueError with a one-line reason when the folder does not exist."""
    path = Path(folder).expanduser()
    if not path.is_dir():
        raise ValueError(f"{folder}: no such content folder")
    if not _fingerprint(path):      # pointing at a folder with nothing in it is a mistake
        raise ValueError(f"{folder}: no content files (expected YAML files in heroes/, villains/, "
                         "minions/, boards/, traps/ or allies/)")
    os.environ[CONTENT_ENV] = os.fspath(path.resolve())
    return path


def _fingerprint(folder: Path) -> tuple:
    """What the catalog depends on in the folder: every YAML file's name, size and time."""
    try:
        if not folder.is_dir():
            return ()
        paths = sorted(folder.rglob("*"))
    except OSError as exc:      # unreadable folder: say so once, like a broken file
        return (("error", exc.strerror or str(exc)),)
    out = []
    for path in paths:
        if path.suffix in (".yaml", ".yml"):
            try:
                st = path.stat()
            except OSError:
                try:            # a link loop or to nothing: content too, which loading refuses in a line
                    st = path.lstat()
                except OSError:
                    continue
            out.append((os.fspath(path), st.st_size, st.st_mtime_ns))
    return tuple(out)


def build_merged(roots: list[str | os.PathLike]) -> Catalog:
    """The catalog of several content folders, later folders replacing earlier ones by key.

    `Catalog.problems` lists the problems of every folder; `Catalog.custom` names the
    entries that came from a folder other than the shipped one."""
    cat: Catalog | None = None
    for root in roots:
        cat = build_catalog(root, base=cat)
    return cat if cat is not None else Catalog()


def active_catalog() -> Catalog:
    """The shipped content with the user folder on top, rebuilt when a user file changes.

    Shipped problems raise ContentError; user problems are in `.problems` (those files are
    left out). Treat the result as read-only: it is shared between callers."""
    shipped = load_catalog(CONTENT_ROOT)         # strict and cached
    folder = user_content_dir()
    stamp = _fingerprint(folder)
    if not stamp:
        return shipped
    key = (os.fspath(folder), stamp)
    if key not in _cache:
        _cache.clear()
        try:
            _cache[key] = build_merged([CONTENT_ROOT, folder])
        except OSError as exc:
            _cache[key] = Catalog(dict(shipped.heroes), dict(shipped.enemies), dict(shipped.boards), shipped.traps,
                                  shipped.allies, shipped.difficulty, [Problem(os.fspath(folder), 1, "",
                                                           f"cannot read your content folder: {exc.strerror or exc}")],
                                  glossary=shipped.glossary)
    return _cache[key]


def content_summary(catalog: Catalog | None = None) -> str:
    """One line saying which content is in use, for the new-game screen and `--help`."""
    catalog = catalog if catalog is not None else active_catalog()
    folder = user_content_dir()
    if not catalog.custom:
        bad = f", {len(catalog.problems)} user file(s) refused" if catalog.problems else ""
        return f"Content: shipped (villain side is our design){bad}"
    names = []
    for (table, key) in sorted(catalog.custom):
        if table in ("traps", "allies", "difficulty", "glossary"):
            names.append({"traps": "traps", "allies": "allies & henchmen", "glossary": "glossary"}.get(
                table, "difficulty levels"))
        else:
            model = catalog.entry(table, key)
            names.append(model.name if model is not None else key)
    shown = ", ".join(names[:4]) + (f" +{len(names) - 4}" if len(names) > 4 else "")
    bad = f"; {len(catalog.problems)} file(s) refused" if catalog.problems else ""
    return f"Content: shipped + yours from {folder} ({shown}){bad}"


def is_shipped_folder(path: Path) -> bool:
    return path.resolve() == CONTENT_ROOT


KIND_FOLDERS = {kind: folder for folder, kind in FOLDERS.items()}
