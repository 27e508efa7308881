"""Competitive Unmatched: duel, free-for-all (3-4) and team play (Marvel p.18-19)."""
from __future__ import annotations

from engine.board import Board
from engine.game import Game
from engine.rules import Rules
from engine.setup import build_player_side, place_team
from engine.state import GameOver
from engine.turn import take_turn


class CompetitiveRules(Rules):
    """Free-for-all: on its first turn a hero may only attack the next player or one who
    has already played (Marvel p.18)."""

    def can_target(self, game: Game, attacker, target) -> bool:
        me, other = attacker.side, target.side
        if not me.data.get("ffa") or me.data.get("turns_taken", 0) > 0:
            return True
        order = game.sides
        i, j = order.index(me), order.index(other)
        return j == (i + 1) % len(order) or other.data.get("turns_taken", 0) > 0


def new_match(board: Board, heroes: list, seed: int, mode: str = "duel", log: bool = True) -> Game:
    """mode: duel (2), ffa (3-4, each alone), team (4: A,B,A,B alternating)."""
    game = Game(board, seed, CompetitiveRules(), log=log)
    for i, hero in enumerate(heroes):
        team = i % 2 if mode == "team" else i
        side = build_player_side(game, hero, i, team)
        side.data["ffa"] = mode == "ffa"
        side.name = f"P{i + 1} {hero.name}"
    return game


def place_all(game: Game) -> None:
    for i, side in enumerate(game.sides):
        place_team(game, side, game.board.start[i + 1])
    for side in game.sides:
        if side.ability is not None:
            side.ability.game_start(game)


def play_match(game: Game, max_turns: int = 400) -> GameOver | None:
    """Play until a winner (or the turn cap, counted as a draw: returns None)."""
    try:
        place_all(game)
        for _ in range(max_turns):
            for side in game.sides:
                if side.eliminated:
                    continue
                game.round += 1
                take_turn(game, side)
                side.data["turns_taken"] = side.data.get("turns_taken", 0) + 1
    except GameOver as over:
        return over
    return None
