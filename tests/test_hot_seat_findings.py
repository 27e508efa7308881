"""Issue 39's findings in the game screen, one regression test each (findings 1 and 6, on the
new-game screen, are in test_new_game_checks.py; finding 5, the bots, in test_private_sight.py).

Hot seat (Adventures p.3: open hands are a choice): a hand is drawn face up only to its
player, who reaches the screen only through their own "Pass to..." curtain, and only until
the table is shown anything again."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_app import button_pos, click, click_option, key, scenario  # noqa: E402

from adventures.app import card_view, overlays  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.controller import GameSetup, QuitApp  # noqa: E402
from adventures.bots.heuristic import HeuristicBot  # noqa: E402
from engine.decisions import TABLE  # noqa: E402

SIZE = (1280, 720)
TABLE_KINDS = {"reveal", "combat", "round", "end_of_round", "initiative", "objective", "game_over", "hands"}


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"


def enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def test_a_returning_player_passes_a_curtain_after_the_table_was_shown_anything():
    """Finding 2: after Raphael's setup the table answered its own questions and watched
    enemy and bot turns; Raphael's next decision came with his hand face up and no curtain.
    Now every decision of a person comes after their own curtain whenever the table was
    shown anything since their last one."""
    setup = GameSetup(scenario(seats=(("Leonardo", "human"), ("Raphael", "human"), ("Donatello", "strong")),
                               minions="random", max_rounds=1), seed=7, open_hands=False)
    seen = {"decisions": 0, "after_table": 0, "curtain": None}
    problems = []
    state = {"owner": None, "events": 0}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene:
            raise QuitApp()                       # the end screen: the game is over
        if scene.game is None:
            return
        game = scene.game
        for e in (game.events or [])[state["events"]:]:
            if e.get("kind") in TABLE_KINDS or (e.get("kind") == "turn" and e.get("side") != state["owner"]):
                state["owner"] = None
        state["events"] = len(game.events or [])
        if isinstance(scene.overlay, overlays.CurtainOverlay):
            seen["curtain"] = scene.overlay.seat
            scene.handle(enter())
            state["owner"] = seen["curtain"]
            return
        if scene.model is None or scene.overlay is not None:
            return
        d = scene.model.decision
        if d.seat == TABLE:
            state["owner"] = None
        elif d.seat in scene.ctl.human_seats:
            seen["decisions"] += 1
            if state["owner"] != d.seat:
                problems.append((d.tag, d.seat, len(game.answers)))
            hidden = scene.hand_state()[1]
            if hidden:
                problems.append(("own hand hidden", d.seat))
        index = HeuristicBot().choose(game, d)
        if index in scene.model.private_options():
            scene.open_private(next(s for s, opts in scene.model.private.items() if index in opts))
            return
        click_option(app, index)

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=6000, speed_ms=0).run(start=setup)
    assert seen["decisions"] > 10
    assert not problems, problems[:5]


def test_a_key_pressed_before_the_curtain_is_drawn_never_passes_it():
    """Finding 3: one Enter pressed while a bot was moving passed the next curtain before
    anybody saw it. Now input that came before the curtain's first frame is dropped, Esc
    never passes it, and a click must start and end on its button."""
    pygame.init()
    surf = pygame.display.set_mode(SIZE)

    class Side:
        name = "Raphael"
    curtain = overlays.CurtainOverlay(Side(), 2, seat=1)
    assert curtain.handle(enter()) is None, "not drawn yet: nobody has seen it"
    pygame.event.post(enter())
    curtain.draw(surf, (0, 0))
    assert not pygame.event.get(pygame.KEYDOWN), "keys typed before it was drawn are dropped"
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    assert curtain.handle(esc) is None
    at = curtain.buttons[0].rect.center
    assert curtain.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)) is None, "half a click"
    assert curtain.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)) is None
    assert curtain.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)) == overlays.CLOSE
    assert curtain.handle(enter()) == overlays.CLOSE


def test_keys_pressed_during_bot_turns_never_pass_a_curtain():
    """Finding 3 in play: Enter pressed at every frame of every paced enemy and bot turn of a
    four-seat game; each curtain is still up when it is first drawn, and passes only on a
    press made after that."""
    setup = GameSetup(scenario(seats=(("Leonardo", "human"), ("Raphael", "strong"), ("Donatello", "human"),
                                      ("Michelangelo", "strong")), minions="random", max_rounds=2),
                      seed=5, open_hands=False)
    seen = {"curtains": 0, "presses": 0, "passed": []}
    last = {"curtain": None, "pressed": False}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene:
            raise QuitApp()                       # the end screen: the game is over
        if scene.game is None:
            return
        if last["curtain"] is not None and scene.overlay is not last["curtain"]:
            seen["passed"].append(last["pressed"])
            last["curtain"] = None
        if isinstance(scene.overlay, overlays.CurtainOverlay):
            if last["curtain"] is not scene.overlay:
                last["curtain"], last["pressed"] = scene.overlay, False
                seen["curtains"] += 1
                return                          # seen this frame: pressed on the next one
            last["pressed"] = True
            key(pygame.K_RETURN)
            return
        if scene.waiting:
            seen["presses"] += 1
            key(pygame.K_RETURN)                 # somebody taps Enter while a bot or an enemy plays
            return
        if scene.model is not None and scene.overlay is None:
            d = scene.model.decision
            if len(scene.game.answers) > 24:
                raise QuitApp()
            index = HeuristicBot().choose(scene.game, d)
            if index in scene.model.private_options():
                scene.open_private(next(s for s, opts in scene.model.private.items() if index in opts))
                return
            click_option(app, index)

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=8000, speed_ms=6).run(start=setup)
    assert seen["curtains"] >= 3 and seen["presses"] > 50, seen
    assert all(seen["passed"]), seen["passed"]


def menu_hands_item(scene):
    return next((b for b in scene.overlay.buttons if b.value == "hands"), None)


def test_changing_the_hands_rule_mid_game_asks_first_is_logged_and_reaches_every_seat():
    """Finding 4: the menu's toggle opened every hand at once with no question, and expert
    seats kept the old rule. Now the menu asks, says what it does, logs it, and the game's
    rule (which every seat and the search's quiet point read) changes at once."""
    setup = GameSetup(scenario(seats=(("Leonardo", "human"), ("Raphael", "human"), ("Donatello", "expert")),
                               minions=[]), seed=3, open_hands=False)
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None:
            return
        if isinstance(scene.overlay, overlays.CurtainOverlay):
            scene.handle(enter())
            return
        if scene.model is None:
            return
        game = scene.game
        if "asked" not in seen and scene.overlay is None:
            key(pygame.K_ESCAPE)
            seen["asked"] = "menu"
            return
        if seen.get("asked") == "menu" and isinstance(scene.overlay, overlays.ButtonOverlay):
            item = menu_hands_item(scene)
            seen["item"] = item.label if item else None
            click(item.rect.center)
            seen["asked"] = "confirm"
            return
        if seen.get("asked") == "confirm" and isinstance(scene.overlay, overlays.ButtonOverlay):
            seen["title"] = scene.overlay.title
            seen["still_hidden"] = game.hidden_hands
            click(button_pos(scene.overlay.buttons, ("hands_set", True)))
            seen["asked"] = "done"
            return
        if seen.get("asked") == "done" and scene.overlay is None:
            seen["after"] = (game.hidden_hands, game.checkpoint[0].hidden_hands if game.checkpoint else None,
                             game.events[-1]["kind"], game.events[-1]["text"], scene.ctl.setup.open_hands)
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=3000, speed_ms=0).run(start=setup)
    assert seen["item"] == "Hands: hidden (change…)"
    assert seen["title"] == "Open every hand?" and seen["still_hidden"] is True
    hidden, at_checkpoint, kind, text, open_setup = seen["after"]
    assert hidden is False and at_checkpoint in (False, None) and open_setup is True
    assert kind == "hands" and "every hand" in text


def test_with_one_person_playing_the_menu_offers_no_hands_choice():
    """'Hidden' is not offered with one person: the menu has no hands item then."""
    setup = GameSetup(scenario(seats=(("Leonardo", "human"), ("Raphael", "strong"))), seed=3)
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.model is None:
            return
        if scene.overlay is None:
            key(pygame.K_ESCAPE)
            return
        seen["item"] = menu_hands_item(scene)
        raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=400, speed_ms=0).run(start=setup)
    assert "item" in seen and seen["item"] is None


def test_every_card_face_the_game_screen_draws_asks_the_one_rule(monkeypatch):
    """Finding 7: the app decided hand visibility on its own beside rules/view.py. Now every
    face it paints asks `view.may_see` for who is looking: with a rule that shows nothing,
    an open-hands game screen paints no card face at all, and the hand area says so."""
    faces = []
    real = card_view.draw_face
    monkeypatch.setattr(card_view, "draw_face", lambda surf, card, *a, **k: (faces.append(card), real(surf, card, *a, **k)))
    from adventures.app import game_scene
    for module in (card_view, game_scene):
        monkeypatch.setattr(module, "may_see", lambda game, seat, card, hidden_hands=None: False)
    setup = GameSetup(scenario(seats=(("Leonardo", "human"), ("Raphael", "human"))), seed=3, open_hands=True)
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.model is None:
            return
        seen["hand"] = scene.hand_state()[1]
        seen["frames"] = seen.get("frames", 0) + 1
        for rect, _card in scene.hand.card_rects[:1]:
            scene.hover_pos = rect.center          # a popup would paint the card too
        if seen["frames"] > 3:
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=400, speed_ms=0).run(start=setup)
    assert seen["frames"] > 3 and seen["hand"] is True
    assert [c for c in faces if getattr(c, "owner", None) is not None] == []
