"""Leonardo and Splinter as published (tests/facts/heroes/leonardo.yaml): Team Tactics, the
unusual cards, and full co-op games against both villains.

Most positions are co-op games on the 5x4 test grid (fixtures.grid_board_def) against a plain
villain without special rules: space ids run 1-5, 6-10, 11-15, 16-20 row by row; columns 1-2
are the left zone, 4-5 the right zone, and column 3 (spaces 3, 8, 13, 18) is in both.
"""
from __future__ import annotations

import pytest
from fixtures import (
    answer,
    arrange,
    fighter,
    my_turn,
    named,
    pick,
    sid,
    space_of,
    take_card,
    to_hand,
    villain_defends_with,
    villain_game,
)
from fixtures import coop_on_grid as coop

from adventures.content.catalog import load_catalog
from adventures.rules.invariants import CheckingAgent, check_invariants
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.tools.soak import make_bot
from adventures.villains import shredder as sh
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.decisions import FirstOptionAgent, ScriptedAgent
from engine.turn import scheme, take_turn


def dest(game, printed: int, who: str | None = None):
    """A rule: move `who` (or any fighter) to a printed space id."""
    def rule(d):
        if d.tag != "move_dest" or (who is not None and d.context["fighter"].name != who):
            return None
        return d.options.index(sid(game, printed))
    return rule


# ---------------------------------------------------------------- Team Tactics


def test_team_tactics_moves_an_enemy_one_space_as_leonardos_own_decision():
    """tests/facts/heroes/leonardo.yaml (ability, rules_notes): at the start of his turn
    Leonardo may move any fighter up to 1 space, enemies too; the player decides (moving an
    enemy is not choosing an opponent, Adventures p.13), so the table is never asked."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": 1, "Shredder": 13})
    seat = game.agents[0]
    seat.rules = [pick("effect_fighter", named("Shredder")), dest(game, 14)]
    leo = game.adv.seats[1]
    leo.ability.start_of_turn(game)
    assert space_of(game, "Shredder") == 14
    asked = [d for d in seat.seen if d.tag == "move_dest"]
    assert asked and max(game.board.dist[sid(game, 13)][s] for s in asked[0].options) == 1


def test_team_tactics_is_offered_as_leonardos_turn_begins():
    """tests/facts/heroes/leonardo.yaml (ability timing: start_of_turn): the move comes before
    the first action of the turn."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": 1, "Shredder": 13})
    side = game.adv.seats[1]
    seat = game.agents[0]
    seat.rules = [pick("effect_fighter", lambda f: f is None), answer("boost", 0),
                  pick("move_fighter", lambda f: f is None)]
    take_turn(game, side)
    tags = [d.tag for d in seat.seen]
    assert tags[0] == "effect_fighter" and tags.index("effect_fighter") < tags.index("action")


def test_team_tactics_offers_every_fighter_on_the_board_or_nobody():
    """tests/facts/heroes/leonardo.yaml (ability): his own fighters, a teammate's and the
    enemies all qualify; the move is optional."""
    game = coop("leonardo", "raphael")
    arrange(game, {"Leonardo": 1, "Splinter": 2, "Raphael": 16, "Casey Jones": 20, "Shredder": 13})
    seat = game.agents[0]
    seat.rules = [pick("effect_fighter", lambda f: f is None)]
    before = {f.name: f.space for f in game.fighters}
    game.adv.seats[1].ability.start_of_turn(game)
    (choice,) = [d for d in seat.seen if d.tag == "effect_fighter"]
    assert {f.name for f in choice.options if f} == {"Leonardo", "Splinter", "Raphael", "Casey Jones", "Shredder"}
    assert None in choice.options
    assert {f.name: f.space for f in game.fighters} == before


def test_team_tactics_moves_a_teammates_fighter():
    """tests/facts/heroes/leonardo.yaml (ability): a teammate's fighter may be moved 1 space."""
    game = coop("leonardo", "raphael")
    arrange(game, {"Leonardo": 1, "Raphael": 16, "Shredder": 13})
    game.agents[0].rules = [pick("effect_fighter", named("Raphael")), dest(game, 17)]
    game.adv.seats[1].ability.start_of_turn(game)
    assert space_of(game, "Raphael") == 17


def test_team_tactics_is_an_effect_move_that_removes_no_foot_soldier():
    """Adventures p.15: Foot soldiers are removed by maneuvers only, never by movement
    effects; enemies pass over them freely (p.14). Team Tactics on the shipped New York board."""
    game = villain_game("shredder", agent=ScriptedAgent())
    for k in list(sh.foot(game)):
        del sh.foot(game)[k]
    game.adv.supply["foot"] = sh.FOOT_TOKENS
    leo_side = game.adv.seats[1]
    for f in list(game.fighters):
        game.lift(f)
    shredder = game.adv.villain.fighters[0]
    leo = leo_side.fighters[0]
    game.put(leo, sid(game, 1))
    game.put(shredder, sid(game, 4))
    k = game.board.edge_circle[(sid(game, 1), sid(game, 2))]
    sh.foot(game)[k] = sh.PATROLLING
    game.adv.supply["foot"] -= 1
    game.agents[0].rules = [pick("effect_fighter", named("Leonardo")), dest(game, 2)]
    leo_side.ability.start_of_turn(game)
    assert leo.space == sid(game, 2) and sh.foot(game) == {k: sh.PATROLLING}
    assert "foot_remover" not in [d.tag for d in game.agents[0].seen]


# ---------------------------------------------------------------- cards


def test_for_sensei_moves_both_fighters_then_trades_a_card_for_an_action():
    """tests/facts/heroes/leonardo.yaml (For Sensei): after combat, you move your fighter and
    the opposing one 0-1 space each in the order you choose (N's reading); then discarding a
    card gains an action."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": 12, "Shredder": 13})
    side = game.adv.seats[1]
    my_turn(game, side, actions=0)
    villain_defends_with(game, "Smash")
    card = take_card(side, "For Sensei")
    to_hand(side, "Katana")
    order = []
    game.agents[0].rules = [
        lambda d: (order.append([f.name for f in d.options]), d.options.index(fighter(game, "Shredder")))[1]
        if d.tag == "effect_fighter" else None,
        dest(game, 14, "Shredder"), dest(game, 13, "Leonardo"),
        answer("may", 0), pick("discard", named("Katana"))]
    hand = len(side.hand)
    fight(game, fighter(game, "Leonardo"), fighter(game, "Shredder"), card)
    assert order == [["Leonardo", "Shredder"]]            # the player picks who moves first
    assert (space_of(game, "Shredder"), space_of(game, "Leonardo")) == (14, 13)
    assert side.actions_left == 1 and len(side.hand) == hand - 1
    assert any(c.name == "Katana" for c in side.discard)


def test_for_sensei_without_a_discard_gives_no_action():
    """tests/facts/heroes/leonardo.yaml (For Sensei): the action comes only with the discard."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": 12, "Shredder": 13})
    side = game.adv.seats[1]
    my_turn(game, side, actions=0)
    villain_defends_with(game, "Smash")
    card = take_card(side, "For Sensei")
    side.discard.extend(side.hand)
    side.hand.clear()
    fight(game, fighter(game, "Leonardo"), fighter(game, "Shredder"), card)
    assert side.actions_left == 0
    assert "may" not in [d.tag for d in game.agents[0].seen]


def test_turtle_power_adds_the_boost_of_a_discarded_card():
    """tests/facts/heroes/leonardo.yaml (Turtle Power!): discard a card, add its BOOST."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": 12, "Shredder": 13})
    side = game.adv.seats[1]
    villain_defends_with(game, "Wall")                    # defense 4
    card = take_card(side, "Turtle Power!")
    to_hand(side, "Leonardo Leads")                       # BOOST 4
    game.agents[0].rules = [pick("boost_attack", named("Leonardo Leads"))]
    combat = fight(game, fighter(game, "Leonardo"), fighter(game, "Shredder"), card)
    assert combat.damage == 3 + 4 - 4


def test_fearless_leader_adds_two_for_each_other_friendly_fighter_next_to_the_target():
    """tests/facts/heroes/leonardo.yaml (Fearless Leader): +2 per other friendly fighter
    (a teammate's included) next to the opposing fighter; the attacker does not count."""
    game = coop("leonardo", "raphael")
    arrange(game, {"Leonardo": 12, "Splinter": 8, "Raphael": 18, "Casey Jones": 1, "Shredder": 13})
    side = game.adv.seats[1]
    villain_defends_with(game, "Wall")
    combat = fight(game, fighter(game, "Leonardo"), fighter(game, "Shredder"), take_card(side, "Fearless Leader"))
    assert combat.att_mod == 4 and combat.damage == 3 + 4 - 4


@pytest.mark.parametrize("splinter, target, hurt", [(8, 9, True), (7, 8, False), (7, 6, False)])
def test_spatial_awareness_hurts_and_draws_when_the_target_is_in_fewer_zones(splinter, target, hurt):
    """tests/facts/heroes/leonardo.yaml (Spatial Awareness): if the opposing fighter is in
    fewer zones than Splinter, it takes 1 damage and you draw a card (equal counts: nothing)."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": 1, "Splinter": splinter, "Shredder": target})
    side = game.adv.seats[1]
    villain_defends_with(game, "Wall")                    # 3 against 4: no combat damage
    shredder = fighter(game, "Shredder")
    card = take_card(side, "Spatial Awareness")
    health, hand = shredder.health, len(side.hand)
    fight(game, fighter(game, "Splinter"), shredder, card)
    assert (health - shredder.health, len(side.hand) - hand) == ((1, 1) if hurt else (0, 0))


@pytest.mark.parametrize("leo, target, hurt", [(13, 14, True), (12, 13, False)])
def test_wise_beyond_his_years_deals_two_damage_when_the_target_is_in_fewer_zones(leo, target, hurt):
    """tests/facts/heroes/leonardo.yaml (Wise Beyond His Years): 2 damage if the opposing
    fighter is in fewer zones than Leonardo."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": leo, "Shredder": target})
    side = game.adv.seats[1]
    villain_defends_with(game, "Wall")
    shredder = fighter(game, "Shredder")
    health = shredder.health
    fight(game, fighter(game, "Leonardo"), shredder, take_card(side, "Wise Beyond His Years"))
    assert health - shredder.health == (2 if hurt else 0)


def test_eat_sleep_and_breathe_ninjutsu_places_each_adjacent_fighter_within_its_zone():
    """tests/facts/heroes/leonardo.yaml (Eat, Sleep, and Breathe Ninjutsu): every fighter next
    to yours, friend or foe, is placed on another space in a zone it is in. Placing an enemy:
    players choose (Adventures p.10)."""
    game = coop("leonardo", table=FirstOptionAgent())
    arrange(game, {"Leonardo": 8, "Splinter": 7, "Shredder": 9})
    side = game.adv.seats[1]
    villain_defends_with(game, "Wall")
    fight(game, fighter(game, "Leonardo"), fighter(game, "Shredder"),
          take_card(side, "Eat, Sleep, and Breathe Ninjutsu"))
    board = game.board
    for name, old, zone in (("Splinter", 7, "left"), ("Shredder", 9, "right")):
        new = fighter(game, name).space
        assert board.ids[new] != old and zone in board.zone_list(new)
    assert space_of(game, "Leonardo") == 8


def test_i_have_a_plan_discards_to_cancel_the_opposing_card_and_its_value():
    """tests/facts/heroes/leonardo.yaml (I Have a Plan): paying a discard cancels every effect
    of the opposing card and its value no longer counts."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": 12, "Shredder": 13})
    side = game.adv.seats[1]
    villain_defends_with(game, "Wall")                    # defense 4
    to_hand(side, "Katana")
    game.agents[0].rules = [answer("may", 0), pick("discard", named("Katana"))]
    combat = fight(game, fighter(game, "Leonardo"), fighter(game, "Shredder"), take_card(side, "I Have a Plan"))
    assert combat.def_card.uid in combat.cancelled and combat.def_ignored
    assert combat.damage == 2


def test_i_have_a_plan_declined_leaves_the_opposing_card_alone():
    """tests/facts/heroes/leonardo.yaml (I Have a Plan): the cost is optional; unpaid, nothing."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": 12, "Shredder": 13})
    side = game.adv.seats[1]
    villain_defends_with(game, "Wall")
    game.agents[0].rules = [answer("may", 1)]
    combat = fight(game, fighter(game, "Leonardo"), fighter(game, "Shredder"), take_card(side, "I Have a Plan"))
    assert not combat.cancelled and not combat.def_ignored and combat.damage == 0


def test_protective_father_swaps_splinter_with_a_friend_both_recover_and_gains_an_action():
    """tests/facts/heroes/leonardo.yaml (Protective Father): Splinter may swap with another
    friendly fighter; if so each recovers 2. An action either way."""
    game = coop("leonardo", "raphael")
    arrange(game, {"Leonardo": 1, "Splinter": 2, "Raphael": 16, "Shredder": 13})
    side = game.adv.seats[1]
    my_turn(game, side, actions=0)
    only = take_card(side, "Protective Father")
    side.discard.extend(side.hand)
    side.hand[:] = [only]
    raph = fighter(game, "Raphael")
    splinter = fighter(game, "Splinter")
    raph.health, splinter.health = raph.max_health - 3, splinter.max_health - 1
    game.agents[0].rules = [pick("effect_fighter", named("Raphael"))]
    scheme(game, side)
    assert (space_of(game, "Splinter"), space_of(game, "Raphael")) == (16, 2)
    assert (raph.health, splinter.health) == (raph.max_health - 1, splinter.max_health)
    assert side.actions_left == 1
    (choice,) = [d for d in game.agents[0].seen if d.tag == "effect_fighter"]
    assert {f.name for f in choice.options if f} == {"Leonardo", "Raphael"}   # not Splinter, not enemies


def test_protective_father_without_a_swap_still_gains_an_action():
    """tests/facts/heroes/leonardo.yaml (Protective Father): no swap, no healing, one action."""
    game = coop("leonardo")
    arrange(game, {"Leonardo": 1, "Splinter": 2, "Shredder": 13})
    side = game.adv.seats[1]
    my_turn(game, side, actions=0)
    side.discard.extend(side.hand)
    side.hand[:] = [take_card(side, "Protective Father")]
    splinter = fighter(game, "Splinter")
    splinter.health -= 3
    game.agents[0].rules = [pick("effect_fighter", lambda f: f is None)]
    scheme(game, side)
    assert space_of(game, "Splinter") == 2 and splinter.health == splinter.max_health - 3
    assert side.actions_left == 1


def test_leonardo_leads_moves_each_friendly_fighter_up_to_three_then_draws():
    """tests/facts/heroes/leonardo.yaml (Leonardo Leads): every friendly fighter, teammates'
    included, may move up to 3 spaces (an effect move, not a maneuver); then draw a card."""
    game = coop("leonardo", "raphael")
    arrange(game, {"Leonardo": 1, "Splinter": 6, "Raphael": 16, "Casey Jones": 20, "Shredder": 13})
    side = game.adv.seats[1]
    my_turn(game, side)
    side.discard.extend(side.hand)
    side.hand[:] = [take_card(side, "Leonardo Leads")]
    game.agents[0].rules = [dest(game, 4, "Leonardo"), dest(game, 19, "Raphael"), answer("move_dest", 0)]
    scheme(game, side)
    movers = [d for d in game.agents[0].seen if d.tag == "effect_fighter"]
    assert {f.name for f in movers[0].options} == {"Leonardo", "Splinter", "Raphael", "Casey Jones"}
    assert len(movers) == 3                      # the last fighter needs no choice
    assert (space_of(game, "Leonardo"), space_of(game, "Raphael")) == (4, 19)
    assert (space_of(game, "Splinter"), space_of(game, "Casey Jones")) == (6, 20)
    assert len(side.hand) == 1


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_leonardo_plays_full_coop_games_against_each_villain(villain, bot):
    """Adventures p.4-18: Leonardo alone and with Raphael plays whole games against each
    villain (random minions), with every invariant checked before each decision."""
    catalog = load_catalog()
    for seed, seats in enumerate((["leonardo"], ["leonardo"], ["leonardo", "raphael"])):
        sc = ScenarioDef.model_validate({"name": "leonardo", "villain": villain, "minions": "random",
                                         "seats": [{"hero": h, "bot": bot} for h in seats]})
        agents = {i: CheckingAgent(make_bot(bot)) for i in range(len(seats))}
        game = new_adventure(sc, catalog, seed, agents, CheckingAgent(make_bot("table")), log=False)
        result = play_adventure(game)
        assert result.winner in ("heroes", "villain", "timeout")
        assert check_invariants(game) == []
