"""Direct answers for designers (issue 18): `ladder`, `tune`, `report`, and --cluster runs
giving the same results as local ones. Tiny game counts: these check the tools, the
figures in docs/BALANCE.md come from real runs."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from adventures.cli import main as cli_main
from adventures.sim import cli_ladder, cli_tune, runner

ROOT = Path(__file__).resolve().parents[1]
SHREDDER_1P = str(ROOT / "scenarios" / "shredder-1p.yaml")


def test_ladder_plays_every_bot_on_the_same_seeds(capsys):
    assert cli_main(["ladder", SHREDDER_1P, "--games", "3", "--bots", "random", "heuristic", "expert",
                     "--rollouts", "1", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = {r["bot"]: r for r in out["rows"]}
    assert set(rows) == {"random", "heuristic", "expert"}
    assert all(r["games"] == 3 and r["errors"] == 0 for r in rows.values())
    assert "vs_heuristic" in rows["expert"] and "vs_heuristic" not in rows["heuristic"]
    # the expert's cost per searched decision (issue 18: "the expert bot's time per decision")
    assert rows["expert"]["ms_per_searched_decision"] > 0 and rows["expert"]["searched_per_game"] > 1
    assert "ms_per_searched_decision" not in rows["heuristic"]


def test_paired_difference_of_win_rates():
    a = [{"winner": w} for w in ("heroes", "heroes", "villain", "heroes")]
    b = [{"winner": w} for w in ("heroes", "villain", "villain", "villain")]
    m, lo, hi = cli_ladder.paired_difference(a, b)
    assert m == pytest.approx(0.5) and lo < 0.5 < hi
    all_won = [{"winner": "heroes"}] * 2
    m, lo, hi = cli_ladder.paired_difference(all_won, [{"winner": "heroes"}, {"winner": "villain"}])
    assert m == pytest.approx(0.5) and -1.0 <= lo and hi <= 1.0


def test_tune_brackets_and_interpolates_the_target():
    rates = {10: 0.9, 15: 0.6, 16: 0.4, 30: 0.05}
    assert cli_tune.crossing(list(rates), rates, 0.5) == pytest.approx(15.5)
    assert cli_tune.crossing(list(rates), rates, 0.99) is None


def test_tune_prints_value_uncertainty_and_games_spent(capsys):
    code = cli_main(["tune", SHREDDER_1P, "--param", "villain_health", "--target", "0.5", "--low", "4",
                     "--high", "40", "--games", "20", "--workers", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["value"] is not None and 4 <= out["value"] <= 40
    lo, hi = out["ci95"]
    assert lo <= out["value"] <= hi
    assert out["games"] == 20 * len(out["measured"])


def test_tune_refuses_an_unknown_parameter_in_one_line(capsys):
    assert cli_main(["tune", SHREDDER_1P, "--param", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert "nonsense" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_report_writes_markdown_and_plots(tmp_path):
    out = tmp_path / "report"
    assert cli_main(["report", SHREDDER_1P, "--games", "12", "--hero-games", "2", "--workers", "1",
                     "--no-progress", "--out", str(out)]) == 0
    text = (out / "report.md").read_text()
    for part in ("heroes win", "rounds", "causes of loss", "objectives", "villain health left",
                 "Each hero alone", "| card | times played"):
        assert part in text
    for png in ("shredder-1p-games.png", "shredder-1p-heroes.png"):
        assert (out / png).stat().st_size > 1000 and png in text
    solo = text[text.index("Each hero alone"):text.index("| card | times played")]
    assert "| Leonardo |" in solo and "| Michelangelo |" in solo
    assert "| Krang |" not in solo and "| Shredder |" not in solo, "the add-on villain decks are competitive only"


def test_simulate_and_ladder_on_a_dask_cluster_match_the_local_run():
    distributed = pytest.importorskip("dask.distributed")
    sc = runner.load_scenario(SHREDDER_1P)
    options = {"bots": {"expert": {"rollouts": 1}}}
    local = runner.run_games(sc, 3, 2, workers=1, hash_state=True)
    local_ladder = cli_ladder.ladder([sc], ["heuristic", "expert"], 2, 3, workers=1, options=options)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        remote = runner.run_games(sc, 3, 2, cluster=cluster.scheduler_address, hash_state=True)
        remote_ladder = cli_ladder.ladder([sc], ["heuristic", "expert"], 2, 3, cluster=cluster.scheduler_address,
                                          options=options)
    assert runner.strip_timing(remote) == runner.strip_timing(local)
    timing = ("ms_per_searched_decision",)       # CPU time differs run to run; results may not
    assert [{k: v for k, v in r.items() if k not in timing} for r in remote_ladder] == \
        [{k: v for k, v in r.items() if k not in timing} for r in local_ladder]


@pytest.mark.parametrize("command", ["tune", "report"])
def test_tune_and_report_play_the_strong_bot_unless_told_otherwise(command):
    """Issue 27 item 6: balance is measured for good players by default; `--bot scenario`
    keeps each seat's own bot."""
    from hostile import command_parsers
    (_, parser), = command_parsers(command)
    extra = ["--param", "villain_health"] if command == "tune" else ["--out", "unused"]
    assert parser.parse_args(["scenarios/shredder-1p.yaml", *extra]).bot == "strong"
    assert parser.parse_args(["scenarios/shredder-1p.yaml", *extra, "--bot", "scenario"]).bot == "scenario"
