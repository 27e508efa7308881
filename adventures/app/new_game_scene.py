"""The new-game screen: villain, players, heroes, who plays them, minions, allies, seed,
open hands; or a scenario file, a saved game, or the autosave ("Continue"). The mode row
switches to a competitive game (duel, free-for-all, teams: adventures.app.match_mode).

It opens preselected on a sensible solo game (one hero against Shredder), so pressing
Enter on the very first frame starts playing.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from adventures.app import overlays, provenance, userdata
from adventures.app import theme as T
from adventures.app.board_view import BoardView
from adventures.app.card_view import draw_hero_summary
from adventures.app.confirm import replace_game_overlay
from adventures.app.controller import GameSetup, LoadFailed, random_seed, restart_from_file
from adventures.app.keep import game_in_progress, is_autosave, keep_game_in_progress
from adventures.app.widgets import Button, TextField

CONTROLS = [("human", "You"), ("heuristic", "Bot"), ("expert", "Expert"), ("random", "Random")]
ROW = 44


def scenario_dirs() -> list[Path]:
    here = Path(__file__).resolve().parents[2] / "scenarios"
    out = [here]
    cwd = Path.cwd() / "scenarios"
    if cwd.resolve() != here.resolve():
        out.append(cwd)
    return [d for d in out if d.is_dir()]


def scenario_files() -> list[Path]:
    files = []
    for d in scenario_dirs():
        files += sorted(p for p in d.glob("*.y*ml") if "sweep" not in p.stem)
    return files


class NewGameScene:
    def __init__(self, app, error: str = ""):
        from adventures.content.catalog import load_catalog
        self.app = app
        self.catalog = load_catalog()
        self.result = None
        self.overlay = None
        self.hover_pos = (-1, -1)
        self.error = error
        self.buttons: list[Button] = []
        prefs = app.prefs
        heroes = sorted(self.catalog.coop_heroes().values(), key=lambda h: (h.set != "TMNT", h.name))
        self.hero_keys = ["random"] + [h.key for h in heroes]
        self.villains = sorted(k for k, e in self.catalog.enemies.items() if e.role == "villain")
        self.minion_keys = sorted(k for k, e in self.catalog.enemies.items() if e.role == "minion")
        self.villain = prefs.get("villain", "shredder") if prefs.get("villain") in self.villains else (
            "shredder" if "shredder" in self.villains else self.villains[0])
        self.players = 1
        first = "leonardo" if "leonardo" in self.catalog.heroes else "random"
        self.heroes = [first, "random", "random", "random"]
        self.controls = ["human", "heuristic", "heuristic", "heuristic"]
        self.remembered(prefs)
        self.minions: list[str] = []
        self.allies = False
        self.extra_henchmen = 0
        self.open_hands = bool(prefs.get("open_hands", True))
        self.seed_field = TextField(pygame.Rect(0, 0, 140, 32), placeholder="random")
        self.base = None                # a scenario file's definition (keeps overrides)
        self.base_path: Path | None = None
        self.previews: dict[str, BoardView] = {}
        self.marks: list = []             # (rect, provenance.Mark) of the badges drawn last frame
        self.kept: Path | None = None   # where the game in progress was kept before another took over
        from adventures.app.match_mode import MatchForm
        self.mode = "match" if prefs.get("mode") == "match" else "adventure"
        self.match_form = MatchForm(self.catalog, prefs)

    def remembered(self, prefs: dict) -> None:
        """Players, heroes and who plays them, as last started (anything unknown is ignored)."""
        players = prefs.get("players")
        if isinstance(players, int) and 1 <= players <= 4:
            self.players = players
        heroes, controls = prefs.get("heroes"), prefs.get("controls")
        kinds = {value for value, _label in CONTROLS}
        for k in range(4):
            if isinstance(heroes, list) and k < len(heroes) and heroes[k] in self.hero_keys:
                self.heroes[k] = heroes[k]
            if isinstance(controls, list) and k < len(controls) and controls[k] in kinds:
                self.controls[k] = controls[k]

    # ------------------------------------------------------------ building the setup
    def scenario(self):
        from engine.content.schema import ScenarioDef
        seats = []
        for k in range(self.players):
            key = self.heroes[k]
            hero = "random" if key == "random" else self.catalog.heroes[key].name
            seats.append({"hero": hero, "bot": self.controls[k]})
        data = self.base.model_dump(mode="json") if self.base is not None else {"name": "Custom game"}
        data.update(villain=self.villain, seats=seats, minions=list(self.minions) or "random", allies=self.allies,
                    extra_henchmen=self.extra_henchmen if self.allies else 0)
        data.pop("seed", None)
        return ScenarioDef.model_validate(data)

    def seed(self) -> int:
        text = self.seed_field.text.strip()
        return int(text) if text.isdigit() else random_seed()

    def start(self) -> None:
        try:
            scenario = self.match_form.match() if self.mode == "match" else self.scenario()
        except Exception as exc:   # a validation message, shown instead of starting
            self.error = str(exc).splitlines()[0]
            return
        self.app.prefs.update(villain=self.villain, open_hands=self.open_hands, players=self.players,
                              heroes=list(self.heroes), controls=list(self.controls), mode=self.mode,
                              match=self.match_form.prefs())
        if self.mode == "match":
            self.base, self.base_path = None, None
        self.result = GameSetup(scenario, self.seed(), self.open_hands,
                                source=str(self.base_path) if self.base_path else "")

    def apply_scenario(self, path: Path) -> None:
        from adventures.content.checks import load_scenario_file
        from engine.content.loader import ContentError
        from engine.content.schema import MatchDef
        try:     # the one validation path: an unknown hero is an error here too, never Random
            sc = load_scenario_file(path, self.catalog)
        except ContentError as exc:
            self.error = str(exc).splitlines()[0]
            return
        except Exception as exc:
            self.error = f"{path.name}: {exc}"
            return
        if isinstance(sc, MatchDef):             # a competitive game: the match form takes it
            self.match_form.load(sc)
            self.mode, self.open_hands, self.error = "match", False, ""
            self.seed_field.text = str(self.match_form.seed) if self.match_form.seed is not None else ""
            return
        self.base, self.base_path = sc, path
        self.villain = sc.villain
        self.players = len(sc.seats)
        for k, seat in enumerate(sc.seats):
            hero = self.catalog.hero(seat.hero) if seat.hero != "random" else None
            self.heroes[k] = hero.key if hero is not None and hero.coop else "random"
            self.controls[k] = seat.bot
        self.minions = [self.catalog.enemy(m).key for m in sc.minions] if isinstance(sc.minions, list) else []
        self.allies = sc.allies
        self.extra_henchmen = sc.extra_henchmen
        self.seed_field.text = str(sc.seed) if sc.seed is not None else ""
        self.error = ""

    # ------------------------------------------------------------ input
    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            return
        if self.overlay is not None:
            value = self.overlay.handle(event)
            if value is None:
                return
            self.overlay = None
            if value != overlays.CLOSE:
                self.action(value)
            return
        if self.seed_field.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.action("continue" if game_in_progress() else "start")   # Enter never loses a game
            elif event.key == pygame.K_ESCAPE:
                self.action("quit")
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.hover_pos = event.pos
            for b in self.buttons:
                if b.hit(event.pos):
                    self.action(b.value)
                    return

    def action(self, value) -> None:
        kind = value[0] if isinstance(value, tuple) else value
        if kind == "mode":
            self.mode = value[1]
            self.open_hands = self.mode != "match"      # an opponent's hand is secret (core rules)
        elif str(kind).startswith("m_"):
            self.match_form.action(value)
        elif kind == "villain":
            self.villain = value[1]
        elif kind == "players":
            self.players = value[1]
            self.minions = self.minions[:self.players]
        elif kind == "hero":
            _k, seat, step = value
            self.heroes[seat] = self._next_hero(seat, step)
        elif kind == "control":
            self.controls[value[1]] = value[2]
        elif kind == "minion":
            key = value[1]
            if key in self.minions:
                self.minions.remove(key)
            elif len(self.minions) < self.players:
                self.minions.append(key)
            else:
                self.error = f"At most {self.players} minion{'s' if self.players > 1 else ''} (one per player)."
                return
        elif kind == "minions_random":
            self.minions = []
        elif kind == "allies":
            self.allies = value[1]
        elif kind == "henchmen":
            self.extra_henchmen = max(0, min(6, self.extra_henchmen + value[1]))
        elif kind == "seed_random":
            self.seed_field.text = str(random_seed())
        elif kind == "hands":
            self.open_hands = value[1]
        elif kind == "start":
            if game_in_progress():
                self.overlay = replace_game_overlay("Start a new game", ("start_kept",))
            else:
                self.start()
            return
        elif kind == "confirmed":
            self.action(value[1])
            return
        elif kind == "start_kept":
            self.kept = keep_game_in_progress()
            self.start()
            return
        elif kind == "continue":
            self.result = restart_from_file(userdata.autosave_path(), self.open_hands)
            if isinstance(self.result, LoadFailed):
                self.error, self.result = self.result.message, None
            return
        elif kind == "load_menu":
            self.overlay = overlays.load_overlay(userdata.save_entries(), None)
            return
        elif kind == "load" and game_in_progress() and not is_autosave(value[1]):
            self.overlay = replace_game_overlay("Load this save", ("load_kept", value[1]))
            return
        elif kind in ("load", "load_kept"):
            if kind == "load_kept":
                self.kept = keep_game_in_progress()
            self.result = restart_from_file(value[1], self.open_hands)
            if isinstance(self.result, LoadFailed):
                self.error, self.result = self.result.message, None
            return
        elif kind == "scenario_menu":
            files = scenario_files()
            items = [(p.stem, ("scenario", p)) for p in files[:10]]
            self.overlay = overlays.ButtonOverlay("Open a scenario", items + [("Back", overlays.CLOSE)],
                                                  [] if files else ["No scenario files in scenarios/."], width=440)
            return
        elif kind == "scenario":
            self.apply_scenario(value[1])
            return
        elif kind == "clear_scenario":
            self.base, self.base_path = None, None
        elif kind == "settings":
            from adventures.app.settings import settings_overlay
            self.overlay = settings_overlay(self.app)
            return
        elif kind == "setting":
            from adventures.app.settings import settings_overlay, toggle
            toggle(self.app, value[1])
            self.overlay = settings_overlay(self.app)
            return
        elif kind == "quit":
            from adventures.app.controller import QuitApp
            raise QuitApp()
        self.error = ""

    def _next_hero(self, seat: int, step: int) -> str:
        taken = {self.heroes[k] for k in range(self.players) if k != seat} - {"random"}
        i = self.hero_keys.index(self.heroes[seat])
        for _ in range(len(self.hero_keys)):
            i = (i + step) % len(self.hero_keys)
            if self.hero_keys[i] not in taken:
                return self.hero_keys[i]
        return "random"

    # ------------------------------------------------------------ drawing
    def next_frame_in(self, now: int) -> int | None:
        """Only the seed field's cursor blinks (the app's frame loop sleeps otherwise)."""
        return 500 - now % 500 if self.seed_field.focused else None

    def draw(self, surf: pygame.Surface, now: int) -> None:
        W, H = surf.get_size()
        surf.fill(T.BG)
        self.buttons = []
        self.marks: list[tuple[pygame.Rect, provenance.Mark]] = []   # badges, for their tooltips
        hover = self.hover_pos
        form_w = 680           # wide enough for a seat row: hero picker and who plays it
        x0 = 40 if W >= 1100 else 24
        # title
        T.draw_text(surf, "TMNT Adventures", (x0, 22), 34, T.ACCENT, bold=True)
        T.draw_text(surf, "A co-op runner for Unmatched Adventures: Teenage Mutant Ninja Turtles", (x0, 64), 15,
                    T.MUTED)
        self._draw_content_line(surf, x0, 84, form_w)
        y = 104
        label_w = 150

        def label(text, yy):
            T.draw_text(surf, text, (x0, yy + 8), 15, T.MUTED)

        def seg(options, yy, xx=x0 + label_w, size=15, width=None):
            for text, value, selected in options:
                w = width or max(70, T.text_width(text, size) + 26)
                b = Button(pygame.Rect(xx, yy, w, 32), text, value=value, selected=selected, size=size)
                self.buttons.append(b)
                xx += w + 6
            return xx

        label("Mode", y)
        seg([("Adventure (co-op)", ("mode", "adventure"), self.mode == "adventure"),
             ("Competitive", ("mode", "match"), self.mode == "match")], y, size=14)
        y += ROW
        if self.mode == "match":
            y = self.match_form.draw_rows(surf, x0, y, label_w, seg, label)
        else:
            y = self._draw_coop_rows(surf, x0, y, label_w, form_w, seg, label)
        label("Seed", y)
        self.seed_field.rect = pygame.Rect(x0 + label_w, y, 140, 32)
        self.seed_field.draw(surf, hover=self.seed_field.rect.collidepoint(hover))
        self.buttons.append(Button(pygame.Rect(x0 + label_w + 150, y, 90, 32), "Random", value=("seed_random",),
                                   size=14))
        y += ROW
        label("Hands", y)
        seg([("Open (co-op)", ("hands", True), self.open_hands),
             ("Hidden (hot seat)", ("hands", False), not self.open_hands)], y, size=14)
        y += ROW + 8
        if self.base is not None and self.mode == "adventure":
            T.draw_text(surf, f"Scenario file: {self.base.name}" + (
                " (its overrides are kept)" if self.base.overrides.model_dump(exclude_none=True) else ""),
                (x0, y), 14, T.WARN, max_width=form_w - 80)
            self.buttons.append(Button(pygame.Rect(x0 + form_w - 70, y - 6, 70, 28), "clear",
                                       value=("clear_scenario",), size=13))
            y += 28
        self._draw_actions(surf, x0, y, form_w, H, hover)

    def _draw_coop_rows(self, surf, x0, y, label_w, form_w, seg, label) -> int:
        """The co-op rows: villain, players and heroes, minions, allies and henchmen."""
        label("Villain", y)
        seg([(self.catalog.enemies[k].name, ("villain", k), k == self.villain) for k in self.villains], y)
        y += ROW
        label("Players", y)
        seg([(str(n), ("players", n), n == self.players) for n in range(1, 5)], y, width=46)
        y += ROW
        for k in range(self.players):
            T.draw_text(surf, f"Player {k + 1}", (x0 + 12, y + 8), 15, T.SEAT_COLORS[k], bold=True)
            key = self.heroes[k]
            name = "Random hero" if key == "random" else self.catalog.heroes[key].name
            xx = x0 + label_w
            self.buttons.append(Button(pygame.Rect(xx, y, 32, 32), "<", value=("hero", k, -1), size=16))
            hero_b = Button(pygame.Rect(xx + 36, y, 170, 32), name, value=("hero", k, 1), size=15)
            self.buttons.append(hero_b)
            self.buttons.append(Button(pygame.Rect(xx + 210, y, 32, 32), ">", value=("hero", k, 1), size=16))
            seg([(text, ("control", k, value), self.controls[k] == value) for value, text in CONTROLS], y,
                xx=xx + 254, size=14)
            y += ROW - 4
        y += 6
        label("Minions", y)
        xx = seg([("Random", ("minions_random",), not self.minions)], y, size=14)
        chips = [(self.catalog.enemies[m].name, ("minion", m), m in self.minions) for m in self.minion_keys]
        cx, cy = xx, y
        for text, value, selected in chips:
            w = T.text_width(text, 13) + 22
            if cx + w > x0 + form_w:
                cx, cy = x0 + label_w, cy + 38
            self.buttons.append(Button(pygame.Rect(cx, cy, w, 32), text, value=value, selected=selected, size=13))
            cx += w + 6
        y = cy + ROW
        if self.minions and len(self.minions) < self.players:
            # the rules want one minion per player (p.4): say what fewer means
            T.draw_text(surf, f"{len(self.minions)} minion{'s' if len(self.minions) > 1 else ''} for {self.players} "
                        "players: an easier game", (x0 + label_w, y - 8), 12, T.WARN)
            y += 12
        label("Allies & henchmen", y)
        xx = seg([("Off", ("allies", False), not self.allies), ("On", ("allies", True), self.allies)], y, width=60)
        if self.allies:
            T.draw_text(surf, "extra henchmen", (xx + 14, y + 8), 14, T.MUTED)
            hx = xx + 14 + T.text_width("extra henchmen", 14) + 10
            self.buttons.append(Button(pygame.Rect(hx, y, 32, 32), "-", value=("henchmen", -1), size=16))
            T.draw_text(surf, str(self.extra_henchmen), (hx + 50, y + 16), 17, T.TEXT, bold=True, anchor="center")
            self.buttons.append(Button(pygame.Rect(hx + 68, y, 32, 32), "+", value=("henchmen", 1), size=16))
        return y + ROW

    def _draw_actions(self, surf, x0, y, form_w, H, hover) -> None:
        """Start / Continue, Load, Scenario file, Settings; errors, help and the preview."""
        W = surf.get_width()
        # main actions: with a game in progress, Continue is the default (Enter)
        bx = x0
        if game_in_progress():
            self.buttons.append(Button(pygame.Rect(bx, y, 170, 46), "Continue  (Enter)", value="continue",
                                       primary=True, size=16))
            bx += 180
            start = Button(pygame.Rect(bx, y, 150, 46), "New game…", value="start", size=16)
        else:
            start = Button(pygame.Rect(bx, y, 200, 46), "Start game  (Enter)", value="start", primary=True, size=17)
        self.buttons.append(start)
        bx = start.rect.right + 10
        self.buttons.append(Button(pygame.Rect(bx, y, 120, 46), "Load game…", value="load_menu", size=15))
        bx += 130
        self.buttons.append(Button(pygame.Rect(bx, y, 140, 46), "Scenario file…", value="scenario_menu", size=15))
        bx += 150
        self.buttons.append(Button(pygame.Rect(bx, y, 110, 46), "Settings…", value="settings", size=15))
        y += 58
        if self.error:
            y += T.draw_wrapped(surf, self.error, pygame.Rect(x0, y, form_w, 60), 14, T.DANGER) + 10
        for problem in self.catalog.problems[:2]:   # broken user files: left out, said in one line
            y += T.draw_wrapped(surf, f"{problem} (left out: playing the shipped content)",
                                pygame.Rect(x0, y, form_w, 60), 13, T.DANGER) + 6
        if y < H - 150:
            self._draw_help(surf, pygame.Rect(x0, max(y + 10, H - 170), form_w, 150))
        for b in self.buttons:
            b.draw(surf, hover=b.rect.collidepoint(hover))
        right = max(b.rect.right for b in self.buttons) + 36
        self._draw_preview(surf, pygame.Rect(right, 24, W - right - 24, H - 48))
        mark = next((m for r, m in self.marks if r.collidepoint(hover)), None)
        if mark is not None and self.overlay is None:
            self._draw_tooltip(surf, list(mark.lines), hover)
        if self.overlay is not None:
            self.overlay.draw(surf, hover)

    def _draw_tooltip(self, surf: pygame.Surface, lines: list[str], pos) -> None:
        lines = [row for raw in lines for row in T.wrap(raw, 13, 380)]
        rect = pygame.Rect(pos[0] - 200, pos[1] + 16, max(T.text_width(t, 13) for t in lines) + 20,
                           len(lines) * 18 + 12)
        rect.clamp_ip(surf.get_rect())
        pygame.draw.rect(surf, (12, 14, 20), rect, border_radius=6)
        pygame.draw.rect(surf, T.PANEL_EDGE, rect, 1, border_radius=6)
        for k, line in enumerate(lines):
            T.draw_text(surf, line, (rect.left + 10, rect.top + 6 + 18 * k), 13, T.TEXT if k == 0 else T.MUTED,
                        bold=k == 0)

    def _draw_content_line(self, surf: pygame.Surface, x: int, y: int, width: int) -> None:
        """Which content is in use: shipped (≈ our design on the villain side) or yours too."""
        from adventures.content.sources import content_summary
        mine = bool(getattr(self.catalog, "custom", None))
        mark = provenance.Mark(provenance.YOURS, ()) if mine else provenance.Mark(provenance.APPROX, ())
        badge = provenance.draw_badge(surf, (x, y + 8), mark, 11, anchor="midleft")
        T.draw_text(surf, content_summary(self.catalog), (badge.right + 8, y), 13,
                    provenance.YOURS_COLOR if mine else T.MUTED, max_width=width - badge.width - 8)

    def _draw_help(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        T.heading(surf, "How to play", rect.topleft)
        tips = [
            "Click a glowing space, fighter or raised card to answer; every choice also has a button.",
            "1-9 pick an option, Enter takes the first one, Esc opens the menu, Ctrl+Z undoes.",
            "Enemy turns play out slowly: Space skips to your next decision.",
            "The game is saved at every turn: Continue picks it up after closing the window.",
        ]
        y = rect.top + 20
        for tip in tips:
            y += T.draw_wrapped(surf, "• " + tip, pygame.Rect(rect.left, y, rect.width, 40), 13, T.MUTED) + 4

    def _draw_preview(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        if self.mode == "match":
            self.match_form.draw_preview(surf, rect, self.previews, self.marks)
            return
        if rect.width < 220:
            return
        villain = self.catalog.enemies[self.villain]
        nr = T.draw_text(surf, villain.name, (rect.left, rect.top), 26, T.TEXT, bold=True)
        mark = provenance.of_def(self.catalog, "enemy", villain)
        badge = provenance.draw_badge(surf, (nr.right + 8, nr.centery), mark, 12, anchor="midleft")
        if badge is not None:
            self.marks.append((badge.inflate(6, 6), mark))
        health = villain.health_for(self.players)
        if self.base is not None and self.base.overrides.villain_health:
            health = self.base.overrides.villain_health
        T.draw_text(surf, f"{health} health with {self.players} player{'s' if self.players > 1 else ''}",
                    (rect.left, rect.top + 36), 15, T.MUTED)
        y = rect.top + 62
        y += T.draw_wrapped(surf, villain.special_text, pygame.Rect(rect.left, y, rect.width, 120), 14, T.TEXT,
                            max_lines=6) + 10
        board_key = villain.board
        if board_key and board_key in self.catalog.boards:
            if board_key not in self.previews:
                from engine.board import compile_board
                self.previews[board_key] = BoardView(compile_board(self.catalog.boards[board_key]))
            bv = self.previews[board_key]
            area = bv.draw_preview(surf, rect, y)
            if area is not None:
                bv.draw_machines(surf, {})          # machines start active (p.16)
                pygame.draw.rect(surf, T.PANEL_EDGE, area, 1, border_radius=4)
                br = T.draw_text(surf, self.catalog.boards[board_key].name, (area.left + 8, area.bottom - 22), 13,
                                 T.MUTED)
                mark = provenance.of_def(self.catalog, "board", self.catalog.boards[board_key])
                badge = provenance.draw_badge(surf, (br.right + 6, br.centery), mark, 11, anchor="midleft")
                if badge is not None:
                    self.marks.append((badge.inflate(6, 6), mark))
                y = area.bottom + 12
        # the chosen heroes' abilities, so players know what they picked
        for k in range(self.players):
            key = self.heroes[k]
            if key == "random" or y > rect.bottom - 40:
                continue
            y = draw_hero_summary(surf, self.catalog.heroes[key], k, rect, y, ability_lines=3)
