"""Drawing the battlefield from board data, and finding what is under the mouse.

Everything comes from `game.board` (positions normalised 0..1 on a 16:10 canvas, paths,
zone bitmasks with colours and patterns) and the Adventures state (tokens). Nothing is
hard-coded per board, nor per villain: what a villain's objective puts on the board (Foot
soldiers and boroughs, Dimension X and Doomsday Machines) is drawn by the layer its own
module registers (adventures/app/board_layers.py). The static layer (paths, zones, numbers,
the layers' static parts) is cached per size; pieces are drawn on top every frame.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import pygame

from adventures.app import theme as T
from adventures.app.board_layers import layers_for
from engine.state import HERO, MINION, SIDEKICK, VILLAIN, Fighter

ASPECT = 1.6        # boards are authored for a 16:10 canvas
LEGIBLE_PX = 9      # the smallest a board label is drawn (a number, a name on a token), in screen pixels

px = T.px


@dataclass
class Highlights:
    """What the current decision lets the player click, and what to preview."""
    spaces: set[int] = field(default_factory=set)
    fighters: set[int] = field(default_factory=set)          # fighter uids
    route: tuple[int, ...] | None = None                     # route preview (board indices)
    trail: tuple[int, ...] | None = None                     # the last move, faded
    focus: set[int] = field(default_factory=set)             # fighter uids in the current combat
    subject: set[int] = field(default_factory=set)           # the fighter the decision is about
    circles: set[int] = field(default_factory=set)           # Foot circles (board.circles indices)
    hover_circle: int | None = None
    suggested: set[int] = field(default_factory=set)         # spaces of the option Suggest picked (and its reason)
    suggested_circles: set[int] = field(default_factory=set)


SUGGESTED: T.Color = (255, 255, 255)     # what Suggest picked: white dashes, apart from the yellow legal rings


def dashed_ring(surf: pygame.Surface, center, radius: int, color: T.Color = SUGGESTED, dashes: int = 12) -> None:
    """A ring of `dashes` arcs (the suggested mark, told apart from the solid rings by its shape)."""
    box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    box.center = (int(center[0]), int(center[1]))
    step = 2 * math.pi / dashes
    for k in range(dashes):
        pygame.draw.arc(surf, color, box, k * step, k * step + step * 0.55, 3)


def abbreviation(name: str) -> str:
    """'Leonardo' -> 'Leo', 'Splinter Jr 2' -> 'SJ2', 'Bebop & Rocksteady' -> 'B&R'."""
    words = name.replace("&", " & ").split()
    digits = words[-1] if words and words[-1].isdigit() else ""
    if digits:
        words = words[:-1]
    if len(words) == 1:
        return words[0][:3] + digits
    return "".join(w[0].upper() if w != "&" else "&" for w in words)[:3] + digits


# ---------------------------------------------------------------- zone patterns
def _pattern_color(color: T.Color) -> T.Color:
    lum = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]
    return T.mix(color, (0, 0, 0), 0.42) if lum > 90 else T.mix(color, (255, 255, 255), 0.45)


def draw_pattern(surf: pygame.Surface, pattern: str, color: T.Color, size: int) -> None:
    """Fill a size x size surface with a colour-blind-friendly pattern over `color`."""
    surf.fill((*color, 255))
    ink = _pattern_color(color)
    step = max(5, size // 5)
    w = max(1, size // 14)
    if pattern == "stripes":
        for k in range(-size, size * 2, step):
            pygame.draw.line(surf, ink, (k, 0), (k + size, size), w + 1)
    elif pattern == "dots":
        rad = max(1, step // 4)
        for y in range(step // 2, size, step):
            off = step // 2 if (y // step) % 2 else 0
            for x in range(off, size + step, step):
                pygame.draw.circle(surf, ink, (x, y), rad)
    elif pattern == "cross":
        for k in range(step // 2, size, step):
            pygame.draw.line(surf, ink, (k, 0), (k, size), w)
            pygame.draw.line(surf, ink, (0, k), (size, k), w)
    elif pattern == "waves":
        amp = max(2, step // 3)
        for y0 in range(step // 2, size + step, step):
            pts = [(x, y0 + amp * math.sin(x / max(2, step) * math.pi)) for x in range(0, size + 2, 2)]
            pygame.draw.lines(surf, ink, False, pts, w + 1)
    elif pattern == "checks":
        cell = max(4, step - 1)
        for y in range(0, size, cell):
            for x in range(0, size, cell):
                if (x // cell + y // cell) % 2:
                    surf.fill(ink, (x, y, cell, cell))
    elif pattern == "rings":
        c = size // 2
        for rad in range(step // 2, size, step):
            pygame.draw.circle(surf, ink, (c, c), rad, w + 1)


@functools.lru_cache(maxsize=256)
def space_disc(r: int, colors: tuple[T.Color, ...], patterns: tuple[str, ...]) -> pygame.Surface:
    """A round space: one sector per zone (a split circle for multi-zone spaces)."""
    size = 2 * r + 2
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    m = len(colors)
    for k, (color, pattern) in enumerate(zip(colors, patterns)):
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_pattern(layer, pattern, color, size)
        mask = pygame.Surface((size, size), pygame.SRCALPHA)
        if m == 1:
            pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), r)
        else:
            a0 = -math.pi / 2 + 2 * math.pi * k / m
            a1 = -math.pi / 2 + 2 * math.pi * (k + 1) / m
            pts = [(c, c)] + [(c + (r + 2) * math.cos(a0 + (a1 - a0) * t / 16),
                               c + (r + 2) * math.sin(a0 + (a1 - a0) * t / 16)) for t in range(17)]
            pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
            circle = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(circle, (255, 255, 255, 255), (c, c), r)
            mask.blit(circle, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        out.blit(layer, (0, 0))
    if m > 1:   # thin dividers so the split reads as two zones, not one pattern
        for k in range(m):
            a = -math.pi / 2 + 2 * math.pi * k / m
            pygame.draw.line(out, (20, 20, 20), (c, c), (c + r * math.cos(a), c + r * math.sin(a)), 2)
    pygame.draw.circle(out, (15, 17, 22), (c, c), r, 2)
    return out


def adv_data(game) -> dict:
    """The adventure's module state (what the villain's layers draw); empty in a competitive game."""
    adv = getattr(game, "adv", None)
    return adv.data if adv is not None else {}


class BoardView:
    def __init__(self, board):
        self.board = board
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.inner = pygame.Rect(0, 0, 0, 0)
        self.centers: list[tuple[int, int]] = []
        self.r = 16
        self._static: tuple[pygame.Surface, pygame.Surface] | None = None
        self.hover_space: int | None = None
        self.moving: dict[int, tuple[int, int]] = {}      # fighter uid -> where it is mid-slide
        self._scale = 0.0
        self.scale_k = 1.0
        self.origin = (0.0, 0.0)
        self.layers = layers_for(self)           # the villains' parts of the picture on this board
        self.number_rects: dict[int, pygame.Rect] = {}      # space -> its number's pill (screen)
        self.start_rects: dict[int, pygame.Rect] = {}       # space -> its starting badge
        self.drawn_labels: list[tuple[str, pygame.Rect]] = []   # this frame's labels (draw)

    # ------------------------------------------------------------ geometry
    @staticmethod
    def content_box(board) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the spaces and machines on the 16:10 canvas, x in canvas widths."""
        pts = list(board.pos) + [tuple(mpos) for _mid, mpos, _w in board.machines]
        if not pts:
            return 0.0, 0.0, 1.0, 1.0
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    @classmethod
    def content_aspect(cls, board) -> float:
        """Width / height of what is drawn (the Technodrome uses 0.6 of its canvas' width)."""
        x0, y0, x1, y1 = cls.content_box(board)
        return max(0.6, min(3.0, ((x1 - x0) * ASPECT + 0.12) / max(0.05, (y1 - y0) + 0.12)))

    def layout(self, rect: pygame.Rect) -> None:
        """Scale the board's content (not its whole canvas) into `rect`, centred."""
        rect = pygame.Rect(rect)
        if rect == self.rect and self.centers and self._scale == T.SCALE:
            return
        self.rect = rect
        self._scale = T.SCALE          # labels are drawn at the text size: a new size, a new static layer
        pad = 10
        avail = rect.inflate(-2 * pad, -2 * pad)
        pos = self.board.pos
        x0, y0, x1, y1 = self.content_box(self.board)
        cw, ch = max(0.05, (x1 - x0) * ASPECT), max(0.05, y1 - y0)
        margin = 0.0
        for _ in range(2):          # the radius depends on the scale, the scale on the room the radius needs
            k = max(1.0, min((avail.width - 2 * margin) / cw, (avail.height - 2 * margin) / ch))
            dmin = min((math.hypot((pos[a][0] - pos[b][0]) * ASPECT * k, (pos[a][1] - pos[b][1]) * k)
                        for a in range(len(pos)) for b in range(a + 1, len(pos))), default=60.0)
            self.r = max(9, int(min(dmin * 0.42, k * 0.07)))
            margin = self.r * 1.35 + 4
        w, h = int(cw * k), int(ch * k)
        inner = pygame.Rect(0, 0, w, h)
        inner.center = avail.center
        self.inner = inner
        self.scale_k = k
        self.origin = (x0, y0)
        self.centers = [self.canvas_point(p) for p in pos]
        self._static = None
        for layer in self.layers:
            layer.laid_out()

    def canvas_point(self, p) -> tuple[int, int]:
        """A point of the 16:10 canvas on the screen."""
        return (int(self.inner.left + (p[0] - self.origin[0]) * ASPECT * self.scale_k),
                int(self.inner.top + (p[1] - self.origin[1]) * self.scale_k))

    def space_at(self, pos) -> int | None:
        best, best_d = None, (self.r * 1.15) ** 2
        for i, (x, y) in enumerate(self.centers):
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= best_d:
                best, best_d = i, d
        return best

    def fighter_at(self, game, pos) -> Fighter | None:
        s = self.space_at(pos)
        return game.occ[s] if s is not None else None

    def circle_at(self, pos, only=None) -> int | None:
        """The Foot circle under the cursor (of `only`, if given), by its own small disc."""
        best, best_d = None, (max(8, self.r * 0.7)) ** 2
        for k in (only if only is not None else range(len(self.board.circles))):
            x, y = self.circle_pos(k)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= best_d:
                best, best_d = k, d
        return best

    def circle_pos(self, k: int) -> tuple[int, int]:
        a, b, _ = self.board.circles[k]
        (x0, y0), (x1, y1) = self.centers[a], self.centers[b]
        return (x0 + x1) // 2, (y0 + y1) // 2

    # ------------------------------------------------------------ a preview
    def draw_preview(self, surf: pygame.Surface, rect: pygame.Rect, y: int) -> pygame.Rect | None:
        """The board as a framed picture at the top of `rect` from `y` (the new-game
        screens), or None when there is no room; returns the area drawn."""
        h = min(int(rect.width / 1.6), rect.bottom - y, surf.get_height() // 2)
        if h <= 120:
            return None
        area = pygame.Rect(rect.left, y, int(h * 1.6), h)
        self.layout(area)
        bg, fg = self.static_layers()
        surf.blit(bg, area.topleft)
        surf.blit(fg, area.topleft)
        for layer in self.layers:
            layer.preview(surf)
        return area

    # ------------------------------------------------------------ the static layer
    def static_layers(self) -> tuple[pygame.Surface, pygame.Surface]:
        """(background, foreground): the layers' areas (boroughs, Dimension X) go between the two."""
        if self._static is not None:
            return self._static
        board, r = self.board, self.r
        surf = pygame.Surface(self.rect.size)
        surf.fill(T.BOARD_BG)
        bg = surf
        off = (-self.rect.left, -self.rect.top)

        def p(xy):
            return xy[0] + off[0], xy[1] + off[1]

        # a faint grid gives the empty board some texture
        for gx in range(0, self.rect.width, 40):
            pygame.draw.line(surf, T.mix(T.BOARD_BG, T.TEXT, 0.03), (gx, 0), (gx, self.rect.height))
        for gy in range(0, self.rect.height, 40):
            pygame.draw.line(surf, T.mix(T.BOARD_BG, T.TEXT, 0.03), (0, gy), (self.rect.width, gy))
        for layer in self.layers:
            layer.background(surf, off)
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        for layer in self.layers:
            layer.under_paths(surf, p)
        # paths
        for a in range(board.n):
            for b in board.adj[a]:
                if a < b:
                    pygame.draw.line(surf, T.mix(T.PATH, T.BOARD_BG, 0.15), p(self.centers[a]), p(self.centers[b]),
                                     max(3, r // 5))
        for layer in self.layers:
            layer.over_paths(surf, p)
        # spaces
        self.number_rects, self.start_rects = {}, {}
        number_px = self.number_px()
        for i in range(board.n):
            zs = [z for z in range(len(board.zone_names)) if board.zones[i] >> z & 1]
            colors = tuple(T.hex_color(board.zone_colors[z]) for z in zs) or (T.PATH,)
            patterns = tuple(board.zone_patterns[z] for z in zs) or ("solid",)
            disc = space_disc(r, colors, patterns)
            surf.blit(disc, disc.get_rect(center=p(self.centers[i])))
            # the printed id on a small dark pill so it reads over any pattern
            label = T.render(str(board.ids[i]), px(number_px), T.TEXT, True)
            pill = label.get_rect(center=p(self.centers[i])).inflate(6, 0)
            pygame.draw.rect(surf, (15, 17, 22), pill, border_radius=pill.height // 2)
            surf.blit(label, label.get_rect(center=pill.center))
            self.number_rects[i] = pill.move(self.rect.left, self.rect.top)
        # starting numbers: a badge at the upper right of the space, outside a token standing there
        for number, i in board.start.items():
            (bx, by), br = self.start_badge(i)
            bc = (bx + off[0], by + off[1])
            pygame.draw.circle(surf, (245, 245, 245), bc, br)
            pygame.draw.circle(surf, (20, 20, 20), bc, br, 2)
            size = px(max(8, min(br * 1.3 * T.SCALE, 2 * br - 3)))
            T.draw_text(surf, str(number), bc, size, (20, 20, 20), bold=True, anchor="center")
            self.start_rects[i] = pygame.Rect(bx - br, by - br, 2 * br, 2 * br)
        self._static = (bg, surf)
        return self._static

    # ------------------------------------------------------------ the sizes of the board's own labels
    # Numbers, starting badges, health and the tokens' names are sized by the spaces (in screen
    # pixels), the text size raising them only while they still fit: a larger text size or a
    # smaller board never makes them run into each other (tests/test_layout.py checks it at 130%).
    def number_px(self) -> int:
        """The space numbers' size: as the text size asks, no larger than the space's disc holds."""
        want = max(10.0, self.r * 0.62) * T.SCALE
        widest = max((str(i) for i in self.board.ids), key=len, default="00")
        for size in range(int(want), LEGIBLE_PX - 1, -1):
            if T.font(px(size), True).size(widest)[0] + 6 <= 2 * self.r - 2:
                return size
        return LEGIBLE_PX

    def start_badge(self, i: int) -> tuple[tuple[int, int], int]:
        """The starting number's badge of space i: (centre, radius), touching a token's rim."""
        cx, cy = self.centers[i]
        br = max(7, int(self.r * 0.42))
        d = (self.r * 0.9 + br) * 0.85          # diagonally: clear of a token's name too
        return (int(cx + d), int(cy - d)), br

    def health_px(self) -> int:
        return int(max(LEGIBLE_PX, min(self.r * 0.46 * T.SCALE, self.r * 0.62)))

    # ------------------------------------------------------------ labels
    def label_size(self) -> int:
        return max(10, int(self.r * 0.55))

    # ------------------------------------------------------------ the whole board
    def draw(self, surf: pygame.Surface, game, hl: Highlights | None = None, now_ms: int = 0) -> None:
        hl = hl or Highlights()
        data = adv_data(game)
        self._draw_base(surf, data)
        for layer in self.layers:
            layer.pieces(surf, data)
        if hl.trail:
            self._draw_route(surf, hl.trail, T.mix(T.MUTED, T.BOARD_BG, 0.2), 3)
        if hl.route:
            self._draw_route(surf, hl.route, T.HIGHLIGHT, 5)
        pulse = 0.5 + 0.5 * math.sin(now_ms / 180.0)
        ring = T.mix(T.HIGHLIGHT, (255, 255, 255), pulse * 0.5)
        for s in hl.spaces:
            if game.occ[s] is None or game.occ[s].uid not in hl.fighters:
                pygame.draw.circle(surf, ring, self.centers[s], self.r + 4, 3)
        crad = max(7, int(self.r * 0.55))
        for k in hl.circles:
            pygame.draw.circle(surf, ring, self.circle_pos(k), crad, 3)
        if hl.hover_circle is not None:
            pygame.draw.circle(surf, T.HOVER, self.circle_pos(hl.hover_circle), crad + 3, 2)
        for pos, rad in [(self.centers[s], self.r + 9) for s in hl.suggested] + [
                (self.circle_pos(k), crad + 6) for k in hl.suggested_circles]:
            dashed_ring(surf, pos, rad)
        current = getattr(game, "current", None)
        # every label drawn this frame, (what, rect): numbers left in view, starting badges, the
        # tokens' names, shapes and health, markers; tests/test_layout.py finds no two overlapping
        occupied = {f.space for f in game.fighters if f.space is not None and f.uid not in self.moving}
        occupied |= {self.space_at(pos) for pos in self.moving.values()}
        self.drawn_labels = [(f"space {self.board.ids[i]}", r) for i, r in self.number_rects.items()
                             if i not in occupied]
        self.drawn_labels += [(f"start of space {self.board.ids[i]}", r) for i, r in self.start_rects.items()]
        self.drawn_labels += [("token", r) for layer in self.layers for r in layer.piece_rects(data)]
        for f in game.fighters:
            self._draw_fighter(surf, f, f.uid in hl.fighters, ring, f.side is current, f.uid in hl.focus,
                               f.uid in hl.subject)
        self._draw_tokens(surf, game)             # markers and badges above the pieces
        for f in game.fighters:
            self._draw_badge(surf, f, game)
        if self.hover_space is not None:
            pygame.draw.circle(surf, T.HOVER, self.centers[self.hover_space], self.r + 6, 2)

    def _draw_base(self, surf, data) -> None:
        """Paths, spaces and the layers' areas (boroughs, Dimension X), composed once per change
        of those (five full-board alpha blits a frame would cost the software renderer 60 fps)."""
        key = (tuple(self.rect), T.SCALE, surf.get_size(), tuple(layer.area_key(data) for layer in self.layers))
        if key != getattr(self, "_base_key", None):
            base = pygame.Surface(surf.get_size())
            bg, fg = self.static_layers()
            base.blit(bg, self.rect.topleft)
            for layer in self.layers:
                layer.areas(base, data)
            base.blit(fg, self.rect.topleft)
            self._base, self._base_key = base, key
        surf.blit(self._base, self.rect.topleft, self.rect)

    def draw_labels(self, surf, game, keep_clear: tuple = ()) -> None:
        """The layers' names (boroughs...) above the pieces, off them and off `keep_clear`."""
        data = adv_data(game)
        for layer in self.layers:
            layer.labels(surf, game, data, keep_clear)

    def piece_rects(self, game, data) -> list[pygame.Rect]:
        """Where the pieces are now: each fighter's token with its health pill, the layers' tokens."""
        rects = []
        for f in game.fighters:
            pos = self.moving.get(f.uid) or (self.centers[f.space] if f.space is not None else None)
            if pos is None:
                continue
            rad = int(self.r * (0.9 if f.kind in (HERO, VILLAIN) else 0.74))
            up = self.shape_radius(rad) if f.is_enemy else 0       # an enemy's shape above its rim
            rects.append(pygame.Rect(pos[0] - rad, pos[1] - rad - up, 2 * rad, 2 * rad + up))
        names = {f.name for f in game.fighters}
        rects += [r for what, r in self.drawn_labels if what in names]      # health pills where they went
        rects += list(self.start_rects.values())          # the starting badges, outside their spaces
        rects += [r for what, r in self.drawn_labels if what.startswith("space ")]    # numbers left in view
        for layer in self.layers:
            rects += layer.piece_rects(data)
        return rects

    def free_spot(self, rect: pygame.Rect, labels: list[pygame.Rect], pieces: list[pygame.Rect]
                   ) -> pygame.Rect | None:
        """`rect` moved as little as it takes to cover no other label and no piece (the
        pieces move, so this is looked for on each drawing); None where no such spot is near."""
        def cost(r: pygame.Rect) -> int:
            return sum(r.clip(o).width * r.clip(o).height for o in (*labels, *pieces))

        rect = rect.clamp(self.rect)
        if cost(rect) == 0:
            return rect
        step_y, step_x = rect.height + 2, max(6, self.r)
        for k in range(1, 7):
            for dx, dy in ((0, -k * step_y), (0, k * step_y), (-k * step_x, 0), (k * step_x, 0),
                           (-k * step_x, -k * step_y), (k * step_x, -k * step_y), (-k * step_x, k * step_y),
                           (k * step_x, k * step_y)):
                r = rect.move(dx, dy)
                if self.rect.contains(r) and cost(r) == 0:
                    return r
        return None

    def _draw_route(self, surf, route, color, width) -> None:
        pts = [self.centers[s] for s in route if 0 <= s < len(self.centers)]
        if len(pts) >= 2:
            pygame.draw.lines(surf, color, False, pts, width)
            (x0, y0), (x1, y1) = pts[-2], pts[-1]
            ang = math.atan2(y1 - y0, x1 - x0)
            tip = (x1 - math.cos(ang) * self.r, y1 - math.sin(ang) * self.r)
            size = 6 + width
            pygame.draw.polygon(surf, color, [tip, (tip[0] - size * math.cos(ang - 0.5), tip[1] - size * math.sin(ang - 0.5)),
                                              (tip[0] - size * math.cos(ang + 0.5), tip[1] - size * math.sin(ang + 0.5))])

    def _draw_tokens(self, surf, game) -> None:
        tokens = getattr(getattr(game, "adv", None), "tokens", {}) or {}
        size = max(13, int(self.r * 0.8))        # legible: a letter on a chip, outlined
        on_space: dict[int, int] = {}             # chips already on a space: the next one goes beside them
        for kind, spaces in sorted(tokens.items()):
            color = (185, 190, 200) if kind == "mouser" else T.mix(T.WARN, T.DANGER, (hash(kind) % 5) / 5)
            for s in spaces:
                if not 0 <= s < len(self.centers):
                    continue
                x, y = self.centers[s]
                n = on_space[s] = on_space.get(s, -1) + 1
                rect = pygame.Rect(0, 0, size, size)
                # below the token's name at any size: a chip never covers it
                rect.center = (int(x - self.r * 0.85 - n * (size + 1)), int(y + max(self.r * 0.85, size / 2 + 5)))
                pygame.draw.rect(surf, color, rect, border_radius=3)
                pygame.draw.rect(surf, (250, 250, 250), rect, 2, border_radius=3)
                T.draw_text(surf, kind[:1].upper(), rect.center, px(max(LEGIBLE_PX, size - 3)), (20, 20, 20),
                            bold=True, anchor="center")
                self.drawn_labels.append((kind, rect))

    def _draw_badge(self, surf, f: Fighter, game=None) -> None:
        """Health as a heart pill under the token, coloured by how much is left: it can never
        be read as a space number (those are dark pills in the middle of a space). Where a
        label, a Foot soldier or another token lies under the token, beside it or above it."""
        x, y = self.moving.get(f.uid) or self.centers[f.space]
        rad = int(self.r * (0.9 if f.kind in (HERO, VILLAIN) else 0.74))
        img = T.render(f"\u2665{f.health}", px(self.health_px()), (255, 255, 255), True)
        pill = img.get_rect().inflate(8, 0)
        sink = max(3, pill.height // 3)
        others = [r for what, r in self.drawn_labels if what != f.name]
        if game is not None:
            for g in game.fighters:
                if g is not f and (g.space is not None or g.uid in self.moving):
                    gx, gy = self.moving.get(g.uid) or self.centers[g.space]
                    grad = int(self.r * (0.9 if g.kind in (HERO, VILLAIN) else 0.74))
                    others.append(pygame.Rect(gx - grad, gy - grad, 2 * grad, 2 * grad).inflate(-grad // 2, -grad // 2))
        spots = [("midtop", (x, y + rad - sink)), ("midleft", (x + rad - 2, y + rad // 2)),
                 ("midright", (x - rad + 2, y + rad // 2)), ("topleft", (x + rad - 2, y - pill.height // 2)),
                 ("topright", (x - rad + 2, y - pill.height // 2))]
        if not f.is_enemy:                       # an enemy's shape is above its token
            spots.append(("midbottom", (x, y - rad + sink)))
        for anchor, at in spots:
            setattr(pill, anchor, at)
            if not any(pill.colliderect(o.inflate(-2, -2)) for o in others):
                break
        else:
            pill.midtop = (x, y + rad - sink)
        self.drawn_labels.append((f.name, pill))
        left = f.health / max(1, f.max_health)
        fill = (196, 40, 44) if f.health <= max(2, f.max_health // 4) else (
            (200, 120, 30) if left <= 0.5 else (40, 130, 70))
        pygame.draw.rect(surf, fill, pill, border_radius=4)
        pygame.draw.rect(surf, (10, 10, 12), pill, 1, border_radius=4)
        surf.blit(img, img.get_rect(center=pill.center))

    def token_label(self, f: Fighter, rad: int) -> tuple[str, int]:
        """The fighter's name on its token at a size that fits it; the short form
        (abbreviation) only where even the smallest size is too wide (hover shows it whole)."""
        name = f.label or f.name if f.kind != SIDEKICK else f.name
        words = name.split()
        first = words[0] if words and not (len(words) > 1 and words[-1].isdigit()) else abbreviation(name)
        room = 2 * rad - 6
        base = max(9, int(rad * 0.62))
        for text, smallest in ((first, max(8, int(base * 0.72))), (abbreviation(name), 8)):
            size = T.fit_size(text, base, room, True, smallest)
            if T.text_width(text, size, True) <= room:       # a whole word only while it stays readable
                return text, size
        return abbreviation(name)[:2], 8

    def shape_radius(self, rad: int) -> int:
        """An enemy's shape on a token of radius `rad`: large enough to tell a cross from a star."""
        return max(5, int(rad * 0.45))

    def _draw_fighter(self, surf, f: Fighter, legal: bool, ring: T.Color, current: bool, focus: bool,
                      subject: bool = False) -> None:
        x, y = self.moving.get(f.uid) or self.centers[f.space]
        big = f.kind in (HERO, VILLAIN)
        rad = int(self.r * (0.9 if big else 0.74))
        color = T.seat_color(f.side)
        if current:
            glow = pygame.Surface((rad * 4, rad * 4), pygame.SRCALPHA)
            pygame.draw.circle(glow, (*color, 70), (rad * 2, rad * 2), int(rad * 1.7))
            surf.blit(glow, (x - rad * 2, y - rad * 2))
        pygame.draw.circle(surf, (10, 10, 12), (x + 2, y + 3), rad)          # drop shadow
        # enemies are dark tokens with a coloured rim, heroes bright ones: never confused
        fill = T.mix(color, (0, 0, 0), 0.62) if f.is_enemy else color
        pygame.draw.circle(surf, fill, (x, y), rad)
        if f.kind == VILLAIN:
            edge, width = (250, 205, 60), 4
        elif f.kind == MINION:
            edge, width = T.mix(color, (255, 255, 255), 0.2), 3
        elif f.kind == SIDEKICK:
            edge, width = (225, 225, 225), 2
        else:
            edge, width = (255, 255, 255), 3
        pygame.draw.circle(surf, edge, (x, y), rad, width)
        shape = T.enemy_shape(f.side)
        if shape is not None:   # each enemy's own shape on its rim: a second cue beside the colour
            sr = self.shape_radius(rad)
            T.draw_shape(surf, shape, (x, y - rad - sr // 3), sr, color)
            self.drawn_labels.append((f.name, pygame.Rect(x - sr, y - rad - sr // 3 - sr, 2 * sr, 2 * sr)))
        label, size = self.token_label(f, rad)
        fg = T.mix(color, (255, 255, 255), 0.72) if f.is_enemy else T.readable_on(color)
        drawn = T.draw_text(surf, label, (x, y - 2), size, fg, bold=True, anchor="center")
        self.drawn_labels.append((f.name, drawn))
        if legal:
            pygame.draw.circle(surf, ring, (x, y), rad + 5, 3)
        if focus:
            pygame.draw.circle(surf, (255, 90, 90), (x, y), rad + 9, 2)
        if subject:   # "move THIS fighter": a dashed cyan ring
            for k in range(12):
                a0 = k * math.pi / 6
                pygame.draw.arc(surf, (90, 220, 255), (x - rad - 8, y - rad - 8, 2 * rad + 16, 2 * rad + 16),
                                a0, a0 + math.pi / 10, 3)

    # ------------------------------------------------------------ descriptions
    def describe_space(self, game, i: int) -> list[str]:
        board = self.board
        head = f"Space {board.ids[i]}"
        starts = [n for n, s in board.start.items() if s == i]
        if starts:
            head += f"  ·  starting space {starts[0]}"
        lines = [head, "Zones: " + ", ".join(board.zone_list(i))]
        data = adv_data(game)
        said = [layer.describe(data, i) for layer in self.layers]
        for where, _notes in said:
            lines += where
        f = game.occ[i]
        if f is not None:
            who = "enemy" if f.is_enemy else f.side.name
            kind = {HERO: "hero", SIDEKICK: "sidekick", VILLAIN: "villain", MINION: "minion"}.get(f.kind, f.kind)
            extra = " · ranged" if f.ranged else ""
            lines.append(f"{f.name} ({kind}, {who}): {f.health}/{f.max_health} health{extra}")
        tokens = [k for k, spaces in (getattr(getattr(game, "adv", None), "tokens", {}) or {}).items() if i in spaces]
        if tokens:
            lines.append("Tokens: " + ", ".join(tokens))
        for _where, notes in said:
            lines += notes
        return lines
