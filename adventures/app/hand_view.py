"""The hand at the bottom of the screen, with the deck and discard widgets beside it.

Each card shows its whole effect text where the hand's room allows (adventures/app/hand_plan.py
lays the cards side by side, each as wide as its text needs); else the cards fan out and
say "hover to read"."""
from __future__ import annotations

import pygame

from adventures.app import card_view
from adventures.app import theme as T
from adventures.app.board_view import abbreviation
from adventures.app.hand_plan import GAP, MAX_CARD_H, MAX_PEEKS, PEEK, peeks, plan_hand
from adventures.app.widgets import HitList

INFO_W = 104           # the owner's name (or the hands' tabs) and the deck and discard piles
PILE_MIN = 48
LIFT = 8                # how far the card under the mouse rises (a playable card half as far)


def _box_h() -> int:
    """A pile's box in the narrow column: its name over its count."""
    return T.font(11).get_linesize() + T.font(15, True).get_linesize() + 2


class HandView:
    def __init__(self):
        self.hits = HitList()
        self.card_rects: list[tuple[pygame.Rect, object]] = []
        self.plan = None                 # the reading layout drawn last (hand_plan.HandPlan), if any
        self.name_size = None
        self.compact = False             # the info column drawn narrow, for the cards' width

    @staticmethod
    def _info(rect: pygame.Rect, compact: bool) -> pygame.Rect:
        """The column left of the cards: owner or tabs, deck and discard."""
        if compact:
            width = max(T.text_width("discard", 11), T.text_width("Mic", 12, True) + 12) + 6
            return pygame.Rect(rect.left + 4, rect.top + 6, width, rect.height - 10)
        u = max(1.0, min(T.SCALE, 1.2))
        return pygame.Rect(rect.left + 10, rect.top + 8, int(INFO_W * u) - 14, rect.height - 16)

    @staticmethod
    def _side_tabs(info: pygame.Rect, tabs, compact: bool) -> bool:
        """Whether the hands' tabs go down the info column (else along the top edge)."""
        if not tabs:
            return False
        tab_h = T.font(12, True).get_linesize() + 4
        piles = 2 * (_box_h() + 4) if compact else T.font(11).get_linesize() + PILE_MIN
        names = compact or all(T.text_width(t.name, T.name_min(), True) + 14 <= info.width for t, _sel in tabs)
        return names and len(tabs) * (tab_h + 3) + piles <= info.height

    def _area(self, rect: pygame.Rect, tabs, compact: bool) -> pygame.Rect:
        info = self._info(rect, compact)
        gap = 5 if compact else 8
        area = pygame.Rect(info.right + gap, rect.top + 6, rect.right - info.right - gap - (4 if compact else 6),
                           rect.height - 10)
        if tabs and not self._side_tabs(info, tabs, compact):
            area.top += 20
            area.height -= 20
        return area

    def plan_for(self, rect: pygame.Rect, cards, tabs=(), mark_of=None):
        """(reading plan, compact info column) of `cards` in the hand region `rect`: the
        normal column where the cards fit beside it, else the narrow one; (None, False) where
        neither fits (the hand fans out). Only for cards the one looking may see."""
        mark_of = mark_of or (lambda card: None)
        marks = [mark_of(c) for c in cards]
        best = (None, False)
        for compact in (False, True):
            area = self._area(rect, tabs, compact)
            plan = plan_hand(cards, area.width, area.height - LIFT, marks)
            if plan is not None and plan.whole:
                return plan, compact
            if plan is not None and (best[0] is None or len(plan.short) < len(best[0].short)):
                best = (plan, compact)      # some cards read, the others hover to read
        return best

    def needs_taller(self, usual: pygame.Rect, taller: pygame.Rect, cards, tabs=(), mark_of=None) -> bool:
        """Whether `cards` are read whole only in the `taller` hand region (the game screen
        then lays out that one: layout.GameLayout's tall_hand)."""
        if len(cards) < 2 or taller.height <= usual.height:
            return False
        here, there = self.plan_for(usual, cards, tabs, mark_of)[0], self.plan_for(taller, cards, tabs, mark_of)[0]
        return (here is None or not here.whole) and there is not None and there.whole

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, side, *, hidden: bool, legal: set[int],
             choosing: bool, hover_pos, tabs: list = (), hidden_reason: str = "", mark_of=None) -> object | None:
        """Draw `side`'s hand; returns the card under the mouse (for the detail popup).
        `mark_of(card)`: a card's provenance badge. The cards are laid out to be read
        (`self.plan`) where the room allows, the info column narrowed if that makes the
        room; else they fan out and their names share one size, the largest at which every
        name of the hand fits its card."""
        self.hits.clear()
        self.card_rects = []
        self.plan = None
        self.compact = False
        pygame.draw.rect(surf, T.PANEL, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.topright)
        if side is None:
            T.draw_text(surf, "No hand to show.", rect.center, 15, T.MUTED, anchor="center")
            return None
        mark_of = mark_of or (lambda card: None)
        cards = list(side.hand)
        # a card the looker may not see is never measured: its width would tell its text's length
        readable = bool(cards) and not hidden and all(card_view.visible(c) for c in cards)
        plan, compact = self.plan_for(rect, cards, tabs, mark_of) if readable else (None, False)
        self.plan, self.compact = plan, compact
        info = self._info(rect, compact)
        side_tabs = self._side_tabs(info, tabs, compact)
        self._draw_info(surf, info, side, tabs, side_tabs, compact, hover_pos)
        area = self._area(rect, tabs, compact)
        if tabs and not side_tabs:
            self._draw_top_tabs(surf, rect, area, tabs)
        if not cards:
            T.draw_text(surf, "(empty hand)", area.center, 15, T.DIM, anchor="center")
            return None
        if plan is not None:
            return self._draw_plan(surf, area, cards, plan, legal, choosing, hover_pos, mark_of)
        color = T.seat_color(side)
        return self._draw_fan(surf, area, cards, min(area.height - LIFT, MAX_CARD_H), color, hidden, hidden_reason,
                              legal, choosing, hover_pos, mark_of)

    def _draw_info(self, surf, info: pygame.Rect, side, tabs, side_tabs: bool, compact: bool, hover_pos) -> None:
        """Whose hand (tabs down the column, or the owner's name), then the deck and discard
        (click to browse). Narrow: the tabs and the owner say the hero's first letters."""
        color = T.seat_color(side)
        tab_h = T.font(12, True).get_linesize() + 4
        if side_tabs:
            y = info.top
            for tab_side, selected in tabs:
                r = pygame.Rect(info.left, y, info.width, tab_h)
                tab_color = T.seat_color(tab_side)
                pygame.draw.rect(surf, tab_color if selected else T.PANEL_HI, r, border_radius=tab_h // 2)
                label = abbreviation(tab_side.name) if compact else tab_side.name
                T.draw_text(surf, label, (r.left + 7, r.centery) if not compact else r.center, 12,
                            T.readable_on(tab_color) if selected else T.MUTED, bold=True,
                            anchor="midleft" if not compact else "center", max_width=r.width - 14, name=True)
                self.hits.add(r, ("tab", tab_side))
                y += tab_h + 3
            top = y
        elif compact:             # the owner's chip, where the piles leave room for it
            if info.height >= tab_h + 3 + 2 * (_box_h() + 4):
                r = pygame.Rect(info.left, info.top, info.width, tab_h)
                pygame.draw.rect(surf, color, r, border_radius=tab_h // 2)
                T.draw_text(surf, abbreviation(side.name), r.center, 12, T.readable_on(color), bold=True,
                            anchor="center")
            top = info.top
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
        if compact:               # two boxes at the bottom, one above the other, each its name and count
            self._draw_compact_piles(surf, info, side, hover_pos)
            return
        pile_label = T.font(11).get_linesize()
        pile_w = (info.width - 8) // 2           # side by side, under their labels
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
        self._pile_hits(surf, side, deck_r, disc_r, hover_pos)

    def _draw_compact_piles(self, surf, info: pygame.Rect, side, hover_pos) -> None:
        """The narrow column's deck and discard: a box each, its name over its count (the
        discard's top card is a click away)."""
        h = _box_h()
        deck_r = pygame.Rect(info.left, info.bottom - 2 * h - 4, info.width, h)
        disc_r = pygame.Rect(info.left, info.bottom - h, info.width, h)
        for r, name, pile in ((deck_r, "deck", side.deck), (disc_r, "discard", side.discard)):
            pygame.draw.rect(surf, T.BG, r, border_radius=6)
            pygame.draw.rect(surf, T.PANEL_EDGE, r, 1, border_radius=6)
            T.draw_text(surf, name, (r.centerx, r.top + 2), 11, T.MUTED, anchor="midtop", max_width=r.width - 2)
            T.draw_text(surf, str(len(pile)), (r.centerx, r.bottom - 2), 15, T.TEXT, bold=True, anchor="midbottom")
        self._pile_hits(surf, side, deck_r, disc_r, hover_pos)

    def _pile_hits(self, surf, side, deck_r: pygame.Rect, disc_r: pygame.Rect, hover_pos) -> None:
        """A click on a pile browses it; the one under the mouse is lit."""
        self.hits.add(disc_r, ("pile", side, "discard"))
        self.hits.add(deck_r, ("pile", side, "deck"))
        if disc_r.collidepoint(hover_pos) or deck_r.collidepoint(hover_pos):
            pygame.draw.rect(surf, T.HOVER, (disc_r if disc_r.collidepoint(hover_pos) else deck_r).inflate(4, 4), 2,
                             border_radius=9)

    def _draw_top_tabs(self, surf, rect: pygame.Rect, area: pygame.Rect, tabs) -> None:
        """The hands' tabs along the top edge, right-aligned, where the column has no room."""
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

    def _draw_plan(self, surf, area: pygame.Rect, cards, plan, legal: set[int], choosing: bool, hover_pos,
                   mark_of) -> object | None:
        """Every card's whole text at the plan's size: each face in its row, the copies of a
        stack showing their edges at its right (each a card to click); a card whose text the
        room cannot hold (plan.short) is drawn as in a fan, hover to read."""
        style = {"reading": (plan.text_size, plan.band_lines, plan.name_size)}
        self.name_size = None
        top = area.bottom - (plan.height * len(plan.rows) + GAP * (len(plan.rows) - 1))
        lift = LIFT if len(plan.rows) == 1 else GAP      # a raised card keeps off the row above
        placed = []                          # (face index, face rect, [(card, its own rect, hit rect)])
        for k, row in enumerate(plan.rows):
            x = area.left + max(0, (area.width - plan.row_width(k)) // 2)
            y = top + k * (plan.height + GAP)
            for f in row:
                face = plan.faces[f]
                w = plan.widths[f] - peeks(len(face))
                front = pygame.Rect(x, y, w, plan.height)
                own = [(cards[face[0]], front, front)]
                for j, i in enumerate(face[1:], 1):     # the copies under it, their edges at its right
                    r = front.move(PEEK * min(j, MAX_PEEKS), 0)
                    own.append((cards[i], r, pygame.Rect(r.right - PEEK, r.top, PEEK, r.height)))
                placed.append((f, front, own))
                x += plan.widths[f] + GAP
        hover = next((k for k, (_f, _front, own) in enumerate(placed)
                      if any(hit.collidepoint(hover_pos) for _c, _r, hit in own)), None)
        for k, (f, front, own) in enumerate(placed):
            card = own[0][0]
            is_legal = any(c.uid in legal for c, _r, _h in own)
            up = lift if k == hover else (lift // 2 if is_legal and choosing else 0)
            dim = choosing and bool(legal) and not is_legal
            for _c, r, _h in reversed(own[1:]):
                card_view.draw_back(surf, r.move(0, -up), (150, 146, 138) if dim else (226, 220, 206))
            face_style = {} if f in plan.short else dict(style, copies=len(own))    # short: as in a fan
            card_view.draw_card(surf, card, front.move(0, -up), legal=is_legal and choosing, hover=k == hover,
                                dim=dim, mark=mark_of(card), **face_style)
        for _f, _front, own in placed:
            for c, r, hit in own:
                self.hits.add(pygame.Rect(hit.left, hit.top - lift, hit.width, hit.height + lift), ("card", c))
                self.card_rects.append((r, c))
        return placed[hover][2][0][0] if hover is not None else None

    def _draw_fan(self, surf, area: pygame.Rect, cards, ch: int, color, hidden: bool, hidden_reason: str,
                  legal: set[int], choosing: bool, hover_pos, mark_of) -> object | None:
        """Too many long cards for the room (or a hand the one looking may not see): a fan,
        each card hover to read."""
        n = len(cards)
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
        style = {"name_size": card_view.shared_name_size(cards, (rects[0].width, ch))}
        self.name_size = style["name_size"]

        def visible_part(i: int) -> pygame.Rect:
            if i == n - 1:
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
