"""Hostile paths and settings: prefs files, the saves folder, special files, the data
folder, output paths, sizes and seeds. Every case: a clean one-line refusal (or defaults
with a warning), no traceback, no hang, no memory blow-up, and the player's saves intact."""
from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import pytest
from hostile import assert_refused, run_cli, snapshot, within

from adventures.app import userdata
from adventures.persistence import save as save_mod
from adventures.tools import limits

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "shredder-1p.yaml"
GOOD_RECORD = {"format": "tmnt-adventures-save", "version": 1, "seed": 3, "answers": [], "state_hash": "x",
               "round": 1, "scenario": {"name": "s", "villain": "shredder", "seats": [{"hero": "leonardo"}]}}


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A data folder with an autosave and a manual save that no refusal may touch."""
    home = tmp_path / "home"
    (home / "saves").mkdir(parents=True)
    (home / "autosave.json").write_text(json.dumps(GOOD_RECORD))
    (home / "saves" / "mine.json").write_text(json.dumps({**GOOD_RECORD, "seed": 4}))
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(home))
    before = snapshot(home)
    yield home
    assert snapshot(home) == before, "a refused input changed a save or the autosave"


# ---------------------------------------------------------------- prefs.json
BAD_PREFS = {
    "speed as text": '{"speed_ms": "fast"}',
    "speed null": '{"speed_ms": null}',
    "speed negative": '{"speed_ms": -400}',
    "speed huge": '{"speed_ms": 10000000000000000000000}',
    "speed boolean": '{"speed_ms": true}',
    "window as text": '{"window": "abc"}',
    "window three numbers": '{"window": [800, 600, 3]}',
    "window negative": '{"window": [-800, 600]}',
    "window huge": '{"window": [100000, 100000]}',
    "window floats": '{"window": [800.5, 600]}',
    "window empty": '{"window": []}',
    "villain a list": '{"villain": ["krang"]}',
    "open hands a string": '{"open_hands": "yes"}',
    "top level list": '[1, 2]',
    "top level string": '"prefs"',
    "not JSON": 'speed_ms = 400',
    "truncated": '{"speed_ms": 4',
    "not UTF-8": b'{"villain": "\xff"}',
    "deeply nested": '[' * 100_000 + ']' * 100_000,
}


@pytest.mark.parametrize("case", sorted(BAD_PREFS))
def test_a_bad_prefs_file_falls_back_to_defaults_with_one_warning(home, case):
    """prefs.json with a wrong type: the app starts with its defaults and warns in one line."""
    data = BAD_PREFS[case]
    (home / "prefs.json").write_bytes(data if isinstance(data, bytes) else data.encode())
    warnings: list[str] = []
    with within(10):
        prefs = userdata.load_prefs(warnings.append)
    assert all(userdata.PREF_CHECKS[k](v) for k, v in prefs.items())
    assert len(warnings) == 1 and "prefs.json" in warnings[0] and "\n" not in warnings[0]


def test_the_app_starts_with_a_bad_prefs_file(home):
    """The window comes up at its default size, not 100000x100000 (issue 15: 2.3 GB)."""
    from adventures.app.app import App
    (home / "prefs.json").write_text('{"window": [100000, 100000], "speed_ms": "fast"}')
    app = App(headless=True, fps=0)
    assert app.screen.get_size()[0] <= userdata.MAX_WINDOW[0] and app.speed_ms == 400


def test_a_fifo_as_prefs_file_does_not_hang(home):
    os.mkfifo(home / "prefs.json")
    warnings: list[str] = []
    with within(5):
        assert userdata.load_prefs(warnings.append) == {}
    assert warnings


# ---------------------------------------------------------------- the saves folder
def _odd_entries(saves: Path) -> list[str]:
    (saves / "dangling.json").symlink_to(saves / "gone.json")
    (saves / "loop.json").symlink_to(saves / "loop.json")
    os.mkfifo(saves / "fifo.json")
    (saves / "folder.json").mkdir()
    return ["dangling", "loop", "fifo", "folder"]


def test_the_load_menu_lists_odd_entries_as_unreadable(home):
    """Dangling links, loops, FIFOs and folders in saves/ are skipped as unreadable."""
    import pygame

    from adventures.app import overlays
    pygame.font.init()
    odd = _odd_entries(home / "saves")
    with within(10):
        entries = userdata.save_entries()
        menu = overlays.load_overlay(entries, userdata.autosave_path())
    labels = [label for label, _ in menu.items]
    assert any(label.startswith("mine  ·") and "unreadable" not in label for label in labels)
    for name in odd:
        assert any(label.startswith(f"{name}  ·  unreadable") for label in labels), labels
    assert [p.name for p in userdata.list_saves()] == ["mine.json"]


@pytest.mark.parametrize("name", ["dangling", "loop", "fifo", "folder", "vanished"])
def test_loading_an_odd_entry_gives_a_one_line_reason(home, name):
    from adventures.app.controller import LoadFailed, restart_from_file
    _odd_entries(home / "saves")
    path = home / "saves" / f"{name}.json"
    with within(5):
        result = restart_from_file(path)
    assert isinstance(result, LoadFailed) and str(path) in result.message and "\n" not in result.message


def test_a_save_that_vanishes_between_listing_and_reading(home):
    from adventures.app import overlays
    gone = home / "saves" / "gone.json"
    gone.write_text("{}")
    entries = userdata.save_entries()
    gone.unlink()
    assert "unreadable" in overlays.describe_save(gone)
    assert any(e.path == gone for e in entries)


@pytest.mark.parametrize("kind", ["fifo", "folder", "dangling", "loop", "/dev/zero"])
def test_replay_refuses_special_files_at_once(tmp_path, home, kind):
    """A FIFO given to `adventures replay` used to block forever."""
    path = tmp_path / "x.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "dangling":
        path.symlink_to(tmp_path / "nothing")
    elif kind == "loop":
        path.symlink_to(path)
    else:
        path = Path(kind)
    code, lines = run_cli("replay", path, seconds=10)
    assert_refused(code, lines, str(path))


# ---------------------------------------------------------------- the data folder
@pytest.mark.parametrize("command", ["play", "content"])
def test_a_data_folder_that_is_a_file_is_one_line_at_start(tmp_path, monkeypatch, command):
    """`content` listed it as an empty content folder before."""
    target = tmp_path / "home-file"
    target.write_text("not a folder")
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(target))
    code, lines = run_cli(command)
    assert_refused(code, lines, str(target))
    assert target.read_text() == "not a folder"


def test_a_saves_folder_that_is_a_file_is_one_line_at_start(tmp_path, monkeypatch):
    (tmp_path / "saves").write_text("x")
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path))
    code, lines = run_cli("play")
    assert_refused(code, lines, "saves")


# ---------------------------------------------------------------- durable saves
def test_a_save_fsyncs_the_folder_after_the_rename(tmp_path, monkeypatch):
    """The rename is only durable once the folder is synced (save.py docstring)."""
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(save_mod.os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    save_mod.write_record(GOOD_RECORD, tmp_path / "a.json")
    assert len(synced) == 2       # the file, then the folder


def test_stale_temp_files_of_killed_saves_are_removed_at_start(home):
    old = home / ".autosave.json.abc123.tmp"
    young = home / "saves" / ".x.json.def456.tmp"
    other = home / "saves" / "keep.tmp"
    for p in (old, young, other):
        p.write_text("partial")
    past = time.time() - 3600
    os.utime(old, (past, past))
    assert userdata.check_home() == ""
    assert not old.exists() and young.exists() and other.exists()


def test_the_app_tells_the_player_when_an_autosave_fails_and_plays_on(home, monkeypatch):
    from adventures.app import controller as ctl_mod
    from adventures.persistence.save import SaveError

    toasts: list[str] = []

    class Scene:
        def toast(self, text):
            toasts.append(text)

    class FakeApp:
        game_scene = Scene()

    ctl = ctl_mod.GameController.__new__(ctl_mod.GameController)
    ctl.app, ctl.autosave_failing = FakeApp(), False
    ctl.game = type("G", (), {"over": None})()

    def full_disk(game, path):
        raise SaveError(f"{path}: cannot save: No space left on device")

    monkeypatch.setattr("adventures.persistence.save.save_game", full_disk)
    ctl.autosave()
    ctl.autosave()                    # told once per failure streak, not every turn
    assert len(toasts) == 1 and "No space left" in toasts[0]
    monkeypatch.setattr("adventures.persistence.save.save_game", lambda game, path: None)
    ctl.autosave()
    assert toasts[-1] == "Autosave works again"


# ---------------------------------------------------------------- output paths, checked first
def test_sweep_out_that_is_a_file_is_refused_before_any_game(tmp_path, home, monkeypatch):
    out = tmp_path / "out"
    out.write_text("x")
    monkeypatch.setattr("adventures.sim.runner.run_chunk", _no_games)
    code, lines = run_cli("sweep", ROOT / "scenarios" / "sweep-shredder-health.yaml", "--out", out, "--no-progress")
    assert_refused(code, lines, str(out))


def test_simulate_replays_that_is_a_file_is_refused_before_any_game(tmp_path, home, monkeypatch):
    out = tmp_path / "replays"
    out.write_text("x")
    monkeypatch.setattr("adventures.sim.runner.run_chunk", _no_games)
    code, lines = run_cli("simulate", SCENARIO, "--games", "3", "--replays", out, "--no-progress")
    assert_refused(code, lines, str(out))


def test_screenshot_out_in_a_missing_folder_is_refused_before_playing(tmp_path, home):
    out = tmp_path / "no" / "such" / "shot.png"
    code, lines = run_cli("screenshot", SCENARIO, "--out", out)
    assert_refused(code, lines, str(out))


def _no_games(task):
    raise AssertionError("a game was played before the output path was checked")


# ---------------------------------------------------------------- sizes and seeds
@pytest.mark.parametrize("args", [
    ("simulate", SCENARIO, "--games", "1000000000000"),
    ("simulate", SCENARIO, "--games", "0"),
    ("simulate", SCENARIO, "--games", "-5"),
    ("simulate", SCENARIO, "--seed", "9" * 41),
    ("simulate", SCENARIO, "--workers", "100000"),
    ("soak", "--games", "1000000000000"),
    ("soak", "--seed", "1" * 60),
    ("bench", "--games", "99999999999"),
    ("sweep", ROOT / "scenarios" / "sweep-shredder-health.yaml", "--out", "unused", "--games", "10" + "0" * 12),
    ("screenshot", SCENARIO, "--turns", "100000000"),
    ("play", "--seed", "7" * 45),
    ("play", "--size", "100000x100000"),
])
def test_sizes_and_seeds_over_their_bounds_are_refused_at_once(home, args):
    """Documented bounds (adventures/tools/limits.py) are checked before any work starts."""
    code, lines = run_cli(*args, seconds=10)
    assert_refused(code, lines, args[-2])


def test_a_sweep_whose_cells_times_games_is_too_big_is_refused(tmp_path, home, monkeypatch):
    path = tmp_path / "big.yaml"
    values = ", ".join(str(v) for v in range(1, 101))
    path.write_text(f"kind: sweep\nbase: {SCENARIO}\nsweep:\n  villain_health: [{values}]\n")
    monkeypatch.setattr("adventures.sim.runner.run_chunk", _no_games)
    code, lines = run_cli("sweep", path, "--out", tmp_path / "o", "--games", str(limits.MAX_GAMES), seconds=20)
    assert_refused(code, lines, "1,000,000")


def test_the_job_list_is_built_lazily():
    from adventures.sim import runner
    tasks = runner.make_tasks(None, 10 ** 12, 1, False, chunk=100)
    first = next(tasks)
    assert len(first[1]) == 100 and first[1][0] == (0, runner.game_seed(1, 0))


@pytest.mark.parametrize("value", ["-1", "0", "5", "2.7", "true", "'2'", "null"])
def test_sweep_players_are_never_coerced(tmp_path, home, value):
    """players: 2.7 or true used to run 2 or 1 players under that label."""
    path = tmp_path / "players.yaml"
    path.write_text(f"kind: sweep\nbase: {SCENARIO}\nsweep:\n  players: [1, {value}]\n")
    code, lines = run_cli("validate", path)
    assert_refused(code, lines, f"{path}:4: sweep.players")


# ---------------------------------------------------------------- old records
def test_a_version_0_record_replays_identically(tmp_path, home):
    """Version 0 had no round: the migration must not make the replay stop at round 0."""
    from adventures.content.catalog import load_catalog
    from adventures.persistence.replay import export_replay
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    from engine.content.schema import ScenarioDef
    from engine.decisions import RandomAgent

    scenario = ScenarioDef.model_validate({"name": "v0", "villain": "krang", "seats": [{"hero": "leonardo"}],
                                           "minions": [], "max_rounds": 8})
    bot = RandomAgent()
    game = new_adventure(scenario, load_catalog(), 11, {0: bot}, bot)
    play_adventure(game, max_rounds=8)
    path = tmp_path / "v0.json"
    export_replay(game, path)
    record = json.loads(path.read_text())
    record.update(version=0, choices=record.pop("answers"))
    del record["round"], record["saved_at"]
    path.write_text(json.dumps(record))
    code, lines = run_cli("replay", path)
    assert code == 0 and "identical" in lines[-1], lines


@pytest.mark.parametrize("tag", ["nosuchtag", "", "defence_card"])
def test_screenshot_at_an_unknown_decision_tag_is_refused(home, tag):
    """`--at` names a decision tag of the closed vocabulary (engine/tags.py, adventures/rules/tags.py)."""
    code, lines = run_cli("screenshot", SCENARIO, "--at", tag, "--out", "unused.png", seconds=10)
    assert_refused(code, lines, "--at")


def test_screenshot_at_a_tag_that_never_comes_up_writes_nothing_and_says_so(tmp_path, home):
    """No silent substitute: the final position is not passed off as the asked-for moment."""
    out = tmp_path / "shot.png"
    code, lines = run_cli("screenshot", SCENARIO, "--at", "deactivate_machine", "--turns", "0", "--out", out,
                          seconds=120)
    assert_refused(code, lines, "deactivate_machine", expected_code=1)
    assert not out.exists()


@pytest.mark.parametrize("name", ["shot", "shot.txt", "shot.png.part"])
def test_screenshot_out_must_name_a_picture_format(tmp_path, home, name):
    """pygame picks the format by the name's end and writes Targa for any other: refused."""
    code, lines = run_cli("screenshot", SCENARIO, "--out", tmp_path / name, seconds=10)
    assert_refused(code, lines, "--out")
    assert not (tmp_path / name).exists()


def test_a_real_just_over_its_bound_is_shown_as_typed():
    """3600.0000001 is refused as 3600.0000001, not as "3600" (which would look allowed)."""
    with pytest.raises(argparse.ArgumentTypeError, match=r"3600\.0000001"):
        limits.seconds_arg("3600.0000001")


def test_a_refused_cluster_leaves_no_output_folder_behind(tmp_path, home):
    """The --out and --replays folders are made before the first game; a run that then fails
    takes back the ones it made that are still empty (limits.remove_empty_created)."""
    import socket
    with socket.socket() as s:          # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    out = tmp_path / "new" / "out"
    code, lines = run_cli("sweep", ROOT / "scenarios" / "sweep-shredder-health.yaml", "--games", "1",
                          "--cluster", f"127.0.0.1:{port}", "--out", out, "--no-progress", seconds=30)
    assert_refused(code, lines, f"127.0.0.1:{port}")
    code, lines = run_cli("simulate", SCENARIO, "--cluster", f"127.0.0.1:{port}", "--replays", out,
                          "--no-progress", seconds=30)
    assert_refused(code, lines, f"127.0.0.1:{port}")
    assert not (tmp_path / "new").exists()


def test_an_interrupted_run_keeps_a_folder_that_was_already_there_and_anything_written(tmp_path, home):
    kept = tmp_path / "kept"
    kept.mkdir()
    written = tmp_path / "written"
    limits.output_folder(kept)
    limits.output_folder(written / "deep")
    (written / "deep" / "result.csv").write_text("x")
    limits.remove_empty_created()
    assert kept.is_dir() and (written / "deep" / "result.csv").exists()


def test_an_output_written_through_replaced_when_done_leaves_nothing_when_the_write_fails(tmp_path):
    """A full disk mid-write: no empty or partial file, no temporary file, the old file whole."""
    from adventures.home import replaced_when_done
    old = tmp_path / "cells.csv"
    old.write_text("old results")
    with pytest.raises(OSError), replaced_when_done(old) as tmp:
        tmp.write_text("half")
        raise OSError(28, "No space left on device")
    with pytest.raises(OSError), replaced_when_done(tmp_path / "new.png") as tmp:
        raise OSError(28, "No space left on device")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cells.csv"] and old.read_text() == "old results"


def test_a_screenshot_that_cannot_be_written_is_a_failed_run_and_leaves_nothing(tmp_path, home, monkeypatch):
    def full(self, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(Path, "write_bytes", full)
    code, lines = run_cli("screenshot", SCENARIO, "--turns", "0", "--out", tmp_path / "s.png", seconds=60)
    assert_refused(code, lines, "s.png", expected_code=1)
    assert not (tmp_path / "s.png").exists() and not list(tmp_path.glob(".s.png.*"))


def test_an_output_file_ending_in_a_slash_is_refused_as_a_folder(tmp_path):
    with pytest.raises(limits.OutputError, match="names a folder"):
        limits.output_file(f"{tmp_path}/params/")


def test_matchups_refuses_an_empty_name_in_a_list_instead_of_dropping_it(home):
    code, lines = run_cli("matchups", "--heroes", "leonardo,,raphael", "--games", "1", "--workers", "1")
    assert_refused(code, lines, "--heroes")


@pytest.mark.parametrize("name", ["shredder", "KRANG", "shredder-1p", "duel-leonardo-raphael"])
def test_validate_takes_a_scenario_by_the_names_every_command_takes(home, name):
    code, lines = run_cli("validate", name)
    assert code == 0 and lines and lines[0].startswith("ok  "), lines


def test_a_later_failing_run_does_not_take_back_the_folders_of_a_run_that_succeeded(tmp_path):
    """In one process (the tests, an embedding program): a success hands its folders over."""
    made = tmp_path / "first" / "out"
    limits.output_folder(made)
    limits.keep_created()
    limits.remove_empty_created()
    assert made.is_dir()
