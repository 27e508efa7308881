"""`adventures record`: the play record of the app (adventures/persistence/record.py).

Without options: the player's wins and losses per villain, team and level beside the
predicted odds, as the app's Record screen shows them. `--csv`: a header, then one row per
game recorded (bots-only games too), for a spreadsheet. Reading only: exit 1 with one line
when the record cannot be read.
"""
from __future__ import annotations

import argparse
import sys

from adventures.persistence import record as R


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--csv", action="store_true",
                        help="print every game recorded as CSV: a header, then one row per game")


def run(args: argparse.Namespace) -> int:
    try:
        path = R.record_path()
        record = R.load(path)
    except R.RecordError as exc:
        print(f"adventures record: {exc}", file=sys.stderr)
        return 1
    if record.unread:
        print(f"adventures record: {record.unread} row(s) of {path} could not be read (another version's?): "
              f"left out", file=sys.stderr)
    if args.csv:
        sys.stdout.write(R.csv_text(record.games))
        return 0
    print(table_text(record, path))
    return 0


def table_text(record: R.Record, path) -> str:
    """The tally as aligned plain text."""
    from adventures.content.sources import active_catalog
    from adventures.rules.difficulty import level_keys
    catalog = active_catalog()
    coop, matches, bots_only = R.tally(record.games, level_keys(catalog))
    out = [f"{len(record.games)} game(s) recorded in {path}"]
    if not record.games:
        out.append("Every game finished in the app is recorded here.")
    if coop:
        rows = [[R.name_of(catalog.enemies, x.villain), R.team_words(catalog, x), R.level_name(catalog, x.level),
                 str(x.played), str(x.won), str(x.lost), R.percent(x.won / x.played), R.percent(R.odds_of(x, catalog))]
                for x in coop]
        out += ["", "Adventures", *aligned(["villain", "team", "level", "played", "won", "lost", "your rate",
                                            "predicted"], rows, 3)]
    if matches:
        rows = [[f"{R.MODE_WORDS[x.mode]} on {R.name_of(catalog.boards, x.board)}", R.team_words(catalog, x),
                 str(x.played), str(x.won), str(x.lost), R.percent(x.won / x.played)] for x in matches]
        out += ["", "Competitive games", *aligned(["game", "heroes", "played", "won", "lost", "your rate"], rows, 2)]
    if bots_only:
        out += ["", f"{bots_only} game(s) of bots alone: in --csv, not counted above."]
    if coop:
        out += ["", "predicted: how often the strong bot wins with that team at that level."]
    return "\n".join(out)


def aligned(header: list[str], rows: list[list[str]], texts: int) -> list[str]:
    """The first `texts` columns left-aligned, the counts and rates after them right-aligned."""
    widths = [max(len(r[k]) for r in [header, *rows]) for k in range(len(header))]
    return ["  ".join(cell.rjust(w) if k >= texts else cell.ljust(w) for k, (cell, w) in
                      enumerate(zip(r, widths))).rstrip() for r in [header, *rows]]
