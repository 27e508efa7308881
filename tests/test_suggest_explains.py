"""Suggest says why and shows where (issue 40 item 2).

Suggest answers in one plain line that names the option and gives a reason built from what
the bots read (adventures/bots/explain.py, the deciding seat's view); the suggested space,
fighter, card or button is marked on screen; "think harder" says whether the expert changed
its mind and why; a competitive game's line has no doubled parentheses ("Leonardo (space 1)
(1)" was the old text); and no card of a hidden hand is named to a viewer who may not see it.
"""
from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_app import click_option  # noqa: E402

from adventures.app.suggest import Suggester, quick_bot  # noqa: E402
from adventures.bots.explain import COVERED, RULE_OF_THUMB, explain  # noqa: E402
from adventures.rules.view import may_see  # noqa: E402
from engine.decisions import TABLE  # noqa: E402
from engine.state import Card, Fighter  # noqa: E402


class _Stop(Exception):
    pass


def coop_game(villain, heroes, seed, hidden=False, allies=True, agent=None, table=None):
    from adventures.bots import StrongBot, TablePolicy
    from adventures.rules.setup import new_adventure
    from adventures.sim import runner
    from engine.content.schema import ScenarioDef
    sc = ScenarioDef.model_validate({"name": "suggest test", "villain": villain, "minions": "random",
                                     "allies": allies, "seats": [{"hero": h, "bot": "human"} for h in heroes]})
    agent = agent or StrongBot()
    return new_adventure(sc, runner._catalog(), seed, {i: agent for i in range(len(heroes))},
                         table or TablePolicy(), log=True, hidden_hands=hidden)


def duel(seed, agent):
    from adventures.competitive.setup import new_competitive
    from adventures.content.catalog import load_catalog
    from engine.content.schema import MatchDef
    m = MatchDef.model_validate({"name": "duel", "mode": "duel", "board": "new_york_city",
                                 "seats": [{"hero": "leonardo", "bot": "human"}, {"hero": "raphael", "bot": "human"}]})
    return new_competitive(m, load_catalog(), seed, {0: agent, 1: agent})


def play(game, max_turns=40):
    from adventures.rules.runner import play_adventure
    try:
        if getattr(game, "adv", None) is None:
            from adventures.competitive.setup import run_match
            run_match(game, max_turns)
        else:
            play_adventure(game)
    except _Stop:
        pass


def names_option(game, decision, i: int, what: str) -> bool:
    """Whether `what` names option `i`: its card, fighter, target, space or word."""
    o = decision.options[i]
    ids = game.board.ids
    if decision.label(i).lower() in what.lower():       # its label, as the prompt's button says it
        return True
    if isinstance(o, Card):
        return o.name in what
    if isinstance(o, Fighter):
        return o.name in what
    if isinstance(o, tuple) and len(o) == 2 and all(isinstance(x, Fighter) for x in o):
        return o[1].name in what and o[0].name in what
    if isinstance(o, tuple) and o and all(isinstance(x, int) for x in o):
        return f"{ids[o[-1]]}" in what
    if isinstance(o, bool):
        return what.lower().startswith("yes" if o else "no")
    if isinstance(o, int) and decision.tag == "place_foot":
        return decision.label(i).lower() in what.lower()
    if isinstance(o, int):
        space = game.board.start.get(o) if decision.tag == "start_space" else o
        return f"space {ids[space]}" in what.lower()
    if isinstance(o, str):
        return o.lower() in what.lower()
    if o is None:
        return what.split()[0] in ("No", "Done", "Nobody", "Stop") or decision.label(i).lower() in what.lower()
    return decision.label(i).lower() in what.lower()


class Recorder:
    """A seat (or the table) that plays the bot the app's Suggest asks, and explains each pick."""

    def __init__(self, lines: list, seen: dict):
        self.lines, self.seen = lines, seen

    def choose(self, game, d) -> int:
        i = quick_bot(game, d).choose(game, d)
        if d.tag in COVERED and len(d.options) > 1:
            e = explain(game, d, i)
            self.lines.append((d.tag, e.line))
            self.seen[d.tag] = self.seen.get(d.tag, 0) + 1
            assert e.why and e.why != RULE_OF_THUMB, (d.tag, d.prompt, e.line)
            assert names_option(game, d, i, e.what), (d.tag, d.label(i), e.line)
        return i


def test_the_line_names_the_option_and_a_reason_for_every_decision_kind_it_covers():
    """Real decisions of co-op games against both villains (allies on) and of a duel: the
    bot's pick is explained by its option (card, fighter, target, space, word) and a reason
    that is not the rule-of-thumb fallback."""
    lines, seen = [], {}
    rec = Recorder(lines, seen)
    for villain, heroes, seed in (("shredder", ["Leonardo", "Raphael"], 4), ("krang", ["Donatello", "Michelangelo"], 4),
                                  ("shredder", ["Raphael"], 9)):
        play(coop_game(villain, heroes, seed, agent=rec, table=rec))
    play(duel(3, rec))
    must = {"action", "attack_target", "attack_card", "defense_card", "boost", "move_fighter", "move_dest",
            "move_route", "start_space", "place_sidekick", "effect_fighter", "foot_remover", "deactivate_machine",
            "enemy_target", "place_foot", "discard"}
    assert must <= set(seen), sorted(must - set(seen))
    attack = next(line for tag, line in lines if tag == "attack_card")
    assert re.search(r"^Attack \w.* with .*: \d+ against an? (likely|guessed) defence of \d+", attack), attack


def test_a_competitive_suggestion_has_no_doubled_parentheses():
    """The old text was "Leonardo (space 1) (1)" (a label with parentheses, then the key in
    parentheses); now the key is a sentence of its own, quick and "think harder" alike."""
    from adventures.bots.duelist import DuelistBot
    told, labelled = [], []

    class Asker(DuelistBot):
        def choose(self, game, d):
            s = Suggester()
            told.append(s.start(game, d, d.seat))
            told.append(s.start(game, d, d.seat))           # asked again: still, and why no search
            labelled.extend(label for label in d.labels if "(space" in label)
            return super().choose(game, d)
    play(duel(3, Asker()))
    assert labelled, "no question with labels like 'Leonardo (space 1)' was asked"
    doubled = [line for line in told if re.search(r"\)\s*\(", line)]
    assert not doubled, doubled[:5]
    assert all(line.startswith("Still:") and "competitive" in line for line in told[1::2]), told[1:6:2]


def test_think_harder_says_whether_the_expert_changed_its_mind_and_why():
    """The verdict compares the expert's pick with the quick one on the sampled futures: how
    often each won (or how much of the villain's health each took when none won)."""
    game_box = {}

    class Stop(Exception):
        pass

    from adventures.bots import StrongBot

    class Asker(StrongBot):
        def choose(self, game, d):
            if d.tag == "action" and game.checkpoint is not None and game.round >= 2 and len(d.options) >= 2:
                game_box["game"], game_box["d"] = game, d
                raise Stop
            return super().choose(game, d)
    game = coop_game("shredder", ["Leonardo"], 5, agent=Asker(), allies=False)
    game.keep_checkpoints = True
    with pytest.raises(Stop):
        play(game)
    game, d = game_box["game"], game_box["d"]
    s = Suggester(seconds=5, rollouts=4)
    quick = s.start(game, d)
    assert quick.startswith("Bot suggests: ") and "S again: think harder" in quick
    assert s.start(game, d) == "The expert is thinking harder..."
    told = None
    while told is None:
        told = s.poll()
    assert told.startswith(("Expert: still ", "Expert changed its mind: ")), told
    assert "sampled futures" in told and "%" in told, told
    # both verdicts, on given per-world scores (a win scores 1 + a little, see expert.outcome_score)
    a, b = 0, 1
    s.answer, s.quick = (b, "searched"), a
    s.scores = {a: (0.2, 5, [1.0, 0.0, 0.0, 0.0, 0.0]), b: (0.62, 5, [1.1, 1.0, 1.0, 0.0, 0.0])}
    changed = s.verdict()
    assert changed.startswith(f"Expert changed its mind: {s.explain(b).what}"), changed
    assert "won 60% against 20%" in changed and s.explain(a).what in changed and "quick pick" in changed
    s.answer, s.quick = (a, "searched"), a
    s.scores = {a: (0.03, 3, [0.03, 0.03, 0.03]), b: (0.01, 3, [0.01, 0.01, 0.01])}
    still = s.verdict()
    assert still.startswith(f"Expert: still {s.explain(a).what}") and "no future was won" in still, still


def forbidden_names(game, viewer) -> set[str]:
    """Names of cards `viewer` may not see, less those of cards it may see somewhere (two
    decks can share a card name)."""
    hidden, shown = set(), set()
    for side in game.sides:
        for pile in (side.hand, side.deck, side.discard):
            for c in pile:
                (shown if may_see(game, viewer, c) else hidden).add(c.name)
    return hidden - shown


def test_no_card_of_a_hidden_hand_is_named_to_a_viewer_who_may_not_see_it():
    """Hands hidden, two people: at every decision of a game, the suggestion told to each
    possible viewer (the table, either seat) names no card that viewer may not see; a card
    of another hand is called "a card of X's"."""
    checked = {"lines": 0, "unnamed": 0}

    class Watch:
        def __init__(self):
            from adventures.bots import StrongBot, TablePolicy
            self.seat, self.table = StrongBot(), TablePolicy()

        def choose(self, game, d):
            for viewer in (TABLE, 0, 1):
                bad = forbidden_names(game, viewer)
                s = Suggester()
                line = s.start(game, d, viewer)
                assert not [n for n in bad if n in line], (viewer, d.tag, line)
                s.answer, s.quick, s.scores = (s.answer[0], "x"), 0, None
                line = s.verdict() + s.unsearched()
                assert not [n for n in bad if n in line], (viewer, d.tag, line)
                checked["lines"] += 1
                checked["unnamed"] += "a card of" in line
            return (self.table if d.seat < 0 else self.seat).choose(game, d)
    for villain, seed in (("krang", 4), ("shredder", 6)):
        w = Watch()
        play(coop_game(villain, ["Donatello", "Michelangelo"], seed, hidden=True, agent=w, table=w))
    assert checked["lines"] > 300 and checked["unnamed"] > 10, checked


# ---------------------------------------------------------------- on screen
def test_the_suggested_option_is_marked_on_the_board_in_the_hand_and_in_the_prompt(tmp_path, monkeypatch):
    """In the app: Suggest at an attack card marks that card in the hand and its button, and
    the defender's space on the board; at a destination, the space (white dashes)."""
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    from adventures.app import board_view
    from adventures.app.app import App
    from adventures.app.controller import GameSetup
    from adventures.app.end_scene import EndScene
    from adventures.bots import StrongBot, TablePolicy
    from engine.content.schema import ScenarioDef
    drawn = {}
    real = board_view.BoardView.draw

    def draw(self, surf, game, hl=None, now_ms=0):
        drawn["hl"] = hl
        return real(self, surf, game, hl, now_ms)
    monkeypatch.setattr(board_view.BoardView, "draw", draw)
    bot, table = StrongBot(), TablePolicy()
    found = {}
    state = {"last": None, "asked": None}

    def driver(app):
        scene = app.scene
        if isinstance(scene, EndScene) or {"attack_card", "move_dest"} <= set(found):
            raise SystemExit
        if scene is not app.game_scene or scene.model is None or scene.result is not None:
            return
        d = scene.model.decision
        if d.tag in ("attack_card", "move_dest") and d.tag not in found and len(d.options) > 1:
            if state["asked"] is not d:
                state["asked"] = d
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
                return
            pick = scene.suggester.pick
            hl = drawn["hl"]
            found[d.tag] = (pick, set(hl.suggested), scene.model.suggested, scene.model.suggested_cards(),
                            scene._toast[0] if scene._toast else "")
            if d.tag == "attack_card":
                assert scene.model.suggested_cards() == {d.options[pick].uid}
                assert d.context["defender"].space in hl.suggested
                button = next(b for b in scene.prompt_bar.buttons if b.value == pick)
                surf = pygame.display.get_surface()
                edge = button.rect.inflate(6, 6)
                assert surf.get_at((edge.centerx, edge.top + 1))[:3] == board_view.SUGGESTED
            else:
                assert d.options[pick] in hl.suggested
        if state["last"] is d:
            return
        state["last"] = d
        click_option(app, (table if d.seat < 0 else bot).choose(scene.game, d))

    app = App((1280, 720), headless=True, fps=0, on_frame=driver, max_frames=60000, speed_ms=0)
    with pytest.raises(SystemExit):
        app.run(start=GameSetup(ScenarioDef.model_validate({
            "name": "solo", "villain": "shredder", "minions": ["Wingnut"], "difficulty": "easy",
            "seats": [{"hero": "Leonardo", "bot": "human"}]}), 7))
    assert {"attack_card", "move_dest"} <= set(found), found
    for tag, (pick, _spaces, marked, _cards, toast) in found.items():
        assert marked == pick and toast.startswith("Bot suggests: "), (tag, toast)
