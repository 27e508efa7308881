"""The expert bot in the app (issue 18): a "Suggest" button and expert bot seats, with
the search off the render loop. Driven headless like tests/test_app.py."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from adventures.app import suggest  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.controller import GameSetup  # noqa: E402
from adventures.app.end_scene import EndScene  # noqa: E402
from engine.content.schema import ScenarioDef  # noqa: E402

SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))


def scenario(seats, **extra) -> ScenarioDef:
    data = {"name": "app test", "villain": "shredder", "seats": [{"hero": h, "bot": b} for h, b in seats],
            "minions": "random"}
    data.update(extra)
    return ScenarioDef.model_validate(data)


def click(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_suggest_answers_at_once_with_the_strong_bot_then_thinks_harder_and_changes_nothing():
    """Issue 27 item 6: clicking Suggest at a decision shows the strong bot's pick in the same
    frame; clicking again starts the expert's search, whose pick comes as a toast while
    frames keep coming; the game's RNG streams are untouched (saves and undo stay exact)."""
    from adventures.bots.strong import StrongBot
    setup = GameSetup(scenario([("Leonardo", "human")], max_rounds=6), seed=3)
    seen = {"asked": None, "quick": None, "toast": None, "frames_while_thinking": 0}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.model is None:
            if isinstance(scene, EndScene):
                raise SystemExit
            return
        d = scene.model.decision
        game = scene.game
        if seen["toast"] is None and d.tag == "action" and game.round >= 2 and game.checkpoint is not None:
            button = next(b for b in scene.top_buttons if b.value == "suggest")
            if seen["asked"] is None:
                seen["asked"] = (time.perf_counter(), game.rng.getstate(), game.bot_rng.getstate(), d)
                seen["strong"] = StrongBot().choose(game, d)
                click(button.rect.center)
                return
            toast = scene._toast[0] if scene._toast else ""
            if seen["quick"] is None:
                seen["quick"] = toast            # the first frame after the click
                assert toast.startswith("Bot suggests") and "think harder" in toast, toast
                click(button.rect.center)
                return
            if toast.startswith(("Expert: still", "Expert changed its mind")):     # issue 40: says why
                seen["toast"] = (toast, time.perf_counter() - seen["asked"][0])
                assert game.rng.getstate() == seen["asked"][1] and game.bot_rng.getstate() == seen["asked"][2]
                raise SystemExit
            seen["frames_while_thinking"] += 1
            return
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))

    app = App(SIZE, headless=True, fps=60, on_frame=driver, max_frames=4000, speed_ms=0)
    with pytest.raises(SystemExit):
        app.run(start=setup)
    toast, seconds = seen["toast"]
    d = seen["asked"][3]
    assert f"{d.label(seen['strong']).capitalize()} — " in seen["quick"]        # the option, then why
    assert f"Press {seen['strong'] + 1} to take it" in seen["quick"]
    assert any(d.label(i).lower() in toast.lower() for i in range(len(d.options)))
    assert seen["frames_while_thinking"] > 3, "the window kept drawing while the expert searched"
    print(f"\nquick: {seen['quick']}; expert after {seconds:.2f} s: {toast}")


def test_an_expert_seat_plays_a_game_while_the_window_keeps_drawing(monkeypatch):
    monkeypatch.setattr(suggest, "BOT_SECONDS", 0.03)
    setup = GameSetup(scenario([("Leonardo", "expert")], max_rounds=2), seed=5)
    seen = {"end": None}

    def driver(app):
        if isinstance(app.scene, EndScene):
            seen["end"] = app.scene.summary
            raise SystemExit

    app = App(SIZE, headless=True, fps=60, on_frame=driver, max_frames=20000, speed_ms=0)
    with pytest.raises(SystemExit):
        app.run(start=setup)
    assert seen["end"] is not None
    ctl_bot = app.frames
    assert ctl_bot > 10
