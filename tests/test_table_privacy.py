"""Hot-seat privacy kept everywhere (issue 28): with hidden hands, no player's card is drawn
face up except to that player, after their curtain; whether hands are hidden is part of
the game and of its saves.

The walk plays a whole four-player hidden-hands game through the app's controller and
views (a bot policy answers for every seat, the way a person clicks through the screens),
saves and loads in the middle, and watches every card the views draw."""
from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_app import scenario  # noqa: E402

from adventures.app import card_view  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.controller import GameSetup, QuitApp, restart_from_file  # noqa: E402
from adventures.app.end_scene import EndScene  # noqa: E402
from adventures.persistence.save import load_record, parse_record  # noqa: E402

SIZE = (1280, 720)
FOUR = (("Leonardo", "human"), ("Raphael", "human"), ("Donatello", "human"), ("Michelangelo", "human"))


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"


def is_curtain(overlay) -> bool:
    return overlay is not None and str(getattr(overlay, "title", "")).startswith("Pass to")


def watch_cards(monkeypatch, app_box: list, leaks: list, shown: list, table: dict | None = None) -> None:
    """Record every hand card drawn face up whose owner is not the one behind the screen;
    with `table`, also any drawn while table["curtain_due"] (nobody passed a curtain yet)."""
    def check(card):
        app = app_box[0] if app_box else None
        owner = getattr(card, "owner", None)
        if app is None or owner is None or owner.is_enemy or card not in owner.hand:
            return
        scene = app.game_scene
        shown.append(owner.index)
        due = table is not None and table.get("curtain_due")
        if is_curtain(scene.overlay) or scene.viewer_seat != owner.index or due:
            leaks.append((card.name, owner.name, scene.viewer_seat, getattr(scene.overlay, "title", None),
                          len(scene.game.answers) if scene.game else None))

    real_card, real_detail = card_view.draw_card, card_view.draw_detail

    def draw_card(surf, card, *a, **k):
        check(card)
        return real_card(surf, card, *a, **k)

    def draw_detail(surf, card, *a, **k):
        check(card)
        return real_detail(surf, card, *a, **k)
    monkeypatch.setattr(card_view, "draw_card", draw_card)
    monkeypatch.setattr(card_view, "draw_detail", draw_detail)


def bot_answer(game, decision) -> int:
    from adventures.bots.heuristic import HeuristicBot
    return HeuristicBot().choose(game, decision)


def test_a_whole_hidden_hands_game_shows_each_hand_only_behind_its_owners_curtain(monkeypatch, tmp_path):
    """Four players in hot seat against Shredder, through a save and a load: every hand
    card drawn face up belongs to the player who passed the last curtain, and the loaded
    game is still played with hidden hands."""
    app_box: list = []
    leaks: list = []
    shown: list = []
    seen = {"curtains": 0, "answers": 0, "loaded": False, "hovered": 0, "curtain_due": True}   # the first too
    watch_cards(monkeypatch, app_box, leaks, shown, seen)
    setup = GameSetup(scenario(seats=FOUR, minions=[], max_rounds=2), seed=11, open_hands=False)
    save_path = tmp_path / "middle.json"

    def driver(app):
        scene = app.scene
        if isinstance(scene, EndScene):
            seen["over"] = scene.over
            raise QuitApp()
        if scene is not app.game_scene or scene.game is None:
            return
        if is_curtain(scene.overlay):
            seen["curtains"] += 1
            seen["curtain_due"] = False
            seen.setdefault("curtain_hand", []).append((scene.overlay.title, scene.hand_state()[:3]))
            scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
            return
        model = scene.model
        if model is None or scene.overlay is not None:
            return
        game = scene.game
        if not seen["loaded"] and len(game.answers) >= 60 and game.combat is None:
            seen["saved_open_hands"] = scene.ctl.setup.open_hands
            scene.toast(scene.ctl.save(save_path))
            seen["loaded"] = True
            seen["curtain_due"] = True                       # whoever sits down next passes a curtain first
            scene.menu_action(("load_kept", save_path))      # raises Restart: the game is rebuilt
        if seen["loaded"] and "after_load" not in seen:
            seen["after_load"] = (scene.ctl.setup.open_hands, len(game.answers))
        for rect, _card in scene.hand.card_rects[:1]:     # a person hovers their hand: the popup
            scene.hover_pos = rect.center
            seen["hovered"] += 1
        d = model.decision
        if scene.narrowed is not None:
            scene.answer(scene.narrowed[0])
            return
        index = bot_answer(game, d)
        if index in model.private_options():
            owner = next(seat for seat, opts in model.private.items() if index in opts)
            scene.open_private(owner)                        # the owner picks behind their curtain
            return
        seen["answers"] += 1
        scene.answer(index)

    app = App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=20000, speed_ms=0)
    app_box.append(app)
    app.run(start=setup)
    assert "over" in seen, "the game reached its end"
    assert seen["loaded"] and seen["saved_open_hands"] is False
    assert seen["after_load"][0] is False, "a loaded hidden-hands game comes back hidden"
    assert seen["curtains"] >= 8 and seen["hovered"] > 0
    assert set(shown) == {0, 1, 2, 3}, "every player saw their own hand"
    assert not leaks, leaks[:5]
    for title, (side, hidden, why) in seen["curtain_hand"]:
        assert hidden and side.name in title and side.name in why, (title, side.name, why)


def test_the_first_players_hand_waits_behind_a_curtain_at_setup():
    """The very first screen of a hot-seat game shows no hand face up: the first decision
    of a player comes after their curtain."""
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None:
            return
        seen.setdefault("first", (scene.overlay is not None and is_curtain(scene.overlay),
                                  scene.hand_state()[1], [c.name for _r, c in scene.hand.card_rects]))
        raise QuitApp()

    setup = GameSetup(scenario(seats=FOUR[:2], minions=[]), seed=4, open_hands=False)
    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=50, speed_ms=0).run(start=setup)
    _curtain, hidden, faces = seen["first"]
    assert hidden and faces == []


def test_saves_keep_whether_hands_are_hidden_and_old_saves_load_as_before(tmp_path):
    """Save version 2 records hidden_hands; a version-1 save (no such field) still loads,
    and then the one opening it decides, as before version 2."""
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is app.game_scene and scene.model is not None and scene.overlay is None:
            seen["msg"] = scene.ctl.save(tmp_path / "hot.json")
            raise QuitApp()
        if is_curtain(getattr(scene, "overlay", None)):
            scene.overlay = None

    setup = GameSetup(scenario(seats=FOUR[:2], minions=[]), seed=4, open_hands=False)
    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=100, speed_ms=0).run(start=setup)
    record = load_record(tmp_path / "hot.json")
    assert record["version"] == 2 and record["hidden_hands"] is True
    assert restart_from_file(tmp_path / "hot.json", open_hands=True).setup.open_hands is False

    old = json.loads((tmp_path / "hot.json").read_text(encoding="utf-8"))
    old["version"] = 1
    del old["hidden_hands"]
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    migrated = parse_record((tmp_path / "old.json").read_bytes())
    assert migrated["version"] == 2 and migrated["hidden_hands"] is None
    assert restart_from_file(tmp_path / "old.json", open_hands=True).setup.open_hands is True
    assert restart_from_file(tmp_path / "old.json", open_hands=False).setup.open_hands is False
