"""Where the program keeps its files: the data folder (saves, replays, preferences, user
content, compiled modules). Standard library only: `adventures/__init__` asks it before
the engine is imported."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

APP_DIR = "tmnt-adventures"
HOME_ENV = "TMNT_ADVENTURES_HOME"


def data_home() -> Path:
    """The data folder; not created here.

    Linux: $XDG_DATA_HOME/tmnt-adventures (default ~/.local/share/tmnt-adventures); macOS:
    ~/Library/Application Support/tmnt-adventures; Windows: %APPDATA%/tmnt-adventures.
    TMNT_ADVENTURES_HOME overrides all of them.
    """
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override)
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / APP_DIR
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_DIR
    return Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / APP_DIR


def make_folder(path: Path, what: str, error: type[Exception]) -> Path:
    """Create `path` as a folder (parents too) if needed; raises `error` with one line
    naming the path and why it cannot be (a file in the way, no permission...)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise error(f"{path}: the {what} is a file, not a folder") from None
    except OSError as exc:
        raise error(f"{path}: cannot create the {what}: {exc.strerror or exc}") from None
    if not path.is_dir():
        raise error(f"{path}: the {what} is not a folder")
    return path


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder, renamed over it:
    the old file stays whole until the new one is complete, and the temporary file is
    removed on any error (a full disk, a folder in the way). Raises OSError."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
