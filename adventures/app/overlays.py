"""Modal layers drawn over the game: the menu, save lists, card piles, the hot-seat curtain.

Each overlay draws itself over a dimmed screen and turns events into a result value
(`None` while it stays open); the scene decides what a result means.
"""
from __future__ import annotations

import datetime
import json
import re
import stat
from pathlib import Path

import pygame

from adventures.app import card_view
from adventures.app import theme as T
from adventures.app.widgets import Button, scrolled
from adventures.persistence.save import hero_names

CLOSE = "close"


def dim(surf: pygame.Surface, alpha: int = 170) -> None:
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shade.fill((6, 8, 12, alpha))
    surf.blit(shade, (0, 0))
    T.new_layer()


class Overlay:
    modal = True

    def draw(self, surf: pygame.Surface, hover_pos) -> None: ...

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return CLOSE
        return None


class ButtonOverlay(Overlay):
    """A centred card with a title, some text lines and a column of buttons.

    Its width follows its labels (never cut); taller than the window, the lines and buttons
    scroll (wheel, arrows) while the title and the closing button (Back / Resume / Cancel,
    the item whose value is CLOSE) stay in view."""

    def __init__(self, title: str, items: list[tuple[str, object]], lines: list[str] = (), width: int = 380):
        self.title = title
        self.items = items
        self.lines = list(lines)
        self.width = width
        self.buttons: list[Button] = []
        self.scroll = 0
        self.max_scroll = 0

    def draw(self, surf, hover_pos) -> None:
        dim(surf)
        u = T.SCALE
        screen = surf.get_rect()
        bh, step = int(36 * u), int(44 * u)
        widest = max((T.text_width(label, 16) for label, _v in self.items), default=0) + 60 + 60
        w = min(screen.width - 40, max(int(self.width * u), widest, T.text_width(self.title, 22, True) + 40))
        pinned = [k for k, (_label, value) in enumerate(self.items) if value == CLOSE][-1:]
        pinned = pinned if len(self.items) > 1 else []
        moving = [k for k in range(len(self.items)) if k not in pinned]
        title_h = T.wrapped_height(self.title, 22, w - 40, True)
        body = sum(T.wrapped_height(line, 14, w - 40, line_gap=5) for line in self.lines) + len(moving) * step
        foot = len(pinned) * step
        h = min(screen.height - 20, 26 + title_h + 12 + body + foot + 10)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = screen.center
        T.panel(surf, rect, T.PANEL, T.PANEL_EDGE, 12)
        y = rect.top + 18
        for line in T.wrap(self.title, 22, w - 40, True):
            T.draw_text(surf, line, (rect.centerx, y), 22, T.TEXT, bold=True, anchor="midtop")
            y += T.font(22, True).get_linesize()
        view = pygame.Rect(rect.left + 2, y + 8, w - 4, rect.bottom - foot - 10 - (y + 8))
        self.max_scroll = max(0, body - view.height)
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        clip = surf.get_clip()
        surf.set_clip(view)
        y = view.top - self.scroll
        for line in self.lines:
            y += T.draw_wrapped(surf, line, pygame.Rect(rect.left + 20, y, w - 40, 10 ** 5), 14, T.MUTED, line_gap=5)
        self.buttons = []
        for k in moving:
            label, value = self.items[k]
            b = Button(pygame.Rect(rect.left + 30, y + 4, w - 60, bh), label, value=value,
                       primary=(k == 0), size=16, enabled=value is not None)
            y += step
            if view.contains(b.rect):          # scrolled out of view: neither drawn nor clickable
                b.draw(surf, hover=b.rect.collidepoint(hover_pos))
                self.buttons.append(b)
        surf.set_clip(clip)
        if self.max_scroll:
            T.draw_text(surf, "▲▼ wheel to scroll", (rect.right - 12, rect.top + 8), 11, T.WARN, anchor="topright")
        y = view.bottom
        for k in pinned:
            label, value = self.items[k]
            b = Button(pygame.Rect(rect.left + 30, y + 4, w - 60, bh), label, value=value,
                       primary=(k == 0), size=16, enabled=value is not None)
            b.draw(surf, hover=b.rect.collidepoint(hover_pos))
            self.buttons.append(b)
            y += step

    def handle(self, event):
        scroll = scrolled(event, self.scroll, self.max_scroll)
        if scroll is not None:
            self.scroll = scroll
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    return b.value
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.items:
            return self.items[0][1]
        return super().handle(event)


def menu_overlay(can_undo: bool, speed_label: str, open_hands: bool | None) -> ButtonOverlay:
    """`open_hands`: the hands rule, offered for change only with two or more people playing (None)."""
    hands = [] if open_hands is None else [
        ("Hands: open (change…)" if open_hands else "Hands: hidden (change…)", "hands")]
    return ButtonOverlay("Menu", [
        ("Resume", CLOSE),
        ("Undo last decision  (Ctrl+Z)", "undo" if can_undo else None),
        ("Save game", "save"),
        ("Load game…", "load"),
        (f"Enemy speed: {speed_label}", "speed"),
        *hands,
        ("Hero card reference", "reference"),
        ("Settings…", "settings"),
        ("New game", "new"),
        ("Quit (the game is auto-saved)", "quit"),
    ])


GENERATED = re.compile(r"^[\w-]+_(round\d+|kept)_\d{4}-\d\d-\d\d_\d{6}$")


def save_title(path: Path) -> str:
    """What a save holds, in words ('Leonardo, Raphael against Shredder, round 3'), for the
    names the app gave its files; a name the player chose stays as it is."""
    if not GENERATED.match(path.stem):
        return path.stem
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        scenario = record.get("scenario") or {}
        heroes = hero_names(record)
        if record.get("kind") == "match":
            return f"{' vs '.join(heroes) or 'A match'}, turn {record.get('round', '?')}"
        villain = str(scenario.get("villain", "?")).replace("_", " ").title()
        return f"{', '.join(heroes) or 'Heroes'} against {villain}, round {record.get('round', '?')}"
    except (OSError, ValueError, AttributeError, TypeError):
        return path.stem


def describe_save(path: Path) -> str:
    """'name  ·  date', or 'name  ·  unreadable' for anything that is not a regular file
    (a dangling link, a loop, a folder, a FIFO, a file that just vanished)."""
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            return f"{path.stem}  ·  unreadable"
        stamp = datetime.datetime.fromtimestamp(st.st_mtime).strftime("%d %b %H:%M")
    except (OSError, ValueError, OverflowError):
        return f"{path.stem}  ·  unreadable"
    return f"{save_title(path)}  ·  {stamp}"


def load_overlay(saves: list, autosave: Path | None) -> ButtonOverlay:
    """`saves`: userdata.SaveEntry items (or paths). Unreadable entries are listed as such;
    choosing one gives its one-line reason instead of loading."""
    items: list[tuple[str, object]] = []
    if autosave is not None and autosave.exists():
        items.append((f"Autosave  ·  {describe_save(autosave).split('·')[-1].strip()}", ("load", autosave)))
    for entry in saves[:8]:
        path = getattr(entry, "path", entry)
        label = describe_save(path)
        if getattr(entry, "problem", ""):
            label = f"{path.stem}  ·  unreadable ({entry.problem})"
        items.append((label, ("load", path)))
    if not items:
        return ButtonOverlay("Load game", [("Back", CLOSE)], ["No saved games yet."])
    return ButtonOverlay("Load game", items + [("Back", CLOSE)], width=460)


class CurtainOverlay(ButtonOverlay):
    """Hot seat: "Pass to Raphael's player". Only a fresh, deliberate press passes it: its
    button clicked (pressed and released on it) or Enter pressed, both after it was first
    drawn. Input typed before it appeared (a key during a bot's turn) is dropped, and Esc
    does not pass it. People are named by their hero; the turn-order number is a detail."""

    def __init__(self, side, number: int | None, seat: int):
        order = f" (player {number} in turn order)" if number is not None else ""
        super().__init__(f"Pass to {side.name}'s player", [(f"I play {side.name}: show my hand", CLOSE)],
                         [f"Hands are hidden. Hand the device to whoever plays {side.name}{order}, then press Enter."],
                         width=480)
        self.seat = seat
        self.drawn = False             # input counts only once the curtain has been seen
        self.pressed = False           # the mouse went down on the button after that

    def draw(self, surf, hover_pos) -> None:
        super().draw(surf, hover_pos)
        if not self.drawn:
            self.drawn = True
            pygame.event.clear((pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))

    def handle(self, event):
        if not self.drawn:
            return None
        if event.type == pygame.KEYDOWN:
            return CLOSE if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) else None
        on_button = any(b.hit(event.pos) for b in self.buttons) if hasattr(event, "pos") else False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = on_button
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            passed, self.pressed = self.pressed and on_button, False
            return CLOSE if passed else None
        return None


def hands_overlay(hidden_now: bool) -> ButtonOverlay:
    """Changing the hands rule mid-game: said plainly, asked before it is done."""
    if hidden_now:
        title, lines = "Open every hand?", ["Every player, and every bot, will see every hand from now on. "
                                             "The change is written in the game log."]
        items = [("Keep hands hidden", CLOSE), ("Open every hand", ("hands_set", True))]
    else:
        title, lines = "Hide the hands?", ["From now on each hand is shown only to its player, after a "
                                            "\"Pass to…\" screen; bots stop using the other hands. "
                                            "The change is written in the game log."]
        items = [("Keep hands open", CLOSE), ("Hide the hands", ("hands_set", False))]
    return ButtonOverlay(title, items, lines, width=480)     # Enter keeps the rule: a change is clicked


class PileOverlay(Overlay):
    """Browse a pile of cards (discard piles, the trap discard); decks only show a count."""

    def __init__(self, title: str, cards: list, hidden_count: int | None = None, names: list[str] | None = None):
        self.title = title
        self.cards = list(reversed(cards))          # newest first
        self.hidden_count = hidden_count
        self.names = names
        self.rects: list[tuple[pygame.Rect, object]] = []

    def draw(self, surf, hover_pos) -> None:
        dim(surf, 200)
        area = surf.get_rect().inflate(-80, -80)
        T.panel(surf, area, T.PANEL, T.PANEL_EDGE, 12)
        T.draw_text(surf, self.title, (area.left + 20, area.top + 16), 22, T.TEXT, bold=True)
        T.draw_text(surf, "click or Esc to close", (area.right - 20, area.top + 20), 13, T.MUTED, anchor="topright")
        body = area.inflate(-40, -80)
        body.top = area.top + 60
        self.rects = []
        if self.hidden_count is not None:
            T.draw_text(surf, f"{self.hidden_count} cards, face down: their order is hidden.", body.center, 18,
                        T.MUTED, anchor="center")
            return
        if self.names is not None:
            y = body.top
            for name in reversed(self.names):
                T.draw_text(surf, f"• {name}", (body.left, y), 15, T.TEXT)
                y += 22
            if not self.names:
                T.draw_text(surf, "Empty.", body.center, 18, T.MUTED, anchor="center")
            return
        if not self.cards:
            T.draw_text(surf, "Empty.", body.center, 18, T.MUTED, anchor="center")
            return
        cw, ch = 120, 168
        cols = max(1, (body.width + 12) // (cw + 12))
        hover = None
        name_size = card_view.shared_name_size(self.cards, (cw, ch))      # one size for the pile's names
        for k, card in enumerate(self.cards):
            r = pygame.Rect(body.left + (k % cols) * (cw + 12), body.top + (k // cols) * (ch + 14), cw, ch)
            if r.bottom > body.bottom:
                T.draw_text(surf, f"+ {len(self.cards) - k} more", (r.left, r.top), 15, T.MUTED)
                break
            over = r.collidepoint(hover_pos)
            card_view.draw_card(surf, card, r, hover=over, name_size=name_size)
            if over:
                hover = (card, r)
        if hover is not None:
            card, r = hover
            card_view.draw_detail(surf, card, (r.centerx, r.top - 6), surf.get_rect())

    def handle(self, event):
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return CLOSE
        return super().handle(event)


class ReferenceOverlay(Overlay):
    """A hero's card reference (engine.content.reference): the character card and every
    card of the deck with its type, value, boost, copies and effect in plain words.
    The mouse wheel or the arrow keys scroll; a click or Esc closes."""

    def __init__(self, hero_def):
        from engine.content.reference import hero_reference
        self.ref = hero_reference(hero_def)
        self.scroll = 0

    def draw(self, surf, hover_pos) -> None:
        ref = self.ref
        dim(surf, 210)
        area = surf.get_rect().inflate(-80, -60)
        T.panel(surf, area, T.PANEL, T.PANEL_EDGE, 12)
        # every line steps by its own height at any text size; the hint goes under the title when beside it does not fit
        title = T.draw_text(surf, f"{ref['name']}: card reference", (area.left + 20, area.top + 14), 22, T.TEXT,
                            bold=True, max_width=area.width - 40, name=True)
        hint = "wheel or arrows to scroll · click or Esc to close"
        y = title.bottom + 4
        if title.right + 20 + T.text_width(hint, 13) <= area.right - 20:
            T.draw_text(surf, hint, (area.right - 20, title.centery), 13, T.MUTED, anchor="midright")
        else:
            y += T.draw_wrapped(surf, hint, pygame.Rect(area.left + 20, y, area.width - 40, 100), 13, T.MUTED)
        sk = ref["sidekick"]
        facts = (f"Health {ref['health']} · move {ref['move']} · {ref['attack']}"
                 + (f" · sidekick {sk['name']} ({sk['count']} x {sk['health']} health, {sk['attack']})" if sk else "")
                 + f" · deck {ref['deck_size']} cards")
        y += T.draw_wrapped(surf, facts, pygame.Rect(area.left + 20, y, area.width - 40, 100), 15, T.TEXT) + 4
        y += T.draw_wrapped(surf, f"{ref['ability']['name']}: {ref['ability']['text']}",
                            pygame.Rect(area.left + 20, y, area.width - 40, area.height // 3), 14, T.MUTED,
                            line_gap=3) + 8
        clip = pygame.Rect(area.left + 10, y, area.width - 20, area.bottom - y - 10)
        prev = surf.get_clip()
        surf.set_clip(clip)
        row_y = clip.top - self.scroll
        for card in ref["cards"]:
            color = T.CARD_TYPE_COLORS.get(card["type"], T.MUTED)
            value = "" if card["value"] is None else f" {card['value']}"
            head = f"{card['name']} ×{card['copies']}  ·  {card['type']}{value}  ·  boost {card['boost']}"
            if card["fighter"] != "any":
                head += f"  ·  {card['fighter']} only"
            used = T.draw_wrapped(surf, head, pygame.Rect(clip.left + 24, row_y, clip.width - 40, 200), 15, T.TEXT,
                                  bold=True, line_gap=0)
            pygame.draw.rect(surf, color, (clip.left + 10, row_y + 3, 6, used - 6), border_radius=2)
            if card["text"]:
                used += T.draw_wrapped(surf, card["text"], pygame.Rect(clip.left + 24, row_y + used, clip.width - 48,
                                                                        400), 13, T.MUTED, line_gap=2)
            row_y += used + 8
        surf.set_clip(prev)
        self.max_scroll = max(0, row_y + self.scroll - clip.bottom)

    def handle(self, event):
        step = 40
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(getattr(self, "max_scroll", 0), self.scroll - event.y * step))
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP):
            delta = step if event.key == pygame.K_DOWN else -step
            self.scroll = max(0, min(getattr(self, "max_scroll", 0), self.scroll + delta))
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return CLOSE
        return super().handle(event)


def reference_chooser(sides) -> ButtonOverlay:
    return ButtonOverlay("Hero card reference", [(s.name, ("reference", s.hero_key)) for s in sides]
                         + [("Back", CLOSE)])
