"""Donatello with Metalhead (Unmatched Adventures: TMNT): his ability Inventive, the
inventions tucked under his hero card, his unusual cards, and full co-op games against both
villains. Facts: tests/facts/heroes/donatello.yaml."""
from __future__ import annotations

import pytest
from fixtures import grid_board, named, pick, play_turtle_adventures, simple_hero, take_card, to_hand
from fixtures import shipped_hero as hero

from adventures.content.catalog import load_catalog
from adventures.rules.invariants import CheckingAgent, check_invariants
from adventures.rules.setup import new_adventure
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.decisions import FirstOptionAgent, ScriptedAgent
from engine.match import new_match
from engine.turn import maneuver, scheme

# The opponent's cards: one has effects of every combat timing, to see what gets cancelled.
OPPONENT_DECK = [
    {"name": "Strike", "type": "attack", "value": 3, "boost": 1, "copies": 6},
    {"name": "Parry", "type": "defense", "value": 3, "boost": 1, "copies": 6},
    {"name": "Zapper", "type": "versatile", "value": 2, "boost": 1, "copies": 4, "effects": [
        {"timing": "during_combat", "text": "+1.", "ops": [{"modify_value": 1}]},
        {"timing": "after_combat", "text": "Draw a card.", "ops": [{"draw": 1}]}]},
]


REMOVE_ALL = pick("remove_card", lambda c: c is not None)     # inventions: remove as many as allowed


def duel(places: dict[str, int], agent=None, seed: int = 1):
    """Donatello against a plain hero on the 5x4 test grid (ids 1-20 row by row; zones:
    columns 1-2 left, 4-5 right, column 3 both), fighters placed by hand."""
    board = grid_board()
    game = new_match(board, [hero("donatello"), simple_hero("Tester", health=20, deck=OPPONENT_DECK)], seed)
    for side in game.sides:
        for f in side.fighters:
            if f.name in places:
                game.put(f, board.index[places[f.name]])
    game.agents = {0: agent or ScriptedAgent(REMOVE_ALL), 1: ScriptedAgent(pick("defense_card", lambda c: c is None))}
    return game


def fighter(game, name: str):
    return next(f for s in game.sides for f in s.fighters if f.name == name)


def last_combat(game) -> dict:
    return [e for e in game.events if e["kind"] == "combat"][-1]


def discard_named(side, *names):
    for name in names:
        side.discard.append(take_card(side, name))


def players(game) -> list:
    return [s for s in game.sides if not s.is_enemy]


def adventure(villain: str = "shredder", seed: int = 3, agent=None):
    """Donatello alone against a villain on the shipped content, every agent checked."""
    sc = ScenarioDef(name="donatello", villain=villain, seats=[{"hero": "donatello", "bot": "heuristic"}],
                     minions=[])
    return new_adventure(sc, load_catalog(), seed, agents={0: CheckingAgent(agent or FirstOptionAgent())},
                         table_agent=CheckingAgent(FirstOptionAgent()))


# ---------------------------------------------------------------- Inventive


def test_inventive_maneuver_may_draw_two_then_put_one_from_hand_under_the_deck():
    """Inventive: the maneuver may draw two instead of one, then a card from hand goes under the deck."""
    game = duel({"Donatello": 1, "Tester": 20})
    don = game.sides[0]
    hand_before, deck_before = len(don.hand), len(don.deck)
    first = don.hand[0]
    game.agents[0] = ScriptedAgent(pick("may", lambda o: o is True), pick("boost", lambda o: o is None),
                                   pick("under_deck", lambda c: c is first))
    maneuver(game, don)
    assert len(don.hand) == hand_before + 1 and len(don.deck) == deck_before - 1
    assert don.deck[0] is first                                   # the bottom of the deck


def test_inventive_maneuver_may_draw_just_one():
    """Inventive is optional: declining draws the usual single card."""
    game = duel({"Donatello": 1, "Tester": 20})
    don = game.sides[0]
    n = len(don.hand)
    game.agents[0] = ScriptedAgent(pick("may", lambda o: o is False), pick("boost", lambda o: o is None))
    maneuver(game, don)
    assert len(don.hand) == n + 1


def test_a_played_invention_is_tucked_under_donatello_and_never_discarded():
    """special_setup: a played invention goes to the public inventions area, not the discard
    pile; the card census still finds every card (adventures.rules.invariants)."""
    game = adventure()
    don = players(game)[0]
    grenade = take_card(don, "Electro Grenade")
    villain = game.adv.villain.fighters[0]
    game.put(don.fighters[0], next(s for s in game.board.adj[villain.space] if game.occ[s] is None))
    fight(game, don.fighters[0], villain, grenade)
    assert grenade in don.tucked and grenade not in don.discard
    assert grenade in don.all_cards()
    assert check_invariants(game) == []


def test_an_invention_whose_effect_is_cancelled_is_still_tucked_with_its_bonus():
    """rules_notes: a played invention still tucks, and its bonus applies, even if its played
    effect is cancelled."""
    game = duel({"Donatello": 1, "Tester": 2})
    don, opp = game.sides
    grenade = take_card(don, "Electro Grenade")
    discard_named(don, "Quick Strike", "Thinking Ahead")
    # the defender cancels every effect of the attack card
    cancel = simple_hero("X", deck=[{"name": "Jam", "type": "defense", "value": 1, "effects": [
        {"timing": "immediately", "text": "Cancel.", "ops": [{"cancel": {}}]}]}])
    from engine.setup import build_deck
    jam = build_deck(game, opp, cancel.deck)[0]
    opp.hand.append(jam)
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is jam))
    fight(game, fighter(game, "Donatello"), fighter(game, "Tester"), grenade)
    assert last_combat(game)["attack"] == 2                      # nothing removed, no bonus
    assert len(don.discard) == 2 and not don.removed
    assert grenade in don.tucked
    assert don.ability.attack_value_bonus(game, None, "attacker") == 1


def test_an_invention_discarded_to_boost_is_not_tucked():
    """rules_notes: an invention discarded without being played (as a BOOST) does not tuck."""
    game = duel({"Donatello": 1, "Tester": 20})
    don = game.sides[0]
    bomb = to_hand(don, "Smoke Bomb")
    game.agents[0] = ScriptedAgent(pick("may", lambda o: o is False), pick("boost", lambda c: c is bomb))
    maneuver(game, don)
    assert bomb in don.discard and not don.tucked


# ---------------------------------------------------------------- the inventions


def test_electro_grenade_removes_discards_for_its_attack_then_all_attacks_get_one_more():
    """Electro Grenade: remove up to 4 attack/versatile cards of the discard pile, +1 each;
    tucked, every attack of this player (Metalhead's too) is worth 1 more."""
    game = duel({"Donatello": 1, "Tester": 2, "Metalhead": 7})
    don = game.sides[0]
    discard_named(don, "Quick Strike", "Thinking Ahead", "Shift Focus", "Turtle Power!", "Thinking Ahead",
                  "Bo Staff")
    fight(game, fighter(game, "Donatello"), fighter(game, "Tester"), take_card(don, "Electro Grenade"))
    assert last_combat(game)["attack"] == 2 + 4
    assert len(don.removed) == 4 and [c.name for c in don.discard] == ["Thinking Ahead", "Bo Staff"]
    assert all(c.kind in ("attack", "versatile") for c in don.removed)
    fight(game, fighter(game, "Metalhead"), fighter(game, "Tester"), take_card(don, "Turtle Power!"))
    assert last_combat(game)["attack"] == 3 + 1                  # Metalhead's attack, tucked grenade


def test_self_defense_grid_heals_per_removed_card_then_all_defenses_get_one_more():
    """Self Defense Grid: remove up to 4 defense/versatile discards, Donatello recovers 1
    each; tucked, this player's defenses are worth 1 more."""
    game = duel({"Donatello": 1, "Tester": 2})
    don, opp = game.sides
    donnie = fighter(game, "Donatello")
    donnie.health = 8
    discard_named(don, "Quick Strike", "Heroes in a Half Shell", "Thinking Ahead")
    grid = to_hand(don, "Self Defense Grid")
    game.agents[0] = ScriptedAgent(pick("defense_card", lambda c: c is grid), REMOVE_ALL)
    game.agents[1] = ScriptedAgent()
    fight(game, fighter(game, "Tester"), donnie, take_card(opp, "Strike"))
    assert last_combat(game)["defense"] == 2
    assert donnie.health == 8 - 1 + 2                             # 1 combat damage, 2 cards removed
    assert grid in don.tucked and [c.name for c in don.discard] == ["Thinking Ahead"]
    parry = to_hand(don, "Heroes in a Half Shell")
    game.agents[0] = ScriptedAgent(pick("defense_card", lambda c: c is parry))
    fight(game, fighter(game, "Tester"), donnie, take_card(opp, "Strike"))
    assert last_combat(game)["defense"] == 5 + 1


def test_smoke_bomb_gains_actions_for_removed_schemes_then_an_action_per_scheme():
    """Smoke Bomb: remove up to 4 scheme discards, one action each; tucked, each scheme
    played afterwards gains an action (not Smoke Bomb's own play)."""
    game = duel({"Donatello": 1, "Tester": 20})
    don = game.sides[0]
    discard_named(don, "Party Wagon!", "Donatello Does Machines")
    don.hand[:] = [take_card(don, "Smoke Bomb")]
    don.actions_left = 0
    scheme(game, don)
    assert don.actions_left == 2 and len(don.removed) == 2 and don.tucked[0].name == "Smoke Bomb"
    don.hand[:] = [take_card(don, "The Future of Ninjutsu")]
    scheme(game, don)
    assert don.actions_left == 2 + 1 + 1                          # its own action + Smoke Bomb's


# ---------------------------------------------------------------- other cards


def test_thinking_ahead_puts_a_discard_under_the_deck_only_if_donatello_won():
    """Thinking Ahead: only if you won, you may slide a discard-pile card under your deck."""
    game = duel({"Donatello": 1, "Tester": 2})
    don = game.sides[0]
    discard_named(don, "Bo Staff")
    fight(game, fighter(game, "Donatello"), fighter(game, "Tester"), take_card(don, "Thinking Ahead"))
    assert don.deck[0].name == "Bo Staff"
    opp = game.sides[1]
    discard_named(don, "Quick Strike")
    wall = simple_hero("W", deck=[{"name": "Wall", "type": "defense", "value": 9}])
    from engine.setup import build_deck
    opp.hand.append(build_deck(game, opp, wall.deck)[0])
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Wall")))
    fight(game, fighter(game, "Donatello"), fighter(game, "Tester"), take_card(don, "Thinking Ahead"))
    assert "Quick Strike" in [c.name for c in don.discard]


def test_short_circuit_cancels_only_the_after_combat_effects_of_the_opposing_card():
    """Short Circuit: the opposing card's AFTER COMBAT effects are cancelled, its others happen."""
    game = duel({"Donatello": 1, "Tester": 2})
    don, opp = game.sides
    circuit = to_hand(don, "Short Circuit")
    game.agents[0] = ScriptedAgent(pick("defense_card", lambda c: c is circuit))
    zapper = take_card(opp, "Zapper")
    hand = len(opp.hand)
    fight(game, fighter(game, "Tester"), fighter(game, "Donatello"), zapper)
    assert last_combat(game)["attack"] == 3                      # during combat: still +1
    assert len(opp.hand) == hand                                 # after combat: no draw


def test_untested_enhancements_discards_the_bottom_card_and_adds_its_boost():
    """Untested Enhancements: the bottom card of the deck is discarded, this card gains its BOOST."""
    game = duel({"Metalhead": 1, "Tester": 2})
    don = game.sides[0]
    bottom = take_card(don, "Smoke Bomb")                          # BOOST 3
    don.deck.insert(0, bottom)
    fight(game, fighter(game, "Metalhead"), fighter(game, "Tester"), take_card(don, "Untested Enhancements"))
    assert last_combat(game)["attack"] == 3 + 3 and bottom in don.discard


def test_shift_focus_moves_another_fighter_in_the_zone_through_other_fighters():
    """Shift Focus: another fighter in Donatello's zone moves up to 3 and may pass through fighters."""
    game = duel({"Donatello": 1, "Tester": 2, "Metalhead": 3})
    board = game.board
    # Tester on 2 is moved along the top row through Metalhead (3) to 4.
    game.agents[0] = ScriptedAgent(pick("effect_fighter", named("Tester")),
                                   pick("move_dest", lambda s: s == board.index[4]))
    fight(game, fighter(game, "Donatello"), fighter(game, "Tester"), take_card(game.sides[0], "Shift Focus"))
    assert fighter(game, "Tester").space == board.index[4]


def test_party_wagon_passes_through_an_opposing_fighter_and_deals_it_two_damage():
    """Party Wagon!: a friendly fighter moves up to 5 through opposing fighters; one it passed
    through takes 2 damage."""
    game = duel({"Donatello": 1, "Tester": 2})
    board = game.board
    don = game.sides[0]
    don.hand[:] = [take_card(don, "Party Wagon!")]
    tester = fighter(game, "Tester")
    game.agents[0] = ScriptedAgent(pick("effect_fighter", named("Donatello")),
                                   pick("move_dest", lambda s: s == board.index[3]),
                                   pick("move_route", lambda r: board.index[2] in r))
    scheme(game, don)
    assert fighter(game, "Donatello").space == board.index[3]
    assert tester.health == tester.max_health - 2


def test_donatello_does_machines_lets_each_friendly_player_take_back_a_card():
    """Donatello Does Machines: you and each other friendly player may take an attack,
    versatile or defense card from your own discard pile; then you draw. Leonardo, the other
    player, takes back his Quick Strike (versatile) and not his Protective Father (a scheme)."""
    from adventures.content.catalog import load_catalog as cat
    sc = ScenarioDef(name="two", villain="krang", seats=[{"hero": "donatello"}, {"hero": "leonardo"}], minions=[])
    game = new_adventure(sc, cat(), 2, agents={0: FirstOptionAgent(), 1: FirstOptionAgent()},
                         table_agent=FirstOptionAgent())
    a, b = players(game)
    discard_named(a, "Bo Staff")
    discard_named(b, "Quick Strike", "Protective Father")
    keep = take_card(a, "Donatello Does Machines")
    a.deck[:0] = a.hand                 # the rest of the hand under the deck: every card stays counted
    a.hand[:] = [keep]
    scheme(game, a)
    assert [c.name for c in b.hand if c.name == "Quick Strike"] and [c.name for c in b.discard] == ["Protective Father"]
    assert "Bo Staff" in [c.name for c in a.hand] and len(a.hand) == 2
    assert check_invariants(game) == []


def test_the_future_of_ninjutsu_may_put_the_top_card_of_an_enemy_deck_under_it():
    """The Future of Ninjutsu: look at the top card of any deck (an enemy's too) and leave it
    or slide it under; then draw a card and gain an action."""
    game = adventure("shredder")
    don = players(game)[0]
    villain_side = game.adv.villain
    top = villain_side.deck[-1]
    don.hand[:] = [take_card(don, "The Future of Ninjutsu")]
    don.actions_left = 0
    game.agents[don.index] = ScriptedAgent(pick("peek_deck", lambda s: s is villain_side),
                                   pick("peek_top", lambda keep: keep is False))
    scheme(game, don)
    assert villain_side.deck[0] is top and len(don.hand) == 1 and don.actions_left == 1


def test_bo_staff_damages_an_adjacent_opponent_and_draws():
    """Bo Staff: after combat, an opposing fighter next to Donatello takes 1 damage; draw a card."""
    game = duel({"Donatello": 1, "Tester": 2})
    don, opp = game.sides
    staff = to_hand(don, "Bo Staff")
    game.agents[0] = ScriptedAgent(pick("defense_card", lambda c: c is staff))
    n = len(don.hand)
    tester = fighter(game, "Tester")
    fight(game, tester, fighter(game, "Donatello"), take_card(opp, "Strike"))
    assert tester.health == tester.max_health - 1 and len(don.hand) == n - 1 + 1


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_donatello_plays_full_adventures_with_invariants_checked(villain, bot):
    """Adventures p.4-13: Donatello (alone and with a teammate) plays whole games against each
    villain, the invariants checked before every decision (tests/facts/heroes/donatello.yaml)."""
    play_turtle_adventures("donatello", "michelangelo", villain, bot)


def test_tucked_inventions_are_a_pile_the_app_shows():
    """special_setup: the inventions area is public, so the app lists it beside the discard pile."""
    pygame = pytest.importorskip("pygame")
    from adventures.app.hud import Hud
    pygame.init()
    game = adventure()
    don = players(game)[0]
    don.tucked.append(take_card(don, "Smoke Bomb"))
    hud = Hud()
    surf = pygame.Surface((420, 900))
    hud.draw_side(surf, surf.get_rect(), game, {})
    assert ("pile", don, "tucked") in [value for _rect, value in hud.hits.items]
