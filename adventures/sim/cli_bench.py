"""`adventures bench`: games per second of the heuristic bots, one process, per scenario.

    adventures bench                       # the standard scenarios, 200 games each
    adventures bench --games 500 --scenarios scenarios/shredder-1p.yaml
    adventures bench --profile 25          # plus the 25 hottest functions (cProfile)
    adventures bench --callgrind 20        # instructions per game under valgrind (20 games)
    adventures bench --bot strong          # the strong bot in every seat (CPU per decision)

Speeds are CPU time of this process (`time.process_time`): wall time on a shared machine
is noisy. Instruction counts (callgrind) are steadier still. To compare two commits side
by side on the same seeds, see `python -m adventures.sim.compare`.

Targets (issue "Headless simulator"): 200 games/s per core with 1 hero, 100 with 4;
2-3 heroes are interpolated. This prints figures and ratios; it never fails on timing.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

from adventures.sim import runner, stats
from adventures.tools import limits

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
DEFAULT_SCENARIOS = ("shredder-1p", "shredder-2p", "shredder-4p", "krang-1p", "krang-2p", "krang-4p")
TARGETS = {1: 200.0, 2: 167.0, 3: 133.0, 4: 100.0}     # games/s per core by number of heroes


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", "-n", type=limits.games_arg, default=200, help="games per scenario (default 200)")
    parser.add_argument("--seed", "-s", type=limits.seed_arg, default=1, help="base seed (default 1)")
    parser.add_argument("--scenarios", nargs="+", metavar="FILE", default=None, type=limits.path_arg("scenario"),
                        help="scenario files (default: the shipped 1/2/4-player Shredder and Krang ones)")
    parser.add_argument("--profile", type=limits.profile_arg, metavar="N", default=0,
                        help="also profile the run and print the N functions with most own time")
    parser.add_argument("--callgrind", type=limits.callgrind_arg, metavar="GAMES", default=0,
                        help="also count instructions per game under valgrind --tool=callgrind")
    parser.add_argument("--bot", default=None, choices=limits.bot_choices(),
                        help="the bot of every seat (default: the scenario's); `--bot strong` and "
                             "`--bot heuristic` compare their CPU per decision")


def default_files() -> list[str]:
    return [str(SCENARIO_DIR / f"{name}.yaml") for name in DEFAULT_SCENARIOS
            if (SCENARIO_DIR / f"{name}.yaml").is_file()]


def bench(scenario, games: int, seed: int) -> dict:
    """Time `games` games in this process, after one warm-up game (imports, catalog)."""
    runner.results(runner.run_chunk((scenario, [(0, runner.game_seed(seed + 1, 0))], False, None)), scenario.name)
    t0 = time.process_time()
    records = runner.run_chunk(next(runner.make_tasks(scenario, games, seed, False, chunk=games)))
    elapsed = time.process_time() - t0
    played = runner.results(records, scenario.name)       # a crash is no speed: GamesCrashed
    decisions = sum(r["decisions"] for r in played) / max(1, len(played))
    gps = games / elapsed if elapsed > 0 else 0.0
    target = TARGETS.get(min(4, scenario.players), 100.0)
    return {"scenario": scenario.name, "players": scenario.players, "games": games, "seconds": elapsed,
            "games_per_second": gps, "decisions_per_game": decisions,
            "decisions_per_second": gps * decisions, "target": target, "ratio": gps / target,
            "errors": len(records) - len(played), "bots": stats.bots_played(records),
            "bots_asked": runner.bots_asked(scenario)}


CALLGRIND_CHILD = r"""
import sys
from adventures.sim import runner
sc = runner.load_scenario(sys.argv[1])
games, seed = int(sys.argv[2]), int(sys.argv[3])
if games:
    runner.run_chunk((sc, [(i, runner.game_seed(seed, i)) for i in range(games)], False, None))
else:
    runner.run_chunk((sc, [(0, runner.game_seed(seed + 1, 0))], False, None))
"""


def _callgrind_total(scenario_file: str, games: int, seed: int) -> int | None:
    import os
    import shutil
    import subprocess
    import tempfile
    if shutil.which("valgrind") is None:
        return None
    root = str(Path(__file__).resolve().parents[2])
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                        CALLGRIND_CHILD, scenario_file, str(games), str(seed)], cwd=root, check=True,
                       capture_output=True, env=dict(os.environ, PYTHONPATH=root, PYTHONHASHSEED="0"))
        with open(out) as fh:
            for line in fh:
                if line.startswith(("summary:", "totals:")):
                    return int(line.split()[1])
    return None


def instructions_per_game(scenario, games: int, seed: int) -> float | None:
    """Instructions per game: a run of `games` games minus a run of one warm-up game
    (start-up, imports and content loading cancel out)."""
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as fh:
        import yaml

        from engine.content.schema import MatchDef
        kind = {"kind": "match"} if isinstance(scenario, MatchDef) else {}   # a match file says so
        yaml.safe_dump({**kind, **scenario.model_dump(mode="json")}, fh)
        path = fh.name
    try:
        full, base = _callgrind_total(path, games, seed), _callgrind_total(path, 0, seed)
    except Exception:
        return None
    finally:
        Path(path).unlink(missing_ok=True)
    if full is None or base is None:
        return None
    return (full - base) / games


@runner.fails_on_crashes("bench")
def run(args: argparse.Namespace) -> int:
    files = args.scenarios or default_files()
    scenarios = runner.load_scenarios_for_command(files, "bench")
    if scenarios is None:
        return 2
    from adventures.bots.registry import KINDS
    from engine.content.schema import MatchDef
    match_bots = [k.name for k in KINDS.values() if k.competitive]      # the bots that play a match's seats
    if args.bot is not None and args.bot not in match_bots and any(isinstance(sc, MatchDef) for sc in scenarios):
        print(f"adventures bench: --bot {args.bot}: a match's seats are played by "
              f"{' or '.join(b for b in match_bots if b != 'human')} bots", file=sys.stderr)
        return 2
    prof = cProfile.Profile() if args.profile else None
    if args.bot is not None:
        scenarios = [runner.with_params(sc, {"bot": args.bot}) for sc in scenarios]
    width = max([34] + [len(sc.name) for sc in scenarios])      # a name is never cut
    print(f"{'scenario':{width}} {'heroes':>6} {'games/s':>9} {'decisions/s':>12} {'decisions/game':>15} "
          f"{'target':>7} {'ratio':>6} {'us/decision':>11}" + ("  instructions/game" if args.callgrind else ""))
    for sc in scenarios:
        if prof is not None:
            prof.enable()
        row = bench(sc, args.games, args.seed)
        if prof is not None:
            prof.disable()
        note = f"  (played by {row['bots']}, asked: {row['bots_asked']})" if row["bots"] != row["bots_asked"] else ""
        ir = ""
        if args.callgrind:
            count = instructions_per_game(sc, args.callgrind, args.seed)
            ir = f"  {count / 1e6:,.1f} M" if count else "  (valgrind not available)"
        print(f"{row['scenario']:{width}} {row['players']:>6} {row['games_per_second']:9.1f} "
              f"{row['decisions_per_second']:12.0f} {row['decisions_per_game']:15.1f} {row['target']:7.0f} "
              f"{row['ratio']:6.2f}x {1e6 / max(1e-9, row['decisions_per_second']):11.1f}{ir}{note}")
    from adventures import compiled
    print(f"code: {compiled.status()}")
    if prof is not None:
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(args.profile)
        print(out.getvalue())
    return 0
