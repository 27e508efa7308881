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
