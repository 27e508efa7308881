"""The desktop app, driven headless the way a person would drive it: real mouse clicks on
the widgets drawn in the last frame, real key presses, screenshots checked for content.

Rulebook references are to the Adventures TMNT rules (co-op flow, p.4-13) where a test
checks a rule the app must show; the rest checks the app's own promises (undo never
crosses hidden information, nothing is lost on close, hot-seat hands stay hidden).
"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from adventures.app import userdata  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.controller import GameSetup, QuitApp  # noqa: E402
from adventures.app.end_scene import EndScene  # noqa: E402
from adventures.app.new_game_scene import NewGameScene  # noqa: E402
from engine.content.schema import ScenarioDef  # noqa: E402
from engine.state import Card, Fighter  # noqa: E402

SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"


def scenario(villain="shredder", seats=(("Leonardo", "human"),), **extra) -> ScenarioDef:
    data = {"name": "app test", "villain": villain,
            "seats": [{"hero": h, "bot": b} for h, b in seats], "minions": "random"}
    data.update(extra)
    return ScenarioDef.model_validate(data)


# ---------------------------------------------------------------- input helpers
def click(pos, button=1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(k, mod=0, unicode="") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))


def button_pos(buttons, value):
    for b in buttons:
        if b.value == value:
            return b.rect.center
    return None


def distinct_colors(surf: pygame.Surface, rect: pygame.Rect | None = None, step: int = 3) -> int:
    rect = rect or surf.get_rect()
    seen = set()
    for y in range(rect.top, rect.bottom, step):
        for x in range(rect.left, rect.right, step):
            seen.add(tuple(surf.get_at((x, y)))[:3])
    return len(seen)


def click_option(app, index: int) -> str:
    """Answer option `index` of the current decision like a player: on the board, on a
    card, or with its button; returns how it was clicked."""
    scene = app.game_scene
    model = scene.model
    option = model.decision.options[index]
    if isinstance(option, Card):
        for rect, card in scene.hand.card_rects:
            if card is option:
                click((rect.left + 12, rect.centery))
                return "card"
    space = model.option_space.get(index)
    if space is not None and index in model.mapped and model.options_at_space(space) == [index]:
        click(scene.board_view.centers[space])
        return "board"
    pos = button_pos(scene.prompt_bar.buttons, index)
    if pos is not None:
        click(pos)
        return "button"
    key(pygame.K_1 + index if index < 9 else pygame.K_RETURN)
    return "key"


def save_then_load(policy, moves: int, seen: dict, detour=()):
    """A frame driver for App(on_frame=...): answer `moves` decisions with `policy` by clicks,
    Esc > Save game, the `detour` steps, Esc > Load game > the first save > confirm, then
    note the loaded game in `seen` and quit. A step is (ready(scene), act(app, scene)): it
    acts on the first frame it is ready, and again while `act` returns False."""
    from adventures.app.overlays import ButtonOverlay

    def titled(title):
        return lambda s: isinstance(s.overlay, ButtonOverlay) and s.overlay.title == title

    def at_decision(s):
        return s.model is not None and s.overlay is None

    def play(app, s):
        if len(s.game.answers) < moves:
            click_option(app, policy(s.game, s.model.decision))
            return False
        seen["answers"] = list(s.game.answers)
        key(pygame.K_ESCAPE)

    def saved(app, s):
        seen["toast"] = s._toast[0] if s._toast else ""

    def pick_save(app, s):
        found = [b for b in s.overlay.buttons if isinstance(b.value, tuple) and "autosave" not in str(b.value[1])]
        seen["listed"], seen["file"] = len(found), found[0].value[1]
        click(found[0].rect.center)

    def loaded(app, s):
        seen.update(loaded_answers=list(s.game.answers), loaded_toast=s._toast[0] if s._toast else "",
                    hud=type(s.hud), scenario=s.game.scenario)
        raise QuitApp()

    steps = [(at_decision, play),
             (lambda s: isinstance(s.overlay, ButtonOverlay), lambda app, s: click(button_pos(s.overlay.buttons, "save"))),
             (lambda s: s.overlay is None, saved),
             *detour,
             (lambda s: s.overlay is None, lambda app, s: key(pygame.K_ESCAPE)),
             (titled("Menu"), lambda app, s: click(button_pos(s.overlay.buttons, "load"))),
             (titled("Load game"), pick_save),
             (titled("Load this save?"), lambda app, s: click(s.overlay.buttons[0].rect.center)),   # asked first
             (at_decision, loaded)]
    at = [0]

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None or at[0] >= len(steps):
            return
        ready, act = steps[at[0]]
        if ready(scene) and act(app, scene) is not False:
            at[0] += 1
    return driver


def quick_policy(game, decision) -> int:
    """A player in a hurry: attack the villain when possible, else walk towards him."""
    opts = decision.options
    villain = game.adv.villain.fighters[0]
    if decision.tag == "action":
        return opts.index("attack") if "attack" in opts else 0
    if decision.tag == "attack_target":
        for i, (_a, t) in enumerate(opts):
            if t is villain:
                return i
    if decision.tag == "move_dest" and villain.space is not None:
        return min(range(len(opts)), key=lambda i: game.board.dist[opts[i]][villain.space])
    if decision.tag == "move_fighter":
        return next((i for i, o in enumerate(opts) if isinstance(o, Fighter)), 0)
    return 0


# ---------------------------------------------------------------- tests
def test_first_frame_is_the_new_game_screen_ready_to_start_solo_shredder(tmp_path):
    """`adventures` with no arguments opens preselected on one hero against Shredder
    (Adventures p.4 setup, 1 player): Enter on the first frame starts that game."""
    seen = {}

    def driver(app):
        if isinstance(app.scene, NewGameScene) and "first" not in seen:
            seen["first"] = True
            pygame.image.save(app.screen, str(tmp_path / "new_game.png"))
            seen["start"] = button_pos(app.scene.buttons, "start")
            seen["villain"] = app.scene.villain
            seen["players"] = app.scene.players
            key(pygame.K_RETURN)
        elif app.scene is app.game_scene and app.game_scene.model is not None and "game" not in seen:
            seen["game"] = app.game_scene.game
            key(pygame.K_ESCAPE)                       # the menu...
        elif app.scene is app.game_scene and app.game_scene.overlay is not None and "quit" not in seen:
            seen["quit"] = True
            click(button_pos(app.game_scene.overlay.buttons, "quit"))   # ...and quit

    app = App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=400, speed_ms=0)
    assert app.run() == 0
    assert seen["villain"] == "shredder" and seen["players"] == 1 and seen["start"] is not None
    assert seen["game"].adv.villain.name == "Shredder"
    assert seen["game"].adv.players == 1
    shot = pygame.image.load(str(tmp_path / "new_game.png"))
    assert distinct_colors(shot) > 40
    assert userdata.autosave_path().exists(), "quitting from the menu keeps the game"


def test_a_short_game_played_with_clicks_reaches_the_end_screen(tmp_path):
    """A whole game through the UI: actions by button, destinations on the board, cards
    in the hand; the villain at 3 health falls, or the round cap ends it (p.6 end of game)."""
    setup = GameSetup(scenario(overrides={"villain_health": 3}, max_rounds=4), seed=11)
    seen = {"how": set(), "shots": 0, "end": None}

    def driver(app):
        scene = app.scene
        if scene is app.game_scene and scene.model is not None:
            if seen["shots"] == 0:
                pygame.image.save(app.screen, str(tmp_path / "game.png"))
                seen["layout"] = scene.layout
                seen["threat_rect"] = pygame.Rect(scene.hud.threat_rect)
            seen["shots"] += 1
            i = quick_policy(scene.game, scene.model.decision)
            seen["how"].add(click_option(app, i))
        elif isinstance(scene, EndScene) and seen["end"] is None:
            seen["end"] = scene.summary
            pygame.image.save(app.screen, str(tmp_path / "end.png"))
            click(button_pos(scene.buttons, "quit"))

    app = App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=3000, speed_ms=0)
    assert app.run(start=setup) == 0
    summary = seen["end"]
    assert summary is not None, "the end screen was never shown"
    assert summary.winner in ("heroes", "villain", "timeout")
    assert "button" in seen["how"] and ("board" in seen["how"] or "card" in seen["how"])
    shot = pygame.image.load(str(tmp_path / "game.png"))
    L = seen["layout"]
    hand_colors = distinct_colors(shot, L.hand)
    assert hand_colors > 20, "the hand area shows cards"
    assert distinct_colors(shot, seen["threat_rect"], 2) > 5, "the threat track is drawn"
    assert distinct_colors(shot, L.board) > 60, "the board shows zones, patterns and pieces"
    assert not userdata.autosave_path().exists(), "a finished game is not offered as Continue"
    replays = list(userdata.replays_dir().glob("*.json"))
    assert len(replays) == 1, "the finished game is exported as a replay"
    from adventures.persistence.replay import load_replay, run_replay
    assert run_replay(load_replay(replays[0])).identical


def test_undo_takes_back_a_decision_but_never_past_a_card_draw():
    """Undo only reaches back to the last human decision if nothing was revealed since:
    the maneuver's draw (core rules: maneuver = draw 1) blocks undoing the action choice."""
    setup = GameSetup(scenario(minions=[]), seed=5)
    log = []

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.model is None:
            return
        d = scene.model.decision
        step = len(log)
        if step == 0 and d.tag == "action" and scene.game.current is not None:
            log.append(("action", len(scene.game.answers)))
            click_option(app, d.options.index("maneuver"))
        elif step == 1 and d.tag == "boost":
            log.append(("boost", len(scene.game.answers)))
            key(pygame.K_z, mod=pygame.KMOD_CTRL)               # refused: a card was drawn
        elif step == 2 and d.tag == "boost":
            log.append(("refused", scene._toast[0] if scene._toast else ""))
            click_option(app, 0)                                # no boost
        elif step == 3 and d.tag == "move_fighter":
            log.append(("move_fighter", len(scene.game.answers)))
            key(pygame.K_z, mod=pygame.KMOD_CTRL)               # allowed: back to the boost
        elif step == 4:
            log.append((d.tag, len(scene.game.answers), scene._toast[0] if scene._toast else ""))
            raise QuitApp()
        elif step < 4 and d.tag not in ("action", "boost", "move_fighter"):
            click_option(app, 0)                                # setup: starting space etc.

    app = App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=600, speed_ms=0)
    app.run(start=setup)
    assert [entry[0] for entry in log[:4]] == ["action", "boost", "refused", "move_fighter"]
    assert "Can't undo" in log[2][1]
    tag, answers, toast = log[4]
    assert tag == "boost" and answers == log[1][1], "undo re-asks the boost with the same answers before it"
    assert "Undone" in toast


def test_hot_seat_hides_hands_until_the_player_passes_the_curtain():
    """Two humans with hidden hands: before another player's decision a 'pass to' screen
    appears and the hand is hidden until that player confirms (Adventures p.3: open hands
    are optional)."""
    setup = GameSetup(scenario(seats=(("Leonardo", "human"), ("Raphael", "human")), minions=[]), seed=3,
                      open_hands=False)
    seen = []

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None:
            return
        if scene.overlay is not None and scene.model is None:
            side, hidden, _why, _tabs = scene.hand_state()
            seen.append(("curtain", scene.overlay.title, hidden))
            key(pygame.K_RETURN)
        elif scene.model is not None:
            d = scene.model.decision
            side, hidden, _why, _tabs = scene.hand_state()
            seen.append(("decide", d.seat, side.index if side else None, hidden))
            if len([s for s in seen if s[0] == "curtain"]) >= 2:
                raise QuitApp()
            click_option(app, 0)

    app = App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=800, speed_ms=0)
    app.run(start=setup)
    curtains = [s for s in seen if s[0] == "curtain"]
    assert len(curtains) >= 2 and all(hidden for _c, _t, hidden in curtains)
    assert any("Pass to" in title for _c, title, _h in curtains)
    decisions = [s for s in seen if s[0] == "decide" and s[1] >= 0]
    assert decisions and all(not hidden and seat == shown for _d, seat, shown, hidden in decisions)


def test_closing_the_window_autosaves_and_continue_restores_the_same_game():
    """Closing mid-game keeps the game: the autosave replays to the same state (same seed,
    same answers), offered as Continue on the new-game screen."""
    setup = GameSetup(scenario(minions=[]), seed=21)
    first = {}

    def play_then_close(app):
        scene = app.scene
        if scene is app.game_scene and scene.model is not None:
            first.setdefault("n", 0)
            first["n"] += 1
            if first["n"] > 6:
                from adventures.persistence.hashing import state_hash
                first["hash"] = state_hash(scene.game)
                first["answers"] = list(scene.game.answers)
                first["tag"] = scene.model.decision.tag
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            else:
                click_option(app, quick_policy(scene.game, scene.model.decision))

    assert App(SIZE, headless=True, fps=0, on_frame=play_then_close, max_frames=600, speed_ms=0).run(start=setup) == 0
    assert userdata.autosave_path().exists()
    second = {}

    def continue_game(app):
        scene = app.scene
        if isinstance(scene, NewGameScene):
            pos = button_pos(scene.buttons, "continue")
            second["offered"] = pos is not None
            if pos is None:
                raise QuitApp()
            click(pos)
        elif scene is app.game_scene and scene.model is not None:
            from adventures.persistence.hashing import state_hash
            second["hash"] = state_hash(scene.game)
            second["answers"] = list(scene.game.answers)
            second["tag"] = scene.model.decision.tag
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=continue_game, max_frames=200, speed_ms=0).run()
    assert second["offered"]
    assert second["answers"] == first["answers"] and second["hash"] == first["hash"]
    assert second["tag"] == first["tag"]


def test_enemy_turns_are_paced_and_space_skips_the_rest_of_the_turn():
    """Enemy turns (p.8-10) play out with a readable delay per event; Space skips to the
    next human decision."""
    setup = GameSetup(scenario(), seed=8)
    seen = {"waiting_frames": 0, "skips": 0}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene:
            return
        if scene.waiting:
            seen["waiting_frames"] += 1
            assert scene.skip_button is not None
            key(pygame.K_SPACE)
            seen["skips"] += 1
        elif scene.model is not None:
            if seen["skips"] >= 2:
                raise QuitApp()
            click_option(app, quick_policy(scene.game, scene.model.decision))

    app = App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=2000, speed_ms=60_000)
    app.run(start=setup)
    # a minute per event would never finish: every wait ended on the Space press
    assert seen["skips"] >= 2 and seen["waiting_frames"] == seen["skips"]


def test_window_resize_recomputes_the_layout():
    """The window is resizable: the layout follows the new size."""
    setup = GameSetup(scenario(minions=[]), seed=2)
    seen = []

    def driver(app):
        scene = app.scene
        if scene is app.game_scene and scene.model is not None:
            seen.append(scene.layout.size)
            if len(seen) == 1:
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=680, size=(1000, 680)))
            else:
                raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=100, speed_ms=0).run(start=setup)
    assert seen[0] == SIZE and seen[-1] == (1000, 680)


def test_screenshot_command_renders_krang_after_some_turns(tmp_path):
    """`adventures screenshot krang --turns 4` draws the Technodrome with its Doomsday
    Machines and Dimension X (Adventures p.16-17) to a PNG."""
    from adventures.app.scenarios import find_scenario
    from adventures.app.screenshot import take
    out = tmp_path / "krang.png"
    take(find_scenario("krang"), seed=4, turns=4, out=str(out), size=(1280, 800))
    shot = pygame.image.load(str(out))
    assert shot.get_size() == (1280, 800)
    assert distinct_colors(shot) > 80
    assert not userdata.autosave_path().exists(), "a screenshot never touches the player's autosave"


def test_menu_saves_and_loads_a_game_and_piles_can_be_browsed():
    """Esc opens the menu: 'Save game' writes a save, 'Load game…' lists it and loading it
    replays to the same decision; clicking the discard widget shows that pile."""
    from adventures.app.overlays import PileOverlay
    setup = GameSetup(scenario(minions=[]), seed=13)
    seen = {}

    def open_discard(app, scene):
        pile = next(rect for rect, value in scene.hand.hits.items if value[0] == "pile" and value[2] == "discard")
        click(pile.center)

    def close_pile(app, scene):
        seen["pile"] = scene.overlay.title
        key(pygame.K_ESCAPE)

    driver = save_then_load(quick_policy, 8, seen, detour=[
        (lambda scene: scene.overlay is None, open_discard),
        (lambda scene: isinstance(scene.overlay, PileOverlay), close_pile)])

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=800, speed_ms=0).run(start=setup)
    assert seen["toast"].startswith("Saved")
    assert "discard pile" in seen["pile"]
    assert seen["listed"] == 1
    assert seen["loaded_answers"] == seen["answers"]
    assert seen["loaded_toast"].startswith("Loaded")


def test_a_broken_autosave_is_reported_on_the_new_game_screen_not_a_crash():
    """Continue with an unreadable autosave shows the one-line reason and stays on the
    new-game screen."""
    userdata.autosave_path().write_text("{not json", encoding="utf-8")
    seen = {}

    def driver(app):
        scene = app.scene
        if isinstance(scene, NewGameScene):
            if "clicked" not in seen:
                seen["clicked"] = True
                click(button_pos(scene.buttons, "continue"))
            else:
                seen["error"] = scene.error
                raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=50, speed_ms=0).run()
    assert "JSON" in seen["error"] or "save" in seen["error"].lower()


def test_menu_shows_the_hero_card_reference(tmp_path):
    """Issue 8: the UI shows a hero card reference (name, type, value, boost, effect words)."""
    from adventures.app.overlays import ButtonOverlay, ReferenceOverlay
    setup = GameSetup(scenario(minions=[]), seed=3)
    seen = {"step": 0}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None or scene.model is None:
            return
        step = seen["step"]
        if step == 0 and scene.overlay is None:
            seen["step"] = 1
            key(pygame.K_ESCAPE)
        elif step == 1 and isinstance(scene.overlay, ButtonOverlay):
            seen["step"] = 2
            click(button_pos(scene.overlay.buttons, "reference"))
        elif step == 2 and isinstance(scene.overlay, ReferenceOverlay):
            seen["step"] = 3
        elif step == 3:
            pygame.image.save(app.screen, str(tmp_path / "reference.png"))
            seen["ref"] = scene.overlay.ref
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=400, speed_ms=0).run(start=setup)
    ref = seen["ref"]
    assert ref["name"] == "Leonardo" and sum(c["copies"] for c in ref["cards"]) == 30
    assert all(c["text"] or c["type"] != "scheme" for c in ref["cards"])
    shot = pygame.image.load(str(tmp_path / "reference.png"))
    assert distinct_colors(shot) > 20
