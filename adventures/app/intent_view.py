"""Enemy intent: on a player's turn, whom each enemy would attack now and from where, or
that it would advance the threat. A planning aid no physical table has.

It reads `adventures.rules.enemy.enemy_intent`, the same function an enemy's turn runs
(targeting, p.9), so the display and the rule cannot disagree. The move value is that of
the enemy's initiative cards still to come this round (the next round's, once all are out).
What the board shows of it (`marks`) is also what a click finds (`intent_at`): the game
screen opens the record of that intent's targeting (why_view.board_records).
"""
from __future__ import annotations

import math

import pygame

from adventures.app import theme as T
from adventures.rules.enemy import APPROACH, ATTACK, THREAT, Intent, enemy_intent


def upcoming_moves(game, side) -> list[int]:
    adv = game.adv
    pending = [c.move for c in adv.deck if c.side is side and not c.removed and c.move is not None]
    if not pending:
        pending = [c.move for c in adv.all_cards if c.side is side and not c.removed and c.move is not None]
    return sorted(set(pending))


class EnemyIntent:
    __slots__ = ("side", "enemy", "move", "intent")

    def __init__(self, side, enemy, move: int, intent: Intent):
        self.side, self.enemy, self.move, self.intent = side, enemy, move, intent

    def text(self) -> str:
        """Short words for the status column: '→ Leonardo (2 spaces)', 'threat +1 (none in 3)'."""
        it = self.intent
        if it.action == THREAT:
            return f"threat +1 (none in {self.move})"
        names = " or ".join(t.name for t in it.targets)
        if it.action == ATTACK:
            return f"{names} (adjacent)"
        return f"{names} ({it.distance} space{'s' if it.distance != 1 else ''})"


def enemy_intents(game) -> list[EnemyIntent]:
    """One entry per enemy on the board and per distinct move value it may still get."""
    adv = getattr(game, "adv", None)
    if adv is None:
        return []
    out = []
    for side in [adv.villain, *adv.minions]:
        if side.eliminated or not side.fighters:
            continue
        enemy = side.fighters[0]
        if not enemy.alive or enemy.space is None:
            continue
        for move in upcoming_moves(game, side)[-2:] or [0]:
            out.append(EnemyIntent(side, enemy, move, enemy_intent(game, enemy, move)))
        if len(out) >= 2 and out[-1].side is side and out[-2].side is side and (
                out[-1].intent.action == out[-2].intent.action == ATTACK):
            out.pop()                   # adjacent: the move value changes nothing
    return out


def turn_intent(game, side) -> list[EnemyIntent]:
    """At the start of an enemy's turn: its target (the move of the card being resolved)."""
    enemy = side.fighters[0] if side.fighters else None
    if enemy is None or not enemy.alive or enemy.space is None:
        return []
    move = next((c.move for c in reversed(game.adv.row) if c.side is side and c.move is not None), None)
    if move is None:
        moves = upcoming_moves(game, side)
        move = moves[-1] if moves else 0
    return [EnemyIntent(side, enemy, move, enemy_intent(game, enemy, move))]


def summary(items: list[EnemyIntent]) -> dict[int, list[str]]:
    """side index -> intent lines (for the status column)."""
    lines: dict[int, list[str]] = {}
    for item in items:
        lines.setdefault(item.side.index, []).append(item.text())
    return lines


def _ends(a, b, r: int):
    """Where an arrow from centre `a` to centre `b` starts and ends (outside both tokens),
    or None where they are too close for one."""
    (x0, y0), (x1, y1) = a, b
    d = math.hypot(x1 - x0, y1 - y0)
    if d < 2 * r + 4:
        return None
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    return (x0 + ux * r, y0 + uy * r), (x1 - ux * (r + 4), y1 - uy * (r + 4))


def _arrow(surf, color, start, end, width: int = 3) -> None:
    ux, uy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    t = 0.0
    while t < length:                  # dashed: an intention, not a move that happened
        e = min(length, t + 9)
        pygame.draw.line(surf, color, (start[0] + ux * t, start[1] + uy * t),
                         (start[0] + ux * e, start[1] + uy * e), width)
        t = e + 6
    head = 10 + width - 3
    left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
    right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surf, color, [end, left, right])


def threat_tag(bv, src) -> tuple[pygame.Surface, pygame.Rect]:
    """The 'threat +1' tag over an enemy with nobody in reach: its words and its pill."""
    img = T.render("threat +1", 12, (20, 20, 20), True)
    return img, img.get_rect(midbottom=(src[0], src[1] - bv.r - 14)).inflate(10, 4)


def marks(bv, items: list[EnemyIntent]) -> list[tuple[str, object, EnemyIntent]]:
    """What the board shows of `items`, once each: ("tag", pill rect), ("arrow", (start,
    end)) from an enemy to whom it would attack, ("ring", (centre, radius)) round a space it
    would attack from; each with the intent it shows. draw() paints these, intent_at()
    finds the one under the mouse."""
    out = []
    drawn = set()
    for item in items:
        src = bv.centers[item.enemy.space]
        it = item.intent
        if it.action == THREAT:
            if item.side.index not in drawn:
                out.append(("tag", threat_tag(bv, src)[1], item))
        else:
            for target in it.targets:
                if target.space is None or (item.side.index, target.uid) in drawn:
                    continue
                ends = _ends(src, bv.centers[target.space], bv.r)
                if ends is not None:
                    out.append(("arrow", ends, item))
                drawn.add((item.side.index, target.uid))
            if it.action == APPROACH:
                out += [("ring", (bv.centers[s], bv.r + 2), item) for s in it.ends]
        drawn.add(item.side.index)
    return out


HIT = 7          # how near the mouse must be to an arrow or a ring, in pixels


def _near_segment(pos, a, b) -> float:
    (px, py), (x0, y0), (x1, y1) = pos, a, b
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / ((dx * dx + dy * dy) or 1)))
    return math.hypot(px - (x0 + t * dx), py - (y0 + t * dy))


def intent_at(bv, items: list[EnemyIntent], pos) -> EnemyIntent | None:
    """The intent whose arrow, ring or tag is under `pos` (the last drawn wins), else None."""
    for kind, shape, item in reversed(marks(bv, items)):
        if kind == "tag" and shape.collidepoint(pos):
            return item
        if kind == "arrow" and _near_segment(pos, *shape) <= HIT:
            return item
        if kind == "ring" and abs(math.hypot(pos[0] - shape[0][0], pos[1] - shape[0][1]) - shape[1]) <= HIT / 2:
            return item
    return None


def draw(surf: pygame.Surface, bv, items: list[EnemyIntent], lit=None) -> None:
    """Dashed arrows from each enemy to whom it would attack; the space it would attack
    from is ringed; an enemy with nobody in reach wears a 'threat +1' tag. `lit`: the
    enemy side whose marks the mouse is on (drawn bolder: a click says why)."""
    for kind, shape, item in marks(bv, items):
        bold = lit is not None and item.side is lit
        color = T.mix(T.seat_color(item.side), (255, 255, 255), 0.55 if bold else 0.2)
        if kind == "tag":
            img, _rect = threat_tag(bv, bv.centers[item.enemy.space])
            pygame.draw.rect(surf, T.WARN, shape, border_radius=shape.height // 2)
            if bold:
                pygame.draw.rect(surf, T.HOVER, shape, 2, border_radius=shape.height // 2)
            surf.blit(img, img.get_rect(center=shape.center))
        elif kind == "arrow":
            _arrow(surf, color, *shape, width=5 if bold else 3)
        else:
            pygame.draw.circle(surf, color, shape[0], shape[1], 2 if bold else 1)
