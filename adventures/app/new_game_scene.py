"""The new-game screen: villain, players, heroes, who plays them, hands, minions, allies,
seed; or a scenario file, a saved game, or the autosave ("Continue"). The mode row switches
to a competitive game (duel, free-for-all, teams: adventures.app.match_mode).

The screen checks itself (issue 39): no hero sits on two co-op seats, and hands are hidden
as soon as two people share the device (`hands_rule`), said on screen beside the seats.

It opens preselected on a sensible solo game (one hero against Shredder), so pressing
Enter on the very first frame starts playing.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import pygame

from adventures.app import glossary_view, overlays, provenance, userdata
from adventures.app import theme as T
from adventures.app.board_view import BoardView
from adventures.app.card_view import draw_hero_summary
from adventures.app.confirm import replace_game_overlay
from adventures.app.controller import GameSetup, LoadFailed, random_seed, restart_from_file
from adventures.app.hands_rule import HIDDEN_NOTE, OPEN_WARNING, HandsRule, hands_rule
from adventures.app.keep import game_in_progress, is_autosave, keep_game_in_progress
from adventures.app.widgets import Button, TextField
from adventures.content.scenario_names import scenario_dirs


def seat_controls() -> list[tuple[str, str]]:
    """Who may play a seat, and the word for each: the one bot registry's (adventures/bots/registry.py)."""
    from adventures.bots.registry import seat_controls as registered
    return registered()


def about_seat(name: str) -> str:
    from adventures.bots.registry import about
    return about(name)


ROW = 44
# keys that scroll the form: arrows by a line, PgUp/PgDn by a page (the sign and 2 mark a page)
SCROLL_KEYS = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 2, pygame.K_PAGEUP: -2}


def _team_words(catalog, row) -> str:
    """A measured row's team in words: 'Leonardo and Raphael' or 'random teams of 3'."""
    if all(h == "random" for h in row.heroes):
        return f"random teams of {row.players}" if row.players > 1 else "a random hero"
    names = [catalog.heroes[h].name if h in catalog.heroes else "a random hero" for h in row.heroes]
    team = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return team + (" with allies" if row.allies else "")


# How often a good team wins, in words a player reads at a glance ("3 games in 5")
FRACTIONS = sorted({(n, d) for d in (2, 3, 4, 5, 10) for n in range(1, d) if math.gcd(n, d) == 1},
                   key=lambda f: f[1])
PAGE_REF = re.compile(r"\s*\((?:Adventures )?(p\.[0-9]+(?:-[0-9]+)?)\)")


def odds(rate: float) -> str:
    """0.5 -> '1 game in 2', 0.6 -> '3 games in 5' (the nearest simple fraction)."""
    if rate >= 0.95:
        return "nearly every game"
    if rate <= 0.05:
        return "hardly ever"
    n, d = min(FRACTIONS, key=lambda f: (abs(rate - f[0] / f[1]), f[1]))
    return f"{n} game{'s' if n > 1 else ''} in {d}"


def _measured(catalog, villain: str, heroes: list[str], allies: bool, level: str):
    """The calibration row this game plays (`difficulty.measured_row`) and whether it is this team's own."""
    from adventures.rules.difficulty import is_own_row, measured_row, team_keys
    table = getattr(catalog, "difficulty", None)
    heroes = team_keys(catalog, heroes)
    best = measured_row(table, villain, heroes, allies, level) if table is not None else None
    return best, best is not None and is_own_row(best, heroes, allies)


def _level_name(catalog, level: str) -> str:
    table = getattr(catalog, "difficulty", None)
    spec = table.level(level) if table is not None else None
    return spec.name if spec is not None else level


def _predicted(catalog, villain: str, heroes: list[str], allies: bool, level: str, henchmen: int = 0):
    """The win-rate model's odds for this very team at this level (adventures/rules/odds.py), or
    None when the model does not cover this villain and player count."""
    from adventures.rules.odds import predicted_odds
    return predicted_odds(catalog, villain, heroes, allies, henchmen, level)


REFERENCE_WORDS = "our reference player (the Bot, its play kept unchanged so the levels never drift)"


def measured_line(catalog, villain: str, heroes: list[str], allies: bool, level: str, henchmen: int = 0) -> str:
    """The level in plain words: how often a good team wins this game, as the win-rate model
    predicts it for this team (random seats: the average over the heroes they can be dealt,
    said so); without a model, as measured (the row whose settings the game plays). The
    figures themselves are on hover (`measured_figures`)."""
    name = _level_name(catalog, level)
    found = _predicted(catalog, villain, heroes, allies, level, henchmen)
    if found is not None:
        line = f"{name}: a good team wins about {odds(found.rate)}"
        return line + (" (on average over the heroes the random seats can be dealt)." if found.averaged > 1 else ".")
    best, own = _measured(catalog, villain, heroes, allies, level)
    if best is None:
        return f"{name}: not measured yet for this villain."
    line = f"{name}: a good team wins about {odds(best.win_rate)}"
    if own:
        return line + "."
    players = f"{best.players} player{'s' if best.players > 1 else ''}"
    return line + f" (as measured for {_team_words(catalog, best)}, {players})."


def measured_figures(catalog, villain: str, heroes: list[str], allies: bool, level: str,
                     level_text: str = "", henchmen: int = 0) -> list[str]:
    """The figures behind `measured_line`, for its tooltip: a title, then plain sentences."""
    pages = PAGE_REF.findall(level_text)
    rulebook = [f"Rulebook: Adventures {', '.join(pages)} (more henchmen for a tougher game)."] if pages else []
    found = _predicted(catalog, villain, heroes, allies, level, henchmen)
    if found is not None:
        return _model_figures(catalog, found) + rulebook
    best, own = _measured(catalog, villain, heroes, allies, level)
    if best is None:
        return ["How the levels are measured",
                "Our best bot plays each level hundreds of times against each villain; this villain has "
                "not been played at this level yet, so the level is our guess."] + rulebook
    lines = ["How we know",
             f"Our best bot won {best.win_rate:.0%} of {best.games} games at this level "
             f"(the true rate is very likely between {best.ci95[0]:.0%} and {best.ci95[1]:.0%}); "
             f"measured on {best.date}."]
    if not own:
        lines.append(f"This team has no measurement of its own: the game plays the level as measured for "
                     f"{_team_words(catalog, best)}.")
    return lines + rulebook


def _model_figures(catalog, found) -> list[str]:
    """The model's figures in plain sentences: the rate, how sure, how it was measured, and how
    well it predicted teams it never saw."""
    from adventures.rules.odds import model_of
    if found.measured:
        return ["How we know",
                f"With this team at this level, {REFERENCE_WORDS} won {found.rate:.0%} of {found.measured} games "
                f"(the true rate is very likely between {found.low:.0%} and {found.high:.0%}): this very team "
                f"was measured, on {found.measured_on}."]
    model = model_of(catalog)
    lines = ["How we know",
             f"With this team at this level, {REFERENCE_WORDS} is predicted to win {found.rate:.0%} of games "
             f"(very likely between {found.low:.0%} and {found.high:.0%})."]
    if found.averaged > 1:
        lines.append(f"A random seat can be dealt several heroes: this is the average over the {found.averaged} "
                     "teams it can make, and the level plays the same for all of them.")
    if found.unseen:
        lines.append("Not yet measured, so counted as an average hero: " + ", ".join(
            catalog.heroes[h].name if h in catalog.heroes else h for h in found.unseen) + ".")
    lines.append(f"Worked out from {model.games:,} games of many teams, played on {model.date}.")
    rows = model.validation
    if rows:
        errors = [abs(r.wins / r.games - r.predicted) for r in rows]
        lines.append(f"On {len({(r.villain, tuple(r.heroes)) for r in rows})} teams it had never seen, the "
                     f"prediction was off by {100 * sum(errors) / len(errors):.0f} points on average"
                     + ("; the range above counts how far such teams strayed." if model.team_sd else "."))
    return lines


def level_words(text: str) -> str:
    """A level's description without its page references (those are in the tooltip)."""
    return PAGE_REF.sub("", text)


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
        self.scroll = 0                 # pixels the form is scrolled up
        self.content_h = 0
        self.view = pygame.Rect(0, 0, 1, 1)
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
        self.controls = ["human", "strong", "strong", "strong"]
        self.remembered(prefs)
        self.minions: list[str] = []
        self.allies = False
        self.extra_henchmen = 0
        from adventures.rules.difficulty import level_keys
        self.levels = level_keys(self.catalog)
        table = self.catalog.difficulty
        self.difficulty = prefs.get("difficulty") if prefs.get("difficulty") in self.levels else (
            table.default if table is not None else "standard")
        self.seed_field = TextField(pygame.Rect(0, 0, 140, 32), placeholder="random")
        self.base = None                # a scenario file's definition (keeps overrides)
        self.base_path: Path | None = None
        self.previews: dict[str, BoardView] = {}
        self.marks: list = []             # (rect, provenance.Mark) of the badges drawn last frame
        self.kept: Path | None = None   # where the game in progress was kept before another took over
        from adventures.app.match_mode import MatchForm
        self.mode = "match" if prefs.get("mode") == "match" else "adventure"
        self.match_form = MatchForm(self.catalog, prefs)
        self.seat_note = ""              # why a seat's hero was changed (said under the seats)
        self.hands_note = ""             # why hands are set as they are (said under the Hands row)
        self.hands_rect: pygame.Rect | None = None
        # the table's own hands choice; the remembered one counts only with 2+ human seats
        self.hands_choice: bool | None = None
        self.humans_before = self.humans()
        self.reveal_hands = self.humans_before >= 2     # scroll the Hands row into view on the next frame
        if self.humans_before >= 2 and isinstance(prefs.get("open_hands"), bool):
            self.hands_choice = prefs["open_hands"]
            if self.hands_choice:
                self.hands_note = "As in your last game with several players at this device (remembered)."
                self.reveal_hands = True
        self.check_seats()

    def remembered(self, prefs: dict) -> None:
        """Players, heroes and who plays them, as last started (anything unknown is ignored)."""
        players = prefs.get("players")
        if isinstance(players, int) and 1 <= players <= 4:
            self.players = players
        heroes, controls = prefs.get("heroes"), prefs.get("controls")
        kinds = {value for value, _label in seat_controls()}
        for k in range(4):
            if isinstance(heroes, list) and k < len(heroes) and heroes[k] in self.hero_keys:
                self.heroes[k] = heroes[k]
            if isinstance(controls, list) and k < len(controls) and controls[k] in kinds:
                self.controls[k] = controls[k]

    # ------------------------------------------------------------ checks of the seats
    def humans(self) -> int:
        """How many seats of the game set up now people play."""
        if self.mode == "match":
            return self.match_form.humans()
        return sum(1 for c in self.controls[:self.players] if c == "human")

    def hands(self) -> HandsRule:
        return hands_rule(self.humans(), self.mode, self.hands_choice)

    @property
    def open_hands(self) -> bool:
        """The game's hands setting (GameSetup.open_hands), by `hands_rule`."""
        return self.hands().open_hands

    def check_seats(self) -> None:
        """After a change of mode, players, heroes or who plays them (or on opening): a hero
        on two co-op seats gives way to the seat before it (a seat remembered from another
        player count), and hands become hidden when a second person sits down; both said."""
        if self.mode == "adventure":
            for k in range(self.players):
                first = next((j for j in range(k) if self.heroes[j] == self.heroes[k]), None)
                if self.heroes[k] == "random" or first is None:
                    continue
                was = self.catalog.heroes[self.heroes[k]].name
                self.heroes[k] = self._next_hero(k, 1)
                now = "a random hero" if self.heroes[k] == "random" else self.catalog.heroes[self.heroes[k]].name
                self.seat_note = f"{was} is Player {first + 1}'s hero, so Player {k + 1} now plays {now}."
        humans = self.humans()
        if humans != self.humans_before:
            self.hands_note = ""
        if self.humans_before < 2 <= humans:
            self.hands_choice = False
            self.hands_note = f"Hands hidden: {humans} players now share this device."
            self.reveal_hands = True
        self.humans_before = humans

    def duplicate_hero(self, heroes: list[str] | None = None) -> str:
        """A plain refusal when two co-op seats (`heroes`, keys; default: the seats set up
        here) play the same hero; "" when none does."""
        heroes = heroes if heroes is not None else self.heroes[:self.players]
        for k, key in enumerate(heroes):
            j = next((j for j in range(k) if heroes[j] == key != "random"), None)
            if j is not None:
                name = self.catalog.heroes[key].name if key in self.catalog.heroes else key
                return f"{name} is on two seats (Players {j + 1} and {k + 1}): each hero plays once in a co-op game."
        return ""

    def hero_menu(self, seat: int) -> overlays.ButtonOverlay:
        """Every hero for `seat`; one another seat plays is greyed out and names that seat
        (as Unmatched Digital Edition greys out a hero already picked)."""
        owner = {self.heroes[k]: k for k in range(self.players) if k != seat and self.heroes[k] != "random"}
        mine = self.heroes[seat]
        items = [(f"Keep {'a random hero' if mine == 'random' else self.catalog.heroes[mine].name}", ("hero_pick", seat, mine))]
        for key in self.hero_keys:
            name = "Random hero" if key == "random" else self.catalog.heroes[key].name
            if key in owner:
                items.append((f"{name}: Player {owner[key] + 1}'s hero", None))
            elif key != mine:
                items.append((name, ("hero_pick", seat, key)))
        return overlays.ButtonOverlay(f"Player {seat + 1}'s hero", items + [("Back", overlays.CLOSE)],
                                      ["A hero another player has picked is greyed out."], width=380)

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
                    extra_henchmen=self.extra_henchmen if self.allies else 0, difficulty=self.difficulty,
                    difficulty_settings=None)      # the level as measured now (a game pins it when set up)
        data.pop("seed", None)
        return ScenarioDef.model_validate(data)

    def seed(self) -> int:
        text = self.seed_field.text.strip()
        return int(text) if text.isdigit() else random_seed()

    def start(self) -> None:
        twice = self.duplicate_hero() if self.mode == "adventure" else ""
        if twice:                  # never two of one hero in co-op: said, not started
            self.error = f"{twice} Pick another hero for one of them."
            return
        try:
            scenario = self.match_form.match() if self.mode == "match" else self.scenario()
        except Exception as exc:   # a validation message, shown instead of starting
            self.error = str(exc).splitlines()[0]
            return
        rule = self.hands()
        if rule.offered:           # the preference is the hot-seat table's choice only
            self.app.prefs["open_hands"] = rule.open_hands
        self.app.prefs.update(villain=self.villain, players=self.players,
                              heroes=list(self.heroes), controls=list(self.controls), mode=self.mode,
                              difficulty=self.difficulty,
                              match=self.match_form.prefs())
        if self.mode == "match":
            self.base, self.base_path = None, None
        self.result = GameSetup(scenario, self.seed(), rule.open_hands,
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
            self.mode, self.error = "match", ""
            self.seed_field.text = str(self.match_form.seed) if self.match_form.seed is not None else ""
            return
        twice = self.duplicate_hero([seat.hero for seat in sc.seats])
        if twice:                  # never two of one hero in co-op, from a file either
            self.error = f"{path.name}: {twice}"
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
        self.difficulty = sc.difficulty if sc.difficulty in self.levels else self.difficulty
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
                self.action("start")        # the game set up here (a game in progress is kept: asked first)
            elif event.key == pygame.K_c and game_in_progress():
                self.action("continue")
            elif event.key == pygame.K_l:
                self.action("learn")
            elif event.key == pygame.K_ESCAPE:
                self.action("quit")
            elif event.key in SCROLL_KEYS:
                self.scroll_by(SCROLL_KEYS[event.key] * (self.view.height - 60 if abs(SCROLL_KEYS[event.key]) > 1
                                                         else 40))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 40)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.hover_pos = event.pos
            for b in self.buttons:
                if b.hit(event.pos):
                    self.action(b.value)
                    return

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.scroll + dy, max(0, self.content_h - self.view.height)))

    def seats(self) -> tuple:
        """What `check_seats` looks at, to tell whether an action changed it."""
        return self.mode, self.players, list(self.heroes), list(self.controls), self.match_form.prefs()

    def action(self, value) -> None:
        before = self.seats()
        self.apply(value)
        if self.seats() != before:
            self.seat_note = ""
            self.check_seats()

    def apply(self, value) -> None:
        kind = value[0] if isinstance(value, tuple) else value
        if kind == "mode":
            self.mode = value[1]                # the hands setting stays: hands_rule decides
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
        elif kind == "hero_menu":
            self.overlay = self.hero_menu(value[1])
            return
        elif kind == "hero_pick":
            self.heroes[value[1]] = value[2]
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
        elif kind == "difficulty":
            self.difficulty = value[1]
        elif kind == "henchmen":
            self.extra_henchmen = max(0, min(6, self.extra_henchmen + value[1]))
        elif kind == "seed_random":
            self.seed_field.text = str(random_seed())
        elif kind == "hands":
            self.hands_choice, self.hands_note = value[1], ""
        elif kind == "start":
            if game_in_progress():
                self.overlay = replace_game_overlay("Start a new game", ("start_kept",))
            else:
                self.start()
            return
        elif kind == "confirmed":
            self.apply(value[1])
            return
        elif kind == "start_kept":
            self.kept = keep_game_in_progress()
            self.start()
            return
        elif kind in ("learn", "learn_kept"):      # the guided first game; the form stays as it was
            from adventures.app.guide import guided_setup
            if kind == "learn" and game_in_progress():
                self.overlay = replace_game_overlay("Learn to play", ("learn_kept",))
                return
            if kind == "learn_kept":
                self.kept = keep_game_in_progress()
            self.result = guided_setup()
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
            items = [(p.stem, ("scenario", p)) for p in files]          # the dialog scrolls
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
        self.hands_rect = None
        hover = self.hover_pos
        u = T.SCALE
        form_w = int(680 * u)  # wide enough for a seat row: hero picker and who plays it
        x0 = 40 if W >= 1100 else 24
        # the form scrolls above a footer that always shows the main buttons
        footer = pygame.Rect(0, H - int(66 * u), W, int(66 * u))
        self.view = pygame.Rect(0, 0, W, footer.top)
        clip = surf.get_clip()
        surf.set_clip(self.view)
        top = -self.scroll
        # title
        tr = T.draw_text(surf, "TMNT Adventures", (x0, top + 18), 34, T.ACCENT, bold=True)
        sr = T.draw_text(surf, "A co-op runner for Unmatched Adventures: Teenage Mutant Ninja Turtles",
                         (x0, tr.bottom + 2), 15, T.MUTED, max_width=max(300, W - 2 * x0))
        self._draw_content_line(surf, x0, sr.bottom + 4, form_w)
        y = sr.bottom + 4 + T.font(13).get_linesize() + 8
        label_w = int(150 * u)
        row = int(ROW * u)
        bh = int(32 * u)

        def label(text, yy):
            T.draw_text(surf, text, (x0, yy + bh // 2), 15, T.MUTED, anchor="midleft", max_width=label_w - 8)

        def seg(options, yy, xx=x0 + label_w, size=15, width=None):
            for text, value, selected in options:
                w = int(width * u) if width else max(70, T.text_width(text, size) + 26)
                b = Button(pygame.Rect(xx, yy, w, bh), text, value=value, selected=selected, size=size)
                self.buttons.append(b)
                xx += w + 6
            return xx

        label("Mode", y)
        seg([("Adventure (co-op)", ("mode", "adventure"), self.mode == "adventure"),
             ("Competitive", ("mode", "match"), self.mode == "match")], y, size=14)
        y += row
        if self.mode == "match":
            y = self.match_form.draw_rows(surf, x0, y, label_w, seg, label, after_seats=lambda yy: self._draw_hands_row(
                surf, x0, yy, label_w, form_w, seg, label))
        else:
            y = self._draw_coop_rows(surf, x0, y, label_w, form_w, seg, label)
        label("Seed", y)
        self.seed_field.rect = pygame.Rect(x0 + label_w, y, int(140 * u), bh)
        self.seed_field.draw(surf, hover=self.seed_field.rect.collidepoint(hover))
        self.buttons.append(Button(pygame.Rect(self.seed_field.rect.right + 10, y, int(90 * u), bh), "Random",
                                   value=("seed_random",), size=14))
        y += row + 8
        if self.base is not None and self.mode == "adventure":
            cw = int(70 * u)
            y += T.draw_wrapped(surf, f"Scenario file: {self.base.name}" + (
                " (its overrides are kept)" if self.base.overrides.model_dump(exclude_none=True) else ""),
                pygame.Rect(x0, y, form_w - cw - 10, 200), 14, T.WARN)
            self.buttons.append(Button(pygame.Rect(x0 + form_w - cw, y - bh, cw, bh), "clear",
                                       value=("clear_scenario",), size=13))
            y += 8
        y = self._draw_notes(surf, x0, y, form_w)
        # the right column: the villain, the board and the heroes picked (fixed, beside the form)
        right = max((b.rect.right for b in self.buttons), default=x0 + form_w) + 36
        # it scrolls with the form; the board picture is never taller than half the window
        preview = pygame.Rect(right, top + 24, W - right - 24, 10 ** 5)
        self.preview_h = min(int(preview.width / 1.6), self.view.height // 2)
        end = self._draw_preview(surf, preview)
        self.content_h = max(y, end or 0) + self.scroll + 16
        self.scroll = max(0, min(self.scroll, self.content_h - self.view.height))
        hands = self.hands_rect
        if self.reveal_hands and hands is not None:
            self.reveal_hands = False      # the hands setting just changed: its row comes into view
            if not self.view.contains(hands):
                move = hands.bottom + 8 - self.view.bottom if hands.bottom > self.view.bottom else hands.top - 8
                self.scroll = max(0, min(self.scroll + move, self.content_h - self.view.height))
                surf.set_clip(clip)
                self.draw(surf, now)
                return
        # buttons scrolled out of view can neither be seen nor clicked; a tooltip answers only
        # where its text is in view (not from under the footer)
        self.buttons = [b for b in self.buttons if self.view.contains(b.rect)]
        self.marks = [(r.clip(self.view), m) for r, m in self.marks if r.colliderect(self.view)]
        for b in self.buttons:
            b.draw(surf, hover=b.rect.collidepoint(hover))
        surf.set_clip(clip)
        self._draw_footer(surf, footer, x0, hover)
        mark = next((m for r, m in self.marks if r.collidepoint(hover)), None)
        if mark is not None and self.overlay is None:
            self._draw_tooltip(surf, list(mark.lines), hover)
        if self.overlay is not None:
            self.overlay.draw(surf, hover)

    def _draw_coop_rows(self, surf, x0, y, label_w, form_w, seg, label) -> int:
        """The co-op rows: villain, players and heroes, minions, allies and henchmen."""
        label("Villain", y)
        u = T.SCALE
        row, bh = int(ROW * u), int(32 * u)
        seg([(self.catalog.enemies[k].name, ("villain", k), k == self.villain) for k in self.villains], y)
        y += row
        label("Players", y)
        seg([(str(n), ("players", n), n == self.players) for n in range(1, 5)], y, width=46)
        y += row
        hero_w = max(int(170 * u), max(T.text_width(self.catalog.heroes[k].name, 15) + 20
                                       for k in self.hero_keys if k != "random"))
        for k in range(self.players):
            T.draw_text(surf, f"Player {k + 1}", (x0 + 12, y + bh // 2), 15, T.SEAT_COLORS[k], bold=True,
                        anchor="midleft")
            key = self.heroes[k]
            name = "Random hero" if key == "random" else self.catalog.heroes[key].name
            xx = x0 + label_w
            self.buttons.append(Button(pygame.Rect(xx, y, bh, bh), "<", value=("hero", k, -1), size=16))
            hero_b = Button(pygame.Rect(xx + bh + 4, y, hero_w, bh), name, value=("hero_menu", k), size=15)
            self.buttons.append(hero_b)
            self.buttons.append(Button(pygame.Rect(hero_b.rect.right + 4, y, bh, bh), ">", value=("hero", k, 1),
                                       size=16))
            first = len(self.buttons)
            seg([(text, ("control", k, value), self.controls[k] == value) for value, text in seat_controls()], y,
                xx=hero_b.rect.right + bh + 16, size=14)
            for b in self.buttons[first:]:          # each one says on hover what playing with it is like
                self.marks.append((b.rect, provenance.Mark("seat", (b.label, about_seat(b.value[2])))))
            y += row - 4
        y = self._draw_hands_row(surf, x0, y + 6, label_w, form_w, seg, label)
        label("Minions", y)
        xx = seg([("Random", ("minions_random",), not self.minions)], y, size=14)
        chips = [(self.catalog.enemies[m].name, ("minion", m), m in self.minions) for m in self.minion_keys]
        cx, cy = xx, y
        for text, value, selected in chips:
            w = T.text_width(text, 13) + 22
            if cx + w > x0 + form_w:
                cx, cy = x0 + label_w, cy + bh + 6
            self.buttons.append(Button(pygame.Rect(cx, cy, w, bh), text, value=value, selected=selected, size=13))
            cx += w + 6
        y = cy + row
        if self.minions and len(self.minions) < self.players:
            # the rules want one minion per player (p.4): say what fewer means
            y -= 8
            y += T.draw_wrapped(surf, f"{len(self.minions)} minion{'s' if len(self.minions) > 1 else ''} for "
                                f"{self.players} players: an easier game", pygame.Rect(x0 + label_w, y, form_w, 60),
                                12, T.WARN) + 4
        label("Allies & henchmen", y)
        xx = seg([("Off", ("allies", False), not self.allies), ("On", ("allies", True), self.allies)], y, width=60)
        if self.allies:
            T.draw_text(surf, "extra henchmen", (xx + 14, y + bh // 2), 14, T.MUTED, anchor="midleft")
            hx = xx + 14 + T.text_width("extra henchmen", 14) + 10
            self.buttons.append(Button(pygame.Rect(hx, y, bh, bh), "-", value=("henchmen", -1), size=16))
            T.draw_text(surf, str(self.extra_henchmen), (hx + bh + 18, y + bh // 2), 17, T.TEXT, bold=True,
                        anchor="center")
            self.buttons.append(Button(pygame.Rect(hx + bh + 36, y, bh, bh), "+", value=("henchmen", 1), size=16))
        y += row
        label("Difficulty", y)
        table = self.catalog.difficulty
        names = {lv.key: lv.name for lv in table.levels} if table is not None else {}
        seg([(names.get(k, k), ("difficulty", k), k == self.difficulty) for k in self.levels], y, size=14)
        y += bh + 6
        heroes = self.heroes[:self.players]
        spec = table.level(self.difficulty) if table is not None else None
        text = spec.text if spec is not None else ""
        henchmen = self.extra_henchmen if self.allies else 0
        line = measured_line(self.catalog, self.villain, heroes, self.allies, self.difficulty, henchmen)
        line += f" {level_words(text)}" if text else ""
        figures = measured_figures(self.catalog, self.villain, heroes, self.allies, self.difficulty, text, henchmen)
        area = pygame.Rect(x0 + label_w, y, form_w - label_w, 400)
        used = T.draw_wrapped(surf, line, area, 13, T.MUTED)
        lh = T.font(13).get_linesize() + 2
        for k, part in enumerate(T.wrap(line, 13, max(10, area.width))):      # dotted: the figures on hover
            glossary_view.underline(surf, pygame.Rect(area.left, y + k * lh, T.text_width(part, 13), lh - 2),
                                    T.MUTED)
        self.marks.append((pygame.Rect(area.left, y, area.width, used), provenance.Mark("figures", tuple(figures))))
        y += used
        return y + row - bh

    def _draw_hands_row(self, surf, x0, y, label_w, form_w, seg, label) -> int:
        """Under the seats, in view: why the game did not start, why a seat's hero changed,
        then the Hands row (a choice with 2+ human seats, a plain line otherwise) and what it
        means; returns the y below."""
        u = T.SCALE
        row, bh = int(ROW * u), int(32 * u)
        top = y
        right = max((b.rect.right for b in self.buttons), default=x0 + form_w)   # the preview starts beyond
        note = pygame.Rect(x0 + label_w, y, right - x0 - label_w, 200)
        if self.error:
            y += T.draw_wrapped(surf, self.error, pygame.Rect(x0, y, right - x0, 400), 14, T.DANGER) + 6
        if self.seat_note:
            y += T.draw_wrapped(surf, self.seat_note, note.move(0, y - note.top), 13, T.WARN) + 6
        rule = self.hands()
        label("Hands", y)
        if not rule.offered:       # one line beside its label, wrapped where the window is narrow
            h = T.wrapped_height(rule.text, 14, note.width)
            T.draw_wrapped(surf, rule.text, pygame.Rect(note.left, y + max(0, (bh - h) // 2), note.width, 200), 14,
                           T.MUTED)
            y += row + max(0, h - bh)
        else:
            seg([("Hidden (hot seat)", ("hands", False), not rule.open_hands),
                 ("Open to all", ("hands", True), rule.open_hands)], y, size=14)
            y += bh + 4
            lines = [(self.hands_note, T.WARN)] if self.hands_note else []
            lines.append((OPEN_WARNING, T.WARN) if rule.open_hands else (HIDDEN_NOTE, T.MUTED))
            for line, color in lines:
                y += T.draw_wrapped(surf, line, note.move(0, y - note.top), 13, color)
            y += row - bh - 2
        self.hands_rect = pygame.Rect(x0, top, form_w, y - top)
        return y

    def _draw_footer(self, surf, footer: pygame.Rect, x0: int, hover) -> None:
        """Start (Enter), Continue (C) with a game in progress, Load, Scenario file, Settings:
        always in view, whatever the form's length and scroll."""
        pygame.draw.rect(surf, T.PANEL, footer)
        pygame.draw.line(surf, T.PANEL_EDGE, footer.topleft, footer.topright)
        items = [("Start game  (Enter)", "start", True, 17)]
        if game_in_progress():
            items.append(("Continue  (C)", "continue", False, 16))
        items.append(("Learn to play  (L)", "learn", False, 15))     # a guided first game (app/guide.py)
        items += [("Load game…", "load_menu", False, 15), ("Scenario file…", "scenario_menu", False, 15),
                  ("Settings…", "settings", False, 15)]
        h = footer.height - 18
        x = x0
        shrink = 0                  # a narrow window at large text: every label a little smaller, all in view
        while shrink < 4 and x0 + sum(T.text_width(i[0], i[3] - shrink) + 40 for i in items) > footer.right - 6:
            shrink += 1
        for label, value, primary, size in items:
            size -= shrink
            w = T.text_width(label, size) + 30
            b = Button(pygame.Rect(x, footer.top + 9, w, h), label, value=value, primary=primary, size=size)
            b.draw(surf, hover=b.rect.collidepoint(hover))
            self.buttons.append(b)
            x = b.rect.right + 10
        if self.content_h > self.view.height:       # the form is longer than the window: say so, beside the buttons
            room = footer.right - 16 - x
            more = next((m for m in ("▲▼ wheel or PgUp/PgDn to scroll", "▲▼ scroll") if T.text_width(m, 12) <= room),
                        None)
            if more is not None:
                T.draw_text(surf, more, (footer.right - 16, footer.centery), 12, T.WARN, anchor="midright")

    def _draw_notes(self, surf, x0, y, form_w) -> int:
        """Broken user files and the short help, below the form; returns the y below."""
        y += 4
        for problem in self.catalog.problems[:2]:   # broken user files: left out, said in one line
            y += T.draw_wrapped(surf, f"{problem} (left out: playing the shipped content)",
                                pygame.Rect(x0, y, form_w, 400), 13, T.DANGER) + 6
        return self._draw_help(surf, pygame.Rect(x0, y + 10, form_w, 10 ** 5))

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

    def _draw_help(self, surf: pygame.Surface, rect: pygame.Rect) -> int:
        hr = T.heading(surf, "How to play", rect.topleft)
        tips = [
            "Click a glowing space, fighter or raised card to answer; every choice also has a button.",
            "1-9 pick an option, Enter takes the first one, Esc opens the menu, Ctrl+Z undoes.",
            "Enemy turns play out slowly: Space skips to your next decision.",
            "The game is saved at every turn: Continue (C) picks it up after closing the window.",
        ]
        y = hr.bottom + 4
        for tip in tips:
            y += T.draw_wrapped(surf, "• " + tip, pygame.Rect(rect.left, y, rect.width, 400), 13, T.MUTED) + 4
        return y

    def _draw_preview(self, surf: pygame.Surface, rect: pygame.Rect) -> int | None:
        """The right column; returns the y where it ends."""
        if self.mode == "match":
            return self.match_form.draw_preview(surf, rect, self.previews, self.marks)
        if rect.width < 220:
            return None
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
        y += T.draw_wrapped(surf, villain.special_text, pygame.Rect(rect.left, y, rect.width, 10 ** 5), 14,
                            T.TEXT) + 10
        board_key = villain.board
        if board_key and board_key in self.catalog.boards:
            if board_key not in self.previews:
                from engine.board import compile_board
                self.previews[board_key] = BoardView(compile_board(self.catalog.boards[board_key]))
            bv = self.previews[board_key]
            area = bv.draw_preview(surf, pygame.Rect(rect.left, y, rect.width, self.preview_h), y)
            if area is not None:
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
            if key == "random":
                continue
            y = draw_hero_summary(surf, self.catalog.heroes[key], k, rect, y, ability_lines=None)
        return y
