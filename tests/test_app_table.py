"""The app as a table people enjoy (issue 16), driven headless like a person would:
nothing lost, hidden hands stay hidden, circles picked as circles, enemy intent, banners.

Rulebook references are to the Adventures TMNT rules (p.4-17)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_app import button_pos, click, click_option, key, quick_policy, scenario  # noqa: E402

from adventures.app import userdata  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.controller import GameSetup, QuitApp  # noqa: E402
from adventures.app.new_game_scene import NewGameScene  # noqa: E402

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"


def play_then_close(setup: GameSetup, decisions: int = 5) -> list[int]:
    """Play a few decisions, then close the window (the game is autosaved)."""
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is app.game_scene and scene.model is not None:
            seen["n"] = seen.get("n", 0) + 1
            if seen["n"] > decisions:
                seen["answers"] = list(scene.game.answers)
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            else:
                click_option(app, quick_policy(scene.game, scene.model.decision))

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=600, speed_ms=0).run(start=setup)
    assert userdata.autosave_path().exists()
    return seen["answers"]


# ---------------------------------------------------------------- nothing lost
def test_continue_key_picks_up_the_game_in_progress():
    """With a game in progress, Continue has its own button and key (C): it picks the game up
    again. Enter is kept for the game set up on the screen (issue 28: Enter used to resume the
    old game instead of starting the one configured)."""
    answers = play_then_close(GameSetup(scenario(minions=[]), seed=21))
    seen = {}

    def driver(app):
        scene = app.scene
        if isinstance(scene, NewGameScene) and "buttons" not in seen:
            seen["buttons"] = [b.value for b in scene.buttons]
            seen["primary"] = [b.value for b in scene.buttons if b.primary]
            key(pygame.K_c, unicode="c")
        elif scene is app.game_scene and scene.model is not None:
            seen["answers"] = list(scene.game.answers)
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=200, speed_ms=0).run()
    assert "continue" in seen["buttons"] and seen["primary"] == ["start"]
    assert seen["answers"] == answers


def test_new_game_asks_first_and_keeps_the_game_in_progress_as_a_save():
    """Starting another game asks first; yes keeps the game in progress as a named save
    (the same record as the autosave), so Load game… can pick it up later."""
    play_then_close(GameSetup(scenario(minions=[]), seed=21))
    before = userdata.autosave_path().read_text(encoding="utf-8")
    seen = {"step": 0}

    def driver(app):
        scene = app.scene
        if isinstance(scene, NewGameScene):
            if seen["step"] == 0:
                seen["step"] = 1
                click(button_pos(scene.buttons, "start"))
            elif seen["step"] == 1 and scene.overlay is not None:
                seen["step"] = 2
                seen["title"] = scene.overlay.title
                seen["saves_before"] = len(userdata.list_saves())
                click(scene.overlay.buttons[0].rect.center)
        elif scene is app.game_scene and scene.model is not None:
            seen["seed"] = scene.game.seed
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=300, speed_ms=0).run()
    assert seen["title"] == "Start a new game?" and seen["saves_before"] == 0
    kept = userdata.list_saves()
    assert len(kept) == 1 and "_kept_" in kept[0].name
    assert kept[0].read_text(encoding="utf-8") == before


def test_a_finished_replay_never_deletes_the_autosave_of_another_game():
    """Only the game that wrote the autosave removes it when it ends."""
    from types import SimpleNamespace

    from adventures.app.keep import autosave_belongs_to
    answers = play_then_close(GameSetup(scenario(minions=[]), seed=21))
    assert autosave_belongs_to(SimpleNamespace(seed=21, answers=answers + [0, 1]))
    assert not autosave_belongs_to(SimpleNamespace(seed=22, answers=answers))
    assert not autosave_belongs_to(SimpleNamespace(seed=21, answers=[9] + answers))


# ---------------------------------------------------------------- hidden hands
def test_hot_seat_reroll_never_lists_another_players_cards():
    """Krang's die may be rerolled by any player discarding a card (p.17). In hot seat the
    question offers one button per hand; the card is picked by its owner behind the curtain,
    and no button or label on screen names a card of a hidden hand."""
    from adventures.villains.krang import roll_die
    setup = GameSetup(scenario("krang", seats=(("Leonardo", "human"), ("Raphael", "human")), minions=[]),
                      seed=3, open_hands=False)
    seen = {"step": 0}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None:
            return
        game = scene.game
        if scene.overlay is not None and scene.model is None:
            key(pygame.K_RETURN)                         # a curtain before a private decision
            return
        if scene.model is None:
            return
        d = scene.model.decision
        if d.tag == "reroll":
            hands = {c.name for s in game.sides if not s.is_enemy for c in s.hand}
            if seen["step"] == 0:
                seen["step"] = 1
                texts = [b.label for b in scene.prompt_bar.buttons]
                seen["buttons"] = texts
                seen["leak"] = [t for t in texts if any(name in t for name in hands)]
                seen["hand_hidden"] = scene.hand_state()[1]
                other = next(s for s in game.sides if not s.is_enemy and s.index != scene.viewer_seat)
                seen["other"] = other.name
                seen["other_hand"] = list(other.hand)
                click(button_pos(scene.prompt_bar.buttons, ("private", other.index)))
            elif seen["step"] == 1 and scene.overlay is not None:
                seen["step"] = 2
                seen["curtain"] = scene.overlay.title
                key(pygame.K_RETURN)
            elif seen["step"] == 2 and scene.overlay is None:
                seen["step"] = 3
                side, hidden, _why, _tabs = scene.hand_state()
                seen["shown"] = (side.name, hidden)
                card = seen["other_hand"][0]
                seen["picked"] = card
                rect = next(r for r, c in scene.hand.card_rects if c is card)
                click((rect.left + 8, rect.centery))
            elif seen["step"] == 3:
                click_option(app, 0)                     # the reroll's result is accepted
            return
        if "rolled" not in seen and d.seat >= 0 and game.current is not None:
            seen["rolled"] = roll_die(game, "a test roll")   # asks the table, nested in this frame
            seen["discard"] = [c for s in game.sides if not s.is_enemy for c in s.discard]
            raise QuitApp()
        click_option(app, 0)

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=600, speed_ms=0).run(start=setup)
    assert seen["buttons"] and not seen["leak"], seen["buttons"]
    assert any("Raphael" in t for t in seen["buttons"]) and any("Leonardo" in t for t in seen["buttons"])
    assert seen["hand_hidden"], "the table question shows no hand"
    assert seen["curtain"] == f"Pass to {seen['other']}'s player"     # named by their hero
    assert seen["shown"] == (seen["other"], False)
    assert seen["picked"] in seen["discard"], "the other player's chosen card paid for the reroll"


# ---------------------------------------------------------------- Foot circles
def test_foot_circle_prompt_lights_circles_and_a_click_picks_the_circle_under_the_cursor():
    """'Players choose a Foot circle' (Shredder, p.15): the options are circles on paths,
    not spaces. The circles glow, no space does, and clicking a circle places the soldier
    on that very circle."""
    setup = GameSetup(scenario(minions=[]), seed=5)
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.model is None:
            return
        d = scene.model.decision
        if d.tag == "place_foot" and "clicked" not in seen:
            hl = scene.model.highlights()
            seen["spaces"], seen["circles"] = set(hl.spaces), set(hl.circles)
            seen["options"] = set(d.options)
            k = d.options[-1]
            seen["clicked"] = k
            seen["before"] = dict(scene.game.adv.data.get("foot") or {})
            click(scene.board_view.circle_pos(k))
        elif "clicked" in seen:
            seen["after"] = dict(scene.game.adv.data.get("foot") or {})
            raise QuitApp()
        else:
            click_option(app, quick_policy(scene.game, d))

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=3000, speed_ms=0).run(start=setup)
    assert "clicked" in seen, "no Foot circle was ever asked"
    assert seen["spaces"] == set() and seen["circles"] == seen["options"]
    k = seen["clicked"]
    assert k not in seen["before"] and k in seen["after"]


# ---------------------------------------------------------------- enemy intent
def test_enemy_intent_on_a_players_turn_reads_the_targeting_rule():
    """On a player's turn each enemy shows what its turn would do now (targeting, p.9):
    the same answer `enemy_intent` gives the enemy's own turn, with the move value of its
    initiative cards still to come; the status column says it in words."""
    from adventures.app.intent_view import upcoming_moves
    from adventures.rules.enemy import enemy_intent
    setup = GameSetup(scenario(minions=["leatherhead"]), seed=8)
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.model is None:
            return
        game = scene.game
        if scene.model.decision.tag == "action" and game.current is not None and not game.current.is_enemy:
            seen["items"] = [(i.side, i.move, i.intent) for i in scene.intents]
            seen["expected"] = [(side, m, enemy_intent(game, side.fighters[0], m))
                                for side in [game.adv.villain, *game.adv.minions]
                                for m in upcoming_moves(game, side)[-2:]]
            seen["lines"] = dict(scene.hud.intents)
            raise QuitApp()
        click_option(app, 0)

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=600, speed_ms=0).run(start=setup)
    items = seen["items"]
    assert {side.name for side, _m, _i in items} == {"Shredder", "Leatherhead"}
    for entry in items:
        assert entry in seen["expected"]
    assert all(lines for lines in seen["lines"].values()) and len(seen["lines"]) == 2
    words = " ".join(line for lines in seen["lines"].values() for line in lines)
    names = {t.name for _s, _m, i in items for t in i.targets}
    assert "threat +1" in words or any(name in words for name in names)


# ---------------------------------------------------------------- a readable flow
def test_round_banner_holds_the_game_until_clicked():
    """Each round opens with a 'Round N' banner (p.5) that holds the game until a click (or
    a readable time); the click ends that hold only, the game goes on."""
    setup = GameSetup(scenario(minions=[]), seed=8)
    seen = {"titles": [], "held_frames": 0}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene:
            return
        if scene.banner_held:
            seen["held_frames"] += 1
            title = scene.banners.banner.title if scene.banners.banner else ""
            if not seen["titles"] or seen["titles"][-1] != title:
                seen["titles"].append(title)
                click(scene.layout.board.center)
        elif scene.waiting:
            key(pygame.K_SPACE)                          # enemy turns: skip to the next decision
        elif scene.model is not None:
            if len(seen["titles"]) >= 2:
                seen["round"] = scene.game.round
                raise QuitApp()
            click_option(app, quick_policy(scene.game, scene.model.decision))

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=4000, speed_ms=400).run(start=setup)
    assert seen["titles"][:2] == ["Round 1", "Round 2"]
    assert seen["held_frames"] <= 6, "each click ended its hold at once"


def test_objective_banner_says_which_borough_fell_and_how_far_dimension_x_reaches():
    """'Shredder completes the objective' becomes 'Manhattan falls!' once the borough flips
    (p.14); Krang's becomes 'Dimension X expands to screen 2' (p.16)."""
    from types import SimpleNamespace

    from adventures.app.banner import banner_for
    game = SimpleNamespace(round=3, adv=SimpleNamespace(villain=SimpleNamespace(name="Shredder"), completions=1))
    first = banner_for(game, {"kind": "objective", "completions": 1}, None)
    assert first.title == "Shredder completes the objective" and "1 of 4" in first.subtitle
    fell = banner_for(game, {"kind": "borough", "text": "Manhattan falls to the Foot Clan (1 fallen).",
                             "borough": "Manhattan"}, first)
    assert fell.title == "Manhattan falls!" and fell.subtitle == first.subtitle
    assert banner_for(game, {"kind": "borough", "text": "Queens is now under threat.", "borough": "Queens"},
                      fell) is None
    dx = banner_for(game, {"kind": "dimension_x", "text": "Dimension X expands to screen 2.", "markers": 2}, first)
    assert dx.title == "Dimension X expands to screen 2"
    assert banner_for(game, {"kind": "round", "round": 4, "deck": ["a", "b"]}, None).title == "Round 4"
    end = banner_for(game, {"kind": "game_over", "winner": "heroes", "reason": "Shredder is defeated"}, None)
    assert end.title == "The heroes win!"


# ---------------------------------------------------------------- every option explained
def test_the_reroll_question_shows_what_every_face_of_the_trap_does():
    """Krang's trap is revealed, then the die rolls (p.17): the reroll question says what the
    rolled face does, and the faces of that trap (1-5 and the X dud) are drawn beside it."""
    from adventures.app import die_view
    from adventures.villains.krang import activate_trap
    setup = GameSetup(scenario("krang", minions=[]), seed=4)
    seen = {}
    drawn = []
    original = die_view.draw_faces

    def spy(surf, board, context, *rest):
        rect = original(surf, board, context, *rest)
        if rect is not None:
            drawn.append(rect)
        return rect

    die_view.draw_faces = spy
    try:
        def driver(app):
            scene = app.scene
            if scene is not app.game_scene or scene.model is None:
                return
            d = scene.model.decision
            if d.tag == "reroll" and "prompt" not in seen:
                seen["prompt"], seen["context"] = d.prompt, dict(d.context)
                seen["drawn"] = len(drawn)
                click_option(app, 0)
            elif d.tag == "action" and "trap" not in seen:
                seen["trap"] = True
                activate_trap(scene.game)
                raise QuitApp()
            elif d.tag != "reroll":
                click_option(app, 0)

        App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=600, speed_ms=0).run(start=setup)
    finally:
        die_view.draw_faces = original
    faces = seen["context"]["faces"]
    assert sorted(faces) == ["1", "2", "3", "4", "5", "X"]
    assert faces[seen["context"]["face"]].rstrip(".") in seen["prompt"]
    assert seen["drawn"] > 0, "the faces are drawn beside the question"


# ---------------------------------------------------------------- browsing enemies and traps
def test_enemy_deck_and_trap_decks_can_be_browsed():
    """An enemy deck is face down but its list is public (p.12): clicking it lists every
    card with values and counts in deck / discard; Krang's traps list deck and discard
    with what each die face does (p.17)."""
    from adventures.app.browse import EnemyDeckOverlay, TrapOverlay
    setup = GameSetup(scenario("krang", minions=[]), seed=4)
    seen = {"step": 0}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.model is None:
            return
        if scene.model.decision.tag != "action":
            click_option(app, 0)
            return
        hits = scene.hud.hits.items
        if seen["step"] == 0:
            seen["step"] = 1
            villain = scene.game.adv.villain
            rect = next(r for r, v in hits if v[0] == "pile" and v[1] is villain and v[2] == "deck")
            click(rect.center)
        elif seen["step"] == 1 and isinstance(scene.overlay, EnemyDeckOverlay):
            seen["step"] = 2
            seen["enemy_rows"] = [r[0] for r in scene.overlay.rows(600)]
            seen["deck"] = {c.name for c in scene.game.adv.villain.deck}
            seen["deck_size"] = len(scene.game.adv.villain.deck) + len(scene.game.adv.villain.discard)
            key(pygame.K_ESCAPE)
        elif seen["step"] == 2 and scene.overlay is None:
            seen["step"] = 3
            rect = next(r for r, v in hits if v[0] == "traps")
            click(rect.center)
        elif seen["step"] == 3 and isinstance(scene.overlay, TrapOverlay):
            seen["trap_rows"] = [r[0] for r in scene.overlay.rows(600)]
            seen["trap_deck"] = list(scene.game.adv.data["trap_deck"])
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=600, speed_ms=0).run(start=setup)
    rows = seen["enemy_rows"]
    assert all(any(r.startswith(name + "  (") for r in rows) for name in seen["deck"])
    in_deck = sum(int(r.split("(")[1].split(" in deck")[0]) for r in rows if " in deck · " in r)
    in_discard = sum(int(r.split(" · ")[1].split(" in discard")[0]) for r in rows if " in deck · " in r)
    assert in_deck + in_discard == seen["deck_size"]
    assert any(r.startswith("attack ") for r in rows)
    trap_rows = seen["trap_rows"]
    assert all(any(r.startswith(name) for r in trap_rows) for name in seen["trap_deck"])
    assert any(r.startswith("1: ") for r in trap_rows) and any(r.startswith("X: a dud") for r in trap_rows)


# ---------------------------------------------------------------- settings, assets, sound
def test_players_heroes_and_seats_are_remembered_for_the_next_game():
    """The new-game screen opens on the players, heroes and seats last started."""
    seen = {"step": 0}

    def driver(app):
        scene = app.scene
        if isinstance(scene, NewGameScene) and seen["step"] == 0:
            seen["step"] = 1
            scene.action(("players", 2))
            scene.action(("hero", 1, 1))
            scene.action(("control", 1, "human"))
            seen["heroes"] = list(scene.heroes[:2])
            scene.action("start")
        elif scene is app.game_scene and scene.model is not None:
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=300, speed_ms=0).run()
    fresh = NewGameScene(App(SIZE, headless=True, fps=0, speed_ms=0))
    assert fresh.players == 2 and fresh.heroes[:2] == seen["heroes"]
    assert fresh.controls[:2] == ["human", "human"]


def test_settings_stick_and_the_palette_and_text_size_apply(app_home):
    """Text size, colour-blind-safe palette and mute are saved and applied at the next start."""
    import json

    from adventures.app import settings
    from adventures.app import theme as T
    app = App(SIZE, headless=True, fps=0, speed_ms=0)
    try:
        standard = T.seat_color(type("S", (), {"is_enemy": False, "hero_key": "raphael", "index": 1})())
        settings.toggle(app, "palette")
        settings.toggle(app, "ui_scale")
        settings.toggle(app, "sound")
        from adventures.app import userdata as ud
        ud.save_prefs(app.prefs)
        saved = json.loads((app_home / "prefs.json").read_text())
        assert saved["palette"] == "colour-blind" and saved["ui_scale"] == 1.15 and saved["sound"] is False
        again = App(SIZE, headless=True, fps=0, speed_ms=0)
        assert T.SCALE == 1.15 and again.sounds.enabled is False
        safe = T.seat_color(type("S", (), {"is_enemy": False, "hero_key": "raphael", "index": 1})())
        assert safe != standard and safe == T.COLOUR_BLIND["seats"][1]      # per seat (issue 28)
    finally:
        T.set_palette("standard")
        T.set_scale(1.0)


def test_sound_effects_are_made_by_our_code_and_the_app_runs_without_an_audio_device(monkeypatch):
    """The effects in assets/sounds are exactly what the code synthesises; with no audio
    device the app starts and plays silently; M mutes."""
    import wave

    from adventures.app import assets
    for name in assets.SOUND_NAMES:
        with wave.open(str(assets.ROOT / "sounds" / f"{name}.wav")) as w:
            assert w.readframes(w.getnframes()) == assets.pcm16(assets.synth(name))
    assert assets.font_file() is not None and assets.font_file(bold=True) is not None
    sounds = assets.Sounds(True)
    if sounds.available:
        assert sounds.play("hit")
        sounds.enabled = False
        assert not sounds.play("hit")

    def no_device(*_a, **_k):
        raise pygame.error("No available audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = App(SIZE, headless=True, fps=0, speed_ms=0)
    assert not app.sounds.available and not app.sounds.play("reveal")


def test_an_enemy_combat_result_holds_the_game_until_a_click_or_its_time():
    """The combat reveal of an enemy's attack (p.10) holds the game on its result for the
    combat setting's time (2 s, longer than the enemy pace); a click on the panel lets the
    game go on at once (issue 28: it no longer waits for the click)."""
    setup = GameSetup(scenario(minions=[]), seed=8)
    seen = {"held": 0}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene:
            return
        snap = scene.combat.snapshot
        if scene.banner_held:
            click(scene.layout.board.center)
        elif scene.waiting and snap is not None and snap.att is not None and snap.attacker.is_enemy:
            seen["held"] += 1
            if seen["held"] == 1:
                seen["start"] = pygame.time.get_ticks()
            elif pygame.time.get_ticks() - seen["start"] > 3 * app.speed_ms:   # longer than any pace
                seen["waited_ms"] = pygame.time.get_ticks() - seen["start"]
                click(scene.combat.rect.center)
        elif scene.waiting:
            pass                                        # enemy steps play at their pace
        elif scene.model is not None:
            if "waited_ms" in seen:
                seen["dismissed"] = scene.combat.snapshot is None
                raise QuitApp()
            click_option(app, quick_policy(scene.game, scene.model.decision))

    App(SIZE, headless=True, fps=60, on_frame=driver, max_frames=6000, speed_ms=100).run(start=setup)
    assert seen.get("waited_ms", 0) > 300 and seen["dismissed"]
