"""Shredder's part of the board picture: the Foot circles on the paths, the Foot soldiers in
them, the boroughs shaded by their state (fallen, under threat) and their names.

Drawn on any board with Foot circles or boroughs (New York City); his rules are in
adventures/villains/shredder.py, what bots read of them in adventures/villains/shredder_bots.py.
"""
from __future__ import annotations

import math

import pygame

from adventures.app import theme as T
from adventures.app.board_layers import BoardLayer, board_layer


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _borough_state(data: dict) -> tuple[set, str | None]:
    """(fallen boroughs, the borough under threat) from the adventure's data."""
    return set(data.get("fallen", ()) or ()), data.get("under_threat")


@board_layer("shredder")
class ShredderLayer(BoardLayer):
    def __init__(self, view):
        super().__init__(view)
        self._blobs: dict[str, pygame.Surface] = {}
        self._blob_tint: dict[tuple[str, T.Color], pygame.Surface] = {}
        self.label_pos: dict[str, tuple[int, int]] = {}       # borough -> its name's midbottom

    @classmethod
    def draws_on(cls, board) -> bool:
        return bool(board.circles or board.boroughs)

    def laid_out(self) -> None:
        self._blobs.clear()
        self._blob_tint.clear()
        self.label_pos = {}

    # ------------------------------------------------------------ Foot circles and soldiers
    def over_paths(self, surf, p) -> None:
        """The empty Foot circles on their paths."""
        view = self.view
        for k in range(len(view.board.circles)):
            pygame.draw.circle(surf, T.BOARD_BG, p(view.circle_pos(k)), max(5, int(view.r * 0.36)))
            pygame.draw.circle(surf, T.mix(T.FOOT, T.BOARD_BG, 0.35), p(view.circle_pos(k)), max(5, int(view.r * 0.36)),
                               2)

    def foot_radius(self, k: int) -> int:
        """A Foot soldier's marker on circle k: as big as the path leaves it beside a hero's
        token on either end (a short path on a small board gives a small marker)."""
        view = self.view
        a, b, _ = view.board.circles[k]
        (x0, y0), (x1, y1) = view.centers[a], view.centers[b]
        room = math.hypot(x1 - x0, y1 - y0) / 2 - view.r * 0.9 - 2
        return max(3, min(max(5, int(view.r * 0.38)), int(room)))

    def pieces(self, surf, data) -> None:
        foot = data.get("foot") or {}
        if not foot:
            return
        for k, state in foot.items():
            try:
                pos, rad = self.view.circle_pos(int(k)), self.foot_radius(int(k)) - 1
            except (IndexError, ValueError, TypeError):
                continue
            if state == "entrenched":
                pygame.draw.circle(surf, T.FOOT_ENTRENCHED, pos, rad + 1)
                pygame.draw.circle(surf, (230, 80, 80), pos, rad + 1, 2)
                pygame.draw.line(surf, (230, 80, 80), (pos[0] - rad + 3, pos[1]), (pos[0] + rad - 3, pos[1]), 2)
            elif state:
                pygame.draw.circle(surf, T.FOOT, pos, rad + 1)
                pygame.draw.circle(surf, (230, 210, 250), pos, rad + 1, 1)
                if T.font(max(8, int(rad * 1.4)), True).get_height() <= 2 * rad + 4:      # the letter only where it fits
                    T.draw_text(surf, "F", pos, max(8, int(rad * 1.4)), (245, 235, 255), bold=True, anchor="center")

    def piece_rects(self, data) -> list[pygame.Rect]:
        rects = []
        for k, state in (data.get("foot") or {}).items():
            try:
                (x, y), rad = self.view.circle_pos(int(k)), self.foot_radius(int(k))
            except (IndexError, ValueError, TypeError):
                continue
            if state:
                rects.append(pygame.Rect(x - rad, y - rad, 2 * rad, 2 * rad))
        return rects

    # ------------------------------------------------------------ boroughs
    def _borough_blob(self, name: str) -> pygame.Surface:
        if name in self._blobs:
            return self._blobs[name]
        view = self.view
        pts = [view.centers[i] for i in range(view.board.n) if view.board.borough_of[i] == name]
        surf = pygame.Surface(view.rect.size, pygame.SRCALPHA)
        if pts:
            rad = int(view.r * 1.9)
            hull = [(x - view.rect.left, y - view.rect.top) for x, y in _hull(pts)]
            if len(hull) >= 3:
                pygame.draw.polygon(surf, (255, 255, 255, 255), hull)
            for a, b in zip(hull, hull[1:] + hull[:1]):
                pygame.draw.line(surf, (255, 255, 255, 255), a, b, 2 * rad)
            for q in hull or [(x - view.rect.left, y - view.rect.top) for x, y in pts]:
                pygame.draw.circle(surf, (255, 255, 255, 255), q, rad)
        self._blobs[name] = surf
        return surf

    def _tinted_blob(self, name: str, color: T.Color, alpha: int) -> pygame.Surface:
        key = (name, (*color, alpha))
        if key not in self._blob_tint:
            blob = self._borough_blob(name).copy()
            blob.fill((*color, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            self._blob_tint[key] = blob
        return self._blob_tint[key]

    def area_key(self, data) -> tuple:
        return tuple(data.get("fallen", ()) or ()), data.get("under_threat")

    def areas(self, surf, data) -> None:
        if not self.view.board.boroughs:
            return
        fallen, threat = _borough_state(data)
        for name, _start in self.view.board.boroughs:
            if name in fallen:
                color, alpha = (150, 40, 50), 70
            elif name == threat:
                color, alpha = (230, 150, 40), 60
            else:
                color, alpha = (120, 140, 170), 26
            surf.blit(self._tinted_blob(name, color, alpha), self.view.rect.topleft)

    # ------------------------------------------------------------ borough names
    def _place_labels(self) -> None:
        """Put each borough's name where it covers the fewest spaces and other labels,
        preferably inside its own area (positions are midbottom, board-relative)."""
        view = self.view
        self.label_pos = {}
        blobs = {name: self._borough_blob(name) for name, _s in view.board.boroughs}
        size = view.label_size()
        h = T.font(size, True).get_linesize() + 2
        obstacles = [pygame.Rect(x - view.rect.left - view.r - 2, y - view.rect.top - view.r - 2, 2 * view.r + 4,
                                 2 * view.r + 4) for x, y in view.centers]
        step = max(4, view.r // 2)
        for name, blob in blobs.items():
            pts = [view.centers[i] for i in range(view.board.n) if view.board.borough_of[i] == name]
            if not pts:
                continue
            w = T.text_width(f"{name.upper()} · UNDER THREAT", size, True) + 8
            cx = sum(x for x, _y in pts) / len(pts) - view.rect.left
            cy = sum(y for _x, y in pts) / len(pts) - view.rect.top
            bw, bh = blob.get_size()
            best, best_score = (int(cx), int(cy)), None
            for dy in range(-7 * view.r, 7 * view.r + 1, step):
                for dx in range(-5 * view.r, 5 * view.r + 1, step):
                    rect = pygame.Rect(0, 0, w, h)
                    rect.midbottom = (int(cx + dx), int(cy + dy))
                    if rect.left < 0 or rect.top < 0 or rect.right > bw or rect.bottom > bh:
                        continue
                    probe = rect.center
                    own = blob.get_at(probe)[3] > 0
                    other = any(b.get_at(probe)[3] > 0 for n, b in blobs.items() if n != name)
                    hits = sum(1 for o in obstacles if o.colliderect(rect))
                    score = (hits * 10 + (0 if own else 4) + (6 if other else 0), abs(dx) + abs(dy) * 0.6)
                    if best_score is None or score < best_score:
                        best, best_score = rect.midbottom, score
            self.label_pos[name] = best
            placed = pygame.Rect(0, 0, w, h)
            placed.midbottom = best
            obstacles.append(placed.inflate(0, 4))

    def labels(self, surf, game, data, keep_clear) -> None:
        """Borough names go above the pieces so tokens never hide which borough is which;
        each is moved off the other labels, the pieces and `keep_clear` (a badge's corner)."""
        view = self.view
        if not view.board.boroughs:
            return
        fallen, threat = _borough_state(data)
        if not self.label_pos:
            self._place_labels()
        pieces = view.piece_rects(game, data)
        spaces = [pygame.Rect(x - view.r, y - view.r, 2 * view.r, 2 * view.r) for x, y in view.centers]
        placed: list[pygame.Rect] = [pygame.Rect(r) for r in keep_clear]
        for name, _start in view.board.boroughs:
            if name not in self.label_pos:
                continue
            x, y = self.label_pos[name]
            x += view.rect.left
            y += view.rect.top
            color = T.mix(T.TEXT, T.BOARD_BG, 0.3)
            status = ""
            if name in fallen:
                status, color = " · FALLEN", (240, 110, 110)
            elif name == threat:
                status, color = " · UNDER THREAT", T.WARN
            # the first that finds a free spot: the whole label off the spaces too, then off the pieces
            # only, then the name alone (its colour still says fallen / under threat, as the plan does)
            text, rect = name.upper() + status, None
            for text, avoid in ((name.upper() + status, spaces + pieces), (name.upper() + status, pieces),
                                (name.upper(), pieces)):
                img = T.render(text, view.label_size(), color, True)
                rect = view.free_spot(img.get_rect(midbottom=(x, y)), placed, avoid)
                if rect is not None:
                    break
            if rect is None:        # no free spot near (a small board): the space's tooltip and the plan say it
                T.note_abbreviation(name.upper() + status, "")
                continue
            if text != name.upper() + status:
                T.note_abbreviation(name.upper() + status, text)
            placed.append(rect)
            shade = rect.inflate(8, 2)
            s = pygame.Surface(shade.size, pygame.SRCALPHA)
            s.fill((10, 12, 18, 150))
            surf.blit(s, shade)
            surf.blit(img, rect)
            T.trace_mark(surf, rect, text)          # a line of text for the layout test

    def describe(self, data, i) -> tuple[list[str], list[str]]:
        board = self.view.board
        if not (board.borough_of and board.borough_of[i]):
            return [], []
        b = board.borough_of[i]
        fallen, threat = _borough_state(data)
        state = " (fallen)" if b in fallen else (" (under threat)" if b == threat else "")
        return [f"Borough: {b}{state}"], []
