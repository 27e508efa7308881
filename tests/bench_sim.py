"""Simulator speed, reported not asserted: `pytest tests/bench_sim.py -m bench -s`.

Targets (issue "Headless simulator"): 200 games/s per core for 1 hero (Shredder solo) and
100 for 4 heroes, heuristic bots, one process. Timing on a shared machine is noisy, so
these only print the figures (and check the games ran without errors).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from adventures.sim import cli_bench, runner

pytestmark = pytest.mark.bench
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


@pytest.mark.parametrize("name", ["shredder-1p", "shredder-4p", "krang-1p", "krang-4p"])
def test_bench_games_per_second(name):
    row = cli_bench.bench(runner.load_scenario(SCENARIOS / f"{name}.yaml"), games=300, seed=1)
    print(f"\n{row['scenario']}: {row['games_per_second']:.1f} games/s, "
          f"{row['decisions_per_game']:.1f} decisions/game, {row['ratio']:.2f}x the target of {row['target']:.0f}")
    assert row["errors"] == 0


@pytest.mark.parametrize("name", ["shredder-1p", "krang-1p"])
def test_bench_expert_time_per_decision(name):
    """The expert bot's CPU time per searched decision (8 sampled worlds), one game."""
    from adventures.bots import ExpertBot, TablePolicy
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    sc = runner.load_scenario(SCENARIOS / f"{name}.yaml")
    bot = ExpertBot(rollouts=8)
    game = new_adventure(sc, runner._catalog(), 3, {i: bot for i in range(sc.players)}, TablePolicy(), log=False)
    play_adventure(game, hash_state=False)
    print(f"\n{sc.name}: {1000 * bot.search_seconds / max(1, bot.searched):.0f} ms CPU per searched decision, "
          f"{bot.searched} searched, {bot.rejected} rejected samples")
    assert bot.searched > 0 and bot.rejected == 0
