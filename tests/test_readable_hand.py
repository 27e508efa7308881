"""Cards readable at a glance (issue 40 item 4): at 1280x720 with 4 players (open hands,
the other players' tabs shown) and the default text size, every card in hand shows its
whole effect text, without hovering, at the legible minimum (11 px) or larger.

Hands of every published hero: its seven longest cards together (the hand limit), and
each of its cards beside the five longest others. For each, the hand is drawn by the real
HandView in the real layout's hand region; no card's effect text may be abbreviated (the
"... (hover to read)" face, written to theme.ABBREVIATED) or cut (theme.CUTS), and each
card's lines put together are its whole text, drawn in its own rectangle.
"""
from __future__ import annotations

import itertools
import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from adventures.app import card_view  # noqa: E402
from adventures.app import theme as T  # noqa: E402
from adventures.app.hand_view import HandView  # noqa: E402
from adventures.app.layout import GameLayout  # noqa: E402
from adventures.content.catalog import load_catalog  # noqa: E402
from engine.setup import build_deck  # noqa: E402

SIZE = (1280, 720)
CATALOG = load_catalog()
PUBLISHED = sorted(key for key, hero in CATALOG.heroes.items() if hero.provenance == "published")
SEATS = ["Leonardo", "Raphael", "Donatello", "Michelangelo"]


@pytest.fixture(autouse=True)
def text_size():
    pygame.font.init()
    T.set_scale(1.0)
    yield
    T.set_scale(1.0)


def distinct_cards(key: str) -> list:
    """One runtime card per printed card of hero `key`, longest effect text first."""
    uid = itertools.count(1)
    side = SimpleNamespace(name=CATALOG.heroes[key].name, index=0, is_enemy=False)
    cards = build_deck(SimpleNamespace(next_uid=lambda: next(uid)), side, CATALOG.heroes[key].deck)
    every = list({c.name: c for c in cards}.values())
    return sorted(every, key=lambda c: -len(effect_text(c)))


def effect_text(card) -> str:
    return " ".join(card_view.effect_lines(card))


def hands(key: str) -> list[list]:
    cards = distinct_cards(key)
    limit = CATALOG.heroes[key].hand_limit
    out = [cards[:limit]]
    for card in cards:
        out.append([card] + [c for c in cards if c is not card][:5])
    return out


def draw_hand(cards, size=SIZE):
    """The hand drawn as the game screen draws it for a 4-player game with open hands;
    returns (the view, every line of text drawn with its rect and size)."""
    rect = GameLayout.for_size(*size, 4, T.SCALE, 1.54, 10).hand
    surf = pygame.Surface(size)
    owner = SimpleNamespace(name="Leonardo", index=0, is_enemy=False, hand=cards, deck=cards[:3], discard=[])
    tabs = [(SimpleNamespace(name=n, index=i, is_enemy=False), i == 0) for i, n in enumerate(SEATS)]
    lines = []
    draw_wrapped = T.draw_wrapped

    def recording(s, text, area, size=14, color=T.TEXT, bold=False, line_gap=2, max_lines=None):
        lines.append((text, pygame.Rect(area), size))
        return draw_wrapped(s, text, area, size, color, bold, line_gap, max_lines)

    view = HandView()
    T.reset_cuts(trace=surf)
    T.draw_wrapped = recording
    try:
        view.draw(surf, rect, owner, hidden=False, legal=set(), choosing=False, hover_pos=(-1, -1), tabs=tabs)
    finally:
        T.draw_wrapped = draw_wrapped
    return view, lines


def unreadable(cards, size=SIZE) -> list[str]:
    view, drawn = draw_hand(cards, size)
    found = [f"abbreviated: {full[:40]!r} as {shown!r}" for full, shown in T.ABBREVIATED
             if full in {effect_text(c) for c in cards}]
    found += [f"cut: {full[:40]!r}" for full, _shown in T.CUTS]
    if view.plan is None:
        found.append(f"no reading layout for {[c.name for c in cards]}")
    for rect, card in view.card_rects:      # its whole text, drawn inside it (two cards may share a text)
        text = effect_text(card)
        if not text:
            continue
        mine = [(area, size) for t, area, size in drawn if t == text and rect.contains(area)]
        if not mine:
            found.append(f"{card.name}: its effect text is not drawn whole inside it")
        elif min(size for _area, size in mine) * T.SCALE < card_view.LEGIBLE:
            found.append(f"{card.name}: effect text at {min(size for _a, size in mine) * T.SCALE:.0f} px")
    traced = [(text, r) for text, r in T.TRACE or [] if r is not None]
    for rect, card in view.card_rects:       # the lines inside the card, top to bottom, are the text
        inside = " ".join(t for t, r in sorted(traced, key=lambda e: (e[1].top, e[1].left))
                          if rect.contains(r) and r.top >= rect.top + 20)
        if effect_text(card) and effect_text(card) not in inside:
            found.append(f"{card.name}: lines drawn {inside[:60]!r}...")
    T.reset_cuts()
    return found


@pytest.mark.parametrize("key", PUBLISHED)
def test_every_card_of_every_published_hero_is_read_in_hand_without_hovering(key):
    found = []
    for cards in hands(key):
        found += [f"{[c.name for c in cards]}: {p}" for p in unreadable(cards)]
    assert not found, "\n".join(found[:10])


def test_every_published_hero_is_tested():
    """The heroes of the box and the published Marvel and Unmatched heroes: 13 of them."""
    assert len(PUBLISHED) == 13 and "leonardo" in PUBLISHED and "krang" in PUBLISHED


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_larger_windows_read_the_longest_hands_too(size):
    found = []
    for key in PUBLISHED:
        cards = distinct_cards(key)[:CATALOG.heroes[key].hand_limit]
        found += [f"{key} {size}: {p}" for p in unreadable(cards, size)]
    assert not found, "\n".join(found[:10])


def test_a_short_hand_reads_larger_than_the_minimum():
    """The plan takes the largest text size that fits: two cards are drawn well above 11 px."""
    view, _lines = draw_hand(distinct_cards("leonardo")[:2])
    assert view.plan is not None and view.plan.text_size >= 13


def test_a_hand_too_long_for_the_room_still_fans_out_and_says_hover_to_read():
    """Twelve long cards cannot be read side by side at 1280x720: the cards fan out and
    each says when it acts; its whole text is one hover away (the detail view)."""
    cards = distinct_cards("krang") + distinct_cards("donatello")[:2]
    view, _lines = draw_hand(cards)
    assert view.plan is None and len(view.card_rects) == len(cards)
    assert any("hover to read" in shown for _full, shown in T.ABBREVIATED)
    T.reset_cuts()


def test_a_card_the_viewer_may_not_see_is_never_measured(monkeypatch):
    """The widths of a reading layout would tell how long a hidden card's text is: a hand
    with a card the one looking may not see is drawn as before (backs, a fan)."""
    cards = distinct_cards("leonardo")[:5]
    monkeypatch.setattr(card_view, "visible", lambda card: card is not cards[2])
    view, _lines = draw_hand(cards)
    assert view.plan is None
