"""Turning an engine Decision into something clickable: board spaces, fighters, cards in
hand, and buttons for everything else (every option always has a button or a number key).
"""
from __future__ import annotations

from collections import defaultdict

import pygame

from adventures.app import theme as T
from adventures.app.board_view import SUGGESTED, Highlights
from adventures.app.private import group_label
from adventures.app.widgets import Button, button_width, flow
from engine.decisions import SPACE, TABLE
from engine.state import Card, Fighter

BUTTON_H = 30


class PromptModel:
    """Where each option of a decision can be picked."""

    def __init__(self, game, decision, hand_side=None, private: dict[int, list[int]] | None = None):
        self.game = game
        self.decision = decision
        self.private = private or {}       # side index -> options naming a card in that hidden hand
        self.space_opts: dict[int, list[int]] = defaultdict(list)
        self.fighter_opts: dict[int, list[int]] = defaultdict(list)
        self.card_opts: dict[int, list[int]] = defaultdict(list)
        self.routes: dict[int, tuple[int, ...]] = {}
        self.circle_opts: dict[int, list[int]] = defaultdict(list)   # Foot circle -> options
        self.option_space: dict[int, int] = {}       # option -> the space it points at (for hover)
        self.suggested: int | None = None            # the option Suggest picked (marked, app/suggest.py)
        self.mapped: set[int] = set()
        hand = {c.uid for c in hand_side.hand} if hand_side is not None else set()
        board = game.board
        for i, o in enumerate(decision.options):
            if isinstance(o, Fighter):
                if o.space is not None:
                    self.fighter_opts[o.uid].append(i)
                    self.option_space[i] = o.space
                    self.mapped.add(i)
            elif isinstance(o, Card) or (isinstance(o, tuple) and any(isinstance(x, Card) for x in o)):
                card = o if isinstance(o, Card) else next(x for x in o if isinstance(x, Card))
                if card.uid in hand:
                    self.card_opts[card.uid].append(i)
                    self.mapped.add(i)
            elif isinstance(o, tuple) and len(o) == 2 and all(isinstance(x, Fighter) for x in o):
                target = o[1]                 # (attacker, target): click the target
                if target.space is not None:
                    self.fighter_opts[target.uid].append(i)
                    self.option_space[i] = target.space
                    self.mapped.add(i)
            elif isinstance(o, tuple) and o and all(isinstance(x, int) for x in o):
                self.routes[i] = o            # a route: shown as a button with a preview
                self.option_space[i] = o[-1]
            elif isinstance(o, int) and (decision.context or {}).get("pick") == "circle":
                if 0 <= o < len(board.circles):      # a circle index, not a space number
                    self.circle_opts[o].append(i)
                    self.mapped.add(i)
            elif isinstance(o, int) and not isinstance(o, bool) and decision.kind == SPACE:
                space = board.start.get(o) if decision.tag == "start_space" else o
                if space is not None and 0 <= space < board.n:
                    self.space_opts[space].append(i)
                    self.option_space[i] = space
                    self.mapped.add(i)

    @property
    def seat(self) -> int:
        return self.decision.seat

    def label(self, i: int) -> str:
        return self.decision.label(i)

    def highlights(self, only: list[int] | None = None) -> Highlights:
        allowed = set(only) if only is not None else None
        hl = Highlights()
        for s, opts in self.space_opts.items():
            if allowed is None or allowed & set(opts):
                hl.spaces.add(s)
        for uid, opts in self.fighter_opts.items():
            if allowed is None or allowed & set(opts):
                hl.fighters.add(uid)
        for k, opts in self.circle_opts.items():
            if allowed is None or allowed & set(opts):
                hl.circles.add(k)
        return hl

    def mark_suggested(self, hl: Highlights, pick: int | None, spaces=()) -> None:
        """Mark option `pick` as suggested: its space, fighter or Foot circle on the board (and
        the `spaces` its reason is about), its route previewed; its card and button are
        marked by `mark_cards` and the prompt bar."""
        self.suggested = pick
        if pick is None:
            return
        hl.suggested.update(s for s in spaces if s is not None)
        if pick in self.option_space:
            hl.suggested.add(self.option_space[pick])
        hl.suggested_circles.update(k for k, opts in self.circle_opts.items() if pick in opts)
        if pick in self.routes and hl.route is None:
            hl.route = self.routes[pick]

    def suggested_cards(self) -> set[int]:
        """The uids of the hand's cards that pick the suggested option."""
        if self.suggested is None:
            return set()
        return {uid for uid, opts in self.card_opts.items() if self.suggested in opts}

    def options_at_circle(self, k: int) -> list[int]:
        return list(self.circle_opts.get(k, []))

    def options_at_space(self, space: int) -> list[int]:
        out = list(self.space_opts.get(space, []))
        occupant = self.game.occ[space]
        if occupant is not None:
            out += [i for i in self.fighter_opts.get(occupant.uid, []) if i not in out]
        return out

    def options_for_card(self, card) -> list[int]:
        return list(self.card_opts.get(card.uid, []))

    def legal_cards(self) -> set[int]:
        return set(self.card_opts)

    def option_value(self, i: int):
        return self.decision.options[i]

    def private_options(self) -> set[int]:
        return {i for opts in self.private.values() for i in opts}


def who_decides(game, decision) -> tuple[str, T.Color]:
    if decision.seat == TABLE:
        return "Players choose", T.ACCENT
    side = next((s for s in game.sides if s.index == decision.seat and not s.is_enemy), None)
    if side is None:
        return f"Seat {decision.seat}", T.MUTED
    return f"{side.name} decides", T.seat_color(side)


class PromptBar:
    """The question, who answers it, and a button per option that fits."""

    def __init__(self):
        self.buttons: list[Button] = []
        self.page = 0
        self.more = False

    def layout_buttons(self, model: PromptModel, area: pygame.Rect, narrowed: list[int] | None) -> list[Button]:
        n = len(model.decision.options)
        hidden = model.private_options() if narrowed is None else set()
        indices = narrowed if narrowed is not None else [i for i in range(n) if i not in hidden]
        buttons = [self._button(model, i) for i in indices]
        if narrowed is None:        # one button per hidden hand: its owner picks behind the curtain
            for index in model.private:
                side = next(s for s in model.game.sides if s.index == index and not s.is_enemy)
                label = group_label(side, model.decision)
                buttons.append(Button(pygame.Rect(0, 0, button_width(label, 14, ""), BUTTON_H), label,
                                      value=("private", index), size=14, color=T.seat_color(side)))
        if narrowed is not None:
            buttons.append(Button(pygame.Rect(0, 0, 80, BUTTON_H), "back", value="back", size=14))
        placed = flow(buttons, area, int(BUTTON_H * T.SCALE))
        if len(placed) < len(buttons) and narrowed is None and model.mapped:
            # too many: the options only a button can pick come first, board/hand ones after
            buttons = ([b for b in buttons if b.value not in model.mapped]
                       + [b for b in buttons if b.value in model.mapped])
            placed = flow(buttons, area, int(BUTTON_H * T.SCALE))
        self.more = len(placed) < len(buttons)
        if self.more:   # still too many: page through them with the wheel or the "more" button
            per = max(1, len(placed) - 1)
            pages = (len(buttons) + per - 1) // per
            self.page %= max(1, pages)
            chunk = buttons[self.page * per:(self.page + 1) * per]
            more = f"more {self.page + 1}/{pages}"
            chunk.append(Button(pygame.Rect(0, 0, button_width(more, 14), BUTTON_H), more, value="more", size=14))
            placed = flow(chunk, area, int(BUTTON_H * T.SCALE))
        self.buttons = placed
        return placed

    def _button(self, model: PromptModel, i: int) -> Button:
        label = model.label(i)
        hotkey = str(i + 1) if i < 9 else ""
        color = None
        o = model.option_value(i)
        if isinstance(o, Fighter):
            color = T.seat_color(o.side)
        elif isinstance(o, tuple) and len(o) == 2 and all(isinstance(x, Fighter) for x in o):
            color = T.seat_color(o[1].side)
        return Button(pygame.Rect(0, 0, button_width(label, 14, hotkey), BUTTON_H), label, value=i,
                      hotkey=hotkey, primary=(i == 0), size=14, color=color)

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, game, model: PromptModel | None,
             narrowed: list[int] | None, hover_pos, status: str = "", reserved_right: int = 0,
             turn_side=None) -> None:
        pygame.draw.rect(surf, T.PANEL_HI if model is not None else T.PANEL, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.topright)
        x = rect.left + 12
        if model is None:
            self.buttons = []
            cur = turn_side          # whose turn it is (nobody's between rounds), not the last to act
            if cur is not None and game.over is None:
                color = T.seat_color(cur)
                chip = T.render(f"{cur.name}'s turn", 13, T.readable_on(color), True)
                chip_r = chip.get_rect().inflate(14, 6)
                chip_r.topleft = (x, rect.top + 9)
                pygame.draw.rect(surf, color, chip_r, border_radius=chip_r.height // 2)
                surf.blit(chip, chip.get_rect(center=chip_r.center))
                x = chip_r.right + 10
            # what just happened, wrapped (and smaller if need be) in the bar's height: never cut
            area = pygame.Rect(x, rect.top + 9, rect.right - reserved_right - x - 12, rect.height - 14)
            text = status or "…"
            size = next((s for s in range(16, 10, -1) if T.wrapped_height(text, s, area.width) <= area.height), 11)
            T.draw_wrapped(surf, text, area, size, T.TEXT)
            return
        d = model.decision
        who, color = who_decides(game, d)
        chip = T.render(who, 13, T.readable_on(color), True)
        chip_r = chip.get_rect(topleft=(x, rect.top + 8)).inflate(14, 6)
        chip_r.topleft = (x, rect.top + 7)
        pygame.draw.rect(surf, color, chip_r, border_radius=chip_r.height // 2)
        surf.blit(chip, chip.get_rect(center=chip_r.center))
        prompt_w = rect.right - reserved_right - chip_r.right - 24
        size = T.fit_size(d.prompt, 16, prompt_w, True, 12)     # a long question shrinks before it is cut
        T.draw_text(surf, d.prompt, (chip_r.right + 10, rect.top + 8 + (16 - size) // 2), size, T.TEXT, bold=True,
                    max_width=prompt_w)
        hint = self.hint(model, narrowed)
        if hint:
            T.draw_text(surf, hint, (rect.right - reserved_right - 8, rect.top + int(30 * T.SCALE)), 12, T.MUTED,
                        anchor="topright")
        u = T.SCALE
        area = pygame.Rect(x, rect.top + int(46 * u), rect.width - reserved_right - 24, rect.height - int(50 * u))
        for b in self.layout_buttons(model, area, narrowed):
            b.draw(surf, hover=b.rect.collidepoint(hover_pos))
            if model.suggested is not None and b.value == model.suggested and not isinstance(b.value, bool):
                mark_suggested(surf, b.rect)

    def hint(self, model: PromptModel, narrowed) -> str:
        if narrowed is not None:
            return "Several choices here: pick one (Esc or 'back' to return)"
        parts = []
        if model.space_opts:
            parts.append("click a glowing space")
        if model.fighter_opts:
            parts.append("click a glowing fighter")
        if model.card_opts:
            parts.append("click a raised card")
        if model.circle_opts:
            parts.append("click a glowing Foot circle")
        keys = "number keys pick, Enter takes 1"
        return (" or ".join(parts) + " · " + keys) if parts else keys

    def button_at(self, pos) -> Button | None:
        for b in self.buttons:
            if b.hit(pos):
                return b
        return None


def mark_suggested(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """The suggested option's frame: a white outline just outside `rect`, unlike the yellow
    of the legal choices and the hover's."""
    pygame.draw.rect(surf, SUGGESTED, rect.inflate(6, 6), 3, border_radius=8)


def mark_cards(surf: pygame.Surface, card_rects, uids: set[int]) -> None:
    """Frame the hand's suggested card (drawn raised, as a legal card is)."""
    from adventures.app.hand_view import LIFT
    for rect, card in card_rects:
        if getattr(card, "uid", None) in uids:
            mark_suggested(surf, rect.move(0, -(LIFT // 2)))
