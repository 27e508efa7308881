"""Medusa, Alice, King Arthur and Sinbad (Unmatched: Battle of Legends, Volume One): their
special abilities and unusual cards, plus full games of each (duels and Adventures).

Rulebooks: the English base-set scan (core-rules-battle-of-legends-scan.txt, pages 1-4) and
the French core rules (core-rules-fr.txt)."""
from __future__ import annotations

import pytest
from fixtures import grid_board, pick, take_card
from fixtures import shipped_hero as hero

from adventures.content.catalog import load_catalog
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.board import compile_board
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.decisions import RandomAgent, ScriptedAgent
from engine.match import new_match, play_match
from engine.turn import maneuver

BASE = ("sinbad",)


def record(tag: str, key: str, sink: list):
    """A ScriptedAgent rule that notes `decision.context[key]` for `tag` and lets others answer."""
    def rule(decision):
        if decision.tag == tag:
            sink.append(decision.context.get(key))
        return None
    return rule


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


def fighter(game, name: str):
    return next(f for s in game.sides for f in s.fighters if f.name == name)


def last_combat(game) -> dict:
    return [e for e in game.events if e["kind"] == "combat"][-1]


# ---------------------------------------------------------------- Sinbad


def test_sinbad_maneuvers_one_extra_space_per_voyage_in_his_discard_pile():
    """Sinbad's card (base set): when you maneuver, your fighters may move +1 space for each
    VOYAGE card in your discard pile."""
    for voyages in (0, 2):
        game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 20})
        side = game.sides[0]
        for card in [c for c in side.deck if "voyage" in c.tags][:voyages]:
            side.deck.remove(card)
            side.discard.append(card)
        seen: list = []
        game.agents[0] = ScriptedAgent(record("move_dest", "steps", seen),
                                       pick("move_fighter", lambda f: f is not None and f.name == "Sinbad"))
        side.deck[:0] = side.hand                               # out of the way, under the deck
        side.hand.clear()
        maneuver(game, side)
        assert seen == [side.move + voyages]


def test_voyage_cards_grow_with_each_voyage_in_the_discard_pile():
    """Sinbad's VOYAGE cards: +1 to their value for each VOYAGE card already in the discard."""
    for voyages in (0, 3):
        game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 2})
        side = game.sides[0]
        card = take_card(side, "First Voyage: The Island Whale")
        side.discard.extend([c for c in side.deck if "voyage" in c.tags][:voyages])
        side.deck[:] = [c for c in side.deck if c not in side.discard]
        game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is None))
        fight(game, fighter(game, "Sinbad"), fighter(game, "Medusa"), card)
        assert last_combat(game)["attack"] == 2 + voyages


def test_momentous_shift_is_worth_five_if_the_fighter_started_the_turn_elsewhere():
    """Base-set scan p.2 (Momentous Shift): if your fighter started this turn in a different
    space, this card's value is 5 instead."""
    for moved, expected in ((False, 3), (True, 5)):
        game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 7})
        sinbad = fighter(game, "Sinbad")
        game.sides[0].ability.start_of_turn(game)                # records the starting spaces
        if moved:
            game.put(sinbad, game.board.index[2])
        else:
            game.put(fighter(game, "Medusa"), game.board.index[2])
        game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is None))
        fight(game, sinbad, fighter(game, "Medusa"), take_card(game.sides[0], "Momentous Shift"))
        assert last_combat(game)["attack"] == expected


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("key", BASE)
def test_base_hero_plays_full_competitive_duels_on_the_shipped_boards(key):
    """Base-set scan p.2-4: full two-player games (random decisions) end without error."""
    cat = load_catalog()
    others = ("black_panther", "sinbad", "medusa", "alice", "king_arthur", "winter_soldier")
    for seed, board_key in enumerate(sorted(cat.boards) * 2):
        board = compile_board(cat.boards[board_key])
        game = new_match(board, [cat.heroes[key], cat.heroes[others[seed % len(others)]]], seed)
        game.agents = {0: RandomAgent(), 1: RandomAgent()}
        over = play_match(game)
        assert over is None or over.winner
        assert game.turn > 0


@pytest.mark.parametrize("key", BASE)
@pytest.mark.parametrize("villain", ["shredder", "krang"])
def test_base_hero_plays_adventures_against_each_villain(key, villain):
    """Adventures p.4-13: a one-player game against each villain runs to its end."""
    cat = load_catalog()
    for seed in range(3):
        sc = ScenarioDef(name="hero check", villain=villain, seats=[{"hero": key, "bot": "random"}], minions=[])
        game = new_adventure(sc, cat, seed, agents={0: RandomAgent()}, table_agent=RandomAgent())
        result = play_adventure(game, max_rounds=30)
        assert result.winner in ("heroes", "villain", "timeout")
