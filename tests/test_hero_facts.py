"""Every shipped hero matches its published facts (tests/facts/heroes/<key>.yaml).

Published numbers are facts, not tuning knobs (tests/facts/README.md): health, move,
attack type, sidekicks, ability name, hand size and limit, and every card's name, type,
value, BOOST, copies and who may play it.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adventures.content.catalog import build_catalog

# The facts live in the repository, so a clone with nothing beside it runs these tests.
FACTS = Path(__file__).resolve().parent / "facts" / "heroes"
# The co-op roster (issue 14); the add-on Shredder and Krang hero decks are optional content.
ROSTER = ["leonardo", "raphael", "donatello", "michelangelo", "black_panther", "black_widow",
          "winter_soldier", "medusa", "alice", "king_arthur", "sinbad"]
# The add-on's competitive hero decks (not the co-op villains): checked the same way.
ADDON = ["shredder", "krang"]
SIDEKICKS_ONLY = ["Splinter", "Casey Jones", "Metalhead", "April O'Neil"]


def facts(key: str) -> dict:
    return yaml.safe_load((FACTS / f"{key}.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def catalog():
    cat = build_catalog()
    assert not cat.problems, cat.problems
    return cat


def test_facts_cover_every_published_hero():
    """One facts file per published hero, no more, no fewer."""
    assert sorted(p.stem for p in FACTS.glob("*.yaml")) == sorted(ROSTER + ADDON)


def test_roster_is_the_published_heroes(catalog):
    """The co-op roster: the four Turtles and the seven other published heroes we ship."""
    assert set(ROSTER) <= set(catalog.heroes)
    extra = set(catalog.heroes) - set(ROSTER) - {"shredder", "krang"}
    assert not extra, f"heroes with no published facts: {sorted(extra)}"


def test_turtle_sidekicks_are_only_sidekicks(catalog):
    """Splinter, Casey Jones, Metalhead and April O'Neil are sidekicks (facts README)."""
    names = {h.name for h in catalog.heroes.values()}
    assert not names & set(SIDEKICKS_ONLY)
    sidekicks = {h.sidekick.name for h in catalog.heroes.values() if h.sidekick}
    assert set(SIDEKICKS_ONLY) <= sidekicks


@pytest.mark.parametrize("key", ROSTER + ADDON)
def test_hero_stats_match_facts(catalog, key):
    f = facts(key)
    hero, h = catalog.heroes[key], f["hero"]
    assert (hero.name, hero.health, hero.move, hero.attack) == (h["name"], h["health"], h["move"], h["attack"])
    assert hero.provenance == "published"
    if h["ability"]["name"]:
        assert hero.ability.name == h["ability"]["name"]
    sks = f.get("sidekicks") or []
    if not sks:
        assert hero.sidekick is None
    else:
        (sk,) = sks
        assert hero.sidekick is not None
        got = (hero.sidekick.name, hero.sidekick.count, hero.sidekick.health, hero.sidekick.attack)
        assert got == (sk["name"], sk["count"], sk["health"], sk["attack"])


@pytest.mark.parametrize("key", ROSTER + ADDON)
def test_hero_deck_matches_facts(catalog, key):
    f = facts(key)
    hero = catalog.heroes[key]
    want = {c["name"]: c for c in f["deck"]["cards"]}
    got = {c.name: c for c in hero.deck}
    assert sorted(got) == sorted(want)
    for name, c in want.items():
        card = got[name]
        who = "any" if c["who"] == "any" else c["who"]
        # A "die roll" BOOST prints no number: boost null, rolled when spent (Krang).
        boost = (None, True) if c["boost"] == "die roll" else (c["boost"], False)
        numbers = (card.type, card.value, card.boost, card.boost_roll, card.copies, card.fighter)
        assert numbers == (c["type"], c["value"], *boost, c["copies"], who), name
        assert card.provenance == "published", name
    assert sum(c.copies for c in hero.deck) == f["deck"]["published_size"]
