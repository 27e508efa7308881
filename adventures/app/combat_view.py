"""The combat panel: both cards revealed together, then the totals and the damage.

It is fed from game events: "reveal" (the cards, read from game.combat while it is live)
and "combat" (attack, defense and damage values). It lives exactly as long as its combat:
once the fight is over (its Combat is no longer in game.combat_stack) the next event or
question takes it away, so it never lingers into the next turn or round. The controller
holds the game on the result for a few seconds (settings: combat_seconds); meanwhile the
panel shows "Continue (Space)", which ends the hold.

The panel draws into whatever rect it is given (the layout's combat region): the cards
take the height that is left after the names, the result and the effect lines.
"""
from __future__ import annotations

import pygame

from adventures.app import card_view
from adventures.app import theme as T

CONTINUE = "Continue (Space)"
MAX_CARD_W = 150          # cards no bigger than this: the rest of the region is left to the log


class CombatSnapshot:
    __slots__ = ("combat", "attacker", "defender", "att_card", "def_card", "att", "dfn", "damage", "steps")

    def __init__(self, attacker, defender, att_card, def_card, combat=None):
        self.combat = combat           # the engine's Combat: the panel leaves when it is over
        self.attacker = attacker
        self.defender = defender
        self.att_card = att_card
        self.def_card = def_card
        self.att = self.dfn = self.damage = None
        self.steps: list[str] = []     # effect lines after the reveal, in order


class CombatView:
    def __init__(self):
        self.snapshot: CombatSnapshot | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.continue_rect = pygame.Rect(0, 0, 0, 0)
        self.card_rects: list[tuple[pygame.Rect, object]] = []
        self.holding = False           # the controller holds the game on the result

    def on_event(self, game, event: dict) -> None:
        kind = event.get("kind")
        if kind == "reveal":
            c = game.combat
            if c is not None:
                self.snapshot = CombatSnapshot(c.attacker, c.defender, c.att_card, c.def_card, c)
            return
        self.sync(game)
        if self.snapshot is None:
            return
        if kind == "combat":
            self.snapshot.att = event.get("attack")
            self.snapshot.dfn = event.get("defense")
            self.snapshot.damage = event.get("damage")
        elif kind != "draw" and len(self.snapshot.steps) < 6:
            self.snapshot.steps.append(str(event.get("text", "")))

    def sync(self, game) -> None:
        """The panel leaves with its combat."""
        snap = self.snapshot
        if snap is not None and (game is None or not any(c is snap.combat for c in game.combat_stack)):
            self.dismiss()

    def dismiss(self) -> None:
        self.snapshot = None

    @property
    def shown(self) -> bool:
        return self.snapshot is not None

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, hover_pos, mark_of=None) -> object | None:
        """Draw the panel at the top of `rect`, as tall as it needs (at most the rect: the
        cards shrink first); returns the card under the mouse."""
        self.card_rects = []
        self.continue_rect = pygame.Rect(0, 0, 0, 0)
        snap = self.snapshot
        if snap is None or rect.width < 40 or rect.height < 40:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return None
        pad = 8
        inner = rect.inflate(-2 * pad, -2 * pad)
        top = inner.top + T.font(12, True).get_linesize() + 2
        names_h = T.font(12, True).get_linesize() + T.font(11).get_linesize() + 2
        step_h = T.font(11).get_linesize()
        result_h = T.font(14, True).get_linesize() if snap.att is not None else 0
        button_h = T.font(13).get_linesize() + 10
        gap = max(18, T.text_width("vs", 15, True) + 10)
        # a wide, short region puts the result beside the cards; otherwise it goes below
        side_by_side = inner.width > 2.6 * (inner.bottom - top)
        if side_by_side:
            card_h = inner.bottom - top - names_h
            card_w = int(card_h * 0.7)
            cards = pygame.Rect(inner.left, top, min(inner.width // 2, 2 * card_w + gap + 40), card_h + names_h)
            text = pygame.Rect(cards.right + 10, top, inner.right - cards.right - 10, inner.bottom - top)
        else:
            steps_h = sum(len(T.wrap(step, 11, max(10, inner.width))) for step in snap.steps[-3:]) * step_h
            below = result_h + (button_h + 4 if self.holding else 0) + 4
            room = inner.bottom - top - names_h - below
            # the cards come first (70% of the room: a thumbnail would not even show its
            # name); the effect lines get the rest, and the log keeps them all
            steps_h = min(steps_h, max(0, room - max(60, int(room * 0.7))))
            col_w = (inner.width - gap) // 2
            card_w = min(MAX_CARD_W, col_w, int((room - steps_h) * 0.7))
            card_h = int(card_w / 0.7)
            cards = pygame.Rect(inner.left, top, inner.width, card_h + names_h)
            text = pygame.Rect(inner.left, cards.bottom + 4, inner.width, below - 4 + steps_h)
            rect = pygame.Rect(rect.left, rect.top, rect.width, min(rect.height, text.bottom + pad - rect.top))
        self.rect = pygame.Rect(rect)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((14, 16, 22, 240))
        surf.blit(shade, rect)
        pygame.draw.rect(surf, (200, 90, 90), rect, 2, border_radius=10)
        T.draw_text(surf, "COMBAT", (inner.centerx, inner.top), 12, (255, 150, 150), bold=True, anchor="midtop")
        col_w = (cards.width - gap) // 2
        card_w = max(10, min(int(card_h * 0.7), col_w))
        card_h = min(card_h, int(card_w / 0.7))
        hover = None
        mark_of = mark_of or (lambda card: None)
        shown = [c for c in (snap.att_card, snap.def_card) if c is not None]
        name_size = card_view.shared_name_size(shown, (card_w, card_h))
        for k, (fighter, card, verb) in enumerate(((snap.attacker, snap.att_card, "attacks"),
                                                  (snap.defender, snap.def_card, "defends"))):
            cx = cards.left + col_w // 2 + k * (col_w + gap)
            y = cards.top
            name_w = col_w + gap - 4         # a name may use the gap between the columns (the other's half)
            name_size = T.fit_size(fighter.name, 12, name_w, True)
            # a name wider than its column stays inside the panel (it once lost its first letter)
            half = min(T.text_width(fighter.name, name_size, True), name_w) // 2 + 1
            name_x = min(max(cx, inner.left + half), inner.right - half)
            T.draw_text(surf, fighter.name, (name_x, y), name_size,
                        T.mix(T.seat_color(fighter.side), (255, 255, 255), 0.25), bold=True, anchor="midtop",
                        max_width=name_w, name=True)
            y += T.font(12, True).get_linesize()
            T.draw_text(surf, verb, (cx, y), 11, T.MUTED, anchor="midtop")
            r = pygame.Rect(0, cards.top + names_h, card_w, card_h)
            r.centerx = cx
            if card is None:
                pygame.draw.rect(surf, T.BG, r, border_radius=8)
                pygame.draw.rect(surf, T.PANEL_EDGE, r, 1, border_radius=8)
                T.draw_text(surf, "no card", r.center, 12, T.DIM, anchor="center")
            else:
                over = r.collidepoint(hover_pos)
                card_view.draw_card(surf, card, r, hover=over, mark=mark_of(card), name_size=name_size)
                self.card_rects.append((r, card))
                if over:
                    hover = card
        T.draw_text(surf, "vs", (cards.centerx, cards.top + names_h + card_h // 2), 15, T.MUTED, bold=True,
                    anchor="center")

        # the result, the last effect lines, and the Continue button while the game holds
        y = text.top + (max(0, (text.height - result_h - button_h - 3 * step_h) // 2) if side_by_side else 0)
        bottom = text.bottom
        if self.holding:
            w = T.text_width(CONTINUE, 13, True) + 24
            self.continue_rect = pygame.Rect(text.right - w, bottom - button_h, w, button_h)
            over = self.continue_rect.collidepoint(hover_pos)
            pygame.draw.rect(surf, T.mix(T.ACCENT, T.HOVER, 0.2) if over else T.ACCENT, self.continue_rect,
                             border_radius=6)
            T.draw_text(surf, CONTINUE, self.continue_rect.center, 13, (12, 30, 12), bold=True, anchor="center")
            bottom = self.continue_rect.top - 4
        if snap.att is not None:
            dmg = snap.damage or 0
            result = f"{snap.att} vs {snap.dfn}: " + (f"{dmg} damage" if dmg else "blocked")
            size = T.fit_size(result, 14, text.width, True)
            T.draw_text(surf, result, (text.centerx, y), size, (255, 140, 130) if dmg else (150, 210, 255),
                        bold=True, anchor="midtop")
            y += result_h
        room = max(0, (bottom - y) // step_h)
        lines: list[str] = []
        for step in reversed(snap.steps[-3:]):          # the newest whole effect lines that fit
            wrapped = list(T.wrap(step, 11, max(10, text.width)))
            if len(lines) + len(wrapped) > room:
                break
            lines = wrapped + lines
        for line in lines:
            T.draw_text(surf, line, (text.left, y), 11, T.MUTED)
            y += step_h
        return hover
