"""The combat panel: both cards revealed together, then the totals and the damage.

It is fed from game events: "reveal" (the cards, read from game.combat while it is live)
and "combat" (attack, defense and damage values), and stays up until the player closes it
(a click) or the next combat replaces it.
"""
from __future__ import annotations

import pygame

from adventures.app import card_view
from adventures.app import theme as T


class CombatSnapshot:
    __slots__ = ("attacker", "defender", "att_card", "def_card", "att", "dfn", "damage", "steps", "closed")

    def __init__(self, attacker, defender, att_card, def_card):
        self.attacker = attacker
        self.defender = defender
        self.att_card = att_card
        self.def_card = def_card
        self.att = self.dfn = self.damage = None
        self.steps: list[str] = []     # effect lines after the reveal, in order
        self.closed = False            # the turn moved on: the panel stays, its lines are final


class CombatView:
    def __init__(self):
        self.snapshot: CombatSnapshot | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.card_rects: list[tuple[pygame.Rect, object]] = []

    def on_event(self, game, event: dict) -> None:
        kind = event.get("kind")
        if kind == "reveal":
            c = game.combat
            if c is not None:
                self.snapshot = CombatSnapshot(c.attacker, c.defender, c.att_card, c.def_card)
        elif kind == "combat" and self.snapshot is not None:
            self.snapshot.att = event.get("attack")
            self.snapshot.dfn = event.get("defense")
            self.snapshot.damage = event.get("damage")
        elif kind in ("turn", "round", "end_of_round") and self.snapshot is not None:
            self.snapshot.closed = True   # it stays until dismissed or the next combat
        elif self.snapshot is not None and not self.snapshot.closed and kind not in ("draw",) and len(
                self.snapshot.steps) < 6:
            self.snapshot.steps.append(str(event.get("text", "")))

    def dismiss(self) -> None:
        self.snapshot = None

    def draw(self, surf: pygame.Surface, board_rect: pygame.Rect, hover_pos, avoid=()) -> object | None:
        """Draw in the board corner covering the fewest of the `avoid` points (weighted
        (x, y, weight) tuples: spaces, glowing choices); returns the hovered card."""
        self.card_rects = []
        snap = self.snapshot
        if snap is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return None
        steps = snap.steps[-3:]
        # the panel has its own region (GameLayout.combat): the biggest cards that fit it
        text_w = board_rect.width - 28                   # the step lines wrap in the region's width
        u = T.SCALE                                      # the text rows grow with the text size
        head, foot = int(50 * u), int(38 * u)
        while steps and head + 98 + foot + sum(T.wrapped_height(line, 11, text_w, line_gap=0)
                                               for line in steps) > board_rect.height - 8:
            steps = steps[1:]        # a short region: cards of 70 pixels at least, then the latest lines
        steps_h = sum(T.wrapped_height(line, 11, text_w, line_gap=0) for line in steps)
        cw = min(150, (board_rect.width - 74) // 2, int((board_rect.height - 12 - head - foot - steps_h) / 1.4))
        cw = max(40, cw)
        ch = int(cw * 1.4)
        rect = pygame.Rect(0, 0, board_rect.width - 12, min(board_rect.height - 8, head + ch + foot + steps_h))
        rect.midtop = (board_rect.centerx, board_rect.top + 6)
        self.rect = rect
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((14, 16, 22, 232))
        surf.blit(shade, rect)
        pygame.draw.rect(surf, (200, 90, 90), rect, 2, border_radius=10)
        T.draw_text(surf, "COMBAT", (rect.centerx, rect.top + 6), 12, (255, 150, 150), bold=True, anchor="midtop")
        hover = None
        for k, (fighter, card, verb) in enumerate(((snap.attacker, snap.att_card, "attacks"),
                                                  (snap.defender, snap.def_card, "defends"))):
            x = rect.left + rect.width * (1 + 2 * k) // 4 - cw // 2       # each side centred in its half
            T.draw_text(surf, fighter.name, (x + cw // 2, rect.top + int(20 * u)), 12,
                        T.mix(T.seat_color(fighter.side), (255, 255, 255), 0.25), bold=True, anchor="midtop",
                        max_width=rect.width // 2 - 6, name=True)
            T.draw_text(surf, verb, (x + cw // 2, rect.top + int(34 * u)), 11, T.MUTED, anchor="midtop")
            r = pygame.Rect(x, rect.top + head, cw, ch)
            if card is None:
                pygame.draw.rect(surf, T.BG, r, border_radius=8)
                pygame.draw.rect(surf, T.PANEL_EDGE, r, 1, border_radius=8)
                T.draw_text(surf, "no card", r.center, 12, T.DIM, anchor="center")
            else:
                over = r.collidepoint(hover_pos)
                card_view.draw_card(surf, card, r, hover=over)
                self.card_rects.append((r, card))
                if over:
                    hover = card
        T.draw_text(surf, "vs", (rect.centerx, rect.top + head + ch // 2), 15, T.MUTED, bold=True, anchor="center")
        y = rect.top + head + 6 + ch
        if snap.att is not None:
            dmg = snap.damage or 0
            text = f"{snap.att} vs {snap.dfn}: " + (f"{dmg} damage" if dmg else "blocked")
            T.draw_text(surf, text, (rect.centerx, y), 14, (255, 140, 130) if dmg else (150, 210, 255), bold=True,
                        anchor="midtop")
        y += int(18 * u)
        for line in steps:
            y += T.draw_wrapped(surf, line, pygame.Rect(rect.left + 8, y, text_w, 200), 11, T.MUTED, line_gap=0)
        T.draw_text(surf, "click to close", (rect.right - 8, rect.bottom - 4), 11, T.DIM, anchor="bottomright")
        return hover
