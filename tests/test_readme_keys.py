"""The README's keys are the app's keys (issue 40, item 8): every key the README's Playing
section lists does what it says on the new-game screen, in a game and on the end screen,
and every key those screens answer is listed there."""
from __future__ import annotations

import os
import re
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from adventures.app.scenarios import find_scenario  # noqa: E402
from adventures.app.screenshot import shoot  # noqa: E402
from engine.state import GameOver  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 720)
# the README's name of each key -> the pygame keys it stands for
KEY_NAMES = {"Enter": ["K_RETURN", "K_KP_ENTER"], "Esc": ["K_ESCAPE"], "Space": ["K_SPACE"], "C": ["K_c"],
             "L": ["K_l"], "S": ["K_s"], "M": ["K_m"], "T": ["K_t"], "Ctrl+Z": ["K_z"],
             "1-9": ["K_1", "K_9", "K_KP1", "K_KP9"], "Up / Down, PgUp / PgDn, wheel": [
                 "K_UP", "K_DOWN", "K_PAGEUP", "K_PAGEDOWN"]}
HANDLERS = {"new game": ["adventures/app/new_game_scene.py"],
            "game": ["adventures/app/game_scene.py", "adventures/app/guide.py"],
            "end": ["adventures/app/end_scene.py"]}


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))


def readme_keys() -> dict[str, dict[str, str]]:
    """The Playing section's keys: its two tables, and the end screen's sentence."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    playing = text.split("## Playing", 1)[1].split("\n## ", 1)[0]
    new_game, game = playing.split("On the new-game screen:", 1)[1].split("In a game", 1)

    def table(part: str) -> dict[str, str]:
        rows = re.findall(r"^\| ([^|]+?) \| ([^|]+) \|$", part, re.MULTILINE)
        return {k: v for k, v in rows if k not in ("key", "---") and not k.startswith("-")}
    end = re.search(r"At the end: (.+?)\n(?:- |\n)", playing, re.DOTALL).group(1)
    return {"new game": table(new_game), "game": table(game),
            "end": {k: w for k, w in re.findall(r"(Enter|Space|Esc) (?:for |to )?([^,]+)", end)}}


def key(scene, k, mod=0):
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_every_key_a_screen_answers_is_in_the_readme():
    keys = readme_keys()
    for screen, files in HANDLERS.items():
        handled = set()
        for file in files:
            source = (ROOT / file).read_text(encoding="utf-8")
            handled |= set(re.findall(r"pygame\.(K_[A-Za-z0-9_]+)", source))
        named = {k for name in keys[screen] for k in KEY_NAMES.get(name, [])}
        assert handled - named == set(), f"{screen}: keys the app answers that the README does not list"
        assert {name for name in keys[screen] if name not in KEY_NAMES} <= {"click"}, keys[screen]


def test_the_new_game_screens_keys_do_what_the_readme_says(tmp_path):
    from adventures.app.app import App
    from adventures.app.controller import GameSetup, QuitApp, Restart
    from adventures.app.new_game_scene import NewGameScene
    from adventures.app.userdata import autosave_path
    from adventures.persistence.save import save_game
    said = readme_keys()["new game"]
    assert "starts the game set up" in said["Enter"] and "asks first" in said["Enter"]
    assert "continues the game in progress" in said["C"] and "Learn to play" in said["L"]
    app = App(SIZE, headless=True, fps=0, speed_ms=0)
    scene = NewGameScene(app)
    key(scene, pygame.K_RETURN)
    assert isinstance(scene.result, GameSetup), "Enter starts the game on the screen"
    game = shoot(find_scenario("shredder-1p"), 3, 2, SIZE).game_scene.game
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    save_game(game, autosave_path())                    # a game in progress
    scene = NewGameScene(app)
    key(scene, pygame.K_c)
    assert isinstance(scene.result, Restart), "C continues it"
    scene = NewGameScene(app)
    key(scene, pygame.K_RETURN)
    assert scene.result is None and scene.overlay is not None, "Enter asks first"
    key(scene, pygame.K_RETURN)
    assert isinstance(scene.result, GameSetup), "Enter again keeps that game and starts the new one"
    scene = NewGameScene(app)
    key(scene, pygame.K_l)
    key(scene, pygame.K_RETURN)                          # asked first: a game is in progress
    assert isinstance(scene.result, GameSetup) and scene.result.scenario.name == "Learn to play"
    scene = NewGameScene(app)
    scene.action(("players", 4))
    small = pygame.Surface((1152, 633))
    scene.draw(small, 0)
    for k, moved in ((pygame.K_DOWN, True), (pygame.K_PAGEDOWN, True), (pygame.K_UP, True), (pygame.K_PAGEUP, True)):
        before = scene.scroll
        key(scene, k)
        assert (scene.scroll != before) == moved, pygame.key.name(k)
    with pytest.raises(QuitApp):
        key(scene, pygame.K_ESCAPE)


def test_the_games_keys_do_what_the_readme_says():
    from adventures.app import overlays
    from adventures.app.guide import Guide, guided_setup
    said = readme_keys()["game"]
    assert "picks that option" in said["1-9"] and "takes the first option" in said["Enter"]
    assert "mutes" in said["M"] and "menu" in said["Esc"] and "Suggest" in said["S"] and "undoes" in said["Ctrl+Z"]
    # an action decision of a game in progress (turn 6: with shredder-4p's Standard dial from
    # the win-rate model, seed 5's game no longer reaches turn 12's action)
    app = shoot(find_scenario("shredder-4p"), 5, 6, SIZE, at="action")
    scene = app.game_scene
    scene.draw(app.screen, 0)
    key(scene, pygame.K_2)
    assert scene.result == 1
    scene.result = None
    key(scene, pygame.K_RETURN)
    assert scene.result == 0
    scene.result = None
    sound = app.prefs.get("sound", True)
    key(scene, pygame.K_m)
    assert app.prefs["sound"] is not sound
    key(scene, pygame.K_s)
    assert scene._toast is not None and scene._toast[0], "S suggests"
    scene._toast = None
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert scene._toast is not None and "undo" in scene._toast[0].lower(), "Ctrl+Z undoes (here: says why not)"
    scene.narrowed = [0, 1]
    key(scene, pygame.K_ESCAPE)
    assert scene.narrowed is None and scene.overlay is None, "Esc widens a narrowed prompt first"
    key(scene, pygame.K_ESCAPE)
    assert isinstance(scene.overlay, overlays.ButtonOverlay) and scene.overlay.title == "Menu"
    scene.overlay = None
    scene.end_decision()
    scene.waiting = True
    try:
        key(scene, pygame.K_SPACE)
        assert scene.skip_turn, "Space skips the rest of the turn"
        scene.combat.holding, scene.skip_turn = True, False
        key(scene, pygame.K_SPACE)
        assert scene.skip_wait and not scene.skip_turn, "after a combat, Space goes on past its result"
    finally:
        scene.waiting = scene.combat.holding = scene.skip_wait = scene.skip_turn = False
    assert "Learn to play" in said["T"]
    scene.guide = Guide(guided_setup())
    try:
        key(scene, pygame.K_t)
        assert scene.guide.skipped
    finally:
        scene.guide = None


def test_the_end_screens_keys_do_what_the_readme_says():
    from adventures.app.end_scene import EndScene
    said = readme_keys()["end"]
    assert "new game" in said["Enter"] and "final board" in said["Space"] and "quit" in said["Esc"]
    app = shoot(find_scenario("shredder-1p"), 3, 2, SIZE)
    setup = app.shot_controller.setup

    def end():
        return EndScene(app, app.game_scene.game, setup, GameOver("heroes", "Shredder was defeated"))
    scene = end()
    key(scene, pygame.K_RETURN)
    assert scene.result == "new"
    scene = end()
    key(scene, pygame.K_SPACE)
    assert scene.peek
    key(scene, pygame.K_SPACE)
    assert not scene.peek
    key(scene, pygame.K_ESCAPE)
    assert scene.result == "quit"
