"""One vocabulary of decisions for every bot (issue 18; as Forge's ApiType).

Every tag the engine and the co-op layer emit is a constant of `engine/tags.py` or
`adventures/rules/tags.py`, and each bot either handles it or lists it as answered with
the first option on purpose: a new kind of choice can no longer be played badly in
silence. To register a new tag: add the constant, then a handler in
`adventures.bots.heuristic.HANDLERS` (or an entry in its `FIRST_OPTION`), and in
`adventures.bots.table.TABLE_HANDLERS` when the table may be asked it.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from adventures.bots import heuristic, table
from adventures.bots.heuristic import HeuristicBot
from adventures.bots.table import TablePolicy
from adventures.rules import tags
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.sim import runner
from engine.decisions import TABLE

ROOT = Path(__file__).resolve().parents[1]
LITERAL = re.compile(r"\btag=[\"']([A-Za-z0-9_]+)[\"']")
CONSTANT = re.compile(r"\btag=(?:tags\.)?([A-Z][A-Z0-9_]*)\b")


def emitted_tags() -> dict[str, str]:
    """Every tag written at a decide() call in engine/ and adventures/: tag -> file:line."""
    found: dict[str, str] = {}
    for folder in ("engine", "adventures"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                where = f"{path.relative_to(ROOT)}:{n}"
                for m in LITERAL.finditer(line):
                    found.setdefault(m.group(1), where)
                for m in CONSTANT.finditer(line):
                    found.setdefault(getattr(tags, m.group(1), f"<{m.group(1)}: not a constant of the tags modules>"),
                                     where)
    return found


def test_every_tag_written_in_the_code_is_in_the_vocabulary():
    unknown = {t: w for t, w in emitted_tags().items() if t not in tags.ALL_TAGS}
    assert not unknown, (f"decision tags outside the vocabulary: {unknown}; add a constant to "
                         "engine/tags.py (or adventures/rules/tags.py) and a handler to each bot")


def test_the_vocabulary_has_no_unused_tag():
    assert tags.ALL_TAGS <= set(emitted_tags()), tags.ALL_TAGS - set(emitted_tags())


@pytest.mark.parametrize("tag", sorted(tags.ALL_TAGS))
def test_the_heuristic_bot_handles_each_tag_on_purpose(tag):
    """Exactly one of: a handler, the first option on purpose, or never asked of a seat."""
    where = [tag in heuristic.HANDLERS, tag in heuristic.FIRST_OPTION, tag in heuristic.TABLE_ONLY]
    assert sum(where) == 1, (tag, where)


@pytest.mark.parametrize("tag", sorted(tags.ALL_TAGS))
def test_the_table_policy_handles_each_tag_on_purpose(tag):
    where = [tag in table.TABLE_HANDLERS, tag in table.TABLE_FIRST_OPTION, tag in table.SEAT_ONLY]
    assert sum(where) == 1, (tag, where)


class Recorder:
    def __init__(self, inner, seen: set, who: str):
        self.inner, self.seen, self.who = inner, seen, who

    def choose(self, game, decision):
        self.seen.add((TABLE if decision.seat == TABLE else "seat", decision.tag))
        return self.inner.choose(game, decision)


@pytest.mark.parametrize("name", ["shredder-3p-allies", "krang-4p"])
def test_tags_asked_in_play_reach_a_bot_that_handles_them(name):
    """Seats are never asked a table-only tag and the table never a seat-only one."""
    sc = runner.load_scenario(ROOT / "scenarios" / f"{name}.yaml")
    seen: set = set()
    for seed in range(3):
        seat = Recorder(HeuristicBot(), seen, "seat")
        agents = {i: seat for i in range(sc.players)}
        game = new_adventure(sc, runner._catalog(), seed, agents, Recorder(TablePolicy(), seen, "table"), log=False)
        play_adventure(game, hash_state=False)
    assert {t for _, t in seen} <= tags.ALL_TAGS
    assert not {t for who, t in seen if who == "seat"} & heuristic.TABLE_ONLY
    assert not {t for who, t in seen if who == TABLE} & table.SEAT_ONLY
