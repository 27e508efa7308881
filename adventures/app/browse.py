"""Reading about enemies: an enemy deck's composition, its discard pile, the trap decks.

An enemy deck is face down, but what it holds is public: the printed deck list minus the
face-up discard (and the cards out of the game). So the overlay lists every card with its
values and counts, and says the order is hidden. Technodrome Traps (p.17) likewise: the
deck's names are known by elimination, the discard is face up, newest first.
"""
from __future__ import annotations

import pygame

from adventures.app import card_view
from adventures.app import theme as T
from adventures.app.overlays import CLOSE, Overlay, dim
from adventures.app.widgets import scrolled


def deck_rows(side) -> list[dict]:
    """One row per card name: values, effect words, copies in deck / discard / out of play."""
    rows: dict[str, dict] = {}
    for where, pile in (("deck", side.deck), ("discard", side.discard), ("out", side.removed)):
        for card in pile:
            row = rows.setdefault(card.name, {"card": card, "deck": 0, "discard": 0, "out": 0})
            row[where] += 1
    return sorted(rows.values(), key=lambda r: (-r["deck"], r["card"].name))


def values(card) -> str:
    parts = []
    if card.value is not None:
        parts.append(f"attack {card.value}")
    if card.defense is not None:
        parts.append(f"defense {card.defense}")
    if card.boost:
        parts.append(f"boost {card.boost}")
    if card.deception:
        parts.append("Deception")
    if card.fury:
        parts.append("Fury")
    return " · ".join(parts)


class ScrollOverlay(Overlay):
    """A tall list that scrolls with the wheel or arrows; a click or Esc closes it."""

    title = ""
    subtitle = ""

    def __init__(self):
        self.scroll = 0
        self.max_scroll = 0

    def rows(self, width: int) -> list[tuple[str, int, T.Color, bool, T.Color | None]]:
        """(text, size, colour, bold, swatch colour) lines."""
        return []

    def draw(self, surf, hover_pos) -> None:
        dim(surf, 210)
        area = surf.get_rect().inflate(-80, -60)
        T.panel(surf, area, T.PANEL, T.PANEL_EDGE, 12)
        T.draw_text(surf, self.title, (area.left + 20, area.top + 14), 22, T.TEXT, bold=True,
                    max_width=area.width - 300)
        T.draw_text(surf, "wheel or arrows to scroll · click or Esc to close", (area.right - 20, area.top + 20), 13,
                    T.MUTED, anchor="topright")
        T.draw_text(surf, self.subtitle, (area.left + 20, area.top + 46), 14, T.MUTED, max_width=area.width - 40)
        clip = pygame.Rect(area.left + 10, area.top + 72, area.width - 20, area.height - 82)
        prev = surf.get_clip()
        surf.set_clip(clip)
        y = clip.top - self.scroll
        for text, size, color, bold, swatch in self.rows(clip.width - 50):
            x = clip.left + 14
            if swatch is not None:
                pygame.draw.rect(surf, swatch, (x, y + 3, 8, size), border_radius=2)
            T.draw_text(surf, text, (x + 16, y), size, color, bold=bold)
            y += T.font(size, bold).get_linesize() + (6 if bold else 1)
        surf.set_clip(prev)
        self.max_scroll = max(0, y + self.scroll - clip.bottom)

    def handle(self, event):
        scroll = scrolled(event, self.scroll, self.max_scroll)
        if scroll is not None:
            self.scroll = scroll
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return CLOSE
        return super().handle(event)


class EnemyDeckOverlay(ScrollOverlay):
    def __init__(self, side):
        super().__init__()
        self.side = side
        self.title = f"{side.name}: deck, discard and cards out of play"
        self.subtitle = (f"{len(side.deck)} cards in the deck (face down: the order is hidden) · "
                         f"{len(side.discard)} in the discard pile · {len(side.removed)} out of play")

    def rows(self, width):
        out = []
        for row in deck_rows(self.side):
            card = row["card"]
            counts = f"{row['deck']} in deck · {row['discard']} in discard" + (
                f" · {row['out']} out of play" if row["out"] else "")
            swatch = T.CARD_TYPE_COLORS.get("attack" if card.defense is None else "versatile")
            out.append((f"{card.name}  ({counts})", 15, T.TEXT, True, swatch))
            out.append((values(card) or "no values", 13, T.HIGHLIGHT, False, None))
            for line in T.wrap(" ".join(card_view.effect_lines(card)) or "No effect.", 13, width):
                out.append((line, 13, T.MUTED, False, None))
        if self.side.discard:
            out.append(("Discard pile, newest first: " + ", ".join(c.name for c in reversed(self.side.discard)),
                        13, T.TEXT, True, None))
        return out


class TrapOverlay(ScrollOverlay):
    def __init__(self, game):
        super().__init__()
        from adventures.villains.krang import trap_defs
        data = game.adv.data
        self.deck = list(data.get("trap_deck") or [])
        self.discard = list(data.get("trap_discard") or [])
        self.defs = trap_defs(game)
        self.title = "Technodrome Traps"
        self.subtitle = (f"{len(self.deck)} in the deck (face down: the order is hidden) · "
                         f"{len(self.discard)} in the discard pile (face up)")

    def rows(self, width):
        out = []
        groups = (("In the deck", sorted(set(self.deck), key=self.deck.index)),
                  ("Discard pile, newest first", list(reversed(self.discard))))
        for heading, names in groups:
            out.append((heading.upper(), 13, T.MUTED, True, None))
            if not names:
                out.append(("(none)", 13, T.DIM, False, None))
            for name in names:
                count = self.deck.count(name) if heading.startswith("In") else 1
                out.append((name + (f" ×{count}" if count > 1 else ""), 15, T.TEXT, True, T.WARN))
                trap = self.defs.get(name)
                for face, result in sorted(trap.results.items()) if trap is not None else ():
                    for k, line in enumerate(T.wrap(f"{face}: {result.text}", 13, width)):
                        out.append(("    " + line if k else line, 13, T.MUTED, False, None))
                out.append(("X: a dud, nothing happens", 13, T.DIM, False, None))
        return out
