"""The new-game screen: villain, players, heroes, who plays them, minions, allies, seed,
open hands; or a scenario file, a saved game, or the autosave ("Continue").

It opens preselected on a sensible solo game (one hero against Shredder), so pressing
Enter on the very first frame starts playing.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from adventures.app import overlays, userdata
from adventures.app import theme as T
from adventures.app.board_view import BoardView
from adventures.app.controller import GameSetup, LoadFailed, random_seed, restart_from_file
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
        heroes = sorted(self.catalog.heroes.values(), key=lambda h: (h.set != "TMNT", h.name))
        self.hero_keys = ["random"] + [h.key for h in heroes]
        self.villains = sorted(k for k, e in self.catalog.enemies.items() if e.role == "villain")
        self.minion_keys = sorted(k for k, e in self.catalog.enemies.items() if e.role == "minion")
        self.villain = prefs.get("villain", "shredder") if prefs.get("villain") in self.villains else (
            "shredder" if "shredder" in self.villains else self.villains[0])
        self.players = 1
        first = "leonardo" if "leonardo" in self.catalog.heroes else "random"
        self.heroes = [first, "random", "random", "random"]
        self.controls = ["human", "heuristic", "heuristic", "heuristic"]
        self.minions: list[str] = []
        self.allies = False
        self.extra_henchmen = 0
        self.open_hands = bool(prefs.get("open_hands", True))
        self.seed_field = TextField(pygame.Rect(0, 0, 140, 32), placeholder="random")
        self.base = None                # a scenario file's definition (keeps overrides)
        self.base_path: Path | None = None
        self.previews: dict[str, BoardView] = {}

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
            scenario = self.scenario()
        except Exception as exc:   # a validation message, shown instead of starting
            self.error = str(exc).splitlines()[0]
            return
        self.app.prefs.update(villain=self.villain, open_hands=self.open_hands)
        self.result = GameSetup(scenario, self.seed(), self.open_hands,
                                source=str(self.base_path) if self.base_path else "")

    def apply_scenario(self, path: Path) -> None:
        from engine.content.loader import ContentError, load_file
        try:
            sc = load_file(path, "scenario")
        except ContentError as exc:
            self.error = str(exc).splitlines()[0]
            return
        except Exception as exc:
            self.error = f"{path.name}: {exc}"
            return
        self.base, self.base_path = sc, path
        self.villain = sc.villain
        self.players = len(sc.seats)
        for k, seat in enumerate(sc.seats):
            hero = self.catalog.hero(seat.hero) if seat.hero != "random" else None
            self.heroes[k] = hero.key if hero is not None else "random"
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
                self.start()
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
        if kind == "villain":
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
            self.start()
            return
        elif kind == "continue":
            self.result = restart_from_file(userdata.autosave_path(), self.open_hands)
            if isinstance(self.result, LoadFailed):
                self.error, self.result = self.result.message, None
            return
        elif kind == "load_menu":
            self.overlay = overlays.load_overlay(userdata.list_saves(), None)
            return
        elif kind == "load":
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
    def draw(self, surf: pygame.Surface, now: int) -> None:
        W, H = surf.get_size()
        surf.fill(T.BG)
        self.buttons = []
        hover = self.hover_pos
        form_w = 680           # wide enough for a seat row: hero picker and who plays it
        x0 = 40 if W >= 1100 else 24
        # title
        T.draw_text(surf, "TMNT Adventures", (x0, 22), 34, T.ACCENT, bold=True)
        T.draw_text(surf, "A co-op runner for Unmatched Adventures: Teenage Mutant Ninja Turtles", (x0, 64), 15,
                    T.MUTED)
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
        y += ROW
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
        if self.base is not None:
            T.draw_text(surf, f"Scenario file: {self.base.name}" + (
                " (its overrides are kept)" if self.base.overrides.model_dump(exclude_none=True) else ""),
                (x0, y), 14, T.WARN, max_width=form_w - 80)
            self.buttons.append(Button(pygame.Rect(x0 + form_w - 70, y - 6, 70, 28), "clear",
                                       value=("clear_scenario",), size=13))
            y += 28
        # main actions
        start = Button(pygame.Rect(x0, y, 200, 46), "Start game  (Enter)", value="start", primary=True, size=17)
        self.buttons.append(start)
        bx = start.rect.right + 10
        if userdata.autosave_path().exists():
            self.buttons.append(Button(pygame.Rect(bx, y, 130, 46), "Continue", value="continue", size=16))
            bx += 140
        self.buttons.append(Button(pygame.Rect(bx, y, 120, 46), "Load game…", value="load_menu", size=15))
        bx += 130
        self.buttons.append(Button(pygame.Rect(bx, y, 140, 46), "Scenario file…", value="scenario_menu", size=15))
        y += 58
        if self.error:
            y += T.draw_wrapped(surf, self.error, pygame.Rect(x0, y, form_w, 60), 14, T.DANGER) + 10
        if y < H - 150:
            self._draw_help(surf, pygame.Rect(x0, max(y + 10, H - 170), form_w, 150))
        for b in self.buttons:
            b.draw(surf, hover=b.rect.collidepoint(hover))
        right = max(b.rect.right for b in self.buttons) + 36
        self._draw_preview(surf, pygame.Rect(right, 24, W - right - 24, H - 48))
        if self.overlay is not None:
            self.overlay.draw(surf, hover)

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
        if rect.width < 220:
            return
        villain = self.catalog.enemies[self.villain]
        T.draw_text(surf, villain.name, (rect.left, rect.top), 26, T.TEXT, bold=True)
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
            h = min(int(rect.width / 1.6), rect.bottom - y - 150)
            if h > 120:
                area = pygame.Rect(rect.left, y, int(h * 1.6), h)
                bv.layout(area)
                bg, fg = bv.static_layers()
                surf.blit(bg, area.topleft)
                surf.blit(fg, area.topleft)
                bv.draw_machines(surf, {})          # machines start active (p.16)
                pygame.draw.rect(surf, T.PANEL_EDGE, area, 1, border_radius=4)
                T.draw_text(surf, self.catalog.boards[board_key].name, (area.left + 8, area.bottom - 22), 13, T.MUTED)
                y = area.bottom + 12
        # the chosen heroes' abilities, so players know what they picked
        for k in range(self.players):
            key = self.heroes[k]
            if key == "random" or y > rect.bottom - 40:
                continue
            hero = self.catalog.heroes[key]
            T.draw_text(surf, f"{hero.name}: {hero.ability.name}", (rect.left, y), 14, T.SEAT_COLORS[k], bold=True)
            y += 19
            y += T.draw_wrapped(surf, hero.ability.text, pygame.Rect(rect.left, y, rect.width, 54), 13, T.MUTED,
                                max_lines=3) + 6
