"""The play record: one row per game finished in the app, kept in the data folder
(`record.json`), and its tally per villain, team and level beside the predicted odds.

    {"format": "tmnt-adventures-record", "version": 1, "games": [
        {"date": "2025-05-01T12:00:00+00:00", "mode": "adventure", "villain": "shredder",
         "board": "", "heroes": ["leonardo"], "seats": ["human"], "level": "standard",
         "allies": false, "extra_henchmen": 0, "outcome": "won", "rounds": 7,
         "winners": [], "seed": 7}, ...]}

`mode` is "adventure" (co-op) or a competitive mode ("duel", "ffa", "team"); a competitive
row names its `board` and `winners` (hero keys) and no villain or level. `heroes` are the
heroes as dealt, `seats` who played each ("human" or the bot's name), seat by seat.
`outcome` is "won", "lost" or "draw" for the human seats (co-op: the heroes'; a game of
bots alone: co-op the heroes', competitive the first seat's).

The file is written the way saves are (`save.write_record`: a temporary file, fsync,
rename, fsync of the folder), so a kill or a full disk mid-write leaves the previous record
whole. Appending never drops a row this version cannot read (a row from a newer version is
kept as it is); a file that is not a record at all is set aside beside it, never
overwritten; a record from a newer version of the game is left alone.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

FORMAT = "tmnt-adventures-record"
VERSION = 1
FILE_NAME = "record.json"
MAX_GAMES = 20_000                 # rows kept (the oldest go first): about 5 MB
MAX_BYTES = 16 * 1024 * 1024
MODES = ("adventure", "duel", "ffa", "team")
OUTCOMES = ("won", "lost", "draw")
CSV_COLUMNS = ("date", "mode", "villain", "board", "heroes", "seats", "level", "allies", "extra_henchmen",
               "outcome", "rounds", "winners", "seed")


class RecordError(Exception):
    """The record cannot be read or written; str() is one line."""

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))


class NewerRecord(RecordError):
    """The record was written by a newer version of the game: read nothing, write nothing."""


def record_path() -> Path:
    """Where the record lives: the data folder (created), beside the autosave."""
    from adventures.home import data_home, make_folder
    return make_folder(data_home(), "data folder", RecordError) / FILE_NAME


# ---------------------------------------------------------------- one row
def row_of(game, over) -> dict:
    """The record's row for a finished `game` (co-op or competitive) that ended with `over`."""
    from adventures.persistence.save import is_match
    scenario = game.scenario
    seats = [seat.bot for seat in scenario.seats]
    sides = sorted((s for s in game.sides if not s.is_enemy), key=lambda s: s.index)[:len(seats)]
    row = {"date": datetime.now(timezone.utc).isoformat(timespec="seconds"), "mode": "adventure",
           "villain": "", "board": "", "heroes": [s.hero_key for s in sides], "seats": seats, "level": "",
           "allies": False, "extra_henchmen": 0, "outcome": "draw", "rounds": int(game.round), "winners": [],
           "seed": int(game.seed)}
    if is_match(scenario):
        from adventures.competitive.setup import winning_team
        team = winning_team(game) if over.winner != "timeout" else None
        won = [k for k, s in enumerate(sides) if team is not None and s.team == team]
        mine = [k for k, bot in enumerate(seats) if bot == "human"] or [0]
        row.update(mode=scenario.mode, board=scenario.board, winners=[sides[k].hero_key for k in won],
                   outcome="draw" if not won else "won" if set(mine) & set(won) else "lost")
        return row
    from adventures.rules.difficulty import named_level
    row.update(villain=scenario.villain, level=named_level(scenario, getattr(game, "catalog", None)),
               allies=bool(scenario.allies), extra_henchmen=int(scenario.extra_henchmen),
               outcome={"heroes": "won", "timeout": "draw"}.get(over.winner, "lost"))
    return row


def _text(value, limit: int = 80) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _whole(value, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _names(value, lo: int = 1) -> bool:
    return isinstance(value, list) and lo <= len(value) <= 4 and all(_text(x) and x for x in value)


def row_problem(row) -> str:
    """'' for a row this version reads, else what is wrong with it (one line)."""
    if not isinstance(row, dict):
        return "not an object"
    checks = {"date": _text(row.get("date"), 40), "mode": row.get("mode") in MODES,
              "villain": _text(row.get("villain")), "board": _text(row.get("board")),
              "heroes": _names(row.get("heroes")), "seats": _names(row.get("seats")),
              "level": _text(row.get("level")), "allies": isinstance(row.get("allies"), bool),
              "extra_henchmen": _whole(row.get("extra_henchmen"), 0, 6), "outcome": row.get("outcome") in OUTCOMES,
              "rounds": _whole(row.get("rounds"), 0, 10_000), "winners": _names(row.get("winners"), 0),
              "seed": _whole(row.get("seed"), -10 ** 40, 10 ** 40)}
    bad = [name for name, ok in checks.items() if not ok]
    if bad:
        return f"bad {', '.join(bad)}"
    if len(row["heroes"]) != len(row["seats"]):
        return "heroes and seats differ in number"
    return ""


# ---------------------------------------------------------------- the file
@dataclass
class Record:
    """The rows of the record this version reads, and how many it could not."""

    games: list[dict] = field(default_factory=list)
    unread: int = 0


def _document(path: Path) -> dict | None:
    """The record file's top level, checked; None when there is no record yet."""
    from adventures.persistence.save import read_regular_file
    where = os.fspath(path)
    if not os.path.lexists(where):
        return None
    raw = read_regular_file(where, MAX_BYTES, RecordError)
    if len(raw) > MAX_BYTES:
        raise RecordError(f"{where}: larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise RecordError(f"{where}: not a record file ({str(exc).splitlines()[0][:80]})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("games"), list):
        raise RecordError(f"{where}: not a record file")
    version = doc.get("version")
    if not _whole(version, 1, 10 ** 6):
        raise RecordError(f"{where}: version must be a whole number >= 1")
    if version > VERSION:
        raise NewerRecord(f"{where}: written by a newer version of the game (record version {version}; "
                          f"this program reads up to {VERSION}): please update")
    return doc


def load(path: str | os.PathLike | None = None) -> Record:
    """The record (empty when there is none yet). Raises RecordError (one line) for a file
    that is not a record or is from a newer version."""
    doc = _document(Path(path) if path is not None else record_path())
    if doc is None:
        return Record()
    games = [row for row in doc["games"] if not row_problem(row)]
    return Record(games, len(doc["games"]) - len(games))


def append(row: dict, path: str | os.PathLike | None = None) -> str:
    """Add one game's row to the record, atomically. Returns '' or one line saying a file
    that was not a record was set aside (and under which name). Raises RecordError when the
    row cannot be written (the previous record stays whole) or the record is a newer version's."""
    from adventures.persistence.save import SaveError, write_record
    if row_problem(row):
        raise RecordError(f"not a record row: {row_problem(row)}")
    target = Path(path) if path is not None else record_path()
    note = ""
    try:
        doc = _document(target)
    except NewerRecord:
        raise
    except RecordError as exc:          # not a record: keep it aside, never write over it
        aside = target.with_name(f"{target.stem}.unreadable-{datetime.now():%Y%m%d-%H%M%S}{target.suffix}")
        try:
            os.replace(target, aside)
        except OSError as err:
            raise RecordError(f"{exc}; and it cannot be set aside: {err.strerror or err}") from None
        doc, note = None, f"{exc}: set aside as {aside.name}; a new record starts"
    games = list(doc["games"]) if doc is not None else []
    games = (games + [row])[-MAX_GAMES:]
    try:
        write_record({"format": FORMAT, "version": VERSION, "games": games}, target)
    except SaveError as exc:
        raise RecordError(str(exc)) from None
    return note


# ---------------------------------------------------------------- the tally
def has_human(row: dict) -> bool:
    return "human" in row["seats"]


@dataclass
class Line:
    """Games of one villain, team and level (co-op), or one competitive line-up."""

    mode: str
    villain: str                  # co-op
    heroes: tuple[str, ...]       # co-op: sorted hero keys; competitive: seat by seat
    level: str                    # co-op
    allies: bool = False
    extra_henchmen: int = 0
    board: str = ""               # competitive
    yours: tuple[bool, ...] = ()  # competitive: which seats were human
    won: int = 0
    lost: int = 0
    draw: int = 0

    @property
    def played(self) -> int:
        return self.won + self.lost + self.draw


def _key(row: dict) -> tuple:
    if row["mode"] == "adventure":
        return ("adventure", row["villain"], tuple(sorted(row["heroes"])), row["level"], row["allies"],
                row["extra_henchmen"] if row["allies"] else 0)
    return (row["mode"], row["board"], tuple(row["heroes"]), tuple(bot == "human" for bot in row["seats"]))


def tally(games: Iterable[dict], level_order: list[str] | None = None) -> tuple[list[Line], list[Line], int]:
    """(co-op lines, competitive lines, games played by bots alone): the player's wins and
    losses, counting games with at least one human seat, sorted by villain, level, team."""
    lines: dict[tuple, Line] = {}
    bots_only = 0
    for row in games:
        if not has_human(row):
            bots_only += 1
            continue
        key = _key(row)
        line = lines.get(key)
        if line is None:
            if key[0] == "adventure":
                line = Line("adventure", key[1], key[2], key[3], key[4], key[5])
            else:
                line = Line(key[0], "", key[2], "", board=key[1], yours=key[3])
            lines[key] = line
        setattr(line, row["outcome"], getattr(line, row["outcome"]) + 1)
    order = {k: i for i, k in enumerate(level_order or [])}
    coop = sorted((x for x in lines.values() if x.mode == "adventure"),
                  key=lambda x: (x.villain, order.get(x.level, len(order)), x.level, len(x.heroes), x.heroes,
                                 x.allies, x.extra_henchmen))
    match = sorted((x for x in lines.values() if x.mode != "adventure"),
                   key=lambda x: (MODES.index(x.mode), x.board, x.heroes, x.yours))
    return coop, match, bots_only


# ---------------------------------------------------------------- predicted odds
def measured_odds(catalog, villain: str, heroes: list[str], allies: bool, extra_henchmen: int,
                  level: str) -> float | None:
    """How often the strong bot wins this game, as the new-game screen shows it today: the
    win rate of the calibration row the game plays (`difficulty.measured_row`, which the
    screen's `measured_figures` reads); None when the villain was not measured at that level."""
    from adventures.rules.difficulty import measured_row, team_keys
    table = getattr(catalog, "difficulty", None)
    row = measured_row(table, villain, team_keys(catalog, heroes), allies, level) if table is not None else None
    return row.win_rate if row is not None else None


def predicted_odds(catalog, villain: str, heroes: list[str], allies: bool, extra_henchmen: int, level: str):
    """The win-rate model's odds for this team (adventures/rules/odds.py, the figure the
    new-game screen shows), else the measured row's where the model does not cover it."""
    from adventures.rules.odds import predicted_odds as modelled
    found = modelled(catalog, villain, heroes, allies, extra_henchmen, level)
    return found if found is not None else measured_odds(catalog, villain, heroes, allies, extra_henchmen, level)


def odds_of(line: Line, catalog) -> float | None:
    """The predicted win rate (0..1) for a co-op line, or None (competitive, not measured,
    or a figure that cannot be read: the record never fails over it)."""
    if line.mode != "adventure":
        return None
    try:
        value = predicted_odds(catalog, line.villain, list(line.heroes), line.allies, line.extra_henchmen,
                               line.level)
    except Exception:        # content that changed since the game (a hero removed): no figure
        return None
    rate = getattr(value, "rate", getattr(value, "win_rate", value))
    return float(rate) if isinstance(rate, (int, float)) and not isinstance(rate, bool) and 0 <= rate <= 1 else None


# ---------------------------------------------------------------- words
def name_of(table: dict, key: str) -> str:
    item = table.get(key) if isinstance(table, dict) else None
    return item.name if item is not None else key.replace("_", " ").title()


def level_name(catalog, key: str) -> str:
    table = getattr(catalog, "difficulty", None)
    spec = table.level(key) if table is not None else None
    return spec.name if spec is not None else key.capitalize()


def team_words(catalog, line: Line) -> str:
    """'Leonardo and Raphael with allies (+1 henchman)'; competitive: 'Leonardo (you) vs Raphael'."""
    heroes = getattr(catalog, "heroes", {})
    names = [name_of(heroes, h) for h in line.heroes]
    if line.mode != "adventure":
        names = [n + (" (you)" if mine else "") for n, mine in zip(names, line.yours)]
        if line.mode == "team":       # seats alternate teams A, B, A, B (core rules p.19)
            return " & ".join(names[0::2]) + " vs " + " & ".join(names[1::2])
        return " vs ".join(names)
    team = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    if line.allies:
        team += " with allies" + (f" (+{line.extra_henchmen} henchm{'e' if line.extra_henchmen > 1 else 'a'}n)"
                                  if line.extra_henchmen else "")
    return team


MODE_WORDS = {"adventure": "Adventure", "duel": "Duel", "ffa": "Free-for-all", "team": "2 v 2 teams"}


def percent(rate: float | None) -> str:
    return "—" if rate is None else f"{rate:.0%}"


# ---------------------------------------------------------------- export
def csv_text(games: Iterable[dict]) -> str:
    """A header, then one row per game (lists joined with '+')."""
    import csv
    import io
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in games:
        writer.writerow(["+".join(row[c]) if isinstance(row[c], list) else
                         str(row[c]).lower() if isinstance(row[c], bool) else row[c] for c in CSV_COLUMNS])
    return out.getvalue()
