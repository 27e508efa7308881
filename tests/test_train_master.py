"""`adventures train` trains the master bot; the strong bot's file is the frozen reference (issue 43 items 2-3).

The strong bot's parameters (params/strong.json) are the reference player the difficulty
levels are measured with: train writes the master's file (params/master.json) by default
and refuses to write over strong.json unless asked (--replace-reference), before any game.
A master run labels with the expert whose rollouts the reference strong bot plays (the
ladder's expert-strong) in every generation, starts its fit from the reference's ranker,
and records which reference it learned from.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from adventures import cli
from adventures.bots import ranker_file
from adventures.sim import cli_train

ROOT = Path(__file__).resolve().parents[1]
SOLO = str(ROOT / "scenarios" / "shredder-1p.yaml")
TINY = ["--games", "1", "--rollouts", "1", "--iterations", "20", "--generations", "1", "--seed", "5",
        "--reinforce", "0", "--workers", "1", "--no-progress"]


def _no_games(monkeypatch):
    monkeypatch.setattr(cli_train, "label_games", lambda *a, **k: pytest.fail("labelled before refusing"))


@pytest.mark.parametrize("how", ["--target strong", "--out strong.json", "--out a link to strong.json"])
def test_train_refuses_to_write_over_the_reference_strong_bot_before_any_game(how, tmp_path, monkeypatch, capsys):
    _no_games(monkeypatch)
    before = ranker_file.PARAMS_FILE.read_bytes()
    argv = ["train", SOLO, *TINY]
    if how == "--target strong":
        argv += ["--target", "strong"]
    elif how == "--out strong.json":
        argv += ["--out", str(ranker_file.PARAMS_FILE)]
    else:
        link = tmp_path / "params.json"
        link.symlink_to(ranker_file.PARAMS_FILE)
        argv += ["--out", str(link)]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "frozen" in err and "--replace-reference" in err
    assert ranker_file.PARAMS_FILE.read_bytes() == before


def test_replace_reference_lets_train_write_the_reference_file(tmp_path, monkeypatch):
    """With --replace-reference the refusal is lifted (here the reference is a copy: the
    shipped file is never written by a test)."""
    copy = tmp_path / "strong.json"
    copy.write_bytes(ranker_file.PARAMS_FILE.read_bytes())
    monkeypatch.setattr(cli_train, "PARAMS_FILE", copy)
    monkeypatch.setitem(cli_train.TARGETS, "strong", copy)
    assert cli.main(["train", SOLO, *TINY, "--target", "strong"]) == 2
    assert cli.main(["train", SOLO, *TINY, "--target", "strong", "--replace-reference"]) == 0
    [solo] = [r for r in json.loads(copy.read_text())["rankers"] if r["players"] == [1]]
    assert solo["trained"]["command"].endswith(" --target strong") and "target" not in solo["trained"]


def test_train_writes_the_master_file_by_default_and_records_its_reference(tmp_path, monkeypatch, capsys):
    master = tmp_path / "master.json"
    monkeypatch.setitem(cli_train.TARGETS, "master", master)
    before = ranker_file.PARAMS_FILE.read_bytes()
    assert cli.main(["train", SOLO, *TINY]) == 0
    assert ranker_file.PARAMS_FILE.read_bytes() == before
    doc = json.loads(master.read_text())
    [ranker] = doc["rankers"]
    assert ranker["players"] == [1]
    trained = ranker["trained"]
    assert trained["target"] == "master" and trained["rollout_bot"] == "strong"
    assert trained["reference"] == json.loads(before)["checksum"]
    assert "--target" not in trained["command"]          # the default target: the command as given
    assert ranker_file.read_params(master)
    out = capsys.readouterr().out
    assert f"wrote {master}" in out and "reference" in out


def test_the_masters_labels_come_from_the_expert_with_the_reference_strong_bots_rollouts(tmp_path, monkeypatch):
    """Every generation, the first included (the expert plays it), searches with the shipped
    strong bot playing the futures (rollout_params None: the reference file); from the
    second generation the master fitted so far plays the games."""
    from adventures.bots import expert
    made = []
    real = expert.ExpertBot

    class Spy(real):
        def __init__(self, *a, **k):
            made.append((k.get("rollout_bot"), k.get("rollout_params")))
            super().__init__(*a, **k)
    monkeypatch.setattr(expert, "ExpertBot", Spy)
    argv = ["train", SOLO, *TINY, "--generations", "2", "--out", str(tmp_path / "m.json")]
    assert cli.main(argv) == 0
    assert made == [("strong", None), ("strong", None)]


def test_the_masters_fit_starts_from_the_reference_and_the_l2_penalty_pulls_toward_it():
    np = pytest.importorskip("numpy")
    reference = ranker_file.read_params(ranker_file.PARAMS_FILE)[1]
    from adventures.bots.features import FEATURES
    tag = next(iter(reference))
    n = len(FEATURES)
    # two decisions whose labels prefer the option the reference likes less
    a, b = [(FEATURES.index("card_value"), 1.0)], [(FEATURES.index("first_option"), 1.0)]
    labels = [[(tag, [a, b], 1, [0.0, 1.0]), (tag, [b, a], 0, [1.0, 0.0])]]
    held, _ = cli_train.fit(labels, 200, 1000.0, 0.1, start=reference)
    assert np.allclose(held[tag], reference[tag], atol=1e-3)      # a huge penalty: the reference as it was
    moved, figures = cli_train.fit(labels, 200, 0.0, 0.1, start=reference)
    assert moved[tag] != held[tag] and "reference_agrees" in figures[tag]
    plain, _ = cli_train.fit(labels, 200, 1000.0, 0.1)           # without a start: the heuristic's prior
    assert plain[tag][FEATURES.index("heuristic_pick")] == 1.0 and len(plain[tag]) == n


def test_a_master_run_needs_the_reference_file_it_learns_from(tmp_path, monkeypatch, capsys):
    _no_games(monkeypatch)
    damaged = tmp_path / "strong.json"
    damaged.write_text("{}")
    monkeypatch.setattr(cli_train, "PARAMS_FILE", damaged)
    assert cli.main(["train", SOLO, *TINY, "--out", str(tmp_path / "m.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--target master" in err and "reference" in err
