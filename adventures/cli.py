"""`adventures` command line: the app by default, plus tools for designers.

Each subcommand lives in its own module with `add_arguments(parser)` and `run(args) -> int`,
imported only when used so `adventures validate` never loads pygame.
"""
from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys

SUBCOMMANDS = {
    "play": ("adventures.app.main", "open the desktop app (the default)"),
    "validate": ("adventures.tools.validate", "validate content or scenario files/folders"),
    "simulate": ("adventures.sim.cli_simulate", "run many bot games of a scenario"),
    "sweep": ("adventures.sim.cli_sweep", "run a grid of scenario parameters"),
    "bench": ("adventures.sim.cli_bench", "measure games per second"),
    "accelerate": ("adventures.tools.accelerate", "compile the hot modules for faster simulations"),
    "ladder": ("adventures.sim.cli_ladder", "the bots (random, heuristic, strong, expert...) on the same seeds"),
    "train": ("adventures.sim.cli_train", "train the strong bot's ranker on games the expert labels"),
    "tune": ("adventures.sim.cli_tune", "find the parameter value that gives a target win rate"),
    "calibrate": ("adventures.sim.cli_calibrate", "fit the win-rate model each difficulty level's dial comes from"),
    "odds": ("adventures.sim.cli_odds", "a team's predicted win rate at each level and the dial it plays"),
    "report": ("adventures.sim.cli_report", "write a Markdown report with plots for scenarios"),
    "replay": ("adventures.tools.replay", "re-run a replay file and print its final state hash"),
    "soak": ("adventures.tools.soak", "play many games checking invariants"),
    "screenshot": ("adventures.app.screenshot", "render the app headless to a PNG"),
    "matchups": ("adventures.sim.cli_matchups", "win rates of every pair of heroes in duels"),
    "content": ("adventures.tools.content_cli", "your own content folder: where it is, new files from templates"),
    "record": ("adventures.tools.play_record", "your games finished in the app: wins and losses, or --csv"),
}
# Commands that report user-content problems themselves; the others get a warning line.
REPORTS_CONTENT = frozenset({"validate", "content"})


class OneLineParser(argparse.ArgumentParser):
    """A refused argument is one line naming the option (argparse prints the usage first)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message.splitlines()[0] if message else 'bad arguments'} "
                     f"(see {self.prog} --help)\n")


def content_option(parser: argparse.ArgumentParser, **kwargs) -> None:
    """`--content DIR`: the user's content folder, for every command that plays or loads content."""
    from adventures.tools import limits
    parser.add_argument("--content", metavar="DIR", type=limits.folder_arg("--content folder", writable=False),
                        help="your content folder to play with on top of the shipped content "
                             "(default: content/ in the data folder)", **kwargs)


class Terminated(BaseException):
    """SIGTERM arrived: stop as an interrupt does (cleanup, exit 128 + 15)."""


def _terminate(signum, frame):
    raise Terminated()


def main(argv: list[str] | None = None) -> int:
    code = 1
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        code = _main(argv)
        sys.stdout.flush()          # here, not at exit, where a closed pipe prints a warning
        return code
    except KeyboardInterrupt:       # Ctrl-C at any moment, loading modules included
        code = 130
        return code
    except Terminated:              # `kill`, `timeout`: the same cleanup as Ctrl-C
        code = 128 + signal.SIGTERM
        return code
    except BrokenPipeError:
        # The reader of our output went away (`adventures simulate ... | head -1`): it has what
        # it wanted, so stop quietly, as shell tools do, with nothing more written to the pipe.
        _silence_stdout()
        return 0
    except OSError as exc:
        # The system failed a read or write the command could not foresee (`> /dev/full`, a
        # disk that fills during the run, a device error): one line and exit 1, a failed run.
        _silence_stdout()
        where = exc.filename or "the output"     # no file named: the command's own output
        print(f"adventures: {where}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 1
    finally:
        signal.signal(signal.SIGTERM, previous)
        limits = sys.modules.get("adventures.tools.limits")
        if limits is not None and code != 0:    # a failed or interrupted run leaves no empty output folder
            limits.remove_empty_created()
        elif limits is not None:
            limits.keep_created()


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit finds nothing to
    write where writing already failed."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _main(argv: list[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = OneLineParser(prog="adventures", description=__doc__.splitlines()[0])
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
        add_all_arguments(module, p)
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:          # a refused argument (2) or --help (0): a return code
        return stop.code if isinstance(stop.code, int) else 2
    module = importlib.import_module(modules[args.command][0])
    if args.command not in REPORTS_CONTENT:   # those read args.content themselves
        code = _use_content(args)
        if code:
            return code
    return int(module.run(args) or 0)


def add_all_arguments(module, parser: argparse.ArgumentParser) -> None:
    """The command's own options, then the shared `--content` unless it declares its own."""
    module.add_arguments(parser)
    if not any("--content" in action.option_strings for action in parser._actions):
        content_option(parser, default=None)


def _use_content(args: argparse.Namespace) -> int:
    """Point the run at `--content DIR`; warn (one line each) about user files left out."""
    from adventures.content.sources import active_catalog, use_content_dir
    from engine.content.loader import ContentError
    if getattr(args, "content", None) is not None:
        try:
            use_content_dir(args.content)
        except ValueError as exc:
            print(f"adventures {args.command}: {exc}", file=sys.stderr)
            return 2
    try:
        catalog = active_catalog()
    except ContentError:
        return 0    # shipped content broken: the command itself reports it
    for problem in catalog.problems:
        print(f"warning: {problem} (file left out: the shipped content is used instead)", file=sys.stderr)
    return 0
