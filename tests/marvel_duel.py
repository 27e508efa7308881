"""Small positions for the Marvel heroes' tests (Black Panther, Black Widow, Winter Soldier):
competitive duels on the 5x4 test grid, and one-player Adventures games on shipped content,
plus full games played by bots with the invariant checker on."""
from __future__ import annotations

from fixtures import grid_board, take_card
from fixtures import shipped_hero as hero

from adventures.content.catalog import load_catalog
from adventures.rules.invariants import CheckingAgent, check_invariants
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.tools.soak import make_bot
from engine.board import compile_board
from engine.content.schema import ScenarioDef
from engine.decisions import FirstOptionAgent, RandomAgent, ScriptedAgent
from engine.match import new_match, play_match


def duel(a: str, b: str, places: dict[str, int], seed: int = 1, agents: dict | None = None):
    """A duel on the 5x4 test grid (ids 1-20 row by row; zones: columns 1-2 left, 4-5 right,
    column 3 in both). Fighters named in `places` go on those space ids, the others stay
    off the board. Side 0 started on space 1, side 1 on space 20."""
    board = grid_board()
    game = new_match(board, [hero(a), hero(b)], seed)
    for side in game.sides:
        for f in side.fighters:
            if f.name in places:
                game.put(f, board.index[places[f.name]])
    game.sides[0].start_space, game.sides[1].start_space = board.index[1], board.index[20]
    game.agents = agents or {0: ScriptedAgent(), 1: ScriptedAgent()}
    return game


def fighter(game, name: str):
    return next(f for s in game.sides for f in s.fighters if f.name == name)


def only_in_hand(side, *names: str) -> None:
    """Keep just the named cards in hand (taken from any pile); the rest go to the discard."""
    wanted = [take_card(side, n) for n in names]
    side.discard.extend(side.hand)
    side.hand[:] = wanted


def adventure(key: str, villain: str = "shredder", seed: int = 0, agent=None):
    """A one-player Adventures game with this hero, no minions, first-option agents."""
    sc = ScenarioDef(name="test", villain=villain, seats=[{"hero": key}], minions=[])
    game = new_adventure(sc, load_catalog(), seed, {0: agent or FirstOptionAgent()}, FirstOptionAgent())
    return game, game.sides[-1], game.adv.villain


def play_checked_adventure(key: str, villain: str, bot: str, seed: int):
    """A full one-player game (one random minion) played by `bot`, the rules' invariants
    checked before every decision and at the end."""
    sc = ScenarioDef(name="hero check", villain=villain, seats=[{"hero": key, "bot": bot}], minions="random")
    game = new_adventure(sc, load_catalog(), seed, {0: CheckingAgent(make_bot(bot))},
                         CheckingAgent(make_bot("table")))
    result = play_adventure(game)
    assert check_invariants(game) == []
    return result


def play_random_duels(key: str, opponents: tuple[str, ...], games: int = 6) -> int:
    """Competitive duels with random decisions on the shipped boards; returns games played."""
    cat = load_catalog()
    boards = sorted(cat.boards)
    for seed in range(games):
        board = compile_board(cat.boards[boards[seed % len(boards)]])
        game = new_match(board, [cat.heroes[key], cat.heroes[opponents[seed % len(opponents)]]], seed)
        game.agents = {0: RandomAgent(), 1: RandomAgent()}
        over = play_match(game)
        assert over is None or over.winner
    return games
