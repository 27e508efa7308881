"""The game log in plain words (game.events[i]["text"]), newest at the bottom, scrollable.

An enemy's line that carries the engine's reason record (`event["why"]`, made while the
enemy decided: adventures.rules.reasons) wears a "?" mark and is clickable: `why_at(pos)`
gives the record, the scene opens the "Why?" panel (why_view)."""
from __future__ import annotations

import pygame

from adventures.app import theme as T

KIND_COLORS = {
    "round": T.ACCENT, "turn": (150, 200, 255), "initiative": T.MUTED, "damage": (255, 130, 120),
    "defeated": (255, 90, 90), "eliminated": (255, 90, 90), "threat": T.WARN, "objective": (255, 110, 80),
    "game_over": T.HIGHLIGHT, "reveal": (225, 215, 255), "combat": (225, 215, 255), "recover": (140, 230, 140),
    "end_of_round": T.ACCENT, "setup": T.MUTED, "draw": T.DIM, "deception": T.DIM,
}
BOLD_KINDS = {"round", "turn", "game_over", "objective", "defeated"}


class PrivateReader:
    """Who reads the private part of log lines: a seat (or TABLE) and the game's hands rule."""

    def __init__(self, viewer, open_hands: bool):
        self.key = (viewer, open_hands)

    def __call__(self, event: dict) -> bool:
        viewer, open_hands = self.key
        return open_hands or event.get("private") == viewer


NOBODY = PrivateReader(None, False)


def reason_of(event: dict) -> dict | None:
    """The reason record an event carries, if any (a die roll's "why" of old is a string)."""
    why = event.get("why")
    return why if isinstance(why, dict) else None


MARK_SIZE = 11          # the "?" mark of a line that says why


def mark_width() -> int:
    return T.font(MARK_SIZE, True).get_linesize() + 6


class LogPanel:
    def __init__(self):
        self.scroll = 0          # lines scrolled up from the bottom
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._cache_key = None
        self._lines: list[tuple[str, T.Color, bool, bool]] = []     # (text, colour, bold, indented)
        self._whys: list[dict | None] = []           # each line's reason record (its event's), or None
        self.why_rects: list[tuple[pygame.Rect, dict]] = []     # the lines drawn that say why

    def handle_wheel(self, pos, dy: int) -> bool:
        if self.rect.collidepoint(pos):
            self.scroll = max(0, self.scroll + dy * 3)
            return True
        return False

    def _build(self, events: list[dict], width: int, reads_private=None) -> None:
        reads_private = reads_private or NOBODY
        key = (len(events), width, T.SCALE, reads_private.key)     # a new text size or reader wraps anew
        if key == self._cache_key:
            return
        self._cache_key = key
        lines, whys = [], []
        for e in events[-400:]:
            kind = e.get("kind", "")
            color = KIND_COLORS.get(kind, T.TEXT)
            bold = kind in BOLD_KINDS
            indent = kind not in ("round", "turn", "game_over", "end_of_round")
            text = str(e.get("text", ""))
            if e.get("cards") and "private" in e and reads_private(e):
                text += f" (seen: {', '.join(map(str, e['cards']))})"
            why = reason_of(e)
            room = width - (12 if indent else 0) - (mark_width() if why is not None else 0)
            wrapped = T.wrap(text, 13, room, bold)
            for k, line in enumerate(wrapped):
                lines.append((line, color, bold, indent or k > 0))
                whys.append(why)
        self._lines, self._whys = lines, whys

    def why_at(self, pos) -> dict | None:
        """The reason record of the line under `pos` (as last drawn), or None."""
        for rect, why in self.why_rects:
            if rect.collidepoint(pos):
                return why
        return None

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, events: list[dict] | None, reads_private=None,
             hover_pos=(-1, -1)) -> None:
        """`reads_private(event)`: whether the one looking may read the cards a seat saw in
        private (its `cards`); its `key` says who that is (the lines are cached per reader).
        The lines of the event under `hover_pos` that says why are lit."""
        reads_private = reads_private or NOBODY
        self.rect = rect
        self.why_rects = []
        pygame.draw.rect(surf, T.BG, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.topright)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.bottomleft)
        T.heading(surf, "Game log", (rect.left + 12, rect.top + 8))
        if self.scroll:
            T.draw_text(surf, "scrolled — wheel down for newest", (rect.right - 10, rect.top + 8), 11, T.WARN,
                        anchor="topright")
        body = pygame.Rect(rect.left + 12, rect.top + 28, rect.width - 22, rect.height - 34)
        self._build(events or [], body.width, reads_private)
        lh = T.font(13).get_linesize()
        visible = max(1, body.height // lh)
        self.scroll = min(self.scroll, max(0, len(self._lines) - visible))
        end = len(self._lines) - self.scroll
        start = max(0, end - visible)
        y = body.top
        clip = surf.get_clip()
        surf.set_clip(body)
        shown = self._lines[start:end]
        shown_whys = self._whys[start:end]
        for why in shown_whys:
            if why is not None:          # the event's lines, one hit area (lit on hover)
                row = pygame.Rect(body.left - 4, y, body.width + 4, lh)
                if self.why_rects and self.why_rects[-1][1] is why and self.why_rects[-1][0].bottom == y:
                    self.why_rects[-1] = (self.why_rects[-1][0].union(row), why)
                else:
                    self.why_rects.append((row, why))
            y += lh
        lit = next((why for r, why in self.why_rects if r.collidepoint(hover_pos)), None)
        for r, why in self.why_rects:
            if why is lit:
                pygame.draw.rect(surf, T.PANEL_HI, r, border_radius=4)
        y = body.top
        above = None
        for (line, color, bold, indent), why in zip(shown, shown_whys):
            x = body.left + (12 if indent else 0)
            surf.blit(T.render(line, 13, color, bold), (x, y))
            if why is not None and why is not above:      # one "?" per run of lines sharing a record
                self._mark(surf, (body.right - mark_width() // 2, y + lh // 2), why is lit)
            above = why
            y += lh
        surf.set_clip(clip)

    @staticmethod
    def _mark(surf, center, lit: bool) -> None:
        """The small round "?" that says: click this line to see why."""
        r = T.font(MARK_SIZE, True).get_linesize() // 2
        color = T.HIGHLIGHT if lit else T.mix(T.ACCENT, T.BG, 0.35)
        pygame.draw.circle(surf, color, center, r)
        img = T.render("?", MARK_SIZE, T.readable_on(color), True)
        surf.blit(img, img.get_rect(center=center))
