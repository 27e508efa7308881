"""Sinbad and the Porter as published (tests/facts/heroes/sinbad.yaml): his VOYAGE ability,
the published voyages, Momentous Shift, and full games against both villains."""
from __future__ import annotations

import pytest
from base_hero_helpers import (
    clear_hand,
    duel,
    enemy_side,
    fighter,
    hero_against,
    last_combat,
    play_checked_adventure,
    play_random_duels,
    player,
    record,
)
from fixtures import named, pick, take_card

from engine.combat import fight
from engine.decisions import ScriptedAgent
from engine.turn import maneuver

VOYAGES_TO = ["Voyage to the Island That Was a Whale", "Voyage to the Valley of the Giant Snakes",
              "Voyage to the Creature with Eyes Like Coals of Fire",
              "Voyage to the Cannibals with the Root of Madness", "Voyage to the City of the Man-Eating Apes",
              "Voyage to the City of the King of Serendib"]


def no_defense(game, seat: int = 1) -> None:
    game.agents[seat] = ScriptedAgent(pick("defense_card", lambda c: c is None))


def discard_voyages(side, names) -> None:
    for name in names:
        side.discard.append(take_card(side, name))


def test_sinbad_has_seven_voyage_cards_and_the_voyages_to_print_no_boost():
    """sinbad.yaml special_setup: 7 VOYAGE cards (six "Voyage to ..." and Voyage Home), all
    Sinbad-only attacks of value 2; the six "Voyage to ..." print no BOOST."""
    game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 20})
    side = game.sides[0]
    voyages = [c for c in side.all_cards() if "voyage" in c.tags]
    assert sorted(c.name for c in voyages) == sorted(["Voyage Home", *VOYAGES_TO])
    assert all(c.kind == "attack" and c.value == 2 and c.fighter == "Sinbad" for c in voyages)
    assert {c.name for c in voyages if not c.boostable} == set(VOYAGES_TO)


def test_a_voyage_to_card_cannot_be_spent_to_boost():
    """sinbad.yaml / facts README: a card with no printed BOOST is never a BOOST choice."""
    game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 20})
    side = game.sides[0]
    clear_hand(side)
    whale = take_card(side, VOYAGES_TO[0])
    home = take_card(side, "Voyage Home")
    side.hand[:] = [whale, home]
    assert game.boost_pool(side) == [home]
    maneuver(game, side)
    boost = next(d for d in game.agents[0].seen if d.tag == "boost")
    assert whale not in boost.options and home in boost.options


def test_sinbad_maneuvers_one_extra_space_per_voyage_in_his_discard_pile():
    """sinbad.yaml ability: maneuver movement grows by the number of VOYAGE cards in the
    discard pile (Voyage Home counts too), for each of his fighters."""
    for names in ([], ["Voyage Home", VOYAGES_TO[1]]):
        game = duel("sinbad", "medusa", {"Sinbad": 1, "The Porter": 11, "Medusa": 20})
        side = game.sides[0]
        discard_voyages(side, names)
        seen: list = []
        game.agents[0] = ScriptedAgent(record("move_dest", "steps", seen), pick("boost", lambda c: c is None))
        clear_hand(side)
        maneuver(game, side)
        assert seen == [side.move + len(names)] * 2                  # Sinbad and the Porter


def test_voyage_cards_are_worth_one_more_for_each_other_voyage_in_the_discard_pile():
    """sinbad.yaml voyages: worth 1 more for each other VOYAGE card in your discard pile."""
    for already in (0, 3):
        game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 2})
        side = game.sides[0]
        discard_voyages(side, VOYAGES_TO[1:1 + already])
        no_defense(game)
        fight(game, fighter(game, "Sinbad"), fighter(game, "Medusa"), take_card(side, VOYAGES_TO[5]))
        assert last_combat(game)["attack"] == 2 + already


def test_voyage_home_brings_every_other_voyage_back_to_hand():
    """sinbad.yaml Voyage Home (2, BOOST 1): worth 1 more per other VOYAGE in the discard
    pile; after combat every other VOYAGE card there goes back to your hand."""
    game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 2})
    side = game.sides[0]
    clear_hand(side)
    discard_voyages(side, VOYAGES_TO[:3])
    other = take_card(side, "Exploit")
    side.discard.append(other)
    home = take_card(side, "Voyage Home")
    no_defense(game)
    fight(game, fighter(game, "Sinbad"), fighter(game, "Medusa"), home)
    assert last_combat(game)["attack"] == 2 + 3
    assert sorted(c.name for c in side.hand) == sorted(VOYAGES_TO[:3])
    assert side.discard == [other, home]


@pytest.mark.parametrize("name", VOYAGES_TO)
def test_each_voyage_to_card_has_its_after_combat_effect(name):
    """sinbad.yaml "Voyage to ..." after-combat effects: Sinbad regains 2; look at the
    opponent's hand; the opponent discards a random card; Sinbad may move 0-2; the opposing
    fighter takes 2 damage; draw a card."""
    game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 2})
    side, medusa_side = game.sides[0], game.sides[1]
    sinbad, medusa = fighter(game, "Sinbad"), fighter(game, "Medusa")
    sinbad.health = 10
    clear_hand(side)
    hand_before = len(medusa_side.hand)
    game.agents[0] = ScriptedAgent(lambda d: len(d.options) - 1 if d.tag == "move_dest" else None)
    no_defense(game)
    fight(game, sinbad, medusa, take_card(side, name))
    damage = 2                                                   # the combat damage: 2 against no defense
    expect = {
        VOYAGES_TO[0]: lambda: sinbad.health == 10 + 2,
        VOYAGES_TO[1]: lambda: any(e["kind"] == "look" for e in game.events),
        VOYAGES_TO[2]: lambda: len(medusa_side.hand) == hand_before - 1,
        VOYAGES_TO[3]: lambda: sinbad.space != game.board.index[1],
        VOYAGES_TO[4]: lambda: medusa.health == 16 - damage - 2,
        VOYAGES_TO[5]: lambda: len(side.hand) == 1,
    }
    assert expect[name]()


def test_voyage_to_the_valley_of_the_giant_snakes_looks_at_the_top_card_of_an_enemy_deck():
    """sinbad.yaml coop reading (Adventures p.13): an enemy's hand is the top card of its deck."""
    game = hero_against("sinbad", "shredder", seed=2)
    shredder = enemy_side(game)
    fight(game, fighter(game, "Sinbad"), shredder.hero, take_card(player(game), VOYAGES_TO[1]))
    looks = [e for e in game.events if e["kind"] == "look"]
    assert looks and "top card of" in looks[-1]["text"]


def test_momentous_shift_is_worth_five_if_the_fighter_moved_since_the_turn_began():
    """sinbad.yaml Momentous Shift (3): worth 5 if your fighter is on a different space from
    the one it occupied when this turn began (any turn: a new turn starts a new record)."""
    for moved, expected in ((False, 3), (True, 5)):
        game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 7})
        sinbad = fighter(game, "Sinbad")
        game.turn += 1                                            # a turn begins here
        if moved:
            game.put(sinbad, game.board.index[2])
        else:
            game.put(fighter(game, "Medusa"), game.board.index[2])
        no_defense(game)
        fight(game, sinbad, fighter(game, "Medusa"), take_card(game.sides[0], "Momentous Shift"))
        assert last_combat(game)["attack"] == expected
    game.turn += 1                                               # the next turn: Sinbad has not moved in it
    assert not game.moved_this_turn(sinbad)


def test_leap_away_moves_either_combat_fighter_up_to_four_on_a_win():
    """sinbad.yaml Leap Away (4): only if you won, pick either fighter of the combat and move
    it 0-4 spaces."""
    for defense, moves in ((None, [4]), ("Hiss and Slither", [])):        # defense 4: Sinbad loses
        game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 2})
        seen: list = []
        game.agents[0] = ScriptedAgent(record("move_dest", "steps", seen), pick("choose_one", lambda i: i == 1))
        if defense:
            game.sides[1].hand.append(take_card(game.sides[1], defense))
            game.agents[1] = ScriptedAgent(pick("defense_card", named(defense)))
        else:
            no_defense(game)
        fight(game, fighter(game, "Sinbad"), fighter(game, "Medusa"), take_card(game.sides[0], "Leap Away"))
        assert seen == moves


def test_sinbad_plays_full_competitive_duels():
    """Base-set scan p.2-4: full duels with random decisions end without error."""
    play_random_duels("sinbad")


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_sinbad_plays_checked_adventures_against_each_villain(villain, bot):
    """Adventures p.4-13: one-player games run to their end, invariants checked throughout."""
    for seed in range(2):
        result = play_checked_adventure("sinbad", villain, bot, seed)
        assert result.winner in ("heroes", "villain", "timeout")


def test_a_fighter_moved_and_brought_back_this_turn_has_not_moved():
    """sinbad.yaml Momentous Shift: what counts is the space the fighter occupied when this
    turn began, not whether it went anywhere in between; each turn starts a new record."""
    game = duel("sinbad", "medusa", {"Sinbad": 1, "Medusa": 7})
    sinbad = fighter(game, "Sinbad")
    start = sinbad.space
    game.turn += 1
    game.put(sinbad, game.board.index[2])
    assert game.moved_this_turn(sinbad)
    game.lift(sinbad)
    game.put(sinbad, start)
    assert not game.moved_this_turn(sinbad)
    game.put(sinbad, game.board.index[2])
    game.turn += 1
    assert not game.moved_this_turn(sinbad)
    game.swap(sinbad, fighter(game, "Medusa"))
    assert game.moved_this_turn(sinbad) and game.moved_this_turn(fighter(game, "Medusa"))
