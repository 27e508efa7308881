"""The hand at the bottom of the screen, with the deck and discard widgets beside it.

Each card shows its whole effect text where the hand's room allows (adventures/app/hand_plan.py
lays the cards side by side, each as wide as its text needs); else the cards fan out and
say "hover to read"."""
from __future__ import annotations

import pygame

from adventures.app import card_view
from adventures.app import theme as T
from adventures.app.hand_plan import GAP, plan_hand
from adventures.app.widgets import HitList

INFO_W = 104           # the owner's name (or the hands' tabs) and the deck and discard piles
PILE_MIN = 48
LIFT = 8                # how far the card under the mouse rises (a playable card half as far)


class HandView:
    def __init__(self):
        self.hits = HitList()
        self.card_rects: list[tuple[pygame.Rect, object]] = []
        self.plan = None                 # the reading layout drawn last (hand_plan.HandPlan), if any
        self.name_size = None

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, side, *, hidden: bool, legal: set[int],
             choosing: bool, hover_pos, tabs: list = (), hidden_reason: str = "", mark_of=None) -> object | None:
        """Draw `side`'s hand; returns the card under the mouse (for the detail popup).
        `mark_of(card)`: a card's provenance badge. The cards are laid out to be read
        (`self.plan`) where the room allows; else they fan out and their names share one
        size, the largest at which every name of the hand fits its card."""
        self.hits.clear()
        self.card_rects = []
        self.plan = None
        pygame.draw.rect(surf, T.PANEL, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.topright)
        if side is None:
            T.draw_text(surf, "No hand to show.", rect.center, 15, T.MUTED, anchor="center")
            return None
        color = T.seat_color(side)
        u = max(1.0, min(T.SCALE, 1.2))
        info = pygame.Rect(rect.left + 10, rect.top + 8, int(INFO_W * u) - 14, rect.height - 16)
        pile_label = T.font(11).get_linesize()
        # other players' hands (open hands): tabs down the info column where they fit, naming the
        # hand shown; else along the top edge of the hand, its owner named in the column
        tab_h = T.font(12, True).get_linesize() + 4
        side_tabs = bool(tabs) and len(tabs) * (tab_h + 3) + pile_label + PILE_MIN <= info.height and all(
            T.text_width(t.name, T.name_min(), True) + 14 <= info.width for t, _sel in tabs)
        if side_tabs:
            y = info.top
            for tab_side, selected in tabs:
                r = pygame.Rect(info.left, y, info.width, tab_h)
                tab_color = T.seat_color(tab_side)
                pygame.draw.rect(surf, tab_color if selected else T.PANEL_HI, r, border_radius=tab_h // 2)
                T.draw_text(surf, tab_side.name, (r.left + 7, r.centery), 12,
                            T.readable_on(tab_color) if selected else T.MUTED, bold=True, anchor="midleft",
                            max_width=r.width - 14, name=True)
                self.hits.add(r, ("tab", tab_side))
                y += tab_h + 3
            top = y
        else:
            pygame.draw.rect(surf, color, (info.left, info.top + 2, 4, 18), border_radius=2)
            lines, size = T.wrap_name(side.name, 16, info.width - 10, True, 2)
            y = info.top
            for line in lines:
                T.draw_text(surf, line, (info.left + 10, y), size, T.TEXT, bold=True, max_width=info.width - 10,
                            name=True)
                y += T.font(size, True).get_linesize()
            T.draw_text(surf, f"hand: {len(side.hand)} card{'s' if len(side.hand) != 1 else ''}",
                        (info.left + 10, y + 1), 13, T.MUTED, max_width=info.width - 10)
            top = y + 1 + T.font(13).get_linesize()
        # deck and discard widgets (click to browse the discard pile)
        pile_w = (info.width - 8) // 2
        pile_h = max(PILE_MIN, min(int(pile_w / 0.72), info.bottom - top - pile_label - 2))
        deck_r = pygame.Rect(info.left, info.bottom - pile_h, pile_w, pile_h)
        disc_r = pygame.Rect(deck_r.right + 8, deck_r.top, pile_w, pile_h)
        if side.deck:
            card_view.draw_back(surf, deck_r, T.mix(color, (40, 40, 40), 0.45))
        else:
            pygame.draw.rect(surf, T.BG, deck_r, border_radius=8)
            pygame.draw.rect(surf, T.PANEL_EDGE, deck_r, 1, border_radius=8)
        T.draw_text(surf, str(len(side.deck)), deck_r.center, 18, T.TEXT, bold=True, anchor="center")
        deck_label = T.draw_text(surf, "deck", (deck_r.left, deck_r.top - 2), 11, T.MUTED, anchor="bottomleft")
        if side.discard:         # the top card face up and readable: its count is in the label above it
            card_view.draw_card(surf, side.discard[-1], disc_r)
        else:
            pygame.draw.rect(surf, T.BG, disc_r, border_radius=8)
            pygame.draw.rect(surf, T.PANEL_EDGE, disc_r, 1, border_radius=8)
        T.draw_text(surf, f"discard {len(side.discard)}", (disc_r.right, disc_r.top - 2), 11, T.MUTED,
                    anchor="bottomright", max_width=disc_r.right - deck_label.right - 6)
        self.hits.add(disc_r, ("pile", side, "discard"))
        self.hits.add(deck_r, ("pile", side, "deck"))
        if disc_r.collidepoint(hover_pos) or deck_r.collidepoint(hover_pos):
            pygame.draw.rect(surf, T.HOVER, (disc_r if disc_r.collidepoint(hover_pos) else deck_r).inflate(4, 4), 2,
                             border_radius=9)

        area = pygame.Rect(info.right + 8, rect.top + 6, rect.right - info.right - 14, rect.height - 10)
        if tabs and not side_tabs:
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
        mark_of = mark_of or (lambda card: None)
        ch = min(area.height - LIFT, 230)          # a raised card stays inside the hand's area
        n = len(cards)
        # a card the looker may not see is never measured: its width would tell its text's length
        readable = not hidden and all(card_view.visible(c) for c in cards)
        plan = plan_hand(cards, area.width, ch, [mark_of(c) for c in cards]) if readable else None
        self.plan = plan
        if plan is not None:       # every card side by side, its whole text at the plan's size
            x = area.left + max(0, (area.width - plan.total) // 2)
            rects = []
            for w in plan.widths:
                rects.append(pygame.Rect(x, area.bottom - ch, w, ch))
                x += w + GAP
            step = None
        else:                      # too many long cards for the room: a fan, each one hover to read
            cw = int(ch * 0.7)
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
        style = {"reading": (plan.text_size, plan.band_lines, plan.name_size)} if plan is not None else {
            "name_size": card_view.shared_name_size(cards, (rects[0].width, ch))}
        self.name_size = style.get("name_size")

        def visible_part(i: int) -> pygame.Rect:
            if step is None or i == n - 1:
                return rects[i]
            return rects[i].clip(pygame.Rect(rects[i].left, rects[i].top, step, rects[i].height))

        hover_i = None
        for i in range(n - 1, -1, -1):   # topmost (rightmost) card wins overlapping hovers
            if visible_part(i).collidepoint(hover_pos):
                hover_i = i
                break
        for i, (card, r) in enumerate(zip(cards, rects)):
            if i == hover_i:
                continue
            is_legal = card.uid in legal
            lift = LIFT // 2 if is_legal and choosing else 0
            card_view.draw_card(surf, card, r.move(0, -lift), legal=is_legal and choosing,
                                dim=choosing and bool(legal) and not is_legal, mark=mark_of(card), **style)
        if hover_i is not None:
            card, r = cards[hover_i], rects[hover_i]
            is_legal = card.uid in legal
            card_view.draw_card(surf, card, r.move(0, -LIFT), legal=is_legal and choosing, hover=True,
                                dim=choosing and bool(legal) and not is_legal, mark=mark_of(card), **style)
        for i, (card, r) in enumerate(zip(cards, rects)):
            part = visible_part(i)
            self.hits.add(pygame.Rect(part.left, r.top - LIFT, part.width, r.height + LIFT), ("card", card))
            self.card_rects.append((r, card))
        return cards[hover_i] if hover_i is not None else None
