"""Competitive play in the app: the match form of the new-game screen, the match HUD and
the match end screen.

A competitive game is a `MatchDef` (engine.content.schema) played by `engine.match` with
the core rules on the box's boards (Adventures rules, "Feeling competitive?": no Foot
soldiers, Foot circles ignored; no Dimension X marker, no Doomsday Machines). There is no
villain, threat track, initiative row or objective, so the HUD shows the players, whose
turn it is and the turn order instead.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from adventures.app import theme as T
from adventures.app.board_view import BoardView
from adventures.app.card_view import draw_hero_summary
from adventures.app.end_scene import EndScene
from adventures.app.hud import Hud, order_badge
from engine.content.schema import MATCH_SEATS, MatchDef

MODES = [("duel", "Duel"), ("ffa", "Free-for-all"), ("team", "2 v 2 teams")]
MODE_NAMES = dict(MODES)
CONTROLS = [("human", "You"), ("heuristic", "Bot"), ("random", "Random")]
TEAM_NAMES = ("Team A", "Team B")
ROW = 44


def is_match_game(game) -> bool:
    return isinstance(getattr(game, "scenario", None), MatchDef)


def seat_kinds(match: MatchDef, base: dict[int, str]) -> dict[int, str]:
    """Who plays each seat, with its team in team play (seats alternate A, B, A, B: p.19)."""
    if match.mode != "team":
        return base
    return {i: f"{kind} · {TEAM_NAMES[i % 2]}" for i, kind in base.items()}


def rule_lines(match: MatchDef) -> list[str]:
    """The core rules a player should have in mind for this mode (core rules; Marvel p.18-19)."""
    lines = ["Defeat the opposing hero" + ("es" if match.mode != "duel" else "") + " to win; sidekicks do not count."]
    if match.mode == "ffa":
        lines.append("First turn: attack only the next player or one who has already played.")
        lines.append("A defeated hero's sidekicks leave the board.")
    elif match.mode == "team":
        lines.append("Teams alternate turns; a team wins when both opposing heroes are defeated.")
    return lines


def board_name(game) -> str:
    catalog = getattr(game, "catalog", None)
    board = getattr(catalog, "boards", {}).get(game.board.key)
    return board.name if board is not None else game.board.name


def match_name(catalog, mode: str, heroes: list[str]) -> str:
    """"Leonardo vs Raphael"; in team play "Leonardo & Donatello vs Raphael & Michelangelo"."""
    names = ["Random" if h == "random" else catalog.heroes[h].name for h in heroes]
    if mode == "team":
        return f"{names[0]} & {names[2]} vs {names[1]} & {names[3]}"[:80]
    return " vs ".join(names)[:80]


def hero_notes(side) -> list[str]:
    """Public hero state kept in Side.data by the add-on hero decks (engine/heroes/)."""
    notes = []
    foot = side.data.get("foot")
    if foot is not None:
        from engine.effects.heroes.shredder import supply_left
        notes.append(f"Foot soldiers: {len(foot)} on paths, {supply_left(side)} in supply")
    if side.data.get("machines") is not None:
        notes.append(f"Doomsday Machines on: {side.data['machines']}")
    return notes


class MatchBoardView(BoardView):
    """The board of a match: also the add-on Shredder's Foot soldiers, on the paths they
    hold (his side's data, engine/effects/heroes/shredder.py), in his colour."""

    def draw(self, surf, game, hl=None, now_ms: int = 0) -> None:
        super().draw(surf, game, hl, now_ms)
        rad = max(7, int(self.r * 0.5))
        for side in game.sides:
            color = T.seat_color(side)
            for a, b in side.data.get("foot") or ():
                if not (0 <= a < len(self.centers) and 0 <= b < len(self.centers)):
                    continue
                (x0, y0), (x1, y1) = self.centers[a], self.centers[b]
                pos = ((x0 + x1) // 2, (y0 + y1) // 2)
                pygame.draw.circle(surf, T.FOOT, pos, rad + 1)
                pygame.draw.circle(surf, color, pos, rad + 1, 2)
                T.draw_text(surf, "F", pos, max(8, int(rad * 1.4)), (245, 235, 255), bold=True, anchor="center")


# ---------------------------------------------------------------- HUD
class MatchHud(Hud):
    """The HUD of a competitive game: mode, turn, whose turn and turn order on top; the
    players' health and piles in the column."""

    def draw_top(self, surf: pygame.Surface, rect: pygame.Rect, game, right_reserved: int = 0, rows: int = 1,
                 per_row: int = 1) -> None:
        x = self.top_panel(surf, rect, "TURN", game.round, "TURN ORDER")
        sides = [s for s in game.sides if not s.is_enemy]
        right = rect.right - right_reserved - 10
        y = rect.top + int(17 * T.SCALE)
        area = pygame.Rect(x, y, right - x, rect.bottom - 5 - y)
        kinds = self.kinds
        for side, r in zip(sides, self.card_slots(area, len(sides), 1, len(sides))):
            color = T.seat_color(side)
            current = game.current is side
            pygame.draw.rect(surf, T.PANEL_HI if current else T.BG, r, border_radius=6)
            pygame.draw.rect(surf, color, (r.left, r.top, 6, r.height), border_top_left_radius=6,
                             border_bottom_left_radius=6)
            pygame.draw.rect(surf, T.HIGHLIGHT if current else T.PANEL_EDGE, r, 2 if current else 1, border_radius=6)
            tx = order_badge(surf, (r.left + 19, r.top + 4 + int(8 * T.SCALE)), side.index + 1, color) + 4
            name = side.hero.name if side.hero is not None else side.name
            T.draw_text(surf, name, (tx, r.top + 3), 13, T.DIM if side.eliminated else T.TEXT, bold=current,
                        max_width=r.right - tx - 3, name=True)
            sub = "defeated" if side.eliminated or (side.hero is not None and not side.hero.alive) else (
                "now playing" if current else kinds.get(side.index, ""))
            T.draw_text(surf, sub, (r.left + 11, r.bottom - 3), 11, T.HIGHLIGHT if current else T.MUTED,
                        anchor="bottomleft", max_width=r.width - 14)

    def draw_side(self, surf: pygame.Surface, rect: pygame.Rect, game, seat_kinds: dict[int, str],
                  intents: dict[int, list[str]] | None = None, hover_pos=(-1, -1)) -> int:
        self.intents = {}
        self.side_rect = pygame.Rect(rect)
        self.player_rects = []
        self.scroll = self.content_h = 0          # this column never scrolls: its rows compact instead
        self.kinds = seat_kinds
        pygame.draw.rect(surf, T.PANEL, rect)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.bottomleft)
        x, w = rect.left + 12, rect.width - 24
        match = game.scenario

        def column(s, level, y=0):
            y += T.draw_wrapped(s, f"{MODE_NAMES[match.mode]} on {board_name(game)}".upper(), pygame.Rect(x, y, w, 200),
                                13, T.MUTED, bold=True) + 2
            cur = game.current
            if cur is not None and not cur.is_enemy:
                who = seat_kinds.get(cur.index, "")
                y += T.draw_wrapped(s, f"{cur.name}'s turn" + (f" ({who})" if who else ""), pygame.Rect(x, y, w, 80),
                                    15, T.seat_color(cur), bold=True)
            for line in rule_lines(match):
                y += T.draw_wrapped(s, line, pygame.Rect(x, y, w, 200), 12, T.MUTED, line_gap=0)
            y = self._players(s, game, x, y + 8, w, seat_kinds, compact=level >= self.COMPACT_PLAYERS)
            for side in game.sides:
                for note in hero_notes(side):
                    y += T.draw_wrapped(s, f"{side.hero.name if side.hero else side.name}: {note}",
                                        pygame.Rect(x, y, w, 200), 12, T.seat_color(side), line_gap=0)
            return y

        # the same densities as the adventure's column: compact player rows when the full ones do not fit
        self.density = self.fitting_density(column, rect.height - 20)[0]
        return column(surf, self.density, rect.top + 10)

    kinds: dict[int, str] = {}


# ---------------------------------------------------------------- end screen
@dataclass
class MatchSummary:
    winner: str                # the winning side names, "timeout" for a draw at the turn cap
    reason: str
    winners: list              # the winning sides
    team: int | None
    turns: int
    decisions: int


def summarise_match(game, over) -> MatchSummary:
    from adventures.competitive.setup import winning_team
    team = winning_team(game) if over.winner != "timeout" else None
    winners = [s for s in game.sides if s.team == team] if team is not None else []
    return MatchSummary(over.winner, over.reason, winners, team, game.round, game.decision_count)


class MatchEndScene(EndScene):
    """Who won the match: the winning hero (or team), every hero's state, the replay."""

    def summarise(self, game, over):
        return summarise_match(game, over)

    def title(self) -> tuple[str, T.Color]:
        s = self.summary
        if not s.winners:
            return "A draw", T.WARN
        names = " & ".join(x.hero.name if x.hero is not None else x.name for x in s.winners)
        if self.game.scenario.mode == "team":
            return f"{TEAM_NAMES[s.team % 2]} wins: {names}", T.ACCENT
        return f"{names} wins!", T.ACCENT

    def lines(self) -> list[str]:
        s = self.summary
        kinds = seat_kinds(self.game.scenario, {
            i: "you" if seat.bot == "human" else ("random bot" if seat.bot == "random" else "bot")
            for i, seat in enumerate(self.game.scenario.seats)})
        out = [f"{MODE_NAMES[self.game.scenario.mode]} on {board_name(self.game)}: {s.turns} turns",
               f"Decisions taken: {s.decisions}   ·   seed {self.game.seed}"]
        out += self.replay_notes()           # no file names, no commands: the Watch replay button
        for side in self.game.sides:
            alive = ", ".join(f"{f.name} {f.health}/{f.max_health}" for f in side.fighters if f.alive) or "defeated"
            won = " (winner)" if side in s.winners else ""
            out.append(f"{side.name} ({kinds.get(side.index, '')}){won}: {alive}")
        return out


# ---------------------------------------------------------------- the new-game form
class MatchForm:
    """The competitive part of the new-game screen: mode, players, board, a hero per seat
    and who plays it. Its button values are tuples starting with "m_"."""

    def __init__(self, catalog, prefs: dict):
        self.catalog = catalog
        heroes = sorted(catalog.heroes.values(), key=lambda h: ("TMNT" not in h.set and "Turtles" not in h.set,
                                                                  h.name))
        self.hero_keys = ["random"] + [h.key for h in heroes]
        self.boards = [k for k in ("new_york_city", "technodrome") if k in catalog.boards] or sorted(catalog.boards)
        self.mode = "duel"
        self.players = 2
        self.board = self.boards[0]
        picks = ["leonardo", "raphael", "donatello", "michelangelo"]
        self.heroes = [k if k in catalog.heroes else "random" for k in picks]
        self.controls = ["human", "heuristic", "heuristic", "heuristic"]
        self.seed: int | None = None        # a match file's seed, if it gives one
        self.remembered(prefs.get("match"))

    def remembered(self, saved) -> None:
        if not isinstance(saved, dict):
            return
        if saved.get("mode") in MODE_NAMES:
            self.mode = saved["mode"]
        low, high = MATCH_SEATS[self.mode]
        if isinstance(saved.get("players"), int) and low <= saved["players"] <= high:
            self.players = saved["players"]
        else:
            self.players = low
        if saved.get("board") in self.boards:
            self.board = saved["board"]
        kinds = {v for v, _t in CONTROLS}
        for k in range(4):
            heroes, controls = saved.get("heroes"), saved.get("controls")
            if isinstance(heroes, list) and k < len(heroes) and heroes[k] in self.hero_keys:
                self.heroes[k] = heroes[k]
            if isinstance(controls, list) and k < len(controls) and controls[k] in kinds:
                self.controls[k] = controls[k]

    def load(self, match: MatchDef) -> None:
        """A match file's mode, board and seats (a hero the catalog lacks becomes random)."""
        self.mode, self.players, self.seed = match.mode, len(match.seats), match.seed
        if match.board in self.boards:
            self.board = match.board
        for k, seat in enumerate(match.seats):
            hero = self.catalog.hero(seat.hero) if seat.hero != "random" else None
            self.heroes[k] = hero.key if hero is not None else "random"
            self.controls[k] = seat.bot

    def prefs(self) -> dict:
        return {"mode": self.mode, "players": self.players, "board": self.board, "heroes": list(self.heroes),
                "controls": list(self.controls)}

    def match(self) -> MatchDef:
        seats = [{"hero": self.heroes[k], "bot": self.controls[k]} for k in range(self.players)]
        name = match_name(self.catalog, self.mode, self.heroes[:self.players])
        return MatchDef.model_validate({"name": name, "mode": self.mode, "board": self.board, "seats": seats})

    def action(self, value) -> None:
        kind = value[0]
        if kind == "m_mode":
            self.mode = value[1]
            low, high = MATCH_SEATS[self.mode]
            self.players = min(max(self.players, low), high)
        elif kind == "m_players":
            self.players = value[1]
        elif kind == "m_board":
            self.board = value[1]
        elif kind == "m_hero":
            _k, seat, step = value
            i = self.hero_keys.index(self.heroes[seat])
            self.heroes[seat] = self.hero_keys[(i + step) % len(self.hero_keys)]   # mirror matches allowed
        elif kind == "m_control":
            self.controls[value[1]] = value[2]

    def humans(self) -> int:
        """How many of the seats people play (the new-game screen's hands rule counts them)."""
        return sum(1 for c in self.controls[:self.players] if c == "human")

    def draw_rows(self, surf, x0: int, y: int, label_w: int, seg, label, after_seats=None) -> int:
        """The form's rows from `y` (seg/label: the new-game screen's row helpers; after_seats
        draws the rows that belong beside the seats, the Hands row); returns the y after them."""
        u = T.SCALE
        row, bh = int(ROW * u), int(32 * u)          # the co-op rows' steps at this text size
        label("Competitive", y)
        seg([(text, ("m_mode", value), value == self.mode) for value, text in MODES], y, size=14)
        y += row
        low, high = MATCH_SEATS[self.mode]
        label("Players", y)
        if low == high:
            T.draw_text(surf, f"{low}" + ("  (seats alternate Team A, Team B)" if self.mode == "team" else ""),
                        (x0 + label_w + 4, y + bh // 2), 15, T.TEXT, anchor="midleft")
        else:
            seg([(str(n), ("m_players", n), n == self.players) for n in range(low, high + 1)], y, width=46)
        y += row
        label("Board", y)
        seg([(self.catalog.boards[k].name, ("m_board", k), k == self.board) for k in self.boards], y, size=14)
        y += row
        # the hero button as wide as the longest name; each button starts where the last ended
        name_w = max(170, (max(T.text_width(h.name, 15) for h in self.catalog.heroes.values()) + 20) / u)
        for k in range(self.players):
            tag = f"Player {k + 1}" + (f" · {'AB'[k % 2]}" if self.mode == "team" else "")
            T.draw_text(surf, tag, (x0 + 12, y + bh // 2), 15, T.SEAT_COLORS[k], bold=True, anchor="midleft")
            key = self.heroes[k]
            name = "Random hero" if key == "random" else self.catalog.heroes[key].name
            xx = seg([("<", ("m_hero", k, -1), False)], y, xx=x0 + label_w, width=32, size=16)
            xx = seg([(name, ("m_hero", k, 1), False)], y, xx=xx - 2, width=name_w, size=15)
            xx = seg([(">", ("m_hero", k, 1), False)], y, xx=xx - 2, width=32, size=16)
            seg([(text, ("m_control", k, value), self.controls[k] == value) for value, text in CONTROLS], y,
                xx=xx + 6, size=14)
            y += row - 4
        if after_seats is not None:
            y = after_seats(y + 6)
        note = ("Core rules on the box's boards: no Foot soldiers or circles, no Dimension X, no Doomsday "
                "Machines. Seat 1 starts on space 1 and plays first.")
        return y + 8 + T.draw_wrapped(surf, note, pygame.Rect(x0, y + 2, 640, 40), 12, T.MUTED)

    def draw_preview(self, surf: pygame.Surface, rect: pygame.Rect, previews: dict, marks: list) -> int | None:
        """The right column of the new-game screen; returns the y where it ends."""
        if rect.width < 220:
            return None
        match = self.match()
        y = rect.top + T.draw_wrapped(surf, f"{MODE_NAMES[match.mode]}: {match.name}",
                                      pygame.Rect(rect.left, rect.top, rect.width, 10 ** 5), 24, T.TEXT, bold=True)
        y += 6
        for line in rule_lines(match):
            y += T.draw_wrapped(surf, line, pygame.Rect(rect.left, y, rect.width, 10 ** 5), 14, T.MUTED) + 2
        y += 8
        key = ("match", self.board)          # not the co-op preview: no Foot circles, machines, screens
        if key not in previews:
            from adventures.competitive.setup import competitive_board
            from engine.board import compile_board
            previews[key] = BoardView(competitive_board(compile_board(self.catalog.boards[self.board])))
        area = previews[key].draw_preview(surf, pygame.Rect(rect.left, y, rect.width, 10 ** 5), y)
        if area is not None:
            pygame.draw.rect(surf, T.PANEL_EDGE, area, 1, border_radius=4)
            T.draw_text(surf, self.catalog.boards[self.board].name + " (competitive)",
                        (area.left + 8, area.bottom - 22), 13, T.MUTED)
            y = area.bottom + 12
        for k in range(self.players):
            key = self.heroes[k]
            if key == "random":
                continue
            y = draw_hero_summary(surf, self.catalog.heroes[key], k, rect, y, ability_lines=None)
        return y
