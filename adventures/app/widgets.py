"""Small immediate-mode widgets: each frame a view lays out its widgets, draws them and
keeps them for hit-testing the next click."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from adventures.app import theme as T


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    value: Any = None
    enabled: bool = True
    primary: bool = False
    selected: bool = False
    hotkey: str = ""             # shown in a small badge (e.g. "1")
    size: int = 15
    tooltip: str = ""
    color: T.Color | None = None  # a side colour stripe (player choices)

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surf: pygame.Surface, hover: bool = False) -> None:
        if not self.enabled:
            bg, fg, edge = T.PANEL, T.DIM, T.PANEL_EDGE
        elif self.selected:
            bg, fg, edge = T.ACCENT_DARK, T.TEXT, T.ACCENT
        elif self.primary:
            bg, fg, edge = T.ACCENT, (12, 30, 12), T.mix(T.ACCENT, T.HOVER, 0.4)
        else:
            bg, fg, edge = T.PANEL_HI, T.TEXT, T.PANEL_EDGE
        if hover and self.enabled:
            bg = T.mix(bg, T.HOVER, 0.15)
            edge = T.HIGHLIGHT
        pygame.draw.rect(surf, bg, self.rect, border_radius=6)
        pygame.draw.rect(surf, edge, self.rect, 2 if hover and self.enabled else 1, border_radius=6)
        T.trace_mark(surf, self.rect, T.BUTTON)      # the layout test: no other text over a button
        x = self.rect.left + 8
        if self.color is not None:
            pygame.draw.rect(surf, self.color, (self.rect.left + 3, self.rect.top + 4, 4, self.rect.height - 8),
                             border_radius=2)
            x += 4
        if self.hotkey:
            badge = T.render(self.hotkey, self.size - 3, T.MUTED if not self.primary else fg, True)
            surf.blit(badge, badge.get_rect(midleft=(x, self.rect.centery)))
            x += badge.get_width() + 6
        # a centred label may use the whole width but a hair (small "<" and "+" buttons)
        avail = self.rect.right - 8 - x if self.hotkey or self.color is not None else self.rect.width - 6
        text = T.fit(self.label, self.size, max(10, avail))
        img = T.render(text, self.size, fg)
        where = img.get_rect(midleft=(x, self.rect.centery)) if self.hotkey or self.color is not None else \
            img.get_rect(center=self.rect.center)
        surf.blit(img, where)
        T.trace_mark(surf, where, text)


def button_width(label: str, size: int = 15, hotkey: str = "", pad: int = 22, max_width: int = 360) -> int:
    w = T.text_width(label, size) + pad
    if hotkey:
        w += T.text_width(hotkey, size - 3, True) + 6
    return min(max_width, max(64, w))


def flow(buttons: list[Button], area: pygame.Rect, height: int = 30, gap: int = 6) -> list[Button]:
    """Place buttons left to right, wrapping lines inside `area`; those that do not fit are dropped."""
    x, y = area.left, area.top
    placed = []
    for b in buttons:
        w = min(b.rect.width, area.width)
        if x + w > area.right and x > area.left:
            x = area.left
            y += height + gap
        if y + height > area.bottom:
            break
        b.rect = pygame.Rect(x, y, w, height)
        placed.append(b)
        x += w + gap
    return placed


@dataclass
class TextField:
    rect: pygame.Rect
    text: str = ""
    focused: bool = False
    allowed: str = "0123456789"
    max_len: int = 10
    placeholder: str = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """Returns True when the event was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
                return event.key != pygame.K_RETURN and event.key != pygame.K_KP_ENTER
            ch = event.unicode
            if ch and ch in self.allowed and len(self.text) < self.max_len:
                self.text += ch
            return True
        return False

    def draw(self, surf: pygame.Surface, hover: bool = False) -> None:
        edge = T.HIGHLIGHT if self.focused else (T.MUTED if hover else T.PANEL_EDGE)
        pygame.draw.rect(surf, T.BG, self.rect, border_radius=5)
        pygame.draw.rect(surf, edge, self.rect, 2 if self.focused else 1, border_radius=5)
        shown = self.text or self.placeholder
        color = T.TEXT if self.text else T.DIM
        img = T.render(shown, 15, color)
        surf.blit(img, img.get_rect(midleft=(self.rect.left + 8, self.rect.centery)))
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = self.rect.left + 9 + (img.get_width() if self.text else 0)
            pygame.draw.line(surf, T.TEXT, (x, self.rect.top + 6), (x, self.rect.bottom - 6), 2)


@dataclass
class HitList:
    """Rects registered while drawing, looked up on clicks and hover (last drawn wins)."""
    items: list[tuple[pygame.Rect, Any]] = field(default_factory=list)

    def clear(self) -> None:
        self.items.clear()

    def add(self, rect: pygame.Rect, value: Any) -> None:
        self.items.append((pygame.Rect(rect), value))

    def at(self, pos) -> Any:
        for rect, value in reversed(self.items):
            if rect.collidepoint(pos):
                return value
        return None


SCROLL_STEP = 40     # pixels per wheel notch or arrow key


def scrolled(event: pygame.event.Event, scroll: int, max_scroll: int) -> int | None:
    """The new scroll offset of a list for a wheel or up/down-arrow event, else None."""
    if event.type == pygame.MOUSEWHEEL:
        step = -event.y * SCROLL_STEP
    elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP):
        step = SCROLL_STEP if event.key == pygame.K_DOWN else -SCROLL_STEP
    else:
        return None
    return max(0, min(max_scroll, scroll + step))
