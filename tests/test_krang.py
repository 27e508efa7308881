"""Krang's special rules: Dimension X, Doomsday Machines, the die, traps (Adventures p.16-17)."""
from __future__ import annotations

import pytest
from fixtures import sid, villain_game, villain_scenario

from adventures.content.catalog import load_catalog
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.rules.threat import advance_threat
from adventures.villains import krang as kr
from engine.decisions import TABLE, RandomAgent, ScriptedAgent
from engine.effects.resolve import Ctx, check, run_ops
from engine.rules import MoveContext
from engine.state import SIDEKICK, Fighter, GameOver


def scenario(players: int = 1, **overrides):
    return villain_scenario("krang", players, **overrides)


def new_game(players: int = 1, seed: int = 0, agent=None, table=None, **overrides):
    return villain_game("krang", players, seed, agent, table, **overrides)

def krang_ctx(game) -> Ctx:
    villain = game.adv.villain
    return Ctx(game, villain, villain.fighters[0])


def only_hero(game, printed: int):
    """Leave the first player's hero alone on a space (other player fighters off the board)."""
    for f in game.fighters:
        if not f.is_enemy:
            game.lift(f)
    side = game.adv.seats[1]
    hero = side.fighters[0]
    game.put(hero, sid(game, printed))
    return side, hero


def machine_wired_to(game, mid: int) -> tuple[int, ...]:
    return next(w for m, _, w in game.board.machines if m == mid)


# ---------------------------------------------------------------- setup and Dimension X
def test_setup_places_the_first_marker_and_activates_every_machine():
    """Adventures p.16: Dimension X starts on screen 1; machines start on the active side."""
    game = new_game()
    data = game.adv.data
    assert data["dx_markers"] == 1 and set(data["machines"].values()) == {True}
    assert len(data["machines"]) == 3 and len(data["trap_deck"]) == 8 and data["trap_discard"] == []
    assert data["last_roll"] is None


def test_dimension_x_covers_the_screens_under_the_markers():
    """Adventures p.16: spaces under the markers are in Dimension X, the rest is our world."""
    game = new_game()
    screen1, screen2 = sid(game, 2), sid(game, 10)
    assert kr.in_dimension_x(game, screen1) and not kr.in_dimension_x(game, screen2)
    game.adv.data["dx_markers"] = 2
    assert kr.in_dimension_x(game, screen2)
    _, hero = only_hero(game, 10)
    ctx = krang_ctx(game)
    ctx.vars["it"] = hero
    assert check(ctx, {"in_dimension_x": "it"})


def test_threat_level_is_the_highest_screen_with_a_marker():
    """Adventures p.17: Krang's threat level is the highest numbered space with a marker."""
    game = new_game()
    assert game.threat_level() == 1
    game.adv.threat = game.adv.track_length - 2
    advance_threat(game, 3, "test")
    assert game.adv.data["dx_markers"] == 2 and game.threat_level() == 2 and game.adv.threat == 0


def test_fourth_expansion_loses_the_game():
    """Adventures p.16: if Dimension X expands four times, the heroes lose."""
    game = new_game()
    for _ in range(3):
        game.adv.threat = game.adv.track_length - 2
        advance_threat(game, 1, "test")
    assert game.adv.data["dx_markers"] == 4 and game.adv.completions == 3 and game.threat_level() == 4
    game.adv.threat = game.adv.track_length - 2
    with pytest.raises(GameOver) as over:
        advance_threat(game, 1, "test")
    assert over.value.winner == "villain" and game.adv.completions == 4


def test_dimension_x_markers_override_counts_as_expansions():
    """Scenario option (schema OverridesDef.dimension_x_markers): extra markers are expansions
    already made (Adventures p.16)."""
    game = new_game(dimension_x_markers=3)
    assert game.adv.data["dx_markers"] == 3 and game.adv.completions == 2 and game.threat_level() == 3


def test_end_of_round_threat_counts_active_machines():
    """Adventures p.16: 1 plus 1 for each active Doomsday Machine."""
    game = new_game()
    plugin = game.adv.plugins[0]
    assert plugin.end_of_round_threat(game) == 4
    game.adv.data["machines"][2] = False
    assert plugin.end_of_round_threat(game) == 3


def test_place_in_dimension_x_uses_only_empty_spaces_there():
    """Our Dimensional Rift (approximation): place the opponent on an empty space in Dimension X;
    players choose the space for an enemy's effect (Adventures p.10, p.13)."""
    table = ScriptedAgent()
    game = new_game(table=table)
    _, hero = only_hero(game, 30)
    krang = game.adv.villain.fighters[0]
    game.lift(krang)
    game.put(krang, sid(game, 1))                    # an occupied space in Dimension X
    empty_inside = {s for s in game.empty_spaces() if kr.in_dimension_x(game, s)}
    ctx = krang_ctx(game)
    ctx.vars["it"] = hero
    run_ops(ctx, [{"place_in_dimension_x": "it"}])
    assert kr.in_dimension_x(game, hero.space)
    asked = [d for d in table.seen if d.tag == "place"]
    assert len(asked) == 1 and asked[0].seat == TABLE and set(asked[0].options) == empty_inside
    assert sid(game, 1) not in empty_inside


# ---------------------------------------------------------------- Doomsday Machines
def test_wire_adjacency_is_not_movement_adjacency():
    """Adventures p.16: wires show which spaces are adjacent to a machine; they are not paths,
    and a space next to a wired space is not adjacent to the machine."""
    game = new_game()
    wired = machine_wired_to(game, 1)
    assert any(game.board.dist[a][b] > 1 for a in wired for b in wired if a != b)
    near_not_wired = next(t for s in wired for t in game.board.adj[s] if t not in wired)
    side, hero = only_hero(game, game.board.ids[near_not_wired])
    assert kr.wired_machines(game, side) == []
    game.lift(hero)
    game.put(hero, wired[0])
    assert kr.wired_machines(game, side) == [1]


def test_one_machine_deactivation_per_maneuver_costs_one_card():
    """Adventures p.16: end a maneuver with a fighter wired to a machine and discard one card to
    deactivate it; only one machine per maneuver."""
    seat = ScriptedAgent(lambda d: len(d.options) - 1 if d.tag == "deactivate_machine" else None)
    game = new_game(agent=seat)
    side, hero = only_hero(game, game.board.ids[machine_wired_to(game, 1)[0]])
    del side.fighters[1:]                  # a sidekick of our own, whatever the hero's content
    other = Fighter(game.next_uid(), "Test Sidekick", SIDEKICK, side, 3, 3)
    side.fighters.append(other)
    game.put(other, machine_wired_to(game, 2)[0])
    hand, discard = len(side.hand), len(side.discard)
    game.rules.after_maneuver(game, side, MoveContext(side, maneuver=True))
    machines = game.adv.data["machines"]
    assert sum(1 for on in machines.values() if not on) == 1
    assert len(side.hand) == hand - 1 and len(side.discard) == discard + 1
    asked = [d for d in seat.seen if d.tag == "deactivate_machine"]
    assert len(asked) == 1 and asked[0].options[0] is None and set(asked[0].options[1:]) == {1, 2}


def test_machines_are_not_deactivated_by_movement_effects():
    """Adventures p.16: only a maneuver action deactivates a machine, not other movement."""
    game = new_game(agent=ScriptedAgent(lambda d: 1 if d.tag == "deactivate_machine" else None))
    side, _ = only_hero(game, game.board.ids[machine_wired_to(game, 3)[0]])
    game.rules.after_maneuver(game, side, MoveContext(side, by_effect=True))
    assert all(game.adv.data["machines"].values())


def test_deactivation_needs_a_card_in_hand():
    """Adventures p.16: deactivating requires discarding one action card from your hand."""
    game = new_game(agent=ScriptedAgent(lambda d: 1 if d.tag == "deactivate_machine" else None))
    side, _ = only_hero(game, game.board.ids[machine_wired_to(game, 3)[0]])
    side.discard.extend(side.hand)
    side.hand.clear()
    game.rules.after_maneuver(game, side, MoveContext(side, maneuver=True))
    assert all(game.adv.data["machines"].values())


def test_reactivation_happens_on_three_to_five_about_half_the_time():
    """Adventures p.17: at the end of the round, with a machine inactive, roll the die; 3-5
    activates the leftmost inactive machine (3 faces of 6)."""
    game = new_game()
    machines = game.adv.data["machines"]
    hits, trials = 0, 1200
    for _ in range(trials):
        machines.update({1: True, 2: False, 3: False})
        run_ops(krang_ctx(game), [{"reactivate_machine": True}])
        hits += machines[2]
        assert not machines[3]                      # only the leftmost inactive one
    assert 0.44 < hits / trials < 0.56


def test_krang_end_of_round_advances_threat_then_rolls():
    """Adventures p.16-17: Krang's END OF ROUND advances the threat by 1 + active machines, then
    rolls for an inactive machine."""
    game = new_game()
    game.adv.data["machines"][1] = False
    card = next(c for c in game.adv.all_cards if c.key == "krang_turn")
    run_ops(krang_ctx(game), card.end_of_round_ops)
    assert game.adv.threat == 3
    assert game.adv.data["last_roll"]["why"].startswith("reactivate")


def test_players_may_reroll_by_discarding_any_number_of_times():
    """Adventures p.17: before Krang's roll resolves, any player may discard a card to reroll,
    any number of times."""
    count = 0

    def reroll_twice(d):
        nonlocal count
        if d.tag != "reroll":
            return None
        count += 1
        return 1 if count <= 2 else 0

    game = new_game(2, table=ScriptedAgent(reroll_twice))
    hands = sum(len(s.hand) for s in game.adv.seats.values())
    discards = sum(len(s.discard) for s in game.adv.seats.values())
    face = kr.roll_die(game, "test")
    assert count == 3
    assert sum(len(s.hand) for s in game.adv.seats.values()) == hands - 2
    assert sum(len(s.discard) for s in game.adv.seats.values()) == discards + 2
    rolls = [e for e in game.events if e["kind"] == "die"]
    assert len(rolls) == 3 and rolls[-1]["face"] == face
    assert game.adv.data["last_roll"] == {"face": face, "why": "test"} and face in kr.DIE_FACES


# ---------------------------------------------------------------- traps
def test_trap_deck_reshuffles_its_discard_when_it_runs_out():
    """Adventures p.17: resolved traps go to a face-up discard pile; when the deck is empty,
    shuffle the discard pile into a new deck."""
    game = new_game()
    data = game.adv.data
    names = sorted(data["trap_deck"])
    for k in range(7):
        run_ops(krang_ctx(game), [{"technodrome_trap": True}])
        assert len(data["trap_deck"]) == 7 - k and len(data["trap_discard"]) == k + 1
    run_ops(krang_ctx(game), [{"technodrome_trap": True}])
    assert sorted(data["trap_deck"]) == names and data["trap_discard"] == []


def test_x_on_the_die_makes_the_trap_a_dud(monkeypatch):
    """Adventures p.17: a roll of X means the trap is a dud and nothing resolves."""
    game = new_game()
    monkeypatch.setattr(kr, "roll_die", lambda game, why, faces=None: kr.DUD)
    game.adv.data["trap_deck"].insert(0, "Power Surge")
    before = game.adv.threat
    run_ops(krang_ctx(game), [{"technodrome_trap": True}])
    assert game.adv.threat == before and game.adv.data["trap_discard"][-1] == "Power Surge"


def test_trap_results_hit_harder_inside_dimension_x(monkeypatch):
    """Our Electrified Deck Plates (approximation, Adventures p.16: stronger inside Dimension X):
    on a 4, fighters in Dimension X take 1 damage, the others none (values: docs/BALANCE.md)."""
    game = new_game(2)
    monkeypatch.setattr(kr, "roll_die", lambda game, why, faces=None: "4")
    for f in game.fighters:
        if not f.is_enemy:
            game.lift(f)
    inside, outside = game.adv.seats[1].fighters[0], game.adv.seats[2].fighters[0]
    game.put(inside, sid(game, 2))
    game.put(outside, sid(game, 30))
    game.adv.data["trap_deck"].insert(0, "Electrified Deck Plates")
    run_ops(krang_ctx(game), [{"technodrome_trap": True}])
    assert inside.max_health - inside.health == 1 and outside.max_health - outside.health == 0


def test_every_trap_result_resolves(monkeypatch):
    """Adventures p.17: each of the 8 traps has results 1-5; every one of them resolves."""
    names = sorted(new_game().adv.data["trap_deck"])
    assert len(names) == 8
    for name in names:
        for face in "12345":
            monkeypatch.setattr(kr, "roll_die", lambda game, why, faces=None, face=face: face)
            game = new_game(2, agent=RandomAgent(), table=RandomAgent())
            game.adv.data["trap_deck"].insert(0, name)
            try:
                run_ops(krang_ctx(game), [{"technodrome_trap": True}])
            except GameOver:
                pass
            assert game.adv.data["trap_discard"][-1] == name


def test_random_games_run_to_an_end():
    """Adventures p.7: a Krang game ends with a win or a loss (random agents, a few seeds)."""
    for seed in range(6):
        game = new_adventure(scenario(2), load_catalog(), seed, {0: RandomAgent(), 1: RandomAgent()},
                             RandomAgent())
        result = play_adventure(game)
        assert result.winner in ("heroes", "villain", "timeout")
        assert 1 <= game.adv.data["dx_markers"] <= 4
