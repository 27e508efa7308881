"""The hand at the bottom of the screen, with the deck and discard widgets beside it."""
from __future__ import annotations

import pygame

from adventures.app import card_view
from adventures.app import theme as T
from adventures.app.widgets import HitList

INFO_W = 168
LIFT = 14               # how far the card under the mouse rises (a playable card half as far)


class HandView:
    def __init__(self):
        self.hits = HitList()
        self.card_rects: list[tuple[pygame.Rect, object]] = []

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, side, *, hidden: bool, legal: set[int],
             choosing: bool, hover_pos, tabs: list = (), hidden_reason: str = "", mark_of=None) -> object | None:
        """Draw `side`'s hand; returns the card under the mouse (for the detail popup).
        `mark_of(card)`: a card's provenance badge. The names share one size, the largest
        at which every name of the hand fits its card."""
        self.hits.clear()
        self.card_rects = []
        pygame.draw.rect(surf, T.PANEL, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.topright)
        if side is None:
            T.draw_text(surf, "No hand to show.", rect.center, 15, T.MUTED, anchor="center")
            return None
        color = T.seat_color(side)
        info = pygame.Rect(rect.left + 10, rect.top + 10, INFO_W - 14, rect.height - 20)
        pygame.draw.rect(surf, color, (info.left, info.top + 2, 4, 18), border_radius=2)
        T.draw_text(surf, f"{side.name}", (info.left + 10, info.top), 16, T.TEXT, bold=True,
                    max_width=info.width - 10)
        T.draw_text(surf, f"hand: {len(side.hand)} card{'s' if len(side.hand) != 1 else ''}",
                    (info.left + 10, info.top + 21), 13, T.MUTED)
        # deck and discard widgets (click to browse the discard pile)
        pile_h = max(52, min(86, info.bottom - info.top - 60))
        pile_w = int(pile_h * 0.72)
        deck_r = pygame.Rect(info.left, info.bottom - pile_h, pile_w, pile_h)
        disc_r = pygame.Rect(deck_r.right + 10, deck_r.top, pile_w, pile_h)
        if side.deck:
            card_view.draw_back(surf, deck_r, T.mix(color, (40, 40, 40), 0.45))
        else:
            pygame.draw.rect(surf, T.BG, deck_r, border_radius=8)
            pygame.draw.rect(surf, T.PANEL_EDGE, deck_r, 1, border_radius=8)
        T.draw_text(surf, str(len(side.deck)), deck_r.center, 18, T.TEXT, bold=True, anchor="center")
        T.draw_text(surf, "deck", (deck_r.centerx, deck_r.top - 2), 11, T.MUTED, anchor="midbottom")
        if side.discard:         # the top card face up and readable: its count is in the label above it
            card_view.draw_card(surf, side.discard[-1], disc_r)
        else:
            pygame.draw.rect(surf, T.BG, disc_r, border_radius=8)
            pygame.draw.rect(surf, T.PANEL_EDGE, disc_r, 1, border_radius=8)
        T.draw_text(surf, f"discard {len(side.discard)}", (disc_r.centerx, disc_r.top - 2), 11, T.MUTED,
                    anchor="midbottom", max_width=pile_w + 8)
        self.hits.add(disc_r, ("pile", side, "discard"))
        self.hits.add(deck_r, ("pile", side, "deck"))
        if disc_r.collidepoint(hover_pos) or deck_r.collidepoint(hover_pos):
            pygame.draw.rect(surf, T.HOVER, (disc_r if disc_r.collidepoint(hover_pos) else deck_r).inflate(4, 4), 2,
                             border_radius=9)

        area = pygame.Rect(rect.left + INFO_W + 8, rect.top + 8, rect.width - INFO_W - 16, rect.height - 14)
        # other players' hands (open hands): tabs along the top edge
        if tabs:
            x = area.right
            for tab_side, selected in reversed(tabs):
                label = tab_side.name
                w = T.text_width(label, 12, True) + 18
                x -= w + 4
                r = pygame.Rect(x, rect.top + 4, w, 20)
                pygame.draw.rect(surf, T.seat_color(tab_side) if selected else T.PANEL_HI, r, border_radius=10)
                T.draw_text(surf, label, r.center, 12, T.readable_on(T.seat_color(tab_side)) if selected else T.MUTED,
                            bold=True, anchor="center")
                self.hits.add(r, ("tab", tab_side))
            area.top += 20
            area.height -= 20
        cards = list(side.hand)
        if not cards:
            T.draw_text(surf, "(empty hand)", area.center, 15, T.DIM, anchor="center")
            return None
        ch = min(area.height - LIFT, 210)          # a raised card stays inside the hand's area
        cw = int(ch * 0.7)
        n = len(cards)
        step = cw + 10
        if n * step - 10 > area.width:
            step = max(24, (area.width - cw) // max(1, n - 1))
        total = step * (n - 1) + cw
        x0 = area.left + max(0, (area.width - total) // 2)
        rects = [pygame.Rect(x0 + i * step, area.bottom - ch, cw, ch) for i in range(n)]
        if hidden:
            for r in rects:
                card_view.draw_back(surf, r, T.mix(color, (40, 40, 40), 0.45))
            msg = hidden_reason or "Hand hidden"
            img = T.render(msg, 15, T.TEXT, True)
            box = img.get_rect(center=area.center).inflate(20, 10)
            pygame.draw.rect(surf, (10, 12, 18), box, border_radius=6)
            surf.blit(img, img.get_rect(center=box.center))
            return None
        mark_of = mark_of or (lambda card: None)
        name_size = card_view.shared_name_size(cards, (cw, ch))
        self.name_size = name_size
        hover_i = None
        for i in range(n - 1, -1, -1):   # topmost (rightmost) card wins overlapping hovers
            visible = rects[i] if i == n - 1 else rects[i].clip(pygame.Rect(rects[i].left, rects[i].top, step,
                                                                           rects[i].height))
            if visible.collidepoint(hover_pos):
                hover_i = i
                break
        for i, (card, r) in enumerate(zip(cards, rects)):
            if i == hover_i:
                continue
            is_legal = card.uid in legal
            lift = LIFT // 2 if is_legal and choosing else 0
            card_view.draw_card(surf, card, r.move(0, -lift), legal=is_legal and choosing,
                                dim=choosing and bool(legal) and not is_legal, mark=mark_of(card), name_size=name_size)
        if hover_i is not None:
            card, r = cards[hover_i], rects[hover_i]
            is_legal = card.uid in legal
            card_view.draw_card(surf, card, r.move(0, -LIFT), legal=is_legal and choosing, hover=True,
                                dim=choosing and bool(legal) and not is_legal, mark=mark_of(card), name_size=name_size)
        for i, (card, r) in enumerate(zip(cards, rects)):
            hit = r if i == n - 1 else pygame.Rect(r.left, r.top - LIFT, step, r.height + LIFT)
            self.hits.add(hit, ("card", card))
            self.card_rects.append((r, card))
        return cards[hover_i] if hover_i is not None else None
