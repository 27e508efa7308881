"""Combat that flows (issue 28): a combat's result stays on screen for the set time
(settings, 2 s by default) with "Continue (Space)"; fights between bots never wait for a
click; the health bars already show the damage while the result is held; the panel
leaves with its combat and draws into the rect it is given."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_app import key, scenario  # noqa: E402

from adventures.app import settings  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.combat_view import CombatSnapshot, CombatView  # noqa: E402
from adventures.app.controller import GameSetup, QuitApp  # noqa: E402

SIZE = (1280, 720)
BOTS = (("Leonardo", "heuristic"), ("Raphael", "heuristic"))


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"


def watch_holds(space_on: int | None = None, holds_wanted: int = 3):
    """A frame driver that never clicks: it measures each combat hold (start, end, whether
    the damage had landed), presses Space on hold number `space_on`, and checks that the
    panel only shows while its combat is live."""
    seen = {"holds": [], "stale": 0, "clicks": 0}
    cur: dict = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None:
            return
        game = scene.game
        snap = scene.combat.snapshot
        if snap is not None and not any(c is snap.combat for c in game.combat_stack):
            seen["stale"] += 1
        now = pygame.time.get_ticks()
        if scene.combat.holding and not cur:
            kinds = [e["kind"] for e in game.events]
            last_combat = len(kinds) - 1 - kinds[::-1].index("combat")
            landed = (snap.damage or 0) == 0 or "damage" in kinds[last_combat + 1:]
            cur.update(start=now, landed=landed, damage=snap.damage, skip_turn=False,
                       button=scene.combat.continue_rect.width > 0)
            if space_on == len(seen["holds"]):
                key(pygame.K_SPACE)
        elif scene.combat.holding:
            cur["skip_turn"] = cur["skip_turn"] or scene.skip_turn
        elif cur:
            seen["holds"].append(dict(cur, ms=now - cur["start"]))
            cur.clear()
            if len(seen["holds"]) >= holds_wanted:
                raise QuitApp()
    return seen, driver


def run_bots(driver, seconds: int) -> None:
    app = App(SIZE, headless=True, fps=60, on_frame=driver, max_frames=20000, speed_ms=40)
    app.prefs["combat_seconds"] = seconds
    app.run(start=GameSetup(scenario(seats=BOTS, minions=[]), seed=6))


def test_a_fight_between_bots_holds_its_result_for_the_set_time_without_a_click():
    seen, driver = watch_holds()
    run_bots(driver, 1)
    assert len(seen["holds"]) >= 3, seen
    for hold in seen["holds"]:
        assert 900 <= hold["ms"] <= 2500, hold          # the set second (and a slow frame), no click needed
        assert hold["landed"], "the health bars show the damage while the result is held"
        assert hold["button"], "Continue (Space) is on the panel"
    assert seen["stale"] == 0, "the panel never outlives its combat"


def test_space_continues_at_once_and_only_skips_the_combat_hold():
    seen, driver = watch_holds(space_on=1, holds_wanted=3)
    run_bots(driver, 5)
    first, skipped, third = seen["holds"][:3]
    assert first["ms"] >= 4800 and third["ms"] >= 4800
    assert skipped["ms"] < 2000 and not skipped["skip_turn"]      # at once (a loaded machine draws slowly)


def test_the_combat_setting_cycles_through_seconds_and_defaults_to_two():
    prefs: dict = {"combat_hold": "click"}          # the setting before issue 28
    app = type("A", (), {"prefs": prefs})()
    settings.apply(app)
    assert prefs["combat_seconds"] == 2 and "combat_hold" not in prefs
    assert settings.combat_ms(prefs) == 2000
    seen = []
    for _ in settings.COMBAT_SECONDS:
        settings.toggle(app, "combat_seconds")
        seen.append(prefs["combat_seconds"])
    assert sorted(seen) == sorted(settings.COMBAT_SECONDS) and seen[-1] == 2


@pytest.mark.parametrize("rect", [(0, 0, 330, 330), (40, 500, 640, 210), (900, 80, 360, 520), (0, 0, 200, 260)])
def test_the_combat_panel_draws_inside_the_rect_it_is_given(rect):
    from adventures.content.catalog import load_catalog
    from adventures.rules.setup import new_adventure
    pygame.display.init()
    pygame.font.init()
    from engine.decisions import FirstOptionAgent
    game = new_adventure(scenario(minions=[]), load_catalog(), 3, {0: FirstOptionAgent()}, FirstOptionAgent())
    hero = next(s for s in game.sides if not s.is_enemy)
    villain = game.adv.villain
    view = CombatView()
    snap = CombatSnapshot(hero.fighters[0], villain.fighters[0], hero.deck[0], villain.deck[0])
    snap.att, snap.dfn, snap.damage = 5, 2, 3
    snap.steps = ["Leonardo draws a card.", "Shredder's effect: discard a card."]
    view.snapshot = snap
    view.holding = True
    surf = pygame.Surface(SIZE)
    r = pygame.Rect(rect)
    view.draw(surf, r, (-1, -1))
    assert r.contains(view.rect) and view.rect.topleft == r.topleft
    assert len(view.card_rects) == 2
    for card_rect, _card in view.card_rects:
        assert r.contains(card_rect) and card_rect.height >= 40, (card_rect, r)
    assert r.contains(view.continue_rect)
    assert not view.card_rects[0][0].colliderect(view.continue_rect)


@pytest.mark.parametrize("rect", [(560, 156, 400, 170), (0, 0, 330, 330), (40, 500, 640, 210)])
def test_a_fighters_long_name_stays_whole_inside_the_combat_panel(rect):
    """A name wider than its column (Baxter Stockman in a short, wide panel at 1280x720) is
    drawn whole inside the panel, not with its first letter past the panel's edge."""
    from adventures.app import theme as T
    from adventures.content.catalog import load_catalog
    from adventures.rules.setup import new_adventure
    pygame.display.init()
    pygame.font.init()
    from engine.decisions import FirstOptionAgent
    game = new_adventure(scenario(minions=["baxter_stockman"]), load_catalog(), 3, {0: FirstOptionAgent()},
                         FirstOptionAgent())
    hero = next(s for s in game.sides if not s.is_enemy)
    baxter = game.adv.minions[0]
    view = CombatView()
    view.snapshot = CombatSnapshot(baxter.fighters[0], hero.fighters[0], baxter.deck[0], None)
    surf = pygame.Surface(SIZE)
    T.reset_cuts(trace=surf)
    try:
        view.draw(surf, pygame.Rect(rect), (-1, -1))
        drawn = [(text, r) for text, r in T.TRACE if r is not None and text == baxter.fighters[0].name]
    finally:
        T.reset_cuts()
    assert drawn and all(view.rect.contains(r) for _t, r in drawn), (drawn, view.rect)
