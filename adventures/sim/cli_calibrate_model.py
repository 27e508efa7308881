"""`adventures calibrate` (the default method): fit the win-rate model, or check it.

    adventures calibrate                      # fit: every shipped villain, 1-4 players (FIT_GAMES games each)
    adventures calibrate --validate           # the held-out teams at every level, 300 games each

Fitting plays random teams at every dial value of a range with the reference player, a seed each
(adventures/sim/calibrate_model.py), fits the model (adventures/sim/odds_fit.py) and writes it
into the difficulty table (`model:`), keeping the per-team `measured:` rows and the villains
not fitted this time. Every team then plays each level at the dial the model gives it
(adventures/rules/odds.py). `--validate` measures the teams the fit never saw and writes
predicted against measured into the model.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from adventures.sim import calibrate_model as cm
from adventures.sim import cli_calibrate as cc
from adventures.sim import runner, stats
from adventures.tools import limits

SIZES = (1, 2, 3, 4)
MAX_ERROR = 8           # points: issue 42's largest error for a held-out team at a level


def _prepared(args, catalog, villains):
    """(table, out, head, kept rows, kept model) or Refused/OutputError: checked before any game."""
    if args.bot != cm.REFERENCE_BOT:
        raise cc.Refused(f"--bot {args.bot}: the levels are measured by one reference player, the "
                         f"{cm.REFERENCE_BOT} bot with its frozen parameters; another bot measures only with --per-cell")
    table, out, head, kept = cc._checked_before_work(args, catalog, set(SIZES))
    model = cc.kept_model(out, cc.table_file(catalog))
    if model is not None and not args.validate:
        from engine.content.schema import OddsModelDef
        why = cm.reference_problem(OddsModelDef.model_validate(model))
        others = sorted({v["villain"] for v in model["villains"]} - set(villains))
        if why and others:         # one table, one reference player: never curves of two players side by side
            raise cc.Refused(f"{why}; its curves for {', '.join(others)} would stay beside the new ones: "
                             "calibrate every villain (give no scenario, or one of each villain)")
    return table, out, head, kept, model


def run(args: argparse.Namespace, loaded, catalog) -> int:
    villains = sorted({sc.villain for sc in loaded})
    try:
        table, out, head, kept, model = _prepared(args, catalog, villains)
        if args.validate:
            why = _validation_problem(catalog)
            if why:
                raise cc.Refused(why)
        client = runner.connect_cluster(args.cluster) if args.cluster else None
    except (cc.Refused, limits.OutputError, runner.ClusterError) as exc:
        print(f"adventures calibrate: {exc}", file=sys.stderr)
        return 2
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        if args.validate:
            return _validate(args, catalog, out, head, kept, client, t0)
        return _fit(args, catalog, villains, out, head, kept, model, client, t0, c0)
    finally:
        if client is not None:
            client.close()


def _validation_problem(catalog) -> str:
    from adventures.rules.odds import model_of
    model = model_of(catalog)
    if model is None:
        return "--validate: the difficulty table has no win-rate model yet: run `adventures calibrate` first"
    if not model.held_out:
        return "--validate: the model has no held-out teams"
    why = cm.reference_problem(model)
    return f"--validate: {why}: calibrate again first" if why else ""


def _execute(tasks, args, client, label: str) -> list[dict]:
    total = sum(len(t[1]) for t in tasks)
    with runner.progress_bar(total, label, enabled=not (args.json or args.no_progress)) as advance:
        return runner.execute(tasks, args.workers or runner.default_workers(), advance, client)


def _fit(args, catalog, villains, out, head, kept, old_model, client, t0, c0) -> int:
    from adventures.content.catalog import clear_cache
    from adventures.sim import odds_fit
    held = cm.held_out_teams(catalog, villains, list(SIZES), args.seed)
    ranges, tasks = cm.fit_plan(catalog, villains, list(SIZES), {n: args.games for n in SIZES}, args.seed)
    records = _execute(tasks, args, client, "calibrate")
    played = time.perf_counter() - t0
    games, left_out = cm.fit_games(records, held)
    fitted = odds_fit.fit(games, ranges)
    others = [v for v in (old_model or {}).get("villains", []) if v["villain"] not in villains]
    held += [t for t in (old_model or {}).get("held_out", []) if t["villain"] not in villains]
    model = cm.model_dict(sorted(others + fitted, key=lambda v: v["villain"]), held, len(records), args.seed,
                          cc.command_line(args))
    if not cc._written(out, kept, head, model):
        return 2
    clear_cache()
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    report = {"games": len(records), "fitted_games": len(games), "held_out_games": left_out, "seconds": seconds,
              "playing_seconds": played, "dials": {f"{v} {n}": list(r) for (v, n), r in ranges.items()}}
    if args.json:
        print(json.dumps(report, sort_keys=True))
        return 0
    print(_odds_table(_WithTable(catalog, out), villains))
    ref = model["reference"]
    print(f"reference player: the {ref['bot']} bot, parameter file {cm.reference_params_file().name} "
          f"(sha256 {ref['params_sha256'][:12]}…)")
    print(f"wrote {out}: {len(records)} games ({len(games)} fitted, {left_out} of held-out teams left out), "
          f"{seconds:.0f} s ({played:.0f} s playing, {cpu:.0f} s of this process's CPU)")
    return 0


class _WithTable:
    """The content in use, with the difficulty table just written (which --out may have put
    elsewhere than the table in use)."""

    def __init__(self, catalog, path):
        from engine.content.loader import load
        self._catalog, self.difficulty = catalog, load(path, "difficulty").model

    def __getattr__(self, name):
        return getattr(self._catalog, name)


def _odds_table(catalog, villains) -> str:
    """Each level's dial and predicted rate for a random team of each size, as fitted."""
    from adventures.rules import difficulty, odds
    table = difficulty.levels(catalog)
    lines = [f"{'villain':<9} {'players':>7}  " + "  ".join(f"{lv.name:<18}" for lv in table.levels)]
    for v in villains:
        for n in SIZES:
            cells = []
            for lv in table.levels:
                found = odds.predicted_odds(catalog, v, ["random"] * n, False, 0, lv.key)
                cells.append(f"{found.rate:5.1%} [{found.dial:+d}]".ljust(18) if found else "-".ljust(18))
            lines.append(f"{v:<9} {n:>7}  " + "  ".join(cells))
    return "\n".join(lines)


def _validate(args, catalog, out, head, kept, client, t0) -> int:
    from adventures.content.catalog import clear_cache
    from adventures.rules.odds import model_of
    model = model_of(catalog)
    tasks = cm.validation_plan(catalog, model, args.games, args.seed + 1)
    records = _execute(tasks, args, client, "calibrate --validate")
    rows = cm.validation_rows(catalog, model, records)
    summary = cm.summary(rows)
    data = model.model_dump(mode="json")
    data["validation"] = rows
    data["team_sd"] = summary["team_sd"] = round(cm.team_spread(rows), 4)
    summary["team_sd_95"] = round(cm.team_spread_bound(rows), 4)
    summary["chance_exact"] = cm.chance_within(rows, MAX_ERROR, None)
    summary["chance_as_measured"] = cm.chance_within(rows, MAX_ERROR, summary["team_sd"])
    if not cc._written(out, kept, head, data):
        return 2
    clear_cache()
    seconds = time.perf_counter() - t0
    if args.json:
        print(json.dumps({"rows": rows, "summary": summary, "seconds": seconds}, sort_keys=True))
    else:
        print(validation_text(rows, summary))
        print(f"wrote {out}; {seconds:.0f} s")
    ok = summary["mae"] <= 4 and summary["max"] <= MAX_ERROR and summary["in_band"] >= 0.9
    return 0 if ok else 1


def validation_text(rows: list[dict], summary: dict) -> str:
    lines = [f"{'villain':<9} {'team':<44} {'level':<9} {'dial':>4}  predicted  measured (95% CI)"]
    for r in rows:
        lo, hi = stats.wilson(r["wins"], r["games"])
        team = "+".join(r["heroes"]) + (" (allies)" if r["allies"] else "")
        flag = "" if r["in_band"] else "  out of band"
        lines.append(f"{r['villain']:<9} {team[:44]:<44} {r['level']:<9} {r['dial']:>+4}  {r['predicted']:>8.1%}  "
                     f"{r['wins'] / r['games']:.1%} ({lo:.0%}-{hi:.0%}){flag}")
    lines.append(f"{summary['teams']} held-out teams, {summary['pairs']} team-level pairs: mean absolute error "
                 f"{summary['mae']:.1f} points, largest {summary['max']:.1f} (largest team mean "
                 f"{summary['team_mae_max']:.1f}); measured rate in the level's band: {summary['in_band']:.0%}")
    if "team_sd" in summary:
        bound = f" (resampling the teams: at most {summary['team_sd_95']:.2f} in 95% of draws)"
        lines.append(f"teams strayed from the model by {summary['team_sd']:.2f} logit beyond its own uncertainty{bound}: "
                     "every interval the model gives now counts it" if summary["team_sd"] else
                     f"teams strayed from the model no further than its own uncertainty says{bound}: its intervals stand")
        lines.append(f"every pair within {MAX_ERROR} points, at these games: {summary['chance_exact']:.0%} of runs "
                     f"for a model exactly right, {summary['chance_as_measured']:.1%} for one as far off as measured")
    return "\n".join(lines)
