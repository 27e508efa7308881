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

The levels measured are the ones in use: with `--content DIR` holding its own difficulty
table, that table's, and the default --out is that file (rows sit under the bands they were
measured against; an --out whose levels differ is refused). Everything checkable is checked
before the first game, each refusal one line and exit 2: the levels and the content they
come from, --out (its kind: a difficulty table; links are written through), the strong
bot's parameter file for every size played, the --cluster. A crashed game ends the run
(exit 1) and nothing is written; the table is written through a temporary file of the
run's own, removed on any failure.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from adventures.sim import runner, stats
from adventures.sim.cli_tune import tune, wins_by_seed
from adventures.tools import limits

MARKER = "# --- measured by `adventures calibrate`"
FIT_GAMES = 7200        # the model: games per villain and player count (a seed each, dials spread)
VALIDATE_GAMES = 300    # --validate: games per held-out team and level
PER_CELL_GAMES = 200    # --per-cell: games per dial value tried
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
    parser.add_argument("--games", "-n", type=limits.games_arg, default=None,
                        help=f"the win-rate model: games per villain and player count, each its own seed, "
                             f"spread over every dial of a range (default {FIT_GAMES}); --validate: games per held-out team and level "
                             f"(default {VALIDATE_GAMES}); --per-cell: games per dial value tried and per final "
                             f"measurement (default {PER_CELL_GAMES})")
    parser.add_argument("--per-cell", action="store_true",
                        help="the older method: bisect each scenario's and random team's dial per level and "
                             "rewrite the `measured:` rows (the model's dials still win where it has the team's size)")
    parser.add_argument("--validate", action="store_true",
                        help="measure the model's held-out teams at every level at the dial it gives them, "
                             "predicted against measured (written into the model)")
    parser.add_argument("--seed", "-s", type=limits.paired_seed_arg, default=1,
                        help="seed of the search; the final measurement uses seed + 1 (default 1)")
    parser.add_argument("--bot", default="strong", choices=limits.bot_choices(),
                        help="the bot on every seat (default: strong)")
    parser.add_argument("--rollouts", type=limits.rollouts_arg, default=8, help="expert: sampled worlds per decision")
    parser.add_argument("--no-random-teams", action="store_true", help="skip the random teams")
    parser.add_argument("--out", metavar="FILE", type=limits.file_out_arg("--out file"), default=None,
                        help="the difficulty file to rewrite (default: the table in use: your --content folder's own, "
                             "else the shipped adventures/content/difficulty.yaml)")
    parser.add_argument("--workers", "-w", type=limits.workers_arg, default=None)
    parser.add_argument("--cluster", metavar="ADDRESS", type=limits.cluster_arg, default=None, help="run on a Dask scheduler")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--no-progress", action="store_true")


def command_line(args: argparse.Namespace) -> str:
    """The command that reproduces this run (written into every row)."""
    words = ["adventures", "calibrate", *args.scenarios, "--games", str(args.games), "--seed", str(args.seed)]
    words += ["--per-cell", "--bot", args.bot] if args.per_cell else ["--validate"] if args.validate else []
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


class Refused(Exception):
    """A calibration that cannot be run as asked; str() is the one line saying why (exit 2),
    said before the first game."""


def _head(text: str, lines) -> str:
    """The hand-written part of a difficulty file: what comes before the marker line, or
    before its `measured:` key when the marker is missing."""
    from engine.content.loader import line_of
    if MARKER in text:
        return text.split(MARKER, 1)[0]
    if "measured" in lines:
        return "".join(text.splitlines(keepends=True)[:line_of(lines, "measured") - 1])
    return text if text.endswith("\n") else text + "\n"


def table_file(catalog) -> Path:
    """The file the difficulty levels in use come from: a user content folder's own table
    (`--content`), else the shipped one."""
    from adventures.content.catalog import CONTENT_ROOT
    return Path(catalog.custom.get(("difficulty", "difficulty"), CONTENT_ROOT / "difficulty.yaml"))


def output_table(out: Path, table, source: Path) -> tuple[str, list[dict]]:
    """The hand-written head the rewritten `out` keeps and the rows it keeps: `out`'s own when
    it exists, which must then be a difficulty table with the very levels in use (rows measured
    against one table's bands must not sit under another's); else those of `source`. Refused
    (one line) otherwise."""
    from engine.content.loader import ContentError, load
    there = out.exists()
    try:
        loaded = load(out if there else source, "difficulty")
        text = Path(loaded.path).read_text(encoding="utf-8")
    except ContentError as exc:
        raise Refused(f"--out {out}: not a difficulty table calibrate may rewrite ({exc.problems[0]})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise Refused(f"--out {out}: cannot read it: {getattr(exc, 'strerror', None) or exc}") from None
    if there and (loaded.model.levels != table.levels or loaded.model.default != table.default):
        raise Refused(f"--out {out}: its levels and bands are not those in use (from {source}): rows measured "
                      "against one table's bands cannot be written under another's")
    return _head(text, loaded.lines), [m.model_dump(mode="json") for m in loaded.model.measured]


def write_table(path: Path, rows: list[dict], head: str, model: dict | None = None) -> None:
    """Rewrite the measured part of a difficulty file (everything after the marker line: the
    win-rate `model:` and the `measured:` rows) under its hand-written `head`, through a
    temporary file of this run's own (removed on a failure, renamed over `path` when the one
    content loader accepts the result)."""
    from adventures.home import replaced_when_done
    from engine.content.loader import load
    lines = [f"{MARKER}: everything below this line is rewritten by it ---"]
    if model is not None:
        lines += model_lines(model)
    lines.append("measured:" if rows else "measured: []")
    lines += [f"  - {json.dumps(r, ensure_ascii=False)}" for r in rows]
    with replaced_when_done(path) as tmp:
        tmp.write_text(head + "\n".join(lines) + "\n", encoding="utf-8")
        load(tmp, "difficulty")            # never ship a table the game would refuse


def model_lines(model: dict) -> list[str]:
    """The model as YAML lines a person can read: one line per curve, hero, team and row."""
    lines = ["model:"]
    listed = ("villains", "held_out", "validation")
    first = ("reference", "games", "seed", "date", "command")      # every other field after these: none is dropped
    for key in [k for k in first if k in model] + sorted(k for k in model if k not in first + listed):
        lines.append(f"  {key}: {json.dumps(model[key], ensure_ascii=False)}")
    lines.append("  villains:")
    for v in model["villains"]:
        lines.append(f"    - villain: {json.dumps(v['villain'])}")
        lines.append("      sizes:")
        lines += [f"        - {json.dumps(size)}" for size in v["sizes"]]
        lines.append("      heroes:")
        lines += [f"        - {json.dumps(h)}" for h in v["heroes"]]
    for key in ("held_out", "validation"):
        lines.append(f"  {key}:" if model[key] else f"  {key}: []")
        lines += [f"    - {json.dumps(r, ensure_ascii=False)}" for r in model[key]]
    return lines


def kept_model(out: Path, source: Path) -> dict | None:
    """The model the file being rewritten holds today (kept by a run that does not fit one)."""
    from engine.content.loader import ContentError, load
    try:
        found = load(out if out.exists() else source, "difficulty").model.model
    except ContentError:
        return None
    return found.model_dump(mode="json") if found is not None else None


def _written(out: Path, rows: list[dict], head: str, model: dict | None = None) -> bool:
    """write_table, or one line saying why it could not (the old file stays)."""
    from engine.content.loader import ContentError
    try:
        write_table(out, rows, head, model)
    except (OSError, ContentError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).splitlines()[0]
        print(f"adventures calibrate: --out {out}: cannot write the table: {reason}", file=sys.stderr)
        return False
    return True


def strong_bot_problem(sizes: set[int]) -> str:
    """Why the strong bot cannot measure games of these sizes ("" when it can): a table
    measured by the heuristic bot in its place would be labelled with the wrong bot."""
    from adventures.bots import strong
    from adventures.bots.ranker_file import ParamsError, read_params
    try:
        rankers = read_params(strong.PARAMS_FILE)
    except ParamsError as exc:
        return f"{strong.PARAMS_FILE}: {exc}"
    missing = sorted(sizes - set(rankers))
    if missing:
        return f"{strong.PARAMS_FILE} has no ranker for {', '.join(map(str, missing))} player(s)"
    return ""


def _key(r: dict) -> tuple:
    return (r["villain"], r["players"], r["allies"], tuple(r["heroes"]))


@runner.fails_on_crashes("calibrate")
def run(args: argparse.Namespace) -> int:
    from adventures.content.catalog import load_catalog
    files = args.scenarios or runner.shipped_scenario_files(("scenario",))
    loaded = runner.load_scenarios_for_command(files, "calibrate", ("scenario",), COOP_ONLY)
    if loaded is None:
        return 2
    catalog = load_catalog()
    if args.per_cell:
        args.games = args.games or PER_CELL_GAMES
        return run_per_cell(args, files, loaded, catalog)
    from adventures.sim import cli_calibrate_model
    args.games = args.games or (VALIDATE_GAMES if args.validate else FIT_GAMES)
    return cli_calibrate_model.run(args, loaded, catalog)


def run_per_cell(args: argparse.Namespace, files, loaded, catalog) -> int:
    """The older method: a paired-seed bisection per scenario, random team and level."""
    from adventures.content.catalog import clear_cache
    scenarios = [runner.with_params(sc, {"bot": args.bot}) for sc in loaded]
    runs = [(Path(file).stem, sc) for file, sc in zip(files, scenarios)]
    if not args.no_random_teams and catalog.difficulty is not None:
        sizes = sorted({sc.players for sc in scenarios})      # the shipped scenarios: 1-4
        runs += [(sc.name, sc) for sc in random_teams(sorted({sc.villain for sc in scenarios}), sizes, catalog,
                                                      args.bot)]
    try:            # everything that can be checked is, before the first game
        table, out, head, kept = _checked_before_work(args, catalog, {sc.players for _, sc in runs})
        client = runner.connect_cluster(args.cluster) if args.cluster else None
    except (Refused, limits.OutputError, runner.ClusterError) as exc:
        print(f"adventures calibrate: {exc}", file=sys.stderr)
        return 2
    options = {"bots": {"expert": {"rollouts": args.rollouts}}}
    when = datetime.now(timezone.utc).date().isoformat()
    t0 = time.perf_counter()
    new_rows: list[dict] = []
    args = argparse.Namespace(**{**vars(args), "cluster": client})     # one connection for every dial
    estimate = args.games * len(runs) * 24
    try:
        with runner.progress_bar(estimate, "calibrate", enabled=not (args.json or args.no_progress)) as advance:
            for name, sc in runs:
                new_rows += calibrate_scenario(sc, name, table, args, options, advance, when)
    finally:
        if client is not None:
            client.close()
    redone = {_key(r) for r in new_rows}
    rows = sorted([r for r in kept if _key(r) not in redone] + new_rows, key=_key)
    if not _written(out, rows, head, kept_model(out, table_file(catalog))):
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


def _checked_before_work(args, catalog, sizes: set[int]) -> tuple:
    """(the levels in use, the file to write, its head, the rows it keeps), or Refused /
    OutputError (one line): the levels, the content they come from, the output and its kind,
    the bot that measures."""
    table = catalog.difficulty
    if table is None:
        raise Refused("the content has no difficulty levels (adventures/content/difficulty.yaml)")
    source = table_file(catalog)
    left_out = next((p for p in catalog.problems if Path(p.file).stem == "difficulty"), None)
    if left_out is not None:           # the user's own table was refused: never measure against another
        raise Refused(f"your difficulty table {left_out.file} was left out (the warning above says why): "
                      "fix it before calibrating")
    given = Path(args.out) if args.out else source
    limits.output_file(given, "--out file")
    out = limits.written_through(given)      # a link stays a link, to the rewritten table
    head, kept = output_table(out, table, source)
    if args.bot == "strong":
        why = strong_bot_problem(sizes)
        if why:
            raise Refused(f"--bot strong: {why}: the levels would be measured by the heuristic bot in its place")
    return table, out, head, kept
