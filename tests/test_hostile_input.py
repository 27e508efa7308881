"""Hostile input: malformed or malicious content, scenario and save files are refused with
clear one-line errors: no traceback, no hang, no code run, nothing overwritten."""
from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hostile import within
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adventures.cli import main as cli_main
from adventures.content.catalog import CONTENT_ROOT, load_catalog
from adventures.persistence.replay import export_replay
from adventures.persistence.save import SaveError, load_record
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.content.loader import ContentError, load_file
from engine.content.schema import ScenarioDef
from engine.decisions import RandomAgent

HERO_FILE = CONTENT_ROOT / "heroes" / "leonardo.yaml"
SCENARIO = """\
name: Hostile test
villain: shredder
seats:
  - hero: leonardo
    bot: heuristic
  - hero: random
minions: random
allies: true
overrides:
  villain_health: 20
max_rounds: 30
"""

# A line of `adventures validate` output: ok, a note, or file:LINE: message.
GOOD_LINE = re.compile(r"^(ok  \S.*|note: .*|.+:\d+: .+|.+: no such file or directory|.+: cannot read: .+)$")


def validate(*paths, seconds: float = 20) -> tuple[int, list[str]]:
    out = io.StringIO()
    with within(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = cli_main(["validate", *map(os.fspath, paths)])
    return code, out.getvalue().splitlines()


def assert_clean_refusal(code: int, lines: list[str]) -> None:
    assert code == 2, lines
    assert lines, "a refusal must say why"
    for line in lines:
        assert "Traceback" not in line and "internal error" not in line, line
        assert GOOD_LINE.match(line), f"not a one-line error: {line!r}"


def write(root: Path, rel: str, data: str | bytes) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


def hero_text(**replace: str) -> str:
    text = HERO_FILE.read_text(encoding="utf-8")
    for old, new in replace.items():
        assert old in text
        text = text.replace(old, new, 1)
    return text


# ---------------------------------------------------------------- content files
HOSTILE_FILES = {
    "wrong type": ("heroes/leo.yaml", lambda: hero_text(**{"health: ": "health: lots #"})),
    "unknown key": ("heroes/leo.yaml", lambda: hero_text(**{"move: ": "speed: 3\nmove: "})),
    "huge number": ("heroes/leo.yaml", lambda: hero_text(**{"health: ": "health: 99999999999999999999 #"})),
    "number too long to read": ("heroes/leo.yaml", lambda: hero_text(**{"health: ": "health: " + "9" * 5000 + " #"})),
    "negative health": ("heroes/leo.yaml", lambda: hero_text(**{"health: ": "health: -5 #"})),
    "anchor and alias": ("heroes/leo.yaml", lambda: "a: &x [1, 2]\nb: *x\n"),
    "self-referencing alias": ("heroes/leo.yaml", lambda: "a: &x [*x]\n"),
    "billion laughs": ("heroes/leo.yaml", lambda: "a: &a [x, x, x, x, x, x, x, x, x]\n"
                                                   + "".join(f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n"
                                                             for p, c in zip("abcdefgh", "bcdefghi"))),
    "python object tag": ("heroes/leo.yaml", lambda: "key: !!python/object/apply:os.system ['touch PWNED']\n"),
    "python name tag": ("heroes/leo.yaml", lambda: "key: !!python/name:os.system\n"),
    "custom tag": ("heroes/leo.yaml", lambda: hero_text(**{"name: Leonardo": "name: !shout Leonardo"})),
    "merge key": ("heroes/leo.yaml", lambda: "base: {a: 1}\nother:\n  <<: {a: 2}\n"),
    "duplicate key": ("heroes/leo.yaml", lambda: hero_text(**{"move: ": "move: 1\nmove: "})),
    "deeply nested list": ("heroes/leo.yaml", lambda: "[" * 50_000 + "]" * 50_000),
    "deeply nested mapping": ("heroes/leo.yaml", lambda: "a: {" * 5000 + "}" * 5000 + "\n"),
    "two documents": ("heroes/leo.yaml", lambda: hero_text() + "\n---\nkey: again\n"),
    "empty": ("heroes/leo.yaml", lambda: ""),
    "a list at the top": ("heroes/leo.yaml", lambda: "- 1\n- 2\n"),
    "a lone scalar": ("heroes/leo.yaml", lambda: "hello\n"),
    "tab indentation": ("heroes/leo.yaml", lambda: "key: leo\n\tname: Leo\n"),
    "unknown effect op": ("heroes/leo.yaml", lambda: hero_text(**{"ops:": "ops:\n      - explode: 1\n    xops:"})),
    "control characters": ("heroes/leo.yaml", lambda: "key: leo\nname: \x07\x1b[31mred\n"),
    "missing card in starting hand": ("heroes/leo.yaml",
                                      lambda: hero_text(**{"deck:": "starting_hand_extra: [Ghost Card]\ndeck:"})),
    "scenario with unknown hero": ("scenarios/s.yaml", lambda: SCENARIO.replace("hero: leonardo", "hero: batman")),
    "scenario with unknown minion": ("scenarios/s.yaml", lambda: SCENARIO.replace("minions: random",
                                                                                 "minions: [the_joker]")),
    "scenario with unknown villain": ("scenarios/s.yaml", lambda: SCENARIO.replace("villain: shredder",
                                                                                  "villain: bowser")),
    "scenario with huge override": ("scenarios/s.yaml", lambda: SCENARIO.replace("villain_health: 20",
                                                                                "villain_health: 10000000000")),
    "scenario with negative health": ("scenarios/s.yaml", lambda: SCENARIO.replace("villain_health: 20",
                                                                                  "villain_health: -20")),
    "scenario with too many seats": ("scenarios/s.yaml", lambda: SCENARIO.replace(
        "seats:\n", "seats:\n" + "  - hero: random\n" * 5)),
    "villain with unknown board": ("villains/v.yaml", lambda: (CONTENT_ROOT / "villains" / "shredder.yaml").read_text(
        encoding="utf-8").replace("board: new_york_city", "board: atlantis")),
    "board path to a missing space": ("boards/b.yaml", lambda: "key: b\nname: B\nzones: {z: {color: '#000000'}}\n"
                                      "spaces:\n  - {id: 1, pos: [0, 0], zones: [z]}\n"
                                      "  - {id: 2, pos: [1, 1], zones: [z]}\npaths: [[1, 3]]\n"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_FILES))
def test_hostile_content_is_refused_with_one_line_errors(tmp_path, monkeypatch, case):
    """Designers' files: every problem is one `file:LINE: field: message` line (loader docs)."""
    rel, make = HOSTILE_FILES[case]
    path = write(tmp_path, rel, make())
    before = path.read_bytes()
    monkeypatch.chdir(tmp_path)                     # a shell command run by a tag would land here
    code, lines = validate(path, "--content", CONTENT_ROOT)
    assert_clean_refusal(code, lines)
    assert path.read_bytes() == before              # validating never writes
    assert not (tmp_path / "PWNED").exists()


def test_non_utf8_content_is_refused_at_its_line(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", b"key: leo\nname: L\xe9onardo\n")
    code, lines = validate(path)
    assert_clean_refusal(code, lines)
    assert any(":2:" in line and "UTF-8" in line for line in lines)


def test_a_file_over_2_mb_is_refused_without_parsing(tmp_path):
    path = write(tmp_path, "heroes/big.yaml", "key: leo\n" + "# padding\n" * 300_000)
    code, lines = validate(path, seconds=10)
    assert_clean_refusal(code, lines)
    assert any("larger than" in line for line in lines)


def test_a_pipe_or_device_named_on_the_command_line_does_not_hang(tmp_path):
    fifo = tmp_path / "heroes" / "fifo.yaml"
    fifo.parent.mkdir()
    os.mkfifo(fifo)
    code, lines = validate(fifo, "/dev/zero", seconds=10)
    assert_clean_refusal(code, lines)


def test_a_symlink_loop_in_a_content_folder_does_not_hang(tmp_path):
    write(tmp_path, "heroes/leo.yaml", hero_text())
    (tmp_path / "heroes" / "loop").symlink_to(tmp_path)
    code, lines = validate(tmp_path, seconds=20)
    assert code == 0, lines


def test_the_loader_refuses_hostile_yaml_with_content_error(tmp_path):
    """Engine loader: the same refusals reach programs calling load_file directly."""
    for case in ("python object tag", "billion laughs", "deeply nested list", "number too long to read"):
        rel, make = HOSTILE_FILES[case]
        path = write(tmp_path, rel, make())
        with within(10), pytest.raises(ContentError) as info:
            load_file(path)
        assert all(GOOD_LINE.match(line) for line in str(info.value).splitlines())


# ---------------------------------------------------------------- fuzzing content
FUZZ_PIECES = [b":", b": ", b"- ", b"&a ", b"*a", b"!!python/object/apply:os.system ['touch PWNED'] ",
               b"!!str ", b"!custom ", b"{", b"}", b"[", b"]", b",", b"\n", b"\t", b"  ", b"'", b'"', b"#",
               b"99999999999999999999999", b"-5", b"1e400", b"null", b"~", b"<<: ", b"---\n", b"...\n",
               b"\x00", b"\xff\xfe", b"\xc3\xa9", b"\xe2\x80\xa8", b"%YAML 1.1\n", b"? ", b"|\n", b">-\n",
               b"@", b"`", b"!", b"%", b"key: ", b"ops: [{draw: 1}]", b"health: 0", b"copies: 31"]


@st.composite
def mutated(draw, original) -> bytes:
    data = bytearray(original() if callable(original) else original)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(("insert", "delete", "replace", "duplicate_line")))
        if how == "insert":
            data[at:at] = draw(st.sampled_from(FUZZ_PIECES))
        elif how == "delete":
            del data[at:at + draw(st.integers(1, 40))]
        elif how == "replace":
            data[at:at + draw(st.integers(1, 8))] = draw(st.binary(min_size=0, max_size=8))
        else:
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            end = len(data) if end < 0 else end + 1
            data[end:end] = data[start:end]
    return bytes(data)


@functools.cache
def fuzz_dir() -> Path:
    """One scratch folder for the fuzz tests, made on first use and removed after the module."""
    return Path(tempfile.mkdtemp(prefix="tmnt-fuzz-"))


def _fuzz_validate(rel: str, data: bytes) -> None:
    path = write(fuzz_dir(), rel, data)
    code, lines = validate(path, "--content", CONTENT_ROOT, seconds=20)
    assert code in (0, 2), lines
    for line in lines:
        assert "Traceback" not in line and "internal error" not in line, line
        assert GOOD_LINE.match(line), f"not a one-line error: {line!r}"
    assert path.read_bytes() == data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(HERO_FILE.read_bytes()))
def test_mutated_hero_files_are_accepted_or_refused_cleanly(data):
    """Any byte-level mutation of a valid hero file: `adventures validate` exits 0 or 2 with
    one-line messages, never a traceback."""
    _fuzz_validate("heroes/leo.yaml", data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(SCENARIO.encode()))
def test_mutated_scenario_files_are_accepted_or_refused_cleanly(data):
    _fuzz_validate("scenarios/s.yaml", data)


def teardown_module(module) -> None:
    if fuzz_dir.cache_info().currsize:
        shutil.rmtree(fuzz_dir(), ignore_errors=True)
    assert not Path("PWNED").exists()


# ---------------------------------------------------------------- corrupted saves and replays
@functools.cache
def replay_bytes() -> bytes:
    """A valid replay file of a short finished game (built on first use)."""
    scenario = ScenarioDef.model_validate({"name": "fuzz", "villain": "krang", "seats": [{"hero": "leonardo"}],
                                           "minions": [], "max_rounds": 6})
    bot = RandomAgent()
    game = new_adventure(scenario, load_catalog(), 5, {0: bot}, bot)
    play_adventure(game)
    path = fuzz_dir() / "good.replay.json"
    export_replay(game, path)
    return path.read_bytes()



def replay(path) -> tuple[int, list[str]]:
    out = io.StringIO()
    with within(30), contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = cli_main(["replay", os.fspath(path)])
    return code, out.getvalue().splitlines()


def _check_save_bytes(data: bytes) -> None:
    path = fuzz_dir() / "save.json"
    path.write_bytes(data)
    try:
        with within(10):
            load_record(path)
        loadable = True
    except SaveError as exc:
        assert "\n" not in str(exc)
        loadable = False
    code, lines = replay(path)
    text = "\n".join(lines)
    assert "Traceback" not in text
    assert "the re-run failed" not in text, text     # a legal-but-different game must not crash
    assert code in ((0, 1, 2) if loadable else (2,)), text
    assert len(lines) <= 2
    assert path.read_bytes() == data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(replay_bytes))
def test_mutated_save_bytes_are_loaded_or_refused_cleanly(data):
    """load_record returns a record or raises one-line SaveError; `adventures replay` exits
    0/1 (played) or 2 (refused), never with a traceback."""
    _check_save_bytes(data)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 30, 10 ** 30) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["format", "version", "scenario", "seed", "answers", "state_hash", "round", "saved_at",
                        "bot_rng", "replay", "scenario.villain", "scenario.seats", "scenario.minions",
                        "scenario.overrides", "scenario.max_rounds", "answers.0", "answers.3"]),
       JSON_VALUES)
def test_saves_with_a_hostile_value_anywhere_are_loaded_or_refused_cleanly(where, value):
    record = json.loads(replay_bytes())
    *parents, last = where.split(".")
    node = record
    for p in parents:
        node = node[p]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    _check_save_bytes(json.dumps(record).encode())


def test_a_failed_save_over_a_read_only_target_keeps_the_old_file(tmp_path):
    """A save that cannot be written raises SaveError and leaves the previous save as it was."""
    from adventures.persistence.save import write_record

    path = tmp_path / "slot.json"
    path.write_bytes(replay_bytes())
    with pytest.raises(SaveError, match="cannot save"):
        write_record({"bad": {1, 2}}, path)           # not JSON-able: refused before touching disk
    with pytest.raises(SaveError, match="cannot save"):
        write_record({"x": float("nan")}, path)
    assert path.read_bytes() == replay_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.json"]
