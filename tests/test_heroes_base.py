"""Medusa, Alice, King Arthur and Sinbad (Unmatched: Battle of Legends, Volume One): their
special abilities and unusual cards, plus full games of each (duels and Adventures).

Rulebooks: the English base-set scan (core-rules-battle-of-legends-scan.txt, pages 1-4) and
the French core rules (core-rules-fr.txt)."""
from __future__ import annotations

import pytest
from fixtures import grid_board, named, pick, take_card, to_hand
from fixtures import shipped_hero as hero

from adventures.content.catalog import load_catalog
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.board import compile_board
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.decisions import RandomAgent, ScriptedAgent
from engine.match import new_match, play_match
from engine.turn import maneuver, scheme

BASE = ("king_arthur", "sinbad")


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


# ---------------------------------------------------------------- King Arthur


def test_king_arthur_may_boost_his_attack_with_his_ability():
    """Base-set scan p.3 (BOOST): King Arthur's special ability lets you boost the value of
    his attack: discard a card and add its BOOST value."""
    game = duel("king_arthur", "sinbad", {"King Arthur": 1, "Sinbad": 2})
    ka = game.sides[0]
    boost = to_hand(ka, "Excalibur")                            # boost 3
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is boost))
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is None))
    fight(game, fighter(game, "King Arthur"), fighter(game, "Sinbad"), take_card(ka, "Swift Strike"))
    assert last_combat(game)["attack"] == 1 + 3 and boost in ka.discard


def test_merlin_attacks_are_not_boosted_by_king_arthurs_ability():
    """King Arthur's ability applies when King Arthur attacks, not his sidekick."""
    game = duel("king_arthur", "sinbad", {"Merlin": 1, "Sinbad": 2})
    ka = game.sides[0]
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is None))
    fight(game, fighter(game, "Merlin"), fighter(game, "Sinbad"), take_card(ka, "Aid the Chosen One"))
    assert not any(d.tag == "boost_attack" for d in game.agents[0].seen)


def test_king_arthurs_boost_is_not_offered_when_his_attack_card_is_cancelled():
    """King Arthur's card: if the opponent cancels the effects on his attack card, the boost
    has no effect (we then do not offer it)."""
    game = duel("king_arthur", "medusa", {"King Arthur": 1, "Medusa": 2})
    to_hand(game.sides[1], "Feint")
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Feint")))
    fight(game, fighter(game, "King Arthur"), fighter(game, "Medusa"), take_card(game.sides[0], "Excalibur"))
    assert not any(d.tag == "boost_attack" for d in game.agents[0].seen)
    assert last_combat(game)["attack"] == 6


def test_noble_sacrifice_boosts_in_addition_to_the_ability():
    """Noble Sacrifice (base set): you may BOOST this attack, in addition to King Arthur's ability."""
    game = duel("king_arthur", "sinbad", {"King Arthur": 1, "Sinbad": 2})
    ka = game.sides[0]
    first, second = to_hand(ka, "Excalibur"), to_hand(ka, "The Aid of Morgana")   # boosts 3 and 2
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is first or c is second))
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is None))
    fight(game, fighter(game, "King Arthur"), fighter(game, "Sinbad"), take_card(ka, "Noble Sacrifice"))
    assert last_combat(game)["attack"] == 2 + 3 + 2
    assert sum(d.tag == "boost_attack" for d in game.agents[0].seen) == 2


def test_the_holy_grail_sets_king_arthurs_health_to_eight_when_low():
    """The Holy Grail (base set): if King Arthur has 4 or less health but is not defeated, set it to 8."""
    game = duel("king_arthur", "sinbad", {"King Arthur": 1, "Sinbad": 2})
    arthur = fighter(game, "King Arthur")
    arthur.health = 5
    to_hand(arthur.side, "The Holy Grail")
    game.agents[0] = ScriptedAgent(pick("defense_card", named("The Holy Grail")))
    fight(game, fighter(game, "Sinbad"), arthur, take_card(game.sides[1], "Master Mariner"))   # 4 - 1 = 3 damage
    assert arthur.health == 8


def test_prophecy_keeps_two_of_the_top_four_and_returns_the_rest_on_top():
    """Prophecy (French rules p.9 example: the player ends with 2 more cards in hand)."""
    game = duel("king_arthur", "sinbad", {"Merlin": 1, "Sinbad": 20})
    ka = game.sides[0]
    ka.discard.extend(ka.hand)
    ka.hand[:] = [take_card(ka, "Prophecy")]
    top4 = ka.deck[-4:]
    scheme(game, ka)
    assert len(ka.hand) == 2 and all(c in top4 for c in ka.hand)
    assert set(ka.deck[-2:]) == set(top4) - set(ka.hand)


def test_command_the_storms_moves_opposing_fighters_too():
    """Command the Storms (base set): move each fighter up to 3 spaces, opposing ones included."""
    game = duel("king_arthur", "sinbad", {"Merlin": 1, "King Arthur": 11, "Sinbad": 20, "The Porter": 16})
    ka = game.sides[0]
    ka.discard.extend(ka.hand)
    ka.hand[:] = [take_card(ka, "Command the Storms")]
    before = {f.name: f.space for f in game.fighters}
    moved: list = []
    game.agents[0] = ScriptedAgent(record("move_dest", "fighter", moved),
                                   lambda d: len(d.options) - 1 if d.tag == "move_dest" else None)
    scheme(game, ka)
    assert sorted(f.name for f in moved) == ["King Arthur", "Merlin", "Sinbad", "The Porter"]
    assert all(f.space != before[f.name] for f in moved)        # each one went to its farthest space
    assert game.agents[0].seen and all(d.seat == 0 for d in game.agents[0].seen)


def test_the_lady_of_the_lake_fetches_excalibur_from_the_discard_pile_or_the_deck():
    """The Lady of the Lake (base set): search your deck and discard pile for Excalibur and
    add it to your hand; reshuffle only if you searched the deck."""
    for where in ("discard", "deck"):
        game = duel("king_arthur", "sinbad", {"King Arthur": 1, "Sinbad": 20})
        ka = game.sides[0]
        ka.deck[:0] = ka.hand
        ka.hand[:] = [take_card(ka, "The Lady of the Lake")]
        excalibur = take_card(ka, "Excalibur")
        getattr(ka, where).insert(0, excalibur)
        deck_order = list(ka.deck)
        scheme(game, ka)
        assert ka.hand == [excalibur]
        assert (ka.deck == deck_order) == (where == "discard")


def test_restless_spirits_damages_each_opposing_fighter_around_a_space_in_merlins_zone():
    """Restless Spirits (base set, effect re-designed): choose a space in Merlin's zone; each
    opposing fighter on or next to it takes 1 damage (docs/BALANCE.md); friendly fighters are spared."""
    game = duel("king_arthur", "medusa", {"Merlin": 1, "King Arthur": 8, "Medusa": 2,
                                          "Harpy 1": 6, "Harpy 2": 20})
    ka = game.sides[0]
    ka.deck[:0] = ka.hand
    ka.hand[:] = [take_card(ka, "Restless Spirits")]
    game.agents[0] = ScriptedAgent(pick("effect_space", lambda s: s == game.board.index[7]))
    scheme(game, ka)
    assert fighter(game, "Medusa").health == 15 and not fighter(game, "Harpy 1").alive
    assert fighter(game, "Harpy 2").alive and fighter(game, "King Arthur").health == 18


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
