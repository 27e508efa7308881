"""Copying a game at a quiet point, and playing a copy on (as OpenSpiel's states clone).

Why clones at quiet points rather than resumable turns: the engine is plain synchronous
Python (a turn lives on the call stack inside `agent.choose`), and turning every rule
into a stepped state machine would touch every module of the engine and the heroes that
other work is rewriting. Between two initiative cards, though, nothing is on the stack
but the round loop, whose whole state is `adv.deck` and `adv.row`: a copy taken there
can be resumed by `resume_adventure` (`adventures.rules.initiative.finish_round`, then
more rounds). A search bot reaches a decision inside a turn by replaying the answers
given since that point: same state + same answers = same game, to the byte.

The copy is a `deepcopy` with everything immutable shared: the compiled board, loaded
content (pydantic models and the dicts and lists inside them), compiled card effects,
the rules object and the agents. The RNGs are copied with their state. The event log is
dropped (a copy plays silently) and so is the copy's own checkpoint.
"""
from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

from engine.game import Game

_SHARED: dict[int, tuple[Any, dict[int, Any]]] = {}


def _immutable_ids(root: Any) -> dict[int, Any]:
    """id -> object for everything reachable inside loaded content (shared, never copied)."""
    out: dict[int, Any] = {}
    stack = [root]
    while stack:
        x = stack.pop()
        if id(x) in out or x is None or isinstance(x, (str, int, float, bool)):
            continue
        out[id(x)] = x
        if isinstance(x, BaseModel):
            stack.extend(getattr(x, name) for name in type(x).model_fields)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack.extend(x)
        elif hasattr(x, "__dataclass_fields__"):
            stack.extend(getattr(x, f) for f in x.__dataclass_fields__)
        elif hasattr(x, "__dict__"):
            stack.extend(vars(x).values())
    return out


def shared_memo(game: Game) -> dict[int, Any]:
    """The deepcopy memo that shares content: built once per catalog, copied per clone."""
    catalog = getattr(game, "catalog", None)
    hit = _SHARED.get(id(catalog))
    if hit is None or hit[0] is not catalog:
        hit = _SHARED[id(catalog)] = (catalog, _immutable_ids(catalog) if catalog is not None else {})
    return hit[1]


class _Memo(dict):
    """deepcopy's memo, falling back to the shared content without copying it per clone."""

    __slots__ = ("shared",)

    def get(self, key, default=None):
        got = dict.get(self, key, _MISSING)
        return self.shared.get(key, default) if got is _MISSING else got


_MISSING = object()


def clone_game(game: Game) -> Game:
    """A deep copy of `game` that plays on exactly like it (see tests/test_expert.py).

    Only at quiet points: no combat and no card resolving (nothing on the call stack)."""
    if game.combat is not None or game.resolving:
        raise ValueError("clone_game: a combat or a card is resolving; clone between initiative cards")
    memo = _Memo()
    memo.shared = shared_memo(game)
    for obj in (game.board, game.rules, game.table_agent, game.observer, getattr(game, "scenario", None),
                *game.agents.values()):
        if obj is not None:
            memo[id(obj)] = obj
    for side in game.sides:
        for card in side.all_cards():
            memo[id(card.effects)] = card.effects
    memo[id(game.events)] = None
    checkpoint = getattr(game, "checkpoint", None)
    if checkpoint is not None:
        memo[id(checkpoint)] = None
    twin = copy.deepcopy(game, memo)
    twin.events = None
    twin.observer = None
    twin.agents = {}
    twin.table_agent = None
    twin.checkpoint = None
    twin.keep_checkpoints = False
    return twin


def resume_adventure(game: Game, max_rounds: int | None = None):
    """Play a clone taken at a quiet point to its end: the rest of the round, then rounds."""
    from adventures.rules.initiative import finish_round
    from adventures.rules.runner import run_rounds
    from engine.state import GameOver
    try:
        finish_round(game)
    except GameOver as over:
        return over
    return run_rounds(game, max_rounds)
