"""`adventures calibrate`: each difficulty level's dial, measured with the strong bot.

    adventures calibrate                                 # every shipped co-op scenario, random teams too
    adventures calibrate scenarios/krang-2p.yaml --games 400 --workers 2
    adventures calibrate --cluster tcp://HOST:8786

For each scenario and each level of `adventures/content/difficulty.yaml` it searches the
`enemy_cards` dial (adventures/rules/difficulty.py) with `adventures tune`'s paired-seed
bisection until the bot's win rate meets the level's target (inside its band), the four
levels sharing every value already played. The chosen dial is then measured again on
fresh seeds (seed + 1, the same seeds for every level: paired), with a Wilson 95% interval;
outside the band, the dial moves one step toward it and is measured again on those seeds
(at most 8 steps; the row says how many: `nudged`),
and the table of `measured:` rows at the end of the difficulty file is rewritten: villain,
players, heroes, level -> dial, win rate, interval, games, bot, seed, date and this command.
Random teams for each villain and player count of the scenarios run (1-4 for the shipped
ones) are calibrated the same way: their dial serves
random teams and any team the table has no row of its own for (`difficulty.measured_row`;
a dial fitted to one team of a size would be far off for others: Krang against two random
heroes is much harder than against Michelangelo and Donatello). Rows of teams not run this
time are kept. Nothing measured today is written anywhere else: run it again when the
bots change, and the app and every command play the new dials.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from adventures.sim import runner, stats
from adventures.sim.cli_tune import tune, wins_by_seed
from adventures.tools import limits

MARKER = "# --- measured by `adventures calibrate`"
SEARCH = 120         # the dial is searched in -SEARCH..SEARCH steps
# steps the dial may move after the fresh-seed measurement: one step is one card value,
# with 2-4 enemy decks often one that seldom comes up (Krang against 2 random heroes at
# Hard won 82-83 of the same 300 fresh deals at dials 16, 17 and 18), so a few steps can
# leave the win rate where it was
NUDGES = 8
COOP_ONLY = "calibrates co-op difficulty levels; a competitive match has none"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenarios", nargs="*", metavar="SCENARIO", type=limits.path_arg("scenario"),
                        help="co-op scenario files (default: every shipped co-op scenario)")
    parser.add_argument("--games", "-n", type=limits.games_arg, default=200,
                        help="games per dial value tried and per final measurement (default 200)")
    parser.add_argument("--seed", "-s", type=limits.paired_seed_arg, default=1,
                        help="seed of the search; the final measurement uses seed + 1 (default 1)")
    parser.add_argument("--bot", default="strong", choices=("random", "heuristic", "strong", "expert"),
                        help="the bot on every seat (default: strong)")
    parser.add_argument("--rollouts", type=limits.rollouts_arg, default=8, help="expert: sampled worlds per decision")
    parser.add_argument("--no-random-teams", action="store_true", help="skip the random teams")
    parser.add_argument("--out", metavar="FILE", type=limits.file_out_arg("--out file"), default=None,
                        help="the difficulty file to rewrite (default: the shipped adventures/content/difficulty.yaml)")
    parser.add_argument("--workers", "-w", type=limits.workers_arg, default=None)
    parser.add_argument("--cluster", metavar="ADDRESS", type=limits.cluster_arg, default=None, help="run on a Dask scheduler")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--no-progress", action="store_true")


def command_line(args: argparse.Namespace) -> str:
    """The command that reproduces this run (written into every row)."""
    words = ["adventures", "calibrate", *args.scenarios, "--games", str(args.games), "--seed", str(args.seed),
             "--bot", args.bot]
    if args.no_random_teams:
        words.append("--no-random-teams")
    return " ".join(words)


def measure(scenario, games: int, seed: int, workers, cluster, options, progress) -> tuple[int, int]:
    records = runner.run_games(scenario, games, seed, workers, progress=progress, cluster=cluster, options=options)
    wins = sum(wins_by_seed(records))
    return wins, len(records)


def row(scenario, name: str, level, settings, wins: int, games: int, args, when: str) -> dict:
    """One table row; `heroes` are the seats' hero keys ("random" where the game deals one)."""
    lo, hi = stats.wilson(wins, games)
    rate = wins / games
    low, high = level.band
    return {"villain": scenario.villain, "players": scenario.players, "heroes": [s.hero for s in scenario.seats],
            "allies": scenario.allies, "level": level.key,
            "settings": {"enemy_cards": settings["enemy_cards"], "extra_henchmen": settings["extra_henchmen"]},
            "games": games, "wins": wins, "win_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "in_band": low <= rate <= high, "bot": args.bot, "seed": args.seed + 1,
            "scenario": name[:80], "date": when, "command": command_line(args)}


def calibrate_scenario(scenario, name: str, table, args, options, progress, when: str) -> list[dict]:
    """The levels of one scenario: search each dial, then measure it on fresh seeds."""
    played: dict[int, dict[int, list[int]]] = {}        # level's henchmen -> {dial: wins by seed}
    rows = []
    for level in table.levels:
        at_level = runner.with_params(scenario, {"difficulty": level.key})
        henchmen = level.extra_henchmen if scenario.allies else 0     # p.18: only with allies & henchmen
        found = tune(at_level, "enemy_cards", level.target, -SEARCH, SEARCH, args.games, args.seed,
                     args.workers, args.cluster, options, progress, measured=played.setdefault(henchmen, {}))
        dial, wins, games, nudged = confirmed(at_level, level, _chosen(found, level), args, options, progress)
        rows.append(row(scenario, name, level, {"enemy_cards": dial, "extra_henchmen": level.extra_henchmen},
                        wins, games, args, when) | {"nudged": nudged})
    return rows


def confirmed(scenario, level, dial: int, args, options, progress) -> tuple[int, int, int, int]:
    """Measure `dial` on fresh seeds (seed + 1); outside the band, move it one step toward
    the band and measure again on the same seeds, at most NUDGES times. Returns the dial
    inside the band (else the one nearest the target), its wins and games, and the steps moved."""
    low, high = level.band
    first = dial
    tried: dict[int, tuple[int, int]] = {}
    for _ in range(NUDGES + 1):
        final = runner.with_params(scenario, {"enemy_cards": dial})
        wins, games = tried[dial] = measure(final, args.games, args.seed + 1, args.workers, args.cluster,
                                            options, progress)
        rate = wins / games
        step = -1 if rate < low else 1 if rate > high else 0       # a higher dial is a harder game
        if not step or not -SEARCH <= dial + step <= SEARCH or dial + step in tried:
            break
        dial += step
    best = min(tried, key=lambda d: (not low <= tried[d][0] / tried[d][1] <= high,
                                     abs(tried[d][0] / tried[d][1] - level.target)))
    return best, *tried[best], abs(best - first)


def _chosen(found: dict, level) -> int:
    """The whole dial value of the search that is inside the band and nearest the target
    (the search measured every value on the same seeds); else the nearest to the target."""
    rates = {int(v): r for v, r in found["measured"].items()}
    low, high = level.band
    inside = [v for v, r in rates.items() if low <= r <= high]
    pool = inside or list(rates)
    return min(pool, key=lambda v: (abs(rates[v] - level.target), abs(v)))


def random_teams(villains: list[str], sizes: list[int], catalog, bot: str) -> list:
    """Random teams of each size per villain: the scenarios whose dials serve a team the
    table has no row for (`difficulty.measured_row`)."""
    from engine.content.schema import ScenarioDef
    return [ScenarioDef(name=f"{catalog.enemies[villain].name}, random team of {players}", villain=villain,
                        seats=[{"hero": "random", "bot": bot}] * players)
            for villain in villains for players in sizes]


def write_table(path: Path, rows: list[dict], header_from: Path) -> None:
    """Rewrite the `measured:` part of a difficulty file (everything after the marker line),
    keeping the hand-written levels above it; the result is checked by the one content loader."""
    from engine.content.loader import load
    text = (path if path.is_file() else header_from).read_text(encoding="utf-8")
    head = text.split(MARKER, 1)[0]
    lines = [f"{MARKER}: everything below this line is rewritten by it ---",
             "measured:" if rows else "measured: []"]
    lines += [f"  - {json.dumps(r, ensure_ascii=False)}" for r in rows]
    body = head + "\n".join(lines) + "\n"
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(body, encoding="utf-8")
    try:
        load(tmp, "difficulty")            # never ship a table the game would refuse
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _written(out: Path, rows: list[dict], shipped: Path) -> bool:
    """write_table, or one line saying why it could not (the old file stays)."""
    from engine.content.loader import ContentError
    try:
        write_table(out, rows, shipped)
    except (OSError, ContentError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).splitlines()[0]
        print(f"adventures calibrate: --out {out}: cannot write the table: {reason}", file=sys.stderr)
        return False
    return True


def _key(r: dict) -> tuple:
    return (r["villain"], r["players"], r["allies"], tuple(r["heroes"]))


def run(args: argparse.Namespace) -> int:
    from adventures.content.catalog import CONTENT_ROOT, clear_cache, load_catalog
    files = args.scenarios or runner.shipped_scenario_files(("scenario",))
    loaded = runner.load_scenarios_for_command(files, "calibrate", ("scenario",), COOP_ONLY)
    if loaded is None:
        return 2
    shipped = CONTENT_ROOT / "difficulty.yaml"
    out = Path(args.out) if args.out else shipped
    try:
        limits.output_file(out, "--out file")
    except limits.OutputError as exc:
        print(f"adventures calibrate: {exc}", file=sys.stderr)
        return 2
    catalog = load_catalog()
    table = catalog.difficulty
    if table is None:
        print("adventures calibrate: the content has no difficulty levels (adventures/content/difficulty.yaml)",
              file=sys.stderr)
        return 2
    scenarios = [runner.with_params(sc, {"bot": args.bot}) for sc in loaded]
    options = {"bots": {"expert": {"rollouts": args.rollouts}}}
    when = datetime.now(timezone.utc).date().isoformat()
    t0 = time.perf_counter()
    new_rows: list[dict] = []
    villains = sorted({sc.villain for sc in scenarios})
    runs = [(Path(file).stem, sc) for file, sc in zip(files, scenarios)]
    if not args.no_random_teams:
        sizes = sorted({sc.players for sc in scenarios})      # the shipped scenarios: 1-4
        runs += [(sc.name, sc) for sc in random_teams(villains, sizes, catalog, args.bot)]
    estimate = args.games * len(runs) * 24
    with runner.progress_bar(estimate, "calibrate", enabled=not (args.json or args.no_progress)) as advance:
        for name, sc in runs:
            new_rows += calibrate_scenario(sc, name, table, args, options, advance, when)
        redone = {_key(r) for r in new_rows}
        rows = sorted([r for r in (m.model_dump(mode="json") for m in table.measured) if _key(r) not in redone]
                      + new_rows, key=_key)
        if not _written(out, rows, shipped):
            return 2
        clear_cache()
    seconds = time.perf_counter() - t0
    if args.json:
        print(json.dumps({"rows": new_rows, "seconds": seconds}, sort_keys=True))
    else:
        print(f"{'villain':<9} {'players':>7}  {'heroes':<40} {'level':<9} {'dial':>4}  win rate (95% CI)")
        for r in new_rows:
            lo, hi = r["ci95"]
            flag = "" if r["in_band"] else "  OUT OF BAND"
            print(f"{r['villain']:<9} {r['players']:>7}  {'+'.join(r['heroes'])[:40]:<40} {r['level']:<9} "
                  f"{r['settings']['enemy_cards']:>4}  {r['win_rate']:.1%} ({lo:.1%} - {hi:.1%}){flag}")
        print(f"wrote {out}; {time.perf_counter() - t0:.0f} s")
    return 0 if all(r["in_band"] for r in new_rows) else 1
