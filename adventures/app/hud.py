"""The heads-up display: the initiative row across the top, and the status column
(enemies, threat track, objectives, the villain's module, the players) on the right.

Villain modules are being written alongside the app, so their state keys are read with
defaults: a key that is missing simply hides that line.
"""
from __future__ import annotations

import pygame

from adventures.app import provenance
from adventures.app import theme as T
from adventures.app.widgets import HitList

LOG_MIN_H = 140            # the log keeps at least this much of the column (layout.log_rect)
OWNER_COLORS = {"special": (120, 100, 150), "ally": (70, 150, 110), "henchman": (150, 80, 80)}


def init_card_color(card) -> T.Color:
    if card.side is not None and card.owner in ("player", "enemy"):
        return T.seat_color(card.side)
    return OWNER_COLORS.get(card.owner, T.MUTED)


def health_bar(surf, rect: pygame.Rect, health: int, maximum: int, color: T.Color) -> None:
    pygame.draw.rect(surf, T.BG, rect, border_radius=rect.height // 2)
    if maximum > 0 and health > 0:
        w = max(rect.height, int(rect.width * health / maximum))
        pygame.draw.rect(surf, color, (rect.left, rect.top, w, rect.height), border_radius=rect.height // 2)
    pygame.draw.rect(surf, T.PANEL_EDGE, rect, 1, border_radius=rect.height // 2)


def order_badge(surf, center, number: int, color: T.Color) -> int:
    """A small round player-order marker (p.4); returns its right edge."""
    r = 8
    pygame.draw.circle(surf, color, center, r)
    pygame.draw.circle(surf, (15, 15, 18), center, r, 1)
    T.draw_text(surf, str(number), center, 11, T.readable_on(color), bold=True, anchor="center")
    return center[0] + r


class Hud:
    def __init__(self):
        self.hits = HitList()

    # ------------------------------------------------------------ the top bar
    @staticmethod
    def top_panel(surf: pygame.Surface, rect: pygame.Rect, counter: str, value: int, row_title: str) -> int:
        """The top bar's panel, its big counter (round or turn) and the title of the row
        beside it; returns the x where that row starts."""
        pygame.draw.rect(surf, T.PANEL, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.bottomleft, rect.bottomright)
        x = rect.left + 14
        T.draw_text(surf, counter, (x, rect.top + 9), 11, T.MUTED, bold=True)
        T.draw_text(surf, str(max(1, value)), (x, rect.top + 22), 28, T.TEXT, bold=True)
        x += 70
        T.draw_text(surf, row_title, (x, rect.top + 4), 11, T.MUTED, bold=True)
        return x

    def draw_top(self, surf: pygame.Surface, rect: pygame.Rect, game, right_reserved: int = 0) -> None:
        adv = game.adv
        x = self.top_panel(surf, rect, "ROUND", game.round, "INITIATIVE")
        row = [c for c in adv.row if not c.removed]
        right = rect.right - right_reserved - 10
        deck_w = 64
        avail = right - x - deck_w - 8
        n = max(1, len(row))
        cw = max(70, min(150, (avail - 6 * (n - 1)) // n)) if row else 150
        y = rect.top + 18
        h = rect.height - 24
        for i, card in enumerate(row):
            r = pygame.Rect(x + i * (cw + 6), y, cw, h)
            if r.right > right - deck_w:
                break
            color = init_card_color(card)
            current = i == len(row) - 1
            pygame.draw.rect(surf, T.PANEL_HI if current else T.BG, r, border_radius=6)
            pygame.draw.rect(surf, color, (r.left, r.top, 6, r.height), border_top_left_radius=6,
                             border_bottom_left_radius=6)
            pygame.draw.rect(surf, T.HIGHLIGHT if current else T.PANEL_EDGE, r, 2 if current else 1, border_radius=6)
            name = card.name
            tx = r.left + 11
            if card.owner == "player" and card.side is not None:
                name = card.side.name              # people are named by their hero
                number = next((n for n, sd in adv.seats.items() if sd is card.side), None)
                if number is not None:
                    tx = order_badge(surf, (tx + 8, r.top + 12), number, color) + 4
            if name.endswith("'s Turn"):
                name = name[:-len("'s Turn")]      # the row already says whose turn each card is
            size = T.fit_size(name, 13, r.right - tx - 3, current, 10)
            T.draw_text(surf, name, (tx, r.top + 4 + (13 - size) // 2), size, T.TEXT, bold=current,
                        max_width=r.right - tx - 3)
            sub = f"move {card.move}" if card.move is not None else card.owner
            if card.end_of_round:
                sub += " · end of round"
            T.draw_text(surf, sub, (r.left + 11, r.top + 21), 11, T.MUTED, max_width=r.width - 14)
            self.hits.add(r, ("init", card))
        # the face-down initiative deck
        d = pygame.Rect(right - deck_w, y, deck_w, h)
        for k in range(min(3, len(adv.deck)), 0, -1):
            pygame.draw.rect(surf, (50, 70, 50), d.move(k * 2, -k * 2), border_radius=6)
            pygame.draw.rect(surf, (20, 30, 20), d.move(k * 2, -k * 2), 1, border_radius=6)
        pygame.draw.rect(surf, (60, 96, 60) if adv.deck else T.BG, d, border_radius=6)
        pygame.draw.rect(surf, T.PANEL_EDGE, d, 1, border_radius=6)
        T.draw_text(surf, str(len(adv.deck)), (d.centerx, d.top + 3), 17, T.TEXT, bold=True, anchor="midtop")
        T.draw_text(surf, "to come", (d.centerx, d.bottom - 3), 10, T.MUTED, anchor="midbottom")

    # ------------------------------------------------------------ the status column
    def draw_side(self, surf: pygame.Surface, rect: pygame.Rect, game, seat_kinds: dict[int, str],
                  intents: dict[int, list[str]] | None = None) -> int:
        """Draw the status column from the top of `rect`; returns the y where it ends.
        `intents`: side index -> what that enemy would do now (shown on players' turns)."""
        self.intents = intents or {}
        pygame.draw.rect(surf, T.PANEL, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.bottomleft)
        x, w = rect.left + 12, rect.width - 24
        y = rect.top + 10
        y = self._enemies(surf, game, x, y, w)
        y = self._threat(surf, game, x, y + 6, w)
        y = self._module(surf, game, x, y + 4, w)
        return self._players(surf, game, x, y + 6, w, seat_kinds, rect.bottom)

    def _badge(self, surf, midleft, mark) -> None:
        """An approximation / your-content marker; hovering it shows why (adventures.app.provenance)."""
        rect = provenance.draw_badge(surf, midleft, mark, 11, anchor="midleft")
        if rect is not None:
            self.hits.add(rect.inflate(6, 6), ("prov", mark))

    def _pile_link(self, surf, pos, text, value, color=T.MUTED) -> int:
        r = T.draw_text(surf, text, pos, 12, color)
        pygame.draw.line(surf, T.mix(color, T.PANEL, 0.5), (r.left, r.bottom), (r.right, r.bottom))
        self.hits.add(r.inflate(4, 4), value)
        return r.right

    def _enemies(self, surf, game, x, y, w) -> int:
        adv = game.adv
        T.heading(surf, "Enemies", (x, y))
        y += 18
        for k, side in enumerate([adv.villain, *adv.minions]):
            f = side.fighters[0]
            color = T.seat_color(side)
            big = k == 0
            pygame.draw.circle(surf, color, (x + 7, y + 9), 7 if big else 6)
            name = side.name + ("" if f.alive else " (defeated)")
            nr = T.draw_text(surf, name, (x + 20, y), 16 if big else 14, T.TEXT if f.alive else T.DIM, bold=big,
                             max_width=w - 130)
            self._badge(surf, (nr.right + 6, nr.centery), provenance.of_side(game, side))
            T.draw_text(surf, f"{f.health}/{f.max_health}", (x + w, y + 1), 15 if big else 13, T.TEXT, bold=True,
                        anchor="topright")
            bar = pygame.Rect(x + 20, y + (21 if big else 19), w - 20, 7 if big else 5)
            health_bar(surf, bar, f.health, f.max_health, color if f.alive else T.DIM)
            y = bar.bottom + 3
            if f.alive:
                rx = self._pile_link(surf, (x + 20, y), f"deck {len(side.deck)}", ("pile", side, "deck"))
                rx = self._pile_link(surf, (rx + 10, y), f"discard {len(side.discard)}", ("pile", side, "discard"))
                if side.removed and any(getattr(c, "fury", False) for c in side.removed):
                    T.draw_text(surf, f"supply {len(side.removed)}", (rx + 10, y), 12, T.DIM)
                lines = getattr(self, "intents", {}).get(side.index, [])
                if lines:      # what it would do now: on the piles row, so the column stays short
                    text = "→ " + " | ".join(lines)
                    T.draw_text(surf, text, (rx + 12, y), 12, T.WARN if "threat" in text else T.HIGHLIGHT,
                                max_width=x + w - rx - 12)
                y += 18
            y += 4
        return y

    def _threat(self, surf, game, x, y, w) -> int:
        adv = game.adv
        hr = T.heading(surf, "Threat track", (x, y))
        self._badge(surf, (hr.right + 6, hr.centery), provenance.of_track(game))
        try:
            level = game.threat_level()
        except Exception:   # a half-written villain module must not take the HUD down
            level = adv.threat_levels[min(adv.threat, len(adv.threat_levels) - 1)]
        T.draw_text(surf, f"threat level {level}", (x + w, y - 1), 14, T.WARN, bold=True, anchor="topright")
        y += 20
        n = len(adv.threat_levels)
        bw = max(14, (w - 2 * (n - 1)) // n)
        for i, lv in enumerate(adv.threat_levels):
            r = pygame.Rect(x + i * (bw + 2), y, bw, 26)
            last = i == n - 1
            fill = T.mix(T.PANEL_HI, T.DANGER, 0.15 + 0.6 * i / max(1, n - 1))
            pygame.draw.rect(surf, fill, r, border_radius=4)
            if last:
                pygame.draw.rect(surf, T.DANGER, r, 2, border_radius=4)
                T.draw_text(surf, "!", r.center, 15, T.TEXT, bold=True, anchor="center")
            elif adv.threat_numbered:
                T.draw_text(surf, str(lv), r.center, 13, T.TEXT, anchor="center")
            else:               # a track without printed levels (Krang): count the steps to "!"
                T.draw_text(surf, str(i + 1), r.center, 12, T.mix(T.TEXT, fill, 0.35), anchor="center")
            if i == adv.threat:
                pygame.draw.circle(surf, T.HIGHLIGHT, (r.centerx, r.bottom + 7), 6)
                pygame.draw.circle(surf, (20, 20, 20), (r.centerx, r.bottom + 7), 6, 1)
                pygame.draw.rect(surf, T.HIGHLIGHT, r, 2, border_radius=4)
        self.threat_rect = pygame.Rect(x, y, w, 40)
        y += 40
        if not adv.threat_numbered:
            T.draw_text(surf, f"{n} steps; reaching ! completes the objective", (x, y - 2), 11, T.DIM,
                        max_width=w)
            y += 15
        T.draw_text(surf, "Objectives", (x, y), 13, T.MUTED)
        for k in range(4):
            c = (x + 84 + k * 22, y + 8)
            done = k < adv.completions
            pygame.draw.circle(surf, T.DANGER if done else T.BG, c, 8)
            pygame.draw.circle(surf, T.DANGER if k == 3 else T.PANEL_EDGE, c, 8, 2)
        T.draw_text(surf, f"{adv.completions}/4 — the 4th loses", (x + 84 + 4 * 22, y + 1), 12, T.DIM)
        return y + 22

    def _module(self, surf, game, x, y, w) -> int:
        """Villain-specific state (Shredder's boroughs, Krang's Dimension X) and token supplies."""
        adv = game.adv
        data = adv.data
        lines: list[tuple[str, T.Color]] = []
        chips: list[tuple[str, T.Color]] = []
        if game.board.boroughs:
            # the borough tiles: fallen ones face up, the one under threat on top of the stack;
            # the order of the rest of the stack is hidden (p.4), so only its size is shown
            threat = data.get("under_threat")
            fallen = list(data.get("fallen", ()) or ())
            chips = [(name, (170, 50, 60)) for name in fallen]
            if threat:
                chips.append((threat, (200, 120, 30)))
            hidden = len(game.board.boroughs) - len(fallen) - (1 if threat else 0)
            if hidden > 0:
                chips.append((f"+{hidden} in stack", T.PANEL_HI))
        if game.board.screen and any(game.board.screen):
            markers = int(data.get("dx_markers", 1) or 0)
            lines.append((f"Dimension X reaches screen {markers} of 4", (210, 160, 255)))
        if game.board.machines:
            states = data.get("machines") or {}
            active = sum(1 for mid, _p, _w in game.board.machines if states.get(mid, states.get(str(mid), True)))
            lines.append((f"Doomsday Machines active: {active}/{len(game.board.machines)}", T.TEXT))
        roll = data.get("last_roll")
        if roll is not None:
            if isinstance(roll, dict):
                why = roll.get("why")
                roll = f"{roll.get('face', '?')}" + (f" ({why})" if why else "")
            lines.append((f"Last die roll: {roll}", T.TEXT))
        supplies = [f"{k} {v}/{adv.supply_total.get(k, v)}" for k, v in sorted(adv.supply.items())]
        if supplies:
            lines.append(("Supply: " + ", ".join(supplies), T.MUTED))
        trap = data.get("trap_discard")
        if not lines and trap is None and not chips:
            return y
        T.heading(surf, adv.villain.name + "'s plan", (x, y))
        y += 18
        if chips:
            cx = x
            for text, color in chips:
                cw = T.text_width(text, 12, True) + 14
                if cx + cw > x + w:
                    cx, y = x, y + 24
                r = pygame.Rect(cx, y, cw, 20)
                pygame.draw.rect(surf, color, r, border_radius=10)
                T.draw_text(surf, text, r.center, 12, T.readable_on(color), bold=True, anchor="center")
                cx += cw + 5
            y += 25
            lx = x                       # the legend, with a swatch for each colour
            for text, color in (("fallen", (170, 50, 60)), ("under threat", (200, 120, 30)),
                                ("in the stack", T.PANEL_HI)):
                pygame.draw.rect(surf, color, (lx, y + 2, 10, 10), border_radius=2)
                pygame.draw.rect(surf, T.PANEL_EDGE, (lx, y + 2, 10, 10), 1, border_radius=2)
                lx = T.draw_text(surf, text, (lx + 14, y), 11, T.MUTED).right + 10
            y += 16
        for text, color in lines:
            for line in T.wrap(text, 13, w):
                T.draw_text(surf, line, (x, y), 13, color)
                y += 17
        if trap is not None:
            deck = data.get("trap_deck") or []
            self._pile_link(surf, (x, y), f"traps: deck {len(deck)} · discard {len(trap)}", ("traps", trap))
            y += 18
        return y

    def _players(self, surf, game, x, y, w, seat_kinds, bottom) -> int:
        adv = getattr(game, "adv", None)        # None in a competitive game: seat order is turn order
        T.heading(surf, "Players", (x, y))
        y += 18
        order = {side.index: n for n, side in adv.seats.items()} if adv is not None else {
            side.index: side.index + 1 for side in game.sides}
        players = sorted((s for s in game.sides if not s.is_enemy), key=lambda s: order.get(s.index, 9))
        # short of room (4 players at 720 pixels): health goes on the name row, one row saved each
        compact = bottom - LOG_MIN_H - y < len(players) * 54
        row_h = 38 if compact else 54
        for side in players:
            if y > bottom - 30:
                break
            color = T.seat_color(side)
            current = game.current is side
            r = pygame.Rect(x - 4, y - 2, w + 8, row_h - 4)
            if current:
                pygame.draw.rect(surf, T.PANEL_HI, r, border_radius=6)
                pygame.draw.rect(surf, color, r, 1, border_radius=6)
            pygame.draw.rect(surf, color, (x, y + 2, 5, 16), border_radius=2)
            num = order.get(side.index)
            who = seat_kinds.get(side.index, "")
            title = side.name + (" (eliminated)" if side.eliminated else "")
            tx = x + 11
            if num is not None:                    # the player order marker (p.4), as a badge
                tx = order_badge(surf, (tx + 8, y + 9), num, color) + 5
            hp = "  ".join(f"{f.name} {f.health}/{f.max_health}" if f.alive else f"{f.name} KO"
                           for f in side.fighters)
            if compact:
                short = "  ".join(f"{f.health}/{f.max_health}" if f.alive else "KO" for f in side.fighters)
                right = T.draw_text(surf, short, (x + w, y + 1), 13, T.TEXT, bold=True, anchor="topright").left
                tr = T.draw_text(surf, title, (tx, y), 15, T.TEXT if not side.eliminated else T.DIM, bold=True,
                                 max_width=right - tx - 24)
                self._badge(surf, (tr.right + 6, tr.centery), provenance.of_side(game, side))
                rows_y = y + 18
            else:
                tr = T.draw_text(surf, title, (tx, y), 15, T.TEXT if not side.eliminated else T.DIM, bold=True,
                                 max_width=x + w - 96 - tx)
                self._badge(surf, (tr.right + 6, tr.centery), provenance.of_side(game, side))
                T.draw_text(surf, hp, (x + 11, y + 17), 12, T.TEXT, max_width=w - 11)
                rows_y = y + 32
            rx = T.draw_text(surf, f"hand {len(side.hand)}", (x + 11, rows_y), 12, T.MUTED).right
            rx = self._pile_link(surf, (rx + 10, rows_y), f"deck {len(side.deck)}", ("pile", side, "deck"))
            rx = self._pile_link(surf, (rx + 10, rows_y), f"discard {len(side.discard)}", ("pile", side, "discard"))
            if side.tucked:         # Donatello's inventions, tucked under the hero card (public)
                self._pile_link(surf, (rx + 10, rows_y), f"tucked {len(side.tucked)}", ("pile", side, "tucked"))
            if compact or not who:
                T.draw_text(surf, who, (x + w, rows_y), 12, T.MUTED, anchor="topright")
            else:
                T.draw_text(surf, who, (x + w, y + 1), 12, T.MUTED, anchor="topright")
            y += row_h
        return y
