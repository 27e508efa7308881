"""Designer tools at the edges: each cause of the hostile findings on the newer tools has its
own tests here, run through the real command line in this process with tiny game counts.

1. the strong bot's parameter file is checked data, and every output names the bot that played;
2. it is read as a bounded regular file (a FIFO or a link to /dev/zero cannot hang a command);
3. `train --out` never writes over a file of another kind;
4. odd user difficulty tables are one line, rows naming what the content lacks are refused;
5. a user table without a `standard` level plays its own default;
6. `calibrate` checks before it works and writes its table safely, under the header of the
   levels it measured;
7. a crashed game is never a result: every command that plays says how many crashed, exit 1.

The per-file checks of the parameter file are in tests/test_strong.py; every command with
hostile values, damaged parameter files and odd tables in tests/test_fuzz_commands.py.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

import pytest
from hostile import within

from adventures import cli
from adventures.bots import ranker_file
from adventures.bots import strong as strong_module
from adventures.content.catalog import CONTENT_ROOT, clear_cache
from adventures.sim import runner
from engine.content.loader import load

ROOT = Path(__file__).resolve().parents[1]
GOOD = str(ROOT / "scenarios" / "shredder-1p.yaml")
TINY_TRAIN = ["--games", "1", "--rollouts", "1", "--iterations", "1", "--reinforce", "1", "--deals", "1",
              "--workers", "1", "--no-progress"]
TINY_CALIBRATE = ["--games", "1", "--bot", "random", "--per-cell", "--no-random-teams", "--no-progress"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A data folder and working folder of the test's own; the content and game caches start
    and end clean (a `--content` run points this process at a folder)."""
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TMNT_ADVENTURES_CONTENT", str(tmp_path / "no-content-folder"))
    monkeypatch.chdir(tmp_path)
    clear_cache()
    runner._catalog.cache_clear()
    yield tmp_path
    clear_cache()
    runner._catalog.cache_clear()


def run(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with within(120), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([os.fspath(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


SHIPPED_PARAMS = strong_module.PARAMS_FILE


def shipped_params() -> dict:
    return json.loads(SHIPPED_PARAMS.read_text(encoding="utf-8"))


def with_params(monkeypatch, path: Path) -> Path:
    """Play every strong bot of this process with the parameter file at `path`."""
    monkeypatch.setattr(strong_module, "PARAMS_FILE", path)
    return path


def strong_scenario(folder: Path) -> Path:
    path = folder / "strong-1p.yaml"
    path.write_text(Path(GOOD).read_text(encoding="utf-8").replace("bot: heuristic", "bot: strong"),
                    encoding="utf-8")
    return path


# ---------------------------------------------------------------- 1. numbers checked as numbers
def _a_400_digit_weight() -> str:
    d = shipped_params()
    d["rankers"][0]["weights"]["action"][0] = int("9" * 400)
    return json.dumps(ranker_file.signed(d))        # signed: the bound refuses it, not the checksum


def _negated_weights() -> str:
    d = shipped_params()
    for r in d["rankers"]:
        r["weights"] = {t: [-x for x in w] for t, w in r["weights"].items()}
    return json.dumps(d)                            # passes every check but the checksum


BAD_NUMBERS = {"a 400-digit weight": (_a_400_digit_weight, "out of bounds"),
               "negated weights": (_negated_weights, "checksum")}


@pytest.mark.parametrize("damage", sorted(BAD_NUMBERS))
def test_a_parameter_file_with_bad_numbers_is_one_line_and_every_output_names_the_heuristic_bot(
        damage, home, monkeypatch):
    build, says = BAD_NUMBERS[damage]
    path = with_params(monkeypatch, home / "strong.json")
    path.write_text(build(), encoding="utf-8")
    code, out, err = run("ladder", GOOD, "--games", "1", "--bots", "heuristic", "strong", "--workers", "1",
                         "--no-progress", "--json")
    line = one_line(err)
    assert code == 0 and str(path) in line and says in line and "plays as the heuristic bot" in line
    rows = json.loads(out)["rows"]
    assert [(r["bot"], r.get("asked")) for r in rows] == [("heuristic", None), ("heuristic", "strong")]
    assert all(r["errors"] == 0 for r in rows)
    code, out, _ = run("ladder", GOOD, "--games", "1", "--bots", "strong", "--workers", "1", "--no-progress")
    assert code == 0 and "| heuristic (asked: strong) |" in out
    code, out, _ = run("simulate", strong_scenario(home), "--games", "1", "--no-progress", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["bots"] == "heuristic" and summary["bots_asked"] == "strong"
    code, out, _ = run("tune", GOOD, "--param", "villain_health", "--games", "1", "--low", "5", "--high", "6",
                       "--workers", "1", "--no-progress", "--json")
    assert json.loads(out)["bots"] == "heuristic" and json.loads(out)["bots_asked"] == "strong"
    code, out, _ = run("bench", "--games", "1", "--scenarios", GOOD, "--bot", "strong")
    assert code == 0 and "(played by heuristic, asked: strong)" in out


def test_the_bots_that_played_are_named_when_the_strong_bot_plays_as_asked(home):
    code, out, _ = run("ladder", GOOD, "--games", "1", "--bots", "strong", "--workers", "1", "--no-progress",
                       "--json")
    [row] = json.loads(out)["rows"]
    assert code == 0 and row["bot"] == "strong" and "asked" not in row
    code, out, _ = run("simulate", strong_scenario(home), "--games", "1", "--no-progress")
    assert code == 0 and "  bots            strong\n" in out


def test_calibrate_with_unusable_strong_bot_parameters_refuses_before_any_game(home, monkeypatch):
    """A table measured by the heuristic bot in the strong bot's place would carry the wrong
    bot's dials: calibrate refuses in one line instead."""
    path = with_params(monkeypatch, home / "strong.json")
    path.write_text(_a_400_digit_weight(), encoding="utf-8")
    monkeypatch.setattr(runner, "run_games", lambda *a, **k: pytest.fail("played before refusing"))
    out = home / "difficulty.yaml"
    code, _, err = run("calibrate", GOOD, "--games", "1", "--per-cell", "--no-random-teams", "--no-progress", "--out", out)
    line = one_line(err)
    assert code == 2 and "--bot strong" in line and str(path) in line and not out.exists()


# ---------------------------------------------------------------- 2. read with a limit
@pytest.mark.parametrize("kind", ["a FIFO", "a link to /dev/zero"])
def test_a_parameter_file_that_is_a_fifo_or_dev_zero_never_holds_up_a_command(kind, home, monkeypatch):
    path = with_params(monkeypatch, home / "strong.json")
    if kind == "a FIFO":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    with within(60):
        code, out, err = run("ladder", GOOD, "--games", "1", "--bots", "strong", "--workers", "1", "--no-progress",
                             "--json")
    line = one_line(err)
    assert code == 0 and str(path) in line and "not a regular file" in line
    assert json.loads(out)["rows"][0]["bot"] == "heuristic"


# ---------------------------------------------------------------- 3. train --out of another kind
OTHER_KINDS = {
    "a scenario": lambda: Path(GOOD).read_text(encoding="utf-8"),
    "the difficulty table": lambda: (CONTENT_ROOT / "difficulty.yaml").read_text(encoding="utf-8"),
    "a JSON file of another kind": lambda: json.dumps({"format": "tmnt-adventures-save", "version": 1}),
    "a text file": lambda: "my notes\n",
}


@pytest.mark.parametrize("kind", sorted(OTHER_KINDS))
def test_train_refuses_an_out_file_of_another_kind_before_any_game(kind, home, monkeypatch):
    from adventures.sim import cli_train
    monkeypatch.setattr(cli_train, "label_games", lambda *a, **k: pytest.fail("labelled before refusing"))
    out = home / "precious.json"
    out.write_text(OTHER_KINDS[kind](), encoding="utf-8")
    before = out.read_bytes()
    code, _, err = run("train", GOOD, *TINY_TRAIN, "--out", out)
    line = one_line(err)
    assert code == 2 and "--out" in line and str(out) in line and "not a strong-bot parameter file" in line
    assert out.read_bytes() == before


def test_train_writes_over_its_own_kind_of_file_even_outdated(home):
    out = home / "old.json"
    d = shipped_params()
    d["version"] = 3
    out.write_text(json.dumps(d), encoding="utf-8")
    code, said, err = run("train", GOOD, *TINY_TRAIN, "--out", out)
    assert code == 0 and "its rankers are not kept" in said and "Traceback" not in err
    assert ranker_file.read_params(out)


def test_train_writes_through_a_link_and_leaves_nothing_behind(home):
    target = home / "real.json"
    target.write_text("", encoding="utf-8")
    link = home / "strong.json"
    link.symlink_to(target.name)
    code, _, err = run("train", GOOD, *TINY_TRAIN, "--out", link)
    assert code == 0, err
    assert link.is_symlink() and ranker_file.read_params(target)
    assert sorted(p.name for p in home.iterdir() if p.name.startswith(".")) == []


def test_every_trained_ranker_records_its_shape_and_source_commit(home):
    out = home / "strong.json"
    assert run("train", GOOD, *TINY_TRAIN, "--out", out)[0] == 0
    [ranker] = json.loads(out.read_text(encoding="utf-8"))["rankers"]
    assert ranker["shape"] == {"decisions": len(ranker["weights"]), "features": len(ranker["features"])}
    commit = ranker["source_commit"]
    assert commit is None or ranker_file.COMMIT.match(commit)


# ---------------------------------------------------------------- 4. odd user difficulty tables
def _odd_table(folder: Path, kind: str) -> Path:
    folder.mkdir()
    path = folder / "difficulty.yaml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "link loop":
        path.symlink_to(path.name)
    else:
        path.symlink_to("/dev/zero")
    return path


@pytest.mark.parametrize("kind", ["fifo", "folder", "link loop", "link to /dev/zero"])
def test_an_odd_user_difficulty_table_is_one_warning_line_and_validate_refuses_it(kind, home):
    table = _odd_table(home / "mine", kind)
    code, out, err = run("simulate", GOOD, "--games", "1", "--no-progress", "--content", home / "mine")
    line = one_line(err)
    assert code == 0 and line.startswith(f"warning: {table}:1: cannot read file") and "heroes win" in out
    code, out, _ = run("validate", home / "mine")
    assert code == 2 and out.startswith(f"{table}:1: cannot read file")


def _user_table(text_of_rows: str = "", default: str = "easy") -> str:
    return (f"kind: difficulty\ndefault: {default}\nlevels:\n"
            "  - {key: easy, name: Easy, band: [0.6, 1.0], target: 0.8}\n"
            "  - {key: hard, name: Hard, band: [0.0, 0.4], target: 0.2, unmeasured_enemy_cards: 10}\n"
            + text_of_rows)


ROW = ('  - {"villain": "%s", "players": 1, "heroes": ["%s"], "allies": false, "level": "easy", '
       '"settings": {"enemy_cards": -3, "extra_henchmen": 0}, "games": 10, "wins": 8, "win_rate": 0.8, '
       '"ci95": [0.49, 0.94], "in_band": true, "bot": "strong", "seed": 2, "date": "2026-01-01", '
       '"command": "adventures calibrate"}\n')


@pytest.mark.parametrize("villain,hero,field", [("bowser", "leonardo", "measured.0.villain"),
                                                ("shredder", "batman", "measured.0.heroes.0")])
def test_a_user_table_whose_rows_name_what_the_content_lacks_is_refused_at_its_line(villain, hero, field, home):
    folder = home / "mine"
    folder.mkdir()
    table = folder / "difficulty.yaml"
    table.write_text(_user_table("measured:\n" + ROW % (villain, hero)), encoding="utf-8")
    for target in (folder, table):
        code, out, _ = run("validate", target)
        assert code == 2 and f"{table}:7: {field}: unknown" in out, out
    code, out, err = run("simulate", GOOD, "--games", "1", "--no-progress", "--content", folder)
    assert code == 0 and f"warning: {table}:7: {field}" in err
    table.write_text(_user_table("measured:\n" + ROW % ("Shredder", "random")), encoding="utf-8")
    assert run("validate", folder)[0] == 0


# ---------------------------------------------------------------- 5. a table's own default
def test_a_user_table_without_standard_plays_its_own_default(home):
    folder = home / "mine"
    folder.mkdir()
    (folder / "difficulty.yaml").write_text(_user_table(), encoding="utf-8")
    code, out, err = run("simulate", GOOD, "--games", "1", "--no-progress", "--content", folder, "--difficulty", "hard")
    assert code == 0 and "difficulty=hard" in out, err
    code, out, err = run("simulate", GOOD, "--games", "1", "--no-progress", "--content", folder)
    assert code == 0 and "heroes win" in out, err
    assert run("validate", "--content", folder, GOOD)[0] == 0
    from adventures.content.catalog import load_catalog
    from adventures.rules import difficulty
    scenario = runner.load_scenario(GOOD)
    assert scenario.difficulty == "easy"            # the scenario names none: the table's default
    settings = difficulty.pinned(runner.with_params(scenario, {"bot": "random"}), load_catalog())
    assert settings.difficulty == "easy" and settings.difficulty_settings.enemy_cards == 0


# ---------------------------------------------------------------- 6. calibrate
def test_calibrate_with_a_user_table_writes_its_rows_under_that_tables_levels(home):
    folder = home / "mine"
    folder.mkdir()
    (folder / "difficulty.yaml").write_text(_user_table(), encoding="utf-8")
    out = home / "measured.yaml"
    code, said, err = run("calibrate", GOOD, *TINY_CALIBRATE, "--content", folder, "--out", out)
    assert code in (0, 1), err          # 1: a level out of its band, with one game a value
    table = load(out, "difficulty").model
    assert [lv.key for lv in table.levels] == ["easy", "hard"] and table.default == "easy"
    assert sorted(r.level for r in table.measured) == ["easy", "hard"]
    assert "standard" not in out.read_text(encoding="utf-8")


def test_calibrate_with_a_user_table_writes_that_table_by_default(home):
    folder = home / "mine"
    folder.mkdir()
    table = folder / "difficulty.yaml"
    table.write_text(_user_table(), encoding="utf-8")
    shipped = (CONTENT_ROOT / "difficulty.yaml").read_bytes()
    code, said, err = run("calibrate", GOOD, *TINY_CALIBRATE, "--content", folder)
    assert code in (0, 1), err
    assert f"wrote {table}" in said and len(load(table, "difficulty").model.measured) == 2
    assert (CONTENT_ROOT / "difficulty.yaml").read_bytes() == shipped


def _calibrate_refusal(home, monkeypatch, *argv) -> str:
    monkeypatch.setattr(runner, "run_games", lambda *a, **k: pytest.fail("played before refusing"))
    code, out, err = run("calibrate", GOOD, *TINY_CALIBRATE, *argv)
    assert code == 2 and not out, out
    return one_line(err)


def test_calibrate_to_a_closed_cluster_port_is_one_line_naming_it_before_any_game(home, monkeypatch):
    import socket
    with socket.socket() as sock:            # a port nothing listens on once closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    line = _calibrate_refusal(home, monkeypatch, "--out", home / "d.yaml", "--cluster", f"tcp://127.0.0.1:{port}")
    assert f"tcp://127.0.0.1:{port}" in line and not (home / "d.yaml").exists()


@pytest.mark.parametrize("kind", ["a scenario", "a text file", "a table with other levels"])
def test_calibrate_refuses_an_out_file_of_another_kind_before_any_game(kind, home, monkeypatch):
    out = home / "precious.yaml"
    out.write_text(_user_table() if kind == "a table with other levels" else OTHER_KINDS[kind](), encoding="utf-8")
    before = out.read_bytes()
    line = _calibrate_refusal(home, monkeypatch, "--out", out)
    assert "--out" in line and str(out) in line and out.read_bytes() == before


def test_calibrate_refuses_when_the_users_own_table_was_left_out(home, monkeypatch):
    folder = home / "mine"
    folder.mkdir()
    (folder / "difficulty.yaml").write_text(_user_table("measured:\n" + ROW % ("bowser", "random")),
                                            encoding="utf-8")
    monkeypatch.setattr(runner, "run_games", lambda *a, **k: pytest.fail("played before refusing"))
    code, _, err = run("calibrate", GOOD, *TINY_CALIBRATE, "--content", folder, "--out", home / "d.yaml")
    warning, refusal = err.splitlines()          # the warning every command gives, then the refusal
    assert code == 2 and warning.startswith(f"warning: {folder / 'difficulty.yaml'}:7: measured.0.villain")
    assert refusal.startswith(f"adventures calibrate: your difficulty table {folder / 'difficulty.yaml'} was left out")
    assert not (home / "d.yaml").exists()


def test_calibrate_writes_through_a_link(home):
    target = home / "real.yaml"
    target.write_bytes((CONTENT_ROOT / "difficulty.yaml").read_bytes())
    link = home / "difficulty.yaml"
    link.symlink_to(target.name)
    code, said, err = run("calibrate", GOOD, *TINY_CALIBRATE, "--out", link)
    assert code in (0, 1), err
    assert link.is_symlink() and any(r.bot == "random" for r in load(target, "difficulty").model.measured)


def test_two_calibrations_writing_one_table_at_once_do_not_share_a_temporary_file(home, monkeypatch):
    """The second run writes while the first run's temporary file is still there: each has
    its own, and both runs succeed (the last one's rows win)."""
    from adventures.sim import cli_calibrate
    out = home / "difficulty.yaml"
    head, kept = cli_calibrate.output_table(out, load(CONTENT_ROOT / "difficulty.yaml", "difficulty").model,
                                            CONTENT_ROOT / "difficulty.yaml")
    import engine.content.loader as loader
    real, calls = loader.load, []

    def overlapping(path, kind=None):
        calls.append(Path(path).name)
        if len(calls) == 1:                   # the first run checks its temporary file: the second one writes
            cli_calibrate.write_table(out, kept[:1], head)
        return real(path, kind)
    monkeypatch.setattr(loader, "load", overlapping)
    cli_calibrate.write_table(out, kept[:2], head)
    assert len(set(calls)) == 2
    assert len(load(out, "difficulty").model.measured) == 2
    assert [p.name for p in home.iterdir()] == ["difficulty.yaml"]


def test_calibrate_on_a_full_disk_keeps_the_old_table_and_leaves_no_temporary_file(home, monkeypatch):
    out = home / "difficulty.yaml"
    out.write_bytes((CONTENT_ROOT / "difficulty.yaml").read_bytes())
    before = out.read_bytes()

    def full(self, *a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(Path, "write_text", full)
    code, said, err = run("calibrate", GOOD, *TINY_CALIBRATE, "--out", out)
    monkeypatch.undo()
    assert code == 2 and "No space left on device" in one_line(err)
    assert out.read_bytes() == before and [p.name for p in home.iterdir()] == ["difficulty.yaml"]


# ---------------------------------------------------------------- 7. crashes are never results
CRASHING = {
    "simulate": ["simulate", GOOD, "--games", "2", "--no-progress"],
    "ladder": ["ladder", GOOD, "--games", "2", "--bots", "heuristic", "strong", "--workers", "1", "--no-progress"],
    "sweep": ["sweep", ROOT / "scenarios" / "sweep-shredder-health.yaml", "--games", "1", "--workers", "1",
              "--no-progress", "--no-plots", "--out", "{home}/sweep"],
    "report": ["report", GOOD, "--games", "1", "--hero-games", "0", "--no-progress", "--out", "{home}/report"],
    "tune": ["tune", GOOD, "--param", "villain_health", "--games", "2", "--low", "5", "--high", "6", "--workers",
             "1", "--no-progress"],
    "bench": ["bench", "--games", "1", "--scenarios", GOOD],
    "calibrate": ["calibrate", GOOD, *TINY_CALIBRATE, "--out", "{home}/difficulty.yaml"],
    "train": ["train", GOOD, *TINY_TRAIN, "--out", "{home}/strong.json"],
    "train --refine": ["train", "--refine", "--reinforce", "1", "--deals", "1", "--workers", "1", "--no-progress",
                       "--out", "{home}/shipped-copy.json"],
}


@pytest.mark.parametrize("command", sorted(CRASHING))
def test_a_command_whose_games_crashed_says_how_many_and_fails_with_no_result(command, home, monkeypatch):
    """Every game crashes (as a 400-digit weight once made them): no win rate, no loss, no
    measured dial, no trained weights; one line saying how many crashed, exit 1."""
    import adventures.rules.runner as rules_runner

    def crash(game, *a, **k):
        raise OverflowError("int too large to convert to float")
    (home / "shipped-copy.json").write_bytes(SHIPPED_PARAMS.read_bytes())
    monkeypatch.setattr(rules_runner, "play_adventure", crash)
    before = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}
    code, out, err = run(*(str(a).format(home=home) for a in CRASHING[command]))
    line = one_line(err)
    assert code == 1 and " games" in line and "crashed (first: " in line and "OverflowError" in line, err
    assert "a crashed game is not a result" in line
    assert "heroes win" not in out and "%" not in out
    assert {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()} == before   # nothing written
    assert not (home / "report").exists() and not (home / "sweep").exists()


def test_one_crashed_game_among_good_ones_is_counted_and_still_fails_the_run(home, monkeypatch):
    import adventures.rules.runner as rules_runner
    real = rules_runner.play_adventure

    def second_crashes(game, *a, **k):
        if game.seed == runner.game_seed(1, 1):
            raise ZeroDivisionError("a rules bug")
        return real(game, *a, **k)
    monkeypatch.setattr(rules_runner, "play_adventure", second_crashes)
    code, out, err = run("tune", GOOD, "--param", "villain_health", "--games", "3", "--low", "5", "--high", "6",
                         "--bot", "random", "--workers", "1", "--no-progress")
    line = one_line(err)
    assert code == 1 and line.startswith("adventures tune: 1 of 3 games of ") and "seed 1000004" in line
    assert "heroes win" not in out                 # a crash is never counted as a loss
