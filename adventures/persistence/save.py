"""Saved games: a versioned JSON record of the scenario, the seed and every answer.

A game is rebuilt by replaying: same scenario + same seed + same answers = same game
(ARCHITECTURE.md, "The game loop and decisions"). The record:

    {"format": "tmnt-adventures-save", "version": SAVE_VERSION,
     "scenario": {...ScenarioDef...}, "seed": 7, "answers": [0, 2, ...],
     "state_hash": "...", "round": 3, "saved_at": "2024-05-01T12:00:00+00:00",
     "bot_rng": [...],            # optional: the bots' RNG, so random bots continue alike
     "content": {"digest": "...", "yours": [...]},   # optional: the content played with
     "hidden_hands": true}        # hot seat: hands stay hidden between players (version 2)

Versions: 0 (never released), 1, 2 (adds "hidden_hands"; a version-1 save gets null,
"not recorded", and whoever opens it decides as before). Older records are migrated
step by step on reading (MIGRATIONS).

A competitive game (adventures.competitive) adds "kind": "match" and its "scenario" is the
MatchDef; a record without "kind" is a co-op adventure, as every save before matches.

Files are written atomically (temp file in the same folder, fsync, os.replace, fsync of
the folder so the rename itself survives a power cut): a crash or a full disk never leaves
a half-written save in place of a good one. Temp files of killed saves are removed by
`remove_stale_temps` when the app starts. Loading never writes, reads only regular files
(a FIFO would block forever) and refuses anything odd with a one-line SaveError.
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from adventures.persistence.content_stamp import content_stamp
from adventures.persistence.hashing import state_hash

FORMAT = "tmnt-adventures-save"
SAVE_VERSION = 2
MAX_SAVE_BYTES = 5 * 1024 * 1024
MAX_ANSWERS = 500_000          # far beyond any real game (~1000 decisions)
MAX_ROUND = 10_000
MAX_SEED_DIGITS = 40
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60        # a live save finishes in well under a second


class SaveError(Exception):
    """A save or replay file that cannot be written or read; str() is one line."""

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))   # always a single line


# ---------------------------------------------------------------- writing
def is_match(definition) -> bool:
    """Whether a game's definition is a competitive match (MatchDef) rather than a scenario."""
    from engine.content.schema import MatchDef
    return isinstance(definition, MatchDef)


def game_record(game) -> dict:
    """The JSON-able record of `game` as it stands (see the module docstring).
    `game.hidden_hands` (set by the app; absent: open) says whether the table plays
    with hands hidden: part of the game, so a loaded hot-seat game stays hidden."""
    version, state, gauss = game.bot_rng.getstate()
    return {
        "format": FORMAT,
        "version": SAVE_VERSION,
        **({"kind": "match"} if is_match(game.scenario) else {}),
        "scenario": game.scenario.model_dump(mode="json"),
        "seed": game.seed,
        "answers": list(game.answers),
        "state_hash": state_hash(game),
        "round": game.round,
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "bot_rng": [version, list(state), gauss],
        "content": content_stamp(game),
        "hidden_hands": bool(getattr(game, "hidden_hands", False)),
        # for the save's title only (the scenario may say "random"; loading draws them again)
        "heroes": [side.hero_key for side in game.sides if not side.is_enemy],
    }


def save_game(game, path: str | os.PathLike) -> None:
    """Write `game` to `path` atomically; raise SaveError (the old file stays intact)."""
    write_record(game_record(game), path)


def write_record(record: dict, path: str | os.PathLike) -> None:
    target = Path(path)
    try:
        text = json.dumps(record, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"{target}: cannot save: {exc}") from None
    if target.is_dir():
        raise SaveError(f"{target}: is a folder, not a file")
    folder = target.parent if str(target.parent) else Path(".")
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        tmp = None
        _fsync_folder(folder)
    except OSError as exc:
        raise SaveError(f"{target}: cannot save: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable: the new directory entry is only on disk once the folder is
    synced (POSIX; Windows has no directory handles and commits renames itself)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_stale_temps(folder: str | os.PathLike, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete temp files (`.NAME.XXXX.tmp`) left in `folder` by saves killed mid-write;
    returns how many. Young ones may belong to a save in progress and are kept."""
    removed = 0
    now = time.time()
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
            continue
        path = os.path.join(folder, name)
        try:
            st = os.lstat(path)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= older_than:
                os.unlink(path)
                removed += 1
        except OSError:
            pass
    return removed


# ---------------------------------------------------------------- reading
def _migrate_0(record: dict) -> dict:
    """Version 0 (never released; proves the mechanism): answers were called "choices"
    and there was no round or timestamp."""
    out = dict(record)
    if "choices" in out:
        out["answers"] = out.pop("choices")
    # The round was not recorded: a replay then re-runs up to the scenario's own cap
    # (not round 0, which would stop it at once and always diverge).
    scenario = out.get("scenario")
    cap = scenario.get("max_rounds", 60) if isinstance(scenario, dict) else 60
    out.setdefault("round", cap if _is_int(cap) and 1 <= cap <= MAX_ROUND else 60)
    out.setdefault("saved_at", "")
    out["version"] = 1
    return out


def _migrate_1(record: dict) -> dict:
    """Version 1 did not keep whether hands were hidden: null says "not recorded", and the
    app opens it with its own choice, as it did before version 2."""
    out = dict(record)
    out["hidden_hands"] = None
    out["version"] = 2
    return out


# version N -> function turning a version-N record into a version-N+1 record
MIGRATIONS = {0: _migrate_0, 1: _migrate_1}


def _no_constants(name: str):
    raise ValueError(f"{name} is not a number")


def _unique_keys(pairs: list) -> dict:
    out = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


def parse_record(raw: bytes, where: str = "save file", catalog=None) -> dict:
    """Check and migrate the bytes of a save/replay file; return the current-version record."""
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{where}: file is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{where}: not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    try:
        record = json.loads(text, parse_constant=_no_constants, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{where}: not a JSON file (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise SaveError(f"{where}: JSON nested too deeply") from None
    except ValueError as exc:          # duplicate keys, NaN, integers too long to read
        raise SaveError(f"{where}: unreadable JSON: {exc}") from None
    if not isinstance(record, dict):
        raise SaveError(f"{where}: expected a JSON object at the top level, got {_kind(record)}")
    if record.get("format") != FORMAT:
        got = record.get("format")
        raise SaveError(f"{where}: not a TMNT Adventures save (format is {_short(got)}, expected {FORMAT!r})")
    version = record.get("version")
    if not _is_int(version) or version < 0:
        raise SaveError(f"{where}: version must be a whole number >= 0, got {_short(version)}")
    if version > SAVE_VERSION:
        raise SaveError(f"{where}: saved by a newer version of the game (save version {version}; "
                        f"this program reads up to version {SAVE_VERSION}): please update")
    while record["version"] < SAVE_VERSION:
        record = MIGRATIONS[record["version"]](record)
    return _check_shape(record, where, catalog)


def load_record(path: str | os.PathLike, catalog=None) -> dict:
    """Read, check and migrate a save (or replay) file. Raises SaveError with one line.

    `catalog` (default: the built-in content) is used to check the scenario's names."""
    where = os.fspath(path)
    return parse_record(read_regular_file(where, MAX_SAVE_BYTES, SaveError), where, catalog)


def read_regular_file(where: str, limit: int, error=OSError) -> bytes:
    """At most limit+1 bytes of a regular file; raises `error(one line)` for a folder, a
    FIFO, a device, a dangling link or a loop. Opened non-blocking so a FIFO cannot hang."""
    try:
        fd = os.open(where, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise error(f"{where}: is a folder, not a file") from None
    except OSError as exc:
        raise error(f"{where}: cannot read: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise error(f"{where}: is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise error(f"{where}: not a regular file (a pipe, device or socket)")
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return fh.read(limit + 1)     # bounded: never slurp a huge file
    except OSError as exc:
        raise error(f"{where}: cannot read: {exc.strerror or exc}") from None
    finally:
        if fd >= 0:
            os.close(fd)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _kind(v: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(v), "a number")


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


REQUIRED = ("scenario", "seed", "answers", "state_hash", "round")


def _check_shape(record: dict, where: str, catalog) -> dict:
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        raise SaveError(f"{where}: missing {', '.join(missing)}")
    seed = record["seed"]
    if not _is_int(seed) or len(str(abs(seed))) > MAX_SEED_DIGITS:
        raise SaveError(f"{where}: seed must be a whole number, got {_short(seed)}")
    answers = record["answers"]
    if not isinstance(answers, list):
        raise SaveError(f"{where}: answers must be a list, got {_kind(answers)}")
    if len(answers) > MAX_ANSWERS:
        raise SaveError(f"{where}: {len(answers)} answers is more than any game makes ({MAX_ANSWERS})")
    for i, a in enumerate(answers):
        if not _is_int(a) or not 0 <= a < 1000:
            raise SaveError(f"{where}: answers[{i}] must be an option number 0..999, got {_short(a)}")
    digest = record["state_hash"]
    # Letters and digits only: the hash is printed beside the re-run's, on one line.
    if not isinstance(digest, str) or not 1 <= len(digest) <= 128 or not (digest.isascii() and digest.isalnum()):
        raise SaveError(f"{where}: state_hash must be a short string of letters and digits, got {_short(digest)}")
    rnd = record["round"]
    if not _is_int(rnd) or not 0 <= rnd <= MAX_ROUND:
        raise SaveError(f"{where}: round must be a whole number 0..{MAX_ROUND}, got {_short(rnd)}")
    if "saved_at" in record and not isinstance(record["saved_at"], str):
        raise SaveError(f"{where}: saved_at must be a string, got {_kind(record['saved_at'])}")
    if record.get("bot_rng") is not None:
        _check_bot_rng(record["bot_rng"], where)
    if "hidden_hands" not in record:
        raise SaveError(f"{where}: missing hidden_hands (true, false, or null when not recorded)")
    if record["hidden_hands"] is not None and not isinstance(record["hidden_hands"], bool):
        raise SaveError(f"{where}: hidden_hands must be true, false or null, got {_short(record['hidden_hands'])}")
    kind = record.get("kind", "adventure")
    if kind in ("match", "adventure"):
        record["scenario"] = _check_definition(record["scenario"], where, catalog, match=kind == "match")
    else:
        raise SaveError(f"{where}: kind must be 'adventure' or 'match', got {_short(kind)}")
    return record


def hero_names(record: dict) -> list[str]:
    """The heroes of a save or replay record, in words, for its title: the heroes the game
    drew when it recorded them, else its scenario's seats (which may say Random)."""
    drawn = record.get("heroes")
    if not (isinstance(drawn, list) and drawn and all(isinstance(h, str) for h in drawn)):
        scenario = record.get("scenario") if isinstance(record.get("scenario"), dict) else {}
        drawn = [str(seat.get("hero", "?")) for seat in scenario.get("seats") or [] if isinstance(seat, dict)]
    return [h.replace("_", " ").title() for h in drawn]


def definition_of(record: dict):
    """The ScenarioDef or MatchDef of a checked record."""
    from engine.content.schema import MatchDef, ScenarioDef
    model = MatchDef if record.get("kind") == "match" else ScenarioDef
    return model.model_validate(record["scenario"])


def _check_bot_rng(state: Any, where: str) -> None:
    ok = (isinstance(state, list) and len(state) == 3 and _is_int(state[0])
          and isinstance(state[1], list) and len(state[1]) == 625
          and all(_is_int(x) and 0 <= x < 2 ** 32 for x in state[1])
          and (state[2] is None or isinstance(state[2], float)))
    if not ok:
        raise SaveError(f"{where}: bot_rng is not a random generator state")


def _check_definition(data: Any, where: str, catalog, match: bool) -> dict:
    """Validate the record's game definition (ScenarioDef, or MatchDef for a competitive
    game) and cross-check its names with the content catalog."""
    from adventures.content.catalog import check_scenario, load_catalog
    from adventures.content.matches import check_match
    from engine.content.loader import ContentError
    from engine.content.schema import MatchDef, ScenarioDef

    if not isinstance(data, dict):
        raise SaveError(f"{where}: scenario must be an object, got {_kind(data)}")
    try:
        definition = (MatchDef if match else ScenarioDef).model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        field = ".".join(str(p) for p in err["loc"]) or "scenario"
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise SaveError(f"{where}: scenario.{field}: {err['msg']}{more}") from None
    try:
        check = check_match if match else check_scenario
        # the checked definition, names resolved to content keys: what the game is built from
        definition = check(definition, catalog if catalog is not None else load_catalog(), where, {})
    except ContentError as exc:
        p = exc.problems[0]
        raise SaveError(f"{where}: scenario.{p.field}: {p.message}") from None
    return definition.model_dump(mode="json")


# ---------------------------------------------------------------- restoring
class _RngSync:
    """Stands in for an agent during setup only: the first agent asked (the moment the
    recorded answers run out) first puts the bots' RNG where it was when the game was saved."""

    def __init__(self, inner, sync):
        self.inner, self.sync = inner, sync

    def choose(self, game, decision) -> int:
        self.sync(game)
        return self.inner.choose(game, decision)


def restore(record: dict, agents: dict | None, table_agent=None, catalog=None):
    """Rebuild the game of a checked record: setup runs with the recorded answers queued,
    and continuing play (play_round / play_adventure) replays the rest before any agent is
    asked. The bots' RNG is restored too, so stateless bots and bots drawing from
    game.bot_rng continue exactly as in the unsaved game; a bot keeping private state of
    its own may choose differently after a restore."""
    from adventures.content.catalog import load_catalog
    from adventures.rules.setup import new_adventure

    scenario = definition_of(record)
    catalog = catalog if catalog is not None else load_catalog()
    state = record.get("bot_rng")
    done = [state is None]

    def sync(game) -> None:
        if not done[0]:
            done[0] = True
            game.bot_rng.setstate((state[0], tuple(state[1]), state[2]))

    agents = dict(agents or {})
    wrapped = {seat: _RngSync(a, sync) for seat, a in agents.items()}
    wrapped_table = _RngSync(table_agent, sync) if table_agent is not None else None
    hidden = record.get("hidden_hands")
    try:
        if is_match(scenario):      # placement is asked when play starts (engine.match.place_all)
            from adventures.competitive.setup import new_competitive
            game = new_competitive(scenario, catalog, record["seed"], wrapped, replay=record["answers"],
                                   hidden_hands=True if hidden is None else bool(hidden))
        else:
            game = new_adventure(scenario, catalog, record["seed"], wrapped, wrapped_table, replay=record["answers"],
                                 hidden_hands=bool(hidden))
    except (KeyError, ValueError) as exc:   # a recorded answer that does not fit this content
        raise SaveError(f"the save does not fit the current game content: {exc}") from None
    game.agents, game.table_agent = agents, table_agent     # the caller's own agents from now on
    sync(game)      # no agent was asked during setup: bot_rng is untouched, set it now
    return game
