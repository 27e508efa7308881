"""Michelangelo with April O'Neil (Unmatched Adventures: TMNT): his ability Pizza Party,
his hand of 3, his unusual cards, and full co-op games against both villains.
Facts: tests/facts/heroes/michelangelo.yaml."""
from __future__ import annotations

import pytest
from fixtures import grid_board, named, pick, play_turtle_adventures, simple_hero, take_card, to_hand
from fixtures import shipped_hero as hero

from adventures.content.catalog import load_catalog
from adventures.rules.invariants import check_invariants
from adventures.rules.setup import new_adventure
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.decisions import FirstOptionAgent, ScriptedAgent
from engine.match import new_match
from engine.turn import attack, enforce_hand_limit, maneuver, scheme

MIKEY, APRIL = "Michelangelo", "April O'Neil"
OPPONENT_DECK = [
    {"name": "Strike", "type": "attack", "value": 3, "boost": 1, "copies": 6},
    {"name": "Parry", "type": "defense", "value": 3, "boost": 1, "copies": 6},
    {"name": "Wall", "type": "defense", "value": 9, "boost": 1, "copies": 2},
    {"name": "Zapper", "type": "versatile", "value": 2, "boost": 1, "copies": 4, "effects": [
        {"timing": "during_combat", "text": "+1.", "ops": [{"modify_value": 1}]},
        {"timing": "after_combat", "text": "Draw a card.", "ops": [{"draw": 1}]}]},
]
NO_DEFENSE = pick("defense_card", lambda c: c is None)


def duel(places: dict[str, int], agent=None, seed: int = 1):
    """Michelangelo against a plain hero on the 5x4 test grid (ids 1-20 row by row; zones:
    columns 1-2 left, 4-5 right, column 3 both), fighters placed by hand."""
    board = grid_board()
    game = new_match(board, [hero("michelangelo"), simple_hero("Tester", health=20, deck=OPPONENT_DECK)], seed)
    for side in game.sides:
        for f in side.fighters:
            if f.name in places:
                game.put(f, board.index[places[f.name]])
    game.agents = {0: agent or ScriptedAgent(), 1: ScriptedAgent(NO_DEFENSE)}
    return game


def fighter(game, name: str):
    return next(f for s in game.sides for f in s.fighters if f.name == name)


def last_combat(game) -> dict:
    return [e for e in game.events if e["kind"] == "combat"][-1]


def players(game) -> list:
    return [s for s in game.sides if not s.is_enemy]


def adventure(seats: list[str], villain: str = "shredder", seed: int = 3):
    sc = ScenarioDef(name="mikey", villain=villain, seats=[{"hero": h} for h in seats], minions=[])
    return new_adventure(sc, load_catalog(), seed, agents={i: FirstOptionAgent() for i in range(len(seats))},
                         table_agent=FirstOptionAgent())


# ---------------------------------------------------------------- Pizza Party and the hand of 3


def test_michelangelo_starts_with_three_cards_and_his_hand_limit_is_three():
    """Pizza Party: a starting hand of 3 (not 5) and a hand limit of 3 (not 7)."""
    game = duel({MIKEY: 1, "Tester": 20})
    mikey = game.sides[0]
    assert len(mikey.hand) == 3 and mikey.hand_limit == 3
    game.draw(mikey, 2)
    enforce_hand_limit(game, mikey)
    assert len(mikey.hand) == 3


def test_pizza_party_draws_after_each_attack_and_each_scheme_but_not_after_defending():
    """Pizza Party: each time you finish an attack or a scheme, draw 1 card."""
    game = duel({MIKEY: 1, "Tester": 2})
    mikey, opp = game.sides
    mikey.hand[:] = [take_card(mikey, "Heroes in a Half Shell"), take_card(mikey, "Michelangelo Is a Party Dude!!")]
    scheme(game, mikey)
    assert len(mikey.hand) == 1 + 1
    mikey.hand[:] = [take_card(mikey, "Turtle Power!")]
    attack(game, mikey)
    assert len(mikey.hand) == 1
    game.agents[0] = ScriptedAgent(pick("defense_card", named("Heroes in a Half Shell")))
    mikey.hand[:] = [take_card(mikey, "Heroes in a Half Shell")]
    fight(game, fighter(game, "Tester"), fighter(game, MIKEY), take_card(opp, "Strike"))
    assert mikey.hand == []


def test_april_s_attacks_also_draw_for_pizza_party():
    """Pizza Party counts the player's attacks: April O'Neil attacking draws a card too."""
    game = duel({APRIL: 1, "Tester": 2})
    mikey = game.sides[0]
    mikey.hand[:] = [take_card(mikey, "Hard-Hitting Investigation")]
    mikey.actions_left = 0
    attack(game, mikey)
    assert len(mikey.hand) == 1 and mikey.actions_left == 1


# ---------------------------------------------------------------- cards


def test_hi_yaaaaaah_damages_an_adjacent_opponent_then_trades_a_card_for_an_action():
    """Hi-Yaaaaaah!!: 1 damage to an opposing fighter next to Michelangelo; then you may put
    a card from hand under your deck to gain an action."""
    game = duel({MIKEY: 1, "Tester": 2})
    mikey = game.sides[0]
    spare = take_card(mikey, "Back for Seconds")
    mikey.hand[:] = [spare]
    mikey.actions_left = 0
    game.agents[0] = ScriptedAgent(pick("under_deck", lambda c: c is spare))
    tester = fighter(game, "Tester")
    fight(game, fighter(game, MIKEY), tester, take_card(mikey, "Hi-Yaaaaaah!!"))
    assert tester.health == 20 - 4 - 1
    assert mikey.deck[0] is spare and mikey.actions_left == 1


def test_boisterous_beatdown_gains_two_actions_if_won_and_one_if_lost():
    """Boisterous Beatdown: 2 actions if you won, 1 otherwise."""
    game = duel({MIKEY: 1, "Tester": 2})
    mikey, opp = game.sides
    mikey.actions_left = 0
    fight(game, fighter(game, MIKEY), fighter(game, "Tester"), take_card(mikey, "Boisterous Beatdown"))
    assert mikey.actions_left == 2
    wall = to_hand(opp, "Wall")
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is wall))
    fight(game, fighter(game, MIKEY), fighter(game, "Tester"), take_card(mikey, "Boisterous Beatdown"))
    assert mikey.actions_left == 2 + 1


def test_hard_hitting_investigation_deals_one_damage_and_an_action_whoever_wins():
    """Hard-Hitting Investigation (April, value 0): the opposing fighter takes 1 damage and
    you gain an action, whatever the result."""
    game = duel({APRIL: 1, "Tester": 2})
    mikey, opp = game.sides
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Wall")))
    to_hand(opp, "Wall")
    mikey.actions_left = 0
    tester = fighter(game, "Tester")
    fight(game, fighter(game, APRIL), tester, take_card(mikey, "Hard-Hitting Investigation"))
    assert tester.health == 19 and mikey.actions_left == 1


def test_cowabunga_counts_the_other_cards_played_this_turn_but_not_boosts():
    """Cowabunga!!: +1 per other card played this turn (rules_notes: cards discarded to BOOST
    do not count). Here: a BOOST on the maneuver, then Nunchaku (+1 to Michelangelo's attacks
    this turn), then Cowabunga!! = 3 + 1 (Nunchaku played) + 1 (Nunchaku's bonus)."""
    game = duel({MIKEY: 1, "Tester": 2})
    mikey = game.sides[0]
    mikey.hand[:] = [take_card(mikey, "Back for Seconds")]
    game.agents[0] = ScriptedAgent(pick("boost", lambda c: c is not None))
    game.turn += 1
    maneuver(game, mikey)
    assert game.noted(mikey, "played") == 0
    mikey.hand[:] = [take_card(mikey, "Nunchaku"), take_card(mikey, "Cowabunga!!")]
    game.agents[0] = ScriptedAgent(pick("scheme_card", named("Nunchaku")))
    scheme(game, mikey)
    game.agents[0] = ScriptedAgent(pick("attack_card", named("Cowabunga!!")))
    attack(game, mikey)
    assert last_combat(game)["attack"] == 3 + 1 + 1


def test_nunchaku_adds_one_to_michelangelo_s_attacks_this_turn_only_and_not_to_april_s():
    """Nunchaku: until the end of this turn each attack Michelangelo makes is worth 1 more;
    you also gain an action."""
    game = duel({MIKEY: 1, "Tester": 2, APRIL: 7})
    mikey = game.sides[0]
    game.turn += 1
    mikey.hand[:] = [take_card(mikey, "Nunchaku")]
    mikey.actions_left = 0
    scheme(game, mikey)
    assert mikey.actions_left == 1
    fight(game, fighter(game, APRIL), fighter(game, "Tester"), take_card(mikey, "Hard-Hitting Investigation"))
    assert last_combat(game)["attack"] == 0
    fight(game, fighter(game, MIKEY), fighter(game, "Tester"), take_card(mikey, "Hi-Yaaaaaah!!"))
    assert last_combat(game)["attack"] == 4 + 1
    game.turn += 1                                              # the next turn: no bonus
    fight(game, fighter(game, MIKEY), fighter(game, "Tester"), take_card(mikey, "Hi-Yaaaaaah!!"))
    assert last_combat(game)["attack"] == 4


def test_guaranteed_delivery_cancels_the_opposing_card_for_a_card_under_the_deck():
    """Guaranteed Delivery: immediately, you may slide a card from hand under your deck to
    cancel every effect of the opposing card; after combat, an empty hand draws 2."""
    game = duel({MIKEY: 1, "Tester": 2})
    mikey, opp = game.sides
    spare = take_card(mikey, "Back for Seconds")
    delivery = take_card(mikey, "Guaranteed Delivery")
    mikey.hand[:] = [delivery, spare]
    game.agents[0] = ScriptedAgent(pick("defense_card", lambda c: c is delivery),
                                   pick("under_deck", lambda c: c is spare))
    zapper = take_card(opp, "Zapper")
    opp_hand = len(opp.hand)
    fight(game, fighter(game, "Tester"), fighter(game, MIKEY), zapper)
    assert last_combat(game)["attack"] == 2                     # Zapper's +1 cancelled
    assert len(opp.hand) == opp_hand                            # and its draw
    assert mikey.deck[0] is spare and len(mikey.hand) == 2      # empty hand: drew 2


def test_back_for_seconds_shuffles_two_random_discards_into_the_deck():
    """Back for Seconds: 2 cards picked at random from the discard pile are shuffled into the deck."""
    game = duel({MIKEY: 1, "Tester": 2})
    mikey, opp = game.sides
    for name in ("Nunchaku", "Let's Go", "Cowabunga!!"):
        mikey.discard.append(take_card(mikey, name))
    seconds = to_hand(mikey, "Back for Seconds")
    deck = len(mikey.deck)
    game.agents[0] = ScriptedAgent(pick("defense_card", lambda c: c is seconds))
    fight(game, fighter(game, "Tester"), fighter(game, MIKEY), take_card(opp, "Strike"))
    assert len(mikey.deck) == deck + 2
    assert len([c for c in mikey.discard if c is not seconds]) == 1


def test_lets_go_moves_a_friendly_fighter_up_to_three():
    """Let's Go: one friendly fighter of your choice may move 0-3 spaces."""
    game = duel({MIKEY: 1, "Tester": 2, APRIL: 16})
    board = game.board
    game.agents[0] = ScriptedAgent(pick("effect_fighter", named(APRIL)),
                                   pick("move_dest", lambda s: s == board.index[19]))
    fight(game, fighter(game, MIKEY), fighter(game, "Tester"), take_card(game.sides[0], "Let's Go"))
    assert fighter(game, APRIL).space == board.index[19]


def test_party_dude_heals_every_friendly_fighter_teammates_included():
    """Michelangelo Is a Party Dude!!: all friendly fighters, teammates' included, heal 1."""
    game = adventure(["michelangelo", "donatello"])
    mikey, don = players(game)
    hurt = [f for s in (mikey, don) for f in s.fighters if f.space is not None]
    for f in hurt:
        f.health -= 2
    mikey.hand[:] = [take_card(mikey, "Michelangelo Is a Party Dude!!")]
    scheme(game, mikey)
    assert all(f.health == f.max_health - 1 for f in hurt)
    assert all(f.health == f.max_health for f in game.adv.villain.fighters)


def test_shell_insertion_resolves_two_chosen_options_in_printed_order():
    """Shell Insertion: two different options of four, resolved in printed order whatever
    the order they were picked in; an enemy "discards" the top card of its deck (Adventures p.13)."""
    game = adventure(["michelangelo"])
    mikey = players(game)[0]
    villain = game.adv.villain
    top = villain.deck[-1]
    for name in ("Nunchaku", "Let's Go"):
        mikey.discard.append(take_card(mikey, name))
    keep = take_card(mikey, "Shell Insertion")
    mikey.deck[:0] = mikey.hand             # the rest of the hand under the deck: every card stays counted
    mikey.hand[:] = [keep]
    picks = iter([3, 0])                                         # option 4 first, then option 1
    game.agents[mikey.index] = ScriptedAgent(
        lambda d: d.options.index(next(picks)) if d.tag == "choose_one" else None)
    start = len(game.events)
    scheme(game, mikey)
    assert top in villain.discard                                # (1) each opponent discards
    assert [c.name for c in mikey.discard] == ["Shell Insertion"]   # (4) both discards shuffled in
    kinds = [e["kind"] for e in game.events[start:]]
    assert kinds.index("mill") < kinds.index("shuffle")
    assert check_invariants(game) == []


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_michelangelo_plays_full_adventures_with_invariants_checked(villain, bot):
    """Adventures p.4-13: Michelangelo (alone and with a teammate) plays whole games against
    each villain, invariants checked before every decision (tests/facts/heroes/michelangelo.yaml)."""
    play_turtle_adventures("michelangelo", "donatello", villain, bot)


def test_michelangelo_and_donatello_play_full_competitive_duels():
    """Core rules: the two Turtles play whole duels against each other (random decisions),
    where "each opponent discards" and "any deck" meet a real opposing player."""
    from engine.board import compile_board
    from engine.decisions import RandomAgent
    from engine.match import play_match
    cat = load_catalog()
    for seed, board_key in enumerate(sorted(cat.boards)):
        pair = ("donatello", "michelangelo") if seed % 2 else ("michelangelo", "donatello")
        game = new_match(compile_board(cat.boards[board_key]), [cat.heroes[k] for k in pair], seed)
        game.agents = {0: RandomAgent(), 1: RandomAgent()}
        over = play_match(game)
        assert over is None or over.winner
        assert game.turn > 0
