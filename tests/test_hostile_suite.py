"""The hostile-input suite (issue 15): 200+ distinct bad inputs of every file kind and path,
generated from the shipped files (and by hypothesis). Every case checks, through the real
command line run in process: the exit code, one-line messages naming the file, no
traceback, and that the player's saves and autosave did not change.

Kinds (see CASES): content files of each kind, scenarios (through validate, simulate,
sweep, play and screenshot), sweep files, saves and replays, special files and odd paths
given to every command, output paths, content folders (--content), the data folder, and
out-of-bounds numbers.
"""
from __future__ import annotations

import copy
import json
import os
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hostile import assert_refused, run_cli, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adventures.content.catalog import CONTENT_ROOT
from engine.content.loader import load_yaml

ROOT = Path(__file__).resolve().parent.parent
DELETE = object()
SHIPPED = {
    "hero": "heroes/leonardo.yaml", "villain": "villains/shredder.yaml", "minion": "minions/slash.yaml",
    "board": "boards/technodrome.yaml", "traps": "traps/technodrome_traps.yaml", "allies": "allies/allies.yaml",
    "difficulty": "difficulty.yaml",
}
SCENARIO = {"name": "Hostile", "villain": "shredder", "seats": [{"hero": "leonardo", "bot": "heuristic"}],
            "minions": "random", "max_rounds": 5}


def shipped(kind: str) -> dict:
    return load_yaml(CONTENT_ROOT / SHIPPED[kind])[0]     # as the project reads it (`on:` stays a key)


def mutate(data: dict, path: str, value) -> dict:
    out = copy.deepcopy(data)
    *parents, last = path.split(".")
    node = out

    def key_in(node, part):
        if isinstance(node, list) or (part not in node and part.isdigit() and int(part) in node):
            return int(part)        # list indexes, and YAML mappings keyed by numbers
        return part
    for p in parents:
        node = node[key_in(node, p)]
    key = key_in(node, last)
    if value is DELETE:
        del node[key]
    else:
        node[key] = value
    return out


# ---------------------------------------------------------------- content files: (path, bad value)
CONTENT_MUTATIONS = {
    "hero": [
        ("key", "Leo Nardo"), ("key", ""), ("key", 5), ("key", None), ("name", ""), ("name", None),
        ("name", ["Leo"]), ("name", "x" * 200), ("health", 0), ("health", -3), ("health", 41), ("health", "ten"),
        ("health", 1.5), ("health", None), ("health", 10 ** 30), ("move", -1), ("move", 10), ("move", "fast"),
        ("attack", "laser"), ("attack", 3), ("small", "maybe"), ("deck", []), ("deck", "cards"), ("deck", None),
        ("deck.0.type", "magic"), ("deck.0.value", 100), ("deck.0.value", -1), ("deck.0.copies", 0),
        ("deck.0.copies", 31), ("deck.0.boost", 100), ("deck.0.fighter", "Nobody"), ("deck.0.effects", "boom"),
        ("deck.0.name", ""), ("deck.0.surprise", 1), ("ability", None), ("ability.name", ""),
        ("ability.plugin", "no_such_plugin"), ("ability.triggers", [{"on": "lunch"}]),
        ("ability.triggers", [{"on": "start_of_turn", "ops": [{"explode": 1}]}]), ("hand_size", 99),
        ("hand_limit", 0), ("power", 9000), ("provenance", "rumour"), ("health", DELETE), ("deck", DELETE),
        ("ability", DELETE), ("starting_hand_extra", ["Ghost Card"]),
    ],
    "villain": [
        ("role", "hero"), ("role", "minion"), ("health", []), ("health", [0]), ("health", [1, 2, 3, 4, 5]),
        ("threat_track", None), ("threat_track.levels", [1]), ("threat_track.levels", [10, 10]),
        ("deck", []), ("board", "atlantis"), ("rules", "nope"), ("rules", "slash"), ("supply.foot", 23),
        ("supply.foot", -1), ("supply", {}), ("initiative", []), ("initiative.0.key", "Bad Key"),
        ("initiative.0.move", 12), ("deck.0.attack", 100), ("deck.0.deception", "often"),
        ("initiative.0.right_now_ops", [{"summon_dragon": 1}]),
    ],
    "minion": [("role", "villain"), ("rules", "shredder"), ("rules", "krang"), ("health", [100]),
               ("deck", [{"name": "Hit", "attack": 2, "defense": 1}]), ("initiative.0.end_of_round_ops", "x")],
    "board": [
        ("spaces", []), ("spaces.0.id", 0), ("spaces.0.id", 999), ("spaces.0.pos", [2, 2]),
        ("spaces.0.zones", ["Nowhere"]), ("spaces.0.zones", []), ("paths", []), ("paths.0", [1, 1]),
        ("paths.0", [1, 999]), ("zones", {}), ("spaces.0.start", 9), ("spaces.1.id", 1),
        ("machines.0.wired_to", [999]), ("spaces.0.screen", 7), ("zones.Portal Chamber.color", "red"),
    ],
    "traps": [("traps", []), ("traps.0.results", {1: {"timing": "immediately", "text": "x"}}), ("traps.0.name", ""),
              ("traps.0.results.1.timing", "whenever")],
    "allies": [("cards", []), ("cards.0.kind", "boss"), ("cards.0.start_space", 9),
               ("cards.0.start_space", DELETE), ("friends_in_odd_places", None), ("cards.0.key", "Bad Key")],
    # a difficulty table: its levels, and measured rows naming what the content lacks (issue 41)
    "difficulty": [("measured.0.villain", "bowser"), ("measured.0.heroes.0", "batman"), ("default", "impossible"),
                   ("levels.0.band", [0.9, 0.1]), ("levels.0.target", 2), ("levels", []), ("levels.0.key", "Bad Key"),
                   ("measured.0.level", "nightmare"), ("measured.0.wins", 10 ** 6), ("measured.0.players", 9),
                   ("measured.0.settings.enemy_cards", 10 ** 9), ("measured.0.heroes", []),
                   ("measured.0.ci95", [0.2, float("nan")])],
}


def _content_case(kind, path, value):
    def build(tmp: Path):
        data = mutate(shipped(kind), path, value)
        data["kind"] = kind
        file = tmp / "loose" / f"bad_{kind}.yaml"
        file.parent.mkdir(exist_ok=True)
        file.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        return ("validate", file), 2, f"{file}:"
    return build


# ---------------------------------------------------------------- scenarios
SCENARIO_MUTATIONS = [
    ("villain", "bowser"), ("villain", None), ("seats", []), ("seats", [{"hero": "random"}] * 5),
    ("seats.0.hero", "batman"), ("seats.0.hero", ""), ("seats.0.bot", "skynet"), ("minions", ["joker"]),
    ("minions", ["krang"]), ("minions", ["leonardo"]), ("minions", "all"), ("minions", ["slash", "wingnut"]),
    ("allies", "sometimes"), ("extra_henchmen", 7), ("extra_henchmen", -1), ("overrides", {"villain_health": 0}),
    ("overrides", {"villain_health": 1000}), ("overrides", {"warp": 1}), ("max_rounds", 0), ("max_rounds", 501),
    ("seed", 10 ** 31), ("seed", "lucky"), ("name", ""), ("difficulty", "impossible"), ("challenge", "hard"),
    ("name", DELETE),
]
SCENARIO_COMMANDS = ("validate", "simulate", "play", "screenshot")


def _scenario_case(path, value, command):
    def build(tmp: Path):
        file = tmp / "scenarios" / "bad.yaml"
        file.parent.mkdir(exist_ok=True)
        file.write_text(yaml.safe_dump(mutate(SCENARIO, path, value)), encoding="utf-8")
        extra = {"simulate": ("--games", "2", "--no-progress"), "screenshot": ("--out", tmp / "shot.png")}
        return (command, file, *extra.get(command, ())), 2, f"{file}:"
    return build


# ---------------------------------------------------------------- sweeps
GOOD_BASE = str(ROOT / "scenarios" / "shredder-1p.yaml")
SWEEP_CASES = {
    "no base": {"sweep": {"villain_health": [5]}},
    "missing base file": {"base": "nowhere.yaml", "sweep": {"villain_health": [5]}},
    "base a number": {"base": 5, "sweep": {"villain_health": [5]}},
    "no sweep": {"base": GOOD_BASE},
    "sweep a list": {"base": GOOD_BASE, "sweep": [1, 2]},
    "empty values": {"base": GOOD_BASE, "sweep": {"villain_health": []}},
    "unknown parameter": {"base": GOOD_BASE, "sweep": {"warp_speed": [1]}},
    "bad override value": {"base": GOOD_BASE, "sweep": {"villain_health": [0]}},
    "players 0": {"base": GOOD_BASE, "sweep": {"players": [0]}},
    "players 2.5": {"base": GOOD_BASE, "sweep": {"players": [2.5]}},
    "players true": {"base": GOOD_BASE, "sweep": {"players": [True]}},
    "players text": {"base": GOOD_BASE, "sweep": {"players": ["2"]}},
    "players -1": {"base": GOOD_BASE, "sweep": {"players": [-1]}},
    "games 0": {"base": GOOD_BASE, "sweep": {"villain_health": [5]}, "games": 0},
    "games text": {"base": GOOD_BASE, "sweep": {"villain_health": [5]}, "games": "many"},
    "games 10^12": {"base": GOOD_BASE, "sweep": {"villain_health": [5]}, "games": 10 ** 12},
    "seed 31 digits": {"base": GOOD_BASE, "sweep": {"villain_health": [5]}, "seed": 10 ** 31},
    "seed text": {"base": GOOD_BASE, "sweep": {"villain_health": [5]}, "seed": "x"},
    "unknown key": {"base": GOOD_BASE, "sweep": {"villain_health": [5]}, "cluster": "here"},
    "grid of 10^8 cells": {"base": GOOD_BASE, "sweep": {"villain_health": list(range(1, 101)),
                                                         "hero_health_bonus": list(range(-20, 21)),
                                                         "villain_move": list(range(0, 10)),
                                                         "minion_move": list(range(0, 10)),
                                                         "threat_track_length": list(range(2, 30))}},
    "inline base unknown hero": {"base": {**SCENARIO, "seats": [{"hero": "batman"}]}, "sweep": {"max_rounds": [3]}},
}


def _sweep_case(name):
    def build(tmp: Path):
        file = tmp / "sweep.yaml"
        file.write_text(yaml.safe_dump({"kind": "sweep", **SWEEP_CASES[name]}), encoding="utf-8")
        return ("sweep", file, "--out", tmp / "out", "--games", "1", "--no-progress"), 2, f"{file}:"
    return build


# ---------------------------------------------------------------- saves and replays
def good_replay() -> dict:
    return {"format": "tmnt-adventures-save", "version": 1, "seed": 3, "answers": [0, 1], "state_hash": "abc",
            "round": 2, "saved_at": "", "replay": True, "result": {"winner": "villain", "reason": "x"},
            "scenario": {"name": "s", "villain": "shredder", "seats": [{"hero": "leonardo"}]}}


SAVE_MUTATIONS = [
    ("format", "zip"), ("format", None), ("version", 2), ("version", -1), ("version", "1"), ("version", 1.0),
    ("seed", "x"), ("seed", 10 ** 41), ("seed", 1.5), ("seed", None), ("answers", "x"), ("answers", [-1]),
    ("answers", [1000]), ("answers", [1.5]), ("answers", [True]), ("answers", [0] * 500_001),
    ("state_hash", 5), ("state_hash", ""), ("round", -1), ("round", 10_001), ("scenario", None),
    ("scenario", []), ("scenario.villain", "bowser"), ("scenario.seats.0.hero", "batman"),
    ("scenario.minions", ["krang"]), ("scenario.seats", []), ("bot_rng", [1, 2]), ("replay", False),
    ("saved_at", 5), ("answers", DELETE), ("seed", DELETE), ("scenario", DELETE),
]
SAVE_BYTES = {
    "not JSON": b"not json at all", "empty": b"", "NaN": b'{"seed": NaN}', "a list": b"[1, 2]",
    "duplicate keys": b'{"format": "a", "format": "b"}', "not UTF-8": b'{"format": "\xff"}',
    "deep nesting": b"[" * 100_000 + b"]" * 100_000, "over 5 MB": b" " * (5 * 1024 * 1024 + 10),
    "huge integer": b'{"seed": ' + b"9" * 5000 + b"}", "BOM then garbage": b"\xef\xbb\xbf{]",
}


def _save_case(path=None, value=None, raw=None):
    def build(tmp: Path):
        file = tmp / "bad.replay.json"
        file.write_bytes(raw if raw is not None else json.dumps(mutate(good_replay(), path, value)).encode())
        return ("replay", file), 2, str(file)
    return build


# ---------------------------------------------------------------- special files and odd paths
def _special(kind: str, tmp: Path) -> Path:
    path = tmp / f"odd-{kind}.yaml"
    if kind == "missing":
        return path
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dangling link":
        path.symlink_to(tmp / "gone")
    elif kind == "link loop":
        path.symlink_to(path)
    elif kind == "name too long":
        return tmp / ("x" * 300 + ".yaml")
    elif kind == "under a file":
        (tmp / "plain").write_text("x")
        return tmp / "plain" / "inner.yaml"
    return path


SPECIALS = ("missing", "folder", "fifo", "dangling link", "link loop", "name too long", "under a file")
PATH_COMMANDS = {
    "validate": lambda f, tmp: ("validate", f),
    "simulate": lambda f, tmp: ("simulate", f, "--games", "1", "--no-progress"),
    "sweep": lambda f, tmp: ("sweep", f, "--out", tmp / "out", "--no-progress"),
    "replay": lambda f, tmp: ("replay", f),
    "play": lambda f, tmp: ("play", f),
    "screenshot": lambda f, tmp: ("screenshot", f, "--out", tmp / "s.png"),
    "play --resume": lambda f, tmp: ("play", "--resume", f),
}


def _path_case(command, kind):
    def build(tmp: Path):
        file = _special(kind, tmp)
        args = PATH_COMMANDS[command](file, tmp)
        if command == "validate" and kind == "folder":
            return args, 2, "no YAML files found"
        return args, 2, file.name[:30]
    return build


# ---------------------------------------------------------------- output paths
def _output_case(command, how):
    def build(tmp: Path):
        (tmp / "plain").write_text("x")
        (tmp / "folder").mkdir()
        target = {"a file": tmp / "plain", "under a file": tmp / "plain" / "sub",
                  "a folder": tmp / "folder", "missing folder": tmp / "no" / "such" / "x.png"}[how]
        args = {"sweep": ("sweep", ROOT / "scenarios" / "sweep-shredder-health.yaml", "--out", target, "--games", "1"),
                "simulate": ("simulate", GOOD_BASE, "--games", "1", "--replays", target),
                "screenshot": ("screenshot", GOOD_BASE, "--out", target),
                "train": ("train", GOOD_BASE, "--games", "1", "--rollouts", "1", "--reinforce", "1", "--out", target),
                "calibrate": ("calibrate", GOOD_BASE, "--games", "1", "--per-cell", "--no-random-teams", "--out", target)}[command]
        return (*args, "--no-progress") if command != "screenshot" else args, 2, str(target)
    return build


OUTPUT_CASES = [("sweep", "a file"), ("sweep", "under a file"), ("simulate", "a file"),
                ("simulate", "under a file"), ("screenshot", "a folder"), ("screenshot", "missing folder"),
                ("screenshot", "under a file"), ("train", "a file"), ("train", "a folder"), ("train", "under a file"),
                ("train", "missing folder"), ("calibrate", "a file"), ("calibrate", "a folder"),
                ("calibrate", "under a file"), ("calibrate", "missing folder")]


# ---------------------------------------------------------------- numbers out of bounds
NUMBER_CASES = [
    ("simulate", GOOD_BASE, "--games", "1000000000000"), ("simulate", GOOD_BASE, "--games", "0"),
    ("simulate", GOOD_BASE, "--games", "ten"), ("simulate", GOOD_BASE, "--seed", "9" * 41),
    ("simulate", GOOD_BASE, "--seed", "-" + "9" * 41), ("simulate", GOOD_BASE, "--workers", "0"),
    ("simulate", GOOD_BASE, "--workers", "100000"), ("soak", "--games", "1000000000000"), ("soak", "--seed", "1" * 60),
    ("soak", "--workers", "-2"), ("bench", "--games", "99999999999"), ("bench", "--seed", "x"),
    ("sweep", ROOT / "scenarios" / "sweep-shredder-health.yaml", "--out", "unused", "--games", "1" + "0" * 12),
    ("screenshot", GOOD_BASE, "--turns", "100000000"), ("screenshot", GOOD_BASE, "--size", "100000x100000"),
    ("play", "--seed", "7" * 45), ("play", "--size", "100000x100000"), ("play", "--size", "wide"),
]


def _number_case(args):
    def build(tmp: Path):
        return args, 2, "error: argument"
    return build


# ---------------------------------------------------------------- content folders (--content)
def _content_root_case(command, how):
    def build(tmp: Path):
        root = tmp / "content-root"
        if how == "a file":
            root.write_text("x")
        elif how == "a fifo":
            os.mkfifo(root)
        elif how == "an empty folder":
            root.mkdir()
        args = {"validate": ("validate", "--content", root, GOOD_BASE),
                "replay": ("replay", "--content", root, tmp / "r.json"),
                "soak": ("soak", "--content", root, "--games", "1")}[command]
        if command == "replay":
            (tmp / "r.json").write_text(json.dumps(good_replay()))
        return args, 2, str(root)
    return build


CONTENT_ROOT_CASES = [(c, h) for c in ("validate", "replay", "soak")
                      for h in ("a file", "a fifo", "an empty folder", "missing")]


# ---------------------------------------------------------------- the table of every case
CASES: dict[str, tuple[str, object]] = {}
for _kind, _muts in CONTENT_MUTATIONS.items():
    for _p, _v in _muts:
        CASES[f"{_kind} {_p}={'<deleted>' if _v is DELETE else repr(_v)[:30]}"] = (f"content:{_kind}",
                                                                                   _content_case(_kind, _p, _v))
for _p, _v in SCENARIO_MUTATIONS:
    for _c in SCENARIO_COMMANDS:
        CASES[f"scenario {_p}={'<deleted>' if _v is DELETE else repr(_v)[:30]} via {_c}"] = (
            "scenario", _scenario_case(_p, _v, _c))
for _n in SWEEP_CASES:
    CASES[f"sweep {_n}"] = ("sweep", _sweep_case(_n))
for _p, _v in SAVE_MUTATIONS:
    CASES[f"replay {_p}={'<deleted>' if _v is DELETE else repr(_v)[:30]}"] = ("save/replay", _save_case(_p, _v))
for _n, _raw in SAVE_BYTES.items():
    CASES[f"replay bytes: {_n}"] = ("save/replay", _save_case(raw=_raw))
for _c in PATH_COMMANDS:
    for _k in SPECIALS:
        CASES[f"{_c} given a {_k}"] = ("special file or path", _path_case(_c, _k))
for _c, _h in OUTPUT_CASES:
    CASES[f"{_c} output is {_h}"] = ("output path", _output_case(_c, _h))
for _c, _h in CONTENT_ROOT_CASES:
    CASES[f"{_c} --content is {_h}"] = ("content folder", _content_root_case(_c, _h))
for _a in NUMBER_CASES:
    CASES[" ".join(str(a)[-40:] for a in _a)] = ("number out of bounds", _number_case(_a))


def distinct_inputs() -> Counter:
    """Distinct bad inputs by kind (a scenario file run through four commands is one input)."""
    kinds: Counter = Counter()
    for name, (kind, _) in CASES.items():
        if kind == "scenario" and not name.endswith("via validate"):
            continue
        kinds[kind] += 1
    return kinds


def test_the_suite_has_at_least_150_distinct_bad_inputs():
    counts = distinct_inputs()
    assert sum(counts.values()) >= 150, counts


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A data folder holding an autosave and a save: no refused input may touch them."""
    home = tmp_path / "home"
    (home / "saves").mkdir(parents=True)
    (home / "autosave.json").write_text(json.dumps({**good_replay(), "replay": False}))
    (home / "saves" / "mine.json").write_text(json.dumps({**good_replay(), "replay": False, "seed": 9}))
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(home))
    monkeypatch.chdir(tmp_path)
    before = snapshot(home)
    yield home
    assert snapshot(home) == before, "a refused input changed a save or the autosave"


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_input_is_refused_cleanly(tmp_path, home, case):
    kind, build = CASES[case]
    work = tmp_path / "work"
    work.mkdir()
    args, code, names = build(work)
    got, lines = run_cli(*args, seconds=30)
    assert_refused(got, lines, names, code)
    assert not (work / "out").exists() and not (work / "s.png").exists() and not (work / "shot.png").exists()


def test_the_shipped_files_the_suite_mutates_are_valid(tmp_path):
    """The baseline: every unmutated file validates, so each refusal is the mutation's."""
    for kind in SHIPPED:
        file = tmp_path / "loose" / f"{kind}.yaml"
        file.parent.mkdir(exist_ok=True)
        file.write_text(yaml.safe_dump({**shipped(kind), "kind": kind}, sort_keys=False), encoding="utf-8")
        code, lines = run_cli("validate", file)
        assert code == 0, lines
    file = tmp_path / "scenarios" / "ok.yaml"
    file.parent.mkdir()
    file.write_text(yaml.safe_dump(SCENARIO), encoding="utf-8")
    assert run_cli("validate", file)[0] == 0


@pytest.mark.parametrize("where", ["home is a file", "saves is a file", "replays is a file"])
def test_a_data_folder_that_cannot_be_used_is_one_line(tmp_path, monkeypatch, where):
    home = tmp_path / "home"
    if where == "home is a file":
        home.write_text("x")
    else:
        home.mkdir()
        (home / where.split()[0]).write_text("x")
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(home))
    code, lines = run_cli("play")
    assert_refused(code, lines, str(home))


# ---------------------------------------------------------------- generated: one validation path
HOSTILE_VALUES = (st.none() | st.booleans() | st.integers(-10 ** 40, 10 ** 40) | st.floats(allow_nan=False)
                  | st.text(max_size=12) | st.lists(st.text(max_size=6), max_size=3)
                  | st.dictionaries(st.text(max_size=6), st.integers(), max_size=2))
SCENARIO_FIELDS = ["villain", "seats", "seats.0", "seats.0.hero", "seats.0.bot", "minions", "allies",
                   "extra_henchmen", "overrides", "max_rounds", "seed", "name", "description", "unknown_key"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(st.sampled_from(SCENARIO_FIELDS), HOSTILE_VALUES)
def test_validate_and_simulate_agree_on_any_hostile_scenario_value(tmp_path, where, value):
    """Whatever `validate` accepts plays; whatever it refuses, `simulate` refuses with the
    same first line (one validation path)."""
    file = tmp_path / "scenarios" / "gen.yaml"
    file.parent.mkdir(exist_ok=True)
    file.write_text(yaml.safe_dump(mutate(SCENARIO, where, value)), encoding="utf-8")
    code_v, lines_v = run_cli("validate", file)
    code_s, lines_s = run_cli("simulate", file, "--games", "1", "--workers", "1", "--json", "--no-progress")
    for lines in (lines_v, lines_s):
        assert not any("Traceback" in line or "internal error" in line for line in lines), lines
    if code_v == 0:
        assert code_s == 0 and '"errors": 0' in lines_s[-1], lines_s
    else:
        assert code_v == code_s == 2 and lines_s[0] == lines_v[0], (lines_v, lines_s)
