"""Competitive play with the box's heroes and boards (Adventures rulebook, "Feeling
competitive?"; core rules EN p.6 setup, p.13 winning, p.18-19 free-for-all and teams).

The engine's own rule tests (tests/test_engine_rules.py) cover hand limit, exhaustion,
combat and the free-for-all first-turn rule on a grid; these check the match files, the
published boards, the competitive bot and the simulator.
"""
from __future__ import annotations

import random

import pytest

from adventures.bots.duelist import DuelistBot
from adventures.competitive.setup import new_competitive, winning_team
from adventures.content.catalog import load_catalog
from adventures.sim import runner
from adventures.sim.matches import play_one_match, summarise_matches
from engine.content.loader import ContentError
from engine.content.schema import MatchDef, MatchSeatDef
from engine.decisions import RandomAgent
from engine.match import place_all, play_match
from engine.state import HERO, GameOver
from engine.turn import attack_options, take_turn


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def match(mode="duel", board="new_york_city", heroes=("leonardo", "raphael"), bot="heuristic", **kw):
    return MatchDef(name="test", mode=mode, board=board, seats=[MatchSeatDef(hero=h, bot=bot) for h in heroes], **kw)


def test_duel_setup_puts_heroes_on_spaces_1_and_2_and_sidekicks_in_their_zone(cat):
    """EN p.6 setup 5-6: the first player's hero on space 1, the second's on space 2; each
    sidekick on another space in its hero's zone."""
    for board in ("new_york_city", "technodrome"):
        game = new_competitive(match(board=board), cat, seed=3)
        place_all(game)
        b = game.board
        for i, side in enumerate(game.sides):
            hero, *sidekicks = side.fighters
            assert hero.space == b.start[i + 1]
            for sk in sidekicks:
                assert sk.space != hero.space and b.same_zone(sk.space, hero.space)
        assert [len(s.hand) for s in game.sides] == [5, 5]


def test_first_seat_takes_the_first_turn(cat):
    """EN p.6 setup 7: the first player (seat 1) plays first; turns then alternate."""
    game = new_competitive(match(), cat, seed=4)
    seen = []
    game.observer = None
    orig = take_turn

    def spy(g, side):
        seen.append(side.index)
        if len(seen) >= 4:
            raise GameOver("stop", "test")
        orig(g, side)
    import engine.match as m
    m.take_turn, saved = spy, m.take_turn
    try:
        play_match(game)
    finally:
        m.take_turn = saved
    assert seen == [0, 1, 0, 1]


def test_competitive_boards_have_no_foot_soldiers_or_dimension_x(cat):
    """Adventures "Feeling competitive?": no Foot soldiers on New York City and no Dimension
    X marker or Doomsday Machines on the Technodrome; the plain core rules apply."""
    for board in ("new_york_city", "technodrome"):
        game = new_competitive(match(board=board), cat, seed=5)
        place_all(game)
        assert not hasattr(game, "adv")
        assert type(game.rules).__module__ == "engine.match"
        assert all(not s.is_enemy for s in game.sides)


def test_free_for_all_first_turn_rule_on_new_york_city(cat):
    """EN p.18 rule 1: on its first turn a hero may only attack the next player or one who
    has already played."""
    game = new_competitive(match(mode="ffa", heroes=("leonardo", "raphael", "donatello")), cat, seed=6)
    place_all(game)
    first, second, third = game.sides
    # Put everyone's fighters within reach of the first hero.
    hero = first.hero
    for side in game.sides:
        for f in side.fighters:
            if f is not hero:
                game.lift(f)
    around = sorted(game.board.adj[hero.space])
    game.put(second.hero, around[0])
    game.put(third.hero, around[1])
    assert {t.side.index for _, t in attack_options(game, first) if t.kind == HERO} <= {1}
    third.data["turns_taken"] = 1
    assert {t.side.index for _, t in attack_options(game, first) if t.kind == HERO} == {1, 2}


def test_team_seats_alternate_and_the_team_wins_together(cat):
    """EN p.19: team A on spaces 1 and 3, team B on 2 and 4; turns A, B, A, B; a team wins
    when both opposing heroes are defeated."""
    game = new_competitive(match(mode="team", heroes=("leonardo", "raphael", "donatello", "michelangelo")),
                           cat, seed=7)
    place_all(game)
    assert [s.team for s in game.sides] == [0, 1, 0, 1]
    assert [s.hero.space for s in game.sides] == [game.board.start[i] for i in (1, 2, 3, 4)]
    over = play_match(game)
    assert over is not None
    team = winning_team(game)
    losers = [s for s in game.sides if s.team != team]
    assert all(not s.hero.alive for s in losers)


def test_a_duel_ends_when_a_hero_is_defeated(cat):
    """EN p.13: when the opposing hero is defeated the game ends at once."""
    game = new_competitive(match(), cat, seed=8)
    place_all(game)
    with pytest.raises(GameOver):
        game.damage(game.sides[1].hero, 99)
    assert winning_team(game) == game.sides[0].team


def test_match_file_is_checked_against_the_content(tmp_path):
    """A match naming an unknown hero or board, or more seats than starting spaces, is one
    file:LINE: field: message error."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: match\nname: x\nboard: moon\nseats:\n  - {hero: leonardo}\n  - {hero: splinter}\n")
    with pytest.raises(ContentError) as err:
        runner.load_scenario(bad)
    text = str(err.value)
    assert "bad.yaml:3: board: unknown board 'moon'" in text
    assert "seats.1.hero: unknown hero 'splinter'" in text
    few = tmp_path / "few.yaml"
    few.write_text("kind: match\nname: x\nmode: team\nseats:\n  - {hero: leonardo}\n  - {hero: raphael}\n")
    with pytest.raises(ContentError) as err:
        runner.load_scenario(few)
    assert "a team needs 4 seats" in str(err.value)


def test_duelist_bot_beats_the_random_bot(cat):
    """The competitive bot plays sensibly: it wins most duels against random play."""
    wins = 0
    for seed in range(30):
        game = new_competitive(match(bot="random"), cat, seed)
        me = seed % 2
        game.agents = {me: DuelistBot(), 1 - me: RandomAgent(random.Random(seed))}
        play_match(game)
        wins += winning_team(game) == game.sides[me].team
    assert wins >= 24


def test_simulated_duels_give_the_same_records_for_any_number_of_workers():
    """Game i always uses the same seed, so one or two workers give the same figures."""
    m = match(board="technodrome", heroes=("donatello", "michelangelo"))
    one = runner.strip_timing(runner.run_games(m, 12, 1, workers=1))
    two = runner.strip_timing(runner.run_games(m, 12, 1, workers=2))
    assert one == two
    s = summarise_matches(one)
    assert s["errors"] == 0 and s["games"] == 12
    assert sum(r["wins"] for r in s["per_seat"].values()) + s["draws"] == 12
    assert set(s["per_hero"]) == {"donatello", "michelangelo"}


def test_every_published_hero_plays_duels_on_both_boards(cat):
    """Each roster hero finishes duels against another hero on both boards without error."""
    keys = sorted(cat.heroes)
    for i, key in enumerate(keys):
        other = keys[(i + 1) % len(keys)]
        for board in ("new_york_city", "technodrome"):
            rec = play_one_match(match(board=board, heroes=(key, other)), i, cat)
            assert rec["winner"] != "error", rec["reason"]


def test_sweep_over_a_match_file_varies_board_and_heroes(tmp_path):
    """`adventures sweep` on a match base: paired seeds per cell, first seat's win rate."""
    from adventures.sim.cli_sweep import run_sweep
    base = match(heroes=("leonardo", "raphael"))
    grid = {"board": ["new_york_city", "technodrome"], "hero2": ["raphael", "donatello"]}
    cells, records = run_sweep(base, grid, 4, 1, workers=1)
    assert len(cells) == 4 and len(records) == 16
    assert {r["heroes"] for r in records} == {"leonardo+raphael", "leonardo+donatello"}
    assert all(0.0 <= c["win_rate"] <= 1.0 and c["errors"] == 0 for c in cells)
    with pytest.raises(ValueError, match="unknown sweep parameter 'villain_health' for a match"):
        runner.with_params(base, {"villain_health": 3})
