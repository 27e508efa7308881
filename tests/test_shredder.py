"""Shredder's special rules: boroughs, Foot soldiers, the objective (Adventures p.4, p.14-15)."""
from __future__ import annotations

import pytest
from fixtures import sid, villain_game, villain_scenario

from adventures.content.catalog import load_catalog
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.rules.threat import advance_threat
from adventures.villains import shredder as sh
from engine.decisions import RandomAgent, ScriptedAgent
from engine.effects.resolve import Ctx, run_ops
from engine.rules import MoveContext
from engine.state import HERO, SIDEKICK, Fighter, GameOver
from engine.turn import maneuver


def scenario(players: int = 1, **overrides):
    return villain_scenario("shredder", players, **overrides)


def new_game(players: int = 1, seed: int = 0, agent=None, table=None, **overrides):
    return villain_game("shredder", players, seed, agent, table, **overrides)

def circle(game, a: int, b: int) -> int:
    return game.board.edge_circle[(sid(game, a), sid(game, b))]


def clear_foot(game) -> None:
    for k in list(sh.foot(game)):
        del sh.foot(game)[k]
    game.adv.supply["foot"] = sh.FOOT_TOKENS


def put_foot(game, k: int, state: str = sh.PATROLLING) -> None:
    sh.foot(game)[k] = state
    game.adv.supply["foot"] -= 1


def clear_players(game) -> None:
    for f in game.fighters:
        if not f.is_enemy:
            game.lift(f)


def conserved(game) -> bool:
    return len(game.adv.data["foot"]) + game.adv.supply["foot"] == sh.FOOT_TOKENS


def tag_rule(tag: str, pick):
    """A ScriptedAgent rule: answer decisions with this tag using pick(decision) -> index."""
    return lambda d: pick(d) if d.tag == tag else None


def option_index(options, wanted) -> int:
    return next(i for i, o in enumerate(options) if o == wanted)


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deploys_one_patrolling_soldier_per_player_in_different_circles(players):
    """Adventures p.4: boroughs shuffled under-threat side up; one Foot soldier per player, each in
    a different Foot circle of the borough on top, patrolling side up; players choose circles."""
    table = ScriptedAgent()
    game = new_game(players, seed=players, table=table)
    data = game.adv.data
    assert sorted(data["borough_track"]) == sorted(name for name, _ in game.board.boroughs)
    assert data["fallen"] == [] and data["under_threat"] == data["borough_track"][0]
    circles = list(data["foot"])
    assert len(circles) == len(set(circles)) == players
    assert all(game.board.circles[k][2] == data["under_threat"] for k in circles)
    assert set(data["foot"].values()) == {sh.PATROLLING}
    assert game.adv.supply["foot"] == sh.FOOT_TOKENS - players and conserved(game)
    assert [d.tag for d in table.seen].count("place_foot") == players


def test_setup_borough_order_follows_the_seed():
    """Adventures p.4: the tile stack is shuffled (with the game's RNG: same seed, same stack)."""
    orders = {tuple(new_game(seed=s).adv.data["borough_track"]) for s in range(12)}
    assert len(orders) > 1
    assert new_game(seed=3).adv.data["borough_track"] == new_game(seed=3).adv.data["borough_track"]


def test_fallen_boroughs_override_starts_with_completions():
    """Scenario option (schema OverridesDef.fallen_boroughs): boroughs already fallen count as
    completions (Adventures p.14: four fallen boroughs lose)."""
    game = new_game(2, fallen_boroughs=2)
    data = game.adv.data
    assert data["fallen"] == data["borough_track"][:2] and game.adv.completions == 2
    assert data["under_threat"] == data["borough_track"][2]
    assert all(game.board.circles[k][2] == data["under_threat"] for k in data["foot"])


# ---------------------------------------------------------------- threat
def test_end_of_round_threat_counts_boroughs_with_foot_soldiers():
    """Adventures p.14: 1 + 1 per borough with at least one Foot soldier, patrolling or entrenched."""
    game = new_game()
    clear_foot(game)
    plugin = game.adv.plugins[0]
    assert plugin.end_of_round_threat(game) == 1
    put_foot(game, circle(game, 1, 2))
    put_foot(game, circle(game, 1, 3))                       # same borough: still +1
    put_foot(game, circle(game, 23, 24))
    put_foot(game, circle(game, 8, 9), sh.ENTRENCHED)        # entrenched ones count too
    assert plugin.end_of_round_threat(game) == 4
    shredder_card = next(c for c in game.adv.all_cards if c.key == "shredder_turn")
    before = game.adv.threat
    run_ops(Ctx(game, game.adv.villain, game.adv.villain.fighters[0]), shredder_card.end_of_round_ops)
    assert game.adv.threat == before + 4


def test_borough_falls_soldiers_entrench_and_next_borough_gets_soldiers():
    """Adventures p.14 (Losing a borough): the top tile flips to fallen, its soldiers entrench,
    then one patrolling soldier per player is deployed to the borough now under threat."""
    game = new_game(3)
    data = game.adv.data
    first, second = data["borough_track"][:2]
    in_first = set(data["foot"])
    game.adv.threat = game.adv.track_length - 2
    advance_threat(game, 5, "test")
    assert game.adv.completions == 1 and game.adv.threat == 0
    assert data["fallen"] == [first] and data["under_threat"] == second
    assert all(data["foot"][k] == sh.ENTRENCHED for k in in_first)
    new = [k for k in data["foot"] if k not in in_first]
    assert len(new) == 3 and all(game.board.circles[k][2] == second for k in new)
    assert all(data["foot"][k] == sh.PATROLLING for k in new) and conserved(game)


def test_fourth_fallen_borough_loses_after_the_borough_falls():
    """Adventures p.14: if any four boroughs fall, the heroes lose; the fourth borough falls first."""
    game = new_game(1, fallen_boroughs=3)
    game.adv.threat = game.adv.track_length - 2
    with pytest.raises(GameOver) as over:
        advance_threat(game, 1, "test")
    assert over.value.winner == "villain"
    assert len(game.adv.data["fallen"]) == 4 and game.adv.completions == 4


def test_four_fallen_boroughs_lose_a_full_seeded_game():
    """Adventures p.7 and p.14: a full random-agent game ends when the fourth borough falls."""
    game = new_adventure(scenario(4), load_catalog(), 0, {i: RandomAgent() for i in range(4)}, RandomAgent())
    result = play_adventure(game)
    assert result.winner == "villain" and "objective" in result.reason
    assert len(game.adv.data["fallen"]) == 4 and result.completions == 4
    assert conserved(game)


# ---------------------------------------------------------------- deploying
def test_deploy_to_full_borough_overflows_to_next_highest_starting_space():
    """Adventures p.15: a full borough overflows to the borough with the next-highest numbered
    starting space (Brooklyn 2 -> Queens 3)."""
    game = new_game()
    clear_foot(game)
    sh.deploy(game, "Brooklyn", 8)
    boroughs = [game.board.circles[k][2] for k in game.adv.data["foot"]]
    assert boroughs.count("Brooklyn") == 6 and boroughs.count("Queens") == 2


def test_deploy_overflow_wraps_from_manhattan_to_staten_island():
    """Adventures p.15: if Manhattan (5) is full, continue to Staten Island (1)."""
    game = new_game()
    clear_foot(game)
    sh.deploy(game, "Manhattan", 7)
    boroughs = [game.board.circles[k][2] for k in game.adv.data["foot"]]
    assert boroughs.count("Manhattan") == 6 and boroughs.count("Staten Island") == 1


def test_deploy_with_empty_supply_places_nothing_and_tokens_are_conserved():
    """Adventures p.11 and p.15: an empty supply deploys nothing; there are 24 Foot soldiers."""
    game = new_game()
    clear_foot(game)
    sh.deploy(game, "Queens", 30)
    assert len(game.adv.data["foot"]) == 24 and game.adv.supply["foot"] == 0
    assert sh.deploy(game, "Queens", 2) == [] and conserved(game)


def test_deploy_to_fallen_borough_places_entrenched_soldiers():
    """Adventures p.15: deploying to a fallen borough places soldiers entrenched side up."""
    game = new_game()
    clear_foot(game)
    game.adv.data["fallen"].append("Bronx")
    placed = sh.deploy(game, "Bronx", 2)
    assert [game.adv.data["foot"][k] for k in placed] == [sh.ENTRENCHED, sh.ENTRENCHED]


def test_players_choose_the_circle_when_deploying():
    """Adventures p.15: if the effect does not say where, players choose empty Foot circles."""
    wanted = None

    def pick(d):
        nonlocal wanted
        wanted = d.options[-1]
        return len(d.options) - 1

    game = new_game(table=ScriptedAgent(tag_rule("place_foot", pick)))
    clear_foot(game)
    assert sh.deploy(game, "Queens", 1) == [wanted]


def test_to_the_streets_deploys_one_per_hero_to_the_borough_under_threat():
    """Our To the Streets! card (approximation): 1 Foot soldier per hero still standing, with
    no cap since the re-tune for good players, to the borough under threat (docs/BALANCE.md)."""
    for players, deployed in ((2, 2), (4, 4)):
        game = new_game(players)
        clear_foot(game)
        card = next(c for c in game.adv.all_cards if c.key == "to_the_streets")
        run_ops(Ctx(game, game.adv.villain, game.adv.villain.fighters[0]), card.right_now_ops)
        assert [game.board.circles[k][2] for k in game.adv.data["foot"]] == [game.adv.data["under_threat"]] * deployed


# ---------------------------------------------------------------- removing and entrenched damage
def staten_island_position(game):
    """The hero on space 1 and a sidekick (added here, whatever the hero's content) on space 5,
    both on Staten Island, with no Foot soldier on the board."""
    clear_foot(game)
    clear_players(game)
    side = game.adv.seats[1]
    leo = side.fighters[0]
    del side.fighters[1:]
    splinter = Fighter(game.next_uid(), "Test Sidekick", SIDEKICK, side, 3, 3)
    side.fighters.append(splinter)
    game.put(leo, sid(game, 1))
    game.put(splinter, sid(game, 5))
    return side, leo, splinter


def test_only_one_fighter_removes_foot_soldiers_per_maneuver():
    """Adventures p.15: a maneuvering player picks ONE fighter; each patrolling soldier it moves
    over is removed (no discard); another fighter of the same maneuver removes nothing."""
    def dest(printed):
        return lambda d: option_index(d.options, sid(game, printed))

    def move_order(d):                  # the hero first, then the sidekick, then done
        kinds = [o.kind if o else None for o in d.options]
        return kinds.index(HERO) if HERO in kinds else kinds.index(SIDEKICK) if SIDEKICK in kinds \
            else kinds.index(None)

    seat_rules = ScriptedAgent(
        tag_rule("boost", lambda d: 0),
        tag_rule("move_fighter", move_order),
        lambda d: dest(4)(d) if d.tag == "move_dest" and d.context["fighter"].kind == HERO else None,
        lambda d: dest(6)(d) if d.tag == "move_dest" else None,
        tag_rule("move_route", lambda d: next(i for i, lab in enumerate(d.labels) if "removes 2" in lab)),
        tag_rule("foot_remover", lambda d: 0),
    )
    game = new_game(agent=seat_rules)
    side, leo, splinter = staten_island_position(game)
    for a, b in ((1, 2), (2, 4), (5, 6)):
        put_foot(game, circle(game, a, b))
    hand = len(side.hand)
    maneuver(game, side)
    assert leo.space == sid(game, 4) and splinter.space == sid(game, 6)
    assert list(game.adv.data["foot"]) == [circle(game, 5, 6)]     # the sidekick's soldier stays
    assert len(side.hand) == hand + 1                                 # the draw; nothing discarded
    assert [d.tag for d in seat_rules.seen].count("foot_remover") == 1 and conserved(game)


def test_routes_removing_different_soldiers_are_offered_separately():
    """Adventures p.15: the route matters when removing soldiers, so the mover chooses it."""
    from engine.movement import route_options
    game = new_game()
    side, leo, _ = staten_island_position(game)
    put_foot(game, circle(game, 1, 2))
    mctx = MoveContext(side, maneuver=True)
    routes = route_options(game, leo, sid(game, 4), 2, mctx)
    assert len(routes) == 2                        # via 2 (removes one) or via 5 (nothing)
    effect = MoveContext(side, by_effect=True)
    assert len(route_options(game, leo, sid(game, 4), 2, effect)) == 1


def test_move_effect_does_not_remove_patrolling_foot():
    """Adventures p.15: soldiers are only removed by maneuver actions, not by movement effects."""
    table = ScriptedAgent(tag_rule("move_dest", lambda d: option_index(d.options, sid(game, 2))))
    game = new_game(agent=table)
    side, leo, _ = staten_island_position(game)
    put_foot(game, circle(game, 1, 2))
    run_ops(Ctx(game, side, leo), [{"move": {"who": "self", "up_to": 1}}])
    assert leo.space == sid(game, 2)
    assert game.adv.data["foot"] == {circle(game, 1, 2): sh.PATROLLING}
    assert "foot_remover" not in [d.tag for d in table.seen]


def test_entrenched_soldier_damages_fighter_pushed_by_effect():
    """Adventures p.14: a player fighter moving over an entrenched soldier takes 1 damage, even
    when moved by an effect; entrenched soldiers are never removed."""
    game = new_game(agent=ScriptedAgent(tag_rule("move_dest", lambda d: option_index(d.options, sid(game, 2)))))
    side, leo, _ = staten_island_position(game)
    put_foot(game, circle(game, 1, 2), sh.ENTRENCHED)
    health = leo.health
    run_ops(Ctx(game, side, leo), [{"move": {"who": "self", "up_to": 1}}])
    assert leo.space == sid(game, 2) and leo.health == health - 1
    assert game.adv.data["foot"] == {circle(game, 1, 2): sh.ENTRENCHED}


def test_entrenched_soldier_is_not_removed_by_the_maneuver_remover():
    """Adventures p.15: only patrolling soldiers can be removed, never entrenched ones."""
    game = new_game()
    side, leo, _ = staten_island_position(game)
    put_foot(game, circle(game, 1, 2), sh.ENTRENCHED)
    put_foot(game, circle(game, 2, 4))
    mctx = MoveContext(side, maneuver=True)
    mctx.remover = leo
    health = leo.health
    game.move_along(leo, (sid(game, 1), sid(game, 2), sid(game, 4)), mctx)
    assert game.adv.data["foot"] == {circle(game, 1, 2): sh.ENTRENCHED} and leo.health == health - 1


def test_enemies_are_unaffected_by_foot_soldiers():
    """Adventures p.14: entrenched soldiers hurt player fighters only; enemies pass freely."""
    game = new_game()
    clear_foot(game)
    clear_players(game)
    shredder = game.adv.villain.fighters[0]
    game.lift(shredder)
    game.put(shredder, sid(game, 1))
    put_foot(game, circle(game, 1, 2), sh.ENTRENCHED)
    put_foot(game, circle(game, 2, 4))
    game.move_along(shredder, (sid(game, 1), sid(game, 2), sid(game, 4)), MoveContext(shredder.side))
    assert shredder.health == shredder.max_health and len(game.adv.data["foot"]) == 2


def test_placing_does_not_cross_foot_circles():
    """Adventures p.10 and p.14: a placed fighter does not move through anything in between."""
    game = new_game()
    side, leo, _ = staten_island_position(game)
    put_foot(game, circle(game, 1, 2), sh.ENTRENCHED)
    health = leo.health
    game.place(leo, sid(game, 2))
    assert leo.health == health


def test_rage_of_the_shredder_grows_with_fallen_boroughs():
    """Our Rage of the Shredder (approximation, Adventures p.9 enemy attack): +1 per fallen borough
    (printed attack 4, docs/BALANCE.md)."""
    from engine.combat import fight
    game = new_game(fallen_boroughs=2)
    side, leo, _ = staten_island_position(game)
    shredder = game.adv.villain.fighters[0]
    game.lift(shredder)
    game.put(shredder, sid(game, 2))
    deck = game.adv.villain.deck
    rage = next(c for c in deck if c.name == "Rage of the Shredder")
    deck.remove(rage)
    fight(game, shredder, leo, rage)
    combat = next(e for e in reversed(game.events) if e["kind"] == "combat")
    assert combat["attack"] == 4 + 2


def test_random_games_keep_all_foot_soldiers_accounted_for():
    """Adventures p.4: 24 Foot soldier tokens, on the board or in the supply, whatever happens."""
    for seed in range(8):
        game = new_adventure(scenario(2), load_catalog(), seed, {0: RandomAgent(), 1: RandomAgent()}, RandomAgent())
        play_adventure(game)
        assert conserved(game)
        assert all(game.board.circles[k][2] in game.adv.data["fallen"] for k, s in game.adv.data["foot"].items()
                   if s == sh.ENTRENCHED)
