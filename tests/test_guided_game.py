"""A guided first game (issue 40 item 7): "Learn to play" starts solo Leonardo against
Shredder on a fixed seed; at each new kind of moment a short note explains the rule with its
rulebook page, beside the prompt, never blocking play; the tips can be skipped.

The game is driven headless to its end like a player would (clicks on the board, the hand
and the prompt, the strong bot choosing), and every note kind must have come once, at the
first moment of its kind as this test sees it."""
from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_app import click_option  # noqa: E402

from adventures.app import guide as guide_module  # noqa: E402
from adventures.app import theme as T  # noqa: E402
from adventures.app.app import App  # noqa: E402
from adventures.app.end_scene import EndScene  # noqa: E402
from adventures.app.guide import (  # noqa: E402
    DECISION_MOMENTS,
    EVENT_MOMENTS,
    GUIDED_NAME,
    GUIDED_SEED,
    KINDS,
    Notes,
    guided_setup,
    load_notes,
)
from adventures.bots import StrongBot, TablePolicy  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(1152, 633), (1280, 720), (1366, 768), (1920, 1080)]
SCALES = [0.85, 1.0, 1.15, 1.3]


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield
    T.set_scale(1.0)


def key(k) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


class Player:
    """Plays the guided game by clicks (the strong bot decides) and keeps its own account of
    when each kind of moment first came: the first question of each tag, the first event of
    each kind, the first enemy turn."""

    def __init__(self, skip_at: int | None = None, skip_how: str = "key"):
        self.bot, self.table = StrongBot(), TablePolicy()
        self.last = None
        self.first: dict[str, int] = {}          # moment -> answers given when it first came
        self.on_screen: set[str] = set()         # notes seen drawn
        self.events_seen = 0
        self.rounds = 0                          # "round" events seen: setup is over after the first
        self.decisions = 0
        self.skip_at, self.skip_how = skip_at, skip_how
        self.after_skip: set[str] = set()
        self.end = None

    def note_events(self, game) -> None:
        events = game.events or []
        for e in events[self.events_seen:]:
            kind = e.get("kind")
            self.rounds += kind == "round"
            if self.rounds and kind in EVENT_MOMENTS:            # setup's own lines are not moments
                self.first.setdefault(kind, len(game.answers))
            side = next((s for s in game.sides if s.index == e.get("side")), None)
            if kind == "turn" and side is not None and side.is_enemy:
                self.first.setdefault("enemy turn", len(game.answers))
        self.events_seen = len(events)

    def __call__(self, app) -> None:
        scene = app.scene
        if isinstance(scene, EndScene):
            self.end = scene.summary
            raise SystemExit
        if scene is not app.game_scene or scene.game is None:
            return
        self.note_events(scene.game)
        g = scene.guide
        if g is not None and g.rect is not None:         # drawn last frame: the newest, and an earlier one
            keys = {note.key for note, _ in g.showing}
            self.on_screen |= keys
            if g.skipped:
                self.after_skip |= keys
        if scene.model is None or scene.result is not None or scene.model.decision is self.last:
            return
        d = scene.model.decision
        if self.skip_at is not None and self.decisions == self.skip_at and not g.skipped:
            if self.skip_how == "key":
                key(guide_module.SKIP_KEY)
            else:
                button = next(b for b in g.buttons if b.value == "skip")
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
            return
        self.first.setdefault(d.tag, len(scene.game.answers))
        self.last = d
        self.decisions += 1
        click_option(app, (self.table if d.seat < 0 else self.bot).choose(scene.game, d))


def run(player: Player, frames: int = 60000):
    app = App((1280, 720), headless=True, fps=0, on_frame=player, max_frames=frames, speed_ms=0)
    with pytest.raises(SystemExit):
        app.run(start=guided_setup())
    return app


def test_learn_to_play_starts_solo_leonardo_against_shredder_on_a_fixed_seed():
    """The new-game screen's footer has "Learn to play" (and the L key): it starts the
    guided game, the same every time, and leaves the form as the player set it."""
    from adventures.app.new_game_scene import NewGameScene
    app = App(SIZES[1], headless=True, fps=0, speed_ms=0)
    scene = NewGameScene(app)
    scene.draw(pygame.Surface(SIZES[1]), 0)
    button = next(b for b in scene.buttons if b.value == "learn")
    assert "Learn to play" in button.label and pygame.Rect(0, 0, *SIZES[1]).contains(button.rect)
    before = scene.seats()
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    setup = scene.result
    sc = setup.scenario
    assert sc.name == GUIDED_NAME and setup.seed == GUIDED_SEED and sc.villain == "shredder"
    assert [(s.hero, s.bot) for s in sc.seats] == [("Leonardo", "human")] and sc.difficulty == "easy"
    assert scene.seats() == before
    again = NewGameScene(app)
    again.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    assert again.result.scenario == sc and again.result.seed == setup.seed


def test_the_guided_game_plays_to_its_end_with_every_note_once_at_its_moment():
    """Driven to its end: every kind of note came exactly once, at the first moment of its
    kind (the welcome at the first question), and was drawn beside the prompt; the game is
    a real one (it ends with a winner)."""
    player = Player()
    app = run(player)
    g = app.game_scene.guide
    assert player.end is not None and player.end.winner in ("heroes", "villain")
    keys = [s.key for s in g.shown]
    assert sorted(keys) == sorted(KINDS), keys
    assert g.shown[0].key == "welcome" and g.shown[0].answers == 0
    for s in g.shown[1:]:
        if s.trigger in DECISION_MOMENTS:
            assert DECISION_MOMENTS[s.trigger] == s.key
            firsts = [player.first[t] for t, k in DECISION_MOMENTS.items() if k == s.key and t in player.first]
        elif s.trigger == "turn":
            assert s.key == "enemy_turn"
            firsts = [player.first["enemy turn"]]
        else:
            assert EVENT_MOMENTS[s.trigger] == s.key
            firsts = [player.first[t] for t, k in EVENT_MOMENTS.items() if k == s.key and t in player.first]
        firsts += [player.first[t] for t, k in DECISION_MOMENTS.items() if k == s.key and t in player.first]
        assert s.answers == min(firsts), (s, firsts)
    assert player.on_screen == set(KINDS), sorted(set(KINDS) - player.on_screen)


@pytest.mark.parametrize("how", ["key", "button"])
def test_skipping_the_tips_hides_them_and_the_game_goes_on(how):
    """"Skip the tips" (its button, or the T key) ends the notes at once; the game goes on
    (to its end) and no note is drawn again."""
    player = Player(skip_at=8, skip_how=how)
    app = run(player)
    g = app.game_scene.guide
    assert g.skipped and g.current is None
    assert player.end is not None and player.decisions > 20
    assert not player.after_skip, player.after_skip
    assert len(player.on_screen) < len(KINDS)


def test_the_notes_are_checked_content_citing_pages_the_repository_cites():
    """The notes file is validated (one note per kind, short, cited by book and page only)
    and every page it cites is one the code, docs or tests already cite for a rule."""
    notes = load_notes()
    assert set(notes) == set(KINDS)
    with pytest.raises(ValueError):
        Notes.model_validate({"kind": "guide_notes", "notes": [n.model_dump() for n in notes.values()][1:]})
    with pytest.raises(ValueError):
        Notes.model_validate({"kind": "guide_notes", "notes": [{**n.model_dump(), "page": "page 9"}
                                                                for n in notes.values()]})
    corpus = "\n".join(p.read_text(encoding="utf-8") for folder in ("adventures", "engine", "docs", "tests")
                       for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md", ".yaml")
                       and p.name != "guide_notes.yaml" and p.name != Path(__file__).name)
    for note in notes.values():
        for book, pages in re.findall(r"(Adventures|core rules) (p\.[\d-]+)", note.page):
            cited = re.search(re.escape(book) + r"[^\n]{0,40}?" + re.escape(pages) + r"(?![\d-])", corpus,
                              re.IGNORECASE)
            assert cited, f"{note.key}: {book} {pages} is cited nowhere else in the repository"


def test_the_note_fits_beside_the_prompt_at_every_size_and_text_size():
    """The note sits in the status column's free part, under its content and clear of the
    players' rows, inside the window, its text never cut (tests/test_layout.py's checks)."""
    from test_layout import layout_problems, problems_in
    state = {"app": None}

    def stop(app):
        scene = app.scene
        if scene is app.game_scene and scene.model is not None and scene.model.decision.tag == "action":
            state["app"] = app
            raise SystemExit
        if scene is app.game_scene and scene.model is not None and scene.result is None:
            click_option(app, 0)

    app = App(SIZES[1], headless=True, fps=0, on_frame=stop, max_frames=5000, speed_ms=0)
    with pytest.raises(SystemExit):
        app.run(start=guided_setup())
    scene = app.game_scene
    scene.hover_pos = (-1, -1)                 # no tooltip of the last click's space
    g = scene.guide
    found = []
    for pair in (("enemy_turn", "defence"), ("foot", "foot"), ("welcome", "welcome")):
        g.showing = [(g.notes[k], 0) for k in dict.fromkeys(pair)]
        for scale in SCALES:
            T.set_scale(scale)
            for size in SIZES:
                surf = pygame.Surface(size)
                where = f"{pair} {size} at {int(scale * 100)}%"
                found += [f"{where}: {p}" for p in problems_in(surf, lambda s: scene.draw(s, 0))]
                found += [f"{where}: {p}" for p in layout_problems(scene)]
                column = scene.layout.side
                if g.rect is None or not column.contains(g.rect):
                    found.append(f"{where}: note {g.rect} outside the status column {tuple(column)}")
                    continue
                found += [f"{where}: note over {side.name}'s row" for side, r in scene.hud.player_rects
                          if r.colliderect(g.rect)]
                found += [f"{where}: a button outside the note" for b in g.buttons if not g.rect.contains(b.rect)]
    assert not found, "\n".join(found[:30])
