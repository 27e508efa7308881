"""How a hand is laid out to be read at a glance: each card as wide as its own text needs
at a shared text size (the largest of card_view.reading_sizes() at which the whole hand
fits), the room left over shared out so the cards look alike.

A long hand tries, in this order, until one fits: every card side by side; identical
cards stacked under one face that says "×2" (their text is read once); the faces in two
rows. Where even the legible minimum does not fit that way (long cards in a small window
at a large text size), as many cards as the room allows are read whole and the others say
"hover to read" (`HandPlan.short`); None where not one card is (the hand fans out).

The widths are measured with card_view.reading_face, the function that draws the face,
so a card the plan counts as readable is drawn whole (tests/test_readable_hand.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from adventures.app import card_view
from adventures.app import theme as T

GAP = 5                  # between two cards, and between two rows
NARROWEST = 64           # no card is laid out narrower (its value, a short name, the pill)
PEEK = 4                 # how far each copy under a stack's face shows at its right
MAX_PEEKS = 2            # a stack of four shows two edges; its "×4" says the rest
MAX_CARD_H = 230         # a card is no taller: a taller hand reads in two rows
SHORT = 150              # a card less tall than this may be three times as wide
_WIDTHS: dict[tuple, int | None] = {}
# the name's band, tried in this order: one line at the full size, then two, then smaller, then three
BANDS = ((1, card_view.READING_NAME), (1, 11), (2, card_view.READING_NAME), (1, 10), (2, 11), (2, 10), (3, 11), (3, 10),
         (3, 9))


def bands() -> tuple[tuple[int, float], ...]:
    """BANDS, and at a large text size the name at LEGIBLE pixels on screen too, on one or
    two lines (a small window at 130% has little room for a hand)."""
    if T.SCALE <= 1:
        return BANDS
    small = card_view.LEGIBLE / T.SCALE
    return (*BANDS, (1, small), (2, small))


@dataclass(frozen=True)
class HandPlan:
    faces: tuple[tuple[int, ...], ...]     # per face, the hand's cards it stands for (a stack: identical copies)
    rows: tuple[tuple[int, ...], ...]      # per row, top first, the faces in it (left to right)
    widths: tuple[int, ...]                # per face, its copies' edges included
    height: int                            # every card's height
    text_size: float
    band_lines: int
    name_size: float
    short: frozenset[int] = frozenset()    # faces whose text does not fit: drawn as in a fan, hover to read

    @property
    def whole(self) -> bool:
        """Every card's whole text is read on the hand."""
        return not self.short

    @property
    def total(self) -> int:
        """The widest row's width."""
        return max(sum(self.widths[f] for f in row) + GAP * (len(row) - 1) for row in self.rows)

    def row_width(self, row: int) -> int:
        return sum(self.widths[f] for f in self.rows[row]) + GAP * (len(self.rows[row]) - 1)


def peeks(copies: int) -> int:
    """The width the copies under a face show at its right."""
    return PEEK * min(MAX_PEEKS, copies - 1)


def _key(card) -> tuple:
    return (card.name, card.kind, card.value, card.defense, card.boost, card.fighter, card.deception,
            tuple((e.timing, getattr(e, "when", "any"), e.text) for e in card.effects))


def stacks(cards) -> tuple[tuple[int, ...], ...]:
    """The hand's cards grouped by what is printed on them, in the order each first comes:
    copies of one card read the same, so one face can say them all."""
    groups: dict[tuple, list[int]] = {}
    for i, card in enumerate(cards):
        groups.setdefault(_key(card), []).append(i)
    return tuple(tuple(g) for g in groups.values())


def min_width(card, height: int, text_size: int, band_lines: int, name_size: int, mark, widest: int,
              copies: int = 1) -> int | None:
    """The narrowest width (up to `widest`) at which `card`'s reading face fits whole, or None."""
    from adventures.app.provenance import badge_size
    key = (_key(card), height, text_size, band_lines, name_size, badge_size(mark, card_view.BADGE_SIZE), widest,
           T.SCALE, copies)
    if key in _WIDTHS:
        return _WIDTHS[key]

    def fits(w: int) -> bool:
        return card_view.reading_face(card, pygame.Rect(0, 0, w, height), text_size, band_lines, mark,
                                      name_size, copies).fits

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


def _split(needs: list[int], room: int, rows: int) -> list[tuple[int, ...]] | None:
    """The faces in `rows` rows (one or two), each row within `room` (gaps included); None
    where no split fits. Two rows: the first cards on top and the rest below where that
    fits, else each face to the row with more room left, largest first (each row in hand
    order)."""
    n = len(needs)

    def wide(row) -> int:
        return sum(needs[f] for f in row) + GAP * (len(row) - 1)
    if rows == 1:
        return [tuple(range(n))] if wide(range(n)) <= room else None
    splits = [(tuple(range(k)), tuple(range(k, n))) for k in range(1, n)]
    fitting = [s for s in splits if max(wide(s[0]), wide(s[1])) <= room]
    if fitting:
        return list(min(fitting, key=lambda s: max(wide(s[0]), wide(s[1]))))
    top: list[int] = []
    bottom: list[int] = []
    for f in sorted(range(n), key=lambda f: -needs[f]):
        (top if wide(top) <= wide(bottom) else bottom).append(f)
    if not top or not bottom or max(wide(top), wide(bottom)) > room:
        return None
    return [tuple(sorted(top)), tuple(sorted(bottom))]


# the ways a hand is tried, in order: (copies stacked, rows); a stack's "×2" may cost its name a
# line, so the plain faces are tried in two rows too
ARRANGEMENTS = ((False, 1), (True, 1), (True, 2), (False, 2))


_PLANS: dict[tuple, HandPlan | None] = {}


def plan_hand(cards, width: int, height: int, marks) -> HandPlan | None:
    """The reading layout of `cards` (in `width` x `height` pixels) at the largest text size
    that fits the first arrangement that fits at all, else None. Asked every frame (the
    game screen's layout asks too): kept per hand and room."""
    key = (tuple(_key(c) for c in cards), width, height, tuple(marks), T.SCALE)
    if key not in _PLANS:
        if len(_PLANS) > 500:
            _PLANS.clear()
        _PLANS[key] = _plan(cards, width, height, marks)
    return _PLANS[key]


def _plan(cards, width: int, height: int, marks) -> HandPlan | None:
    n = len(cards)
    if not n or height < 60:
        return None
    groups = stacks(cards)
    for stacked, rows in ARRANGEMENTS:
        faces = groups if stacked else tuple((i,) for i in range(n))
        if not stacked and rows == 2 and len(groups) == n:
            continue                    # nothing was stacked: the same two rows were tried
        ch = min(MAX_CARD_H, (height - GAP * (rows - 1)) // rows)
        if ch < 60:
            continue
        plan = _arranged(cards, marks, faces, rows, width, ch)
        if plan is not None:
            return plan
    return _partial(cards, marks, width, min(MAX_CARD_H, height))


def _partial(cards, marks, width: int, ch: int) -> HandPlan | None:
    """As close as the room allows (a small window at a large text size): one row at the
    legible minimum, each card whose text fits read whole, the others as narrow as a fan's
    card and saying "hover to read"; the most cards read, else None (none is)."""
    if ch < 60:
        return None
    n = len(cards)
    size = card_view.reading_sizes()[-1]
    narrow = max(NARROWEST, int(ch * 0.7))
    widest = min(width, int(ch * (2.2 if ch >= SHORT else 3)))
    best = None
    for band_lines, name_size in bands():
        needs = [min_width(c, ch, size, band_lines, name_size, m, int(ch * (2.2 if ch >= SHORT else 3)))
                 for c, m in zip(cards, marks)]
        short = {i for i, need in enumerate(needs) if need is None or need > widest}
        widths = [narrow if i in short else need for i, need in enumerate(needs)]
        while short != set(range(n)) and sum(widths) + GAP * (n - 1) > width:
            longest = max((i for i in range(n) if i not in short), key=lambda i: widths[i])
            short.add(longest)           # the widest readable card gives way, the most cards are read
            widths[longest] = narrow
        if sum(widths) + GAP * (n - 1) > width or len(short) == n:
            continue
        if best is None or len(short) < len(best.short):
            room = width - GAP * (n - 1)
            read = [i for i in range(n) if i not in short]
            levelled = level([widths[i] for i in read], room - narrow * len(short), max(max(widths), int(ch * 0.8)))
            for i, w in zip(read, levelled):
                widths[i] = w
            spare = (room - sum(widths)) // len(short) if short else 0
            for i in short:              # what is left widens them: their name whole, maybe more
                widths[i] = min(widest, narrow + spare)
            best = HandPlan(tuple((i,) for i in range(n)), (tuple(range(n)),), tuple(widths), ch, size, band_lines,
                            name_size, frozenset(short))
        if best is not None and best.whole:
            break
    return best


def _arranged(cards, marks, faces, rows: int, width: int, ch: int) -> HandPlan | None:
    """The plan of `faces` in `rows` rows of cards `ch` high within `width`, at the largest
    text size that fits, else None. A smaller text never needs more room, so the size is
    found by halving the list of sizes (a hand's widths are measured for a few sizes only)."""
    sizes = card_view.reading_sizes()
    if rows == 1 and len(faces) == len(cards):       # a short hand often fits at the largest text
        largest = _at_size(cards, marks, faces, rows, width, ch, sizes[0])
        if largest is not None:
            return largest
    least = _at_size(cards, marks, faces, rows, width, ch, sizes[-1])
    if least is None:
        return None
    lo, hi, best = 1, len(sizes) - 1, least        # sizes[hi] fits; is a larger one (lower index) fitting?
    while lo < hi:
        mid = (lo + hi) // 2
        plan = _at_size(cards, marks, faces, rows, width, ch, sizes[mid])
        if plan is not None:
            hi, best = mid, plan
        else:
            lo = mid + 1
    return best


def _at_size(cards, marks, faces, rows: int, width: int, ch: int, size: float) -> HandPlan | None:
    # a card about as wide as tall, or twice as wide; a short one (two rows, a small window at a
    # large text size) lies wider still rather than not be read
    cap = int(ch * (2.2 if rows == 1 and ch >= SHORT else 3))
    widest = min(width, cap)
    room = rows * width - GAP * (len(faces) - rows)         # every row's width, less the gaps
    for band_lines, name_size in bands():
        needs = []
        for face in faces:
            card, copies = cards[face[0]], len(face)
            need = min_width(card, ch, size, band_lines, name_size, marks[face[0]], cap - peeks(copies), copies)
            if need is None or need > widest - peeks(copies) or sum(needs) + need + peeks(copies) > room:
                break                 # this card does not fit, or the hand cannot: the next band
            needs.append(need + peeks(copies))
        else:
            split = _split(needs, width, rows)
            if split is None:
                continue
            widths = list(needs)
            most = max(max(needs), int(ch * 0.8))
            for row in split:
                row_room = width - GAP * (len(row) - 1)
                for f, w in zip(row, level([needs[f] for f in row], row_room, most)):
                    widths[f] = w
            return HandPlan(tuple(faces), tuple(split), tuple(widths), ch, size, band_lines, name_size)
    return None
