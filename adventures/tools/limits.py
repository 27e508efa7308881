"""Upper bounds of the command-line tools, checked before any game is played.

A run keeps one small record per game in memory, so the number of games is bounded; a
sweep multiplies its cells by its games, so both are bounded. Seeds are bounded so every
derived game seed fits in a save or replay file (`engine.content.schema.MAX_SEED`).
Output folders are checked (created, writable) before the first game, never after.
"""
from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from adventures.home import make_folder
from engine.content.schema import MAX_SEED

MAX_GAMES = 1_000_000          # games of one `simulate`/`soak`/`bench` run, or of a whole sweep
MAX_CELLS = 10_000             # cells of a sweep grid (the product of its value lists)
MAX_WORKERS = 256
MAX_TURNS = 10_000             # `screenshot --turns`


def _whole(text: str, what: str) -> int:
    text = text.strip()
    if len(text) > 60:
        raise argparse.ArgumentTypeError(f"{what} is too long")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}") from None


def bounded(lo: int, hi: int, what: str):
    """An argparse type: a whole number in lo..hi."""
    def parse(text: str) -> int:
        value = _whole(text, what)
        if not lo <= value <= hi:
            shown = f"{value:,}" if len(str(value)) <= 40 else f"a {len(str(abs(value)))}-digit number"
            limit = f"at most {len(str(hi))} digits" if hi == MAX_SEED else f"{lo:,}..{hi:,}"
            raise argparse.ArgumentTypeError(f"{what} must be {limit}, got {shown}")
        return value
    parse.__name__ = what          # argparse names the type in its messages
    return parse


games_arg = bounded(1, MAX_GAMES, "games")
seed_arg = bounded(-MAX_SEED, MAX_SEED, "seed")
workers_arg = bounded(1, MAX_WORKERS, "workers")
turns_arg = bounded(0, MAX_TURNS, "turns")


class OutputError(Exception):
    """An output path that cannot be used; str() is one line naming it."""


def output_folder(path: str | os.PathLike, what: str = "output folder") -> Path:
    """Create `path` as a folder and check a file can be written in it; raise OutputError."""
    folder = make_folder(Path(path), what, OutputError)
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise OutputError(f"{folder}: cannot write in the {what}: {exc.strerror or exc}") from None
    return folder


def output_file(path: str | os.PathLike, what: str = "output file") -> Path:
    """Check a file can be written at `path` (its folder exists and is writable, the path is
    not a folder); raise OutputError. Nothing is created."""
    target = Path(path)
    if target.is_dir():
        raise OutputError(f"{target}: the {what} is a folder")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"{target}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise OutputError(f"{target}: cannot write in {folder}")
    return target
