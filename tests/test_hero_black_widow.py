"""Black Widow and Maria Hill as published (tests/facts/heroes/black_widow.yaml): Mission
Ready (Marvel rulebook p.6 and p.17), her five missions, and the unusual cards."""
from __future__ import annotations

import pytest
from fixtures import grid_board, named, pick, take_card, to_hand
from fixtures import shipped_hero as hero
from marvel_duel import adventure, duel, fighter, only_in_hand, play_checked_adventure, play_random_duels

from engine.combat import fight
from engine.decisions import ScriptedAgent
from engine.effects.resolve import Ctx, run_ops
from engine.match import new_match
from engine.turn import SCHEME, legal_actions, scheme

MISSIONS = ("The Budapest Gambit", "The Firenze Agenda", "The Kinshasa Directive", "The Madripoor Sanction",
            "The Moscow Protocol")


def no_defense():
    return pick("defense_card", lambda c: c is None)


def widow_vs_soldier(places: dict[str, int], seed: int = 1):
    game = duel("black_widow", "winter_soldier", places, seed)
    return game, game.sides[0], game.sides[1]


def missions_out_but(side, keep: str | None = None):
    """Every mission but `keep` leaves the deck for the discard pile (none left to acquire)."""
    for c in [c for c in side.deck if "mission" in c.tags and c.name != keep]:
        side.deck.remove(c)
        side.discard.append(c)


def test_black_widow_starts_with_the_moscow_protocol_as_a_sixth_card_from_31():
    """Facts (Mission Ready, special_setup; rulebook p.6 step 4): The Moscow Protocol goes to
    hand first, then 5 cards are drawn from the 31-card deck; all 5 schemes are missions."""
    assert sum(c.copies for c in hero("black_widow").deck) == 31
    assert {c.name for c in hero("black_widow").deck if "mission" in c.tags} == set(MISSIONS)
    assert {c.name for c in hero("black_widow").deck if c.type == "scheme"} == set(MISSIONS)
    for seed in range(5):
        game = new_match(grid_board(), [hero("black_widow"), hero("winter_soldier")], seed)
        widow = game.sides[0]
        assert len(widow.hand) == 6 and len(widow.deck) == 31 - 6
        assert [c.name for c in widow.hand].count("The Moscow Protocol") == 1


def test_the_moscow_protocol_needs_an_opposing_fighter_damaged_this_turn():
    """Facts: The Moscow Protocol is playable only if an opposing fighter took damage this
    turn; it draws 1, gives an action, then acquires a new mission (rulebook p.17: reveal
    until a mission, take it, shuffle the others back)."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 1, "Winter Soldier": 20})
    only_in_hand(bw, "The Moscow Protocol")
    game.turn += 1
    assert SCHEME not in legal_actions(game, bw)
    game.damage(fighter(game, "Winter Soldier"), 1)
    assert SCHEME in legal_actions(game, bw)
    missions_out_but(bw, keep="The Firenze Agenda")
    bw.actions_left = 0
    scheme(game, bw)
    assert bw.actions_left == 1
    assert sorted(c.name for c in bw.hand if "mission" in c.tags) == ["The Firenze Agenda"]
    assert len(bw.hand) == 2 and len(bw.deck) + len(bw.hand) + len(bw.discard) == 31
    game.turn += 1                                        # a new turn: the record is gone
    only_in_hand(bw, "The Moscow Protocol")
    assert SCHEME not in legal_actions(game, bw)


def test_acquiring_a_mission_reveals_until_one_and_shuffles_the_rest_back():
    """Rulebook p.17: reveal from the top one at a time until a mission; it goes to hand; the
    other revealed cards are shuffled back into the deck."""
    game, bw, _ = widow_vs_soldier({"Black Widow": 1, "Winter Soldier": 2})
    only_in_hand(bw)
    missions_out_but(bw, keep="The Budapest Gambit")
    bw.deck.insert(0, take_card(bw, "The Budapest Gambit"))      # the only mission, at the bottom
    others = sorted(c.uid for c in bw.deck[1:])
    run_ops(Ctx(game, bw, bw.hero), [{"search": {"tag": "mission"}}])
    assert [c.name for c in bw.hand] == ["The Budapest Gambit"]
    assert sorted(c.uid for c in bw.deck) == others


def test_acquiring_with_no_mission_left_acquires_nothing():
    """Rulebook p.17: with no mission left in the deck, you do not acquire a new mission."""
    game, bw, _ = widow_vs_soldier({"Black Widow": 1, "Winter Soldier": 2})
    only_in_hand(bw)
    missions_out_but(bw)
    size = len(bw.deck)
    run_ops(Ctx(game, bw, bw.hero), [{"search": {"tag": "mission"}}])
    assert len(bw.deck) == size and bw.hand == []


def test_the_budapest_gambit_needs_at_most_2_other_cards_draws_5_and_every_opponent_discards():
    """Facts: The Budapest Gambit: playable while holding at most 2 other cards; draw 5, every
    opponent discards a random card, acquire a new mission."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 1, "Winter Soldier": 20})
    only_in_hand(bw, "The Budapest Gambit", "Feint", "Fake Out", "Widow's Bite")
    assert SCHEME not in legal_actions(game, bw)
    bw.discard.append(bw.hand.pop())
    assert SCHEME in legal_actions(game, bw)
    missions_out_but(bw)
    ws_hand = len(ws.hand)
    scheme(game, bw)
    assert len(bw.hand) == 2 + 5 and len(ws.hand) == ws_hand - 1


def test_the_budapest_gambit_makes_every_enemy_discard_its_top_card():
    """Facts and Adventures p.10, p.13: every enemy is an opponent; an enemy that discards
    puts the top card of its deck into its discard pile."""
    game, bw, villain = adventure("black_widow")
    only_in_hand(bw, "The Budapest Gambit")
    top = villain.deck[-1]
    scheme(game, bw)
    assert top in villain.discard or top.deception


def test_the_firenze_agenda_needs_an_opposing_hero_next_to_black_widow():
    """Facts: The Firenze Agenda: only while Black Widow is next to an opposing hero; each
    opposing fighter in her zone takes 2."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 1, "Winter Soldier": 7})
    only_in_hand(bw, "The Firenze Agenda")
    assert SCHEME not in legal_actions(game, bw)                   # same zone, not adjacent
    soldier = fighter(game, "Winter Soldier")
    game.put(soldier, game.board.index[2])
    assert SCHEME in legal_actions(game, bw)
    scheme(game, bw)
    assert soldier.health == soldier.max_health - 2


def test_the_firenze_agenda_cannot_be_played_next_to_a_villain():
    """Facts coop_note; Adventures p.10: effects that refer to heroes do not affect villains
    or minions, so a villain next to Black Widow is not an opposing hero (our reading)."""
    game, bw, villain = adventure("black_widow")
    only_in_hand(bw, "The Firenze Agenda")
    shredder = villain.fighters[0]
    game.put(bw.hero, next(s for s in game.board.adj[shredder.space] if game.occ[s] is None))
    assert SCHEME not in legal_actions(game, bw)


def test_the_kinshasa_directive_on_her_own_starting_space_makes_an_opponent_discard_2():
    """Facts: The Kinshasa Directive: only while Black Widow stands on your own starting
    space (rulebook p.17); the picked opponent discards 2 cards of their choice."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 2, "Winter Soldier": 20})
    only_in_hand(bw, "The Kinshasa Directive")
    assert SCHEME not in legal_actions(game, bw)
    game.put(fighter(game, "Black Widow"), game.board.index[1])
    assert SCHEME in legal_actions(game, bw)
    hand = len(ws.hand)
    game.agents[1] = ScriptedAgent()
    scheme(game, bw)
    assert len(ws.hand) == hand - 2
    assert sum(d.tag == "discard" for d in game.agents[1].seen) == 2      # their own choice


def test_the_kinshasa_directive_against_enemies_only_acquires_a_new_mission():
    """Facts coop_note; Adventures p.13: enemies cannot be chosen, so nobody discards, but the
    mission is still played and a new mission acquired (our reading: only the choosing part
    is ignored)."""
    game, bw, villain = adventure("black_widow")
    only_in_hand(bw, "The Kinshasa Directive")
    assert bw.hero.space == bw.start_space                     # she begins on it
    assert SCHEME in legal_actions(game, bw)
    deck = [c.uid for c in villain.deck]
    scheme(game, bw)
    assert [c.uid for c in villain.deck] == deck
    assert [c.name for c in bw.hand if "mission" in c.tags] != []


def test_the_madripoor_sanction_on_an_opponents_starting_space_hits_each_of_their_fighters():
    """Facts: The Madripoor Sanction: only while Black Widow stands on an opponent's starting
    space; each fighter of that opponent takes 2."""
    game = duel("black_widow", "black_panther", {"Black Widow": 19, "Black Panther": 14, "Shuri": 3})
    bw = game.sides[0]
    only_in_hand(bw, "The Madripoor Sanction")
    assert SCHEME not in legal_actions(game, bw)
    game.put(fighter(game, "Black Widow"), game.board.index[20])          # Black Panther began here
    assert SCHEME in legal_actions(game, bw)
    scheme(game, bw)
    for name in ("Black Panther", "Shuri"):
        f = fighter(game, name)
        assert f.health == f.max_health - 2


def test_the_madripoor_sanction_counts_the_villains_starting_space():
    """Facts coop_note (open question); Adventures p.4: the villain begins on starting space
    5, which we count as its starting space: Black Widow there hurts the villain."""
    game, bw, villain = adventure("black_widow")
    only_in_hand(bw, "The Madripoor Sanction")
    shredder = villain.fighters[0]
    start5 = game.board.start[5]
    assert SCHEME not in legal_actions(game, bw)
    game.put(shredder, next(s for s in game.board.adj[start5] if game.occ[s] is None))
    game.put(bw.hero, start5)
    assert SCHEME in legal_actions(game, bw)
    scheme(game, bw)
    assert shredder.health == shredder.max_health - 2


def test_widows_kiss_keeps_the_opposing_fighter_in_place_until_the_turn_ends():
    """Facts: Widow's Kiss: until the end of the turn the opposing fighter cannot leave its
    space: Widow's Line then cannot move it; the next turn it can be moved again."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 1, "Winter Soldier": 2})
    soldier = fighter(game, "Winter Soldier")
    soldier.max_health = soldier.health = 30
    game.agents[1] = ScriptedAgent(no_defense())
    game.turn += 1
    fight(game, bw.hero, soldier, take_card(bw, "Widow's Kiss"))
    assert game.pinned(soldier)
    fight(game, bw.hero, soldier, take_card(bw, "Widow's Line"))
    assert soldier.space == game.board.index[2]
    assert not any(d.tag == "move_dest" for d in game.agents[0].seen)
    game.turn += 1
    game.agents[0] = ScriptedAgent(pick("move_dest", lambda s: s == game.board.index[4]))
    fight(game, bw.hero, soldier, take_card(bw, "Widow's Line"))
    assert soldier.space == game.board.index[4]


def test_widows_kiss_also_stops_places_and_swaps_of_the_pinned_fighter():
    """Facts: Widow's Kiss: no move, place or swap takes the opposing fighter away this turn."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 1, "Maria Hill": 6, "Winter Soldier": 2})
    soldier, hill = fighter(game, "Winter Soldier"), fighter(game, "Maria Hill")
    game.turn += 1
    game.pin(soldier)
    game.place(soldier, game.board.index[20])
    game.swap(soldier, hill)
    assert soldier.space == game.board.index[2] and hill.space == game.board.index[6]


def test_caught_in_a_web_cancels_only_the_after_combat_effects():
    """Facts: Caught in a Web cancels only the AFTER COMBAT effects of the opposing card
    (Analyze and Adjust stores nothing); the card's other timings are not cancelled."""
    game = duel("black_widow", "black_panther", {"Black Widow": 1, "Black Panther": 2})
    bw, bp = game.sides
    to_hand(bw, "Caught in a Web")
    game.agents[0] = ScriptedAgent(pick("defense_card", named("Caught in a Web")))
    card = take_card(bp, "Analyze and Adjust")
    combat = fight(game, fighter(game, "Black Panther"), bw.hero, card)
    assert bp.stored == []
    assert (card.uid, "after_combat") in combat.cancelled and card.uid not in combat.cancelled


def test_double_identity_trades_spaces_and_the_other_fighter_defends():
    """Facts: Double Identity: Black Widow and Maria Hill may trade spaces; if they do, the
    one that was not attacked becomes the defender."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 2, "Maria Hill": 10, "Winter Soldier": 3})
    widow, hill, soldier = fighter(game, "Black Widow"), fighter(game, "Maria Hill"), fighter(game, "Winter Soldier")
    to_hand(bw, "Double Identity")
    game.agents[0] = ScriptedAgent(pick("defense_card", named("Double Identity")),
                                   pick("double_identity", lambda yes: yes))
    game.agents[1] = ScriptedAgent(pick("boost_attack", lambda c: c is None))
    combat = fight(game, soldier, widow, take_card(ws, "Without Remorse"))
    assert combat.defender is hill and hill.space == game.board.index[2] and widow.space == game.board.index[10]
    assert hill.health == hill.max_health - 3 and widow.health == widow.max_health


def test_heuristic_bot_lets_the_fighter_with_more_health_defend_with_double_identity():
    """Facts: Double Identity's trade is optional; the bot trades only toward more health."""
    from adventures.bots.heuristic import HeuristicBot
    from engine.decisions import Decision
    game, bw, _ = widow_vs_soldier({"Black Widow": 2, "Maria Hill": 10, "Winter Soldier": 3})
    widow, hill = fighter(game, "Black Widow"), fighter(game, "Maria Hill")
    bot = HeuristicBot()
    for defender, partner, trade in ((hill, widow, True), (widow, hill, False)):
        d = Decision("yesno", 0, "trade?", [True, False], [], {"defender": defender, "partner": partner},
                     "double_identity")
        assert d.options[bot.choose(game, d)] is trade


def test_life_model_decoy_is_worth_0_and_brings_maria_hill_back_next_to_black_widow():
    """Facts: Life Model Decoy (defense, no printed value: 0): if Maria Hill was defeated, she
    comes back on a space next to Black Widow with 3 health."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 1, "Maria Hill": 10, "Winter Soldier": 8})
    hill, soldier = fighter(game, "Maria Hill"), fighter(game, "Winter Soldier")
    hill.health = 2
    to_hand(bw, "Life Model Decoy")
    game.agents[0] = ScriptedAgent(pick("defense_card", named("Life Model Decoy")))
    combat = fight(game, soldier, hill, take_card(ws, "Marksman"))
    assert combat.damage == 2
    assert hill.alive and hill.health == 3 and game.adjacent(hill, bw.hero)


def test_acting_director_moves_through_opposing_fighters_and_returns_a_scheme_to_the_deck():
    """Facts: Acting Director of S.H.I.E.L.D. (Maria Hill): your fighters may each move up to 3,
    through opposing fighters; then a scheme from your discard pile goes back into the deck."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 1, "Maria Hill": 6, "Winter Soldier": 11})
    hill, soldier = fighter(game, "Maria Hill"), fighter(game, "Winter Soldier")
    soldier.max_health = soldier.health = 30
    only_in_hand(bw)
    mission = take_card(bw, "The Firenze Agenda")
    bw.discard.append(mission)
    beyond = game.board.index[16]                                   # 6 -> 11 (Winter Soldier) -> 16
    game.agents[0] = ScriptedAgent(pick("move_dest", lambda s: s == game.board.index[1]),
                                   pick("move_dest", lambda s: s == beyond),
                                   pick("from_discard", lambda c: c is mission))
    game.agents[1] = ScriptedAgent(no_defense())
    fight(game, hill, soldier, take_card(bw, "Acting Director of S.H.I.E.L.D."))
    assert hill.space == beyond
    assert mission in bw.deck and mission not in bw.discard


def test_widows_bite_makes_the_opponent_discard_a_card_of_their_choice_on_a_win():
    """Facts: Widow's Bite (attack 4): only on a win, the opponent discards one card they pick;
    an enemy discards the top card of its deck (Adventures p.10)."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 1, "Winter Soldier": 2})
    game.agents[1] = ScriptedAgent(no_defense())
    hand = len(ws.hand)
    fight(game, bw.hero, fighter(game, "Winter Soldier"), take_card(bw, "Widow's Bite"))
    assert len(ws.hand) == hand - 1 and any(d.tag == "discard" for d in game.agents[1].seen)


def test_fake_out_gives_a_card_and_an_action_only_on_a_loss():
    """Facts: Fake Out (attack 1): on a lost combat draw 1 and gain an action; nothing on a win."""
    game, bw, ws = widow_vs_soldier({"Black Widow": 1, "Winter Soldier": 2})
    to_hand(ws, "Feint")
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Complete the Mission")),
                                   pick("boost_attack", lambda c: c is None))
    to_hand(ws, "Complete the Mission")
    only_in_hand(bw)
    bw.actions_left = 0
    fight(game, bw.hero, fighter(game, "Winter Soldier"), take_card(bw, "Fake Out"))
    assert bw.actions_left == 1 and len(bw.hand) == 1
    game.agents[1] = ScriptedAgent(no_defense())
    fight(game, bw.hero, fighter(game, "Winter Soldier"), take_card(bw, "Fake Out"))
    assert bw.actions_left == 1 and len(bw.hand) == 1


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_black_widow_plays_full_adventures_with_the_invariant_checker(villain, bot):
    """Adventures p.4-13: whole games end without error and with every rule invariant kept."""
    for seed in range(5):
        assert play_checked_adventure("black_widow", villain, bot, seed).winner in ("heroes", "villain", "timeout")


def test_black_widow_plays_full_competitive_duels():
    """Marvel rulebook p.6-13: duels with random decisions end without error."""
    assert play_random_duels("black_widow", ("black_panther", "winter_soldier", "medusa")) == 6
