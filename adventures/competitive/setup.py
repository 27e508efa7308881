"""Building a competitive game from a match file: board, heroes, seats and their agents."""
from __future__ import annotations

import dataclasses
import random as _random

from engine.board import Board, compile_board
from engine.content.schema import MatchDef
from engine.game import Game
from engine.match import new_match
from engine.state import GameOver


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
    (`check_match` refuses it at load time, so this only guards a hand-built MatchDef)."""
    from adventures.content.catalog import normal_name
    if normal_name(name) == "random":
        return None
    hero = catalog.hero(name)
    if hero is None:
        raise ValueError(f"unknown hero {name!r}")
    return hero


def match_board(catalog, name: str):
    """The board a match names, by the catalog's one name normalisation; None if unknown."""
    from adventures.content.catalog import normal_name
    wanted = normal_name(name)
    return next((b for b in catalog.boards.values() if wanted in (normal_name(b.key), normal_name(b.name))), None)


def make_match_agents(match: MatchDef) -> dict:
    """Bot agents for the seats that are not people (`human` seats are left to the caller)."""
    from adventures.bots.duelist import DuelistBot
    from engine.decisions import RandomAgent
    agents = {}
    for i, seat in enumerate(match.seats):
        if seat.bot == "heuristic":
            agents[i] = DuelistBot()
        elif seat.bot == "random":
            agents[i] = RandomAgent()
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


def check_match(match: MatchDef, catalog, path, lines) -> MatchDef:
    """Raise ContentError if a match names a hero or board the catalog lacks, or a board
    without a starting space for every seat (core rules p.6; team play needs four, p.19);
    return the match with its board and heroes named by their content keys (the same name
    normalisation as a co-op scenario's: case, padding, spaces and underscores do not matter)."""
    import os

    from adventures.content.catalog import normal_name
    from engine.content.loader import ContentError, Problem, line_of, suggest
    file = os.fspath(path)
    problems = []

    def bad(field: str, message: str) -> None:
        problems.append(Problem(file, line_of(lines, field), field, message))

    board = match_board(catalog, match.board)
    if board is None:
        bad("board", f"unknown board '{match.board}' (known: {suggest(str(match.board), list(catalog.boards))})")
    else:
        starts = sum(1 for s in board.spaces if s.start is not None)
        if starts < len(match.seats):
            bad("seats", f"{board.name} has {starts} starting spaces for {len(match.seats)} seats")
    seats = []
    for i, seat in enumerate(match.seats):
        hero = catalog.hero(seat.hero)
        if hero is None and normal_name(seat.hero) != "random":
            bad(f"seats.{i}.hero", f"unknown hero '{seat.hero}' (known: {suggest(seat.hero, catalog.names('hero'))})")
        seats.append(seat.model_copy(update={"hero": hero.key if hero is not None else "random"}))
    if problems:
        raise ContentError(problems)
    return match.model_copy(update={"board": board.key, "seats": seats})
