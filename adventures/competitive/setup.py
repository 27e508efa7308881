"""Building a competitive game from a match file: board, heroes, seats and their agents."""
from __future__ import annotations

import dataclasses
import random as _random

from adventures.content.matches import match_board
from engine.board import Board, compile_board
from engine.content.schema import MatchDef
from engine.game import Game
from engine.match import new_match
from engine.state import HERO, GameOver


def resolve_heroes(match: MatchDef, catalog, seed: int) -> list:
    """The hero of each seat; "random" seats draw distinct heroes from a stream derived from
    the seed (so the game's own RNG sequence does not depend on how many were random)."""
    rng = _random.Random(f"match-heroes:{seed}")
    chosen = [_seat_hero(catalog, s.hero) for s in match.seats]
    taken = {h.key for h in chosen if h is not None}
    pool = sorted(k for k in catalog.heroes if k not in taken)
    for i, hero in enumerate(chosen):
        if hero is None:
            key = pool.pop(rng.randrange(len(pool))) if pool else sorted(catalog.heroes)[0]
            chosen[i] = catalog.heroes[key]
    return chosen


def _seat_hero(catalog, name: str):
    """A seat's hero, None for "random"; an unknown name is an error, never another hero
    (`adventures.content.matches.check_match` refuses it at load time, so this only guards a hand-built MatchDef)."""
    from adventures.content.catalog import normal_name
    if normal_name(name) == "random":
        return None
    hero = catalog.hero(name)
    if hero is None:
        raise ValueError(f"unknown hero {name!r}")
    return hero


def make_match_agents(match: MatchDef) -> dict:
    """Bot agents for the seats that are not people (`human` seats are left to the caller)."""
    from adventures.bots.registry import make_duelist
    agents = {}
    for i, seat in enumerate(match.seats):
        agent = make_duelist(seat.bot)          # the registry's competitive agent; None for a person
        if agent is not None:
            agents[i] = agent
    return agents


def competitive_board(board: Board) -> Board:
    """The box's board as the competitive game uses it (Adventures rules, "Feeling
    competitive?"): Foot circles are ignored, and the Technodrome has no Dimension X marker
    and no Doomsday Machines, so the board carries none of them (views draw none either)."""
    return dataclasses.replace(board, circles=[], edge_circle={}, machines=[],
                               screen=[0] * board.n if board.screen else [])


def new_competitive(match: MatchDef, catalog, seed: int, agents: dict | None = None,
                    log: bool = True, board=None, replay: list[int] | None = None, hidden_hands: bool = True) -> Game:
    """A competitive game ready to play (`engine.match.play_match`). `replay`: recorded
    answers fed back before any agent is asked (restoring a save; placement asks too)."""
    heroes = resolve_heroes(match, catalog, seed)
    if board is None:
        found = match_board(catalog, match.board)
        if found is None:
            raise ValueError(f"unknown board {match.board!r}")
        board = compile_board(found)
    game = new_match(competitive_board(board), heroes, seed, mode=match.mode, log=log)
    game.hidden_hands = hidden_hands     # an opponent's hand is secret (core rules): the default
    game.scenario = match          # what a save records (persistence.save: "kind": "match")
    game.catalog = catalog
    game.agents = dict(agents if agents is not None else make_match_agents(match))
    game.replay_queue.extend(replay or ())
    return game


def run_match(game: Game, max_turns: int) -> GameOver:
    """Play a built match to its end; the turn cap is a draw, recorded as a "timeout" result
    (the co-op word for it, so save, replay and end-screen code read it alike)."""
    from engine.match import play_match
    over = play_match(game, max_turns)
    if over is None:
        game.over = over = GameOver("timeout", f"no result after {max_turns} turns each")
    return over


def winning_team(game) -> int | None:
    """The team whose heroes still stand when the game is over (None: no result)."""
    teams = {s.team for s in game.sides if any(f.alive and f.kind == HERO for f in s.fighters)}
    return teams.pop() if len(teams) == 1 else None
