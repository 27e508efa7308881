"""Core Unmatched rules (engine/). Page numbers: Marvel 'For King and Country' rulebook
(EN) and the French core rulebook (FR)."""
from __future__ import annotations

import pytest
from fixtures import grid_board, simple_hero

from engine.combat import fight
from engine.decisions import FirstOptionAgent, RandomAgent, ScriptedAgent
from engine.effects.resolve import Ctx, run_ops
from engine.match import new_match, play_match
from engine.state import GameOver
from engine.turn import (
    HAND_LIMIT,
    attack_options,
    enforce_hand_limit,
    legal_actions,
    maneuver,
    take_turn,
    valid_targets,
)


def duel(seed=1, a=None, b=None, board=None, agents=None):
    board = board or grid_board()
    game = new_match(board, [a or simple_hero("A"), b or simple_hero("B")], seed)
    for s in game.sides:
        game.agents[s.index] = (agents or {}).get(s.index, FirstOptionAgent())
    return game


def card(side, name):
    for pile in (side.hand, side.deck, side.discard):
        for c in pile:
            if c.name == name:
                pile.remove(c)
                return c
    raise KeyError(name)


def by_tag(tag, pick):
    return lambda d: pick(d) if d.tag == tag else None


# ---------------------------------------------------------------- setup and health
def test_starting_hand_is_five_cards():
    """EN p.6 step 4: each player draws 5 cards."""
    game = duel()
    assert [len(s.hand) for s in game.sides] == [5, 5]
    assert [len(s.deck) for s in game.sides] == [15, 15]


def test_health_cannot_exceed_starting_value():
    """EN p.4: fighters cannot gain health higher than their dial's highest number."""
    game = duel()
    hero = game.sides[0].fighters[0]
    hero.health = 10
    assert game.recover(hero, 5) == 2
    assert hero.health == hero.max_health == 12


def test_defeated_fighter_is_removed_and_cannot_recover():
    """EN p.13 / FR p.15: a fighter at 0 health is defeated and removed; it cannot recover."""
    game = duel(b=simple_hero("B", sidekick={"name": "Pal", "health": 2}))
    game.put(game.sides[0].fighters[0], 0)
    pal = game.sides[1].fighters[1]
    game.put(pal, 5)
    game.damage(pal, 5)
    assert not pal.alive and pal.space is None and game.occ[5] is None
    assert game.recover(pal, 1) == 0


def test_hero_defeat_ends_a_duel():
    """EN p.13: when your hero is defeated you lose at once."""
    game = duel()
    game.put(game.sides[0].fighters[0], 0)
    game.put(game.sides[1].fighters[0], 1)
    with pytest.raises(GameOver) as over:
        game.damage(game.sides[1].fighters[0], 99)
    assert "A" in over.value.winner


# ---------------------------------------------------------------- turn structure
def test_turn_has_exactly_two_actions_and_maneuver_is_always_legal():
    """EN p.8: you must take 2 actions; you cannot skip one."""
    agent = ScriptedAgent(by_tag("action", lambda d: d.options.index("maneuver")))
    game = duel(agents={0: agent})
    game.put(game.sides[0].fighters[0], 0)
    game.put(game.sides[1].fighters[0], 19)
    take_turn(game, game.sides[0])
    actions = [d for d in agent.seen if d.tag == "action"]
    assert len(actions) == 2
    assert all("maneuver" in d.options for d in actions)


def test_hand_limit_seven_at_end_of_turn():
    """EN p.8: discard down to 7 at the end of your turn."""
    game = duel()
    side = game.sides[0]
    while len(side.hand) < 10:
        side.hand.append(side.deck.pop())
    enforce_hand_limit(game, side)
    assert len(side.hand) == HAND_LIMIT
    assert len(side.discard) == 3


def test_maneuver_draws_then_may_boost_then_moves():
    """EN p.9-10: draw (mandatory), boost by discarding one card for its BOOST value."""
    agent = ScriptedAgent(
        by_tag("boost", lambda d: next(i for i, c in enumerate(d.options) if c is not None and c.boost == 2)),
        by_tag("move_fighter", lambda d: 0),
        by_tag("move_dest", lambda d: max(range(len(d.options)), key=lambda i: d.labels[i])),
    )
    game = duel(agents={0: agent})
    side = game.sides[0]
    game.put(side.fighters[0], 0)
    game.put(game.sides[1].fighters[0], 19)
    hand_before = len(side.hand)
    maneuver(game, side)
    dests = next(d for d in agent.seen if d.tag == "move_dest")
    # move 2 + boost 2 = up to 4 spaces away
    assert max(game.board.dist[0][s] for s in dests.options) == 4
    assert len(side.hand) == hand_before   # +1 drawn, -1 boosted
    assert len(side.discard) == 1


def test_cannot_move_through_opposing_fighter_but_through_friendly():
    """EN p.10: move through friendly fighters, never through opposing ones; end empty."""
    b = grid_board(5, 1)    # a line 1-2-3-4-5
    game = duel(board=b, a=simple_hero("A", sidekick={"name": "Pal", "health": 2}))
    a, pal = game.sides[0].fighters
    game.put(a, 0)
    game.put(pal, 1)
    game.put(game.sides[1].fighters[0], 3)
    from engine.movement import destinations
    reach = destinations(game, a, 4)
    assert 2 in reach            # through the friendly sidekick
    assert 1 not in reach        # cannot end on it
    assert 4 not in reach        # cannot pass the opposing fighter



def test_opposing_fighters_block_where_they_stand_now():
    """EN p.10: an opposing fighter blocks the space it stands on when the move is made:
    after it moves, is swapped, placed or defeated, the space it left is free to cross."""
    from engine.movement import destinations
    from engine.rules import MoveContext
    b = grid_board(5, 1)    # a line 1-2-3-4-5
    game = duel(board=b)
    a, foe = game.sides[0].fighters[0], game.sides[1].fighters[0]
    game.put(a, 0)
    game.put(foe, 2)
    assert 3 not in destinations(game, a, 4)
    game.move_along(foe, (2, 3), MoveContext(game.sides[1], by_effect=True))
    assert 2 in destinations(game, a, 4) and 4 not in destinations(game, a, 4)
    game.swap(a, foe)           # a on 3, the foe on 0
    assert 4 in destinations(game, a, 4) and 1 in destinations(game, a, 4)
    game.lift(foe)
    assert game.opponents(game.sides[0].team) == []

def test_exhaustion_deals_two_damage_per_card_not_drawn():
    """EN p.9 / FR p.7: empty deck: no reshuffle, each fighter takes 2 per card not drawn."""
    game = duel(a=simple_hero("A", sidekick={"name": "Pal", "health": 5}))
    side = game.sides[0]
    game.put(side.fighters[0], 0)
    game.put(side.fighters[1], 1)
    side.deck.clear()
    game.draw(side, 2)
    assert [f.health for f in side.fighters] == [8, 1]
    assert side.discard == []


def test_attack_requires_attack_card_and_valid_target():
    """EN p.11: no attack action without an attack card or a valid target."""
    game = duel()
    side = game.sides[0]
    game.put(side.fighters[0], 0)
    game.put(game.sides[1].fighters[0], 1)
    assert "attack" in legal_actions(game, side)
    side.hand = [c for c in side.hand if not c.can_attack]
    assert "attack" not in legal_actions(game, side)


def test_melee_needs_adjacency_ranged_may_use_same_zone():
    """EN p.11: melee targets adjacent fighters; ranged adjacent or in the same zone."""
    game = duel(b=simple_hero("B", attack="ranged"))
    a, b = game.sides[0].fighters[0], game.sides[1].fighters[0]
    game.put(a, 0)      # left zone
    game.put(b, 6)      # left zone, not adjacent
    assert valid_targets(game, a) == []
    assert valid_targets(game, b) == [a]


def test_scheme_needs_allowed_undefeated_fighter():
    """EN p.10: you may not play a scheme card if the listed fighters are defeated."""
    deck = [{"name": "Pal Plan", "type": "scheme", "fighter": "Pal", "copies": 30,
             "effects": [{"timing": "scheme", "text": "Draw a card.", "ops": [{"draw": 1}]}]}]
    game = duel(a=simple_hero("A", sidekick={"name": "Pal", "health": 1}, deck=deck))
    side = game.sides[0]
    game.put(side.fighters[0], 0)
    game.put(side.fighters[1], 1)
    assert "scheme" in legal_actions(game, side)
    game.damage(side.fighters[1], 1)
    assert "scheme" not in legal_actions(game, side)


# ---------------------------------------------------------------- combat
def combat_deck(att_effects=(), def_effects=()):
    return [
        {"name": "Hit", "type": "attack", "value": 4, "boost": 1, "copies": 10, "effects": list(att_effects)},
        {"name": "Guard", "type": "defense", "value": 2, "boost": 1, "copies": 10, "effects": list(def_effects)},
        {"name": "Both", "type": "versatile", "value": 3, "boost": 1, "copies": 10},
    ]


def setup_combat(att_effects=(), def_effects=(), agents=None):
    game = duel(a=simple_hero("A", deck=combat_deck(att_effects)), b=simple_hero("B", deck=combat_deck(
        def_effects=def_effects)), agents=agents)
    a, b = game.sides[0].fighters[0], game.sides[1].fighters[0]
    game.put(a, 0)
    game.put(b, 1)
    return game, a, b


def test_combat_damage_is_attack_minus_defense_and_attacker_wins():
    """EN p.12: damage = attack value minus defense value; attacker wins if it dealt >= 1."""
    guard = lambda d: next(i for i, c in enumerate(d.options) if c and c.name == "Guard")  # noqa: E731
    game, a, b = setup_combat(agents={1: ScriptedAgent(by_tag("defense_card", guard))})
    b.side.hand.append(card(b.side, "Guard"))
    combat = fight(game, a, b, card(a.side, "Hit"))
    assert combat.damage == 2 and combat.winner == "attacker"
    assert b.health == 10


def test_defender_wins_when_no_combat_damage_even_if_hurt_by_effects():
    """EN p.12: the defender won if it took no combat damage, even with effect damage."""
    eff = [{"timing": "immediately", "text": "Deal 1 damage to the defender.",
            "ops": [{"damage": {"amount": 1, "to": "opponent"}}]}]
    game, a, b = setup_combat(att_effects=eff)
    b.side.hand = [card(b.side, "Guard"), card(b.side, "Guard")]
    game.agents[1] = ScriptedAgent(by_tag("defense_card", lambda d: 1))
    hit = card(a.side, "Hit")
    object.__setattr__(hit, "value", 2)
    combat = fight(game, a, b, hit)
    assert combat.damage == 0 and combat.winner == "defender" and b.health == 11


def test_defender_effects_resolve_first():
    """EN p.12: when two effects would resolve at the same time, the defender's goes first."""
    att = [{"timing": "after_combat", "text": "Draw.", "ops": [{"log": "attacker effect"}]}]
    dfn = [{"timing": "after_combat", "text": "Draw.", "ops": [{"log": "defender effect"}]}]
    game, a, b = setup_combat(att, dfn)
    b.side.hand.append(card(b.side, "Guard"))
    game.agents[1] = ScriptedAgent(by_tag("defense_card", lambda d: len(d.options) - 1))
    fight(game, a, b, card(a.side, "Hit"))
    notes = [e["text"] for e in game.events if e["kind"] == "note"]
    assert notes == ["defender effect", "attacker effect"]


def test_timings_resolve_in_order_immediately_during_damage_after():
    """FR p.13: IMMEDIATELY, DURING COMBAT, combat damage, AFTER COMBAT, then discard."""
    eff = [{"timing": t, "text": t, "ops": [{"log": t}]} for t in ("after_combat", "during_combat", "immediately")]
    game, a, b = setup_combat(att_effects=eff)
    combat = fight(game, a, b, card(a.side, "Hit"))
    kinds = [e["text"] if e["kind"] == "note" else e["kind"] for e in game.events
             if e["kind"] in ("note", "combat")]
    assert kinds == ["immediately", "during_combat", "combat", "after_combat"]
    assert combat.att_card in a.side.discard


def test_after_combat_effects_resolve_even_if_fighter_fell():
    """EN p.12: after-combat effects of a defeated fighter's card still resolve."""
    dfn = [{"timing": "after_combat", "text": "Deal 1 damage to the attacker.",
            "ops": [{"damage": {"amount": 1, "to": "opponent"}}]}]
    game = duel(a=simple_hero("A", deck=combat_deck()),
                b=simple_hero("B", sidekick={"name": "Pal", "health": 1}, deck=combat_deck(def_effects=dfn)))
    a, pal = game.sides[0].fighters[0], game.sides[1].fighters[1]
    game.put(a, 0)
    game.put(pal, 1)
    game.put(game.sides[1].fighters[0], 19)
    pal.side.hand.append(card(pal.side, "Guard"))
    game.agents[1] = ScriptedAgent(by_tag("defense_card", lambda d: len(d.options) - 1))
    fight(game, a, pal, card(a.side, "Hit"))
    assert not pal.alive
    assert a.health == 11


def test_cancel_stops_opponent_effects():
    """FR p.14: a cancelled effect is not resolved."""
    att = [{"timing": "immediately", "text": "Cancel the opponent's effects.", "ops": [{"cancel": True}]}]
    dfn = [{"timing": "after_combat", "text": "Recover 5.", "ops": [{"recover": {"amount": 5}}]}]
    game, a, b = setup_combat(att, dfn)
    b.side.hand.append(card(b.side, "Guard"))
    game.agents[1] = ScriptedAgent(by_tag("defense_card", lambda d: len(d.options) - 1))
    fight(game, a, b, card(a.side, "Hit"))
    assert b.health == 10


def test_ignored_value_counts_as_zero_whatever_the_modifiers():
    """FR p.14: ignored values are treated as 0 whatever other effects do."""
    att = [{"timing": "during_combat", "text": "Ignore the defense.", "ops": [{"ignore_value": "opponent"}]}]
    dfn = [{"timing": "during_combat", "text": "+3.", "ops": [{"modify_value": 3}]}]
    game, a, b = setup_combat(att, dfn)
    b.side.hand.append(card(b.side, "Guard"))
    game.agents[1] = ScriptedAgent(by_tag("defense_card", lambda d: len(d.options) - 1))
    combat = fight(game, a, b, card(a.side, "Hit"))
    assert combat.damage == 4


def test_may_effect_is_a_decision_and_mandatory_is_not():
    """FR p.14: effects are mandatory unless they say 'may'."""
    game, a, b = setup_combat()
    agent = ScriptedAgent(by_tag("may", lambda d: 1))     # answer "no"
    game.agents[0] = agent
    ctx = Ctx(game, a.side, a)
    run_ops(ctx, [{"may": [{"draw": 1}]}, {"draw": 1}])
    assert [d.tag for d in agent.seen] == ["may"]
    assert len(a.side.hand) == 6


def test_versatile_counts_as_attack_and_defense():
    """EN p.11: versatile cards can attack or defend."""
    game, a, b = setup_combat()
    both = card(a.side, "Both")
    assert both.can_attack and both.can_defend


# ---------------------------------------------------------------- multiplayer
def test_free_for_all_first_turn_attack_restriction():
    """EN p.18: on its first turn a hero may only attack the next player or one who has played."""
    b = grid_board()
    heroes = [simple_hero(n, attack="ranged") for n in "ABCD"]
    game = new_match(b, heroes, 3, mode="ffa")
    for i, s in enumerate(game.sides):
        game.put(s.fighters[0], [0, 1, 5, 6][i])
        game.agents[i] = FirstOptionAgent()
    targets = {t.side.index for _, t in attack_options(game, game.sides[0])}
    assert targets == {1}
    game.sides[2].data["turns_taken"] = 1
    targets = {t.side.index for _, t in attack_options(game, game.sides[0])}
    assert targets == {1, 2}


def test_free_for_all_hero_defeat_removes_sidekicks():
    """EN p.18 rule 3: a player is eliminated when their hero is defeated; remove sidekicks."""
    b = grid_board()
    heroes = [simple_hero("A"), simple_hero("B", sidekick={"name": "Pal", "health": 3}), simple_hero("C")]
    game = new_match(b, heroes, 3, mode="ffa")
    for i, s in enumerate(game.sides):
        for j, f in enumerate(s.fighters):
            game.put(f, i * 5 + j)
    game.damage(game.sides[1].fighters[0], 99)
    assert game.sides[1].eliminated
    assert all(not f.alive and f.space is None for f in game.sides[1].fighters)


def test_team_play_alternates_and_team_loses_when_both_heroes_fall():
    """EN p.19: teams A,B,A,B; a player with a sidekick left keeps playing; both heroes
    of a team defeated = the other team wins."""
    b = grid_board()
    heroes = [simple_hero("A1"), simple_hero("B1"), simple_hero("A2", sidekick={"name": "Pal", "health": 3}),
              simple_hero("B2")]
    game = new_match(b, heroes, 3, mode="team")
    assert [s.team for s in game.sides] == [0, 1, 0, 1]
    for i, s in enumerate(game.sides):
        for j, f in enumerate(s.fighters):
            game.put(f, i * 5 + j)
    game.damage(game.sides[2].fighters[0], 99)       # A2's hero falls, Pal remains
    assert not game.sides[2].eliminated
    with pytest.raises(GameOver) as over:
        game.damage(game.sides[0].fighters[0], 99)
    assert "B1" in over.value.winner and "B2" in over.value.winner


def test_random_duels_always_end_over_1000_seeds():
    """Every random-agent duel ends with a winner and no exception (engine robustness)."""
    b = grid_board()
    heroes = [simple_hero("A", sidekick={"name": "Pal", "health": 2}), simple_hero("B", attack="ranged")]
    for seed in range(1000):
        game = new_match(b, heroes, seed, log=False)
        for s in game.sides:
            game.agents[s.index] = RandomAgent()
        assert play_match(game) is not None, seed


def test_same_seed_and_decisions_give_the_same_game():
    """Brief: one seeded RNG per game; same seed + same decisions = same game."""
    b = grid_board()
    heroes = [simple_hero("A"), simple_hero("B")]
    logs = []
    for _ in range(2):
        game = new_match(b, heroes, 42)
        for s in game.sides:
            game.agents[s.index] = RandomAgent()
        play_match(game)
        logs.append([e["text"] for e in game.events])
    assert logs[0] == logs[1]


def test_player_orders_own_simultaneous_effects():
    """FR p.13: when two effects of the same player happen at once, that player picks the
    order: here a card's DURING COMBAT effect and the hero's during-combat ability."""
    ability = {"name": "Steady", "text": "During combat: +1.",
               "triggers": [{"on": "during_combat", "ops": [{"log": "ability"}]}]}
    att = [{"timing": "during_combat", "text": "card", "ops": [{"log": "card"}]}]
    for answer, expected in ((0, ["card", "ability"]), (1, ["ability", "card"])):
        game = duel(a=simple_hero("A", deck=combat_deck(att), ability=ability))
        a, b = game.sides[0].fighters[0], game.sides[1].fighters[0]
        game.put(a, 0)
        game.put(b, 1)
        agent = ScriptedAgent(by_tag("effect_order", lambda d, answer=answer: answer))
        game.agents[0] = agent
        fight(game, a, b, card(a.side, "Hit"))
        assert [d.tag for d in agent.seen].count("effect_order") == 1
        assert [e["text"] for e in game.events if e["kind"] == "note"] == expected


def test_event_log_is_json_serialisable_and_readable():
    """Brief: every game has a structured event log (JSON) that also reads as plain text."""
    import json
    b = grid_board()
    game = new_match(b, [simple_hero("A"), simple_hero("B")], 5)
    for s in game.sides:
        game.agents[s.index] = RandomAgent()
    play_match(game)
    json.dumps(game.events)
    assert all(isinstance(e["text"], str) and e["text"] for e in game.events)
