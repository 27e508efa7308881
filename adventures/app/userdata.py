"""Where the app keeps autosaves, manual saves and preferences.

Linux: $XDG_DATA_HOME/tmnt-adventures (default ~/.local/share/tmnt-adventures); macOS:
~/Library/Application Support/tmnt-adventures; Windows: %APPDATA%/tmnt-adventures.
TMNT_ADVENTURES_HOME overrides all of them (tests point it at a temporary folder).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

APP_DIR = "tmnt-adventures"


def home() -> Path:
    override = os.environ.get("TMNT_ADVENTURES_HOME")
    if override:
        base = Path(override)
    elif sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / APP_DIR
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / APP_DIR
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / APP_DIR
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
