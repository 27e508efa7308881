"""Nothing lost: the game in progress (the autosave) is kept as a named save before
another game takes its place, and only the game that wrote the autosave may remove it.

Every path that starts or opens another game (new game, Load, a scenario file, a replay,
`--resume`) goes through `keep_game_in_progress` first; the screens ask before calling it.
"""
from __future__ import annotations

import datetime
import json
import shutil
from pathlib import Path

from adventures.app import userdata
from adventures.persistence.save import hero_names


def game_in_progress() -> bool:
    return userdata.autosave_path().exists()


def is_autosave(path) -> bool:
    try:
        return Path(path).resolve() == userdata.autosave_path().resolve()
    except (OSError, RuntimeError, userdata.HomeError):   # a symlink loop, a vanished home
        return False


def _record(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else None
    except (OSError, ValueError):
        return None


def describe_in_progress() -> str:
    """'Shredder, 1 player, 14 decisions' for the question asked before replacing it."""
    record = _record(userdata.autosave_path()) or {}
    scenario = record.get("scenario") or {}
    villain = str(scenario.get("villain", "a villain")).replace("_", " ").title()
    heroes = ", ".join(hero_names(record))
    answers = len(record.get("answers") or [])
    if record.get("kind") == "match":            # a competitive game: its heroes face each other
        return f"{heroes.replace(', ', ' vs ') or 'a match'} ({scenario.get('mode', 'duel')}), {answers} decisions in"
    return f"{heroes or 'heroes'} against {villain}, {answers} decisions in"


def keep_game_in_progress() -> Path | None:
    """Copy the autosave into the saves folder under a readable name; returns the new file
    (None when there is no game in progress or the copy failed)."""
    src = userdata.autosave_path()
    if not src.exists():
        return None
    scenario = (_record(src) or {}).get("scenario") or {}
    villain = "".join(ch for ch in str(scenario.get("villain", "match" if "mode" in scenario else "game"))
                      if ch.isalnum() or ch in "_-") or "game"
    try:
        kept = _kept_already(src, userdata.saves_dir())
        if kept is not None:          # a refused load, asked again: one copy is enough
            return kept
        stamp = datetime.datetime.now().strftime("%Y-%m-%d_%H%M%S")
        dest = userdata.saves_dir() / f"{villain}_kept_{stamp}.json"
        shutil.copyfile(src, dest)
    except (OSError, userdata.HomeError):
        return None
    return dest


def _kept_already(src: Path, saves: Path) -> Path | None:
    """A kept copy in `saves` with the same bytes as the autosave, if there is one."""
    data = src.read_bytes()
    for path in sorted(saves.glob("*_kept_*.json")):
        try:
            if path.stat().st_size == len(data) and path.read_bytes() == data:
                return path
        except OSError:
            continue
    return None


def autosave_belongs_to(game) -> bool:
    """Whether the autosave is this game (same seed, its answers a prefix of this game's):
    a finished replay or a loaded save must not delete another game's autosave."""
    record = _record(userdata.autosave_path())
    if record is None:
        return False
    answers = record.get("answers")
    if record.get("seed") != game.seed or not isinstance(answers, list):
        return False
    return list(game.answers[:len(answers)]) == answers
