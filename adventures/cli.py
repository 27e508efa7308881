"""`adventures` command line: the app by default, plus tools for designers.

Each subcommand lives in its own module with `add_arguments(parser)` and `run(args) -> int`,
imported only when used so `adventures validate` never loads pygame.
"""
from __future__ import annotations

import argparse
import importlib
import sys

SUBCOMMANDS = {
    "play": ("adventures.app.main", "open the desktop app (the default)"),
    "validate": ("adventures.tools.validate", "validate content or scenario files/folders"),
    "simulate": ("adventures.sim.cli_simulate", "run many bot games of a scenario"),
    "sweep": ("adventures.sim.cli_sweep", "run a grid of scenario parameters"),
    "bench": ("adventures.sim.cli_bench", "measure games per second"),
    "ladder": ("adventures.sim.cli_ladder", "random, heuristic and expert bots on the same seeds"),
    "tune": ("adventures.sim.cli_tune", "find the parameter value that gives a target win rate"),
    "report": ("adventures.sim.cli_report", "write a Markdown report with plots for scenarios"),
    "replay": ("adventures.tools.replay", "re-run a replay file and print its final state hash"),
    "soak": ("adventures.tools.soak", "play many games checking invariants"),
    "screenshot": ("adventures.app.screenshot", "render the app headless to a PNG"),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="adventures", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    modules = {}
    for name, (module, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        modules[name] = (module, p)
    if not argv or argv[0] not in SUBCOMMANDS and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]
    command = argv[0] if argv[0] in SUBCOMMANDS else None
    if command is not None:
        module_name, p = modules[command]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            print(f"adventures {command}: not available ({exc.name} is missing)", file=sys.stderr)
            return 2
        module.add_arguments(p)
    args = parser.parse_args(argv)
    module = importlib.import_module(modules[args.command][0])
    try:
        return int(module.run(args) or 0)
    except KeyboardInterrupt:
        return 130
