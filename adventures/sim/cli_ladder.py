"""`adventures ladder`: random, heuristic, strong and expert bots on the same seeds, per scenario.

    adventures ladder                                   # the shipped scenarios, 100 games a bot
    adventures ladder scenarios/shredder-1p.yaml --games 200 --bots heuristic expert
    adventures ladder scenarios/krang-1p.yaml --bots heuristic strong expert expert-heuristic
    adventures ladder --rollouts 8 --cluster tcp://HOST:8786

Every bot plays every seat of a scenario on the same game seeds (paired seeds), so the
differences between bots are measured on the same deals: the "vs heuristic" column is
the paired difference of win rates with its 95% interval (normal approximation of the
per-seed differences). Win rates carry Wilson 95% intervals.

"expert" is the expert as the app plays it (strong-bot futures since issue 43);
"expert-heuristic" the expert before it (simple-bot futures), to reproduce older ladders.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from adventures.bots import registry
from adventures.sim import runner, stats
from adventures.tools import limits

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
DEFAULT_BOTS = ("random", "heuristic", "strong", "expert")
LABELS = {"expert": "expert (strong rollouts)", "expert-strong": "expert (strong rollouts)",
          "expert-heuristic": "expert (heuristic rollouts)"}
# A record names the expert by its futures (adventures.sim.runner.played_as): "expert" is
# the one with simple-bot futures, as records made before issue 43 say; the rungs' names.
RUNG_OF_RECORD = {"expert": "expert-heuristic", "expert-strong": "expert"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenarios", nargs="*", metavar="SCENARIO", type=limits.path_arg("scenario"),
                        help="scenario files (default: every scenarios/*.yaml that is not a sweep)")
    parser.add_argument("--games", "-n", type=limits.games_arg, default=100, help="games per bot and scenario (default 100)")
    parser.add_argument("--seed", "-s", type=limits.seed_arg, default=1, help="base seed (default 1)")
    parser.add_argument("--bots", nargs="+", default=list(DEFAULT_BOTS), choices=limits.bot_choices(*registry.VARIANTS),
                        help="the rungs (default: %(default)s); expert: its futures played by the strong "
                             "bot; expert-heuristic: by the simple bot (the expert before issue 43)")
    parser.add_argument("--rollouts", type=limits.rollouts_arg, default=8, help="expert: sampled worlds per decision (default 8)")
    parser.add_argument("--seconds", type=limits.seconds_arg, default=None, help="expert: CPU seconds per decision at most")
    parser.add_argument("--workers", "-w", type=limits.workers_arg, default=None, help=f"worker processes (default: all cores; one for a run under {runner.SMALL_RUN} games of bots that do not search)")
    parser.add_argument("--cluster", metavar="ADDRESS", type=limits.cluster_arg, default=None, help="run on a Dask scheduler")
    limits.difficulty_option(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def default_files() -> list[str]:
    """The shipped co-op scenarios (told by their `kind:`, not their names: a match or a
    sweep file is not a ladder rung)."""
    return runner.shipped_scenario_files(("scenario",))


COOP_ONLY = ("compares the co-op bots (random, heuristic, expert) on co-op scenarios; "
             "play a match with `adventures simulate`, `sweep`, `bench` or `soak`")


def paired_difference(a: list[dict], b: list[dict]) -> tuple[float, float, float]:
    """Mean of per-seed (win a - win b) with a 95% normal interval (clipped to [-1, 1]: few
    games can push a normal interval past it); records in seed order."""
    d = [(x["winner"] == "heroes") - (y["winner"] == "heroes") for x, y in zip(a, b)
         if x["winner"] != "error" and y["winner"] != "error"]
    if not d:
        return 0.0, 0.0, 0.0
    m, se = stats.mean_and_standard_error(d)
    half = stats.Z95 * se
    return m, max(-1.0, m - half), min(1.0, m + half)       # a difference of rates lies in [-1, 1]


def ladder(scenarios, bots, games: int, seed: int, workers=None, cluster=None, options=None,
           progress=None) -> list[dict]:
    rows = []
    for sc in scenarios:
        by_bot = {}
        mine = []
        for bot in bots:
            kind, extra = registry.variant(bot)
            opts = options
            if extra:
                bots_opts = dict((options or {}).get("bots", {}))
                bots_opts[kind] = {**bots_opts.get(kind, {}), **extra}
                opts = {**(options or {}), "bots": bots_opts}
            rung = runner.with_params(sc, {"bot": kind})
            records = runner.run_games(rung, games, seed, workers, progress=progress, cluster=cluster, options=opts)
            by_bot[bot] = records
            s = stats.summarise(records)
            # the bot that really played: the strong bot without usable parameters is the heuristic
            played = bot if s["bots"] in ("", runner.bots_asked(rung, opts)) else rung_name(s["bots"])
            row = {"scenario": sc.name, "bot": played, "games": s["games"], "errors": s["errors"],
                   "win_rate": s["win_rate"], "win_rate_ci95": s["win_rate_ci95"],
                   "mean_rounds": s["mean_rounds"], "outcomes": outcomes(records)}
            if played != bot:
                row["asked"] = bot
            searched = sum(r.get("searched", 0) for r in records)
            if searched:               # the expert's cost: CPU per searched decision
                row["ms_per_searched_decision"] = 1000 * sum(r.get("search_seconds", 0.0) for r in records) / searched
                row["searched_per_game"] = searched / max(1, len(records))
            mine.append(row)
        for row, rung in zip(mine, bots):
            for base in ("heuristic", "expert"):
                if base in by_bot and row["bot"] != base and (base == "heuristic" or row["bot"] == "strong"):
                    row[f"vs_{base}"] = list(paired_difference(by_bot[rung], by_bot[base]))
        rows.extend(mine)
    return rows


def rung_name(bots: str) -> str:
    """A record's bots by the names of the ladder's rungs."""
    return "+".join(RUNG_OF_RECORD.get(b, b) for b in bots.split("+"))


def outcomes(records: list[dict]) -> str:
    """One letter per game in seed order (W: the heroes won, L: they lost, E: an error), so
    runs of the same seeds made apart can still be paired."""
    return "".join("W" if r["winner"] == "heroes" else "E" if r["winner"] == "error" else "L" for r in records)


def table(rows: list[dict]) -> str:
    against_expert = any("vs_expert" in r for r in rows)
    lines = ["| scenario | bot | heroes win (95% CI) | vs heuristic, paired (95% CI) | "
             + ("strong vs expert, paired (95% CI) | " if against_expert else "") + "rounds | CPU per searched decision |",
             "|---|---|---|---|---|---|" + ("---|" if against_expert else "")]
    for r in rows:
        lo, hi = r["win_rate_ci95"]
        vs = r.get("vs_heuristic")
        vs_text = f"{vs[0]:+.1%} ({vs[1]:+.1%} to {vs[2]:+.1%})" if vs else ""
        if against_expert:
            ve = r.get("vs_expert")
            vs_text += " | " + (f"{ve[0]:+.1%} ({ve[1]:+.1%} to {ve[2]:+.1%})" if ve else "")
        cost = (f"{r['ms_per_searched_decision']:.0f} ms ({r['searched_per_game']:.0f} a game)"
                if "ms_per_searched_decision" in r else "")
        bot = LABELS.get(r["bot"], r["bot"]) + (f" (asked: {LABELS.get(r['asked'], r['asked'])})"
                                                 if "asked" in r else "")
        lines.append(f"| {r['scenario']} | {bot} | {r['win_rate']:.1%} ({lo:.1%}-{hi:.1%}) | {vs_text} | "
                     f"{r['mean_rounds']:.2f} | {cost} |")
    return "\n".join(lines)


@runner.fails_on_crashes("ladder")
def run(args: argparse.Namespace) -> int:
    files = args.scenarios or default_files()
    scenarios = runner.load_scenarios_for_command(files, "ladder", ("scenario",), COOP_ONLY, args.difficulty)
    if scenarios is None:
        return 2
    if args.games * len(args.bots) * len(scenarios) > limits.MAX_GAMES:   # every bot's records are kept
        print(f"adventures ladder: --games {args.games:,} x {len(args.bots)} bots x {len(scenarios)} scenarios "
              f"is more than {limits.MAX_GAMES:,} games", file=sys.stderr)
        return 2
    options = {"bots": {"expert": {"rollouts": args.rollouts, "seconds": args.seconds}}}
    t0 = time.perf_counter()
    total = args.games * len(args.bots) * len(scenarios)
    try:
        with runner.progress_bar(total, "ladder", enabled=not (args.json or args.no_progress)) as advance:
            rows = ladder(scenarios, args.bots, args.games, args.seed, args.workers, args.cluster, options, advance)
    except OSError as exc:
        print(f"adventures ladder: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"seed": args.seed, "games": args.games, "rows": rows}, sort_keys=True))
    else:
        print(table(rows))
        print(f"{total} games in {time.perf_counter() - t0:.1f} s (seed {args.seed}, paired seeds per scenario)")
    return 1 if any(r["errors"] for r in rows) else 0
