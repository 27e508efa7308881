"""Helpers of the Battle of Legends hero tests (Medusa, Alice, King Arthur, Sinbad): small
duels on the test grid and checked full games against each villain."""
from __future__ import annotations

from fixtures import fighter, grid_board  # noqa: F401  (fighter: re-exported for the hero tests)
from fixtures import shipped_hero as hero

from adventures.content.catalog import load_catalog
from adventures.persistence.replay import run_replay
from adventures.persistence.save import game_record
from adventures.rules.invariants import CheckingAgent, check_invariants
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.tools.soak import make_bot
from engine.board import compile_board
from engine.content.schema import ScenarioDef
from engine.decisions import RandomAgent, ScriptedAgent
from engine.match import new_match, play_match


def duel(a: str, b: str, places: dict[str, int], seed: int = 1, agents: dict | None = None):
    """A duel on the 5x4 test grid (zones: columns 1-2 left, 4-5 right, column 3 both),
    fighters placed by hand on the given space ids; others stay off the board."""
    board = grid_board()
    game = new_match(board, [hero(a), hero(b)], seed)
    for side in game.sides:
        for f in side.fighters:
            if f.name in places:
                game.put(f, board.index[places[f.name]])
    game.agents = agents or {0: ScriptedAgent(), 1: ScriptedAgent()}
    return game


def last_combat(game) -> dict:
    return [e for e in game.events if e["kind"] == "combat"][-1]


def record(tag: str, key: str, sink: list):
    """A ScriptedAgent rule that notes `decision.context[key]` for `tag` and lets others answer."""
    def rule(decision):
        if decision.tag == tag:
            sink.append(decision.context.get(key))
        return None
    return rule


def clear_hand(side) -> None:
    """Put the hand under the deck, out of the way of a test."""
    side.deck[:0] = side.hand
    side.hand.clear()


def play_checked_adventure(key: str, villain: str, bot: str, seed: int):
    """A one-player Adventures game (Adventures p.4-13) of hero `key` against `villain`,
    invariants checked before every decision and at the end, and re-run from its record."""
    catalog = load_catalog()
    sc = ScenarioDef(name="hero check", villain=villain, seats=[{"hero": key, "bot": bot}], minions="random",
                     max_rounds=40, seed=seed)
    game = new_adventure(sc, catalog, seed, {0: CheckingAgent(make_bot(bot))}, CheckingAgent(make_bot("table")),
                         log=False)
    result = play_adventure(game)
    assert not check_invariants(game)
    again = run_replay(game_record(game), catalog)
    assert again.identical, again.problem
    return result


BATTLE_OF_LEGENDS_AND_MARVEL = ("medusa", "alice", "king_arthur", "sinbad", "black_panther", "winter_soldier")


def play_random_duels(key: str, opponents: tuple[str, ...] = BATTLE_OF_LEGENDS_AND_MARVEL, games: int = 4) -> int:
    """Full competitive duels (base-set scan p.2-4) on the shipped boards, random decisions,
    against each of `opponents` in turn; returns the games played."""
    cat = load_catalog()
    boards = sorted(cat.boards)
    for seed in range(games):
        board = compile_board(cat.boards[boards[seed % len(boards)]])
        game = new_match(board, [cat.heroes[key], cat.heroes[opponents[seed % len(opponents)]]], seed)
        game.agents = {0: RandomAgent(), 1: RandomAgent()}
        over = play_match(game)
        assert over is None or over.winner
        assert game.turn > 0
    return games


def hero_against(key: str, villain: str, seed: int = 0, agent=None):
    """A one-player Adventures game of hero `key` against `villain`, no minions, set up and
    answered by first-option agents unless `agent` is given (tests then place fighters)."""
    from engine.decisions import FirstOptionAgent
    sc = ScenarioDef(name="test", villain=villain, seats=[{"hero": key}], minions=[])
    return new_adventure(sc, load_catalog(), seed, {0: agent or FirstOptionAgent()}, FirstOptionAgent())


def enemy_side(game, kind: str = "villain"):
    return next(s for s in game.sides if s.is_enemy and s.hero.kind == kind)


def player(game):
    """The first player side (in Adventures games the enemies come first)."""
    return next(s for s in game.sides if not s.is_enemy)
