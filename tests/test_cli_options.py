"""Every option of every command is declared with its bounds in one place
(`adventures/tools/limits.py`), so a new command cannot forget them (issue 26).

The test walks `SUBCOMMANDS`, builds each command's parser exactly as `adventures` does,
and fails for any option or argument that takes a value without a type from limits.py.
Options with a fixed list of `choices` are bounded by that list.
"""
from __future__ import annotations

import argparse

import pytest
from hostile import command_parsers

from adventures import cli
from adventures.tools import limits


def _takes_value(action: argparse.Action) -> bool:
    return not isinstance(action, (argparse._StoreConstAction, argparse._StoreTrueAction,
                                   argparse._StoreFalseAction, argparse._HelpAction, argparse._VersionAction,
                                   argparse._CountAction, argparse._SubParsersAction, argparse._AppendConstAction))


def _unbounded(parser: argparse.ArgumentParser) -> list[str]:
    bad = []
    for action in parser._actions:
        if not _takes_value(action) or action.choices is not None:
            continue
        kind = action.type
        if getattr(kind, "__module__", None) != limits.__name__:
            bad.append(f"{'/'.join(action.option_strings) or action.dest} (type={getattr(kind, '__name__', kind)})")
    return bad


@pytest.mark.parametrize("name", sorted(cli.SUBCOMMANDS))
def test_every_option_that_takes_a_value_has_its_type_and_bounds_from_limits(name):
    problems = [f"adventures {words}: {what}" for words, p in command_parsers(name) for what in _unbounded(p)]
    assert not problems, "options without a limits.py type: " + "; ".join(problems)


def test_the_compare_tool_declares_its_options_in_limits_too():
    """`python -m adventures.sim.compare` is no `adventures` command, but its options are
    declared the same way (issue 41: it used plain `type=int`)."""
    from adventures.sim import compare
    parser = cli.OneLineParser(prog="python -m adventures.sim.compare")
    compare.add_arguments(parser)
    assert _unbounded(parser) == []


def test_the_walk_sees_an_option_without_bounds():
    """The check itself: a plain `type=int` option is caught (so the test above means something)."""
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int)
    p.add_argument("--bot", choices=("a", "b"))
    p.add_argument("--fast", action="store_true")
    assert _unbounded(p) == ["--games (type=int)"]


@pytest.mark.parametrize("value", ["0", "-1", "1000000000000", "1" * 100, "nan", "inf", "", "５", "1e3", "2.5"])
def test_a_count_of_games_outside_its_bounds_is_refused_in_one_line_naming_the_option(value, capsys):
    assert cli.main(["ladder", "--games", value]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--games" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["ladder", "--seconds", "nan"], ["ladder", "--seconds", "inf"], ["ladder", "--seconds", "0"],
    ["ladder", "--seed", "1" * 100], ["ladder", "--workers", "100000"], ["ladder", "--workers", "-5"],
    ["ladder", "--rollouts", "0"], ["tune", "x", "--param", "villain_health", "--rollouts", "-5"],
    ["tune", "x", "--param", "villain_health", "--games", "1000000000000"],
    ["tune", "x", "--param", "villain_health", "--target", "nan"],
    ["report", "x", "--out", "o", "--games", "0"], ["report", "x", "--out", "o", "--games", "1000000000000"],
    ["matchups", "--workers", "-5"], ["bench", "--callgrind", "-1"], ["bench", "--profile", "-1"],
    ["accelerate", "--jobs", "0"], ["screenshot", "shredder", "--turns", "-1"],
    ["simulate", "x", "--cluster", "not an address"], ["sweep", "scenarios/sweep-shredder-health.yaml", "--out", "o", "--cluster", "http://x:1"],
    ["ladder", "--cluster", "tcp://host:99999"],
])
def test_the_issue_26_values_are_refused_in_one_line_naming_the_option(argv, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    option = argv[-2]
    assert len(err.strip().splitlines()) == 1 and option in err, err


def test_a_cluster_address_is_read_as_tcp_host_and_port():
    assert limits.cluster_arg("127.0.0.1:8786") == "tcp://127.0.0.1:8786"
    assert limits.cluster_arg("tcp://scheduler.local:8786") == "tcp://scheduler.local:8786"
    assert limits.cluster_arg("tls://[::1]:8786") == "tls://[::1]:8786"
