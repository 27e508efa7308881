"""Allies & henchmen, advanced play (Adventures p.19).

Games are built on the 5x4 grid of tests/fixtures.py with a plain fixture villain and the
shipped allies file. Rounds are played with the initiative shuffle switched off where the
order of the row matters.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from adventures.rules.allies import allies_of
from adventures.rules.initiative import card_ctx, play_round
from adventures.rules.setup import new_adventure
from adventures.rules.state import ALLY, HENCHMAN, SPECIAL
from engine.content.loader import load_file
from engine.content.schema import ScenarioDef
from engine.decisions import TABLE, FirstOptionAgent, ScriptedAgent
from engine.effects.resolve import run_ops
from tests.fixtures import make_catalog, make_villain, simple_hero

ALLIES_FILE = Path(__file__).resolve().parents[1] / "adventures" / "content" / "allies" / "allies.yaml"


def make_game(players: int = 1, extra: int = 0, allies: bool = True, table=None, seed: int = 3):
    heroes = [simple_hero(n) for n in ("Alpha", "Beta", "Gamma", "Delta")[:players]]
    catalog = make_catalog(heroes=heroes, enemies=[make_villain("shredder")])
    catalog.allies = load_file(ALLIES_FILE)
    scenario = ScenarioDef(name="test", villain="shredder", seats=[{"hero": h.name} for h in heroes],
                           minions=[], allies=allies, extra_henchmen=extra)
    return new_adventure(scenario, catalog, seed, {i: FirstOptionAgent() for i in range(players)},
                         table or FirstOptionAgent())


def ally_def(game, key: str):
    return next(c for c in game.catalog.allies.cards if c.key == key)


def cards_of(game, owner: str) -> list:
    return [c for c in game.adv.all_cards if c.owner == owner and not c.removed]


def recruit(game) -> None:
    card = next(c for c in game.adv.all_cards if c.key == "friends_in_odd_places")
    run_ops(card_ctx(game, card), card.end_of_round_ops)


def player_hero(game, i: int = 0):
    return [s for s in game.sides if not s.is_enemy][i].fighters[0]


def only_cards(game, *cards) -> None:
    """The next round reveals exactly these initiative cards, in this order."""
    game.adv.all_cards = list(cards)
    game.shuffle = lambda cards: None


# ---------------------------------------------------------------- setup
def test_setup_flips_an_ally_and_seeds_two_henchmen_and_friends_in_odd_places():
    """Adventures p.19 setup: shuffle both decks apart, flip the top ally face up, add two
    face-down henchmen and Friends in Odd Places to the initiative deck."""
    game = make_game()
    ui = game.adv.data["allies"]
    assert ui["face_up"] is not None and ui["ally_deck"] == 7 and ui["henchman_deck"] == 6
    assert len(cards_of(game, HENCHMAN)) == 2 and not cards_of(game, ALLY)
    assert [c.key for c in cards_of(game, SPECIAL)] == ["friends_in_odd_places"]


def test_without_allies_option_nothing_is_added():
    """Adventures p.19: allies & henchmen are an optional advanced module."""
    game = make_game(allies=False)
    assert allies_of(game) is None and "allies" not in game.adv.data
    assert all(c.owner not in (ALLY, HENCHMAN) for c in game.adv.all_cards)


def test_extra_henchmen_option_adds_more_henchmen():
    """Adventures p.19 note: for a tougher game, add more henchmen to the starting deck."""
    game = make_game(extra=3)
    assert len(cards_of(game, HENCHMAN)) == 5
    assert game.adv.data["allies"]["henchman_deck"] == 3


def test_decks_are_shuffled_with_the_game_rng():
    """Same seed, same setup; the ally and henchman orders come from game.rng."""
    a, b = make_game(seed=11), make_game(seed=11)
    assert [c.key for c in a.adv.all_cards] == [c.key for c in b.adv.all_cards]
    assert a.adv.data["allies"] == b.adv.data["allies"]
    faces = {make_game(seed=s).adv.data["allies"]["face_up"] for s in range(12)}
    assert len(faces) > 1


# ---------------------------------------------------------------- recruitment
def test_ally_recruited_when_a_player_fighter_is_on_its_starting_space():
    """Adventures p.19 recruitment: a player fighter on the face-up ally's numbered starting
    space brings that ally into the initiative deck for the next round; the next ally flips."""
    game = make_game()
    module = allies_of(game)
    module.face_up = ally_def(game, "mighty_mutanimals")    # start 1: the hero is there
    assert game.occ[game.board.start[1]] is not None
    recruit(game)
    assert [c.key for c in cards_of(game, ALLY)] == ["mighty_mutanimals"]
    assert len(cards_of(game, HENCHMAN)) == 2
    assert module.face_up is not None and module.face_up.key != "mighty_mutanimals"
    assert "Mighty Mutanimals" not in game.adv.data["allies"]["discarded"]
    play_round(game)                                            # it is in next round's deck
    assert any(e["kind"] == "initiative" and e["key"] == "mighty_mutanimals" for e in game.events)


def test_henchman_added_when_nobody_is_on_the_allys_starting_space():
    """Adventures p.19 recruitment: otherwise the ally is discarded and a face-down henchman
    joins the initiative deck instead."""
    game = make_game()
    module = allies_of(game)
    module.face_up = ally_def(game, "usagi_yojimbo")            # start space 1
    game.lift(game.occ[game.board.start[1]])
    recruit(game)
    assert not cards_of(game, ALLY)
    assert len(cards_of(game, HENCHMAN)) == 3
    assert game.adv.data["allies"]["discarded"] == ["Usagi Yojimbo"]


def test_enemy_on_the_start_space_does_not_recruit():
    """Adventures p.19: only a *player* fighter recruits (the villain starts on space 5)."""
    game = make_game()
    module = allies_of(game)
    module.face_up = ally_def(game, "mona_lisa")                # start space 5
    assert game.occ[game.board.start[5]].is_enemy
    recruit(game)
    assert not cards_of(game, ALLY) and len(cards_of(game, HENCHMAN)) == 3


def test_empty_decks_add_nothing():
    """Adventures p.19 note: discarded cards are out of the game; an empty deck adds nothing."""
    game = make_game()
    module = allies_of(game)
    module.allies.clear()
    module.henchmen.clear()
    module.face_up = ally_def(game, "usagi_yojimbo")
    game.lift(game.occ[game.board.start[1]])
    recruit(game)
    assert module.face_up is None and len(cards_of(game, HENCHMAN)) == 2
    recruit(game)                                               # no face-up ally: nothing happens
    assert game.adv.data["allies"]["face_up"] is None


# ---------------------------------------------------------------- knockout
def test_ally_followed_by_henchman_knock_each_other_out():
    """Adventures p.19: resolving an ally's END OF ROUND with a henchman directly to its
    right removes both for good; the henchman's END OF ROUND does not resolve."""
    game = make_game()
    module = allies_of(game)
    usagi = module.add_card(game, ally_def(game, "usagi_yojimbo"))
    dirtbag = module.add_card(game, ally_def(game, "dirtbag_groundchuck"))
    only_cards(game, usagi, dirtbag)
    play_round(game)
    assert usagi.removed and dirtbag.removed
    assert game.adv.threat == 0                                 # Dirtbag's threat did not happen
    assert game.adv.data["allies"]["discarded"] == ["Usagi Yojimbo", "Dirtbag & Groundchuck"]
    assert any(e["kind"] == "knockout" for e in game.events)
    game.adv.all_cards += [usagi, dirtbag]
    play_round(game)                                            # out of the game for good
    assert not any(e["kind"] == "initiative" and e["round"] == 2 for e in game.events)


def test_henchman_followed_by_ally_knock_each_other_out():
    """Adventures p.19: the check works from either type (example: Karai and Pizza Aliens)."""
    game = make_game()
    module = allies_of(game)
    aliens = module.add_card(game, ally_def(game, "pizza_aliens"))
    karai = module.add_card(game, ally_def(game, "karai"))
    only_cards(game, aliens, karai)
    play_round(game)
    assert aliens.removed and karai.removed


def test_same_type_neighbours_both_resolve():
    """Adventures p.19: only a card of the *opposite* type knocks out; two henchmen side by
    side both resolve their END OF ROUND."""
    game = make_game()
    module = allies_of(game)
    dirtbag = module.add_card(game, ally_def(game, "dirtbag_groundchuck"))
    droids = module.add_card(game, ally_def(game, "kraang_droids"))
    villain = game.adv.villain.fighters[0]                      # the hero on space 1: in the
    villain.health -= 2                                         # villain's zone, not adjacent
    only_cards(game, dirtbag, droids)
    play_round(game)
    assert not dirtbag.removed and not droids.removed
    assert game.adv.threat == 1 and villain.health == villain.max_health - 1


def test_ally_next_to_a_player_card_is_not_knocked_out():
    """Adventures p.19: player and enemy initiative cards never knock an ally out."""
    game = make_game()
    module = allies_of(game)
    renet = module.add_card(game, ally_def(game, "renet"))
    player = next(c for c in game.adv.all_cards if c.owner == "player")
    game.adv.threat = 3
    game.agents[0] = ScriptedAgent(lambda d: 0)
    only_cards(game, renet, player)
    play_round(game)
    assert not renet.removed and game.adv.threat == 1       # Renet pushed the threat back 2


# ---------------------------------------------------------------- effects
def test_ally_choices_belong_to_the_table():
    """Adventures p.19: allies help the players; "players choose" goes to the TABLE seat."""
    table = ScriptedAgent(lambda d: 1 if d.tag == "choose_player" else None)
    game = make_game(players=2, table=table)
    module = allies_of(game)
    gecko = module.add_card(game, ally_def(game, "mondo_gecko"))
    hands = [len(s.hand) for s in game.sides if not s.is_enemy]
    run_ops(card_ctx(game, gecko), gecko.right_now_ops)
    asked = [d for d in table.seen if d.tag == "choose_player"]
    assert asked and asked[0].seat == TABLE
    assert [len(s.hand) for s in game.sides if not s.is_enemy] == [hands[0], hands[1] + 2]


def test_ally_strike_damages_an_enemy_next_to_a_player_fighter():
    """Our Mighty Mutanimals: players choose an enemy fighter adjacent to a player fighter."""
    game = make_game()
    module = allies_of(game)
    mutanimals = module.add_card(game, ally_def(game, "mighty_mutanimals"))
    villain = game.adv.villain.fighters[0]
    hero = player_hero(game)
    run_ops(card_ctx(game, mutanimals), mutanimals.right_now_ops)
    assert villain.health == villain.max_health                 # nobody adjacent: no target
    game.put(hero, game.board.adj[villain.space][0])
    run_ops(card_ctx(game, mutanimals), mutanimals.right_now_ops)
    assert villain.health == villain.max_health - 2                 # its tuned amount (docs/BALANCE.md)


def test_henchmen_make_no_decisions():
    """Adventures p.13: henchmen are enemy effects; only "players choose" ties are asked."""
    table = ScriptedAgent()
    game = make_game(players=2, table=table)
    module = allies_of(game)
    rahzar = module.add_card(game, ally_def(game, "rahzar"))
    heroes = [s.fighters[0] for s in game.sides if not s.is_enemy]
    run_ops(card_ctx(game, rahzar), rahzar.right_now_ops)
    assert [d.seat for d in table.seen] == [TABLE]
    assert sorted(h.max_health - h.health for h in heroes) == [0, 1]      # Rahzar: 1 damage


@pytest.mark.parametrize("key", ["pizza_aliens", "agent_bishop", "hun", "tokka", "foot_elite",
                                 "mona_lisa", "ray_fillet", "fugitoid", "renet", "karai"])
def test_every_card_effect_resolves(key):
    """Every ally and henchman effect runs on a fresh game without error (p.19)."""
    game = make_game(players=2)
    card = allies_of(game).add_card(game, ally_def(game, key))
    ctx = card_ctx(game, card)
    run_ops(ctx, card.right_now_ops)
    run_ops(ctx, card.end_of_round_ops)


def test_allies_file_has_sixteen_cards_beside_friends_in_odd_places():
    """Adventures p.2: 17 ally & henchman cards, Friends in Odd Places among them (p.19), so
    16 allies and henchmen; every ally names a starting space 1-5."""
    deck = load_file(ALLIES_FILE)
    assert len(deck.cards) + 1 == 17
    assert len({c.key for c in deck.cards}) == 16
    assert deck.friends_in_odd_places.key not in {c.key for c in deck.cards}
    assert all(1 <= c.start_space <= 5 for c in deck.cards if c.kind == "ally")
    assert deck.friends_in_odd_places.end_of_round_ops
