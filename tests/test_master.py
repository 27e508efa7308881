"""The master bot (issue 43 item 2): a ranker learnt from the expert with strong-bot futures.

It is the strong bot's kind of player (the heuristic's pick re-ranked, no search) with its
own checked parameter file, params/master.json; where that file has no ranker for a game's
size it plays the reference strong bot's ranker, and a missing or damaged file is one line
and the strong bot's play. Scenario files, options and the app name it "master" / "Master"
through the one bot registry, and every output names it as the bot that played.
"""
from __future__ import annotations

import json

import pytest

# one game's every answer with a bot in every seat, and the shipped scenarios: as the strong bot's tests
from test_strong import choices as answers
from test_strong import scenario

from adventures.bots import make_bot, ranker_file, registry
from adventures.bots.master import MASTER_FILE, MasterBot, load_master, master_rankers
from adventures.bots.strong import StrongBot
from adventures.sim import runner


def test_the_master_is_one_registry_entry_named_master_in_options_and_the_app():
    assert "master" in registry.bot_names()
    assert ("master", "Master") in registry.seat_controls()
    assert isinstance(make_bot("master"), MasterBot)
    assert not registry.KINDS["master"].competitive


def test_the_shipped_master_file_is_checked_data_trained_from_the_frozen_reference():
    """master.json passes the strong bot's own checks (format, bounds, shape, checksum); each
    ranker says it is the master's and which reference strong.json it learned from: the
    shipped one, so re-training the master never needed the reference to move."""
    rankers = ranker_file.read_params(MASTER_FILE)
    assert rankers and set(rankers) <= {1, 2, 3, 4}
    reference = json.loads(ranker_file.PARAMS_FILE.read_text())["checksum"]
    for ranker in json.loads(MASTER_FILE.read_text())["rankers"]:
        trained = ranker["trained"]
        assert trained["target"] == "master" and trained["rollout_bot"] == "strong"
        assert trained["reference"] == reference
        assert trained["command"].startswith("adventures train") and "--target" not in trained["command"]
    assert MASTER_FILE.stat().st_size < ranker_file.MAX_PARAMS_BYTES


def test_the_master_plays_its_own_ranker_and_the_references_for_other_sizes():
    own = ranker_file.read_params(MASTER_FILE)
    reference = ranker_file.read_params(ranker_file.PARAMS_FILE)
    weights = MasterBot().weights
    assert set(weights) == set(reference) | set(own)
    for n in weights:
        assert weights[n] == (own[n] if n in own else reference[n])


@pytest.mark.parametrize("name", ["shredder-1p", "krang-2p"])
def test_the_master_plays_whole_games_legally_and_the_run_names_it(name):
    rec = runner.play_one(runner.with_params(scenario(name), {"bot": "master"}), 7)
    assert rec["winner"] in ("heroes", "villain") and rec["bots"] == "master"


def test_without_a_usable_file_the_master_says_so_once_and_plays_as_the_strong_bot(tmp_path, capsys):
    bad = tmp_path / "master.json"
    bad.write_text('{"format": "adventures-strong-ranker", "version": 4}')
    bot = MasterBot(params=bad)
    MasterBot(params=bad)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "master bot parameters" in err[0] and "plays as the strong bot" in err[0]
    assert load_master(bad) is None
    assert answers(bot, "shredder-1p") == answers(StrongBot(), "shredder-1p")


def test_a_master_ranker_for_one_size_leaves_the_others_to_the_reference():
    reference = ranker_file.read_params(ranker_file.PARAMS_FILE)
    solo = ranker_file.Rankers({1: {tag: [0.0] * len(w) for tag, w in reference[1].items()}})
    merged = master_rankers(solo, reference)
    assert merged[1] is solo[1] and merged[2] is reference[2]
    assert answers(MasterBot(params=solo), "krang-2p") == answers(StrongBot(), "krang-2p")
