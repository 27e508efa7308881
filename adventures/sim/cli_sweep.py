"""`adventures sweep SWEEP.yaml --out DIR`: a grid of scenario parameters, paired seeds.

    adventures sweep scenarios/sweep-shredder-health.yaml --out out/health --games 200
    adventures sweep scenarios/sweep-shredder-health.yaml --out out/health --cluster tcp://host:8786

Every cell of the cartesian product plays games 0..N-1 with the same seeds (paired
seeds: cells differ only by their parameters, which shrinks the noise between them).
Writes DIR/games.csv (one row per game), DIR/cells.csv (one row per cell) and PNG charts:
the win rate per swept parameter, and a heatmap when two parameters are swept.
`--cluster` runs the same tasks on a Dask distributed scheduler; results are identical.
"""
from __future__ import annotations

import argparse
import csv
import itertools
import math
import re
import sys
import time
from pathlib import Path

from adventures.content.scenario_names import scenario_file
from adventures.home import replaced_when_done
from adventures.sim import runner, stats
from adventures.tools import limits
from engine.content.loader import ContentError

GAME_COLUMNS = ("game", "seed", "winner", "loss_cause", "reason", "rounds", "completions", "villain_health",
                "villain_max", "hero_deaths", "players_eliminated", "decisions", "heroes", "minions", "bots")
# Header names that cannot clash with a swept parameter (villain_health is both).
GAME_HEADERS = {"villain_health": "villain_health_left", "villain_max": "villain_max_health"}
CELL_COLUMNS = ("games", "played", "hero_wins", "win_rate", "ci95_low", "ci95_high", "mean_rounds",
                "median_rounds", "mean_completions", "mean_villain_health", "mean_villain_health_fraction",
                "mean_hero_deaths", "errors", "loss_causes", "bots")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("sweep", metavar="SWEEP", type=limits.path_arg("sweep file"), help="a sweep YAML file (base + sweep: {param: [values]})")
    parser.add_argument("--out", "-o", required=True, metavar="DIR", type=limits.folder_arg("--out folder"), help="output folder (created)")
    parser.add_argument("--games", "-n", type=limits.games_arg, default=None,
                        help="games per cell (default: the file's `games`, else 200); "
                             f"cells x games is at most {limits.MAX_GAMES:,}")
    parser.add_argument("--seed", "-s", type=limits.seed_arg, default=None,
                        help="base seed (default: the file's, else 1)")
    parser.add_argument("--workers", "-w", type=limits.workers_arg, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--cluster", metavar="ADDRESS", type=limits.cluster_arg, default=None,
                        help="run on an existing Dask distributed scheduler instead of local processes")
    parser.add_argument("--no-plots", action="store_true", help="write the CSV files only")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


@runner.fails_on_crashes("sweep")
def run(args: argparse.Namespace) -> int:
    try:
        base, grid, extra = runner.load_sweep(scenario_file(args.sweep) or args.sweep)   # a name in scenarios/ too
    except ContentError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except Exception as exc:  # the promise: a bad file is a message, never a traceback
        print(f"{args.sweep}:1: cannot load: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    games = args.games or int(extra.get("games") or 200)
    seed = next(s for s in (args.seed, extra.get("seed"), base.seed, 1) if s is not None)
    workers = args.workers or runner.default_workers()
    cells = math.prod(len(v) for v in grid.values())
    if cells * games > limits.MAX_GAMES:
        print(f"adventures sweep: {cells:,} cells x {games:,} games is more than {limits.MAX_GAMES:,} games",
              file=sys.stderr)
        return 2
    try:        # checked before the first game: a bad --out must not lose a whole sweep
        limits.output_folder(args.out, "--out folder")
    except limits.OutputError as exc:
        print(f"adventures sweep: {exc}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    try:
        with runner.progress_bar(games * cells, f"sweep {base.name}",
                                 enabled=not args.no_progress) as advance:
            results, records = run_sweep(base, grid, games, seed, workers, args.cluster, advance)
    except OSError as exc:            # e.g. an unreachable --cluster address
        print(f"adventures sweep: {exc}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - t0
    print(table(grid, results))
    try:
        files = write_outputs(args.out, base.name, grid, results, records, plots=not args.no_plots)
    except OSError as exc:     # the folder vanished or the disk filled during the run
        print(f"adventures sweep: {args.out}: cannot write the results: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"{len(records)} games in {elapsed:.1f} s ({len(records) / max(elapsed, 1e-9):.0f} games/s); "
          f"wrote {', '.join(str(f) for f in files)}")
    return 1 if any(c["errors"] for c in results) else 0


def grid_cells(grid: dict[str, list]) -> list[dict]:
    """The cartesian product, first parameter varying slowest (at most MAX_CELLS cells:
    load_sweep refuses bigger grids)."""
    names = list(grid)
    return [dict(zip(names, combo)) for combo in itertools.islice(itertools.product(*grid.values()),
                                                                   limits.MAX_CELLS)]


def run_sweep(base, grid: dict[str, list], games: int, seed: int, workers: int = 1, cluster=None,
              progress=None) -> tuple[list[dict], list[dict]]:
    """Play every cell; returns (cells with their summaries, every game record in cell order).
    `cluster`: a Dask scheduler address or Client (None: local processes)."""
    from adventures.content.catalog import load_catalog
    params = grid_cells(grid)
    catalog = load_catalog()        # once: each cell is checked (names resolved) like a loaded file
    scenarios = [runner.with_params(base, p, catalog) for p in params]
    chunk = runner.chunk_size(games * len(params), workers)
    tasks = (t for k, sc in enumerate(scenarios)
             for t in runner.make_tasks(sc, games, seed, False, tag=k, chunk=chunk))
    records = runner.results(runner.execute(tasks, workers, progress, cluster), base.name)
    cells = []
    for k, p in enumerate(params):
        mine = [r for r in records if r["cell"] == k]
        s = summary_of(base)(mine)
        cells.append({"cell": k, "params": p, "played": s["games"] - s["errors"], **s})
    return cells, records


def summary_of(base):
    """Co-op cells summarise heroes' wins; competitive ones the first seat's (same columns)."""
    from engine.content.schema import MatchDef
    if isinstance(base, MatchDef):
        from adventures.sim.matches import sweep_cell
        return sweep_cell
    return stats.summarise


def _slug(text: str) -> str:
    return re.sub(r"[^a-zA-Z0-9_.-]+", "_", text).strip("_") or "param"


def write_outputs(out: str | Path, title: str, grid: dict[str, list], cells: list[dict], records: list[dict],
                  plots: bool = True) -> list[Path]:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    names = list(grid)
    by_cell = {c["cell"]: c for c in cells}
    games_csv = out / "games.csv"
    with replaced_when_done(games_csv) as tmp, tmp.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["cell", *names, *(GAME_HEADERS.get(c, c) for c in GAME_COLUMNS)])
        for r in records:
            p = by_cell[r["cell"]]["params"]
            w.writerow([r["cell"], *(p[n] for n in names), *(r.get(c, "") for c in GAME_COLUMNS)])
    cells_csv = out / "cells.csv"
    with replaced_when_done(cells_csv) as tmp, tmp.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["cell", *names, *CELL_COLUMNS])
        for c in cells:
            lo, hi = c["win_rate_ci95"]
            row = {**c, "ci95_low": lo, "ci95_high": hi,
                   "loss_causes": ";".join(f"{k}:{v}" for k, v in c["loss_causes"].items())}
            w.writerow([c["cell"], *(c["params"][n] for n in names), *(_fmt(row.get(k, "")) for k in CELL_COLUMNS)])
    files = [games_csv, cells_csv]
    if plots:
        from adventures.sim import plots as charts
        for n in names:
            files.append(charts.plot_parameter(out / f"win_rate_{_slug(n)}.png", n, grid[n], cells, title))
        if len(names) == 2:
            files.append(charts.plot_heatmap(out / f"heatmap_{_slug(names[0])}_{_slug(names[1])}.png",
                                             names, grid, cells, title))
    return files


def _fmt(v):
    return f"{v:.6g}" if isinstance(v, float) else v


def table(grid: dict[str, list], cells: list[dict]) -> str:
    names = list(grid)
    head = "  ".join(f"{n:>14}" for n in names) + "   win rate (95% CI)          rounds  objectives  bots"
    lines = [head]
    for c in cells:
        lo, hi = c["win_rate_ci95"]
        lines.append("  ".join(f"{c['params'][n]!s:>14}" for n in names)
                     + f"   {stats.pct(c['win_rate']):>6} ({stats.pct(lo)} - {stats.pct(hi)})".ljust(28)
                     + f"{c['mean_rounds']:7.2f}  {c['mean_completions']:10.2f}  {c.get('bots', '')}")
    return "\n".join(lines)
