"""Soak: many seeded bot games, invariants checked before every decision, every game
re-run from its record. A fast subset runs with the suite; the long run is marked slow."""
from __future__ import annotations

import argparse
import random

import pytest

from adventures.content.catalog import load_catalog
from adventures.tools import soak as soak_tool
from adventures.tools.soak import game_spec, play_one, soak


def args(**kw) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    soak_tool.add_arguments(parser)
    ns = parser.parse_args([])
    for k, v in kw.items():
        setattr(ns, k, v)
    return ns


def failures(totals) -> str:
    return "\n".join(f"seed {o.seed} ({o.summary}): {o.violation or o.exception or o.replay}"
                     for o in totals.failures[:10])


def test_soak_games_cover_villains_player_counts_allies_and_bots():
    """The soak explores every villain, 1-4 players, allies on and off, both bot kinds."""
    catalog = load_catalog()
    specs = [game_spec(seed, catalog) for seed in range(200)]
    villains = {k for k, e in catalog.enemies.items() if e.role == "villain"}
    assert {s["scenario"]["villain"] for s in specs} == villains
    assert {len(s["scenario"]["seats"]) for s in specs} == {1, 2, 3, 4}
    assert {s["scenario"]["allies"] for s in specs} == {True, False}
    assert {b for s in specs for b in s["bots"]} == {"random", "heuristic"}
    assert any(s["scenario"]["overrides"] for s in specs)
    assert {h for s in specs for h in (seat["hero"] for seat in s["scenario"]["seats"])} == set(catalog.coop_heroes())


def test_a_soak_game_is_determined_by_its_seed():
    """Same seed, same game: the soak can name a failing seed to reproduce."""
    a, b = play_one(17), play_one(17)
    assert (a.decisions, a.winner, a.rounds, a.summary) == (b.decisions, b.winner, b.rounds, b.summary)


def test_fast_soak_has_no_violations_exceptions_or_replay_mismatches():
    """Adventures p.4-18 as implemented: 250 games, invariants before every decision."""
    totals = soak(250, seed=1000)
    assert totals.games == 250 and totals.decisions > 5000
    assert totals.ok, failures(totals)


def test_soak_command_prints_the_totals_and_exits_0(capsys):
    code = soak_tool.run(args(games=6, seed=50))
    out = capsys.readouterr().out
    assert code == 0, out
    for line in ("games played: 6", "decisions made:", "violations: 0", "exceptions: 0", "replay mismatches: 0"):
        assert line in out


def test_soak_command_runs_on_several_workers(capsys):
    code = soak_tool.run(args(games=8, seed=70, workers=2))
    out = capsys.readouterr().out
    assert code == 0, out
    assert "games played: 8" in out


def test_a_rules_bug_that_loses_a_card_is_caught_and_exits_1(monkeypatch, capsys):
    """The invariant checks find a card that vanishes (core rules: every card in one place)."""
    from engine.game import Game

    real_draw = Game.draw

    def leaky_draw(self, side, n=1):
        drawn = real_draw(self, side, n)
        if drawn and not side.is_enemy and self.round >= 2:
            side.hand.pop()                  # the bug: a drawn card disappears
        return drawn

    monkeypatch.setattr(Game, "draw", leaky_draw)
    code = soak_tool.run(args(games=4, seed=3))
    out = capsys.readouterr().out
    assert code == 1
    assert "violations: 0" not in out and "lost card" in out
    assert "reproduce one with: adventures soak --games 1 --seed" in out


def test_an_exception_in_a_game_is_counted_not_raised(monkeypatch, capsys):
    import adventures.rules.initiative as initiative

    def broken(game, side, move):
        raise RuntimeError("enemy AI exploded")

    monkeypatch.setattr(initiative, "enemy_turn", broken)
    code = soak_tool.run(args(games=3, seed=9))
    out = capsys.readouterr().out
    assert code == 1 and "exceptions: 3" in out and "RuntimeError: enemy AI exploded" in out


def test_nondeterminism_is_caught_by_the_replay_check(monkeypatch):
    """Same seed + same answers must give the same game: a shuffle outside game.rng breaks it."""
    from engine.game import Game

    outside = random.Random()
    monkeypatch.setattr(Game, "shuffle", lambda self, cards: outside.shuffle(cards))
    totals = soak(4, seed=20)
    assert totals.replays >= 1
    assert not totals.ok


def test_soak_refuses_nonsense_arguments(capsys):
    assert soak_tool.run(args(games=-1)) == 2
    assert soak_tool.run(args(workers=0)) == 2


@pytest.mark.slow
def test_long_soak_has_no_violations_exceptions_or_replay_mismatches():
    """The full run (`adventures soak --games 2000 --workers 2`)."""
    totals = soak(2000, seed=0, workers=2)
    assert totals.games == 2000
    assert totals.ok, failures(totals)


def test_soak_games_also_vary_minion_move_henchmen_minion_lists_and_restore_mid_game():
    """Issue 15: the soak varies minion move, extra henchmen and explicit minion lists, and
    saves, restores and plays on mid-game (the restored game must end in the same state)."""
    catalog = load_catalog()
    specs = [game_spec(seed, catalog) for seed in range(200)]
    assert any("minion_move" in s["scenario"]["overrides"] for s in specs)
    assert any(s["scenario"]["extra_henchmen"] for s in specs)
    assert any(isinstance(s["scenario"]["minions"], list) and s["scenario"]["minions"] for s in specs)
    assert any(s["scenario"]["minions"] == [] for s in specs)
    totals = soak(12, seed=40)
    assert totals.ok, failures(totals)
    assert totals.restores >= 6
