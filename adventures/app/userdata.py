"""Where the app keeps autosaves, manual saves and preferences.

Linux: $XDG_DATA_HOME/tmnt-adventures (default ~/.local/share/tmnt-adventures); macOS:
~/Library/Application Support/tmnt-adventures; Windows: %APPDATA%/tmnt-adventures.
TMNT_ADVENTURES_HOME overrides all of them (tests point it at a temporary folder).
"""
from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

from adventures.home import HOME_ENV, data_home, make_folder, write_atomically

MAX_PREFS_BYTES = 64 * 1024
# Window sizes a prefs file may ask for; anything else falls back to the default size
# (a tampered 100000x100000 window would allocate gigabytes).
MIN_WINDOW, MAX_WINDOW = (640, 400), (7680, 4320)
SPEED_RANGE = (0, 5000)     # ms per enemy step


class HomeError(Exception):
    """The data folder cannot be used; str() is one line naming it."""


def _base() -> Path:
    return data_home()   # one rule for every command (the user content folder lives there too)


def _folder(path: Path, what: str) -> Path:
    return make_folder(path, what, HomeError)


def home() -> Path:
    """The data folder (created). Raises HomeError when it is a file or cannot be made."""
    return _folder(_base(), "data folder (TMNT_ADVENTURES_HOME)" if os.environ.get(HOME_ENV)
                   else "data folder")


def check_home() -> str:
    """'' when the data folder and its sub-folders are usable, else a one-line reason.
    Also removes temp files left by saves that were killed mid-write."""
    try:
        base = home()
        for name in ("saves", "replays"):
            _folder(base / name, f"{name} folder")
    except HomeError as exc:
        return str(exc)
    from adventures.persistence.save import remove_stale_temps
    for folder in (base, base / "saves", base / "replays"):    # temp files of writes cut short
        remove_stale_temps(folder)
    return ""


def autosave_path() -> Path:
    return home() / "autosave.json"


def saves_dir() -> Path:
    return _folder(home() / "saves", "saves folder")


def replays_dir() -> Path:
    """Finished games are exported here as replays (`adventures replay FILE` re-runs one)."""
    return _folder(home() / "replays", "replays folder")


@dataclass(frozen=True)
class SaveEntry:
    """One entry of the saves folder as the Load menu shows it."""

    path: Path
    mtime: float | None       # None: not a readable regular file (shown, not loadable)
    problem: str = ""


def save_entries(limit: int = 200) -> list[SaveEntry]:
    """Entries of saves/ named *.json, newest first; folders, FIFOs, dangling symlinks,
    loops and files that vanish while listing are kept as unreadable entries, last."""
    try:
        names = sorted(os.listdir(saves_dir()))
    except (OSError, HomeError):
        return []
    good, bad = [], []
    for name in names:
        if not name.endswith(".json") or name.startswith("."):
            continue
        path = saves_dir() / name
        try:
            st = path.stat()            # follows symlinks: a loop or a dangling link raises
        except OSError as exc:
            bad.append(SaveEntry(path, None, exc.strerror or "cannot read"))
            continue
        if not stat.S_ISREG(st.st_mode):
            bad.append(SaveEntry(path, None, "not a regular file"))
        else:
            good.append(SaveEntry(path, st.st_mtime))
        if len(good) + len(bad) >= limit:
            break
    good.sort(key=lambda e: e.mtime, reverse=True)
    return good + bad


def list_saves() -> list[Path]:
    """Loadable manual saves (regular files), newest first."""
    return [e.path for e in save_entries() if e.mtime is not None]


# ---------------------------------------------------------------- preferences
def _int_in(value, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _window_ok(value) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and _int_in(value[0], MIN_WINDOW[0], MAX_WINDOW[0]) and _int_in(value[1], MIN_WINDOW[1], MAX_WINDOW[1]))


# key -> check of a valid value; any other value is dropped (the app uses its default)
PREF_CHECKS = {
    "speed_ms": lambda v: _int_in(v, *SPEED_RANGE),
    "window": _window_ok,
    "villain": lambda v: isinstance(v, str) and 0 < len(v) <= 80,
    "open_hands": lambda v: isinstance(v, bool),
    # the new-game screen's last choices and the settings (each is checked again where used)
    "players": lambda v: _int_in(v, 1, 4),
    "heroes": lambda v: _names(v),
    "controls": lambda v: _names(v),
    "ui_scale": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0.5 <= v <= 3.0,
    "palette": lambda v: isinstance(v, str) and 0 < len(v) <= 40,
    "combat_seconds": lambda v: _int_in(v, 1, 60),
    "sound": lambda v: isinstance(v, bool),
    "rule_hints": lambda v: isinstance(v, bool),
}


def _names(value) -> bool:
    return isinstance(value, list) and len(value) <= 4 and all(isinstance(x, str) and len(x) <= 80 for x in value)


def clean_prefs(data) -> tuple[dict, list[str]]:
    """(the valid preferences of `data`, one line per value dropped)."""
    if not isinstance(data, dict):
        return {}, [f"expected a JSON object, got {type(data).__name__}"]
    prefs, dropped = {}, []
    for key, value in data.items():
        check = PREF_CHECKS.get(key)
        if check is None:
            continue                        # unknown keys: from a newer version, ignored
        if check(value):
            prefs[key] = value
        else:
            text = repr(value)
            dropped.append(f"{key}: bad value {text if len(text) <= 30 else text[:27] + '...'}")
    return prefs, dropped


def load_prefs(warn=None) -> dict:
    """Preferences from prefs.json; a missing file is {}, a bad one (or bad values in it)
    falls back to the defaults and `warn(one line)` says so (default: print to stderr)."""
    warn = warn or (lambda line: print(line, file=sys.stderr))
    try:
        path = home() / "prefs.json"
    except HomeError:
        return {}
    try:
        with open(path, "rb", opener=_nonblocking) as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise ValueError("not a regular file")
            raw = fh.read(MAX_PREFS_BYTES + 1)
        if len(raw) > MAX_PREFS_BYTES:
            raise ValueError("file is too large")
        data = json.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, RecursionError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).splitlines()[0][:80]
        warn(f"{path}: ignored ({reason}); using the default preferences")
        return {}
    prefs, dropped = clean_prefs(data)
    if dropped:
        warn(f"{path}: ignored {'; '.join(dropped)}; using the defaults for them")
    return prefs


def _nonblocking(path, flags):
    """open() that never blocks on a FIFO (its reader would wait for a writer forever)."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def save_prefs(prefs: dict) -> None:
    try:
        write_atomically(home() / "prefs.json", json.dumps(prefs, indent=1, sort_keys=True))
    except (OSError, HomeError, TypeError, ValueError):
        pass   # preferences are a convenience; never fail a game over them
