"""Movement you can follow: fighters slide along their route, damage rises where it lands.

Fed from game events ("move" with its path, "damage" and "recover" with the fighter);
the board view asks `positions(now)` for fighters still in flight.
"""
from __future__ import annotations

import pygame

from adventures.app import theme as T

STEP_MS = 150            # per space of a route
MAX_SLIDE_MS = 1200
FLOAT_MS = 1600


class Motion:
    def __init__(self):
        self.slides: dict[int, tuple[list[int], int, int]] = {}     # uid -> (spaces, start, duration)
        self.floaters: list[tuple[int, str, T.Color, int]] = []     # (uid, text, colour, start)

    def clear(self) -> None:
        self.slides.clear()
        self.floaters.clear()

    def on_event(self, game, event: dict, now: int) -> None:
        kind = event.get("kind")
        if kind == "move":
            index = game.board.index
            path = [index[i] for i in event.get("path") or [] if i in index]
            uid = event.get("fighter")
            if uid is not None and len(path) > 1:
                duration = min(MAX_SLIDE_MS, STEP_MS * (len(path) - 1))
                self.slides[uid] = (path, now, duration)
        elif kind in ("damage", "recover") and event.get("fighter") is not None and event.get("amount"):
            sign, color = ("-", (255, 110, 100)) if kind == "damage" else ("+", (120, 230, 140))
            self.floaters.append((event["fighter"], f"{sign}{event['amount']}", color, now))
            del self.floaters[:-8]

    def sliding_until(self) -> int:
        return max((start + d for _p, start, d in self.slides.values()), default=0)

    def positions(self, centers, now: int) -> dict[int, tuple[int, int]]:
        out = {}
        for uid, (path, start, duration) in list(self.slides.items()):
            t = (now - start) / duration if duration else 1.0
            if t >= 1.0:
                del self.slides[uid]
                continue
            t = max(0.0, t)
            t = t * t * (3 - 2 * t)                    # ease in and out
            seg = t * (len(path) - 1)
            k = min(int(seg), len(path) - 2)
            f = seg - k
            (x0, y0), (x1, y1) = centers[path[k]], centers[path[k + 1]]
            out[uid] = (int(x0 + (x1 - x0) * f), int(y0 + (y1 - y0) * f))
        return out

    def draw_floaters(self, surf: pygame.Surface, bv, game, now: int) -> None:
        by_uid = {f.uid: f for f in game.fighters}
        keep = []
        for uid, text, color, start in self.floaters:
            age = now - start
            fighter = by_uid.get(uid)
            if age > FLOAT_MS or fighter is None:
                continue
            keep.append((uid, text, color, start))
            if fighter.space is None:
                continue
            x, y = bv.centers[fighter.space]
            # the number rises over its own token only (a dense board has a neighbour a radius away)
            rise = int(bv.r * 0.6 * age / FLOAT_MS)
            size = max(14, int(bv.r * 0.95))
            img = T.render(text, size, color, True).copy()
            outline = T.render(text, size, (10, 10, 12), True).copy()
            alpha = 255 if age < FLOAT_MS * 0.6 else int(255 * (FLOAT_MS - age) / (FLOAT_MS * 0.4))
            rect = img.get_rect(center=(x, y - rise))
            for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
                outline.set_alpha(alpha)
                surf.blit(outline, rect.move(dx, dy))
            img.set_alpha(alpha)
            surf.blit(img, rect)
        self.floaters = keep
