"""Black Panther and Shuri as published (tests/facts/heroes/black_panther.yaml): the
Vibranium Suit (Marvel rulebook p.17) and the cards that store, boost or move."""
from __future__ import annotations

from dataclasses import replace

import pytest
from fixtures import named, pick, take_card, to_hand
from marvel_duel import adventure, duel, fighter, only_in_hand, play_checked_adventure, play_random_duels

from engine.combat import fight
from engine.decisions import ScriptedAgent
from engine.turn import legal_actions, maneuver, scheme


def no_defense(game, seat: int = 1):
    game.agents[seat] = ScriptedAgent(pick("defense_card", lambda c: c is None))


def test_vibranium_suit_stores_cards_outside_hand_and_deck_and_boosts_with_them_then_draws():
    """Facts (ability Vibranium Suit; rulebook p.17): a stored card is the opponent's card,
    in neither hand nor deck, spent only to BOOST; it then goes to its owner's discard pile,
    and Black Panther draws right after the BOOST value is added."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 1, "Winter Soldier": 20})
    bp, ws = game.sides
    stored = ws.deck.pop()
    bp.stored.append(stored)
    board = game.board
    steps = bp.move + stored.boost
    far = max((s for s in range(board.n) if board.dist[board.index[1]][s] == steps), key=lambda s: board.ids[s])
    game.agents[0] = ScriptedAgent(pick("boost", lambda c: c is stored),
                                   pick("move_fighter", named("Black Panther")),
                                   pick("move_dest", lambda s: s == far),
                                   pick("move_fighter", lambda f: f is None))
    hand_before = len(bp.hand)
    maneuver(game, bp)
    assert stored in ws.discard and not bp.stored
    assert len(bp.hand) == hand_before + 2          # the maneuver's draw and the boost's draw
    assert fighter(game, "Black Panther").space == far


def test_stored_cards_cannot_be_played_only_spent_to_boost():
    """Rulebook p.17: stored cards cannot be used other than to boost."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    bp, ws = game.sides
    only_in_hand(bp)
    bp.stored.extend([take_card(ws, "Without Remorse"), take_card(ws, "A Boy Named Bucky")])
    assert legal_actions(game, bp) == ["maneuver"]


def test_a_stored_card_without_a_boost_value_stays_stranded():
    """Facts rules_notes (ruling recorded by N): a stored card that prints no BOOST cannot be
    spent, so it is never offered as a boost and stays on the suit."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 20})
    bp, ws = game.sides
    stranded = replace(ws.deck.pop(), boostable=False, boost=0)
    bp.stored.append(stranded)
    only_in_hand(bp)
    seen = game.agents[0].seen
    maneuver(game, bp)
    assert stranded in bp.stored
    assert all(stranded not in d.options for d in seen if d.tag == "boost")


def test_analyze_and_adjust_stores_the_opponents_top_card_win_or_lose():
    """Facts: Analyze and Adjust (attack 3) stores the top card of the opponent's deck
    after combat whatever the result."""
    for defense in ("Complete the Mission", None):       # 3 vs 3: lost; no defense: won
        game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
        bp, ws = game.sides
        if defense:
            to_hand(ws, defense)
        wanted = named(defense) if defense else (lambda c: c is None)
        game.agents[1] = ScriptedAgent(pick("defense_card", wanted), pick("boost_attack", lambda c: c is None))
        top = ws.deck[-1]
        combat = fight(game, fighter(game, "Black Panther"), fighter(game, "Winter Soldier"),
                       take_card(bp, "Analyze and Adjust"))
        assert combat.winner == ("defender" if defense else "attacker")
        assert bp.stored == [top] and top.owner is ws and top not in ws.deck


def test_ancestral_insight_stores_only_when_black_panther_wins():
    """Facts: Ancestral Insight (versatile 4) stores the opponent's top card on a win only."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    bp, ws = game.sides
    no_defense(game)
    fight(game, fighter(game, "Black Panther"), fighter(game, "Winter Soldier"), take_card(bp, "Ancestral Insight"))
    assert len(bp.stored) == 1
    to_hand(ws, "Complete the Mission")
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Complete the Mission")),
                                   pick("boost_attack", lambda c: c is not None))
    combat = fight(game, fighter(game, "Black Panther"), fighter(game, "Winter Soldier"),
                   take_card(bp, "Ancestral Insight"))
    assert combat.winner == "defender" and len(bp.stored) == 1


def test_anti_metal_claws_gains_the_opposing_boost_then_boosts_from_the_suit_and_draws():
    """Facts: Anti-Metal Claws (versatile 1) gains the BOOST printed on the opposing card,
    then may be boosted once, from hand or from the suit; the draw follows the boost at once."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    panther, soldier = fighter(game, "Black Panther"), fighter(game, "Winter Soldier")
    bp, ws = game.sides
    stored = take_card(ws, "A Boy Named Bucky")                 # BOOST 3
    bp.stored.append(stored)
    to_hand(ws, "Feint")                                        # versatile 2, BOOST 2
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is stored))
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Feint")))
    hand_before = len(bp.hand)
    start = len(game.events)
    combat = fight(game, panther, soldier, take_card(bp, "Anti-Metal Claws"))
    # Feint is Winter Soldier's: it cancels the claws' effects before they resolve.
    assert combat.damage == 0 and bp.stored == [stored]
    ws.discard.clear()
    no_defense(game)
    combat = fight(game, panther, soldier, take_card(bp, "Anti-Metal Claws"))
    assert combat.damage == 1 + 3 and stored in ws.discard
    assert len(bp.hand) == hand_before + 1
    kinds = [e["kind"] for e in game.events[start:] if e["kind"] in ("boost", "draw", "combat")]
    assert kinds[-3:] == ["boost", "draw", "combat"]


def test_anti_metal_claws_adds_the_defending_cards_boost():
    """Facts: the gained value is the opposing card's printed BOOST (Complete the Mission: 2)."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    bp, ws = game.sides
    only_in_hand(bp)
    to_hand(ws, "Complete the Mission")
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Complete the Mission")),
                                   pick("boost_attack", lambda c: c is None))
    start = len(game.events)
    fight(game, fighter(game, "Black Panther"), fighter(game, "Winter Soldier"), take_card(bp, "Anti-Metal Claws"))
    (event,) = [e for e in game.events[start:] if e["kind"] == "combat"]
    assert (event["attack"], event["defense"]) == (1 + 2, 3)


def test_wakanda_forever_boosts_twice_with_a_draw_between():
    """Facts: Wakanda Forever! may be boosted once and then a second time; Black Panther draws
    after each boost, so the card drawn by the first boost can pay for the second."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    bp, ws = game.sides
    only_in_hand(bp, "Evade")
    drawn = take_card(bp, "Regroup")
    bp.deck.append(drawn)                                       # the first boost draws it
    game.agents[0] = ScriptedAgent(pick("boost_attack", named("Evade")), pick("boost_attack", lambda c: c is drawn))
    no_defense(game)
    combat = fight(game, fighter(game, "Black Panther"), fighter(game, "Winter Soldier"),
                   take_card(bp, "Wakanda Forever!"))
    assert combat.damage == 3 + 2 + 2
    assert drawn in bp.discard and len(bp.hand) == 1             # drew twice, spent two


def test_wakanda_forever_offers_no_second_boost_after_a_refusal():
    """Facts: the second BOOST comes after the first; declining the first ends it."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    bp = game.sides[0]
    only_in_hand(bp, "Evade", "Regroup")
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is None))
    no_defense(game)
    fight(game, fighter(game, "Black Panther"), fighter(game, "Winter Soldier"), take_card(bp, "Wakanda Forever!"))
    assert sum(d.tag == "boost_attack" for d in game.agents[0].seen) == 1


@pytest.mark.parametrize("card", ["Vibranium Shockwave", "Microweave Mesh"])
def test_vibranium_shockwave_and_microweave_mesh_may_boost_once(card):
    """Facts: Vibranium Shockwave (attack 2) and Microweave Mesh (defense 2): one optional BOOST."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    bp, ws = game.sides
    only_in_hand(bp, "Evade", "Regroup", card)
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is not None),
                                   pick("defense_card", named(card)))
    if card == "Vibranium Shockwave":
        no_defense(game)
        combat = fight(game, fighter(game, "Black Panther"), fighter(game, "Winter Soldier"), take_card(bp, card))
        assert combat.damage == 2 + 2
    else:
        game.agents[1] = ScriptedAgent(pick("boost_attack", lambda c: c is None))
        combat = fight(game, fighter(game, "Winter Soldier"), fighter(game, "Black Panther"),
                       take_card(ws, "Without Remorse"))
        assert combat.damage == 6 - (2 + 2)
    assert sum(d.tag == "boost_attack" for d in game.agents[0].seen) == 1


def test_cat_like_reflexes_moves_either_fighter_up_to_3_only_on_a_win():
    """Facts: Cat-Like Reflexes (versatile 3): only if you won, move either fighter of the
    combat 0-3 spaces."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    bp = game.sides[0]
    soldier = fighter(game, "Winter Soldier")
    dest = game.board.index[5]
    game.agents[0] = ScriptedAgent(pick("choose_one", lambda i: i == 1), pick("move_dest", lambda s: s == dest))
    no_defense(game)
    fight(game, fighter(game, "Black Panther"), soldier, take_card(bp, "Cat-Like Reflexes"))
    assert soldier.space == dest                                   # 3 -> 4 -> 5: the opposing fighter
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is not None and c.value >= 3))
    to_hand(game.sides[1], "Born in the Barracks")
    game.put(fighter(game, "Black Panther"), game.board.index[4])
    game.agents[0] = ScriptedAgent()
    fight(game, fighter(game, "Black Panther"), soldier, take_card(bp, "Cat-Like Reflexes"))
    assert not any(d.tag == "choose_one" for d in game.agents[0].seen)     # lost: nothing


def test_nanotriage_processor_heals_black_panther_only_in_shuris_zone():
    """Facts and rulebook p.14: Shuri regains 1; Black Panther regains 1 only in her zone."""
    for bp_space, healed in ((4, True), (16, False)):     # 4: right zone; 16: left only
        game = duel("black_panther", "winter_soldier", {"Shuri": 5, "Black Panther": bp_space,
                                                        "Winter Soldier": 10})
        panther, shuri = fighter(game, "Black Panther"), fighter(game, "Shuri")
        panther.health, shuri.health = 10, 3
        to_hand(shuri.side, "Nanotriage Processor")
        game.agents[0] = ScriptedAgent(pick("defense_card", named("Nanotriage Processor")))
        game.agents[1] = ScriptedAgent(pick("boost_attack", lambda c: c is None))
        fight(game, fighter(game, "Winter Soldier"), shuri, take_card(game.sides[1], "Marksman"))
        assert panther.health == (11 if healed else 10)


def test_stalking_panther_moves_every_fighter_through_opposing_fighters_then_gives_an_action():
    """Facts: Stalking Panther lets each of your fighters move up to 3, passing through
    opposing fighters, then gives one more action."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 1, "Shuri": 6, "Winter Soldier": 2})
    bp = game.sides[0]
    only_in_hand(bp, "Stalking Panther")
    beyond = game.board.index[4]                                  # 1 -> 2 (Winter Soldier) -> 3 -> 4
    game.agents[0] = ScriptedAgent(pick("move_dest", lambda s: s == beyond),
                                   pick("move_dest", lambda s: s == game.board.index[6]))
    bp.actions_left = 0
    scheme(game, bp)
    assert fighter(game, "Black Panther").space == beyond
    assert bp.actions_left == 1


def test_tactical_remote_scanning_stores_two_cards_of_a_named_opponent():
    """Facts: Tactical Remote Scanning (Shuri) stores the top two cards of the named
    opponent's deck."""
    game = duel("black_panther", "winter_soldier", {"Shuri": 1, "Winter Soldier": 20})
    bp, ws = game.sides
    only_in_hand(bp, "Tactical Remote Scanning")
    top2 = ws.deck[-2:]
    scheme(game, bp)
    assert sorted(c.uid for c in bp.stored) == sorted(c.uid for c in top2)


def test_tactical_remote_scanning_stores_nothing_from_an_enemy():
    """Facts coop_note and Adventures p.13 (Choosing an opponent): enemies can never be
    chosen, so naming an opponent does nothing against them."""
    game, bp, villain = adventure("black_panther")
    only_in_hand(bp, "Tactical Remote Scanning")
    deck = list(villain.deck)
    scheme(game, bp)
    assert bp.stored == [] and villain.deck == deck


def test_analyze_and_adjust_stores_an_enemy_card_that_boosts_back_to_the_enemy_discard():
    """Facts coop_note: an enemy's deck is the opponent's deck. Stored enemy cards keep their
    owner and go to that enemy's discard pile when spent (rulebook p.17)."""
    game, bp, villain = adventure("black_panther")
    panther, shredder = bp.hero, villain.fighters[0]
    game.put(panther, next(s for s in game.board.adj[shredder.space] if game.occ[s] is None))
    top = villain.deck[-2]                   # the top card defends; the next one is stored
    fight(game, panther, shredder, take_card(bp, "Analyze and Adjust"))
    assert bp.stored == [top] and top.owner is villain
    game.agents[0] = ScriptedAgent(pick("boost", lambda c: c is top))
    maneuver(game, bp)
    assert top in villain.discard or top in villain.deck      # Deception may reshuffle at once
    assert not bp.stored


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_black_panther_plays_full_adventures_with_the_invariant_checker(villain, bot):
    """Adventures p.4-13: whole games end without error and with every rule invariant kept."""
    for seed in range(5):
        assert play_checked_adventure("black_panther", villain, bot, seed).winner in ("heroes", "villain", "timeout")


def test_black_panther_plays_full_competitive_duels():
    """Marvel rulebook p.6-13: duels with random decisions end without error."""
    assert play_random_duels("black_panther", ("black_widow", "winter_soldier", "medusa")) == 6
