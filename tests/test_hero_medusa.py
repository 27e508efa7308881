"""Medusa and her Harpies as published (tests/facts/heroes/medusa.yaml): her ability, the
unusual cards, and full games against both villains."""
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
)
from fixtures import grid_board, named, pick, take_card, to_hand
from fixtures import shipped_hero as hero

from engine.combat import fight
from engine.decisions import ScriptedAgent
from engine.match import new_match
from engine.state import SIDEKICK
from engine.turn import scheme


def test_medusa_has_three_harpies_with_one_health_each():
    """medusa.yaml sidekicks: 3 Harpies, 1 health each, melee; a sidekick with 1 health falls
    to any damage (base-set scan p.2 setup step 3)."""
    game = new_match(grid_board(), [hero("medusa"), hero("sinbad")], 1)
    harpies = [f for f in game.sides[0].fighters if f.kind == SIDEKICK]
    assert [h.name for h in harpies] == ["Harpy 1", "Harpy 2", "Harpy 3"]
    assert all(h.health == h.max_health == 1 and not h.ranged for h in harpies)
    game.put(harpies[0], 5)
    game.damage(harpies[0], 1)
    assert not harpies[0].alive and harpies[0].space is None


def test_a_harpy_card_may_be_played_by_any_one_harpy():
    """medusa.yaml special_setup: a Harpy-bannered card may be used by any one Harpy."""
    game = duel("medusa", "sinbad", {"Medusa": 1, "Harpy 2": 8, "Sinbad": 9})
    card = to_hand(game.sides[0], "Clutching Claws")
    assert game.usable_by(card, fighter(game, "Harpy 2")) and game.usable_by(card, fighter(game, "Harpy 3"))
    assert not game.usable_by(card, fighter(game, "Medusa"))


def test_medusa_may_deal_one_damage_at_the_start_of_her_turn_to_a_fighter_in_her_zone():
    """medusa.yaml ability: as her turn begins Medusa may hit one opposing fighter in her
    zone for 1 damage."""
    game = duel("medusa", "sinbad", {"Medusa": 1, "Sinbad": 2, "The Porter": 20})
    sinbad, porter = fighter(game, "Sinbad"), fighter(game, "The Porter")
    game.agents[0] = ScriptedAgent(pick("effect_fighter", lambda f: f is sinbad))
    game.sides[0].ability.start_of_turn(game)
    assert sinbad.health == sinbad.max_health - 1 and porter.health == porter.max_health
    assert game.agents[0].seen[-1].options == [sinbad, None]     # optional; the Porter is out of her zone


def test_medusas_start_of_turn_gaze_needs_a_fighter_in_her_zone():
    """medusa.yaml ability: only opposing fighters in Medusa's zone can be hit."""
    game = duel("medusa", "sinbad", {"Medusa": 1, "Sinbad": 20, "The Porter": 19})
    game.sides[0].ability.start_of_turn(game)
    assert fighter(game, "Sinbad").health == 15 and fighter(game, "The Porter").health == 6
    assert not game.agents[0].seen


def test_gaze_of_stone_deals_eight_more_damage_only_if_medusa_won():
    """medusa.yaml Gaze of Stone (attack 2, BOOST 4): only if you won, the opposing fighter
    takes 8 more damage."""
    for defense, expected in ((None, 15 - 2 - 8), ("Exploit", 15)):        # Exploit: defense 4
        game = duel("medusa", "sinbad", {"Medusa": 1, "Sinbad": 2})
        sinbad = fighter(game, "Sinbad")
        if defense:
            to_hand(sinbad.side, defense)
        game.agents[1] = ScriptedAgent(pick("defense_card", lambda c, d=defense: (c and c.name) == d))
        fight(game, fighter(game, "Medusa"), sinbad, take_card(game.sides[0], "Gaze of Stone"))
        assert last_combat(game)["attack"] == 2
        assert sinbad.health == expected


def test_second_shot_may_boost_medusas_attack():
    """medusa.yaml Second Shot (attack 3): optionally discard a card to add its BOOST."""
    game = duel("medusa", "sinbad", {"Medusa": 1, "Sinbad": 2})
    medusa = game.sides[0]
    boost = to_hand(medusa, "Gaze of Stone")                       # BOOST 4
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is boost))
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is None))
    fight(game, fighter(game, "Medusa"), fighter(game, "Sinbad"), take_card(medusa, "Second Shot"))
    assert last_combat(game)["attack"] == 3 + 4 and boost in medusa.discard


def test_hiss_and_slither_makes_the_opponent_throw_away_a_card_of_their_choice():
    """medusa.yaml Hiss and Slither (defense 4): whatever the result, your opponent discards
    one card of their choice (the opponent decides)."""
    game = duel("medusa", "sinbad", {"Medusa": 1, "Sinbad": 2})
    sinbad_side = game.sides[1]
    clear_hand(sinbad_side)
    keep, lose = to_hand(sinbad_side, "Exploit"), to_hand(sinbad_side, "Riches Beyond Compare")
    to_hand(game.sides[0], "Hiss and Slither")
    game.agents[0] = ScriptedAgent(pick("defense_card", named("Hiss and Slither")))
    game.agents[1] = ScriptedAgent(pick("discard", lambda c: c is lose))
    fight(game, fighter(game, "Sinbad"), fighter(game, "Medusa"), take_card(sinbad_side, "Voyage to the Valley of the Giant Snakes"))
    assert sinbad_side.hand == [keep] and lose in sinbad_side.discard
    assert any(d.tag == "discard" for d in game.agents[1].seen)       # Sinbad's player chose


def test_hiss_and_slither_against_an_enemy_discards_the_top_card_of_its_deck():
    """medusa.yaml Hiss and Slither coop reading (Adventures p.13): an enemy has no hand, so
    the top card of its deck goes to its discard pile."""
    game = hero_against("medusa", "shredder", seed=3)
    shredder, medusa = enemy_side(game), fighter(game, "Medusa")
    to_hand(medusa.side, "Hiss and Slither")
    game.agents[0] = ScriptedAgent(pick("defense_card", named("Hiss and Slither")))
    attack_card = shredder.deck.pop()
    top = shredder.deck[-1]
    assert not top.deception                      # (Deception would shuffle the discard back)
    fight(game, shredder.hero, medusa, attack_card)
    assert top in shredder.discard and top not in shredder.deck
    assert not any(d.tag == "discard" for d in game.agents[0].seen)      # nobody chose


def test_a_momentary_glance_hits_one_fighter_of_your_choice_in_medusas_zone():
    """medusa.yaml A Momentary Glance: one fighter of your choice (any side) in Medusa's
    zone takes 2 damage; fighters outside her zone cannot be chosen."""
    game = duel("medusa", "sinbad", {"Medusa": 1, "Harpy 1": 6, "Sinbad": 2, "The Porter": 20})
    side = game.sides[0]
    clear_hand(side)
    to_hand(side, "A Momentary Glance")
    sinbad = fighter(game, "Sinbad")
    game.agents[0] = ScriptedAgent(pick("effect_fighter", lambda f: f is sinbad))
    scheme(game, side)
    offered = next(d for d in game.agents[0].seen if d.tag == "effect_fighter").options
    assert set(offered) == {fighter(game, "Medusa"), fighter(game, "Harpy 1"), sinbad}
    assert sinbad.health == 15 - 2


def test_the_hounds_of_mighty_zeus_lets_every_harpy_move_three():
    """medusa.yaml The Hounds of Mighty Zeus: after combat every Harpy may move 0-3 spaces."""
    game = duel("medusa", "sinbad", {"Harpy 1": 1, "Harpy 2": 6, "Harpy 3": 11, "Sinbad": 2})
    side = game.sides[0]
    moved = []

    def farthest(decision):
        if decision.tag == "move_dest":
            moved.append(decision.context["fighter"].name)
            return len(decision.options) - 1
        return None
    game.agents[0] = ScriptedAgent(farthest)
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is None))
    fight(game, fighter(game, "Harpy 1"), fighter(game, "Sinbad"), take_card(side, "The Hounds of Mighty Zeus"))
    assert sorted(moved) == ["Harpy 1", "Harpy 2", "Harpy 3"]


def test_winged_frenzy_moves_through_opposing_fighters_and_brings_back_a_defeated_harpy():
    """medusa.yaml Winged Frenzy: Medusa and the Harpies may each move up to 3, through
    opposing fighters; then a defeated Harpy must come back with 1 health in Medusa's zone."""
    # Row 1 of the grid: Medusa on 1, Sinbad on 2 blocks the row; 3 is reached only through him.
    game = duel("medusa", "sinbad", {"Medusa": 1, "Harpy 1": 16, "Sinbad": 2, "The Porter": 6})
    side = game.sides[0]
    harpy2 = fighter(game, "Harpy 2")
    game.put(harpy2, game.board.index[11])
    game.damage(harpy2, 1)                                       # a defeated Harpy
    clear_hand(side)
    to_hand(side, "Winged Frenzy")
    reach = []

    def through(decision):
        if decision.tag == "move_dest" and decision.context["fighter"].name == "Medusa":
            reach.extend(decision.options)
            return decision.options.index(game.board.index[3])
        if decision.tag == "move_dest":
            return 0                                              # the Harpy stays
        if decision.tag == "place":
            return decision.options.index(game.board.index[8])
        return None
    game.agents[0] = ScriptedAgent(through)
    scheme(game, side)
    medusa = fighter(game, "Medusa")
    assert medusa.space == game.board.index[3]                    # walked through Sinbad on 2
    assert harpy2.alive and harpy2.health == 1 and harpy2.space == game.board.index[8]
    assert game.board.same_zone(harpy2.space, medusa.space)


def test_winged_frenzy_brings_no_harpy_back_when_none_is_defeated():
    """medusa.yaml Winged Frenzy: the return only happens if a Harpy is defeated."""
    game = duel("medusa", "sinbad", {"Medusa": 1, "Harpy 1": 6, "Harpy 2": 11, "Harpy 3": 16, "Sinbad": 20})
    side = game.sides[0]
    clear_hand(side)
    to_hand(side, "Winged Frenzy")
    scheme(game, side)
    assert not any(d.tag == "place" for d in game.agents[0].seen)


def test_medusa_plays_full_competitive_duels():
    """Base-set scan p.2-4: full duels with random decisions end without error."""
    play_random_duels("medusa")


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_medusa_plays_checked_adventures_against_each_villain(villain, bot):
    """Adventures p.4-13: one-player games run to their end, invariants checked throughout."""
    for seed in range(2):
        result = play_checked_adventure("medusa", villain, bot, seed)
        assert result.winner in ("heroes", "villain", "timeout")
