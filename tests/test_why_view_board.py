"""Why? from the board (issue 40 item 1): an enemy's intent drawn on the board (its dashed
arrow to whom it would attack, the ring of where it would stop, its "threat +1" tag) opens
the same "Why?" panel as its line in the status column, or, for an enemy's turn under way,
its line in the log: the record the rule made while deciding (adventures.rules.reasons,
Intent.why or event["why"]), never worked out again by the app. A choice on the board
comes first: a click on a space that answers the question answers it. Targeting:
Adventures p.9."""
from __future__ import annotations

import math
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from fixtures import seat_heroes  # noqa: E402
from test_app import click, key, scenario  # noqa: E402

from adventures.app import intent_view, why_view  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.controller import GameSetup, QuitApp  # noqa: E402
from adventures.bots.heuristic import HeuristicBot  # noqa: E402
from adventures.bots.table import TablePolicy  # noqa: E402
from adventures.content.catalog import load_catalog  # noqa: E402
from adventures.rules.runner import play_adventure  # noqa: E402
from adventures.rules.setup import new_adventure  # noqa: E402
from engine.content.schema import ScenarioDef  # noqa: E402


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))


def point_on(kind: str, shape) -> tuple[int, int]:
    """A point on a mark of the board: an arrow's middle, a ring's edge, a tag's centre."""
    if kind == "arrow":
        (x0, y0), (x1, y1) = shape
        return round((x0 + x1) / 2), round((y0 + y1) / 2)
    if kind == "ring":
        (cx, cy), r = shape
        return round(cx + r), round(cy)
    return shape.center


def drive(minions, seed, step):
    """Play a 1-player game headless at 1280x720, answering with the first option until
    `step(app, seen)` returns True; returns what it saw."""
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None:
            return
        if step(app, seen):
            raise QuitApp()

    App((1280, 720), headless=True, fps=0, on_frame=driver, max_frames=1500, speed_ms=0).run(
        start=GameSetup(scenario(minions=minions), seed=seed))
    return seen


def test_clicking_an_enemy_arrow_on_the_board_opens_the_records_its_intent_shows():
    """On a player's turn: a click on the middle of an enemy's arrow (no choice there) opens
    the Why? panel with the very records of its intent in the status column (Intent.why,
    one per move value it may still get), and the mouse resting there says "Click: why"."""
    def step(app, seen):
        scene = app.game_scene
        if "clicked" not in seen:
            if scene.model is None or scene.model.decision.tag != "action" or not scene.intents:
                if scene.model is not None:
                    key(pygame.K_1)
                return False
            marks = [(kind, shape, item) for kind, shape, item in intent_view.marks(scene.board_view, scene.intents)
                     if kind == "arrow" or kind == "tag"]
            if not marks:
                key(pygame.K_1)
                return False
            kind, shape, item = marks[0]
            pos = point_on(kind, shape)
            assert not scene.model.options_at_space(scene.board_view.space_at(pos)) \
                if scene.board_view.space_at(pos) is not None else True
            seen["clicked"], seen["item"] = pos, item
            seen["records"] = [i.intent.why for i in scene.intents if i.side is item.side]
            # the mouse resting on it first: the arrow is lit and says a click tells why
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            return False
        if "tooltip" not in seen:
            import adventures.app.theme as T
            T.reset_cuts(trace=app.screen)
            scene.draw(app.screen, 0)
            seen["tooltip"] = [text for text, _r in T.TRACE or []]
            T.reset_cuts()
            click(seen["clicked"])
            return False
        seen["panel"] = scene.overlay
        return True

    seen = drive(["leatherhead"], 8, step)
    panel = seen.get("panel")
    assert isinstance(panel, why_view.WhyOverlay), f"no Why panel after clicking {seen.get('clicked')}"
    assert [why for _label, why in panel.records] == seen["records"] and seen["records"]
    assert all(a is b for (_label, a), b in zip(panel.records, seen["records"]))      # the same objects
    assert all(why["done"] is False and why["page"] == "Adventures p.9" for why in seen["records"])
    assert "Click: why" in seen["tooltip"] and seen["records"][0]["headline"] in seen["tooltip"]


def test_a_choice_on_the_board_comes_before_an_enemy_intent_under_it(monkeypatch):
    """Where an arrow crosses a space that answers the question, a click there answers it
    (the Why? panel opens only off the choices)."""
    from types import SimpleNamespace

    from adventures.app.game_scene import GameScene
    fake = SimpleNamespace(side=None, intent=SimpleNamespace(why=None))
    monkeypatch.setattr(GameScene, "board_intent_at", lambda self, pos: fake)      # an arrow everywhere

    def step(app, seen):
        scene = app.game_scene
        if scene.model is None:
            return False
        model = scene.model
        spaces = {s for i, s in model.option_space.items() if model.options_at_space(s) == [i]}
        if not spaces:
            key(pygame.K_1)
            return False
        if "clicked" in seen:
            seen["result"], seen["overlay"] = scene.result, scene.overlay
            return True
        space = min(spaces)
        seen["clicked"], seen["option"] = space, model.options_at_space(space)[0]
        click(scene.board_view.centers[space])
        return False

    seen = drive(["leatherhead"], 8, step)
    assert "clicked" in seen, "no question answered on the board came up"
    assert seen["overlay"] is None
    assert seen.get("result") in (seen["option"], None)


def test_each_mark_on_the_board_is_found_under_the_mouse_and_nothing_off_them():
    """intent_at finds the intent of every arrow, ring and tag drawn (the geometry draw
    uses), and none far from them."""
    def step(app, seen):
        scene = app.game_scene
        if scene.model is None or scene.model.decision.tag != "action" or not scene.intents:
            if scene.model is not None:
                key(pygame.K_1)
            return False
        seen["scene"] = scene
        seen["intents"] = list(scene.intents)
        return True

    seen = drive(["wingnut"], 3, step)
    scene, items = seen["scene"], seen["intents"]
    marks = intent_view.marks(scene.board_view, items)
    assert marks
    for kind, shape, item in marks:
        found = intent_view.intent_at(scene.board_view, items, point_on(kind, shape))
        assert found is not None and found.side is item.side, (kind, item.side.name)
    bv = scene.board_view
    far = max(((x, y) for x in range(bv.rect.left, bv.rect.right, 9) for y in range(bv.rect.top, bv.rect.bottom, 9)),
              key=lambda p: min(math.hypot(p[0] - c[0], p[1] - c[1]) for c in bv.centers))
    assert intent_view.intent_at(bv, items, far) is None


def test_an_enemy_turn_under_way_opens_the_record_on_its_log_line_once_the_rule_made_it():
    """During an enemy's turn its arrow stands for the turn itself: once the rule has decided,
    the panel shows the record on the turn's log line (event["why"], the same object);
    before that, the record its targeting made for the arrow (enemy_intent)."""
    from adventures.rules.enemy import enemy_intent
    scen = ScenarioDef.model_validate({"name": "why", "villain": "shredder",
                                       "seats": [{"hero": h} for h in seat_heroes(2)], "minions": ["slash"]})
    bot = HeuristicBot()
    game = new_adventure(scen, load_catalog(), 3, {0: bot, 1: bot}, TablePolicy())
    turns = []

    def observe(event):
        if event.get("kind") == "turn":
            side = next(s for s in game.sides if s.index == event["side"])
            if side.is_enemy:
                move = next(c.move for c in reversed(game.adv.row) if c.side is side)
                item = intent_view.EnemyIntent(side, side.fighters[0], move, enemy_intent(game, side.fighters[0], move))
                turns.append((len(game.events), event, item))
    game.observer = observe
    play_adventure(game, max_rounds=3, hash_state=False)
    assert len(turns) >= 3
    for at, event, item in turns:
        before = game.events[:at - 1] + [{k: v for k, v in event.items() if k != "why"}]
        assert why_view.board_records(before, [item], item, under_way=True) == [("", item.intent.why)]
        after = game.events[:at]
        records = why_view.board_records(after, [item], item, under_way=True)
        assert records == [("", event["why"])] and records[0][1] is event["why"]
        assert records[0][1]["candidates"] == item.intent.why["candidates"]
