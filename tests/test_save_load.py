"""Saved games: versioned JSON written atomically, checked on load, restored by replaying."""
from __future__ import annotations

import json
import os
import zlib

import pytest

from adventures.content.catalog import load_catalog
from adventures.persistence import save as save_mod
from adventures.persistence.hashing import state_hash
from adventures.persistence.save import (
    FORMAT,
    SAVE_VERSION,
    SaveError,
    game_record,
    load_record,
    restore,
    save_game,
)
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.content.schema import ScenarioDef
from engine.decisions import RandomAgent


class HashAgent:
    """Deterministic and stateless: the answer depends only on the decision and the game,
    so a restored game continues exactly like the game that was never saved."""

    def choose(self, game, decision) -> int:
        key = f"{decision.tag}|{decision.prompt}|{len(decision.options)}|{game.decision_count}"
        return zlib.crc32(key.encode()) % len(decision.options)


class Recorder:
    """Wraps an agent; keeps the save record of the game at every decision it is asked."""

    def __init__(self, inner, records: list):
        self.inner, self.records = inner, records

    def choose(self, game, decision) -> int:
        self.records.append(game_record(game))
        return self.inner.choose(game, decision)


class FirstAskProbe:
    """Remembers the state hash the first time a live agent is asked (the queue ran dry)."""

    def __init__(self, inner):
        self.inner, self.first = inner, None

    def choose(self, game, decision) -> int:
        if self.first is None:
            self.first = state_hash(game)
        return self.inner.choose(game, decision)


SCENARIO = {"name": "save test", "villain": "shredder", "seats": [{"hero": "leonardo"}, {"hero": "raphael"}],
            "minions": [], "max_rounds": 8}


def scenario(**changes) -> ScenarioDef:
    return ScenarioDef.model_validate({**SCENARIO, **changes})


def play_recorded(agent, seed=3, **changes):
    records: list = []
    rec = Recorder(agent, records)
    game = new_adventure(scenario(**changes), load_catalog(), seed, {0: rec, 1: rec}, rec)
    play_adventure(game)
    return game, records


def test_a_save_record_has_the_documented_shape(tmp_path):
    game, _ = play_recorded(HashAgent())
    path = tmp_path / "game.json"
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == SAVE_VERSION
    for key in ("scenario", "seed", "answers", "state_hash", "round", "saved_at"):
        assert key in data
    assert data["answers"] == game.answers and data["seed"] == 3
    assert load_record(path)["answers"] == game.answers


def test_restoring_at_every_decision_point_ends_in_the_same_state(tmp_path):
    """ARCHITECTURE.md: same seed + same answers = same game; a save at any decision point
    restores to exactly that point, and continuing gives the same final state."""
    game, records = play_recorded(HashAgent())
    final = state_hash(game)
    assert len(records) == game.decision_count > 20
    for k, record in enumerate(records):
        assert len(record["answers"]) == k
        if k % 10 == 0:      # through a real file now and then, JSON in memory otherwise
            save_mod.write_record(record, tmp_path / "k.json")
            record = load_record(tmp_path / "k.json")
        else:
            record = json.loads(json.dumps(record))
        probe = FirstAskProbe(HashAgent())
        again = restore(record, {0: probe, 1: probe}, probe)
        play_adventure(again)
        assert probe.first == record["state_hash"], f"restored state differs at decision {k}"
        assert state_hash(again) == final, f"restored at decision {k}, the game ended differently"
        assert again.answers == game.answers


def test_random_bots_continue_identically_after_a_restore():
    """The record carries the bots' RNG, so bots drawing from game.bot_rng repeat their choices."""
    game, records = play_recorded(RandomAgent(), seed=11)
    final = state_hash(game)
    picks = sorted({0, 1, 2, 5, len(records) // 2, len(records) - 1})
    for k in picks:
        bot = RandomAgent()
        again = restore(json.loads(json.dumps(records[k])), {0: bot, 1: bot}, bot)
        play_adventure(again)
        assert state_hash(again) == final, f"restored at decision {k}"


def test_restore_hands_the_callers_own_agents_to_the_game():
    game, records = play_recorded(HashAgent())
    mine = HashAgent()
    again = restore(records[3], {0: mine, 1: mine}, mine)
    assert again.agents == {0: mine, 1: mine} and again.table_agent is mine


# ---------------------------------------------------------------- writing safely
def test_a_failed_save_leaves_the_previous_save_intact(tmp_path, monkeypatch):
    """Saves are atomic: a crash while writing never replaces a good file with a partial one."""
    game, _ = play_recorded(HashAgent())
    path = tmp_path / "slot.json"
    save_game(game, path)
    before = path.read_bytes()

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(save_mod.os, "fsync", disk_full)
    with pytest.raises(SaveError, match="No space left"):
        save_game(game, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.json"]     # no temp file left


def test_saving_onto_a_folder_is_refused(tmp_path):
    game, _ = play_recorded(HashAgent())
    with pytest.raises(SaveError, match="folder"):
        save_game(game, tmp_path)


def test_saving_into_a_missing_folder_is_a_save_error(tmp_path):
    game, _ = play_recorded(HashAgent())
    with pytest.raises(SaveError, match="cannot save"):
        save_game(game, tmp_path / "nope" / "slot.json")


# ---------------------------------------------------------------- versions
def write_json(path, data) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def good_record() -> dict:
    game, _ = play_recorded(HashAgent())
    return json.loads(json.dumps(game_record(game)))


def test_a_save_from_a_newer_version_is_refused_with_a_clear_message(tmp_path):
    record = good_record()
    record["version"] = SAVE_VERSION + 1
    write_json(tmp_path / "new.json", record)
    with pytest.raises(SaveError, match="newer version"):
        load_record(tmp_path / "new.json")


def test_a_version_0_save_is_migrated(tmp_path):
    """Version 0 called the answers "choices" and had no round or timestamp."""
    record = good_record()
    old = {k: v for k, v in record.items() if k not in ("round", "saved_at", "bot_rng")}
    old["version"] = 0
    old["choices"] = old.pop("answers")
    write_json(tmp_path / "old.json", old)
    loaded = load_record(tmp_path / "old.json")
    assert loaded["version"] == SAVE_VERSION
    assert loaded["answers"] == record["answers"]
    assert "choices" not in loaded


def test_every_version_below_the_current_has_a_migration():
    assert set(save_mod.MIGRATIONS) == set(range(SAVE_VERSION))


# ---------------------------------------------------------------- refusing bad files
@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(format="something-else"), "not a TMNT Adventures save"),
    (lambda r: r.pop("format"), "not a TMNT Adventures save"),
    (lambda r: r.update(version="1"), "version must be"),
    (lambda r: r.update(version=True), "version must be"),
    (lambda r: r.update(version=-1), "version must be"),
    (lambda r: r.pop("answers"), "missing answers"),
    (lambda r: r.update(answers="0,1,2"), "answers must be a list"),
    (lambda r: r.update(answers=[0, "1"]), r"answers\[1\]"),
    (lambda r: r.update(answers=[0, True]), r"answers\[1\]"),
    (lambda r: r.update(answers=[-1]), r"answers\[0\]"),
    (lambda r: r.update(answers=[10 ** 30]), r"answers\[0\]"),
    (lambda r: r.update(seed=1.5), "seed must be"),
    (lambda r: r.update(seed=10 ** 60), "seed must be"),
    (lambda r: r.update(round=-3), "round must be"),
    (lambda r: r.update(state_hash=7), "state_hash"),
    (lambda r: r.update(state_hash="ab\r\ncd"), "state_hash"),   # printed on one line by `replay`
    (lambda r: r.update(bot_rng=[1, 2, 3]), "bot_rng"),
    (lambda r: r.update(scenario="shredder"), "scenario must be an object"),
    (lambda r: r["scenario"].update(villain="bowser"), "scenario.villain"),
    (lambda r: r["scenario"].update(seats=[]), "scenario.seats"),
    (lambda r: r["scenario"].update(surprise=1), "scenario.surprise"),
    (lambda r: r["scenario"]["seats"][0].update(hero="batman"), "unknown hero 'batman'"),
    (lambda r: r["scenario"].update(minions=["nobody"]), "unknown minion"),
])
def test_a_malformed_save_is_refused_with_one_line(tmp_path, change, message):
    record = good_record()
    change(record)
    path = tmp_path / "bad.json"
    write_json(path, record)
    before = path.read_bytes()
    with pytest.raises(SaveError, match=message) as info:
        load_record(path)
    assert "\n" not in str(info.value)
    assert path.read_bytes() == before          # loading never writes


@pytest.mark.parametrize("raw, message", [
    (b"", "not a JSON file"),
    (b"{", "not a JSON file"),
    (b"[1, 2, 3]", "expected a JSON object"),
    (b"\xff\xfe{}", "not valid UTF-8"),
    (b'{"format": "tmnt-adventures-save", "version": NaN}', "NaN is not a number"),
    (b'{"format": "a", "format": "b"}', "duplicate key"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"version": ' + b"9" * 5000 + b"}", "unreadable JSON"),
])
def test_corrupted_bytes_are_refused_with_one_line(tmp_path, raw, message):
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    with pytest.raises(SaveError, match=message) as info:
        load_record(path)
    assert "\n" not in str(info.value)


def test_a_save_larger_than_5_mb_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:
        fh.write(b'{"answers": [' + b"0," * (3 * 1024 * 1024) + b"0]}")
    with pytest.raises(SaveError, match="larger than 5 MB"):
        load_record(path)


def test_a_missing_file_or_a_folder_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    with pytest.raises(SaveError, match="folder"):
        load_record(tmp_path)


def test_loading_does_not_change_the_file(tmp_path):
    record = good_record()
    record["version"] = 0                      # even when the record is migrated in memory
    record["choices"] = record.pop("answers")
    path = tmp_path / "old.json"
    write_json(path, record)
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    load_record(path)
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before


def test_a_save_whose_setup_answers_do_not_fit_is_a_save_error():
    """A save made with other content: the recorded setup answers are not legal options."""
    record = good_record()
    record["answers"] = [999] * 5
    with pytest.raises(SaveError, match="does not fit"):
        restore(record, {}, None)
