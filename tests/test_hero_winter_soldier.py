"""Winter Soldier as published (tests/facts/heroes/winter_soldier.yaml): Brainwashed
(Marvel rulebook p.16): none of his effects can be cancelled, and his STAR drawbacks
happen unless A Boy Named Bucky was played this turn."""
from __future__ import annotations

import pytest
from fixtures import named, pick, take_card, to_hand
from fixtures import shipped_hero as hero
from marvel_duel import adventure, duel, fighter, only_in_hand, play_checked_adventure, play_random_duels

from engine.combat import fight
from engine.decisions import ScriptedAgent
from engine.turn import scheme


def no_defense():
    return pick("defense_card", lambda c: c is None)


def spy_enemy_draws(game) -> list:
    """Record every draw an enemy makes (Adventures p.13: cards shuffled back from its discard)."""
    calls: list = []
    real = game.rules.enemy_draw
    game.rules.enemy_draw = lambda g, side, n: (calls.append((side.name, n)), real(g, side, n))
    return calls


def soldier_vs_widow(ws_space: int = 2, bw_space: int = 3, **more):
    game = duel("winter_soldier", "black_widow", {"Winter Soldier": ws_space, "Black Widow": bw_space, **more})
    return game, fighter(game, "Winter Soldier"), fighter(game, "Black Widow")


def test_winter_soldier_has_no_sidekick_and_every_effect_is_uncancellable():
    """Facts (special_setup: no sidekick; ability Brainwashed): every effect of his cards is
    stamped uncancellable."""
    ws = hero("winter_soldier")
    assert ws.sidekick is None and ws.uncancellable
    game, soldier, _ = soldier_vs_widow()
    assert all(e.uncancellable for c in soldier.side.deck + soldier.side.hand for e in c.effects)


def test_feint_cannot_cancel_bionic_arm_next_to_the_opposing_fighter():
    """Facts: Bionic Arm is worth 6 next to the opposing fighter; Brainwashed: Feint cannot
    cancel that (rulebook p.16)."""
    game, soldier, widow = soldier_vs_widow()
    widow.max_health = widow.health = 20
    to_hand(widow.side, "Feint")
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Feint")))
    combat = fight(game, soldier, widow, take_card(soldier.side, "Bionic Arm"))
    assert combat.damage == 6 - 2


def test_bionic_arm_is_worth_2_at_range_and_lets_the_opponent_move_every_fighter_up_to_5():
    """Facts: Bionic Arm is 2 when not adjacent; its STAR effect lets the opponent move each
    of their fighters 0-5 spaces (their choice)."""
    game, soldier, widow = soldier_vs_widow(ws_space=1, bw_space=7, **{"Maria Hill": 11})
    hill = fighter(game, "Maria Hill")
    widow.max_health = widow.health = 20
    away = game.board.index[10]
    game.agents[1] = ScriptedAgent(no_defense(), pick("move_dest", lambda s: s == away))
    combat = fight(game, soldier, widow, take_card(soldier.side, "Bionic Arm"))
    assert combat.damage == 2
    assert widow.space == away
    assert sum(d.tag == "move_dest" for d in game.agents[1].seen) == 2 and hill.alive


def test_without_remorse_lets_the_opponent_draw_even_through_caught_in_a_web():
    """Facts: Without Remorse (attack 6) STAR: the opponent may draw 1. Caught in a Web
    cancels after-combat effects, but not Winter Soldier's (rulebook p.16)."""
    game, soldier, widow = soldier_vs_widow()
    widow.max_health = widow.health = 20
    to_hand(widow.side, "Caught in a Web")
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Caught in a Web")))
    hand = len(widow.side.hand)
    fight(game, soldier, widow, take_card(soldier.side, "Without Remorse"))
    assert len(widow.side.hand) == hand - 1 + 1
    assert any(d.tag == "may" for d in game.agents[1].seen)    # the opponent decides


def test_without_remorse_gives_an_enemy_nothing():
    """Facts coop_note: enemies make no decisions and decline every "may" (Adventures p.13)."""
    game, ws, villain = adventure("winter_soldier")
    soldier, shredder = ws.hero, villain.fighters[0]
    game.put(soldier, next(s for s in game.board.adj[shredder.space] if game.occ[s] is None))
    draws = spy_enemy_draws(game)
    fight(game, soldier, shredder, take_card(ws, "Without Remorse"))
    assert draws == []


def test_programmed_to_kill_costs_winter_soldier_2_health_when_he_wins():
    """Facts: Programmed to Kill (attack 4) STAR: on a win Winter Soldier takes 2 damage."""
    game, soldier, widow = soldier_vs_widow()
    widow.max_health = widow.health = 20
    game.agents[1] = ScriptedAgent(no_defense())
    fight(game, soldier, widow, take_card(soldier.side, "Programmed to Kill"))
    assert soldier.health == soldier.max_health - 2


def test_a_boy_named_bucky_skips_star_effects_until_the_turn_ends_and_gives_an_action():
    """Facts: A Boy Named Bucky: the STAR drawbacks do not happen until your turn ends; one
    more action. Rulebook p.16: it is the only way to ignore them."""
    game, soldier, widow = soldier_vs_widow()
    ws = soldier.side
    widow.max_health = widow.health = 40
    only_in_hand(ws, "A Boy Named Bucky")
    ws.actions_left = 0
    scheme(game, ws)
    assert ws.actions_left == 1
    game.agents[1] = ScriptedAgent(no_defense())
    fight(game, soldier, widow, take_card(ws, "Programmed to Kill"))
    assert soldier.health == soldier.max_health
    game.turn += 1                                              # the next turn: the drawbacks are back
    fight(game, soldier, widow, take_card(ws, "Programmed to Kill"))
    assert soldier.health == soldier.max_health - 2


def test_marksman_gains_1_per_space_between_the_fighters():
    """Facts: Marksman (attack 1) is worth 1 more per space lying between Winter Soldier and
    the opposing fighter (0 when adjacent)."""
    for bw_space, value in ((2, 1), (3, 2), (5, 4)):
        game, soldier, widow = soldier_vs_widow(ws_space=1, bw_space=bw_space)
        widow.max_health = widow.health = 20
        game.agents[1] = ScriptedAgent(no_defense())
        combat = fight(game, soldier, widow, take_card(soldier.side, "Marksman"))
        assert combat.damage == value


def test_reflex_memories_discards_2_random_cards_then_draws_2():
    """Facts: Reflex Memories (versatile 5) STAR: 2 random cards from hand to the discard
    pile, then draw 2."""
    game, soldier, widow = soldier_vs_widow()
    ws = soldier.side
    only_in_hand(ws, "Feint", "Marksman", "Reprogram")
    ws.discard.clear()
    game.agents[1] = ScriptedAgent(no_defense())
    top2 = ws.deck[-2:]
    fight(game, soldier, widow, take_card(ws, "Reflex Memories"))
    assert len(ws.hand) == 3 and all(c in ws.hand for c in top2)
    assert len([c for c in ws.discard if c.name != "Reflex Memories"]) == 2


def test_wily_fighting_hits_every_opposing_fighter_next_to_winter_soldier():
    """Facts: Wily Fighting (versatile 3): each opposing fighter adjacent to him takes 1."""
    game, soldier, widow = soldier_vs_widow(ws_space=7, bw_space=8, **{"Maria Hill": 2})
    hill = fighter(game, "Maria Hill")
    game.agents[1] = ScriptedAgent(no_defense())
    fight(game, soldier, widow, take_card(soldier.side, "Wily Fighting"))
    assert widow.health == widow.max_health - 3 - 1 and hill.health == hill.max_health - 1


def test_born_in_the_barracks_heals_2_on_a_win():
    """Facts: Born in the Barracks (versatile 3): on a win Winter Soldier regains 2."""
    game, soldier, widow = soldier_vs_widow()
    soldier.health = 10
    game.agents[1] = ScriptedAgent(no_defense())
    fight(game, soldier, widow, take_card(soldier.side, "Born in the Barracks"))
    assert soldier.health == 12


def test_reprogram_shuffles_3_chosen_cards_from_the_discard_pile_into_the_deck():
    """Facts: Reprogram (versatile 2): three cards of your choice from the discard pile (all
    if fewer) go back into the deck, which is shuffled."""
    game, soldier, widow = soldier_vs_widow()
    ws = soldier.side
    only_in_hand(ws)
    reprogram = take_card(ws, "Reprogram")
    ws.discard[:] = ws.discard[:4]
    chosen = ws.discard[1:]
    game.agents[0] = ScriptedAgent(pick("from_discard", lambda c: c in chosen))
    game.agents[1] = ScriptedAgent(no_defense())
    deck = len(ws.deck)
    fight(game, soldier, widow, reprogram)
    assert len(ws.deck) == deck + 3 and all(c in ws.deck for c in chosen)


def test_complete_the_mission_boosts_then_strikes_back_with_the_combat_damage_taken():
    """Facts: Complete the Mission (defense 3) may be boosted once; after combat the opposing
    fighter takes as much damage as the combat damage Winter Soldier took."""
    game = duel("black_widow", "winter_soldier", {"Black Widow": 2, "Winter Soldier": 3})
    widow, soldier = fighter(game, "Black Widow"), fighter(game, "Winter Soldier")
    ws = soldier.side
    only_in_hand(ws, "Complete the Mission", "Marksman")           # Marksman: BOOST 1
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Complete the Mission")),
                                   pick("boost_attack", named("Marksman")))
    combat = fight(game, widow, soldier, take_card(widow.side, "Widow's Sting"))
    assert combat.damage == 5 - 4
    assert widow.health == widow.max_health - 1


def test_manipulation_refills_to_5_and_the_opponent_may_refill_too():
    """Facts: Manipulation refills your hand to 5; STAR: each opponent may refill to 5."""
    game, soldier, widow = soldier_vs_widow()
    ws, bw = soldier.side, widow.side
    only_in_hand(ws, "Manipulation", "Marksman")
    only_in_hand(bw, "Feint")
    game.agents[1] = ScriptedAgent(pick("may", lambda yes: yes is True))
    scheme(game, ws)
    assert len(ws.hand) == 5 and len(bw.hand) == 5


def test_manipulation_gives_enemies_nothing():
    """Facts coop_note: the STAR part is the opponents' choice; enemies never choose."""
    game, ws, villain = adventure("winter_soldier")
    only_in_hand(ws, "Manipulation")
    draws = spy_enemy_draws(game)
    scheme(game, ws)
    assert len(ws.hand) == 5 and draws == []


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_winter_soldier_plays_full_adventures_with_the_invariant_checker(villain, bot):
    """Adventures p.4-13: whole games end without error and with every rule invariant kept."""
    for seed in range(5):
        assert play_checked_adventure("winter_soldier", villain, bot, seed).winner in ("heroes", "villain", "timeout")


def test_winter_soldier_plays_full_competitive_duels():
    """Marvel rulebook p.6-13: duels with random decisions end without error."""
    assert play_random_duels("winter_soldier", ("black_panther", "black_widow", "medusa")) == 6
