"""The headless simulator: seeds, statistics, the `adventures simulate` command."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from adventures.cli import main as cli_main
from adventures.sim import runner, stats

ROOT = Path(__file__).resolve().parents[1]
SHREDDER_1P = str(ROOT / "scenarios" / "shredder-1p.yaml")
TIMING = {"elapsed_seconds", "games_per_second", "workers"}


def simulate_json(capsys, *args) -> dict:
    code = cli_main(["simulate", *args, "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    return json.loads(out)


# ---------------------------------------------------------------- Wilson interval
def test_wilson_interval_matches_a_hand_computation():
    """7 wins in 20 games: p = 0.35, z = 1.96. By hand, centre = (p + z²/2n) / (1 + z²/n)
    = 0.38708/1.19207 = 0.37417 and half-width = z*sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)
    = 0.22931/1.19207 = 0.19298, so [0.1812, 0.5671] (scipy's binomtest agrees)."""
    lo, hi = stats.wilson(7, 20)
    assert lo == pytest.approx(0.18119, abs=1e-4)
    assert hi == pytest.approx(0.56715, abs=1e-4)


def test_wilson_interval_edges_zero_and_all_wins():
    """p = 0 gives [0, z²/(n+z²)] and p = 1 gives [n/(n+z²), 1]; no games gives [0, 1]."""
    z2 = stats.Z95 ** 2
    assert stats.wilson(0, 10) == (0.0, pytest.approx(z2 / (10 + z2)))
    assert stats.wilson(10, 10) == (pytest.approx(10 / (10 + z2)), 1.0)
    assert stats.wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        stats.wilson(11, 10)


def test_wilson_interval_contains_the_estimate_and_narrows_with_more_games():
    for n in (1, 5, 37, 400):
        for k in range(0, n + 1, max(1, n // 7)):
            lo, hi = stats.wilson(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0
    assert stats.wilson(50, 100)[1] - stats.wilson(50, 100)[0] > stats.wilson(500, 1000)[1] - stats.wilson(500, 1000)[0]


@pytest.mark.parametrize("p", [0.05, 0.3, 0.5, 0.8])
def test_wilson_interval_coverage_is_close_to_95_percent(p):
    """Exact coverage: the probability, over Binomial(n, p) outcomes, that the interval
    contains p. Wilson's stays near the nominal 95% (the normal approximation does not at
    the edges)."""
    n = 60
    cover = 0.0
    for k in range(n + 1):
        lo, hi = stats.wilson(k, n)
        if lo <= p <= hi:
            cover += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
    assert 0.92 <= cover <= 0.99


def test_summary_counts_wins_losses_and_causes():
    recs = [
        {"seed": 1, "winner": "heroes", "reason": "x", "rounds": 5, "completions": 1, "villain_health": 0,
         "villain_max": 14, "hero_deaths": 0, "decisions": 50, "loss_cause": ""},
        {"seed": 2, "winner": "villain", "reason": "y", "rounds": 7, "completions": 4, "villain_health": 7,
         "villain_max": 14, "hero_deaths": 1, "decisions": 70, "loss_cause": "objective"},
    ]
    s = stats.summarise(recs)
    assert s["hero_wins"] == 1 and s["win_rate"] == 0.5
    assert s["mean_rounds"] == 6 and s["median_rounds"] == 6
    assert s["completions"] == {"1": 1, "4": 1}
    assert s["loss_causes"] == {"objective": 1}
    assert s["mean_villain_health"] == 3.5


# ---------------------------------------------------------------- seeds and runs
def test_game_seed_depends_only_on_base_seed_and_game_index():
    assert runner.game_seed(1, 0) == runner.game_seed(1, 0)
    seeds = {runner.game_seed(s, i) for s in range(5) for i in range(1000)}
    assert len(seeds) == 5000


def test_records_come_back_in_game_order_with_their_seeds():
    sc = runner.load_scenario(SHREDDER_1P)
    recs = runner.run_games(sc, 6, 3, workers=1)
    assert [r["game"] for r in recs] == list(range(6))
    assert [r["seed"] for r in recs] == [runner.game_seed(3, i) for i in range(6)]
    assert all(r["winner"] in ("heroes", "villain", "timeout") for r in recs)


def test_with_params_changes_players_and_overrides():
    sc = runner.load_scenario(SHREDDER_1P)
    three = runner.with_params(sc, {"players": 3, "villain_health": 9, "max_rounds": 20})
    assert three.players == 3 and [s.hero for s in three.seats[1:]] == ["random", "random"]
    assert three.overrides.villain_health == 9 and three.max_rounds == 20
    with pytest.raises(ValueError):
        runner.with_params(sc, {"villian_health": 9})


# ---------------------------------------------------------------- the command
def test_simulate_json_has_the_documented_keys(capsys):
    s = simulate_json(capsys, SHREDDER_1P, "--games", "6", "--seed", "2", "--workers", "1")
    for key in ("games", "hero_wins", "win_rate", "win_rate_ci95", "mean_rounds", "median_rounds",
                "mean_completions", "mean_villain_health", "hero_deaths", "loss_causes", "games_per_second",
                "completions", "mean_decisions"):
        assert key in s, key
    assert s["games"] == 6 and len(s["win_rate_ci95"]) == 2


def test_a_run_of_expert_games_uses_every_core_by_default(monkeypatch):
    """A heuristic game takes milliseconds, so a short run stays in one process; an expert
    game takes seconds of search, so two of them already pay for a worker pool."""
    monkeypatch.setattr(runner, "default_workers", lambda: 2)
    sc = runner.load_scenario(str(ROOT / "scenarios" / "shredder-2p.yaml"))
    assert runner.auto_workers(100, runner.with_params(sc, {"bot": "heuristic"})) == 1
    assert runner.auto_workers(100, runner.with_params(sc, {"bot": "expert"})) == 2
    assert runner.auto_workers(1, runner.with_params(sc, {"bot": "expert"})) == 1
    assert runner.auto_workers(runner.SMALL_RUN, runner.with_params(sc, {"bot": "heuristic"})) == 2


def test_simulate_gives_identical_results_for_1_and_2_workers(capsys):
    """Game i uses seed S*1_000_003+i whatever the worker that plays it, and records are
    aggregated in game order: only the timing keys may differ."""
    one = simulate_json(capsys, SHREDDER_1P, "--games", "10", "--seed", "5", "--workers", "1")
    two = simulate_json(capsys, SHREDDER_1P, "--games", "10", "--seed", "5", "--workers", "2")
    assert {k: v for k, v in one.items() if k not in TIMING} == {k: v for k, v in two.items() if k not in TIMING}


def test_every_game_record_is_identical_for_1_and_2_workers():
    """Stronger than the summary: each game's final state hash matches, whichever process
    (with its own string-hash seed) played it."""
    sc = runner.load_scenario(ROOT / "scenarios" / "krang-2p.yaml")
    one = runner.strip_timing(runner.run_games(sc, 8, 4, workers=1, hash_state=True))
    two = runner.strip_timing(runner.run_games(sc, 8, 4, workers=2, hash_state=True))
    assert all(r["state_hash"] for r in one)
    assert one == two


def test_simulate_text_report(capsys):
    assert cli_main(["simulate", SHREDDER_1P, "--games", "4", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "heroes win" in out and "95% CI" in out and "games/s" in out


def test_simulate_check_invariants(capsys):
    pytest.importorskip("adventures.rules.invariants")
    """--check-invariants runs adventures.rules.invariants after setup and every round."""
    code = cli_main(["simulate", SHREDDER_1P, "--games", "3", "--workers", "1", "--check-invariants", "--json"])
    s = json.loads(capsys.readouterr().out)
    assert "invariant_violations" in s and code == (1 if s["invariant_violations"] else 0)


def test_simulate_bad_scenario_is_one_line_and_exit_2(tmp_path, capsys):
    """A designer's typo: file:LINE: field: message on stderr, exit 2, never a traceback."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: scenario\nname: Oops\nvillain: bowser\nseats:\n  - {hero: random}\n")
    assert cli_main(["simulate", str(bad), "--games", "2"]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    assert f"{bad}:3: villain:" in captured.err
    unknown_hero = tmp_path / "hero.yaml"
    unknown_hero.write_text("kind: scenario\nname: Oops\nvillain: shredder\nseats:\n  - {hero: bowser}\n")
    assert cli_main(["simulate", str(unknown_hero), "--games", "2"]) == 2
    assert f"{unknown_hero}:5: seats.0.hero:" in capsys.readouterr().err
    assert cli_main(["simulate", str(tmp_path / "missing.yaml")]) == 2
    err = capsys.readouterr().err
    assert "missing.yaml:1:" in err and "Traceback" not in err


def test_simulate_exports_replays_that_rerun_identically(tmp_path):
    """Issue 11: every simulated game can be exported as a replay (seed + decisions) that
    `adventures replay FILE` re-runs to the identical final state hash."""
    from adventures.cli import main
    out = tmp_path / "replays"
    assert main(["simulate", "scenarios/krang-1p.yaml", "--games", "3", "--seed", "2", "--workers", "1",
                 "--replays", str(out), "--no-progress", "--json"]) == 0
    files = sorted(out.glob("game-*.json"))
    assert [f.name for f in files] == ["game-00000.json", "game-00001.json", "game-00002.json"]
    for f in files:
        assert main(["replay", str(f)]) == 0
