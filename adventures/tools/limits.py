"""Every command-line option's type and bounds, declared once; checked before any game is played.

Each option that takes a value gets its `type=` from here (tests/test_cli_options.py walks
every subcommand's parser and fails for one that does not), so a bad value is refused by the
parser itself: exit 2 and one line naming the option, never a traceback.

A run keeps one small record per game in memory, so the number of games is bounded; a
sweep multiplies its cells by its games, so both are bounded. Seeds are bounded so every
derived game seed fits in a save or replay file (`engine.content.schema.MAX_SEED`).
Output folders are checked (created, writable) before the first game, never after.
"""
from __future__ import annotations

import argparse
import errno
import math
import os
import re
import stat
import tempfile
from pathlib import Path

from adventures.home import make_folder
from engine.content.schema import MAX_SEED

MAX_GAMES = 1_000_000          # games of one `simulate`/`soak`/`bench` run, or of a whole sweep
MAX_CELLS = 10_000             # cells of a sweep grid (the product of its value lists)
MAX_WORKERS = 256
MAX_TURNS = 10_000             # `screenshot --turns`
MAX_ROLLOUTS = 10_000          # expert: sampled worlds per decision
MAX_SECONDS = 3_600.0          # expert: CPU seconds per decision
MAX_PARAM = 1_000_000          # `tune --low/--high`: a scenario parameter's value
MAX_PROFILE = 10_000           # `bench --profile`: functions listed
MAX_CALLGRIND = 100_000        # `bench --callgrind`: games under valgrind
MAX_TEXT = 1_000               # a name or a comma-separated list of names
MAX_PATH = 4_096               # a path (Linux PATH_MAX)
MAX_COMPARE_ROUNDS = 1_000     # `python -m adventures.sim.compare --rounds`: blocks per tree


def _named(parse, what: str, kind: str):
    """Name the type (argparse names it in its messages) and say what kind of value it reads
    (tests/test_fuzz_commands.py picks hostile values by kind)."""
    parse.__name__ = what
    parse.kind = kind
    return parse


def _whole(text: str, what: str) -> int:
    text = text.strip()
    if len(text) > 60:
        raise argparse.ArgumentTypeError(f"{what} is too long ({len(text)} characters)")
    if not text.isascii():     # int() also reads other scripts' digits: say what was typed
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}")
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
    return _named(parse, what, "whole")


def real(lo: float, hi: float, what: str, open_low: bool = False, open_high: bool = False):
    """An argparse type: a finite number in lo..hi (an open end excludes it); never NaN or infinity."""
    def parse(text: str) -> float:
        text = text.strip()
        if len(text) > 60 or not text.isascii():
            raise argparse.ArgumentTypeError(f"expected a number, got {text[:40]!r}")
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text[:40]!r}") from None
        low_ok = value > lo if open_low else value >= lo
        high_ok = value < hi if open_high else value <= hi
        if not math.isfinite(value) or not (low_ok and high_ok):
            shown = f"{value:g}" if math.isfinite(value) and float(f"{value:g}") == value else text[:40]
            raise argparse.ArgumentTypeError(f"{what} must be {'above' if open_low else 'at least'} {lo:g} and "
                                             f"{'below' if open_high else 'at most'} {hi:g}, got {shown}")
        return value
    return _named(parse, what, "real")


games_arg = bounded(1, MAX_GAMES, "games")
games_or_none_arg = bounded(0, MAX_GAMES, "games")      # 0: skip that part of the run
seed_arg = bounded(-MAX_SEED, MAX_SEED, "seed")
paired_seed_arg = bounded(-MAX_SEED, MAX_SEED - 1, "seed")     # `calibrate` measures again at seed + 1
workers_arg = bounded(1, MAX_WORKERS, "workers")
turns_arg = bounded(0, MAX_TURNS, "turns")
rollouts_arg = bounded(1, MAX_ROLLOUTS, "rollouts")
seconds_arg = real(0.0, MAX_SECONDS, "seconds", open_low=True)
rate_arg = real(0.0, 1.0, "win rate", open_low=True, open_high=True)
param_value_arg = bounded(-MAX_PARAM, MAX_PARAM, "value")     # the enemy_cards dial goes below 0
profile_arg = bounded(0, MAX_PROFILE, "functions")
callgrind_arg = bounded(0, MAX_CALLGRIND, "games")
compare_rounds_arg = bounded(1, MAX_COMPARE_ROUNDS, "rounds")


def size(lo: tuple[int, int], hi: tuple[int, int], what: str = "window size"):
    """An argparse type: WIDTHxHEIGHT within lo..hi, as a (width, height) tuple."""
    def parse(text: str) -> tuple[int, int]:
        parts = text.strip().lower().split("x")
        if len(parts) != 2 or len(text) > 30 or not all(p.isascii() and p.isdigit() for p in parts):
            raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 1440x900, got {text[:40]!r}")
        w, h = int(parts[0]), int(parts[1])
        if not (lo[0] <= w <= hi[0] and lo[1] <= h <= hi[1]):
            raise argparse.ArgumentTypeError(f"{what} {w}x{h} is outside {lo[0]}x{lo[1]}..{hi[0]}x{hi[1]}")
        return w, h
    return _named(parse, what, "size")


def _text(text: str, what: str, limit: int, empty: bool = False) -> str:
    if not text.strip() and not (empty and not text):
        raise argparse.ArgumentTypeError(f"{what} is empty")
    if len(text) > limit:
        raise argparse.ArgumentTypeError(f"{what} is too long ({len(text):,} characters, at most {limit:,})")
    if "\0" in text or not text.isprintable():
        raise argparse.ArgumentTypeError(f"{what} has control characters: {text[:40]!r}")
    return text


def text(what: str, limit: int = MAX_TEXT, empty: bool = False):
    """An argparse type: a short printable text (a name, a list of names; with `empty`, also
    ""); what it names is checked by the command (an unknown name is refused there, never
    replaced)."""
    return _named(lambda value: _text(value, what, limit, empty), what, "text")


def one_of(what: str, names, limit: int = 80):
    """An argparse type: one of `names` (a closed vocabulary too long to list in one line);
    an unknown one is refused naming the closest few."""
    import difflib
    known = sorted(names)

    def parse(value: str) -> str:
        value = _text(value, what, limit).strip()
        if value not in known:
            near = difflib.get_close_matches(value, known, n=4, cutoff=0.5)
            hint = f"did you mean {', '.join(near)}?" if near else f"{len(known)} known, e.g. {', '.join(known[:4])}"
            raise argparse.ArgumentTypeError(f"unknown {what} {value[:40]!r} ({hint})")
        return value
    return _named(parse, what, "text")


def bot_choices(*extra: str) -> list[str]:
    """The `choices` of a command's bot option: every bot of the one registry
    (adventures/bots/registry.py), read when the parser is built, then the command's own
    words (`extra`: tune's "scenario", ladder's "expert-strong")."""
    from adventures.bots.registry import bot_names
    return bot_names() + list(extra)


def difficulty_option(parser: argparse.ArgumentParser) -> None:
    """`--difficulty LEVEL` (simulate, ladder, tune, report, screenshot): a level of the
    content in use (shipped: easy, standard, hard, heroic; adventures/content/difficulty.yaml).
    The name is checked against the content when the scenarios are loaded
    (`adventures.sim.runner.load_scenarios_for_command`): an unknown level is one line naming
    the option and the known levels, exit 2."""
    parser.add_argument("--difficulty", metavar="LEVEL", type=text("--difficulty level", 80), default=None,
                        help="play every scenario at this difficulty level (easy, standard, hard, heroic; "
                             "default: each scenario's own, standard when it names none)")


def _path_text(value: str, what: str) -> str:
    _text(value, what, MAX_PATH)
    try:
        os.fsencode(value)
    except UnicodeError:
        raise argparse.ArgumentTypeError(f"{what}: not a valid file name: {value[:40]!r}") from None
    return value


def path_arg(what: str = "path"):
    """An argparse type: a file to read, checked here only as text: what is at the path (no
    file, a folder, a FIFO, a link loop) is the loader's to say, one line naming the file,
    the same for every command and the app (`engine.content.loader`, `persistence.save`)."""
    return _named(lambda value: _path_text(value, what), what, "path")


def _lstat_target(path: Path):
    """os.stat of path (following links), or None when nothing is there; raises ArgumentTypeError
    for a dangling link, a symlink loop or an unreadable path."""
    try:
        return path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise argparse.ArgumentTypeError(f"{path}: a symbolic link to nothing") from None
        return None
    except OSError as exc:
        reason = ("a symbolic link loop" if exc.errno == errno.ELOOP else
                  "a file is in the way (not a folder)" if exc.errno == errno.ENOTDIR else exc.strerror or str(exc))
        raise argparse.ArgumentTypeError(f"{path}: {reason}") from None


def _nearest_existing(path: Path) -> Path:
    for p in (path, *path.parents):
        if os.path.lexists(p):
            return p
    return Path(".")


def check_folder(path: str | os.PathLike, what: str = "folder", writable: bool = True) -> Path:
    """Check that `path` is a folder, or can be made (nothing in the way, its nearest existing
    parent a folder we may write in); raise OutputError. Nothing is created."""
    try:
        path = Path(path).expanduser()
    except RuntimeError:            # ~name of a user this machine does not know
        raise OutputError(f"{path}: no such user's home folder") from None
    try:
        st = _lstat_target(path)
    except argparse.ArgumentTypeError as exc:
        raise OutputError(str(exc)) from None
    if st is not None:
        if not stat.S_ISDIR(st.st_mode):
            raise OutputError(f"{path}: the {what} is a file, not a folder")
        if writable and not os.access(path, os.W_OK | os.X_OK):
            raise OutputError(f"{path}: cannot write in the {what}")
        return path
    base = _nearest_existing(path.parent if str(path.parent) else Path("."))
    try:
        base_st = _lstat_target(base)
    except argparse.ArgumentTypeError as exc:
        raise OutputError(str(exc)) from None
    if base_st is None or not stat.S_ISDIR(base_st.st_mode):
        raise OutputError(f"{path}: cannot make the {what}: {base} is not a folder")
    if writable and not os.access(base, os.W_OK | os.X_OK):
        raise OutputError(f"{path}: cannot make the {what}: cannot write in {base}")
    return path


def folder_arg(what: str = "folder", writable: bool = True):
    """An argparse type: a folder that is there or can be made (`check_folder`). Nothing is
    created here: the command creates it (`output_folder`) just before writing, after its
    other checks, so a refused run leaves nothing behind."""
    def parse(value: str) -> str:
        try:
            check_folder(_path_text(value, what), what, writable)
        except OutputError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return value
    return _named(parse, what, "folder")


def file_out_arg(what: str = "output file", suffixes: tuple[str, ...] = ()):
    """An argparse type: a file we may write (not a folder, not a FIFO; its folder exists),
    ending in one of `suffixes` if given (the writer picks the format by the name's end and
    would otherwise write another format under that name)."""
    def parse(value: str) -> str:
        if suffixes and Path(value).suffix.lower() not in suffixes:
            raise argparse.ArgumentTypeError(f"{what} {value[:80]!r} must end in {' or '.join(suffixes)}")
        try:
            output_file(_path_text(value, what), what)
        except OutputError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return value
    return _named(parse, what, "file")


CLUSTER_SCHEMES = ("tcp", "tls")
_HOST = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)$")


def parse_cluster(value: str) -> tuple[str, str, int]:
    """(scheme, host, port) of a Dask scheduler address `[tcp://]HOST:PORT`; raises ValueError
    with a one-line reason."""
    value = value.strip()
    scheme, sep, rest = value.partition("://")
    if not sep:
        scheme, rest = "tcp", value
    if scheme not in CLUSTER_SCHEMES:
        raise ValueError(f"{value[:80]!r}: expected tcp://HOST:PORT (or tls://HOST:PORT)")
    host, colon, port = rest.rpartition(":")
    if not colon or not port.isascii() or not port.isdigit() or not 1 <= int(port[:6]) <= 65535:
        raise ValueError(f"{value[:80]!r}: expected HOST:PORT with a port in 1..65535")
    if not host.isascii() or not _HOST.match(host):
        raise ValueError(f"{value[:80]!r}: {host[:60]!r} is not a host name or IP address")
    return scheme, host, int(port)


def _cluster(value: str) -> str:
    try:
        scheme, host, port = parse_cluster(_text(value, "cluster address", 300))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return f"{scheme}://{host}:{port}"


cluster_arg = _named(_cluster, "cluster address", "cluster")


class OutputError(Exception):
    """An output path that cannot be used; str() is one line naming it."""


# Folders `output_folder` made in this run, deepest last: a run that then fails or is
# interrupted takes back the ones still empty (`remove_empty_created`), so a refused
# --cluster or a Ctrl-C before the first result leaves nothing behind.
_CREATED: list[Path] = []


def output_folder(path: str | os.PathLike, what: str = "output folder") -> Path:
    """Create `path` as a folder and check a file can be written in it; raise OutputError."""
    missing = []
    for p in (Path(path), *Path(path).parents):
        if p.exists() or p.is_symlink() or not str(p) or p == p.parent:
            break
        missing.append(p)
    folder = make_folder(Path(path), what, OutputError)
    _CREATED.extend(reversed(missing))
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise OutputError(f"{folder}: cannot write in the {what}: {exc.strerror or exc}") from None
    return folder


def remove_empty_created() -> None:
    """Remove the folders this run created that are still empty, deepest first (`cli.main`
    calls it when a command fails or is interrupted)."""
    while _CREATED:
        try:
            _CREATED.pop().rmdir()
        except OSError:
            pass           # something was written in it (or it is gone): keep it


def keep_created() -> None:
    """The run succeeded: its folders are the user's now (a later failing run in the same
    process, as in the tests, must not take them back)."""
    _CREATED.clear()


def output_file(path: str | os.PathLike, what: str = "output file") -> Path:
    """Check a file can be written at `path` (its folder exists and is writable, the path is
    not a folder); raise OutputError. Nothing is created."""
    target = Path(path)
    if os.fspath(path).endswith(os.sep):       # Path() drops the slash that asks for a folder
        raise OutputError(f"{os.fspath(path)}: the {what} names a folder (it ends in {os.sep})")
    try:
        st = target.stat()
    except FileNotFoundError:
        if target.is_symlink():
            raise OutputError(f"{target}: the {what} is a symbolic link to nothing") from None
        st = None
    except OSError as exc:
        raise OutputError(f"{target}: {'a symbolic link loop' if exc.errno == errno.ELOOP else exc.strerror or exc}") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{target}: the {what} is a folder")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise OutputError(f"{target}: the {what} is not a regular file")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"{target}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise OutputError(f"{target}: cannot write in {folder}")
    return target


def written_through(path: str | os.PathLike) -> Path:
    """Where writing the output file `path` lands: a symbolic link's final target (the link
    stays a link to the new file, as a shell's `>` leaves it), else `path` itself. The writer
    then replaces that file atomically (`adventures.home.replaced_when_done`)."""
    return Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
