"""`adventures tune SCENARIO --param NAME --target 0.5`: the value that gives a win rate.

    adventures tune scenarios/shredder-2p.yaml --param villain_health --target 0.5
    adventures tune scenarios/krang-1p.yaml --param threat_track_length --target 0.6 --low 8 --high 20
    adventures tune scenarios/shredder-1p.yaml --param villain_health --target 0.6 --bot expert --games 100

The win rate falls (or rises) with the parameter. The search plays the same game seeds at
every value it tries (paired seeds: the differences between values are not blurred by
different deals), brackets the target between two neighbouring whole values by bisection,
and interpolates between them. The uncertainty is a 95% interval from a paired
bootstrap over the seeds (the whole search's measurements resampled together). It prints
the value, its interval and the number of games spent.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from adventures.bots import registry
from adventures.sim import runner, stats
from adventures.tools import limits

BOOTSTRAP = 400
# Parameters whose value today is 0 (no "half to 1.5x today's value"): the search's default range.
DEFAULT_RANGES = {"enemy_cards": (-120, 120)}


def base_value(scenario, param: str) -> int | None:
    """The value a scenario plays with today (for the default search range)."""
    from adventures.content.catalog import load_catalog
    ov = scenario.overrides
    current = getattr(ov, param, None) if param in runner.OVERRIDE_PARAMS else getattr(scenario, param, None)
    if isinstance(current, int) and not isinstance(current, bool) and current:
        return current
    villain = load_catalog().enemies.get(scenario.villain)
    if param == "villain_health" and villain is not None:
        return villain.health_for(scenario.players)
    if param == "threat_track_length" and villain is not None:
        return len(villain.threat_track.levels)
    if param == "minion_health":
        from adventures.rules.setup import MINION_HEALTH
        return MINION_HEALTH
    return None


def wins_by_seed(records: list[dict]) -> list[int]:
    return [1 if r["winner"] == "heroes" else 0 for r in records]


def crossing(values: list[int], rates: dict[int, float], target: float) -> float | None:
    """Where the piecewise-linear win rate through the measured values meets the target
    (the first bracketing pair of neighbours, in value order)."""
    xs = sorted(values)
    for a, b in zip(xs, xs[1:]):
        ra, rb = rates[a], rates[b]
        if (ra - target) * (rb - target) <= 0 and ra != rb:
            return a + (target - ra) * (b - a) / (rb - ra)
        if ra == target:
            return float(a)
    if xs and rates[xs[-1]] == target:
        return float(xs[-1])
    return None


def tune(scenario, param: str, target: float, low: int, high: int, games: int, seed: int, workers=None,
         cluster=None, options=None, progress=None, measured: dict[int, list[int]] | None = None) -> dict:
    """`measured`: {value: wins by seed} already played with these seeds and games (a caller
    searching several targets of one scenario shares it: no value is played twice)."""
    measured = {} if measured is None else measured
    bots: dict[str, None] = {}           # the bots that really played (`stats.bots_played`)

    def rate(v: int) -> float:
        if v not in measured:
            recs = runner.run_games(runner.with_params(scenario, {param: v}), games, seed, workers,
                                    progress=progress, cluster=cluster, options=options)
            measured[v] = wins_by_seed(recs)     # never a crash: run_games raised GamesCrashed
            bots.update(dict.fromkeys(stats.bots_played(recs).split(", ")))
        w = measured[v]
        return sum(w) / len(w)

    lo, hi = low, high
    r_lo, r_hi = rate(lo), rate(hi)
    if (r_lo - target) * (r_hi - target) > 0:
        return {"param": param, "target": target, "value": None, "ci95": None, "games": games * len(measured),
                "bots": ", ".join(b for b in bots if b),
                "measured": {v: sum(w) / len(w) for v, w in sorted(measured.items())},
                "note": f"the target is outside the win rates at {low} ({r_lo:.1%}) and {high} ({r_hi:.1%})"}
    while hi - lo > 1:
        mid = (lo + hi) // 2
        r_mid = rate(mid)
        if (r_lo - target) * (r_mid - target) <= 0:
            hi, r_hi = mid, r_mid
        else:
            lo, r_lo = mid, r_mid
    values = sorted(measured)
    rates = {v: sum(w) / len(w) for v, w in measured.items()}
    value = crossing(values, rates, target)
    boot = []
    rng = random.Random(seed)
    n = games
    for _ in range(BOOTSTRAP):
        pick = [rng.randrange(n) for _ in range(n)]                  # the same seeds for every value
        r = {v: sum(measured[v][i] for i in pick) / n for v in values}
        x = crossing(values, r, target)
        if x is not None:
            boot.append(x)
    boot.sort()
    ci = [boot[int(0.025 * (len(boot) - 1))], boot[int(0.975 * (len(boot) - 1))]] if boot else None
    return {"param": param, "target": target, "value": value, "ci95": ci, "games": games * len(measured),
            "bots": ", ".join(b for b in bots if b), "bracket": [lo, hi], "measured": {v: rates[v] for v in values},
            "measured_ci95": {v: list(stats.wilson(sum(measured[v]), n)) for v in values}}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", metavar="SCENARIO", type=limits.path_arg("scenario"))
    parser.add_argument("--param", required=True, type=limits.text("--param name", 80), help="an override or scenario parameter (villain_health, ...)")
    parser.add_argument("--target", type=limits.rate_arg, default=0.5, help="target heroes' win rate (default 0.5)")
    parser.add_argument("--low", type=limits.param_value_arg, default=None, help="lowest value tried (default: half today's value)")
    parser.add_argument("--high", type=limits.param_value_arg, default=None, help="highest value tried (default: 1.5x today's value)")
    parser.add_argument("--bot", default="strong", choices=limits.bot_choices("scenario", *registry.VARIANTS),
                        help="the bot on every seat (default: strong, a stand-in for a good player; "
                             "'scenario': each seat's own; expert-heuristic: the expert before issue 43)")
    parser.add_argument("--games", "-n", type=limits.games_arg, default=400, help="games per value tried (default 400)")
    parser.add_argument("--seed", "-s", type=limits.seed_arg, default=1)
    parser.add_argument("--rollouts", type=limits.rollouts_arg, default=8, help="expert: sampled worlds per decision")
    parser.add_argument("--workers", "-w", type=limits.workers_arg, default=None)
    parser.add_argument("--cluster", metavar="ADDRESS", type=limits.cluster_arg, default=None, help="run on a Dask scheduler")
    limits.difficulty_option(parser)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-progress", action="store_true")


@runner.fails_on_crashes("tune")
def run(args: argparse.Namespace) -> int:
    loaded = runner.load_scenarios_for_command(
        [args.scenario], "tune", ("scenario",),
        "searches a co-op parameter for a heroes' win rate; vary a match's board, heroes or max_turns "
        "with `adventures sweep`", args.difficulty)
    if loaded is None:
        return 2
    sc, = loaded
    if args.param not in runner.SWEEP_PARAMS - {"bot", "villain", "minions", "allies", "difficulty"}:
        print(f"adventures tune: --param {args.param}: not a numeric parameter (known: "
              f"{', '.join(sorted(runner.OVERRIDE_PARAMS | {'players', 'max_rounds', 'extra_henchmen'}))})",
              file=sys.stderr)
        return 2
    if not 0 < args.target < 1 or args.games < 1:
        print("adventures tune: --target must be between 0 and 1 and --games at least 1", file=sys.stderr)
        return 2
    if args.bot != "scenario":
        sc = runner.with_params(sc, {"bot": registry.variant(args.bot)[0]})
    now = base_value(sc, args.param)
    low, high = DEFAULT_RANGES.get(args.param, (None, None))
    low = args.low if args.low is not None else (max(0, now // 2) if now else low)
    high = args.high if args.high is not None else (now + max(1, now // 2) if now else high)
    if low is None or high is None or high <= low:
        print(f"adventures tune: give --low and --high for {args.param} (low < high)", file=sys.stderr)
        return 2
    try:
        runner.with_params(sc, {args.param: low})
        runner.with_params(sc, {args.param: high})
    except ValueError as exc:        # pydantic's ValidationError is one: its first error, in one line
        errors = exc.errors() if hasattr(exc, "errors") else None
        reason = errors[0].get("msg", str(exc)) if errors else str(exc).splitlines()[0]
        print(f"adventures tune: --param {args.param} from --low {low} to --high {high}: {reason}", file=sys.stderr)
        return 2
    options = {"bots": {"expert": registry.expert_options(args.bot, rollouts=args.rollouts)}}
    t0 = time.perf_counter()
    try:
        with runner.progress_bar(args.games * 8, f"tune {args.param}",
                                 enabled=not (args.json or args.no_progress)) as advance:
            out = tune(sc, args.param, args.target, low, high, args.games, args.seed, args.workers,
                       args.cluster, options, advance)
    except OSError as exc:
        print(f"adventures tune: {exc}", file=sys.stderr)
        return 2
    asked = runner.bots_asked(sc, options)
    if out["bots"] and out["bots"] != asked:
        out["bots_asked"] = asked
    if args.json:
        print(json.dumps(out, sort_keys=True))
        return 0
    for v, r in out["measured"].items():
        print(f"  {args.param} = {v:>4}: heroes win {r:.1%}")
    name = sc.name + (f" (played by {out['bots']}, asked: {asked})" if "bots_asked" in out else "")
    if out["value"] is None:
        print(f"{name}: {out['note']}; {out['games']} games spent")
        return 1
    lo, hi = out["ci95"] or (float("nan"), float("nan"))
    print(f"{name}: {args.param} = {out['value']:.1f} gives {args.target:.0%} (95% CI {lo:.1f} - {hi:.1f}); "
          f"{out['games']} games spent, {time.perf_counter() - t0:.1f} s")
    return 0
