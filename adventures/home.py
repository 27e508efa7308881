"""Where the program keeps its files: the data folder (saves, replays, preferences, user
content, compiled modules). Standard library only: `adventures/__init__` asks it before
the engine is imported."""
from __future__ import annotations

import contextlib
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


@contextlib.contextmanager
def replaced_when_done(path: Path):
    """A temporary path beside `path` (same suffix, so writers that pick the format by the
    name still do) for the block to write; renamed over `path` when the block succeeds,
    removed when it fails: a full disk or an interrupt leaves the old file whole (or none)
    and no partial or empty one. Raises what the block raises."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=f".tmp{path.suffix}", dir=path.parent)
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)      # the permissions a plain open() would give, not mkstemp's 0600
    try:
        yield Path(tmp)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder, renamed over it
    (`replaced_when_done`). Raises OSError."""
    with replaced_when_done(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
