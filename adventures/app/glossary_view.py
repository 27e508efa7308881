"""Rules at hand: a keyword in a card's text or in a question explains itself on hover.

The words and their plain explanations are content (adventures/content/glossary.yaml, the
catalog's `glossary`). While the game screen draws the views whose words are explained
(the question, the hand's faces, the combat panel, a card's detail view) inside
`watching()`, every line the text functions draw is passed here (`theme.WATCH`): each
keyword in it gets a dotted underline and a hot spot, and `draw_tooltip` shows the entry
under the mouse with its rulebook page. Only drawn text is looked at, so a hidden card's
words are never found. The "Rules hints" setting turns it all off (`set_enabled`).
"""
from __future__ import annotations

import contextlib
import re

import pygame

from adventures.app import theme as T

ENABLED = True
HOTSPOTS: list[tuple[pygame.Rect, object]] = []   # (where a keyword is drawn, its entry), this frame
SHOWN = None                                       # the entry whose tooltip was drawn last (tests)
_TARGET: pygame.Surface | None = None              # the surface of the frame being drawn
_GLOSS = None                                      # the glossary of the frame being drawn
_INDEX: dict[int, tuple] = {}                      # id(glossary) -> (glossary, pattern, words)
TIP_W = 340


def set_enabled(on: bool) -> None:
    global ENABLED
    ENABLED = bool(on)


def glossary(catalog=None):
    """The glossary of `catalog` (a game's), else of the content in use; None when there is none."""
    if catalog is None:
        try:
            from adventures.content.catalog import load_catalog
            catalog = load_catalog()
        except Exception:       # no content, no hints: never a reason for the screen to fail
            return None
    return getattr(catalog, "glossary", None)


def _norm(word: str) -> str:
    return " ".join(word.casefold().split())


def _index(gloss) -> tuple[re.Pattern | None, dict]:
    """The keywords of `gloss` as one pattern and a word -> entry map (built once per glossary)."""
    hit = _INDEX.get(id(gloss))
    if hit is not None and hit[0] is gloss:
        return hit[1], hit[2]
    words = {}
    for entry in gloss.entries:
        for word in (entry.term, *entry.also):
            words[_norm(word)] = entry
    pattern = None
    if words:
        # longest first, so "threat track" wins over "threat"; a word never matches inside another
        alts = sorted(words, key=len, reverse=True)
        body = "|".join(r"\s+".join(re.escape(part) for part in w.split()) for w in alts)
        pattern = re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE)
    _INDEX.clear()
    _INDEX[id(gloss)] = (gloss, pattern, words)
    return pattern, words


def find(text: str, gloss=None) -> list[tuple[int, int, object]]:
    """(start, end, entry) of every keyword in `text` (of the frame's glossary by default)."""
    gloss = gloss if gloss is not None else (_GLOSS if _GLOSS is not None else glossary())
    if gloss is None or not text:
        return []
    pattern, words = _index(gloss)
    if pattern is None:
        return []
    return [(m.start(), m.end(), words[_norm(m.group(0))]) for m in pattern.finditer(text)]


# ---------------------------------------------------------------- collecting hot spots while drawing
def begin(surf: pygame.Surface, catalog=None) -> None:
    """A new frame of `surf` showing a game of `catalog`: last frame's hot spots are gone."""
    global _TARGET, _GLOSS
    _TARGET = surf
    _GLOSS = glossary(catalog) if ENABLED else None
    HOTSPOTS.clear()


@contextlib.contextmanager
def watching():
    """The words drawn inside this block are explained on hover."""
    before = T.WATCH
    T.WATCH = _watch if ENABLED else None
    try:
        yield
    finally:
        T.WATCH = before


def count() -> int:
    return len(HOTSPOTS)


def cover(rect: pygame.Rect, before: int) -> None:
    """A popup was drawn over `rect`: the hot spots found before it (`count()` then) lie under it."""
    HOTSPOTS[:before] = [(r, e) for r, e in HOTSPOTS[:before] if not r.colliderect(rect)]


def _watch(surf, text: str, rect: pygame.Rect, size, bold: bool, color) -> None:
    if surf is not _TARGET or not ENABLED or _GLOSS is None:
        return
    found = find(text, _GLOSS)
    if not found:
        return
    clip = surf.get_clip()
    if size is None:          # a label blitted whole (a button, a pill): the label explains its first word
        spot = rect.clip(clip)
        if spot.width and spot.height:
            HOTSPOTS.append((spot, found[0][2]))
        return
    for start, end, entry in found:
        x = rect.left + T.text_width(text[:start], size, bold)
        w = T.text_width(text[start:end], size, bold)
        spot = pygame.Rect(x, rect.top, w, rect.height).clip(clip)
        if not (spot.width and spot.height):
            continue
        HOTSPOTS.append((spot, entry))
        underline(surf, spot, color or T.MUTED)


def underline(surf: pygame.Surface, spot: pygame.Rect, color) -> None:
    """A dotted line under the word: it can be hovered."""
    y = spot.bottom - 2
    for x in range(spot.left, spot.right - 1, 4):
        pygame.draw.line(surf, color, (x, y), (min(x + 1, spot.right - 1), y))


def entry_at(pos) -> object | None:
    """The entry of the keyword under `pos` (the last drawn wins: a popup over a face)."""
    if not ENABLED:
        return None
    for rect, entry in reversed(HOTSPOTS):
        if rect.collidepoint(pos):
            return entry
    return None


def tip_lines(entry) -> list[tuple[str, T.Color, bool]]:
    """The tooltip: the word, the plain explanation, then the pages."""
    pages = "Rulebook: " + ", ".join(entry.pages)
    return [(entry.term, T.TEXT, True), (entry.text, T.MUTED, False), (pages, T.HIGHLIGHT, False)]


def draw_tooltip(surf: pygame.Surface, pos) -> pygame.Rect | None:
    """The entry under `pos`, beside the mouse and inside the window; None when no keyword is there."""
    global SHOWN
    entry = entry_at(pos)
    SHOWN = entry
    if entry is None:
        return None
    T.new_layer()
    lines = [(line, color, bold) for text, color, bold in tip_lines(entry) for line in T.wrap(text, 13, TIP_W, bold)]
    lh = T.font(13).get_linesize() + 1
    w = max(T.text_width(line, 13, bold) for line, _c, bold in lines) + 20
    rect = pygame.Rect(pos[0] + 16, pos[1] + 18, w, lh * len(lines) + 12)
    if rect.bottom > surf.get_height():          # no room below the word: above it
        rect.bottom = pos[1] - 10
    rect.clamp_ip(surf.get_rect())
    pygame.draw.rect(surf, (12, 14, 20), rect, border_radius=6)
    pygame.draw.rect(surf, T.HIGHLIGHT, rect, 1, border_radius=6)
    for k, (line, color, bold) in enumerate(lines):
        T.draw_text(surf, line, (rect.left + 10, rect.top + 6 + k * lh), 13, color, bold=bold)
    return rect
