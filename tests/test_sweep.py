"""`adventures sweep`: a parameter grid with paired seeds, CSV files, charts, Dask."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from adventures.cli import main as cli_main
from adventures.sim import cli_sweep, runner

ROOT = Path(__file__).resolve().parents[1]

SWEEP = """\
kind: sweep
base: {base}
games: 3
seed: 4
sweep:
  villain_health: [6, 30]
  hero_health_bonus: [0, 5]
"""


def write_sweep(tmp_path: Path, text: str | None = None) -> Path:
    path = tmp_path / "sweep.yaml"
    path.write_text(text or SWEEP.format(base=ROOT / "scenarios" / "shredder-1p.yaml"))
    return path


def read_csv(path: Path) -> list[dict]:
    with path.open() as fh:
        return list(csv.DictReader(fh))


def test_sweep_writes_games_and_cells_csv_and_charts(tmp_path, capsys):
    """A 2 x 2 grid: games.csv has a row per game, cells.csv a row per cell; one win-rate
    chart per parameter and a heatmap since two parameters are swept."""
    out = tmp_path / "out"
    assert cli_main(["sweep", str(write_sweep(tmp_path)), "--out", str(out), "--workers", "1"]) == 0
    games = read_csv(out / "games.csv")
    cells = read_csv(out / "cells.csv")
    assert len(games) == 4 * 3 and len(cells) == 4
    assert {"villain_health", "hero_health_bonus", "win_rate", "ci95_low", "ci95_high", "mean_rounds",
            "mean_completions"} <= set(cells[0])
    assert [(c["villain_health"], c["hero_health_bonus"]) for c in cells] == [
        ("6", "0"), ("6", "5"), ("30", "0"), ("30", "5")]
    for png in ("win_rate_villain_health.png", "win_rate_hero_health_bonus.png",
                "heatmap_villain_health_hero_health_bonus.png"):
        data = (out / png).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    assert "win rate" in capsys.readouterr().out


def test_sweep_cells_play_the_same_seeds(tmp_path):
    """Paired seeds: game i of every cell uses the same seed, so cells differ only by
    their parameters."""
    base = runner.load_scenario(ROOT / "scenarios" / "shredder-1p.yaml")
    cells, records = cli_sweep.run_sweep(base, {"villain_health": [6, 30]}, games=4, seed=9)
    seeds = [[r["seed"] for r in records if r["cell"] == c["cell"]] for c in cells]
    assert seeds[0] == seeds[1] == [runner.game_seed(9, i) for i in range(4)]
    # Lower villain health can only help the heroes on the same seeds (deterministic bots).
    assert cells[0]["mean_villain_health"] <= cells[1]["mean_villain_health"]


def test_sweep_players_parameter(tmp_path):
    base = runner.load_scenario(ROOT / "scenarios" / "shredder-1p.yaml")
    cells, records = cli_sweep.run_sweep(base, {"players": [1, 2]}, games=2, seed=1)
    assert [len(r["heroes"].split("+")) for r in records] == [1, 1, 2, 2]


def test_sweep_unknown_parameter_is_reported_at_its_line(tmp_path, capsys):
    text = SWEEP.format(base=ROOT / "scenarios" / "shredder-1p.yaml").replace("villain_health", "villian_health")
    path = write_sweep(tmp_path, text)
    assert cli_main(["sweep", str(path), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert f"{path}:6: sweep.villian_health: unknown sweep parameter" in err and "Traceback" not in err


def test_sweep_bad_value_is_reported_at_its_line(tmp_path, capsys):
    text = SWEEP.format(base=ROOT / "scenarios" / "shredder-1p.yaml").replace("[6, 30]", "[6, -3]")
    path = write_sweep(tmp_path, text)
    assert cli_main(["sweep", str(path), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert f"{path}:6: sweep.villain_health:" in err and "Traceback" not in err


def test_sweep_on_a_dask_cluster_matches_the_local_run(tmp_path):
    """--cluster ADDRESS: the same tasks on Dask distributed give the same records."""
    distributed = pytest.importorskip("dask.distributed")
    base = runner.load_scenario(ROOT / "scenarios" / "shredder-1p.yaml")
    grid = {"villain_health": [6, 30]}
    _, local = cli_sweep.run_sweep(base, grid, games=3, seed=2, workers=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        _, remote = cli_sweep.run_sweep(base, grid, games=3, seed=2, cluster=cluster.scheduler_address)
    assert runner.strip_timing(remote) == runner.strip_timing(local)


def test_sweep_file_keys_are_checked(tmp_path, capsys):
    text = SWEEP.format(base=ROOT / "scenarios" / "shredder-1p.yaml").replace("games: 3", "games: lots\ngmes: 3")
    path = write_sweep(tmp_path, text)
    assert cli_main(["sweep", str(path), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert f"{path}:3: games: expected a positive whole number" in err
    assert f"{path}:4: gmes: unknown key" in err


def test_validate_checks_sweep_parameter_names_and_values(tmp_path, capsys):
    """`adventures validate` reads a sweep file as the simulator does: an unknown parameter
    or a bad value is a one-line error with its line, exit 2."""
    from adventures.cli import main
    base = tmp_path / "base.yaml"
    base.write_text(open("scenarios/shredder-1p.yaml").read())
    bad = tmp_path / "sweep.yaml"
    bad.write_text("kind: sweep\nbase: base.yaml\nsweep:\n  villain_helth: [10, 12]\n  villain_health: [0, 5]\n")
    assert main(["validate", str(bad)]) == 2
    out = capsys.readouterr().out
    assert f"{bad}:4: sweep.villain_helth: unknown sweep parameter 'villain_helth'" in out
    assert f"{bad}:5: sweep.villain_health: 0:" in out
    assert "Traceback" not in out
