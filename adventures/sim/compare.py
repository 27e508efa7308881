"""Old commit against new, side by side: games per CPU second on the same seeds.

    python -m adventures.sim.compare OLD_CHECKOUT scenarios/shredder-4p.yaml --games 100 --rounds 3

Each round runs the same block of games once in each tree, alternating which goes first,
each in a fresh child process (`python -c` with the tree as working directory, so each
imports its own code). A child plays one warm-up game, then times the block with CPU time
(`time.process_time`: wall time on a shared machine is noisy) and prints the records.
The old tree runs its Python sources, or with `--old-home DIR` the compiled modules built
from them into that data folder; the new one runs what this machine would run (its
compiled modules after `adventures accelerate`, see adventures/compiled.py).
The per-seed results (winner, reason, rounds, objectives, villain health, deaths, number
of decisions) must be identical in both trees; the ratio printed is the median of the
per-round ratios. `--different-games` compares commits whose games differ (content or
rules changed): each tree plays its own copy of the scenario, and decisions per CPU
second say how much work each does.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from adventures.home import HOME_ENV

# What a game's result is; a faster simulator must give the same values for every seed.
RESULT_KEYS = ("seed", "winner", "reason", "rounds", "completions", "villain_health", "hero_deaths",
               "players_eliminated", "decisions", "heroes", "minions")

CHILD = r"""
import json, sys, time
from adventures.sim import runner
sc = runner.load_scenario(sys.argv[1])
games, seed = int(sys.argv[2]), int(sys.argv[3])
runner.run_chunk((sc, [(0, runner.game_seed(seed + 1, 0))], False, None))
jobs = [(i, runner.game_seed(seed, i)) for i in range(games)]
t0 = time.process_time()
recs = runner.run_chunk((sc, jobs, False, None))
cpu = time.process_time() - t0
try:
    from adventures.compiled import status
    code = status()
except ImportError:                  # a commit from before `adventures accelerate`
    code = "Python sources"
print(json.dumps({"cpu": cpu, "records": recs, "code": code}))
"""


def run_block(tree: str, scenario: str, games: int, seed: int, pure: bool = False,
              home: str | None = None) -> dict:
    env = dict(os.environ, PYTHONPATH=tree, PYTHONHASHSEED="0")
    if home:       # this tree's own data folder: the compiled modules built from its sources
        env[HOME_ENV] = os.path.abspath(home)
    elif pure:     # the baseline: its Python sources, even where a compiled copy would match
        env["TMNT_ADVENTURES_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", CHILD, os.path.abspath(scenario), str(games), str(seed)],
                         cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def results(records: list[dict]) -> list[tuple]:
    return [tuple(r.get(k) for k in RESULT_KEYS) for r in records]


def compare(old: str, new: str, scenario: str, games: int, seed: int, rounds: int,
            old_home: str | None = None, different: bool = False) -> dict:
    """Median games/s of each tree and of their ratio over `rounds` rounds. With `different`
    the games may differ (content changed between the commits): each tree plays its own copy
    of the scenario, and decisions per CPU second compare the work done."""
    ratios, old_gps, new_gps, old_dps, new_dps, dec_ratios, differing = [], [], [], [], [], [], 0
    for k in range(rounds):
        order = (("old", old), ("new", new)) if k % 2 == 0 else (("new", new), ("old", old))
        got = {name: run_block(tree, own_copy(tree, new, scenario) if different else scenario, games, seed + k,
                               pure=name == "old", home=old_home if name == "old" else None)
               for name, tree in order}
        a, b = results(got["old"]["records"]), results(got["new"]["records"])
        if a != b and not different:
            diff = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
            raise SystemExit(f"results differ at game {diff}: old {a[diff]} new {b[diff]}")
        differing = max(differing, sum(1 for x, y in zip(a, b) if x != y))
        og, ng = games / got["old"]["cpu"], games / got["new"]["cpu"]
        od, nd = (sum(r["decisions"] for r in got[name]["records"]) / got[name]["cpu"] for name in ("old", "new"))
        old_gps.append(og)
        new_gps.append(ng)
        ratios.append(ng / og)
        old_dps.append(od)
        new_dps.append(nd)
        dec_ratios.append(nd / od)
    return {"scenario": scenario, "games": games * rounds, "old_gps": statistics.median(old_gps),
            "new_gps": statistics.median(new_gps), "ratio": statistics.median(ratios), "ratios": ratios,
            "old_dps": statistics.median(old_dps), "new_dps": statistics.median(new_dps),
            "dec_ratio": statistics.median(dec_ratios), "differing": differing,
            "old_code": got["old"].get("code", "Python sources"), "new_code": got["new"].get("code", "Python sources")}


def own_copy(tree: str, new: str, scenario: str) -> str:
    """The tree's own copy of a scenario given in the new tree (an old commit may not read
    today's scenario files); the given file when it is not inside the new tree."""
    path = Path(scenario).resolve()
    try:
        rel = path.relative_to(Path(new).resolve())
    except ValueError:
        return str(path)
    copy = Path(tree) / rel
    return str(copy if copy.is_file() else path)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options, each with its type and bounds from limits.py (tests/test_cli_options.py walks them)."""
    from adventures.tools import limits
    p.add_argument("old", type=limits.path_arg("old checkout"),
                   help="a checkout of the old commit (git archive COMMIT | tar -x -C DIR)")
    p.add_argument("scenarios", nargs="+", type=limits.path_arg("scenario"))
    p.add_argument("--new", type=limits.path_arg("new checkout"), default=str(Path(__file__).resolve().parents[2]),
                   help="the new tree (default: this one)")
    p.add_argument("--games", type=limits.games_arg, default=100, help="games per block (default 100)")
    p.add_argument("--seed", type=limits.seed_arg, default=1, help="base seed (default 1)")
    p.add_argument("--rounds", type=limits.compare_rounds_arg, default=3,
                   help="blocks run in each tree, alternating which goes first (default 3)")
    p.add_argument("--old-home", metavar="DIR", type=limits.folder_arg("--old-home folder", writable=False),
                   help="a data folder holding the old tree's compiled modules (`TMNT_ADVENTURES_HOME=DIR "
                        "adventures accelerate` run in the old tree): compare compiled with compiled")
    p.add_argument("--different-games", action="store_true",
                   help="the commits play different games (content or rules changed): do not stop, "
                        "each tree plays its own copy of the scenario, and also compare decisions per CPU second")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m adventures.sim.compare", description=__doc__.splitlines()[0])
    add_arguments(p)
    args = p.parse_args(argv)
    for sc in args.scenarios:
        r = compare(args.old, args.new, sc, args.games, args.seed, args.rounds, args.old_home, args.different_games)
        same = "identical results" if not r["differing"] else f"results differ in up to {r['differing']} games a round"
        print(f"{Path(sc).name:24} {r['games']:5d} games/tree, {same}; CPU games/s old "
              f"{r['old_gps']:7.1f} new {r['new_gps']:7.1f}  ratio {r['ratio']:.2f}x "
              f"(rounds: {', '.join(f'{x:.2f}' for x in r['ratios'])})", flush=True)
        if args.different_games:
            print(f"{'':24} decisions per CPU second old {r['old_dps']:,.0f} new {r['new_dps']:,.0f}  "
                  f"ratio {r['dec_ratio']:.2f}x", flush=True)
        print(f"{'':24} old runs {r['old_code']}; new runs {r['new_code']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
