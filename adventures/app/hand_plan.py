"""How a hand is laid out to be read at a glance: each card as wide as its own text needs
at a shared text size (the largest of card_view.READING_SIZES at which the whole hand fits
side by side), the room left over shared out so the cards look alike. None where even
the legible minimum does not fit (many long cards in a small window): the hand then fans
its cards and each says "hover to read", as before.

The widths are measured with card_view.reading_face, the function that draws the face,
so a card the plan counts as readable is drawn whole (tests/test_readable_hand.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from adventures.app import card_view
from adventures.app import theme as T

GAP = 5                  # between two cards
NARROWEST = 64           # no card is laid out narrower (its value, a short name, the pill)
_WIDTHS: dict[tuple, int | None] = {}
# the name's band, tried in this order: one line at the full size, then two, then smaller, then three
BANDS = ((1, card_view.READING_NAME), (2, card_view.READING_NAME), (2, 11), (2, 10), (3, 11), (3, 10), (3, 9))


@dataclass(frozen=True)
class HandPlan:
    widths: tuple[int, ...]
    text_size: int
    band_lines: int
    name_size: int

    @property
    def total(self) -> int:
        return sum(self.widths) + GAP * (len(self.widths) - 1)


def _key(card) -> tuple:
    return (card.name, card.kind, card.value, card.defense, card.boost, card.fighter, card.deception,
            tuple((e.timing, getattr(e, "when", "any"), e.text) for e in card.effects))


def min_width(card, height: int, text_size: int, band_lines: int, name_size: int, mark, widest: int) -> int | None:
    """The narrowest width (up to `widest`) at which `card`'s reading face fits whole, or None."""
    from adventures.app.provenance import badge_size
    key = (_key(card), height, text_size, band_lines, name_size, badge_size(mark, card_view.BADGE_SIZE), widest,
           T.SCALE)
    if key in _WIDTHS:
        return _WIDTHS[key]

    def fits(w: int) -> bool:
        return card_view.reading_face(card, pygame.Rect(0, 0, w, height), text_size, band_lines, mark,
                                      name_size).fits

    found = None
    if fits(widest):
        lo, hi = NARROWEST, widest
        while lo < hi:
            mid = (lo + hi) // 2
            if fits(mid):
                hi = mid
            else:
                lo = mid + 1
        found = lo
    if len(_WIDTHS) > 20_000:
        _WIDTHS.clear()
    _WIDTHS[key] = found
    return found


def level(needs: list[int], room: int, cap: int) -> tuple[int, ...]:
    """Widths at least `needs`, adding up to `room` at most, the narrow ones widened first
    (to `cap` at most): a hand of cards alike wherever the room allows."""
    lo, hi = 0, cap
    while lo < hi:                      # the highest water level that fits the room
        mid = (lo + hi + 1) // 2
        if sum(max(n, mid) for n in needs) <= room:
            lo = mid
        else:
            hi = mid - 1
    return tuple(max(n, lo) for n in needs)


def plan_hand(cards, width: int, height: int, marks) -> HandPlan | None:
    """The reading layout of `cards` (cards `height` pixels tall, side by side in `width`)
    at the largest text size that fits, else None."""
    n = len(cards)
    if not n or height < 60:
        return None
    room = width - GAP * (n - 1)
    widest = min(room, int(height * 2.2))
    for size in card_view.READING_SIZES:
        for band_lines, name_size in BANDS:
            needs = [min_width(c, height, size, band_lines, name_size, m, widest) for c, m in zip(cards, marks)]
            if None in needs or sum(needs) > room:
                continue
            return HandPlan(level(needs, room, max(max(needs), int(height * 0.8))), size, band_lines, name_size)
    return None
