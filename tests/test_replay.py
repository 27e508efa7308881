"""Replays: a finished game's record re-runs with no agents and ends in the same state."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from fixtures import seat_heroes

from adventures.cli import main as cli_main
from adventures.content.catalog import load_catalog
from adventures.persistence.hashing import state_hash
from adventures.persistence.replay import export_replay, load_replay, run_replay
from adventures.persistence.save import SaveError, game_record, save_game
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.content.schema import ScenarioDef
from engine.decisions import RandomAgent

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def finished_game(seed=4, villain="shredder", players=2, max_rounds=None, minions=None):
    scenario = ScenarioDef.model_validate({
        "name": "replay test", "villain": villain, "seats": [{"hero": h} for h in seat_heroes(players)],
        "minions": [] if minions is None else minions})
    bot = RandomAgent()
    game = new_adventure(scenario, load_catalog(), seed, {i: bot for i in range(players)}, bot)
    play_adventure(game, max_rounds=max_rounds)
    return game


def replay_cli(path, capsys) -> tuple[int, str]:
    code, out, _ = replay_cli_streams(path, capsys)
    return code, out


def replay_cli_streams(path, capsys) -> tuple[int, str, str]:
    """(exit code, standard output, standard error) of `adventures replay PATH`."""
    code = cli_main(["replay", os.fspath(path)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, out.out, out.err


def edit(path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("villain", ["shredder", "krang"])
def test_a_replay_re_runs_without_agents_to_the_same_final_hash(tmp_path, capsys, villain):
    """ARCHITECTURE.md: with the same seed and the same answers a game replays identically."""
    game = finished_game(villain=villain)
    path = tmp_path / "game.replay.json"
    export_replay(game, path)
    code, out = replay_cli(path, capsys)
    assert code == 0, out
    assert f"final state hash {state_hash(game)}" in out and "identical" in out


def test_run_replay_reports_winner_rounds_and_decisions(tmp_path):
    game = finished_game(seed=9)
    export_replay(game, tmp_path / "r.json")
    result = run_replay(load_replay(tmp_path / "r.json"))
    assert result.identical
    assert (result.winner, result.rounds, result.decisions) == (game.over.winner, game.round, game.decision_count)


def test_a_game_stopped_by_the_round_cap_replays_identically(tmp_path, capsys):
    """The runner's round cap ("timeout") is part of the record: the replay stops there too."""
    game = finished_game(seed=2, max_rounds=2)
    assert game.over.winner == "timeout"
    export_replay(game, tmp_path / "t.json")
    code, out = replay_cli(tmp_path / "t.json", capsys)
    assert code == 0, out


def test_a_replay_is_identical_in_a_fresh_process_with_another_hash_seed(tmp_path):
    """The state hash may not depend on memory addresses or string-hash randomisation."""
    game = finished_game(seed=21, players=3, minions="random")
    path = tmp_path / "x.json"
    export_replay(game, path)
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    proc = subprocess.run([sys.executable, "-m", "adventures", "replay", os.fspath(path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert state_hash(game) in proc.stdout


def test_a_changed_recorded_hash_is_reported_different(tmp_path, capsys):
    game = finished_game()
    path = tmp_path / "r.json"
    export_replay(game, path)
    edit(path, lambda d: d.update(state_hash="0123456789abcdef"))
    code, out = replay_cli(path, capsys)
    assert code == 1 and "DIFFERENT" in out


def test_a_replay_that_runs_out_of_answers_has_diverged(tmp_path, capsys):
    game = finished_game()
    path = tmp_path / "r.json"
    export_replay(game, path)
    edit(path, lambda d: d.update(answers=d["answers"][: len(d["answers"]) // 2]))
    code, out = replay_cli(path, capsys)
    assert code == 1 and "ran out" in out


def test_left_over_answers_mean_the_replay_diverged(tmp_path, capsys):
    game = finished_game()
    path = tmp_path / "r.json"
    export_replay(game, path)
    edit(path, lambda d: d["answers"].extend([0, 0, 0]))
    code, out = replay_cli(path, capsys)
    assert code == 1 and "left over" in out


def test_an_illegal_recorded_answer_means_the_replay_diverged(tmp_path, capsys):
    game = finished_game()
    path = tmp_path / "r.json"
    export_replay(game, path)
    edit(path, lambda d: d.update(answers=[999] * len(d["answers"])))
    code, out = replay_cli(path, capsys)
    assert code == 1 and "does not fit" in out


def test_a_saved_game_is_not_a_replay(tmp_path, capsys):
    game = finished_game()
    save_game(game, tmp_path / "s.json")
    code, out, err = replay_cli_streams(tmp_path / "s.json", capsys)
    assert code == 2 and not out and "not a replay" in err


@pytest.mark.parametrize("raw", [b"", b"not json", b"{}", b"\x00\x01\x02", b'{"format": "tmnt-adventures-save"}'])
def test_a_bad_replay_file_exits_2_with_one_line(tmp_path, capsys, raw):
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    code, out, err = replay_cli_streams(path, capsys)
    assert code == 2 and not out          # a refusal goes to standard error, like every command's
    assert len(err.strip().splitlines()) == 1


def test_a_missing_replay_file_exits_2(tmp_path, capsys):
    code, out, err = replay_cli_streams(tmp_path / "missing.json", capsys)
    assert code == 2 and not out and "cannot read" in err


def test_only_a_finished_game_exports_a_replay(tmp_path):
    scenario = ScenarioDef.model_validate({"name": "x", "villain": "shredder", "seats": [{"hero": "leonardo"}],
                                           "minions": []})
    bot = RandomAgent()
    game = new_adventure(scenario, load_catalog(), 1, {0: bot}, bot)
    with pytest.raises(SaveError, match="not over"):
        export_replay(game, tmp_path / "r.json")
    assert not (tmp_path / "r.json").exists()


def test_a_replay_record_is_a_save_record_with_the_result(tmp_path):
    game = finished_game()
    export_replay(game, tmp_path / "r.json")
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    base = game_record(game)
    assert data["replay"] is True and data["result"]["winner"] == game.over.winner
    assert {k: data[k] for k in ("answers", "seed", "state_hash", "round")} == \
        {k: base[k] for k in ("answers", "seed", "state_hash", "round")}


def test_a_seed_deals_the_same_shuffle_on_any_python():
    """Same seed, same game (the brief): the engine's shuffle is its own Fisher-Yates over
    `getrandbits`, fixed here by a known deal, and equal to CPython 3.11's random.shuffle,
    which dealt every game before it (records made then replay unchanged)."""
    import random

    from engine.game import Game
    game = Game.__new__(Game)           # shuffle reads only the game's RNG
    game.rng = random.Random(1)
    cards = list(range(12))
    Game.shuffle(game, cards)
    assert cards == [7, 11, 0, 8, 5, 6, 3, 10, 4, 1, 9, 2]
    for seed in range(40):
        for n in (0, 1, 2, 7, 30, 64):
            game.rng, reference = random.Random(seed), random.Random(seed)
            ours, theirs = list(range(n)), list(range(n))
            Game.shuffle(game, ours)
            if sys.version_info[:2] == (3, 11):
                reference.shuffle(theirs)
                assert ours == theirs
            assert sorted(ours) == list(range(n))


def _validate(path, capsys) -> tuple[int, str]:
    code = cli_main(["validate", os.fspath(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_validate_replays_a_saves_answers_as_loading_it_does(tmp_path, capsys):
    """"ok" means the save plays: its answers are replayed up to where it was saved."""
    game = finished_game(seed=2, max_rounds=2)      # stopped mid-game, as a save is
    save_game(game, tmp_path / "s.json")
    assert _validate(tmp_path / "s.json", capsys)[0] == 0
    record = json.loads((tmp_path / "s.json").read_text())
    record["answers"][len(record["answers"]) // 2] = 999          # no decision has 1000 options
    (tmp_path / "bad.json").write_text(json.dumps(record))
    code, said = _validate(tmp_path / "bad.json", capsys)
    assert code == 2 and "bad.json:1: answers:" in said and "Traceback" not in said, said


def test_validate_re_runs_a_replay_to_its_recorded_hash(tmp_path, capsys):
    game = finished_game(seed=3)
    export_replay(game, tmp_path / "r.json")
    assert _validate(tmp_path / "r.json", capsys)[0] == 0
    record = json.loads((tmp_path / "r.json").read_text())
    record["answers"] = record["answers"][:-3]                  # the answers run out before the end
    (tmp_path / "cut.json").write_text(json.dumps(record))
    code, said = _validate(tmp_path / "cut.json", capsys)
    assert code == 2 and "cut.json:1: answers:" in said, said


def test_a_saved_random_team_is_titled_by_the_heroes_it_drew(tmp_path):
    """The save list and the game-in-progress question name the drawn heroes, not "Random"."""
    from adventures.app.overlays import save_title
    from adventures.persistence.save import hero_names
    scenario = ScenarioDef.model_validate({"name": "Draw", "villain": "shredder",
                                           "seats": [{"hero": "random"}, {"hero": "random"}]})
    game = new_adventure(scenario, load_catalog(), 5, {0: RandomAgent(), 1: RandomAgent()})
    play_adventure(game, max_rounds=1)
    path = tmp_path / "shredder_round1_2026-11-26_120000.json"     # a name the app gives its saves
    save_game(game, path)
    drawn = [s.hero_key.replace("_", " ").title() for s in game.sides if not s.is_enemy]
    assert hero_names(json.loads(path.read_text())) == drawn and "Random" not in drawn
    assert save_title(path).startswith(", ".join(drawn) + " against Shredder")
