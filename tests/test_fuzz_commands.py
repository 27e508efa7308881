"""Every command at its edges (issue 26): for every subcommand and every option that takes
a value, hostile values (0, -1, huge, 100 digits, NaN, infinity, empty, unicode, a file
where a folder is expected and the reverse, a folder that cannot be made, a FIFO, a
symlink loop, a dangling symlink) and hostile files of each kind the command reads.

Each run, in this process through `adventures.cli.main`, ends within seconds in success
(0, or 1 when games failed) or in a refusal: exit 2 and a message naming the option or the
file; never a traceback, never a hang, and a refusal leaves no file behind, in the data
folder or anywhere else. The options come from the parsers themselves (as in
tests/test_cli_options.py), so a new command or option is fuzzed without a line here.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import io
import os
import socket
import threading
import time
from pathlib import Path

import pytest
from hostile import command_parsers, within
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adventures import cli
from adventures.sim import runner

ROOT = Path(__file__).resolve().parents[1]
GOOD = str(ROOT / "scenarios" / "shredder-1p.yaml")
MATCH = str(ROOT / "scenarios" / "duel-leonardo-raphael.yaml")
SECONDS = 30        # one run, however hostile its input (a hang fails instead of blocking CI)

# The smallest successful run of each command: the fuzzed option replaces its value here
# (a positional replaces the token named by POSITIONAL) or is added to the end.
BASE = {
    "play": ["play", GOOD],
    "validate": ["validate", GOOD],
    "simulate": ["simulate", GOOD, "--games", "1", "--no-progress"],
    "sweep": ["sweep", "{sweep}", "--out", "{out}", "--games", "1", "--no-plots", "--no-progress"],
    "bench": ["bench", "--games", "1", "--scenarios", GOOD],
    "accelerate": ["accelerate", "--status"],
    "ladder": ["ladder", GOOD, "--games", "1", "--bots", "random", "--no-progress"],
    "calibrate": ["calibrate", GOOD, "--games", "1", "--per-cell", "--no-random-teams", "--no-progress", "--out", "{out}.yaml"],
    "tune": ["tune", GOOD, "--param", "villain_health", "--games", "1", "--low", "5", "--high", "6",
             "--bot", "random", "--no-progress"],
    "report": ["report", GOOD, "--out", "{out}", "--games", "1", "--hero-games", "0", "--bot", "random",
               "--no-progress"],
    "replay": ["replay", "{replay}"],
    "train": ["train", GOOD, "--games", "1", "--rollouts", "1", "--iterations", "1", "--reinforce", "1",
              "--deals", "1", "--workers", "1", "--no-progress", "--out", "{out}"],
    "soak": ["soak", "--games", "1", "--no-progress"],
    "screenshot": ["screenshot", GOOD, "--turns", "0", "--out", "{png}", "--size", "640x400"],
    "matchups": ["matchups", "--heroes", "leonardo,raphael", "--boards", "new_york_city", "--games", "1",
                 "--workers", "1"],
    "content": ["content"],
    "content new": ["content", "new", "minion", "fuzzling"],
    "record": ["record", "--csv"],
    "odds": ["odds", "--villain", "shredder", "--heroes", "leonardo"],
}
POSITIONAL = {"scenario": GOOD, "scenarios": GOOD, "paths": GOOD, "sweep": "{sweep}", "file": "{replay}",
              "name": "fuzzling"}
# Values that the fuzz does not give a command because they start real work on purpose:
# `accelerate` without --status compiles for minutes; `content new` writes a file (checked
# for leftovers only when refused).
WHOLE = ["0", "-1", "-0", "1" * 100, "1000000000000", "nan", "inf", "", " ", "1e3", "2.5", "0x10", "٣", "ünï"]
REAL = ["0", "-1", "1" * 100, "1e308", "1e999", "nan", "-inf", "inf", "", "ünï", "0.5"]
TEXT = ["", " ", "ünïcødé", "x" * 5000, "a\x00b", "a\nb", "..", "-", ",,,"]
PATHS = ["", "{file}", "{folder}", "{under_file}", "{fifo}", "{loop}", "{dangling}", "ünï/çødé.yaml",
         "{empty}", "{garbage}", "{deep}", "{wrong_kind}", "{match}", "{long}", "a\x00b"]
FOLDERS = ["", "{file}", "{folder}", "{under_file}", "{fifo}", "{loop}", "{dangling}", "{new}", "{long}"]
VALUES = {"whole": WHOLE, "real": REAL, "size": ["0x0", "1x1", "99999x99999", "axb", "", "640x400x3", "٣x٣"],
          "text": TEXT, "path": PATHS, "folder": FOLDERS, "file": FOLDERS,
          "cluster": ["", "nowhere", "tcp://", "http://x:1", "x:0", "x:99999", "tcp://a b:1", "[::1:80"]}


@functools.cache
def parsers() -> list[tuple[str, argparse.ArgumentParser]]:
    return [pair for name in cli.SUBCOMMANDS for pair in command_parsers(name)]


def fuzzed_options() -> list[tuple[str, str, str]]:
    """(command, option or positional dest, kind) of every option taking a value of a limits type."""
    out = []
    for key, p in parsers():
        for action in p._actions:
            kind = getattr(action.type, "kind", None)
            if kind is None or action.choices is not None:
                continue
            out.append((key, action.option_strings[0] if action.option_strings else action.dest, kind))
    return out


OPTIONS = fuzzed_options()


def argv_for(command: str, option: str, value: str) -> list[str]:
    base = list(BASE[command])
    if not option.startswith("-"):
        return [value if token == POSITIONAL[option] else token for token in base]
    aliases = {option}
    for key, p in parsers():
        if key == command:
            aliases |= {s for a in p._actions if option in a.option_strings for s in a.option_strings}
    for i, token in enumerate(base):
        if token in aliases and i + 1 < len(base) and not base[i + 1].startswith("--"):
            base[i + 1] = value
            return base
    return [*base, option, value]


def files_under(root: Path) -> set[str]:
    out = set()
    for folder, dirs, names in os.walk(root):
        out |= {os.path.join(folder, n) for n in names}
        out |= {os.path.join(folder, d) for d in dirs if os.path.islink(os.path.join(folder, d))}
    return out


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    """Hostile paths and files, and the inputs of the base runs (a sweep, a replay)."""
    root = tmp_path_factory.mktemp("fuzz")
    (root / "file.txt").write_text("a regular file\n")
    (root / "folder").mkdir()
    os.mkfifo(root / "fifo")
    (root / "loop").symlink_to(root / "loop")
    (root / "dangling").symlink_to(root / "nothing-here")
    (root / "empty.yaml").write_text("")
    (root / "garbage.yaml").write_bytes(bytes(range(256)) * 4)
    (root / "deep.yaml").write_text("[" * 5000 + "]" * 5000)
    (root / "sweep.yaml").write_text(f"base: {GOOD}\ngames: 1\nsweep:\n  villain_health: [5]\n")
    replays = root / "replays"
    assert cli.main(["simulate", GOOD, "--games", "1", "--no-progress", "--replays", str(replays)]) == 0
    (root / "replay.json").write_bytes(next(replays.glob("*.json")).read_bytes())
    return {"file": str(root / "file.txt"), "folder": str(root / "folder"),
            "under_file": str(root / "file.txt" / "sub"), "fifo": str(root / "fifo"),
            "loop": str(root / "loop"), "dangling": str(root / "dangling"), "empty": str(root / "empty.yaml"),
            "garbage": str(root / "garbage.yaml"), "deep": str(root / "deep.yaml"),
            "wrong_kind": str(root / "sweep.yaml"), "match": MATCH, "long": "x" * 5000,
            "sweep": str(root / "sweep.yaml"), "replay": str(root / "replay.json")}


@pytest.fixture
def world(place, tmp_path, monkeypatch):
    """A fresh data folder and working folder per test; the app never opens a window."""
    home = tmp_path / "home"
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(home))
    monkeypatch.delenv("TMNT_ADVENTURES_CONTENT", raising=False)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setattr("adventures.app.app.App.run", lambda self, *a, **k: 0)   # `play` opens no window
    return dict(place, out=str(work / "out"), png=str(work / "shot.png"), new=str(work / "new-folder"),
                tmp=tmp_path)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with within(SECONDS), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    run_lines[:] = [line for line in (out.getvalue() + err.getvalue()).splitlines() if line.strip()]
    return code, out.getvalue(), err.getvalue()


run_lines: list[str] = []       # the last run's output lines (stdout and stderr), for a test's own checks


def check_run(argv: list[str], world: dict, names: list[str]) -> int:
    """Run `argv`; assert the outcome is a success or a clean refusal naming one of `names`."""
    before = files_under(world["tmp"])
    t0 = time.monotonic()
    code, out, err = run(argv)
    said = out + err
    shown = f"{argv!r} -> {code}: {said[-600:]!r}"
    assert "Traceback" not in said and "internal error" not in said, shown
    assert code in (0, 1, 2), shown
    assert time.monotonic() - t0 < SECONDS, shown
    if code == 2:
        lines = [line for line in said.splitlines() if line.strip()]
        assert lines, f"a refusal must say why: {shown}"
        assert any(n and n in said for n in names), f"the refusal must name the option or file: {shown}"
        left = files_under(world["tmp"]) - before
        assert not left, f"a refusal left files behind: {sorted(left)}: {shown}"
    return code


@pytest.mark.parametrize("command,option,kind", OPTIONS, ids=[f"{c} {o}" for c, o, _ in OPTIONS])
def test_every_option_with_hostile_values_succeeds_or_is_refused_in_one_line(command, option, kind, world):
    tried = set()
    for raw in VALUES[kind]:
        value = raw.format(**world) if "{" in raw else raw
        argv = [token.format(**world) if "{" in token else token for token in argv_for(command, option, value)]
        parser = dict(parsers())[command.split()[0]]
        try:                # runs that read the same values as one already run add nothing
            with contextlib.redirect_stderr(io.StringIO()):
                key = repr(sorted(vars(parser.parse_args(argv[1:])).items()))
        except SystemExit:
            key = None
        if key is not None and key in tried:
            continue
        tried.add(key)
        names = [option, value, os.path.basename(value), value[:40], "argument"]
        check_run(argv, world, names)


@pytest.mark.parametrize("command", sorted(BASE))
def test_the_base_run_of_every_command_succeeds(command, world):
    """The fuzz varies one value of these runs: each must work as it is."""
    argv = [token.format(**world) if "{" in token else token for token in BASE[command]]
    assert check_run(argv, world, []) in (0, 1)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.text(max_size=80))
def test_every_limits_type_reads_any_text_or_refuses_it_with_a_message(text):
    """argparse turns only ArgumentTypeError (and ValueError/TypeError) into a refusal: any
    other exception from a type would be a traceback."""
    types = {getattr(a.type, "__name__", ""): a.type for _, p in parsers() for a in p._actions
             if getattr(a.type, "kind", None)}
    for parse in types.values():
        try:
            parse(text)
        except argparse.ArgumentTypeError as exc:
            assert str(exc) and "\n" not in str(exc)


# ---------------------------------------------------------------- --cluster


@contextlib.contextmanager
def listener(answer: bytes | None):
    """A TCP service on 127.0.0.1 that is not a Dask scheduler: it sends `answer` to each
    client, or (None) accepts and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    stop = threading.Event()
    held = []

    def serve():
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            held.append(conn)
            if answer is not None:
                with contextlib.suppress(OSError):
                    conn.sendall(answer)
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(2)
        for conn in held:
            conn.close()
        server.close()


@pytest.mark.parametrize("answer", [b"HTTP/1.1 400 Bad Request\r\n\r\n" * 8, b"\xff" * 64, b"SSH-2.0-OpenSSH\r\n"],
                         ids=["http", "ones", "ssh"])
def test_a_cluster_address_that_is_not_a_dask_scheduler_is_refused_in_one_line(answer, world, monkeypatch):
    monkeypatch.setattr(runner, "CLUSTER_TIMEOUT", 2.0)
    with listener(answer) as address:
        t0 = time.monotonic()
        code, out, err = run(["simulate", GOOD, "--games", "1", "--no-progress", "--cluster", address])
    assert code == 2 and len(err.strip().splitlines()) == 1 and address in err, err
    assert "not a Dask scheduler" in err
    assert time.monotonic() - t0 < 10


def test_a_cluster_that_never_answers_is_given_up_after_the_timeout(world, monkeypatch):
    monkeypatch.setattr(runner, "CLUSTER_TIMEOUT", 1.0)
    with listener(None) as address:
        t0 = time.monotonic()
        code, out, err = run(["ladder", GOOD, "--games", "1", "--bots", "random", "--no-progress",
                              "--cluster", address])
    assert code == 2 and len(err.strip().splitlines()) == 1 and "no answer within 1 s" in err, err
    assert time.monotonic() - t0 < 8


def test_a_cluster_nobody_listens_on_is_refused_in_one_line(world):
    with listener(None) as address:
        pass                                  # closed: nothing listens on that port now
    code, out, err = run(["tune", GOOD, "--param", "villain_health", "--games", "1", "--low", "5", "--high", "6",
                          "--no-progress", "--cluster", address])
    assert code == 2 and len(err.strip().splitlines()) == 1 and address in err, err


def test_a_malformed_cluster_address_is_refused_before_any_connection():
    with pytest.raises(runner.ClusterError, match="expected"):
        runner.connect_cluster("tcp://", timeout=0.1)


# ---------------------------------------------------------------- the strong bot's parameter file
# Every command that can play the strong bot, with it on its seats (one worker: the damaged
# file is this process's); the parameter file damaged as the hostile findings damaged it.
STRONG = {
    "simulate": ["simulate", "{strong_scenario}", "--games", "1", "--no-progress"],
    "sweep": ["sweep", "{strong_sweep}", "--out", "{out}", "--games", "1", "--workers", "1", "--no-plots",
              "--no-progress"],
    "bench": ["bench", "--games", "1", "--scenarios", GOOD, "--bot", "strong"],
    "ladder": ["ladder", GOOD, "--games", "1", "--bots", "strong", "expert-strong", "--rollouts", "1",
               "--workers", "1", "--no-progress", "--json"],
    "tune": ["tune", GOOD, "--param", "villain_health", "--games", "1", "--low", "5", "--high", "6",
             "--workers", "1", "--no-progress"],
    "report": ["report", GOOD, "--out", "{out}", "--games", "1", "--hero-games", "0", "--no-progress"],
    "calibrate": ["calibrate", GOOD, "--games", "1", "--per-cell", "--no-random-teams", "--no-progress", "--out", "{out}.yaml"],
    "train --refine": ["train", GOOD, "--refine", "--reinforce", "1", "--deals", "1", "--workers", "1",
                       "--no-progress", "--out", "{params}"],
}


def _params_document() -> dict:
    import json

    from adventures.bots import strong
    return json.loads(strong.PARAMS_FILE.read_text(encoding="utf-8"))


def _damaged_params(how: str, path: Path) -> None:
    import json

    from adventures.bots import ranker_file
    d = _params_document()
    if how == "a 400-digit weight":
        d["rankers"][0]["weights"]["action"][0] = int("9" * 400)
        path.write_text(json.dumps(ranker_file.signed(d)))
    elif how == "negated weights":
        for r in d["rankers"]:
            r["weights"] = {t: [-x for x in w] for t, w in r["weights"].items()}
        path.write_text(json.dumps(d))
    elif how == "infinity":
        path.write_text(json.dumps(d).replace('"action": [', '"action": [Infinity, ', 1))
    elif how == "truncated":
        path.write_text(json.dumps(d)[:1000])
    elif how == "a FIFO":
        os.mkfifo(path)
    elif how == "a link to /dev/zero":
        path.symlink_to("/dev/zero")


DAMAGES = ["a 400-digit weight", "negated weights", "infinity", "truncated", "a FIFO", "a link to /dev/zero"]


@pytest.mark.parametrize("damage", DAMAGES)
@pytest.mark.parametrize("command", sorted(STRONG))
def test_every_command_with_a_damaged_parameter_file_plays_the_heuristic_and_says_so_or_refuses(
        command, damage, world, monkeypatch):
    """A damaged file is one line naming it and the heuristic bot plays, named as the bot
    that played; calibrate (which would measure the wrong bot) and train --refine (which
    would refine nothing) refuse in one line. Never a traceback, a hang or a crash."""
    from adventures.bots import strong
    tmp = Path(world["tmp"])
    params = tmp / "damaged.json"
    _damaged_params(damage, params)
    monkeypatch.setattr(strong, "PARAMS_FILE", params)
    scenario = tmp / "strong-1p.yaml"
    scenario.write_text(Path(GOOD).read_text(encoding="utf-8").replace("bot: heuristic", "bot: strong"))
    (tmp / "strong-sweep.yaml").write_text(f"base: {scenario}\ngames: 1\nsweep:\n  villain_health: [5]\n")
    values = dict(world, strong_scenario=str(scenario), strong_sweep=str(tmp / "strong-sweep.yaml"), params=str(params))
    argv = [token.format(**values) if "{" in token else token for token in STRONG[command]]
    code = check_run(argv, world, ["--bot strong", "--refine", str(params)])
    said = "\n".join(run_lines)
    if code == 2:
        assert said.count("\n") == 0, said             # the refusal, and nothing before it
        return
    assert code in (0, 1) and "crashed" not in said, said        # tune: 1 when the target is not bracketed
    warnings = [line for line in said.splitlines() if "strong bot parameters" in line]
    assert len(warnings) == 1 and str(params) in warnings[0] and "plays as the heuristic bot" in warnings[0], said
    assert "heuristic" in said.replace(warnings[0], "") or command == "report", said
    if command == "report":
        assert "bots: heuristic (asked: strong)" in (Path(world["out"]) / "report.md").read_text()


def test_a_parameter_file_that_is_a_fifo_never_blocks_a_real_process(world):
    """Out of process too: a blocking open() in C would not see the in-process alarm."""
    import subprocess
    import sys
    fifo = Path(world["tmp"]) / "strong.json"
    os.mkfifo(fifo)
    code = ("import sys; from pathlib import Path; from adventures.bots import strong; "
            f"strong.PARAMS_FILE = Path({str(fifo)!r}); from adventures.cli import main; "
            "sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", code, "ladder", GOOD, "--games", "1", "--bots", "strong",
                           "--workers", "1", "--no-progress", "--json"], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT, stdin=subprocess.DEVNULL)
    assert done.returncode == 0 and done.stderr.count("\n") == 1 and str(fifo) in done.stderr, done.stderr
    assert '"bot": "heuristic"' in done.stdout


# ---------------------------------------------------------------- user difficulty tables
ODD_TABLES = ["a FIFO", "a folder", "a link loop", "a link to /dev/zero", "rows naming an unknown villain",
              "rows naming an unknown hero", "no standard level"]
TABLE_COMMANDS = {
    "simulate": ["simulate", GOOD, "--games", "1", "--no-progress", "--difficulty", "hard"],
    "validate": ["validate", GOOD],
    "validate the folder": ["validate", "{content}"],
    "ladder": ["ladder", GOOD, "--games", "1", "--bots", "random", "--no-progress"],
    "tune": ["tune", GOOD, "--param", "villain_health", "--games", "1", "--low", "5", "--high", "6",
             "--bot", "random", "--no-progress"],
    "calibrate": ["calibrate", GOOD, "--games", "1", "--bot", "random", "--per-cell", "--no-random-teams", "--no-progress",
                  "--out", "{out}.yaml"],
    "soak": ["soak", "--games", "1", "--no-progress"],
    "play": ["play", GOOD],
}
USER_LEVELS = ("kind: difficulty\ndefault: hard\nlevels:\n"
               "  - {key: easy, name: Easy, band: [0.6, 1.0], target: 0.8}\n"
               "  - {key: hard, name: Hard, band: [0.0, 0.4], target: 0.2, unmeasured_enemy_cards: 10}\n")
USER_ROW = ('measured:\n  - {"villain": "%s", "players": 1, "heroes": ["%s"], "allies": false, "level": "easy", '
            '"settings": {"enemy_cards": -3, "extra_henchmen": 0}, "games": 10, "wins": 8, "win_rate": 0.8, '
            '"ci95": [0.49, 0.94], "in_band": true, "bot": "strong", "seed": 2, "date": "2026-01-01", '
            '"command": "adventures calibrate"}\n')


def _odd_table(how: str, folder: Path) -> Path:
    folder.mkdir()
    path = folder / "difficulty.yaml"
    if how == "a FIFO":
        os.mkfifo(path)
    elif how == "a folder":
        path.mkdir()
    elif how == "a link loop":
        path.symlink_to(path.name)
    elif how == "a link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif how == "no standard level":
        path.write_text(USER_LEVELS)
    else:
        path.write_text(USER_LEVELS + USER_ROW % (("bowser", "leonardo") if "villain" in how else ("shredder", "zorro")))
    return path


@pytest.mark.parametrize("odd", ODD_TABLES)
@pytest.mark.parametrize("command", sorted(TABLE_COMMANDS))
def test_every_command_with_an_odd_user_difficulty_table_says_so_in_one_line_or_plays_it(
        command, odd, world, monkeypatch):
    """An odd table is a warning line naming it (validate: a refusal at its line) and the
    shipped levels are played; a sound table without `standard` plays its own default."""
    from adventures.content.catalog import clear_cache
    tmp = Path(world["tmp"])
    monkeypatch.setenv("TMNT_ADVENTURES_CONTENT", str(tmp / "none"))     # restored after --content
    table = _odd_table(odd, tmp / "mine")
    argv = [token.format(**world, content=tmp / "mine") if "{" in token else token for token in TABLE_COMMANDS[command]]
    argv += ["--content", str(tmp / "mine")] if command != "validate the folder" else []
    clear_cache()
    runner._catalog.cache_clear()
    try:
        code = check_run(argv, world, [str(table)])
    finally:
        clear_cache()
        runner._catalog.cache_clear()
    said = "\n".join(run_lines)
    if odd == "no standard level":
        assert code in (0, 1) and not any(w in said for w in ("warning", "unknown", "cannot")), said
        return
    named = [line for line in said.splitlines() if str(table) in line]
    if command == "validate":          # checking a scenario: a note points at the folder to validate
        assert code == 0 and f"note: {tmp / 'mine'} has" in said, said
    else:
        assert named and all(line.count(str(table)) == 1 for line in named), said


# ---------------------------------------------------------------- train and calibrate outputs
def _output_of_kind(kind: str, tmp: Path) -> Path:
    """An existing --out of `kind` (links point at a file of that kind)."""
    from adventures.bots import strong
    from adventures.content.catalog import CONTENT_ROOT
    sources = {"ranker file": strong.PARAMS_FILE, "difficulty table": CONTENT_ROOT / "difficulty.yaml",
               "scenario": Path(GOOD), "match": Path(MATCH), "sweep": None, "empty file": None}
    name = kind.removeprefix("a link to a ").removeprefix("a ").removeprefix("an ")
    path = tmp / f"out-{name.replace(' ', '-')}"
    target = path.with_name(path.name + "-target") if kind.startswith("a link") else path
    if name == "sweep":
        target.write_text(f"base: {GOOD}\nsweep:\n  villain_health: [5]\n")
    elif name == "empty file":
        target.write_text("")
    else:
        target.write_bytes(sources[name].read_bytes())
    if target != path:
        path.symlink_to(target.name)
    return path


OUT_KINDS = ["a ranker file", "a difficulty table", "a scenario", "a match", "a sweep", "an empty file",
             "a link to a ranker file", "a link to a difficulty table", "a link to a scenario"]
WRITES_OVER = {"train": ("ranker file", "empty file"), "calibrate": ("difficulty table",)}
OUT_COMMANDS = {
    "train": ["train", GOOD, "--games", "1", "--rollouts", "1", "--iterations", "1", "--reinforce", "1", "--deals",
              "1", "--workers", "1", "--no-progress", "--out"],
    "calibrate": ["calibrate", GOOD, "--games", "1", "--bot", "random", "--per-cell", "--no-random-teams", "--no-progress", "--out"],
}


@pytest.mark.parametrize("kind", OUT_KINDS)
@pytest.mark.parametrize("command", sorted(OUT_COMMANDS))
def test_train_and_calibrate_write_over_only_their_own_kind_of_file_and_keep_links(command, kind, world):
    """An --out of another kind is refused in one line before any game and left as it was;
    one of the command's kind is rewritten, through a link (the link stays)."""
    tmp = Path(world["tmp"])
    out = _output_of_kind(kind, tmp)
    target = out.resolve()
    before = target.read_bytes()
    code = check_run([*OUT_COMMANDS[command], str(out)], world, ["--out"])
    said = "\n".join(run_lines)
    if any(kind.endswith(k) for k in WRITES_OVER[command]):
        assert code in (0, 1) and out.is_symlink() == kind.startswith("a link"), said
        assert target.read_bytes() != before
    else:
        assert code == 2 and said.count("\n") == 0 and "--out" in said, said
        assert target.read_bytes() == before and out.is_symlink() == kind.startswith("a link")


# ---------------------------------------------------------------- check before work


def test_report_refuses_an_out_folder_it_cannot_make_before_the_first_game(world, monkeypatch):
    played = []
    monkeypatch.setattr(runner, "run_games", lambda *a, **k: played.append(1) or [])
    under_file = str(Path(world["file"]) / "report")
    code, out, err = run(["report", GOOD, "--out", under_file, "--games", "5", "--no-progress"])
    assert code == 2 and "--out" in err and not played


def test_accelerate_with_a_data_folder_that_is_a_file_refuses_before_compiling(world, monkeypatch):
    from adventures.tools import accelerate
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", world["file"])
    monkeypatch.setattr(accelerate, "build", lambda *a, **k: pytest.fail("compiled before checking"))
    t0 = time.monotonic()
    code, out, err = run(["accelerate"])
    assert code == 2 and world["file"] in err and len(err.strip().splitlines()) == 1, err
    assert time.monotonic() - t0 < 10


def test_accelerate_remove_says_what_it_removed_or_refuses(world, monkeypatch):
    from adventures import compiled
    where = compiled.folder()
    code, out, _ = run(["accelerate", "--remove"])
    assert code == 0 and "nothing to remove" in out
    where.mkdir(parents=True)
    (where / f"engine.game.0123{compiled.ABI_SUFFIX}").write_bytes(b"x")
    code, out, _ = run(["accelerate", "--remove"])
    assert code == 0 and "removed 1 compiled modules" in out and not where.exists()
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text("a file in the way")
    code, out, err = run(["accelerate", "--remove"])
    assert code == 2 and "nothing removed" in err and where.is_file()
    where.unlink()
    where.mkdir()
    (where / f"engine.game.0123{compiled.ABI_SUFFIX}").write_bytes(b"x")
    monkeypatch.setattr("shutil.rmtree", lambda path, onerror=None: onerror(os.unlink, str(path),
                                                                           (PermissionError, PermissionError(13, "Permission denied"), None)))
    code, out, err = run(["accelerate", "--remove"])
    assert code == 2 and "could not remove" in err and "1 of 1 compiled modules left" in err, err


# ---------------------------------------------------------------- no leftovers


def test_content_new_onto_a_folder_refuses_and_leaves_no_temporary_file(world):
    target = Path(world["tmp"]) / "home" / "content" / "minions" / "fuzzling.yaml"
    target.mkdir(parents=True)
    before = files_under(world["tmp"])
    code, out, err = run(["content", "new", "minion", "fuzzling", "--force"])
    assert code == 2 and str(target) in out + err
    assert files_under(world["tmp"]) == before


def test_preferences_on_a_full_disk_leave_no_temporary_file(world, monkeypatch):
    from adventures import home
    from adventures.app import userdata

    def full_disk_open(path, *a, **k):       # every write of home's writers fails as on a full disk
        fh = open(path, *a, **k)

        def write(_text):
            raise OSError(28, "No space left on device")
        fh.write = write
        return fh
    assert userdata.check_home() == ""
    before = files_under(world["tmp"])
    monkeypatch.setattr(home, "open", full_disk_open, raising=False)
    userdata.save_prefs({"text_size": 1})
    assert files_under(world["tmp"]) == before


def test_a_refused_load_keeps_one_copy_of_the_autosave_not_one_per_attempt(world):
    from adventures.app import keep, userdata
    assert userdata.check_home() == ""
    userdata.autosave_path().write_text('{"scenario": {"villain": "shredder"}, "answers": [1, 2]}')
    first = keep.keep_game_in_progress()
    again = [keep.keep_game_in_progress() for _ in range(3)]
    assert first is not None and all(p == first for p in again)
    assert len(list(userdata.saves_dir().glob("*_kept_*"))) == 1


def test_replay_temp_files_of_a_stopped_run_are_removed(world, monkeypatch):
    """A pool worker stopped mid-write (Ctrl-C terminates the pool) leaves `.game-N.json.X.tmp`."""
    folder = Path(world["out"])
    folder.mkdir()

    def stopped(*a, **k):
        (folder / ".game-00000.json.abcd.tmp").write_text("{")
        raise KeyboardInterrupt
    monkeypatch.setattr(runner, "execute", stopped)
    code, out, err = run(["simulate", GOOD, "--games", "2", "--no-progress", "--replays", str(folder)])
    assert code == 130 and list(folder.iterdir()) == []


@pytest.mark.parametrize("argv", [["simulate", "{fifo}", "--games", "1"], ["replay", "{fifo}"],
                                  ["sweep", "{fifo}", "--out", "{out}"], ["play", "--resume", "{fifo}"]],
                         ids=["simulate", "replay", "sweep", "play"])
def test_a_fifo_given_as_a_file_is_refused_in_a_real_process_without_hanging(argv, world):
    """Out of process too (a blocking open() in C would not see the in-process alarm)."""
    import subprocess
    import sys
    argv = [token.format(**world) for token in argv]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "adventures", *argv], capture_output=True, text=True, env=env,
                          timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "Traceback" not in done.stderr and world["fifo"] in done.stdout + done.stderr


def test_a_reader_that_closes_the_pipe_stops_the_command_quietly(tmp_path):
    """`adventures simulate ... | head -1`: the reader leaves early; no traceback, exit 0."""
    import subprocess
    import sys
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TMNT_ADVENTURES_HOME=str(tmp_path))
    scenario = Path(__file__).resolve().parents[1] / "scenarios" / "shredder-1p.yaml"
    proc = subprocess.Popen([sys.executable, "-m", "adventures", "simulate", str(scenario), "--games", "3"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    proc.stdout.close()                       # the reader is gone before the first line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_output_to_a_full_device_is_one_line_and_a_failed_run(tmp_path):
    """`adventures simulate ... > /dev/full`: the write fails; one line naming why, exit 1."""
    import subprocess
    import sys
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TMNT_ADVENTURES_HOME=str(tmp_path))
    scenario = Path(__file__).resolve().parents[1] / "scenarios" / "shredder-1p.yaml"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "adventures", "simulate", str(scenario), "--games", "2",
                               "--workers", "1", "--no-progress"], stdout=full, stderr=subprocess.PIPE,
                              text=True, env=env, timeout=120)
    assert done.returncode == 1
    assert done.stderr.startswith("adventures: ") and done.stderr.strip().count("\n") == 0, done.stderr


def test_sigterm_stops_a_run_like_ctrl_c_and_leaves_no_empty_output_folder(tmp_path):
    """`kill` or `timeout` (SIGTERM): exit 143, no traceback, the empty --out folder taken back."""
    import signal
    import subprocess
    import sys
    import time
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TMNT_ADVENTURES_HOME=str(tmp_path))
    scenario = Path(__file__).resolve().parents[1] / "scenarios" / "shredder-1p.yaml"
    out = tmp_path / "new" / "report"
    proc = subprocess.Popen([sys.executable, "-m", "adventures", "report", str(scenario), "--games", "100000",
                             "--hero-games", "0", "--workers", "1", "--no-progress", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    deadline = time.monotonic() + 60
    while not out.exists() and time.monotonic() < deadline:      # the run has started its games
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM and "Traceback" not in err, err
    assert not (tmp_path / "new").exists()
