"""Decision points: the only way the engine asks anybody anything.

The engine builds a `Decision` with the legal options and hands it to the agent of the
seat that must decide (a player, or the whole table for "players choose"). Agents
answer with an option index. The same protocol serves the desktop UI, the bots,
replays and scripted test agents.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

TABLE = -1   # "players choose": the decision belongs to the table, not one player

# Decision kinds (what the prompt is about); UIs and bots switch on these.
ACTION = "action"          # maneuver / scheme / attack / item
CARD = "card"              # choose a card (or none) from hand/discard/...
FIGHTER = "fighter"        # choose a fighter
TARGET = "target"          # choose an attack target
SPACE = "space"            # choose a space (destination, placement, token)
PATH = "path"              # choose among routes with different consequences
YESNO = "yesno"            # a "may" effect
OPTION = "option"          # choose one of several effect options
ORDER = "order"            # order of simultaneous own effects
NUMBER = "number"          # "up to N"


class Decision:
    """One question to one seat. `prompt` and `labels` may each be given as they are, or as
    a function that builds them: batch runs ask thousands of questions a game and the bots
    never read most prompts and labels, so they are only built when somebody reads them."""

    __slots__ = ("kind", "seat", "_prompt", "options", "_labels", "context", "tag")

    def __init__(self, kind: str, seat: int, prompt: str | Callable[[], str], options: list[Any],
                 labels: list[str] | Callable[[], list[str]] | None = None, context: dict | None = None,
                 tag: str = ""):
        self.kind = kind
        self.seat = seat                   # player seat index, or TABLE
        self._prompt = prompt
        self.options = options
        self._labels = labels if labels is not None else []
        self.context = context if context is not None else {}
        self.tag = tag                     # machine-readable purpose, e.g. "boost", "defense_card"

    @property
    def prompt(self) -> str:
        if callable(self._prompt):
            self._prompt = self._prompt()
        return self._prompt

    @prompt.setter
    def prompt(self, value: str) -> None:
        self._prompt = value

    @property
    def labels(self) -> list[str]:
        if callable(self._labels):
            self._labels = self._labels()
        return self._labels

    @labels.setter
    def labels(self, value: list[str]) -> None:
        self._labels = value

    def label(self, i: int) -> str:
        labels = self.labels
        if i < len(labels):
            return labels[i]
        return str(self.options[i])

    def __repr__(self) -> str:
        return (f"Decision(kind={self.kind!r}, seat={self.seat!r}, prompt={self.prompt!r}, "
                f"options={self.options!r}, labels={self.labels!r}, context={self.context!r}, tag={self.tag!r})")


class Agent(Protocol):
    def choose(self, game: Any, decision: Decision) -> int:  # pragma: no cover - protocol
        """Return the index of the chosen option in `decision.options`."""


class FirstOptionAgent:
    """Always picks option 0: a cheap deterministic agent for tests."""

    def choose(self, game, decision: Decision) -> int:
        return 0


class RandomAgent:
    """Picks uniformly among legal options using the game's own RNG stream for bots."""

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, game, decision: Decision) -> int:
        rng = self.rng or game.bot_rng
        return rng.randrange(len(decision.options))


class ScriptedAgent:
    """Answers from a list of (tag or kind, chooser) steps; falls back to another agent.

    `script` items are callables `f(decision) -> int | None`; the first that returns an
    index wins. Tests use it to force particular plays.
    """

    def __init__(self, *rules, fallback: Agent | None = None):
        self.rules = list(rules)
        self.fallback = fallback or FirstOptionAgent()
        self.seen: list[Decision] = []

    def choose(self, game, decision: Decision) -> int:
        self.seen.append(decision)
        for rule in self.rules:
            pick = rule(decision)
            if pick is not None:
                return pick
        return self.fallback.choose(game, decision)


class ReplayAgent:
    """Answers from a recorded list of indices (see Game.answers)."""

    def __init__(self, answers: list[int], then: Agent | None = None):
        self.answers = list(answers)
        self.pos = 0
        self.then = then

    def choose(self, game, decision: Decision) -> int:
        if self.pos < len(self.answers):
            i = self.answers[self.pos]
            self.pos += 1
            if not 0 <= i < len(decision.options):
                raise ReplayMismatch(f"recorded answer {i} is not legal for {decision.prompt!r}")
            return i
        if self.then is None:
            raise ReplayExhausted()
        return self.then.choose(game, decision)


class ReplayMismatch(Exception):
    pass


class ReplayExhausted(Exception):
    pass
