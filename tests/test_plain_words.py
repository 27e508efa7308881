"""Plain words wherever a player reads (issue 40, item 5): no jargon, file names or command
lines drawn by the app; the difficulty as how often a good team wins, its figures on hover;
the "≈" mark explained once; log lines that read as sentences, the setup logged; the log in
view while a question waits; the end screen names the level and replays the game in the app."""
from __future__ import annotations

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from adventures.app import theme as T  # noqa: E402
from adventures.app.scenarios import find_scenario  # noqa: E402
from adventures.app.screenshot import shoot  # noqa: E402
from engine.state import GameOver  # noqa: E402

SIZE = (1280, 720)
# what a player must never read: abbreviations, our tools' words, file names, commands
JARGON = ["EoR", " CI ", "95% CI", "strong bot", "dial", ".json", ".yaml", "adventures ", "`", "(p.", "((", "))"]


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield
    T.set_scale(1.0)


def traced(surf: pygame.Surface, draw) -> list[str]:
    """Every line of text `draw` puts on `surf` (the text functions' register)."""
    T.reset_cuts(trace=surf)
    try:
        draw()
        return [text for text, rect in T.TRACE if rect is not None and not text.startswith("\x00")]
    finally:
        T.reset_cuts()


def jargon_in(lines: list[str]) -> list[str]:
    return [f"{word!r} in {line!r}" for line in lines for word in JARGON if word in line]


def hover(scene, pos) -> None:
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def new_game_lines(app, players: int) -> tuple[list[str], object]:
    from adventures.app.new_game_scene import NewGameScene
    scene = NewGameScene(app)
    scene.action(("players", players))
    if players > 1:
        scene.action(("allies", True))
    surf = pygame.Surface(SIZE)
    lines = traced(surf, lambda: scene.draw(surf, 0))
    figures = next(r for r, mark in scene.marks if mark.kind == "figures")
    hover(scene, figures.center)
    return lines + traced(surf, lambda: scene.draw(surf, 0)), scene


@pytest.fixture(scope="module")
def table():
    return shoot(find_scenario("shredder-4p"), 5, 12, SIZE, at="action")


# ---------------------------------------------------------------- no jargon
def test_no_text_the_app_draws_has_jargon_file_names_or_commands(table):
    """The new-game screen (its difficulty's hover too), the game at 4 players with its menu,
    settings and the ≈ legend's hover, the end screens of a co-op game and of a duel."""
    from adventures.app import settings
    from adventures.app.end_scene import EndScene
    from adventures.app.match_mode import MatchEndScene
    found = []
    for players in (1, 4):
        lines, _scene = new_game_lines(table, players)
        found += jargon_in(lines)
    scene = table.game_scene
    surf = table.screen
    found += jargon_in(traced(surf, lambda: scene.draw(surf, 0)))
    legend = next(r for r, value in scene.hud.hits.items if value[0] == "prov")
    hover(scene, legend.center)
    found += jargon_in(traced(surf, lambda: scene.draw(surf, 0)))
    hover(scene, (-1, -1))
    for overlay in (lambda: scene.open_menu(), lambda: setattr(scene, "overlay", settings.settings_overlay(table))):
        overlay()
        found += jargon_in(traced(surf, lambda: scene.draw(surf, 0)))
    scene.overlay = None
    found += jargon_in([e["text"] for e in scene.game.events])
    setup = table.shot_controller.setup
    end = EndScene(table, scene.game, setup, GameOver("heroes", "Shredder was defeated"))
    model = scene.model
    found += jargon_in(traced(surf, lambda: end.draw(surf, 0)))
    scene.model = model                         # the end screen draws the board without the question
    duel = shoot(find_scenario("duel-leonardo-raphael"), 1, 4, SIZE)
    match_end = MatchEndScene(duel, duel.game_scene.game, duel.shot_controller.setup,
                              GameOver(duel.game_scene.game.sides[0].name, "Raphael was defeated"))
    found += jargon_in(traced(duel.screen, lambda: match_end.draw(duel.screen, 0)))
    assert not found, "\n".join(found)


def test_initiative_cards_say_end_of_round_in_words(table):
    scene = table.game_scene
    lines = traced(table.screen, lambda: scene.draw(table.screen, 0))
    eor = [c for c in scene.game.adv.row if c.end_of_round and not c.removed]
    assert eor, "a card of the row acts at the end of the round"
    assert any("end of round" in line for line in lines)
    assert not any("EoR" in line for line in lines)


# ---------------------------------------------------------------- the difficulty
def test_the_difficulty_reads_as_how_often_a_good_team_wins_with_the_figures_on_hover(table):
    lines, scene = new_game_lines(table, 1)
    line = next(text for text in lines if text.startswith("Standard: "))
    assert re.match(r"Standard: a good team wins about (\d+ games? in \d+|nearly every game)", line)
    assert "%" not in line
    mark = next(mark for _r, mark in scene.marks if mark.kind == "figures")
    figures = " ".join(mark.lines)
    assert "games" in figures and "%" in figures and re.search(r"\d{4}-\d{2}-\d{2}", figures)
    assert any(text.startswith("With this team at this level") for text in lines), "the figures show on hover"
    assert "reference player" in figures        # issue 43: the one player the levels are measured with


def test_the_approximation_mark_is_explained_once_not_beside_every_enemy(table):
    """One ≈ in the status column, on the enemies' heading; its tooltip names every enemy of
    our design and says what the mark means."""
    from adventures.app import provenance
    scene = table.game_scene
    scene.draw(table.screen, 0)
    column = scene.layout.side
    marks = [value[1] for r, value in scene.hud.hits.items if value[0] == "prov" and column.contains(r)]
    assert len(marks) == 1 and marks[0].kind == provenance.APPROX
    legend = " ".join(marks[0].lines)
    assert legend.startswith("≈ marks our design")
    for side in (scene.game.adv.villain, *scene.game.adv.minions):
        assert side.name in legend


# ---------------------------------------------------------------- the log
def play(name: str, seed: int, keep=None):
    from adventures.bots import TablePolicy, make_bot
    from adventures.content.catalog import load_catalog
    from adventures.rules.runner import run_rounds
    from adventures.rules.setup import new_adventure
    scenario = find_scenario(name)
    bot = make_bot("heuristic")
    table = keep(TablePolicy()) if keep is not None else TablePolicy()
    game = new_adventure(scenario, load_catalog(), seed, {i: bot for i in range(scenario.players)}, table)
    try:
        run_rounds(game, 30)
    except GameOver:
        pass
    return game


@pytest.mark.parametrize("name, seed", [("shredder-4p", 3), ("krang-2p", 4)])
def test_threat_and_objective_lines_read_as_sentences(name, seed):
    """Issue 40: "The threat advances 4 (end of round (Shredder)) to 11/16." Now the cause
    comes first and the track is counted in words: "Shredder's card at the end of the round:
    the threat advances 4 to space 11 of 16." """
    game = play(name, seed)
    threat = [e["text"] for e in game.events if e["kind"] == "threat"]
    objective = [e["text"] for e in game.events if e["kind"] == "objective"]
    assert threat and objective
    sentence = re.compile(r"^(?:[A-Z][^:()]*: t|T)he threat (?:advances \d+ to space \d+ of \d+"
                          r"|reaches the end of the track|falls back \d+ to space \d+ of \d+)\.$")
    assert [t for t in threat if not sentence.match(t)] == []
    villain = game.adv.villain.name
    assert any(t.startswith(f"{villain}'s card at the end of the round: the threat advances") for t in threat)
    assert all(re.fullmatch(rf"{villain} completes the objective: \d of 4 \(the fourth loses the game\)\.", t)
               for t in objective)


def test_the_setup_is_logged_as_it_happens():
    """Adventures p.4: the villain on space 5, each minion next to it, each hero on a starting
    space and its sidekicks in its zone, each on its own line, before the first round; a
    question during the setup already has the lines before it in the log."""
    logged_at_questions = []

    class Watching:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, game, decision):
            if decision.tag == "place_minion":
                logged_at_questions.append([e["text"] for e in game.events])
            return self.inner.choose(game, decision)

    game = play("shredder-4p", 3, keep=Watching)
    first_round = next(i for i, e in enumerate(game.events) if e["kind"] == "round")
    setup = [e["text"] for e in game.events[:first_round]]
    adv = game.adv
    start = game.board.ids[game.board.start[5]]
    assert (f"{adv.villain.name} starts on space {start}, the villain's starting space, with "
            f"{adv.villain.fighters[0].max_health} health for 4 players.") in setup
    for minion in adv.minions:
        assert any(re.fullmatch(rf"{re.escape(minion.name)} starts on space \d+, next to Shredder\.", t)
                   for t in setup), minion.name
    for side in (s for s in game.sides if not s.is_enemy):
        hero = side.fighters[0]
        assert any(t.startswith(f"{hero.name} starts on space ") for t in setup)
        for sk in side.fighters[1:]:
            assert any(re.fullmatch(rf"{re.escape(sk.name)} starts on space \d+, in {hero.name}'s zone\.", t)
                       for t in setup), sk.name
    assert logged_at_questions and all(lines for lines in logged_at_questions[1:])


@pytest.mark.parametrize("size", [(1280, 720), (1152, 633)])
def test_nothing_covers_the_log_while_a_question_waits(table, size):
    """The last fight's panel used to fill the log's place while the players were asked
    something; now, while a question waits, the log keeps four lines or more below it."""
    from adventures.app.combat_view import CombatSnapshot
    scene = table.game_scene
    game = scene.game
    players = [s for s in game.sides if not s.is_enemy]
    mine, theirs = players[0], game.adv.villain
    snap = CombatSnapshot(mine.fighters[0], theirs.fighters[0], (mine.hand + mine.deck + mine.discard)[0],
                          (theirs.deck + theirs.discard)[0])
    snap.att, snap.dfn, snap.damage = 4, 2, 2
    scene.combat.snapshot = snap
    try:
        assert scene.model is not None
        surf = pygame.Surface(size)
        scene.draw(surf, 0)
        log = scene.log.rect
        assert (log.height - 34) // T.font(13).get_linesize() >= 4, f"the log is {log.height} px tall"
        assert not log.colliderect(scene.combat.rect)
        assert scene.layout.combat.contains(scene.combat.rect)
    finally:
        scene.combat.dismiss()


# ---------------------------------------------------------------- the end screen
def test_the_end_screen_names_the_level_and_replays_the_game_in_the_app(tmp_path):
    """A short game to its end: the end screen says the level and offers Watch replay (no
    file name, no command); watching plays the recorded game again in the app, move for
    move, to the same end, without touching the autosave or writing a second replay."""
    from adventures.app import userdata
    from adventures.app.app import App
    from adventures.app.controller import GameSetup
    from adventures.app.end_scene import EndScene
    from adventures.app.watch import WatchSetup
    from engine.content.schema import ScenarioDef
    scenario = ScenarioDef.model_validate({
        "name": "short", "villain": "shredder", "difficulty": "hard", "minions": "random", "max_rounds": 4,
        "seats": [{"hero": "Leonardo", "bot": "strong"}, {"hero": "Raphael", "bot": "strong"}],
        "overrides": {"villain_health": 3}})
    ends = []

    def driver(app):
        scene = app.scene
        if isinstance(scene, EndScene) and scene.buttons and all(e[0] is not scene for e in ends):
            ends.append((scene, scene.lines(), list(scene.game.answers), userdata.autosave_path().exists()))
            want = "watch" if len(ends) == 1 else "quit"
            button = next(b for b in scene.buttons if b.value == want)
            for kind, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                                (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
                pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, **extra))

    app = App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=4000, speed_ms=0)
    assert app.run(start=GameSetup(scenario, 11)) == 0
    assert len(ends) == 2, "the end screen, then the watched replay's end screen"
    (first, lines, answers, _), (second, watched_lines, watched_answers, autosaved) = ends
    assert lines[0].startswith("Level: Hard")
    assert not jargon_in(lines) and any("Watch replay" in line for line in lines)
    assert isinstance(second.setup, WatchSetup) and watched_answers == answers
    assert second.over.winner == first.over.winner and second.game.round == first.game.round
    assert watched_lines[0] == lines[0] and "You watched the replay of this game." in watched_lines
    assert not autosaved, "watching a game never writes the autosave"
    assert len(list(userdata.replays_dir().glob("*.json"))) == 1


def test_every_seat_choice_says_on_hover_what_playing_with_it_is_like(table):
    """The new-game screen's You, Bot, Master, Expert, Simple and Random: each, hovered, says in
    a sentence what playing with it is like (the bot registry's `about`), in plain words."""
    from adventures.app.new_game_scene import NewGameScene, seat_controls
    scene = NewGameScene(table)
    scene.action(("players", 2))
    surf = pygame.Surface(SIZE)
    scene.draw(surf, 0)
    seen = {}
    for _rect, mark in scene.marks:
        if mark.kind == "seat":
            seen[mark.lines[0]] = mark
            assert len(mark.lines) == 2 and mark.lines[1].endswith("."), mark
    assert set(seen) == {label for _name, label in seat_controls()}
    rect = next(r for r, m in scene.marks if m.kind == "seat" and m.lines[0] == "Master")
    hover(scene, rect.center)
    lines = traced(surf, lambda: scene.draw(surf, 0))
    assert any("learnt from the Expert" in line for line in lines), "the Master's sentence shows on hover"
    assert not jargon_in([m.lines[1] for m in seen.values()])


def test_a_tooltip_answers_only_where_its_text_is_in_view_not_from_under_the_footer(table):
    """The odds line scrolled under the footer (a small window, 2 players): hovering the Start
    button shows the button, not the odds' figures from beneath it."""
    from adventures.app.new_game_scene import NewGameScene
    size = (1152, 633)
    scene = NewGameScene(table)
    scene.action(("players", 2))
    surf = pygame.Surface(size)
    scene.draw(surf, 0)
    assert all(scene.view.contains(r) for r, _m in scene.marks)
    start = pygame.Rect(0, scene.view.bottom, size[0], size[1] - scene.view.bottom)
    for x in range(start.left + 40, start.right, 40):
        hover(scene, (x, start.centery))
        assert not any(line.startswith("How we know") for line in traced(surf, lambda: scene.draw(surf, 0)))
