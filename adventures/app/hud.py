"""The heads-up display: the initiative row across the top, and the status column
(enemies, threat track, objectives, the players, the villain's module) on the right.

Villain modules are being written alongside the app, so their state keys are read with
defaults: a key that is missing simply hides that line.
"""
from __future__ import annotations

import pygame

from adventures.app import provenance
from adventures.app import theme as T
from adventures.app.widgets import HitList
from engine.state import HERO

OWNER_COLORS = {"special": (120, 100, 150), "ally": (70, 150, 110), "henchman": (150, 80, 80)}


def init_card_color(card) -> T.Color:
    if card.side is not None and card.owner in ("player", "enemy"):
        return T.seat_color(card.side)
    return OWNER_COLORS.get(card.owner, T.MUTED)


def init_card_sub(card, width: int, size: int) -> str:
    """An initiative card's second line in words: its move or whose it is, and that it acts
    at the end of the round as far as the card's width allows (its text is in the tooltip)."""
    sub = f"move {card.move}" if card.move is not None else card.owner
    if not card.end_of_round:
        return sub
    for form in (f"{sub} · acts at end of round", f"{sub} · end of round"):
        if T.text_width(form, size) <= width:
            return form
    T.note_abbreviation(f"{sub} · end of round", sub)
    return sub


def health_bar(surf, rect: pygame.Rect, health: int, maximum: int, color: T.Color) -> None:
    pygame.draw.rect(surf, T.BG, rect, border_radius=rect.height // 2)
    if maximum > 0 and health > 0:
        w = max(rect.height, int(rect.width * health / maximum))
        pygame.draw.rect(surf, color, (rect.left, rect.top, w, rect.height), border_radius=rect.height // 2)
    pygame.draw.rect(surf, T.PANEL_EDGE, rect, 1, border_radius=rect.height // 2)


def order_badge(surf, center, number: int, color: T.Color) -> int:
    """A small round player-order marker (p.4); returns its right edge."""
    r = max(8, int(8 * T.SCALE))
    pygame.draw.circle(surf, color, center, r)
    pygame.draw.circle(surf, (15, 15, 18), center, r, 1)
    T.draw_text(surf, str(number), center, 11, T.readable_on(color), bold=True, anchor="center")
    return center[0] + r


def fighter_healths(side) -> tuple[str, str]:
    """(the hero's health, each sidekick's name and health): "16/16", "April O'Neil KO".
    A number without its name read as the hero's ("Michelangelo 14/14 KO" was April
    knocked out); sidekicks of one name share it ("Harpy 1/1 KO 1/1")."""
    def health(f) -> str:
        return f"{f.health}/{f.max_health}" if f.alive else "KO"
    heroes = [f for f in side.fighters if f.kind == HERO]
    groups: dict[str, list[str]] = {}
    for f in side.fighters:
        if f.kind != HERO:
            words = f.name.split()
            base = " ".join(words[:-1]) if len(words) > 1 and words[-1].isdigit() else f.name
            groups.setdefault(base, []).append(health(f))
    return "  ".join(health(f) for f in heroes), "  ".join(f"{name} {' '.join(h)}" for name, h in groups.items())


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
        u = T.SCALE
        T.draw_text(surf, counter, (x, rect.top + 9), 11, T.MUTED, bold=True)
        T.draw_text(surf, str(max(1, value)), (x, rect.top + 9 + int(13 * u)), 28, T.TEXT, bold=True)
        x += int(70 * u)
        T.draw_text(surf, row_title, (x, rect.top + 3), 11, T.MUTED, bold=True)
        return x

    @staticmethod
    def card_slots(area: pygame.Rect, n: int, rows: int, per_row: int = 1, gap: int = 6) -> list[pygame.Rect]:
        """`n` equal cards, `per_row` a row (more if `n` needs it), in `rows` rows filling `area`."""
        rows = max(1, rows)
        per_row = max(1, per_row, -(-n // rows))
        cw = min(int(170 * T.SCALE), (area.width - gap * (per_row - 1)) // per_row)
        ch = (area.height - 4 * (rows - 1)) // rows
        return [pygame.Rect(area.left + (i % per_row) * (cw + gap), area.top + (i // per_row) * (ch + 4), cw, ch)
                for i in range(n)]

    def draw_top(self, surf: pygame.Surface, rect: pygame.Rect, game, right_reserved: int = 0, rows: int = 1,
                 per_row: int = 6) -> None:
        """The round and every initiative card revealed this round (in as many rows as the
        layout gave), the current one highlighted; the face-down deck on the right."""
        adv = game.adv
        u = T.SCALE
        x = self.top_panel(surf, rect, "ROUND", game.round, "INITIATIVE")
        row = [c for c in adv.row if not c.removed]
        deck_w = int(64 * u)
        right = rect.right - right_reserved - 10
        y = rect.top + int(17 * u)
        area = pygame.Rect(x, y, right - deck_w - 10 - x, rect.bottom - 5 - y)
        slots = self.card_slots(area, len(row), rows, per_row)
        name_size, sub_size = 13, 11
        for i, (card, r) in enumerate(zip(row, slots)):
            color = init_card_color(card)
            current = i == len(row) - 1
            pygame.draw.rect(surf, T.PANEL_HI if current else T.BG, r, border_radius=6)
            pygame.draw.rect(surf, color, (r.left, r.top, 6, r.height), border_top_left_radius=6,
                             border_bottom_left_radius=6)
            pygame.draw.rect(surf, T.HIGHLIGHT if current else T.PANEL_EDGE, r, 2 if current else 1, border_radius=6)
            name = card.name
            tx = r.left + 10
            if card.owner == "player" and card.side is not None:
                name = card.side.name              # people are named by their hero
                number = next((n for n, sd in adv.seats.items() if sd is card.side), None)
                if number is not None:
                    tx = order_badge(surf, (tx + 8, r.top + 4 + int(8 * u)), number, color) + 3
            elif card.owner == "enemy" and (shape := T.enemy_shape(card.side)) is not None:
                # the enemy's own shape, as on its token and in the status column: a cue beside the colour
                sr = max(6, int(7 * u))
                T.draw_shape(surf, shape, (tx + sr, r.top + 4 + int(8 * u)), sr, color)
                tx += 2 * sr + 4
            if name.endswith("'s Turn"):
                name = name[:-len("'s Turn")]      # the row already says whose turn each card is
            lines, size = T.wrap_name(name, name_size, r.right - tx - 3, current)
            ny = r.top + 3
            for line in lines:       # a long name wraps onto the second line rather than being cut
                T.draw_text(surf, line, (tx, ny), size, T.TEXT, bold=current, max_width=r.right - tx - 3, name=True)
                ny += T.font(size, current).get_linesize() - 2
            sub = init_card_sub(card, r.width - 13, sub_size)
            if r.height >= int(34 * u) and len(lines) == 1:
                T.draw_text(surf, sub, (r.left + 10, r.bottom - 3), sub_size, T.MUTED, anchor="bottomleft",
                            max_width=r.width - 13)
            self.hits.add(r, ("init", card))
        # the face-down initiative deck
        d = pygame.Rect(right - deck_w, y, deck_w, min(area.height, int(44 * u)))
        for k in range(min(3, len(adv.deck)), 0, -1):
            pygame.draw.rect(surf, (50, 70, 50), d.move(k * 2, -k * 2), border_radius=6)
            pygame.draw.rect(surf, (20, 30, 20), d.move(k * 2, -k * 2), 1, border_radius=6)
        pygame.draw.rect(surf, (60, 96, 60) if adv.deck else T.BG, d, border_radius=6)
        pygame.draw.rect(surf, T.PANEL_EDGE, d, 1, border_radius=6)
        T.draw_text(surf, str(len(adv.deck)), (d.centerx, d.top + 2), 16, T.TEXT, bold=True, anchor="midtop")
        T.draw_text(surf, "to come", (d.centerx, d.bottom - 2), 10, T.MUTED, anchor="midbottom")

    # ------------------------------------------------------------ the status column
    # How much detail each row of the column carries, from the most to the least: the column
    # takes the most detailed density whose content fits its height (measured before drawing),
    # so every player stays in view at any window and text size. What a compact row leaves
    # out (piles, who plays a seat) is in its hover tooltip, and a click opens its pile.
    FULL, COMPACT_PLAYERS, COMPACT, TERSE = 0, 1, 2, 3
    scroll = 0              # pixels the enemies/threat part is scrolled (only when even TERSE is too tall)
    content_h = 0
    side_rect = pygame.Rect(0, 0, 0, 0)
    density = FULL
    player_rects: list = []     # (side, rect) of each player's row as drawn (tests/test_layout.py)
    _scratch: pygame.Surface | None = None

    def handle_wheel(self, pos, dy: int) -> bool:
        if not self.side_rect.collidepoint(pos) or self.content_h <= self.status_h:
            return False
        self.scroll = max(0, min(self.content_h - self.status_h, self.scroll - dy * 40))
        return True

    status_h = 0

    def measure(self, column, level: int) -> int:
        """The height `column(surf, level)` draws, found by drawing it on a 1-pixel surface:
        nothing it registers (hits, cuts, player rows) is kept."""
        if self._scratch is None:
            self._scratch = pygame.Surface((1, 1))
        kept = len(self.hits.items), len(T.CUTS), len(T.ABBREVIATED), list(self.player_rects)
        try:
            return column(self._scratch, level)
        finally:
            del self.hits.items[kept[0]:], T.CUTS[kept[1]:], T.ABBREVIATED[kept[2]:]
            self.player_rects = kept[3]

    def fitting_density(self, column, height: int) -> tuple[int, bool]:
        """The most detailed density at which `column` fits `height`, and True; else the
        most compact, and False."""
        for level in (self.FULL, self.COMPACT_PLAYERS, self.COMPACT, self.TERSE):
            if self.measure(column, level) <= height:
                return level, True
        return self.TERSE, False

    def draw_side(self, surf: pygame.Surface, rect: pygame.Rect, game, seat_kinds: dict[int, str],
                  intents: dict[int, list[str]] | None = None, hover_pos=(-1, -1)) -> int:
        """Draw the status column: enemies, threat, the villain's plan, then the players;
        returns the y where it ends. `intents`: side index -> what that enemy would do now
        (shown on players' turns). Where even the most compact rows are too tall (large
        text on a short window), the players keep their place at the bottom and the part
        above them scrolls with the wheel."""
        self.intents = intents or {}
        self.side_rect = pygame.Rect(rect)
        self.player_rects = []
        pygame.draw.rect(surf, T.PANEL, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.bottomleft)
        x, w = rect.left + 12, rect.width - 24

        def status(s, level, y=0):
            y = self._enemies(s, game, x, y, w, compact=level >= self.COMPACT, terse=level >= self.TERSE)
            y = self._threat(s, game, x, y + 4, w, compact=level >= self.COMPACT)
            return self._module(s, game, x, y + 4, w, compact=level >= self.COMPACT)

        def players(s, level, y=0):
            return self._players(s, game, x, y, w, seat_kinds, compact=level >= self.COMPACT_PLAYERS)

        room = rect.height - 16
        self.density, fits = self.fitting_density(lambda s, lv: players(s, lv, status(s, lv) + 4), room)
        level = self.density
        if fits:                                       # it all fits: one column, no scrolling
            self.scroll = self.content_h = self.status_h = 0
            y = status(surf, level, rect.top + 8)
            return players(surf, level, y + 4)
        self.content_h = self.measure(status, level) + 4
        self.status_h = room - self.measure(players, level)
        # too tall even compact: the players pinned at the bottom, the rest scrolls above them
        clip = surf.get_clip()
        more_h = T.font(11).get_linesize() + 4
        view = pygame.Rect(rect.left, rect.top, rect.width, 8 + self.status_h - more_h)
        self.status_h = view.height - 8
        self.scroll = max(0, min(self.scroll, self.content_h - self.status_h))
        surf.set_clip(view.clip(clip) if clip else view)
        status(surf, level, rect.top + 8 - self.scroll)
        surf.set_clip(clip)
        more = "▲ wheel to scroll ▼" if self.scroll else "▼ more below (wheel)"
        T.draw_text(surf, more, (rect.right - 6, view.bottom + more_h - 2), 11, T.WARN, anchor="bottomright")
        return players(surf, level, view.bottom + more_h + 4)

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

    @staticmethod
    def lh(size: int, bold: bool = False) -> int:
        """A line's height at `size` (text size included): every row below steps by it."""
        return T.font(size, bold).get_linesize()

    def _heading_value(self, surf, title: str, value: str, x: int, y: int, w: int, color: T.Color,
                       size: int = 14) -> tuple[pygame.Rect, int]:
        """A heading with its value on the right, or under it when both do not fit one line
        (large text); returns the heading's rect and the y below."""
        hr = T.heading(surf, title, (x, y))
        vw = T.text_width(value, size, True)
        if hr.right + 24 + vw <= x + w:
            T.draw_text(surf, value, (x + w, y - 1), size, color, bold=True, anchor="topright")
            return hr, y + max(hr.height, self.lh(size, True)) + 2
        y = hr.bottom + 1
        T.draw_text(surf, value, (x, y), size, color, bold=True, max_width=w)
        return hr, y + self.lh(size, True) + 2

    def _row_hit(self, at: int, rect: pygame.Rect, lines: list[str], pile) -> None:
        """A compact row: its hover tooltip says what the row leaves out; a click opens `pile`.
        Put under the hits registered since `at` (the badge in the row keeps its own tooltip)."""
        self.hits.items.insert(at, (pygame.Rect(rect), ("row", lines, pile)))

    def _enemies(self, surf, game, x, y, w, compact: bool = False, terse: bool = False) -> int:
        """Each enemy: name, health and bar; its piles and what it would do now under them
        (compact: the piles in the row's tooltip; what it would do stays, wrapped; terse:
        that too is in the tooltip, the board's arrows show it)."""
        adv = game.adv
        hr = T.heading(surf, "Enemies", (x, y))
        self._badge(surf, (hr.right + 6, hr.centery), provenance.of_enemy_side(game))   # the ≈, once
        y = hr.bottom + 3
        for k, side in enumerate([adv.villain, *adv.minions]):
            f = side.fighters[0]
            color = T.seat_color(side)
            big = k == 0
            size = 15 if big else 14
            top, first_hit = y, len(self.hits.items)
            T.draw_shape(surf, T.enemy_shape(side), (x + 7, y + self.lh(size, big) // 2), 8 if big else 7, color)
            health = f"{f.health}/{f.max_health}"
            hw = T.draw_text(surf, health, (x + w, y + 1), size - 1, T.TEXT, bold=True, anchor="topright").width
            name = side.name + ("" if f.alive else " (defeated)")
            nr = T.draw_text(surf, name, (x + 20, y), size, T.TEXT if f.alive else T.DIM, bold=big,
                             max_width=w - 20 - hw - 30, name=True)
            self._badge(surf, (nr.right + 6, nr.centery), provenance.yours_only(provenance.of_side(game, side)))
            y += self.lh(size, big)
            bar = pygame.Rect(x + 20, y, w - 20, 6 if big else 4)
            health_bar(surf, bar, f.health, f.max_health, color if f.alive else T.DIM)
            y = bar.bottom + 2
            if f.alive:
                lines = getattr(self, "intents", {}).get(side.index, [])
                text = "→ " + " | ".join(lines) if lines else ""
                tint = T.WARN if "threat" in text else T.HIGHLIGHT
                piles = [f"deck {len(side.deck)}", f"discard {len(side.discard)}"]
                if side.removed and any(getattr(c, "fury", False) for c in side.removed):
                    piles.append(f"supply {len(side.removed)}")
                if compact:
                    if text and not terse:
                        used = T.draw_wrapped(surf, text, pygame.Rect(x + 20, y, w - 20, 200), 12, tint, line_gap=0)
                        self.hits.add(pygame.Rect(x + 16, y, w - 12, used), ("why", side.index))   # click: why
                        y += used
                    tip = [side.name, " · ".join(piles)] + ([text] if text and terse else [])
                    self._row_hit(first_hit, pygame.Rect(x - 4, top, w + 8, y - top),
                                  tip + ["Click: its deck (public)"], ("pile", side, "deck"))
                else:
                    rx = self._pile_link(surf, (x + 20, y), piles[0], ("pile", side, "deck"))
                    rx = self._pile_link(surf, (rx + 8, y), piles[1], ("pile", side, "discard"))
                    if len(piles) > 2:
                        rx = T.draw_text(surf, piles[2], (rx + 8, y), 12, T.DIM).right
                    if text and rx + 10 + T.text_width(text, 12) <= x + w:
                        r = T.draw_text(surf, text, (rx + 10, y), 12, tint)       # on the piles' line when it fits
                        self.hits.add(r.inflate(4, 4), ("why", side.index))       # click: why
                        text = ""
                    y += self.lh(12)
                    if text:      # what it would do now: wrapped under the piles, never cut
                        used = T.draw_wrapped(surf, text, pygame.Rect(x + 20, y, w - 20, 200), 12, tint, line_gap=0)
                        self.hits.add(pygame.Rect(x + 16, y, w - 12, used), ("why", side.index))
                        y += used
            y += 3
        return y

    def _threat(self, surf, game, x, y, w, compact: bool = False) -> int:
        """The track, the threat level and the objectives (compact: the level beside the
        heading only where it fits, and the notes in the track's tooltip: the marked box
        and the filled circles say the same)."""
        adv = game.adv
        try:
            level = game.threat_level()
        except Exception:   # a half-written villain module must not take the HUD down
            level = adv.threat_levels[min(adv.threat, len(adv.threat_levels) - 1)]
        top, first_hit = y, len(self.hits.items)
        value = f"threat level {level}"
        if compact and T.text_width("THREAT TRACK", 13, True) + 24 + T.text_width(value, 14, True) > w:
            hr = T.heading(surf, "Threat track", (x, y))
            y = hr.bottom + 2
        else:
            hr, y = self._heading_value(surf, "Threat track", value, x, y, w, T.WARN)
        self._badge(surf, (hr.right + 6, hr.centery), provenance.yours_only(provenance.of_track(game)))
        n = len(adv.threat_levels)
        bw = max(14, (w - 2 * (n - 1)) // n)
        box_h = max(22, self.lh(13) + 6)
        for i, lv in enumerate(adv.threat_levels):
            r = pygame.Rect(x + i * (bw + 2), y, bw, box_h)
            last = i == n - 1
            fill = T.mix(T.PANEL_HI, T.DANGER, 0.15 + 0.6 * i / max(1, n - 1))
            pygame.draw.rect(surf, fill, r, border_radius=4)
            if last:
                pygame.draw.rect(surf, T.DANGER, r, 2, border_radius=4)
                T.draw_text(surf, "!", r.center, 15, T.TEXT, bold=True, anchor="center")
            elif adv.threat_numbered:
                T.draw_text(surf, str(lv), r.center, T.fit_size(str(lv), 13, bw - 2), T.TEXT, anchor="center")
            else:               # a track without printed levels (Krang): count the steps to "!"
                T.draw_text(surf, str(i + 1), r.center, 12, T.mix(T.TEXT, fill, 0.35), anchor="center")
            if i == adv.threat:
                pygame.draw.circle(surf, T.HIGHLIGHT, (r.centerx, r.bottom + 6), 5)
                pygame.draw.circle(surf, (20, 20, 20), (r.centerx, r.bottom + 6), 5, 1)
                pygame.draw.rect(surf, T.HIGHLIGHT, r, 2, border_radius=4)
        self.threat_rect = pygame.Rect(x, y, w, box_h + 12)
        y += box_h + 13
        steps = f"{n} steps; reaching ! completes the objective"
        note = f"{adv.completions}/4: the 4th loses"
        if not adv.threat_numbered and not compact:
            y += T.draw_wrapped(surf, steps, pygame.Rect(x, y, w, 100), 11, T.DIM, line_gap=0)
        label = T.draw_text(surf, "Objectives", (x, y), 13, T.MUTED)
        step = max(20, self.lh(13) + 2)
        rad = step // 2 - 2
        for k in range(4):
            c = (label.right + 8 + rad + k * step, label.centery)
            done = k < adv.completions
            pygame.draw.circle(surf, T.DANGER if done else T.BG, c, rad)
            pygame.draw.circle(surf, T.DANGER if k == 3 else T.PANEL_EDGE, c, rad, 2)
        nx = label.right + 8 + 4 * step + 2
        if nx + T.text_width(note, 12) <= x + w:
            T.draw_text(surf, note, (nx, label.top + 1), 12, T.DIM)
        elif not compact:
            T.draw_text(surf, note, (x, label.bottom), 12, T.DIM)
            y += self.lh(12)
        y += max(label.height, step) + 2
        if compact:
            tip = [f"Threat track: {value}"] + ([] if adv.threat_numbered else [steps]) + [f"Objectives {note}"]
            self._row_hit(first_hit, pygame.Rect(x - 4, top, w + 8, y - top), tip, None)
        return y

    def _module(self, surf, game, x, y, w, compact: bool = False) -> int:
        """Villain-specific state (Shredder's boroughs, Krang's Dimension X) and token supplies
        (compact: the chips' colour legend in their tooltip)."""
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
        hr = T.heading(surf, adv.villain.name + "'s plan", (x, y))
        y = hr.bottom + 3
        if chips:
            cx = x
            chip_h = self.lh(12, True) + 4
            for text, color in chips:
                cw = T.text_width(text, 12, True) + 14
                if cx + cw > x + w:
                    cx, y = x, y + chip_h + 4
                r = pygame.Rect(cx, y, cw, chip_h)
                pygame.draw.rect(surf, color, r, border_radius=chip_h // 2)
                T.draw_text(surf, text, r.center, 12, T.readable_on(color), bold=True, anchor="center")
                cx += cw + 5
            y += chip_h + 4
            if compact:
                self._row_hit(len(self.hits.items), pygame.Rect(x - 4, hr.bottom, w + 8, y - hr.bottom),
                              ["Boroughs: red fallen, orange under threat,", "grey still in the stack"], None)
        if chips and not compact:
            lx = x                       # the legend, with a swatch for each colour
            for text, color in (("fallen", (170, 50, 60)), ("under threat", (200, 120, 30)),
                                ("in the stack", T.PANEL_HI)):
                tw = T.text_width(text, 11) + 24
                if lx + tw > x + w:
                    lx, y = x, y + self.lh(11)
                pygame.draw.rect(surf, color, (lx, y + 2, 10, 10), border_radius=2)
                pygame.draw.rect(surf, T.PANEL_EDGE, (lx, y + 2, 10, 10), 1, border_radius=2)
                lx = T.draw_text(surf, text, (lx + 14, y), 11, T.MUTED).right + 10
            y += self.lh(11) + 1
        for text, color in lines:
            y += T.draw_wrapped(surf, text, pygame.Rect(x, y, w, 200), 13, color, line_gap=0)
        if trap is not None:
            deck = data.get("trap_deck") or []
            self._pile_link(surf, (x, y), f"traps: deck {len(deck)} · discard {len(trap)}", ("traps", trap))
            y += self.lh(12) + 2
        return y

    @staticmethod
    def _compact_hand_fits(side, w: int) -> bool:
        """Whether "hand N" fits a compact row beside the badge, the name and the healths."""
        title = side.name + (" (eliminated)" if side.eliminated else "")
        hero, sidekicks = fighter_healths(side)
        need = 11 + 2 * max(8, int(8 * T.SCALE)) + 5 + T.text_width(title, 15, True) + 28
        healths = T.text_width(hero, 13, True) + (T.text_width(sidekicks, 13) + 12 if sidekicks else 0)
        return need + T.text_width(f"hand {len(side.hand)}", 12) + 10 + healths <= w

    @staticmethod
    def _sidekicks_fit(game, side, w: int, with_hand: bool) -> bool:
        """Whether the sidekicks' names and health fit the hero's line (beside the order
        badge, the name, its badge, the hero's health and, `with_hand`, "hand N")."""
        hero, sidekicks = fighter_healths(side)
        if not sidekicks:
            return True
        title = side.name + (" (eliminated)" if side.eliminated else "")
        mark = provenance.of_side(game, side)
        need = 11 + 2 * max(8, int(8 * T.SCALE)) + 5 + T.text_width(title, 15, True) + 8 + T.text_width(hero, 13, True)
        need += (provenance.badge_size(mark, 11)[0] + 6 if mark is not None else 0) + 14 + T.text_width(sidekicks, 13)
        return need + (T.text_width(f"hand {len(side.hand)}", 12) + 10 if with_hand else 0) <= w

    def _players(self, surf, game, x, y, w, seat_kinds, compact: bool = False) -> int:
        """A row per player in seat order: order badge, hero, health; under it the hand and
        piles and who plays the seat (compact: one line, those in the row's tooltip)."""
        adv = getattr(game, "adv", None)        # None in a competitive game: seat order is turn order
        hr = T.heading(surf, "Players", (x, y))
        y = hr.bottom + 4
        order = {side.index: n for n, side in adv.seats.items()} if adv is not None else {
            side.index: side.index + 1 for side in game.sides}
        players = sorted((s for s in game.sides if not s.is_enemy), key=lambda s: order.get(s.index, 9))
        if not players:                         # the heroes come in during setup
            T.draw_text(surf, "placed during setup", (x + 11, y), 12, T.DIM)
            return y + self.lh(12) + 4
        hand_fits = all(self._compact_hand_fits(side, w) for side in players)
        # the sidekicks on the hero's line for every row or none, so the eye finds them in one place
        beside = all(self._sidekicks_fit(game, side, w, compact and hand_fits) for side in players)
        for side in players:
            color = T.seat_color(side)
            current = game.current is side
            top, first_hit = y, len(self.hits.items)
            num = order.get(side.index)
            who = seat_kinds.get(side.index, "")
            title = side.name + (" (eliminated)" if side.eliminated else "")
            tx = x + 11
            line = self.lh(15, True)
            if num is not None:                    # the player order marker (p.4), as a badge
                tx = order_badge(surf, (tx + 8, y + line // 2), num, color) + 5
            hero, sidekicks = fighter_healths(side)
            mark = provenance.of_side(game, side)
            badge_w = provenance.badge_size(mark, 11)[0] + 6 if mark is not None else 0
            piles = [f"hand {len(side.hand)}", f"deck {len(side.deck)}", f"discard {len(side.discard)}"]
            if side.tucked:         # Donatello's inventions, tucked under the hero card (public)
                piles.append(f"tucked {len(side.tucked)}")
            # "name health" for the hero and for each sidekick: a number without its name read
            # as the hero's. The sidekicks on the right of the line where they fit, else under it.
            right = x + w
            if compact and hand_fits:          # the hand's size on the line, for every row or none
                right = T.draw_text(surf, piles[0], (right, y + 2), 12, T.MUTED, anchor="topright").left - 10
            hero_w = T.text_width(hero, 13, True)
            own_line = bool(sidekicks) and not beside
            if sidekicks and not own_line:
                right = T.draw_text(surf, sidekicks, (right, y + 1), 13, T.MUTED, anchor="topright").left - 14
            tr = T.draw_text(surf, title, (tx, y), 15, T.TEXT if not side.eliminated else T.DIM, bold=True,
                             max_width=max(10, right - tx - badge_w - 8 - hero_w), name=True)
            self._badge(surf, (tr.right + 6, tr.centery), mark)
            T.draw_text(surf, hero, (tr.right + badge_w + 8, y + 1), 13, T.TEXT, bold=True)
            y += line
            if own_line:
                T.draw_text(surf, sidekicks, (tx, y), 13, T.MUTED, max_width=x + w - tx)
                y += self.lh(13)
            if compact:
                y += 2
                tip = [side.name + (f" ({who})" if who else ""), " · ".join(piles), "Click: discard pile"]
                self._row_hit(first_hit, pygame.Rect(x - 4, top - 2, w + 8, y - top), tip, ("pile", side, "discard"))
            else:
                rx = T.draw_text(surf, piles[0], (x + 11, y), 12, T.MUTED).right
                for text, which in zip(piles[1:], ("deck", "discard", "tucked")):
                    rx = self._pile_link(surf, (rx + 8, y), text, ("pile", side, which))
                if who:
                    if rx + 10 + T.text_width(who, 12) > x + w:
                        y += self.lh(12)
                    T.draw_text(surf, who, (x + w, y), 12, T.MUTED, anchor="topright")
                y += self.lh(12) + 4
            r = pygame.Rect(x - 4, top - 2, w + 8, y - top)
            pygame.draw.rect(surf, color, (x, top + 2, 5, line - 4), border_radius=2)
            if current:
                pygame.draw.rect(surf, color, r, 1, border_radius=6)
            self.player_rects.append((side, r))
        return y
