"""Shared harness of the hostile-input tests: run a command in process, check the refusal.

A refusal is: the expected exit code, every line of output a one-line message (no
traceback, no 'internal error'), the offending file named, and the player's saves and
autosave untouched.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import signal
from pathlib import Path

from adventures import cli
from adventures.cli import main as cli_main


@contextlib.contextmanager
def within(seconds: float):
    """Fail (instead of hanging the suite) if the block takes longer than `seconds`."""
    def expired(signum, frame):
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def run_cli(*args, seconds: float = 30) -> tuple[int, list[str]]:
    """(exit code, output lines) of `adventures ARGS...` run in this process."""
    out = io.StringIO()
    with within(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            code = cli_main([os.fspath(a) for a in args])
        except SystemExit as exc:            # argparse refusals
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue().splitlines()


def snapshot(home: Path) -> dict[str, bytes]:
    """Bytes of every save and the autosave under `home`."""
    files = [home / "autosave.json", *sorted((home / "saves").glob("*.json"))]
    return {os.fspath(p): p.read_bytes() for p in files if p.is_file()}


def assert_refused(code: int, lines: list[str], names: str | None, expected_code: int = 2) -> None:
    """The command refused cleanly: exit code, one-line messages, the file named."""
    text = "\n".join(lines)
    assert code == expected_code, text
    assert lines, "a refusal must say why"
    assert "Traceback" not in text and "internal error" not in text, text
    for line in lines:
        assert len(line) <= 500, f"not a one-line message: {line!r}"
        assert not line.lstrip().startswith('File "'), f"looks like a traceback: {line!r}"
    if names:
        assert names in text, f"the message must name {names}: {text}"


def command_parsers(name: str) -> list[tuple[str, argparse.ArgumentParser]]:
    """Command `name`'s parser, as `adventures` builds it, and its own subcommands' parsers
    (`content new`), each with its command words ("content new")."""
    module_name, _ = cli.SUBCOMMANDS[name]
    parser = cli.OneLineParser(prog=f"adventures {name}")
    cli.add_all_arguments(importlib.import_module(module_name), parser)
    out, todo = [], [(name, parser)]
    while todo:
        words, p = todo.pop()
        out.append((words, p))
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                todo += [(f"{words} {sub}", sp) for sub, sp in action.choices.items()]
    return out
