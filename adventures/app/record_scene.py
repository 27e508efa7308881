"""The player's record in the app: the Record screen (wins and losses per villain, team and
level beside the predicted odds, then competitive games) and the record bar under the
new-game screen's footer that opens it (the end screen has a Record button too).

The rows and their tally are adventures/persistence/record.py's; this module only draws
them. The page scrolls; a row is drawn only when it is wholly in view.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from adventures.app import theme as T
from adventures.app.new_game_scene import NewGameScene
from adventures.app.widgets import Button, scrolled
from adventures.persistence import record as R

SHOW_RECORD = "record"         # the result of a scene whose Record button was pressed
CELL = 14                      # table text size
PAD = 12                       # space between columns


def read_record() -> tuple[R.Record, str]:
    """The record and '' or one plain line saying it could not be read (no file names)."""
    try:
        return R.load(), ""
    except R.NewerRecord:
        return R.Record(), "Your record was written by a newer version of the game: update to see it."
    except R.RecordError:
        return R.Record(), ("Your record could not be read. It will be kept aside when the next game ends, "
                            "and a new record starts then.")


def totals(lines: list[R.Line]) -> tuple[int, int, int]:
    return sum(x.won for x in lines), sum(x.lost for x in lines), sum(x.draw for x in lines)


def total_words(lines: list[R.Line]) -> str:
    won, lost, draw = totals(lines)
    played = won + lost + draw
    if not played:
        return "no games finished yet"
    out = f"{played} game{'s' if played != 1 else ''}, {won} won, {lost} lost"
    return out + (f", {draw} draw{'s' if draw != 1 else ''}" if draw else "")


def rate(line: R.Line) -> float | None:
    return line.won / line.played if line.played else None


# ---------------------------------------------------------------- a table that wraps
@dataclass
class Column:
    title: str
    number: bool = False          # right-aligned, never wraps
    share: float = 1.0            # a text column's claim on the room the numbers leave


def column_widths(columns: list[Column], rows: list[list[str]], width: int) -> list[int]:
    """Numbers as wide as their widest cell; text columns their natural width when all fit
    (a wide window leaves room on the right rather than gaps between columns), else the
    room left shared out (their cells wrap)."""
    natural = [max([T.text_width(c.title, 13, True)] + [T.text_width(r[k], CELL) for r in rows]) + PAD
               for k, c in enumerate(columns)]
    fixed = sum(w for w, c in zip(natural, columns) if c.number)
    room = max(60, width - fixed)
    texts = [k for k, c in enumerate(columns) if not c.number]
    if sum(natural[k] for k in texts) <= room:
        return natural
    shares = sum(columns[k].share for k in texts)
    out = list(natural)
    for k in texts:
        out[k] = max(40, int(room * columns[k].share / shares))
    return out


def row_height(columns: list[Column], cells: list[str], widths: list[int]) -> int:
    return max(T.wrapped_height(text, CELL, w - PAD) if not c.number else T.font(CELL).get_linesize() + 2
               for c, text, w in zip(columns, cells, widths)) + 6


def draw_row(surf, columns: list[Column], cells: list[str], widths: list[int], x: int, y: int,
             colors: list[T.Color], header: bool = False) -> None:
    for c, text, w, color in zip(columns, cells, widths, colors):
        if header:
            T.draw_text(surf, text, (x + w - PAD if c.number else x, y + 3), 13, T.MUTED, bold=True,
                        anchor="topright" if c.number else "topleft")
        elif c.number:
            T.draw_text(surf, text, (x + w - PAD, y + 3), CELL, color, anchor="topright")
        else:
            T.draw_wrapped(surf, text, pygame.Rect(x, y + 3, w - PAD, 10 ** 4), CELL, color)
        x += w


# ---------------------------------------------------------------- the Record screen
Block = tuple[int, Callable[[pygame.Surface, int, int], None]]     # (height, draw(surf, x, y))


class RecordScene:
    """Wins and losses per villain, team and level beside the predicted odds; Esc goes back."""

    def __init__(self, app, catalog=None):
        from adventures.content.catalog import load_catalog
        self.app = app
        self.catalog = catalog if catalog is not None else load_catalog()
        self.result = None
        self.hover_pos = (-1, -1)
        self.scroll = 0
        self.content_h = 0
        self.view = pygame.Rect(0, 0, 1, 1)
        self.buttons: list[Button] = []
        record, self.problem = read_record()
        from adventures.rules.difficulty import level_keys
        self.coop, self.matches, self.bots_only = R.tally(record.games, level_keys(self.catalog))
        self.unread = record.unread
        self.odds = [R.odds_of(line, self.catalog) for line in self.coop]     # once: the model may take a moment

    # ------------------------------------------------------------ input
    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                            pygame.K_BACKSPACE):
            self.result = "back"
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = self.view.height - 60
            self.scroll_to(self.scroll + (page if event.key == pygame.K_PAGEDOWN else -page))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self.result = b.value
                    return
        else:
            moved = scrolled(event, self.scroll, self.max_scroll())
            if moved is not None:
                self.scroll = moved

    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.height)

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(y, self.max_scroll()))

    # ------------------------------------------------------------ what the page says
    def coop_table(self) -> tuple[list[Column], list[list[str]], list[list[T.Color]]]:
        columns = [Column("Villain", share=1.0), Column("Team", share=2.2), Column("Level", share=0.8),
                   Column("Played", True), Column("Won", True), Column("Lost", True), Column("Your rate", True),
                   Column("Predicted", True)]
        enemies = getattr(self.catalog, "enemies", {})
        rows, colors = [], []
        for line, odds in zip(self.coop, self.odds):
            rows.append([R.name_of(enemies, line.villain), R.team_words(self.catalog, line),
                         R.level_name(self.catalog, line.level), str(line.played), str(line.won), str(line.lost),
                         R.percent(rate(line)), R.percent(odds)])
            colors.append([T.TEXT, T.TEXT, T.TEXT, T.TEXT, T.ACCENT, T.DANGER, T.TEXT, T.MUTED])
        return columns, rows, colors

    def match_table(self) -> tuple[list[Column], list[list[str]], list[list[T.Color]]]:
        columns = [Column("Game", share=1.2), Column("Heroes", share=2.5), Column("Played", True),
                   Column("Won", True), Column("Lost", True), Column("Your rate", True)]
        boards = getattr(self.catalog, "boards", {})
        rows, colors = [], []
        for line in self.matches:
            rows.append([f"{R.MODE_WORDS[line.mode]} on {R.name_of(boards, line.board)}",
                         R.team_words(self.catalog, line), str(line.played), str(line.won), str(line.lost),
                         R.percent(rate(line))])
            colors.append([T.TEXT, T.TEXT, T.TEXT, T.ACCENT, T.DANGER, T.TEXT])
        return columns, rows, colors

    def blocks(self, width: int) -> list[Block]:
        """The page, top to bottom, as blocks of known height."""
        out: list[Block] = []

        def text(line: str, size: int, color: T.Color, bold: bool = False, gap: int = 4) -> None:
            h = T.wrapped_height(line, size, width, bold)
            out.append((h + gap, lambda s, x, y: T.draw_wrapped(s, line, pygame.Rect(x, y, width, h + 4), size,
                                                                  color, bold)))

        text("Your record", 30, T.ACCENT, True, 6)
        text(f"Adventures you played: {total_words(self.coop)}." + (
            f" Competitive games: {total_words(self.matches)}." if self.matches else ""), 15, T.TEXT)
        text("Every game finished here is counted; a game of bots alone is kept but not counted. "
             "Predicted: how often our best bot wins with that team at that level.", 13, T.MUTED, gap=12)
        if self.problem:
            text(self.problem, 14, T.DANGER, gap=10)
        if self.unread:
            text(f"{self.unread} game{'s' if self.unread != 1 else ''} in your record could not be read "
                 f"(from another version of the game) and {'are' if self.unread != 1 else 'is'} left out here.",
                 13, T.WARN, gap=10)
        if self.coop:
            self.table(out, "Adventures", *self.coop_table(), width)
        if self.matches:
            self.table(out, "Competitive games", *self.match_table(), width)
        if self.bots_only:
            text(f"{self.bots_only} game{'s' if self.bots_only != 1 else ''} played by bots alone "
                 f"{'are' if self.bots_only != 1 else 'is'} kept in the record, not counted here.", 13, T.MUTED)
        return out

    def table(self, out: list[Block], title: str, columns, rows, colors, width: int) -> None:
        widths = column_widths(columns, rows, width)
        head_h = T.font(13, True).get_linesize() + 4
        out.append((T.font(13, True).get_linesize() + 8, lambda s, x, y: T.heading(s, title, (x, y + 4))))
        out.append((head_h + 4, lambda s, x, y: draw_row(s, columns, [c.title for c in columns], widths, x, y,
                                                           [T.MUTED] * len(columns), header=True)))
        for k, (cells, color) in enumerate(zip(rows, colors)):
            h = row_height(columns, cells, widths)

            def row(s, x, y, cells=cells, color=color, h=h, odd=k % 2):
                if odd:
                    pygame.draw.rect(s, T.PANEL, (x - 6, y, sum(widths) + 6, h), border_radius=4)
                draw_row(s, columns, cells, widths, x, y, color)
            out.append((h, row))
        out.append((16, lambda s, x, y: None))

    # ------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, now: int) -> None:
        W, H = surf.get_size()
        surf.fill(T.BG)
        u = T.SCALE
        x0 = 40 if W >= 1100 else 24
        footer = pygame.Rect(0, H - int(66 * u), W, int(66 * u))
        self.view = pygame.Rect(0, 0, W, footer.top)
        blocks = self.blocks(W - 2 * x0)
        self.content_h = sum(h for h, _draw in blocks) + 34
        self.scroll_to(self.scroll)
        y = 18 - self.scroll
        for h, draw in blocks:
            if y >= self.view.top and y + h <= self.view.bottom:     # only what is wholly in view
                draw(surf, x0, y)
            y += h
        pygame.draw.rect(surf, T.PANEL, footer)
        pygame.draw.line(surf, T.PANEL_EDGE, footer.topleft, footer.topright)
        label = "Back  (Esc)"
        back = Button(pygame.Rect(x0, footer.top + 9, T.text_width(label, 16) + 30, footer.height - 18), label,
                      value="back", primary=True, size=16)
        self.buttons = [back]
        back.draw(surf, hover=back.rect.collidepoint(self.hover_pos))
        if self.max_scroll() > 0:
            room = footer.right - 16 - back.rect.right - 10
            more = next((m for m in ("▲▼ wheel or PgUp/PgDn to scroll", "▲▼ scroll") if T.text_width(m, 12) <= room),
                        None)
            if more is not None:
                T.draw_text(surf, more, (footer.right - 16, footer.centery), 12, T.WARN, anchor="midright")


# ---------------------------------------------------------------- the way in from the new-game screen
class StartScene(NewGameScene):
    """The new-game screen with a record bar under its footer: the player's games in one
    line and a Record button (result SHOW_RECORD). The screen itself draws above the bar."""

    def __init__(self, app, error: str = ""):
        super().__init__(app, error)
        self.bar_buttons: list[Button] = []
        self._drawing = False
        record, problem = read_record()
        coop, matches, _bots = R.tally(record.games)
        self.bar_text = "Your record: " + (total_words(coop + matches) if not problem else "could not be read")

    def bar_height(self) -> int:
        return int(46 * T.SCALE)

    def handle(self, event) -> None:
        if self.overlay is None and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if any(b.hit(event.pos) for b in self.bar_buttons):
                self.result = SHOW_RECORD
                return
        super().handle(event)

    def draw(self, surf: pygame.Surface, now: int) -> None:
        if self._drawing:           # the screen redraws itself to bring a row into view: same area
            super().draw(surf, now)
            return
        W, H = surf.get_size()
        bar = pygame.Rect(0, H - self.bar_height(), W, self.bar_height())
        above = surf.subsurface((0, 0, W, bar.top))      # the same coordinates as the window
        traced = T.TRACE_ON is surf         # the layout tests read the text drawn on the window: this is its top
        self._drawing = True
        if traced:
            T.TRACE_ON = above
        try:
            super().draw(above, now)
        finally:
            self._drawing = False
            if traced:
                T.TRACE_ON = surf
        pygame.draw.rect(surf, T.BG, bar)
        pygame.draw.line(surf, T.PANEL_EDGE, bar.topleft, bar.topright)
        x0 = 40 if W >= 1100 else 24
        label = "Record…"
        button = Button(pygame.Rect(x0, bar.top + 7, T.text_width(label, 15) + 30, bar.height - 14), label,
                        value=SHOW_RECORD, size=15, enabled=self.overlay is None)
        self.bar_buttons = [button]
        button.draw(surf, hover=button.rect.collidepoint(self.hover_pos))
        T.draw_text(surf, self.bar_text, (button.rect.right + 14, bar.centery), 14, T.MUTED, anchor="midleft",
                    max_width=max(40, W - button.rect.right - 14 - x0))
