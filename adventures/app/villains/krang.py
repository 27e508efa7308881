"""Krang's part of the board picture: the Technodrome's screens, Dimension X over the screens
it has taken, the Doomsday Machines (active or off) and their wires to the spaces.

Drawn on any board with screens or machines (the Technodrome); his rules are in
adventures/villains/krang.py, what bots read of them in adventures/villains/krang_bots.py.
"""
from __future__ import annotations

import math

import pygame

from adventures.app import theme as T
from adventures.app.board_layers import BoardLayer, board_layer


def _dashed(surf, color, a, b, width=2, dash=7, gap=5) -> None:
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        pygame.draw.line(surf, color, (x0 + dx * t, y0 + dy * t), (x0 + dx * e, y0 + dy * e), width)
        t = e + gap


def _markers(data: dict) -> int:
    """The highest screen in Dimension X (1 before any game: the first marker starts there)."""
    return int(data.get("dx_markers", 1) or 0)


@board_layer("krang")
class KrangLayer(BoardLayer):
    def __init__(self, view):
        super().__init__(view)
        self.screen_cols: dict[int, tuple[int, int]] = {}     # screen -> (left, right) on the window

    @classmethod
    def draws_on(cls, board) -> bool:
        return bool(board.machines) or any(board.screen)

    def laid_out(self) -> None:
        view = self.view
        self.screen_cols = {}
        screens = sorted({s for s in view.board.screen if s})
        if not screens:
            return
        xs = {k: [view.centers[i][0] for i in range(view.board.n) if view.board.screen[i] == k] for k in screens}
        edges = [view.rect.left + 4]
        for a, b in zip(screens, screens[1:]):
            edges.append((max(xs[a]) + min(xs[b])) // 2)
        edges.append(view.rect.right - 4)
        for k, (x0, x1) in zip(screens, zip(edges, edges[1:])):
            self.screen_cols[k] = (x0, x1)

    # ------------------------------------------------------------ the static picture
    def background(self, surf, off) -> None:
        """The screens: separators and numbers; a narrow column (a small board) says only the
        numbers, all of them alike."""
        view = self.view
        short = any(T.text_width(f"SCREEN {k}", 11, True) > x1 - x0 - 6 for k, (x0, x1) in self.screen_cols.items())
        for k, (x0, x1) in self.screen_cols.items():
            if x0 > view.rect.left + 10:
                _dashed(surf, T.mix(T.BOARD_BG, T.TEXT, 0.18), (x0 + off[0], 6), (x0 + off[0], view.rect.height - 6),
                        1, 4, 6)
            label = f"SCREEN {k}"
            if short:
                T.note_abbreviation(label, str(k))
                label = str(k)
            T.draw_text(surf, label, ((x0 + x1) // 2 + off[0], 4), 11, T.mix(T.BOARD_BG, T.TEXT, 0.35),
                        bold=True, anchor="midtop")

    def under_paths(self, surf, p) -> None:
        """Wires are not paths: dashed yellow, drawn under everything else."""
        view = self.view
        for _mid, mpos, wired in view.board.machines:
            mp = p(view.canvas_point(mpos))
            for s in wired:
                _dashed(surf, T.mix(T.WIRE, T.BOARD_BG, 0.25), mp, p(view.centers[s]), 2, 6, 4)

    # ------------------------------------------------------------ Dimension X
    def area_key(self, data) -> tuple:
        return (data.get("dx_markers"),)

    def areas(self, surf, data) -> None:
        view = self.view
        if not self.screen_cols:
            return
        markers = _markers(data)
        dx_cols = [(x0, x1) for k, (x0, x1) in self.screen_cols.items() if k <= markers]
        if not dx_cols:
            return
        x0 = min(a for a, _b in dx_cols)
        x1 = max(b for _a, b in dx_cols)
        shade = pygame.Surface((x1 - x0, view.rect.height), pygame.SRCALPHA)
        shade.fill((*T.DX_SHADE, 58))
        for y in range(-view.rect.height, view.rect.height, 18):   # diagonal hatching = "another world"
            pygame.draw.line(shade, (*T.DX_SHADE, 60), (0, y), (x1 - x0, y + (x1 - x0)), 2)
        surf.blit(shade, (x0, view.rect.top))
        pygame.draw.line(surf, (200, 120, 255), (x1, view.rect.top + 2), (x1, view.rect.bottom - 2), 4)
        T.draw_text(surf, "DIMENSION X", (x1 - 6, view.rect.bottom - 6), 12, (220, 170, 255), bold=True,
                    anchor="bottomright")

    # ------------------------------------------------------------ the machines
    def _machines(self, data):
        """(id, centre, active, radius) of each Doomsday Machine as drawn now."""
        view = self.view
        states = data.get("machines") or {}
        for mid, mpos, _wired in view.board.machines:
            active = bool(states.get(mid, states.get(str(mid), True)))
            yield mid, view.canvas_point(mpos), active, max(10, int(view.r * 0.85))

    def pieces(self, surf, data) -> None:
        for mid, c, active, rad in self._machines(data):
            pts = [(c[0] + rad * math.cos(math.pi / 6 + k * math.pi / 3),
                    c[1] + rad * math.sin(math.pi / 6 + k * math.pi / 3)) for k in range(6)]
            fill = (200, 40, 50) if active else (70, 74, 84)
            pygame.draw.polygon(surf, fill, pts)
            pygame.draw.polygon(surf, T.WIRE if active else T.DIM, pts, 2)
            T.draw_text(surf, f"M{mid}", c, max(9, int(rad * 0.8)), T.TEXT, bold=True, anchor="center")

    def labels(self, surf, game, data, keep_clear) -> None:
        """Each machine's state under it (over it where a token's name or health lies under it),
        above the pieces: it ran into the name on a token beside the machine."""
        self._states(surf, data, self.view.piece_rects(game, data) + [pygame.Rect(r) for r in keep_clear])

    def _states(self, surf, data, avoid) -> None:
        for _mid, c, active, rad in self._machines(data):
            text = "ACTIVE" if active else "off"
            # 10 screen pixels at any text size, like the board's other labels (theme.px)
            img = T.render(text, T.px(10), (255, 140, 140) if active else T.MUTED, True)
            for anchor, at in (("midtop", (c[0], c[1] + rad + 1)), ("midbottom", (c[0], c[1] - rad - 1))):
                rect = img.get_rect(**{anchor: at})
                if not any(rect.colliderect(o) for o in avoid):
                    break
            else:                    # the hexagon's colour says it, the hover names it
                T.note_abbreviation(text, "")
                continue
            surf.blit(img, rect)
            T.trace_mark(surf, rect, text)          # a line of text for the layout test

    def preview(self, surf) -> None:
        self.pieces(surf, {})          # machines start active (p.16)
        self._states(surf, {}, [])

    def describe(self, data, i) -> tuple[list[str], list[str]]:
        board = self.view.board
        where = []
        if board.screen and board.screen[i]:
            inside = board.screen[i] <= _markers(data)
            where.append(f"Screen {board.screen[i]}" + (" · in Dimension X" if inside else ""))
        wired = [mid for mid, _p, w in board.machines if i in w]
        notes = ["Wired to Doomsday Machine " + ", ".join(str(m) for m in wired)] if wired else []
        return where, notes
