"""Where the app keeps autosaves, manual saves and preferences.

Linux: $XDG_DATA_HOME/tmnt-adventures (default ~/.local/share/tmnt-adventures); macOS:
~/Library/Application Support/tmnt-adventures; Windows: %APPDATA%/tmnt-adventures.
TMNT_ADVENTURES_HOME overrides all of them (tests point it at a temporary folder).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from adventures.content.sources import data_home


def home() -> Path:
    base = data_home()   # one rule for every command (the user content folder lives there too)
    base = data_home()
    base.mkdir(parents=True, exist_ok=True)
    return base


def autosave_path() -> Path:
    return home() / "autosave.json"


def saves_dir() -> Path:
    d = home() / "saves"
    d.mkdir(parents=True, exist_ok=True)
    return d


def replays_dir() -> Path:
    """Finished games are exported here as replays (`adventures replay FILE` re-runs one)."""
    path = home() / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path


def list_saves() -> list[Path]:
    """Manual saves, newest first."""
    return sorted(saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def load_prefs() -> dict:
    try:
        data = json.loads((home() / "prefs.json").read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def save_prefs(prefs: dict) -> None:
    path = home() / "prefs.json"
    tmp = path.with_suffix(".tmp")
    try:
        tmp.write_text(json.dumps(prefs, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass   # preferences are a convenience; never fail a game over them
