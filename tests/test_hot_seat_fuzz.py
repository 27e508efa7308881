"""A fuzz test of the app's hot seat (issue 39): random user input over whole hidden-hands
games, every card face traced.

Each sequence starts a game of 2-4 seats (at least two of them people, the rest bots; co-op
or competitive), then at every drawn frame does one random thing a person at the table
might: answer the question on screen by a click, press a key at any moment (Enter, Space,
a digit, Esc, S, M, Ctrl+Z: also while an enemy or a bot plays), click anywhere, open the
menu and change the hands rule (confirming or not), save and load, resize the window,
change the text size. The pacing is on, so enemy and bot turns play out over frames.

The oracle is written here, apart from the app: who may be looking is the seat whose
curtain this test passed with a press it made after it saw the curtain drawn, until the
table is shown anything (an event the table watches, a turn of another side, the table's
question or another seat's, a banner), else the table. Every card face the app paints
(`card_view.draw_face`, `draw_detail`) must be one that viewer may see
(`adventures.rules.view.may_see`), and every curtain must leave only through such a press.
"""
from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_app import click_option  # noqa: E402

from adventures.app import card_view, overlays  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.controller import FrameLimit, GameSetup, QuitApp  # noqa: E402
from adventures.app.end_scene import EndScene  # noqa: E402
from adventures.rules.view import may_see  # noqa: E402
from engine.content.schema import MatchDef, ScenarioDef  # noqa: E402
from engine.decisions import TABLE  # noqa: E402

HEROES = ["Leonardo", "Raphael", "Donatello", "Michelangelo"]
TABLE_KINDS = {"reveal", "combat", "round", "end_of_round", "initiative", "objective", "game_over", "hands"}
KEYS = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_ESCAPE, pygame.K_s,
        pygame.K_m, pygame.K_z]
SEQUENCES = 12
FRAMES = 700
SETUPS = 150


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"


def post(kind, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def press(k, mod=0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def a_setup(rng: random.Random) -> GameSetup:
    """2-4 seats, at least two people, hands hidden; co-op against either villain or a
    competitive free-for-all."""
    n = rng.randint(2, 4)
    humans = rng.randint(2, n)
    kinds = ["human"] * humans + [rng.choice(["strong", "heuristic"]) for _ in range(n - humans)]
    rng.shuffle(kinds)
    heroes = rng.sample(HEROES, n)
    if rng.random() < 0.25:
        match = MatchDef.model_validate({"name": "fuzz", "mode": "ffa" if n > 2 else "duel",
                                         "board": "new_york_city", "max_turns": 30,
                                         "seats": [{"hero": h, "bot": k} for h, k in zip(heroes, kinds)]})
        return GameSetup(match, seed=rng.randrange(1000), open_hands=False)
    sc = ScenarioDef.model_validate({"name": "fuzz", "villain": rng.choice(["shredder", "krang"]),
                                     "minions": "random", "max_rounds": 3,
                                     "seats": [{"hero": h, "bot": k} for h, k in zip(heroes, kinds)]})
    return GameSetup(sc, seed=rng.randrange(1000), open_hands=False)


class Oracle:
    """Who may be looking, by this test's own account (see the module doc)."""

    def __init__(self):
        self.game = None
        self.passed: int | None = None      # the seat whose curtain this test passed
        self.seen_events = 0
        self.banner = None
        self.curtain = None                 # the curtain drawn on screen, once seen
        self.pressed_on = None              # the curtain this test pressed after seeing it
        self.leaks: list = []
        self.bad_passes: list = []
        self.faces = 0

    def follow(self, scene) -> None:
        """Bring the account up to date: a curtain that left (passed by this test's press, or
        a leak), and what the table has been shown since."""
        if self.curtain is not None and scene.overlay is not self.curtain:
            if self.pressed_on is self.curtain:
                self.passed = self.curtain.seat
            elif scene.game is self.game:
                self.bad_passes.append((self.curtain.title, len(scene.game.answers) if scene.game else None))
            self.pressed_on = self.curtain = None
        game = scene.game
        if game is not self.game:
            self.game, self.passed, self.seen_events = game, None, 0
        if game is None:
            return
        events = game.events or []
        for e in events[self.seen_events:]:
            if e.get("kind") in TABLE_KINDS or (e.get("kind") == "turn" and e.get("side") != self.passed):
                self.passed = None
        self.seen_events = len(events)
        banner = scene.banners.banner
        if banner is not None and banner is not self.banner:
            self.passed = None                       # a new banner (one raised earlier may still fade)
        self.banner = banner
        d = scene.model.decision if scene.model is not None else None
        if d is not None and d.seat != self.passed and scene.private_seat != self.passed:
            self.passed = None

    def viewer(self, scene) -> int:
        humans = scene.ctl.human_seats if scene.ctl is not None else set()
        if len(humans) == 1:
            return next(iter(humans))
        return TABLE if self.passed is None else self.passed

    def check(self, app, card, how: str) -> None:
        scene = app.game_scene
        if app.scene is not scene or scene.game is None or getattr(card, "owner", None) is None:
            return
        self.follow(scene)
        self.faces += 1
        who = self.viewer(scene)
        if not may_see(scene.game, who, card):
            d = scene.model.decision if scene.model is not None else None
            self.leaks.append((how, card.name, card.owner.name, who, len(scene.game.answers),
                               f"app viewer {scene.viewer} (seat {scene.viewer_seat}), decision {d.seat if d else None} {d.tag if d else ''}, "
                               f"overlay {type(scene.overlay).__name__}, hidden {scene.game.hidden_hands}, "
                               f"last {[e.get('kind') for e in (scene.game.events or [])[-4:]]}"))

    def frame(self, scene) -> None:
        """After each drawn frame: a curtain that left without this test's press is a leak."""
        self.follow(scene)
        overlay = scene.overlay
        if isinstance(overlay, overlays.CurtainOverlay) and overlay.drawn:
            self.curtain = overlay


def trace(monkeypatch, box: list, oracle: Oracle) -> None:
    real_face, real_detail = card_view.draw_face, card_view.draw_detail

    def draw_face(surf, card, *a, **k):
        if box:
            oracle.check(box[0], card, "face")
        return real_face(surf, card, *a, **k)

    def draw_detail(surf, card, *a, **k):
        out = real_detail(surf, card, *a, **k)
        if box and out is not None:
            oracle.check(box[0], card, "detail")
        return out
    monkeypatch.setattr(card_view, "draw_face", draw_face)
    monkeypatch.setattr(card_view, "draw_detail", draw_detail)


def a_random_thing(app, rng: random.Random, oracle: Oracle, tally: dict) -> None:
    """One thing a person at the table might do now."""
    scene = app.scene
    if scene is not app.game_scene:
        return
    seen = isinstance(scene.overlay, overlays.CurtainOverlay) and scene.overlay is oracle.curtain
    if seen and rng.random() < 0.7:                  # the right player sits down and presses
        oracle.pressed_on = scene.overlay
        if rng.random() < 0.5:
            press(pygame.K_RETURN)
        else:
            click(scene.overlay.buttons[0].rect.center)
        return
    roll = rng.random()
    if seen and roll < 0.85:                         # a key or a click at a curtain already seen:
        oracle.pressed_on = scene.overlay            # a deliberate press, whatever it hits
    w, h = app.screen.get_size()
    tally["events"] += 1
    if roll < 0.45 and scene.overlay is None and scene.model is not None:
        d = scene.model.decision
        private = scene.model.private_options()
        options = [i for i in range(len(d.options)) if i not in private] or [0]
        if scene.narrowed:
            options = scene.narrowed
        if scene.model.private and rng.random() < 0.5:
            scene.open_private(rng.choice(list(scene.model.private)))
        else:
            click_option(app, rng.choice(options))
    elif roll < 0.70:
        k = rng.choice(KEYS)
        press(k, pygame.KMOD_CTRL if k == pygame.K_z else 0)
    elif roll < 0.85:
        click((rng.randrange(w), rng.randrange(h)))
    elif roll < 0.90 and scene.overlay is None:
        scene.menu_action("hands")                   # the menu's hands item: asks first
        if rng.random() < 0.5 and scene.overlay is not None:
            value = next(v for _label, v in scene.overlay.items if isinstance(v, tuple) and v[0] == "hands_set")
            scene.overlay = None
            scene.menu_action(value)                 # confirmed
            tally["switches"] += 1
    elif roll < 0.93:
        size = rng.choice([(1152, 633), (1280, 720), (1920, 1080)])
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    elif roll < 0.95 and scene.overlay is None:
        from adventures.app import settings
        settings.toggle(app, "ui_scale")
    elif roll < 0.97 and scene.overlay is None and scene.model is not None and scene.ctl is not None:
        path = app_home_saves(app)
        scene.toast(scene.ctl.save(path))
        tally["saves"] += 1
        scene.menu_action(("load_kept", path))       # raises Restart: the game comes back from the file
    elif roll < 0.975:
        tally["quits"] += 1
        post(pygame.QUIT)                            # the window closes (autosaved); the run reopens it


def app_home_saves(app):
    from adventures.app import userdata
    return userdata.saves_dir() / "fuzz.json"


def run_sequence(seed: int, monkeypatch, broken=None) -> tuple[Oracle, dict]:
    rng = random.Random(seed)
    setup = a_setup(rng)
    oracle = Oracle()
    box: list = []
    trace(monkeypatch, box, oracle)
    tally = {"events": 0, "switches": 0, "saves": 0, "frames": 0, "quits": 0, "typed_ahead": 0}
    if broken is not None:
        broken(monkeypatch)
    from adventures.app.controller import GameController
    observe = GameController.observe

    def typing_while_the_engine_works(self, event):
        """Keys typed while an enemy or a bot plays and nothing reads input yet: they wait
        in the queue, and the next screen (a curtain, often) receives them first."""
        if rng.random() < 0.08:
            tally["typed_ahead"] += 1
            press(rng.choice([pygame.K_RETURN, pygame.K_SPACE, pygame.K_1]))
        return observe(self, event)
    monkeypatch.setattr(GameController, "observe", typing_while_the_engine_works)

    def driver(app):
        tally["frames"] += 1
        scene = app.scene
        if isinstance(scene, EndScene) or (scene is not app.game_scene and tally["frames"] > 5):
            raise QuitApp()
        if scene is app.game_scene and scene.game is not None:
            oracle.frame(scene)
            a_random_thing(app, rng, oracle, tally)

    from adventures.app import userdata
    resume = None
    while tally["frames"] < FRAMES:
        quits = tally["quits"]
        app = App((1280, 720), headless=True, fps=0, on_frame=driver, max_frames=FRAMES - tally["frames"],
                  speed_ms=8)
        box[:] = [app]
        try:
            app.run(start=None if resume else setup, resume=resume)
        except FrameLimit:
            break
        if tally["quits"] == quits or not userdata.autosave_path().exists():
            break                                    # the game ended (or nothing to come back to)
        resume = str(userdata.autosave_path())       # the players open the app again: Continue
    return oracle, tally


def test_random_input_over_hot_seat_games_never_shows_a_hidden_card(monkeypatch):
    """SEQUENCES sequences of up to FRAMES frames each, one random input a frame."""
    totals = {"events": 0, "switches": 0, "saves": 0, "frames": 0, "faces": 0, "quits": 0, "typed_ahead": 0}
    for seed in range(SEQUENCES):
        with monkeypatch.context() as m:
            oracle, tally = run_sequence(seed, m)
        assert not oracle.leaks, (seed, oracle.leaks[:4])
        assert not oracle.bad_passes, (seed, oracle.bad_passes[:4])
        for k, v in tally.items():
            totals[k] += v
        totals["faces"] += oracle.faces
    assert totals["faces"] > 500 and totals["events"] > 3000 and totals["switches"] >= 3 and totals["quits"] >= 2, totals
    print("hot-seat fuzz:", totals)


# ---------------------------------------------------------------- the new-game screen
SETUP_KINDS = {"mode", "players", "hero", "control", "m_mode", "m_players", "m_hero", "m_control", "villain"}


def setup_clicks(scene, rng: random.Random, clicks: int, seen: dict) -> None:
    """Random clicks on the new-game screen's setup buttons (mode, player count, heroes, who
    plays each seat: never the Hands buttons, so the hands the game starts with are the
    screen's own doing), then Start. A kind of button is drawn first, then one of its
    buttons, so a mode or a player-count switch is as likely as a hero's arrow."""
    for _ in range(clicks):
        kinds: dict[str, list] = {}
        for b in scene.buttons:
            if isinstance(b.value, tuple) and b.value[0] in SETUP_KINDS:
                kinds.setdefault(b.value[0], []).append(b)
        if not kinds:
            break
        b = rng.choice(kinds[rng.choice(sorted(kinds))])
        seen["setup_clicks"] += 1
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1))
        scene.draw(pygame.display.get_surface(), 0)             # the screen as the player sees it next
    scene.action("start")


def run_new_game_sequence(seed: int, broken=None) -> dict:
    """From the new-game screen (remembered: a solo Donatello, every seat a person, hands
    open): random setup clicks, then Start; the game it sets up."""
    from adventures.app import userdata
    from adventures.app.new_game_scene import NewGameScene
    rng = random.Random(seed)
    userdata.save_prefs({"players": 1, "heroes": ["donatello", "random", "random", "random"],
                         "controls": ["human", "human", "human", "human"], "open_hands": True})
    seen = {"setup_clicks": 0}

    def driver(app):
        scene = app.scene
        if not isinstance(scene, NewGameScene):
            raise QuitApp()
        if broken is not None:
            broken(scene)
        setup_clicks(scene, rng, rng.randint(3, 25), seen)
        setup = scene.result
        if setup is not None:
            seats = setup.scenario.seats
            seen.update(heroes=[s.hero for s in seats if s.hero != "random"], humans=len(setup.human_seats),
                        hidden=not setup.open_hands, coop=not setup.is_match)
        raise QuitApp()

    App((1280, 720), headless=True, fps=0, on_frame=driver, max_frames=50, speed_ms=0).run()
    return seen


def new_game_problems(seen: dict) -> list:
    out = []
    if "heroes" not in seen:
        return out
    if seen["coop"] and len(set(seen["heroes"])) != len(seen["heroes"]):
        out.append(("a hero on two seats", seen["heroes"]))
    if seen["humans"] >= 2 and not seen["hidden"]:
        out.append(("hands open with two people at the screen, never chosen", seen))
    return out


def test_random_setup_clicks_never_start_a_duplicate_hero_or_open_hands_unasked():
    started = 0
    for seed in range(SETUPS):
        seen = run_new_game_sequence(seed)
        assert not new_game_problems(seen), (seed, new_game_problems(seen))
        started += "heroes" in seen
    assert started >= SETUPS // 2


# ---------------------------------------------------------------- the fuzz test catches what it must
def stale_curtain(monkeypatch) -> None:
    """A curtain as before the fix: any key or click passes it, seen or not."""
    def handle(self, event):
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            return overlays.CLOSE
        return None
    monkeypatch.setattr(overlays.CurtainOverlay, "handle", handle)


def sticky_viewer(monkeypatch) -> None:
    """A viewer as before the fix: a player who passed a curtain keeps the screen through
    enemy turns, bot turns and the table's questions."""
    from adventures.app.game_scene import GameScene
    monkeypatch.setattr(GameScene, "show_table", lambda self: None)


@pytest.mark.parametrize("broken", [stale_curtain, sticky_viewer])
def test_the_fuzz_test_catches_a_broken_curtain(monkeypatch, broken):
    caught = 0
    for seed in range(SEQUENCES):
        with monkeypatch.context() as m:
            oracle, _tally = run_sequence(seed, m, broken)
        caught += len(oracle.leaks) + len(oracle.bad_passes)
        if caught:
            break
    assert caught > 0


def mode_switch_opens_hands(scene) -> None:
    """A mode switch as before the fix: back to Adventure, every hand open."""
    real = scene.action

    def action(value):
        real(value)
        if isinstance(value, tuple) and value[0] == "mode" and value[1] == "adventure":
            scene.hands_choice = True
    scene.action = action


def test_the_fuzz_test_catches_a_broken_mode_switch():
    caught = []
    for seed in range(SETUPS):
        caught += new_game_problems(run_new_game_sequence(seed, mode_switch_opens_hands))
        if caught:
            break
    assert caught
