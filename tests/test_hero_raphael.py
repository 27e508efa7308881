"""Raphael and Casey Jones as published (tests/facts/heroes/raphael.yaml): Anger Issues, the
unusual cards, and full co-op games against both villains.

Most positions are co-op games on the 5x4 test grid (fixtures.grid_board_def) against a plain
villain without special rules: space ids run 1-5, 6-10, 11-15, 16-20 row by row; columns 1-2
are the left zone, 4-5 the right zone, and column 3 is in both.
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
    villain_defends_with,
)
from fixtures import coop_on_grid as coop

from adventures.content.catalog import load_catalog
from adventures.rules.enemy import enemy_turn
from adventures.rules.invariants import CheckingAgent, check_invariants
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.tools.soak import make_bot
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.state import Card, Effect
from engine.turn import scheme, take_turn


def raph_side(game):
    return game.adv.seats[1]


def enemy_card(game, immediately=False, during=False, after=False, defense: int = 3) -> Card:
    """A test card on top of the villain's deck (attack 3) with the chosen effects: IMMEDIATELY
    +1 value, DURING COMBAT +2 value, AFTER COMBAT 1 damage to the opposing fighter (our own
    test content, not a published card)."""
    effects = []
    if immediately:
        effects.append(Effect("immediately", "+1.", ({"modify_value": 1},)))
    if during:
        effects.append(Effect("during_combat", "+2.", ({"modify_value": 2},)))
    if after:
        effects.append(Effect("after_combat", "1 damage.", ({"damage": {"amount": 1, "to": "opponent"}},)))
    vside = game.adv.villain
    card = Card(game.next_uid(), "Test Strike", "versatile", 3, 0, "any", tuple(effects), vside, defense=defense)
    vside.deck.append(card)
    return card


# ---------------------------------------------------------------- Anger Issues


def test_anger_issues_gives_one_action_for_the_first_combat_lost_on_raphaels_turn():
    """tests/facts/heroes/raphael.yaml (Anger Issues; rules_notes): the attacker loses when it
    deals no combat damage; the first loss of his own turn gives one extra action, later
    losses that turn give nothing."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    my_turn(game, side, actions=0)
    raph, shredder = fighter(game, "Raphael"), fighter(game, "Shredder")
    villain_defends_with(game, "Wall")                     # defense 4 against Sai 4: a loss
    fight(game, raph, shredder, take_card(side, "Sai"))
    assert side.actions_left == 1 and game.noted(side, "lost") == 1
    villain_defends_with(game, "Wall")
    fight(game, raph, shredder, take_card(side, "Sai"))
    assert side.actions_left == 1 and game.noted(side, "lost") == 2


def test_anger_issues_counts_a_combat_casey_jones_loses():
    """tests/facts/heroes/raphael.yaml (Anger Issues): "the first combat you lose" is the
    player's; Casey Jones losing on Raphael's turn counts."""
    game = coop("raphael")
    arrange(game, {"Casey Jones": 12, "Shredder": 13})
    side = raph_side(game)
    my_turn(game, side, actions=0)
    villain_defends_with(game, "Wall")
    fight(game, fighter(game, "Casey Jones"), fighter(game, "Shredder"), take_card(side, "Crowd Control"))
    assert side.actions_left == 1


def test_anger_issues_keeps_working_for_casey_after_raphael_is_defeated():
    """tests/facts/heroes/raphael.yaml (Anger Issues) and Adventures p.7 (the player plays on
    with the fighters left): our reading, the ability needs nothing of Raphael himself."""
    game = coop("raphael")
    arrange(game, {"Raphael": 1, "Casey Jones": 12, "Shredder": 13})
    side = raph_side(game)
    game.damage(fighter(game, "Raphael"), 99)
    assert not side.eliminated
    my_turn(game, side, actions=0)
    villain_defends_with(game, "Wall")
    fight(game, fighter(game, "Casey Jones"), fighter(game, "Shredder"), take_card(side, "Crowd Control"))
    assert side.actions_left == 1


def test_anger_issues_gives_nothing_after_a_won_combat():
    """tests/facts/heroes/raphael.yaml (Anger Issues): only a lost combat counts."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    my_turn(game, side, actions=0)
    villain_defends_with(game, "Smash")                    # defense 2 against Sai 4: a win
    fight(game, fighter(game, "Raphael"), fighter(game, "Shredder"), take_card(side, "Sai"))
    assert side.actions_left == 0 and game.noted(side, "won") == 1


def test_anger_issues_gives_nothing_for_a_combat_lost_on_an_enemy_turn():
    """tests/facts/heroes/raphael.yaml (Anger Issues: "each of your own turns"): an enemy's
    turn is not Raphael's (Adventures p.6), so losing while defending there gives no action,
    now or later."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    side.actions_left = 0
    side.discard.extend(side.hand)
    side.hand.clear()                                      # no defense card: he takes damage
    villain_defends_with(game, "Smash")                    # attack 4
    raph = fighter(game, "Raphael")
    health = raph.health
    enemy_turn(game, game.adv.villain, 3)
    assert raph.health == health - 4 and game.noted(side, "lost") == 1
    assert side.actions_left == 0
    assert not [e for e in game.events if e["kind"] == "gain_action"]


def test_anger_issues_extra_action_is_taken_in_the_same_turn():
    """tests/facts/heroes/raphael.yaml (Anger Issues): the extra action is a third action of
    that turn (core rules: 2 actions a turn)."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    side.discard.extend(side.hand)
    side.hand[:] = [take_card(side, "Sai")]
    villain_defends_with(game, "Wall")
    game.agents[0].rules = [lambda d: d.options.index("attack") if d.tag == "action" and "attack" in d.options
                            else None, answer("boost", 0), pick("move_fighter", lambda f: f is None)]
    take_turn(game, side)
    actions = [d for d in game.agents[0].seen if d.tag == "action"]
    assert len(actions) == 3                               # attack (lost), then two maneuvers


# ---------------------------------------------------------------- cards


def test_batter_up_moves_the_opposing_fighter_up_to_three_after_a_win():
    """tests/facts/heroes/raphael.yaml (Batter Up!): only if you won, you may move the
    opposing fighter 0-3 spaces (your decision: the enemy makes none, Adventures p.13)."""
    game = coop("raphael")
    arrange(game, {"Casey Jones": 12, "Shredder": 13})
    side = raph_side(game)
    villain_defends_with(game, "Smash")                    # defense 2 against 3: a win
    game.agents[0].rules = [lambda d: d.options.index(sid(game, 10)) if d.tag == "move_dest" else None]
    fight(game, fighter(game, "Casey Jones"), fighter(game, "Shredder"), take_card(side, "Batter Up!"))
    assert space_of(game, "Shredder") == 10                # 3 spaces away


def test_batter_up_moves_nothing_after_a_loss():
    """tests/facts/heroes/raphael.yaml (Batter Up!): no move when the combat was lost."""
    game = coop("raphael")
    arrange(game, {"Casey Jones": 12, "Shredder": 13})
    side = raph_side(game)
    villain_defends_with(game, "Wall")
    fight(game, fighter(game, "Casey Jones"), fighter(game, "Shredder"), take_card(side, "Batter Up!"))
    assert space_of(game, "Shredder") == 13
    assert "move_dest" not in [d.tag for d in game.agents[0].seen]


def test_unbridled_rage_adds_two_for_each_defense_or_versatile_card_discarded():
    """tests/facts/heroes/raphael.yaml (Unbridled Rage): discard any number of defense and/or
    versatile cards (no other type is offered); +2 each."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    side.discard.extend(side.hand)
    side.hand[:] = [take_card(side, n) for n in ("Sai", "Heroes in a Half Shell", "Let's Do This!",
                                                 "Raphael Is Cool But Rude")]
    villain_defends_with(game, "Wall")                     # defense 4
    offered = []

    def rage(d):
        if d.tag != "discard_for_value":
            return None
        offered.append({c.name for c in d.options if c})
        return 1 if len(offered) <= 2 else 0               # discard twice, then stop

    game.agents[0].rules = [rage]
    combat = fight(game, fighter(game, "Raphael"), fighter(game, "Shredder"), take_card(side, "Unbridled Rage"))
    assert offered[0] == {"Sai", "Heroes in a Half Shell"}
    assert combat.att_mod == 4 and combat.damage == 3 + 4 - 4
    assert [c.name for c in side.hand] == ["Let's Do This!", "Raphael Is Cool But Rude"]


def test_crowd_control_draws_and_hurts_once_per_adjacent_opposing_fighter():
    """tests/facts/heroes/raphael.yaml (Crowd Control): count the opposing fighters next to
    your fighter; draw that many, and each takes 1 damage."""
    game = coop("raphael", minions=("goon",))
    arrange(game, {"Raphael": 12, "Shredder": 13, "Goon": 7, "Casey Jones": 11})
    side = raph_side(game)
    villain_defends_with(game, "Wall")
    shredder, goon = fighter(game, "Shredder"), fighter(game, "Goon")
    card = take_card(side, "Crowd Control")
    hand, hp = len(side.hand), (shredder.health, goon.health)
    fight(game, fighter(game, "Raphael"), shredder, card)
    assert len(side.hand) == hand + 2
    assert (shredder.health, goon.health) == (hp[0] - 1, hp[1] - 1)


@pytest.mark.parametrize("defense, drawn", [(0, 2), (4, 1)])
def test_lets_do_this_draws_two_after_a_win_and_one_otherwise(defense, drawn):
    """tests/facts/heroes/raphael.yaml (Let's Do This!): 2 cards if you won, else 1."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    enemy_card(game, defense=defense)
    card = take_card(side, "Let's Do This!")
    hand = len(side.hand)
    fight(game, fighter(game, "Raphael"), fighter(game, "Shredder"), card)
    assert len(side.hand) - hand == drawn


def test_relentless_is_shuffled_into_the_deck_instead_of_the_discard_pile():
    """tests/facts/heroes/raphael.yaml (Relentless): after combat this card goes back into
    your deck, shuffled, instead of the discard pile; then you draw a card. Every card stays in
    exactly one place (adventures.rules.invariants)."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    check_invariants(game)                                 # the checker learns every card
    villain_defends_with(game, "Wall")
    card = take_card(side, "Relentless")
    hand, deck = len(side.hand), len(side.deck)
    fight(game, fighter(game, "Raphael"), fighter(game, "Shredder"), card)
    assert card in side.deck or card in side.hand
    assert card not in side.discard
    assert len(side.hand) == hand + 1 and len(side.deck) == deck
    assert check_invariants(game) == []


def test_relentless_when_cancelled_is_discarded_as_usual():
    """Core rules (FR p.14): a cancelled effect does not happen, so the card is discarded."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    vside = game.adv.villain
    feint = Card(game.next_uid(), "Test Feint", "versatile", 2, 0, "any",
                 (Effect("immediately", "Cancel the opposing card.", ({"cancel": {}},)),), vside, defense=2)
    vside.deck.append(feint)
    card = take_card(side, "Relentless")
    fight(game, fighter(game, "Raphael"), fighter(game, "Shredder"), card)
    assert card in side.discard


def test_break_something_cancels_only_during_and_after_combat_effects():
    """tests/facts/heroes/raphael.yaml (Break Something): the opposing card loses its DURING
    and AFTER COMBAT effects; its IMMEDIATELY effects still resolve. Something was cancelled,
    so no 2 damage."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    enemy_card(game, immediately=True, during=True, after=True)
    raph, shredder = fighter(game, "Raphael"), fighter(game, "Shredder")
    hp = (raph.health, shredder.health)
    combat = fight(game, raph, shredder, take_card(side, "Break Something"))
    assert combat.def_mod == 1                             # +1 immediately; the +2 was cancelled
    assert (raph.health, shredder.health) == hp            # no after-combat damage either way


def test_break_something_deals_two_damage_when_it_cancelled_nothing():
    """tests/facts/heroes/raphael.yaml (Break Something): if the opposing card had no DURING or
    AFTER COMBAT effect, 2 damage to one opposing fighter next to your fighter (your choice)."""
    game = coop("raphael", minions=("goon",))
    arrange(game, {"Raphael": 12, "Shredder": 13, "Goon": 7})
    side = raph_side(game)
    enemy_card(game, immediately=True)
    goon = fighter(game, "Goon")
    game.agents[0].rules = [pick("effect_fighter", named("Goon"))]
    fight(game, fighter(game, "Raphael"), fighter(game, "Shredder"), take_card(side, "Break Something"))
    assert goon.health == goon.max_health - 2


def test_break_something_defending_leaves_the_attackers_immediately_effect():
    """tests/facts/heroes/raphael.yaml (Break Something): the defender resolves first (core
    rules), yet the attacker's IMMEDIATELY effect still happens."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    side.discard.extend(side.hand)
    side.hand[:] = [take_card(side, "Break Something")]
    card = enemy_card(game, immediately=True, during=True)
    game.agents[0].rules = [pick("defense_card", named("Break Something"))]
    game.adv.villain.deck.remove(card)
    combat = fight(game, fighter(game, "Shredder"), fighter(game, "Raphael"), card)
    assert combat.att_mod == 1


@pytest.mark.parametrize("lost_before, value", [(False, 2), (True, 5)])
def test_payback_time_is_worth_five_after_losing_a_combat_earlier_this_turn(lost_before, value):
    """tests/facts/heroes/raphael.yaml (Payback Time!): value 5 if you already lost a combat
    this turn (the per-turn records: game.noted(side, "lost"))."""
    game = coop("raphael")
    arrange(game, {"Raphael": 12, "Shredder": 13})
    side = raph_side(game)
    my_turn(game, side)
    if lost_before:
        game.note(side, "lost")
    villain_defends_with(game, "Smash")                    # defense 2
    combat = fight(game, fighter(game, "Raphael"), fighter(game, "Shredder"), take_card(side, "Payback Time!"))
    assert combat.damage == value - 2


@pytest.mark.parametrize("casey, value", [(12, 6), (11, 2)])
def test_slapshot_is_worth_six_when_casey_is_next_to_the_opposing_fighter(casey, value):
    """tests/facts/heroes/raphael.yaml (Slapshot): value 6 if Casey Jones is adjacent to the
    opposing fighter (Casey attacks at range otherwise)."""
    game = coop("raphael")
    arrange(game, {"Casey Jones": casey, "Shredder": 13})
    side = raph_side(game)
    villain_defends_with(game, "Smash")
    combat = fight(game, fighter(game, "Casey Jones"), fighter(game, "Shredder"), take_card(side, "Slapshot"))
    assert combat.damage == value - 2


def test_raphael_is_cool_but_rude_hurts_every_opposing_fighter_next_to_a_friend_then_draws():
    """tests/facts/heroes/raphael.yaml (Raphael Is Cool But Rude): each opposing fighter with
    at least one friendly fighter (a teammate's too) next to it takes 1 damage; then draw."""
    game = coop("raphael", "leonardo", minions=("goon",))
    arrange(game, {"Raphael": 1, "Casey Jones": 20, "Leonardo": 12, "Shredder": 13, "Goon": 5})
    side = raph_side(game)
    my_turn(game, side)
    side.discard.extend(side.hand)
    side.hand[:] = [take_card(side, "Raphael Is Cool But Rude")]
    shredder, goon = fighter(game, "Shredder"), fighter(game, "Goon")
    scheme(game, side)
    assert shredder.health == shredder.max_health - 1      # Leonardo (a teammate) is next to him
    assert goon.health == goon.max_health                  # nobody next to the goon
    assert len(side.hand) == 1


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_raphael_plays_full_coop_games_against_each_villain(villain, bot):
    """Adventures p.4-18: Raphael alone and with Leonardo plays whole games against each
    villain (random minions), with every invariant checked before each decision."""
    catalog = load_catalog()
    for seed, seats in enumerate((["raphael"], ["raphael"], ["raphael", "leonardo"])):
        sc = ScenarioDef.model_validate({"name": "raphael", "villain": villain, "minions": "random",
                                         "seats": [{"hero": h, "bot": bot} for h in seats]})
        agents = {i: CheckingAgent(make_bot(bot)) for i in range(len(seats))}
        game = new_adventure(sc, catalog, seed, agents, CheckingAgent(make_bot("table")), log=False)
        result = play_adventure(game)
        assert result.winner in ("heroes", "villain", "timeout")
        assert check_invariants(game) == []
