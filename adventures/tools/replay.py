"""`adventures replay FILE`: re-run a replay file and check it ends in the same state.

Prints the final state hash and whether it matches the recorded one. Exit codes:
0 identical, 1 different (or the re-run diverged), 2 the file cannot be used.
Never prints a traceback.
"""
from __future__ import annotations

import argparse
import sys

from adventures.tools import limits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", type=limits.path_arg("replay file"), help="a replay file (written by export_replay)")


def run(args: argparse.Namespace) -> int:
    from adventures.persistence.replay import load_replay, run_replay
    from adventures.persistence.save import SaveError

    try:
        catalog = None   # the content in use: shipped + the user folder (or `--content DIR`)
        record = load_replay(args.file, catalog)
    except SaveError as exc:
        print(f"adventures replay: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # content errors, anything unexpected: one line, no traceback
        print(f"adventures replay: {args.file}: cannot load: {_one_line(exc)}", file=sys.stderr)
        return 2
    try:
        result = run_replay(record, catalog)
    except Exception as exc:
        print(f"adventures replay: {args.file}: the re-run failed: {type(exc).__name__}: {_one_line(exc)}", file=sys.stderr)
        return 1
    # at most two lines whatever happens: the other-content note rides on the first
    note = f" · note: {result.content_note}" if result.content_note else ""
    if result.problem:
        print(f"adventures replay: {args.file}: diverged: {_one_line(result.problem)}{note}")
        print(f"recorded state hash {result.expected}: DIFFERENT")
        return 1
    verdict = "identical" if result.identical else "DIFFERENT"
    print(f"{args.file}: {result.winner} after {result.rounds} round(s), {result.decisions} decisions{note}")
    print(f"final state hash {result.state_hash} (recorded {result.expected}): {verdict}")
    return 0 if result.identical else 1


def _one_line(exc: object) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 300 else text[:297] + "..."
