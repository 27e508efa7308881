"""The game log in plain words (game.events[i]["text"]), newest at the bottom, scrollable."""
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


class LogPanel:
    def __init__(self):
        self.scroll = 0          # lines scrolled up from the bottom
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._cache_key = None
        self._lines: list[tuple[str, T.Color, bool, bool]] = []

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
        lines = []
        for e in events[-400:]:
            kind = e.get("kind", "")
            color = KIND_COLORS.get(kind, T.TEXT)
            bold = kind in BOLD_KINDS
            indent = kind not in ("round", "turn", "game_over", "end_of_round")
            text = str(e.get("text", ""))
            if e.get("cards") and "private" in e and reads_private(e):
                text += f" (seen: {', '.join(map(str, e['cards']))})"
            wrapped = T.wrap(text, 13, width - (12 if indent else 0), bold)
            for k, line in enumerate(wrapped):
                lines.append((line, color, bold, indent or k > 0))
        self._lines = lines

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, events: list[dict] | None, reads_private=None) -> None:
        """`reads_private(event)`: whether the one looking may read the cards a seat saw in
        private (its `cards`); its `key` says who that is (the lines are cached per reader)."""
        reads_private = reads_private or NOBODY
        self.rect = rect
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
        for line, color, bold, indent in self._lines[start:end]:
            surf.blit(T.render(line, 13, color, bold), (body.left + (12 if indent else 0), y))
            y += lh
        surf.set_clip(clip)
