"""`adventures play` (the default command): open the desktop app."""
from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from adventures.app.userdata import MAX_WINDOW, MIN_WINDOW
    from adventures.tools import limits
    parser.add_argument("scenario", nargs="?", type=limits.path_arg("scenario"),
                        help="start straight into this scenario (YAML path, a name in scenarios/, "
                             "or 'shredder'/'krang')")
    parser.add_argument("--seed", type=limits.seed_arg, default=None, help="seed for the scenario (default: random)")
    parser.add_argument("--resume", metavar="SAVE", type=limits.path_arg("save file"), help="open a saved game")
    parser.add_argument("--size", type=limits.size(MIN_WINDOW, MAX_WINDOW), default=None, help="window size, e.g. 1440x900")
    parser.add_argument("--hidden-hands", action="store_true", help="hot seat: hide hands between players")


def run(args: argparse.Namespace) -> int:
    from adventures.app import userdata
    problem = userdata.check_home()
    if problem:
        print(f"adventures play: {problem}", file=sys.stderr)
        return 2
    if args.resume:             # a save that cannot be used is one line, before any window opens
        from adventures.persistence.save import SaveError, load_record
        try:
            load_record(args.resume)
        except SaveError as exc:
            print(f"adventures play: {exc}", file=sys.stderr)
            return 2
    from adventures.app.app import App
    from adventures.app.controller import GameSetup, random_seed
    start = None
    if args.scenario:
        from adventures.app.scenarios import find_scenario
        try:
            scenario = find_scenario(args.scenario)
        except ValueError as exc:
            print(f"adventures play: {exc}", file=sys.stderr)
            return 2
        seed = args.seed if args.seed is not None else (scenario.seed if scenario.seed is not None else random_seed())
        start = GameSetup(scenario, seed, open_hands=not args.hidden_hands, source=args.scenario)
    app = App(size=args.size)
    return app.run(start=start, resume=args.resume)
