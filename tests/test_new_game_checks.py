"""The new-game screen checks itself (issue 39, findings 1 and 6): hands are a rule of the
game set at setup and never changed silently, and no hero sits on two co-op seats.

Driven headless as a person would drive it: real clicks on the buttons drawn in the last
frame (each must be in view, above the footer), the text drawn read back from the frame."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_app import click, key  # noqa: E402

from adventures.app import theme as T  # noqa: E402
from adventures.app import userdata  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.controller import QuitApp  # noqa: E402
from adventures.app.hands_rule import OPEN_WARNING, hands_rule  # noqa: E402
from adventures.app.new_game_scene import NewGameScene  # noqa: E402

SIZES = [(1280, 720), (1152, 633)]
WAIT = object()


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"


# ---------------------------------------------------------------- driving the app
def play_script(steps, size=SIZES[0], max_frames=1500) -> list:
    """Run the app; each step (when, do) waits for a frame where `when(app)` holds, then
    `do(app)` acts (a click, a key) and its return value is recorded, unless it is WAIT (it
    acted and waits for another frame). Quits after the last."""
    done: list = []

    def driver(app):
        if len(done) == len(steps):
            raise QuitApp()
        when, do = steps[len(done)]
        if when(app):
            result = do(app)
            if result is not WAIT:
                done.append(result)

    App(size, headless=True, fps=0, on_frame=driver, max_frames=max_frames, speed_ms=0).run()
    assert len(done) == len(steps), f"the script stopped at step {len(done)} of {len(steps)}"
    return done


def on_form(app) -> bool:
    return isinstance(app.scene, NewGameScene) and app.scene.overlay is None


def in_dialog(app) -> bool:
    return isinstance(app.scene, NewGameScene) and app.scene.overlay is not None


def at_decision(app) -> bool:
    scene = app.scene
    return scene is app.game_scene and scene.game is not None and scene.model is not None


def press(value):
    """Click the form's button with `value`; it must be drawn in full, in view."""
    def do(app):
        scene = app.scene
        button = next((b for b in scene.buttons if b.value == value), None)
        assert button is not None, f"no button {value!r} on the new-game screen"
        assert scene.view.contains(button.rect) or value == "start", f"{value!r} is not in view"
        click(button.rect.center)
    return do


def press_in_dialog(value):
    def do(app):
        button = next((b for b in app.scene.overlay.buttons if b.value == value), None)
        assert button is not None, f"no button {value!r} in the dialog"
        click(button.rect.center)
    return do


def shown_lines(app) -> list[str]:
    """The lines of text the new-game form shows in view (above the footer) this frame."""
    scene = app.scene
    surf = pygame.Surface(app.screen.get_size())
    T.reset_cuts(trace=surf)
    scene.draw(surf, 0)
    lines = [text for text, rect in T.TRACE or [] if rect is not None and scene.view.contains(rect)]
    T.reset_cuts()
    return lines


def hands_state(app) -> dict:
    """What the Hands row offers and shows now."""
    scene = app.scene
    buttons = {b.value[1]: b for b in scene.buttons if isinstance(b.value, tuple) and b.value[0] == "hands"}
    return {"open": scene.open_hands, "offered": sorted(buttons),
            "selected": [v for v, b in buttons.items() if b.selected],
            "in_view": scene.hands_rect is not None and scene.view.contains(scene.hands_rect),
            "lines": shown_lines(app)}


def snapshot(app):
    return hands_state(app)


def heroes_once_seated(app):
    """The heroes at the table once every seat has one (setup answered with Enter till then)."""
    heroes = [s.hero_key for s in app.scene.game.sides if not s.is_enemy]
    if len(heroes) < app.scene.game.scenario.players:
        key(pygame.K_RETURN)
        return WAIT
    return heroes


def confirm_replacing_the_game_in_progress(app):
    click(app.scene.overlay.buttons[0].rect.center)      # "Start a new game?": yes, keep it as a save


# ---------------------------------------------------------------- the rule
@pytest.mark.parametrize("humans, mode, chosen, expected", [
    (1, "adventure", False, (True, False)),     # one person: open, Hidden not offered
    (0, "adventure", None, (True, False)),
    (1, "match", True, (False, False)),         # competitive: opponents' hands secret (core rules)
    (2, "adventure", None, (False, True)),      # hot seat: hidden unless the table chose open
    (3, "match", None, (False, True)),
    (2, "adventure", True, (True, True)),
    (4, "match", False, (False, True)),
])
def test_hands_rule_hides_hands_whenever_two_people_share_the_device(humans, mode, chosen, expected):
    """Issue 39 ("Hands are a rule of the game"): default hidden with 2+ human seats in
    co-op and competitive hot seat; with one human the Hidden choice is not offered."""
    rule = hands_rule(humans, mode, chosen)
    assert (rule.open_hands, rule.offered) == expected


# ---------------------------------------------------------------- finding 1
@pytest.mark.parametrize("size", SIZES)
def test_switching_competitive_back_to_adventure_keeps_two_human_seats_hidden(size):
    """Issue 39 finding 1: switching Mode from Competitive back to Adventure silently set
    Hands to open, below the fold at 1280x720. Two human co-op seats stay hidden through the
    switch, the Hands row is in view beside the seats, and the game starts hidden."""
    seen = play_script([
        (on_form, press(("players", 2))),
        (on_form, press(("control", 1, "human"))),
        (on_form, snapshot),
        (on_form, press(("mode", "match"))),
        (on_form, press(("m_control", 1, "human"))),
        (on_form, press(("mode", "adventure"))),
        (on_form, snapshot),
        (on_form, press("start")),
        (at_decision, lambda app: app.controller.setup.open_hands),
    ], size)
    before, after, started_open = seen[2], seen[6], seen[-1]
    assert before["selected"] == [False] and not before["open"]
    assert after["selected"] == [False] and not after["open"], "the mode switch opened the hands"
    assert after["in_view"], "the Hands row is below the fold"
    assert started_open is False


def test_a_remembered_open_preference_does_not_open_a_two_human_game_silently():
    """Issue 39 ("a remembered preference never changes it silently"): a remembered "open"
    applies only with 2+ human seats, and then the screen says so beside the seats."""
    userdata.save_prefs({"players": 2, "controls": ["human", "human"], "heroes": ["leonardo", "raphael"],
                         "open_hands": True, "mode": "adventure"})
    for size in SIZES:
        state = play_script([(on_form, snapshot)], size)[0]
        assert state["open"] and state["selected"] == [True] and state["in_view"]
        assert OPEN_WARNING in state["lines"]
        assert any("remembered" in line for line in state["lines"])


def test_a_second_human_seat_hides_hands_and_says_so():
    """Issue 39: when the count of human seats crosses from 1 to 2+, hands become hidden
    (whatever was remembered from a solo game) and the screen says so."""
    userdata.save_prefs({"players": 1, "open_hands": True})
    seen = play_script([
        (on_form, snapshot),
        (on_form, press(("players", 3))),
        (on_form, press(("control", 2, "human"))),
        (on_form, snapshot),
    ])
    solo, table = seen[0], seen[-1]
    assert solo["open"] and solo["offered"] == []
    assert not table["open"] and table["selected"] == [False] and table["in_view"]
    assert any("2 players now share this device" in line for line in table["lines"])


@pytest.mark.parametrize("mode", ["adventure", "match"])
def test_hidden_is_not_offered_with_one_human_seat(mode):
    """Issue 39: with one human seat nobody needs a curtain, so Hidden is not offered. Co-op
    hands are open; a competitive opponent's hand stays secret (core rules), as today."""
    userdata.save_prefs({"players": 2, "controls": ["human", "strong"], "open_hands": False})
    seen = play_script([(on_form, press(("mode", mode))), (on_form, snapshot), (on_form, press("start")),
                        (at_decision, lambda app: app.controller.setup.open_hands)])
    state, started_open = seen[1], seen[-1]
    assert state["offered"] == [], "a Hidden/Open choice is offered to one player"
    assert started_open is (mode == "adventure")
    assert any(line.startswith("Open: one player") if mode == "adventure" else "secret" in line
               for line in state["lines"])


# ---------------------------------------------------------------- finding 6
def test_four_players_after_a_solo_donatello_game_keep_every_hero_distinct():
    """Issue 39 finding 6: after a solo Donatello game, switching to 4 players kept Donatello
    on two seats (one remembered from an earlier 4-player game) and the game started with two
    Donatellos. Seats remembered from another player count are checked again."""
    steps = [
        (on_form, press(("players", 4))),
        (on_form, press(("hero_menu", 2))),
        (in_dialog, press_in_dialog(("hero_pick", 2, "donatello"))),
        (on_form, press(("players", 1))),
        (on_form, press(("hero_menu", 0))),
        (in_dialog, press_in_dialog(("hero_pick", 0, "donatello"))),     # seat 3 is out of play now
        (on_form, press("start")),
        (at_decision, lambda app: key(pygame.K_ESCAPE)),
        (lambda app: app.scene is app.game_scene and app.scene.overlay is not None,
         lambda app: click(next(b for b in app.scene.overlay.buttons if b.value == "new").rect.center)),
        (on_form, press(("players", 4))),
        (on_form, lambda app: (list(app.scene.heroes), shown_lines(app))),
        (on_form, press("start")),
        (in_dialog, confirm_replacing_the_game_in_progress),
        (at_decision, heroes_once_seated),
    ]
    seen = play_script(steps)
    (heroes, lines), started = seen[10], seen[-1]
    assert heroes[0] == "donatello" and heroes.count("donatello") == 1, heroes
    seated = [h for h in heroes if h != "random"]
    assert len(set(seated)) == len(seated) and heroes[2] != "random", heroes
    assert any("Donatello is Player 1's hero, so Player 3 now plays" in line for line in lines)
    assert len(started) == 4 and len(set(started)) == 4, started


def test_a_hero_taken_by_one_seat_is_greyed_out_and_skipped_for_the_others():
    """Issue 39 ("The new-game screen checks itself"), as Unmatched Digital Edition greys out
    a hero already picked: the hero list greys it out (it cannot be picked) and the arrows
    skip it."""
    seen = play_script([
        (on_form, press(("players", 2))),
        (on_form, press(("hero_menu", 1))),
        (in_dialog, lambda app: [(b.label, b.enabled, b.value) for b in app.scene.overlay.buttons]),
        (in_dialog, lambda app: key(pygame.K_ESCAPE)),
        (on_form, press(("hero", 1, -1))),       # from Random hero, back through the list...
        (on_form, lambda app: list(app.scene.heroes[:2])),
    ])
    listed, heroes = seen[2], seen[-1]
    first = heroes[0]
    taken = [row for row in listed if row[0].startswith("Leonardo")]
    assert first == "leonardo" and taken and not any(enabled for _l, enabled, _v in taken)
    assert all(value is None for _l, _e, value in taken)
    assert "Player 1's hero" in taken[0][0]
    assert heroes[1] not in ("leonardo", "random")
    app = App(SIZES[0], headless=True, fps=0, speed_ms=0)      # the arrows never land on it
    scene = NewGameScene(app)
    scene.action(("players", 2))
    for step in (1, -1):
        for _ in range(2 * len(scene.hero_keys)):
            scene.action(("hero", 1, step))
            assert scene.heroes[1] != scene.heroes[0]


def test_random_never_draws_a_hero_already_seated():
    """Issue 39 ("Random never draws a hero already seated"): the random seats of the game set
    up on the screen draw among the heroes nobody sits on, over many seeds, in co-op
    (rules/setup.pick_heroes) and in a free-for-all (competitive/setup.resolve_heroes)."""
    from adventures.rules.setup import pick_heroes
    app = App(SIZES[0], headless=True, fps=0, speed_ms=0)
    scene = NewGameScene(app)
    scene.action(("players", 4))
    scene.heroes[:4] = ["random", "donatello", "random", "michelangelo"]
    scenario = scene.scenario()
    for seed in range(400):
        heroes = [h.key for h in pick_heroes(SimpleNamespace(rng=random.Random(seed)), scenario, scene.catalog)]
        assert heroes[1] == "donatello" and heroes[3] == "michelangelo"
        assert len(set(heroes)) == 4, (seed, heroes)
    from adventures.competitive.setup import resolve_heroes
    scene.action(("mode", "match"))                 # a free-for-all's random seats draw the same way
    scene.action(("m_mode", "ffa"))
    scene.action(("m_players", 4))
    scene.match_form.heroes[:4] = ["random", "raphael", "random", "leonardo"]
    match = scene.match_form.match()
    for seed in range(400):
        heroes = [h.key for h in resolve_heroes(match, scene.catalog, seed)]
        assert heroes[1] == "raphael" and heroes[3] == "leonardo"
        assert len(set(heroes)) == 4, (seed, heroes)


def test_a_coop_game_never_starts_with_a_duplicate_hero():
    """Issue 39 finding 6: a co-op game can never start with two of one hero. Should the
    screen's own checks ever be bypassed, Start refuses with a plain message in view."""
    def two_donatellos(app):
        app.scene.heroes[:2] = ["donatello", "donatello"]      # what the screen's own checks prevent

    seen = play_script([
        (on_form, press(("players", 2))),
        (on_form, two_donatellos),
        (on_form, press("start")),
        (on_form, lambda app: (app.scene.result, app.scene.error, shown_lines(app))),
    ])
    result, error, lines = seen[-1]
    assert result is None
    assert error.startswith("Donatello is on two seats (Players 1 and 2): each hero plays once")
    assert error in " ".join(lines), "the refusal is not in view"


def test_a_scenario_file_with_one_hero_on_two_seats_is_refused_on_the_new_game_screen(tmp_path):
    """Issue 39 finding 6, the file path: a scenario file naming one hero on two seats (by
    key and by name) is refused with a plain message, and the seats stay as they were."""
    path = tmp_path / "twice.yaml"
    path.write_text("name: twice\nvillain: shredder\nseats:\n  - hero: Donatello\n  - hero: Leonardo\n"
                    "  - hero: donatello\n", encoding="utf-8")
    seen = play_script([
        (on_form, lambda app: app.scene.action(("scenario", path))),
        (on_form, lambda app: (app.scene.players, app.scene.base, app.scene.error, shown_lines(app))),
    ])
    players, base, error, lines = seen[-1]
    assert players == 1 and base is None
    # the one validation path refuses it, at the line of the second seat (as validate does)
    assert error.endswith("twice.yaml:6: seats.2.hero: Donatello is on two seats (the box has one of each hero)")
    assert error in " ".join(lines)
