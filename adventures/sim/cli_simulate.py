"""`adventures simulate SCENARIO`: play N bot games and print what happened.

    adventures simulate scenarios/shredder-1p.yaml --games 1000 --seed 1 --workers 2
    adventures simulate scenarios/krang-2p.yaml --games 200 --json

Game i uses the seed `S * 1_000_003 + i`, so the figures are identical for any number of
workers. A bad scenario file is one `file:LINE: field: message` line and exit code 2.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from adventures.persistence.replay import ReplayWriteError
from adventures.sim import runner, stats
from adventures.tools import limits
from engine.content.schema import MatchDef


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", metavar="SCENARIO", type=limits.path_arg("scenario"), help="a scenario YAML path, a name in scenarios/, or 'shredder'/'krang'")
    parser.add_argument("--games", "-n", type=limits.games_arg, default=1000,
                        help=f"number of games (default 1000, at most {limits.MAX_GAMES:,})")
    parser.add_argument("--seed", "-s", type=limits.seed_arg, default=None,
                        help="base seed (default: the scenario's `seed`, else 1; at most 30 digits)")
    parser.add_argument("--workers", "-w", type=limits.workers_arg, default=None,
                        help=f"worker processes (default: all cores; one for fewer than {runner.SMALL_RUN} games of bots that do not search)")
    parser.add_argument("--cluster", metavar="ADDRESS", type=limits.cluster_arg, default=None,
                        help="run on an existing Dask distributed scheduler (same results as local)")
    limits.difficulty_option(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--check-invariants", action="store_true",
                        help="check the game invariants after setup and every round")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--replays", metavar="DIR", type=limits.folder_arg("--replays folder"), default=None,
                        help="also export every game as a replay file DIR/game-NNNNN.json "
                             "(re-run one with `adventures replay FILE`)")


@runner.fails_on_crashes("simulate")
def run(args: argparse.Namespace) -> int:
    loaded = runner.load_scenarios_for_command([args.scenario], "simulate", difficulty=args.difficulty)
    if loaded is None:
        return 2
    scenario, = loaded
    replay_dir = None
    if args.replays:
        try:         # checked before the first game: a bad path must not waste a long run
            replay_dir = os.path.abspath(limits.output_folder(args.replays, "--replays folder"))
        except limits.OutputError as exc:
            print(f"adventures simulate: {exc}", file=sys.stderr)
            return 2
    if args.check_invariants and not runner.invariants_available():
        print("adventures simulate: --check-invariants: adventures.rules.invariants is not available",
              file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else (scenario.seed if scenario.seed is not None else 1)
    workers = args.workers or runner.auto_workers(args.games, scenario)
    t0 = time.perf_counter()
    with runner.progress_bar(args.games, scenario.name, enabled=not (args.json or args.no_progress)) as advance:
        try:
            records = runner.run_games(scenario, args.games, seed, workers, args.check_invariants, advance,
                                       cluster=args.cluster, replay_dir=replay_dir)
        except ReplayWriteError as exc:   # the disk filled: a failed run, said in one line
            print(f"adventures simulate: {exc}", file=sys.stderr)
            return 1
        except OSError as exc:            # e.g. an unreachable --cluster address
            print(f"adventures simulate: {exc}", file=sys.stderr)
            return 2
    elapsed = time.perf_counter() - t0
    if isinstance(scenario, MatchDef):
        return report_competitive(args, scenario, records, seed, workers, elapsed)
    summary = stats.summarise(records)
    summary.update(scenario=scenario.name, villain=scenario.villain, file=args.scenario, seed=seed, workers=workers,
                   bots_asked=runner.bots_asked(scenario),
                   elapsed_seconds=elapsed, games_per_second=len(records) / elapsed if elapsed > 0 else 0.0)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(report(summary))
    bad = summary["errors"] or summary.get("invariant_violations", 0)
    return 1 if bad else 0


# What one objective completion means for each villain (Adventures p.14, p.16).
OBJECTIVE_NAMES = {"shredder": "boroughs fallen", "krang": "Dimension X expansions"}


def report(s: dict) -> str:
    lo, hi = s["win_rate_ci95"]
    n = s["games"] - s["errors"]
    lines = [
        f"{s['scenario']}  ({s['file']}, seed {s['seed']}, {s['games']} games, {s['workers']} workers)",
        f"  heroes win      {s['hero_wins']}/{n} = {stats.pct(s['win_rate'])}  "
        f"(95% CI {stats.pct(lo)} - {stats.pct(hi)})",
        f"  rounds          mean {s['mean_rounds']:.2f}, median {s['median_rounds']:g}",
        f"  objectives      mean {s['mean_completions']:.2f} {OBJECTIVE_NAMES.get(s.get('villain'), 'completions')}"
        "; games by count: " + ", ".join(f"{k}: {v}" for k, v in s["completions"].items()),
        f"  villain health  mean {s['mean_villain_health']:.2f} left "
        f"({stats.pct(s['mean_villain_health_fraction'])} of its health)",
        f"  hero deaths     {s['hero_deaths']} ({s['mean_hero_deaths']:.2f} per game, "
        f"{s['games_with_hero_death']} games with a death)",
        "  losses          " + (", ".join(f"{k} {v}" for k, v in s["loss_causes"].items()) or "none"),
        f"  decisions       {s['mean_decisions']:.1f} per game",
        f"  bots            {s['bots']}" + (f" (asked: {s['bots_asked']})"
                                            if s.get("bots_asked", s["bots"]) != s["bots"] else ""),
        f"  speed           {s['games_per_second']:.1f} games/s ({s['elapsed_seconds']:.2f} s)",
    ]
    if "invariant_violations" in s:
        lines.append(f"  invariants      {s['invariant_violations']} violations in "
                     f"{s['games_with_violations']} games")
    if s["errors"]:
        e = s["first_error"]
        lines.append(f"  ERRORS          {s['errors']} games crashed; first: game {e['game']} "
                     f"(seed {e['seed']}): {e['error']}")
    return "\n".join(lines)


def report_competitive(args, match: MatchDef, records: list[dict], seed: int, workers: int, elapsed: float) -> int:
    """Per-seat and per-hero win rates of a competitive match file."""
    from adventures.sim.matches import report_matches, summarise_matches
    summary = summarise_matches(records)
    summary.update(scenario=match.name, mode=match.mode, board=match.board, file=args.scenario, seed=seed,
                   workers=workers, elapsed_seconds=elapsed,
                   games_per_second=len(records) / elapsed if elapsed > 0 else 0.0)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        title = (f"{match.name}  ({args.scenario}, {match.mode} on {match.board}, seed {seed}, "
                 f"{len(records)} games, {workers} workers)")
        print(report_matches(summary, title))
        print(f"  speed           {summary['games_per_second']:.1f} games/s ({elapsed:.2f} s)")
    return 1 if summary["errors"] or summary.get("invariant_violations", 0) else 0
