"""Competitive play in the desktop app, driven headless the way a person drives it.

Rules: the core rulebook's competitive game (EN p.6 setup: seat 1 starts on space 1 and
plays first; p.13 a hero's defeat ends a duel; p.18-19 free-for-all and teams) on the
box's boards with the Adventures rulebook's adjustments ("Feeling competitive?": no Foot
soldiers and Foot spaces ignored on New York City; no Dimension X marker or Doomsday
Machines on the Technodrome).
"""
from __future__ import annotations

import json

import pygame
import pytest
from test_app import button_pos, click, click_option, key, save_then_load

from adventures.app import userdata
from adventures.app.app import App
from adventures.app.controller import GameSetup, QuitApp
from adventures.app.hud import Hud
from adventures.app.match_mode import MatchEndScene, MatchForm, MatchHud
from adventures.app.new_game_scene import NewGameScene
from engine.content.schema import MatchDef
from engine.state import HERO, Fighter

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"


def duel(first="leonardo", second="raphael", board="new_york_city", bots=("human", "heuristic")) -> MatchDef:
    return MatchDef.model_validate({"name": "app duel", "mode": "duel", "board": board,
                                    "seats": [{"hero": first, "bot": bots[0]}, {"hero": second, "bot": bots[1]}]})


def duel_policy(game, decision) -> int:
    """A player in a hurry: attack the opposing hero when possible, else walk towards it."""
    opts = decision.options
    me = game.sides[decision.seat]
    foe = next(f for s in game.sides if s.team != me.team for f in s.fighters if f.kind == HERO and f.alive)
    if decision.tag == "action":
        return opts.index("attack") if "attack" in opts else 0
    if decision.tag == "attack_target":
        return next((i for i, (_a, t) in enumerate(opts) if t is foe), 0)
    if decision.tag == "move_dest" and foe.space is not None:
        return min(range(len(opts)), key=lambda i: game.board.dist[opts[i]][foe.space])
    if decision.tag == "move_fighter":
        return next((i for i, o in enumerate(opts) if isinstance(o, Fighter)), 0)
    return 0


def test_a_leonardo_raphael_duel_started_on_the_new_game_screen_is_played_to_who_won(tmp_path):
    """The new-game screen's Competitive mode starts a duel on New York City, Leonardo (you)
    against Raphael (bot); seat 1 starts on space 1 and plays first (EN p.6); the HUD shows
    the players and whose turn it is, never a threat track or initiative row; the game runs
    to a hero's defeat (EN p.13) and the end screen names the winner; the replay re-runs
    to the same state."""
    seen = {"step": 0, "first_turn": None}

    def driver(app):
        scene = app.scene
        if isinstance(scene, NewGameScene):
            if seen["step"] == 0:
                seen["step"] = 1
                click(button_pos(scene.buttons, ("mode", "match")))
            elif seen["step"] == 1 and scene.mode == "match":
                seen["step"] = 2
                form = scene.match_form
                seen["form"] = (form.mode, form.board, form.heroes[:2], form.controls[:2])
                pygame.image.save(app.screen, str(tmp_path / "new_game.png"))
                for value in (("m_mode", "duel"), ("m_board", "new_york_city"), ("m_control", 0, "human"),
                              ("m_control", 1, "heuristic")):
                    click(button_pos(scene.buttons, value))
            elif seen["step"] == 2:
                seen["step"] = 3
                click(button_pos(scene.buttons, "start"))
        elif scene is app.game_scene and scene.model is not None:
            game = scene.game
            if seen["first_turn"] is None and game.current is not None:
                seen["first_turn"] = game.current.index
                seen["starts"] = {s.index: s.hero.space for s in game.sides}
                seen["hud"] = type(scene.hud)
                pygame.image.save(app.screen, str(tmp_path / "game.png"))
                seen["layout"] = scene.layout
            click_option(app, duel_policy(game, scene.model.decision))
        elif isinstance(scene, MatchEndScene) and "end" not in seen:
            seen["end"] = scene.summary
            seen["title"] = scene.title()[0]
            seen["game"] = scene.game
            click(button_pos(scene.buttons, "quit"))

    app = App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=4000, speed_ms=0)
    assert app.run() == 0
    assert seen["form"] == ("duel", "new_york_city", ["leonardo", "raphael"], ["human", "heuristic"])
    game = seen["game"]
    assert isinstance(game.scenario, MatchDef) and not hasattr(game, "adv")
    assert [s.hero_key for s in game.sides] == ["leonardo", "raphael"]
    assert seen["first_turn"] == 0, "seat 1 plays first (EN p.6, setup 7)"
    board = game.board
    assert seen["starts"] == {0: board.start[1], 1: board.start[2]}, "heroes start on spaces 1 and 2 (EN p.6)"
    assert seen["hud"] is MatchHud
    summary = seen["end"]
    assert summary.winner != "timeout", "a duel to the end has a winner"
    winner = summary.winners[0]
    loser = next(s for s in game.sides if s is not winner)
    assert not loser.hero.alive and winner.hero.alive
    assert seen["title"] == f"{winner.hero.name} wins!"
    shot = pygame.image.load(str(tmp_path / "game.png"))
    assert shot.get_size() == SIZE
    assert not userdata.autosave_path().exists(), "a finished match is not offered as Continue"
    replays = list(userdata.replays_dir().glob("*.json"))
    assert len(replays) == 1 and json.loads(replays[0].read_text())["kind"] == "match"
    from adventures.persistence.replay import load_replay, run_replay
    result = run_replay(load_replay(replays[0]))
    assert result.identical and result.winner == summary.winner


def test_a_match_saved_from_the_menu_loads_back_to_the_same_decision():
    """Esc > Save game writes a record that says it is a match; Load game rebuilds it with
    the match setup and the recorded answers, at the same decision, with the match HUD."""
    setup = GameSetup(duel(), seed=21, open_hands=False)
    seen = {}
    driver = save_then_load(duel_policy, 10, seen)
    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=1000, speed_ms=0).run(start=setup)
    assert seen["toast"].startswith("Saved: match_")
    record = json.loads(open(seen["file"], encoding="utf-8").read())
    assert record["kind"] == "match" and record["scenario"]["mode"] == "duel"
    assert seen["loaded_answers"] == seen["answers"]
    assert seen["loaded_toast"].startswith("Loaded")
    assert seen["hud"] is MatchHud and seen["scenario"] == setup.scenario


def test_the_match_form_offers_every_mode_board_and_published_hero():
    """Duel (2), free-for-all (3-4) and 2v2 teams (4) (EN p.18-19) on New York City or the
    Technodrome, with any published hero per seat, including the add-on Shredder and Krang
    hero decks, which are competitive only (facts: shredder.yaml, krang.yaml)."""
    from adventures.content.catalog import load_catalog
    cat = load_catalog()
    form = MatchForm(cat, {})
    assert form.boards == ["new_york_city", "technodrome"]
    assert {"shredder", "krang", "leonardo", "raphael"} <= set(form.hero_keys)
    assert form.match().mode == "duel" and len(form.match().seats) == 2
    form.action(("m_mode", "ffa"))
    assert form.players == 3
    form.action(("m_players", 4))
    assert len(form.match().seats) == 4
    form.action(("m_mode", "team"))
    form.action(("m_board", "technodrome"))
    while form.heroes[1] != "shredder":
        form.action(("m_hero", 1, 1))
    m = form.match()
    assert (m.mode, m.board, len(m.seats), m.seats[1].hero) == ("team", "technodrome", 4, "shredder")
    form.action(("m_mode", "duel"))
    assert form.players == 2


def test_the_match_hud_shows_players_not_the_adventure(tmp_path):
    """A match on the Technodrome: the board carries no Dimension X screens, Doomsday
    Machines or Foot circles (Adventures "Feeling competitive?"), and the HUD is the match
    one: players' health and piles, whose turn, no threat track or initiative row."""
    setup = GameSetup(duel("donatello", "krang", board="technodrome", bots=("human", "random")), seed=3)
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is app.game_scene and scene.model is not None:
            seen["game"] = scene.game
            seen["hud"] = scene.hud
            pygame.image.save(app.screen, str(tmp_path / "techno.png"))
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=200, speed_ms=0).run(start=setup)
    game = seen["game"]
    assert not game.board.machines and not game.board.circles and not any(game.board.screen)
    assert isinstance(seen["hud"], MatchHud) and not hasattr(seen["hud"], "threat_rect")
    assert type(Hud()) is Hud
    assert [s.hero_key for s in game.sides] == ["donatello", "krang"]


def test_a_match_file_opens_in_the_match_form_and_from_the_command_line(app_home):
    """scenarios/duel-leonardo-raphael.yaml (`kind: match`) fills the Competitive form of
    the new-game screen and is found by name for `adventures app` / `screenshot`."""
    from pathlib import Path

    from adventures.app.scenarios import find_scenario
    path = Path(__file__).resolve().parents[1] / "scenarios" / "duel-leonardo-raphael.yaml"
    match = find_scenario("duel-leonardo-raphael")
    assert isinstance(match, MatchDef) and [s.hero for s in match.seats] == ["leonardo", "raphael"]
    app = App(SIZE, headless=True, fps=0, speed_ms=0)
    scene = NewGameScene(app)
    scene.apply_scenario(path)
    assert scene.mode == "match" and not scene.error and scene.seed_field.text == "1"
    assert scene.match_form.match().seats == match.seats


def test_hot_seat_match_passes_the_curtain_between_the_two_players():
    """Two people at one device with hidden hands: each player's decisions open behind the
    pass curtain naming their hero, as in co-op hot seat."""
    from adventures.app.overlays import ButtonOverlay
    setup = GameSetup(duel(bots=("human", "human")), seed=8, open_hands=False)
    seen = {"curtains": []}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene:
            return
        if isinstance(scene.overlay, ButtonOverlay) and scene.overlay.title.startswith("Pass to"):
            seen["curtains"].append(scene.overlay.title)
            _side, hidden, _why, _tabs = scene.hand_state()
            seen.setdefault("hidden_behind_curtain", hidden)
            key(pygame.K_RETURN)
        elif scene.model is not None and scene.overlay is None:
            if len({t for t in seen["curtains"]}) >= 2:
                raise QuitApp()
            click_option(app, duel_policy(scene.game, scene.model.decision))

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=600, speed_ms=0).run(start=setup)
    assert "Pass to P1 Leonardo's player" in seen["curtains"]
    assert "Pass to P2 Raphael's player" in seen["curtains"]
    assert seen["hidden_behind_curtain"]


@pytest.mark.parametrize("mode,board,heroes", [
    ("ffa", "new_york_city", ["leonardo", "raphael", "michelangelo"]),
    ("team", "technodrome", ["donatello", "shredder", "leonardo", "krang"]),
])
def test_free_for_all_and_team_games_are_played_in_the_app_to_who_won(mode, board, heroes):
    """A free-for-all of three (EN p.18) and a 2v2 team game (EN p.19: teams alternate;
    a team wins when both opposing heroes are defeated) with you on seat 1 and bots on the
    others, played by clicks to the end screen; the replay re-runs to the same state."""
    match = MatchDef.model_validate({"name": f"app {mode}", "mode": mode, "board": board, "seats": [
        {"hero": h, "bot": "human" if i == 0 else "heuristic"} for i, h in enumerate(heroes)]})
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is app.game_scene and scene.model is not None:
            click_option(app, duel_policy(scene.game, scene.model.decision))
        elif isinstance(scene, MatchEndScene) and "end" not in seen:
            seen["end"], seen["title"], seen["game"] = scene.summary, scene.title()[0], scene.game
            seen["replay"] = scene.replay_path
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=30000, speed_ms=0).run(start=GameSetup(match, 4))
    summary, game = seen["end"], seen["game"]
    assert [s.hero_key for s in game.sides] == heroes
    assert summary.winner != "timeout" and summary.winners
    losers = [s for s in game.sides if s not in summary.winners]
    assert all(not s.hero.alive for s in losers), "every opposing hero is defeated"
    if mode == "team":
        assert {s.team for s in summary.winners} == {summary.team} and len(summary.winners) == 2
        assert seen["title"].endswith(" & ".join(s.hero.name for s in summary.winners))
    else:
        assert len(summary.winners) == 1 and seen["title"] == f"{summary.winners[0].hero.name} wins!"
    from adventures.persistence.replay import load_replay, run_replay
    result = run_replay(load_replay(seen["replay"]))
    assert result.identical and result.winner == summary.winner
