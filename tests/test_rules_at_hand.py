"""Rules at hand (issue 40, item 3): one glossary of the keywords a player reads, validated
like the rest of the content, each entry in our own words with the rulebook page the code
already cites; in the app a keyword in a card's text or in a question explains itself on
hover, and a setting turns the hints off."""
from __future__ import annotations

import os
import re
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from adventures.content.catalog import CONTENT_ROOT, build_catalog, load_catalog  # noqa: E402
from engine.content.loader import ContentError, load  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = CONTENT_ROOT / "glossary.yaml"
# the keywords the issue names: each must have an entry that finds it in a sentence
NAMED = ["IMMEDIATELY", "DURING COMBAT", "AFTER COMBAT", "BOOST", "Versatile", "defeat", "exhaustion", "threat",
         "Foot soldier", "borough", "Dimension X", "Doomsday Machine", "trap", "henchman", "ally", "maneuver",
         "scheme", "sidekick", "initiative", "end of round"]


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))


def glossary():
    return load_catalog().glossary


# ---------------------------------------------------------------- the content
def test_every_glossary_entry_validates_and_cites_a_rulebook_page():
    """The glossary is content: loaded by the one validation path (`build_catalog`, what
    `adventures validate` runs), every entry with our text and at least one page."""
    catalog = build_catalog(CONTENT_ROOT)
    assert not [p for p in catalog.problems if "glossary" in p.file]
    entries = catalog.glossary.entries
    assert len(entries) >= len(NAMED)
    for entry in entries:
        assert entry.text.strip() and entry.pages, entry.term
        for page in entry.pages:
            assert re.fullmatch(r"(Adventures|core rules) p\.\d+(-\d+)?", page), (entry.term, page)


def test_every_page_the_glossary_cites_is_one_the_code_already_cites():
    """Never a page of our own invention: each is cited elsewhere in the code or tests, the
    Adventures rulebook as "p.N", the core rules as "core rules p.N" or "EN p.N" (the English
    core rulebook of the engine's tests)."""
    cited = ""
    for path in [*ROOT.glob("adventures/**/*.py"), *ROOT.glob("adventures/**/*.yaml"), *ROOT.glob("engine/**/*.py"),
                 *ROOT.glob("tests/*.py"), *ROOT.glob("docs/*.md")]:
        if path != GLOSSARY and path.name != Path(__file__).name:
            cited += path.read_text(encoding="utf-8") + "\n"
    missing = []
    for entry in glossary().entries:
        for page in entry.pages:
            book, number = page.rsplit(" ", 1)
            forms = [f"Adventures {number}", f"{number}"] if book == "Adventures" else [
                f"core rules {number}", f"EN {number}"]
            if not any(re.search(rf"{re.escape(form)}(?![0-9-])", cited) for form in forms):
                missing.append(f"{entry.term}: {page}")
    assert not missing, f"pages nobody cites: {missing}"


@pytest.mark.parametrize("word", NAMED)
def test_each_keyword_the_issue_names_has_an_entry(word):
    from adventures.app.glossary_view import find
    found = find(f"The card says {word} here.", glossary())
    assert [(start, end) for start, end, _entry in found] == [(14, 14 + len(word))]


def test_a_word_is_found_whole_in_any_case_and_the_longest_form_wins():
    from adventures.app.glossary_view import find
    gloss = glossary()
    text = "Foot soldiers advance the threat track; undefeated heroes maneuvering. AFTER COMBAT: boost 2."
    assert [(text[a:b], e.term) for a, b, e in find(text, gloss)] == [
        ("Foot soldiers", "Foot soldier"), ("threat track", "threat"), ("maneuvering", "maneuver"),
        ("AFTER COMBAT", "AFTER COMBAT"), ("boost", "BOOST")]


@pytest.mark.parametrize("body, message", [
    ("  - term: BOOST\n    text: x\n    pages: [p.9]\n", "'p.9' is not a page"),
    ("  - term: BOOST\n    text: x\n    pages: []\n", "entries.0.pages"),
    ("  - term: BOOST\n    text: x\n    pages: [core rules p.9]\n  - term: trap\n    also: [Boost]\n"
     "    text: y\n    pages: [Adventures p.17]\n", "'Boost' is explained twice"),
])
def test_a_glossary_without_a_page_or_explaining_a_word_twice_is_refused(tmp_path, body, message):
    path = tmp_path / "glossary.yaml"
    path.write_text("kind: glossary\nentries:\n" + body, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load(path)
    assert message in str(err.value) and str(err.value).startswith(f"{path}:")


# ---------------------------------------------------------------- in the app
@pytest.fixture(scope="module")
def table():
    """A 4-player game against Shredder at a player choosing an action, drawn at 1280x720."""
    from adventures.app.scenarios import find_scenario
    from adventures.app.screenshot import shoot
    return shoot(find_scenario("shredder-4p"), 5, 12, (1280, 720), at="action")


def hover(app, pos) -> None:
    import pygame
    scene = app.game_scene
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.draw(app.screen, 0)


def drawn_text(app) -> list[str]:
    """Every line the game screen draws (theme's register)."""
    from adventures.app import theme as T
    T.reset_cuts(trace=app.screen)
    app.game_scene.draw(app.screen, 0)
    lines = [text for text, rect in T.TRACE if rect is not None]
    T.reset_cuts()
    return lines


def hints(app, on: bool) -> None:
    from adventures.app import settings
    if app.prefs.get("rule_hints", True) != on:
        settings.toggle(app, "rule_hints")


def test_hovering_a_keyword_in_a_cards_detail_view_shows_its_entry(table):
    """The mouse rests on a card in hand: its detail view opens; it moves onto a keyword of
    that view (BOOST, AFTER COMBAT...): the view stays and the keyword's entry shows, with
    its page."""
    from adventures.app import glossary_view as G
    hints(table, True)
    scene = table.game_scene
    rect, card = scene.hand.card_rects[0]
    hover(table, (rect.left + 12, rect.centery))
    assert scene.detail is not None and scene.detail[0] is card
    popup = scene.detail[2]
    words = [(r, e) for r, e in G.HOTSPOTS if popup.contains(r)]
    assert words, "the detail view's keywords are underlined and hoverable"
    spot, entry = words[-1]
    hover(table, spot.center)
    assert scene.detail is not None and scene.detail[0] is card, "the detail stays while its words are read"
    assert G.SHOWN is entry
    shown = " ".join(drawn_text(table))
    assert entry.term in shown and f"Rulebook: {', '.join(entry.pages)}" in shown


def test_a_keyword_in_the_question_explains_itself_and_an_empty_spot_shows_nothing(table):
    from adventures.app import glossary_view as G
    from adventures.app.layout import GameLayout
    hints(table, True)
    scene = table.game_scene
    hover(table, (-1, -1))
    L: GameLayout = scene.layout
    in_prompt = [(r, e) for r, e in G.HOTSPOTS if L.prompt.contains(r)]
    assert in_prompt, f"no keyword in the question {scene.model.decision.prompt!r}"
    hover(table, in_prompt[0][0].center)
    assert G.SHOWN is in_prompt[0][1]
    hover(table, (L.board.left + 2, L.board.top + 2))
    assert G.SHOWN is None


def test_the_rules_hints_setting_turns_them_off_and_is_remembered(table):
    """Settings > Rules hints: off, no word is underlined or explained; kept in prefs.json."""
    from adventures.app import glossary_view as G
    from adventures.app import userdata
    from adventures.app.settings import settings_overlay
    hints(table, False)
    try:
        assert "Rules hints: off" in [label for label, _value in settings_overlay(table).items]
        scene = table.game_scene
        rect, _card = scene.hand.card_rects[0]
        hover(table, (rect.left + 12, rect.centery))
        assert G.HOTSPOTS == []
        popup = scene.detail[2]
        hover(table, (popup.left + 20, popup.top + 60))
        assert G.SHOWN is None
        userdata.save_prefs(table.prefs)
        assert userdata.load_prefs()["rule_hints"] is False
    finally:
        hints(table, True)
