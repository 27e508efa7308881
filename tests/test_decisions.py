"""Decision prompts and labels: built when read in batch runs, at once in games people read.

Not a rules test: the decision protocol (engine/decisions.py). Labels are what a person
sees; bots answer from the options, so a batch run (log off) builds prompts and labels
only when an agent reads them, while a logged game builds them from the state they describe.
"""
from __future__ import annotations

from fixtures import grid_board

from engine.decisions import Decision, FirstOptionAgent
from engine.game import Game


def test_labels_given_as_a_function_are_built_only_when_read():
    built = []

    def labels():
        built.append(1)
        return ["left", "right"]

    d = Decision("option", 0, "Which way?", ["l", "r"], labels)
    assert built == []
    assert d.labels == ["left", "right"] and d.label(1) == "right"
    assert d.labels == ["left", "right"] and built == [1]          # built once
    assert Decision("option", 0, "x", ["a", "b"]).label(1) == "b"   # no labels: the option itself


def test_a_logged_game_builds_prompt_and_labels_before_asking_and_a_batch_game_does_not():
    seen = {}

    class Peek(FirstOptionAgent):
        def choose(self, game, decision):
            seen[game.events is not None] = (callable(decision._prompt), callable(decision._labels))
            return 0

    calls = []
    for log in (True, False):
        game = Game(grid_board(), seed=1, log=log)
        game.agents[0] = Peek()
        assert game.decide(0, "option", lambda: "Which way?", ["l", "r"],
                           lambda: calls.append(1) or ["L", "R"]) == "l"
    assert seen == {True: (False, False), False: (True, True)}
    assert calls == [1]          # only the logged game built the labels


def test_a_prompt_given_as_a_function_is_built_once_when_read():
    built = []

    def prompt():
        built.append(1)
        return "Which way?"

    d = Decision("option", 0, prompt, ["l", "r"])
    assert built == []
    assert d.prompt == "Which way?" and d.prompt == "Which way?" and built == [1]
    assert "prompt='Which way?'" in repr(d)


def test_a_decision_made_by_the_game_reads_like_one_made_directly():
    seen = []

    class Keep(FirstOptionAgent):
        def choose(self, game, decision):
            seen.append(decision)
            return 1

    game = Game(grid_board(), seed=1, log=False)
    game.agents[0] = Keep()
    assert game.decide(0, "option", lambda: "Which way?", ["l", "r"], lambda: ["L", "R"], tag="way") == "r"
    game.decide(0, "option", "Again?", ["a", "b"])
    made, direct = seen[0], Decision("option", 0, "Which way?", ["l", "r"], ["L", "R"], tag="way")
    assert isinstance(made, Decision) and repr(made) == repr(direct)
    assert seen[1].labels == [] and seen[1].context == {} and seen[1].label(1) == "b"
