"""`adventures odds`: a team's predicted win rate at each level, and the dial it plays.

    adventures odds scenarios/krang-2p.yaml
    adventures odds --villain shredder --heroes black_panther,black_widow,winter_soldier,medusa --difficulty hard
    adventures odds --villain krang --heroes random,random --json
    adventures odds --villain krang --table          # each hero's effect: who is strong against Krang

The figures are the win-rate model's (adventures/rules/odds.py), fitted by `adventures
calibrate` from the reference player's games; the interval is the model's own 95% interval
(how well the model predicts teams it never saw is in docs/BALANCE.md). A seat dealt at
random is averaged over every hero it could be dealt, and the line says so.
"""
from __future__ import annotations

import argparse
import json
import sys

from adventures.tools import limits

HENCHMEN_LIMIT = 6


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", nargs="?", metavar="SCENARIO", type=limits.path_arg("scenario"),
                        help="a co-op scenario file (its villain, heroes, allies and level), or give --villain")
    parser.add_argument("--villain", type=limits.text("--villain", 80), default=None,
                        help="the villain (shredder, krang) when no scenario is given")
    parser.add_argument("--heroes", type=limits.text("--heroes", 400), default=None,
                        help="the team, comma-separated hero names ('random' for a seat dealt at setup)")
    parser.add_argument("--difficulty", metavar="LEVEL", type=limits.text("--difficulty level", 80), default=None,
                        help="one level (easy, standard, hard, heroic); default: every level")
    parser.add_argument("--allies", action="store_true", help="with allies & henchmen (Adventures p.18)")
    parser.add_argument("--henchmen", type=limits.bounded(0, HENCHMEN_LIMIT, "henchmen"), default=None,
                        help=f"extra henchmen the players add, with --allies (0-{HENCHMEN_LIMIT})")
    parser.add_argument("--table", action="store_true",
                        help="each hero's effect against the villain by player count, strongest first")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


class Refused(Exception):
    pass


def _setup(args, catalog) -> tuple[str, list[str], bool, int, list[str]]:
    """(villain, hero keys or "random", allies, extra henchmen, levels) from the scenario and options."""
    from adventures.rules import difficulty
    villain, heroes, allies, henchmen, level = None, [], args.allies, args.henchmen or 0, args.difficulty
    if args.scenario:
        from adventures.sim import runner
        loaded = runner.load_scenarios_for_command([args.scenario], "odds", ("scenario",),
                                                   "gives co-op odds; a competitive match has no levels")
        if loaded is None:
            raise Refused("")
        sc = loaded[0]
        villain, heroes = sc.villain, [s.hero for s in sc.seats]
        allies = allies or sc.allies
        henchmen = henchmen if args.henchmen is not None else sc.extra_henchmen
        level = level or (sc.difficulty if "difficulty" in sc.model_fields_set else None)
    if args.villain:
        found = catalog.enemy(args.villain, "villain")
        if found is None:
            raise Refused(f"--villain: unknown villain '{args.villain}' (known: {', '.join(catalog.names('villain'))})")
        villain = found.key
    if villain is None:
        raise Refused("give a scenario or --villain")
    if args.heroes:
        heroes = []
        for name in (n.strip() for n in args.heroes.split(",")):
            found = catalog.hero(name) if name != "random" else None
            if name != "random" and (found is None or not getattr(found, "coop", True)):
                raise Refused(f"--heroes: unknown co-op hero '{name}'")
            heroes.append("random" if name == "random" else found.key)
    if not args.table and not 1 <= len(heroes) <= 4:
        raise Refused("--heroes: give 1 to 4 heroes")
    fixed = [h for h in heroes if h != "random"]
    if len(set(fixed)) != len(fixed):
        raise Refused("--heroes: a hero is seated twice (each seat plays its own hero)")
    if henchmen and not allies:
        raise Refused("--henchmen: extra henchmen play only with --allies (Adventures p.18)")
    keys = difficulty.level_keys(catalog)
    if level is not None and level not in keys:
        raise Refused(f"--difficulty: unknown level '{level}' (known: {', '.join(keys)})")
    return villain, heroes, allies, henchmen, [level] if level else keys


def run(args: argparse.Namespace) -> int:
    from adventures.content.catalog import load_catalog
    from adventures.rules import odds
    catalog = load_catalog()
    try:
        villain, heroes, allies, henchmen, levels = _setup(args, catalog)
    except Refused as exc:
        if str(exc):
            print(f"adventures odds: {exc}", file=sys.stderr)
        return 2
    if args.table:
        return _hero_table(catalog, villain, args.json)
    found = {lv: odds.predicted_odds(catalog, villain, heroes, allies, henchmen, lv) for lv in levels}
    if any(v is None for v in found.values()):
        print(f"adventures odds: the win-rate model does not cover {villain} with {len(heroes)} player(s): "
              "run `adventures calibrate`", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"villain": villain, "heroes": heroes, "allies": allies, "extra_henchmen": henchmen,
                          "reference": odds.model_of(catalog).reference.bot,
                          "levels": {lv: {"win_rate": round(o.rate, 4), "ci95": [round(o.low, 4), round(o.high, 4)],
                                          "dial": o.dial, "teams_averaged": o.averaged, "unseen": list(o.unseen)}
                                     for lv, o in found.items()}}, sort_keys=True))
        return 0
    print(_text(catalog, villain, heroes, allies, henchmen, found))
    return 0


def _text(catalog, villain, heroes, allies, henchmen, found) -> str:
    from adventures.rules import difficulty, odds
    names = [catalog.heroes[h].name if h in catalog.heroes else "a random hero" for h in heroes]
    extra = f" with allies{f' and {henchmen} more henchmen' if henchmen else ''}" if allies else ""
    lines = [f"{catalog.enemies[villain].name} against {', '.join(names)}{extra}: the reference player "
             f"({odds.model_of(catalog).reference.bot} bot) is predicted to win"]
    for lv, o in found.items():
        level = difficulty.levels(catalog).level(lv)
        lines.append(f"  {level.name:<9} {o.rate:6.1%}  (95% {o.low:.0%}-{o.high:.0%})  dial {o.dial:+d}")
    some = next(iter(found.values()))
    if some.averaged > 1:
        lines.append(f"  averaged over the {some.averaged} teams the random seats can be dealt")
    if some.unseen:
        lines.append(f"  not measured, counted as an average hero: {', '.join(some.unseen)}")
    return "\n".join(lines)


def _hero_table(catalog, villain: str, as_json: bool) -> int:
    from adventures.rules import odds
    rows = odds.hero_table(catalog, villain)
    if not rows:
        print(f"adventures odds: the win-rate model has no heroes for {villain}: run `adventures calibrate`",
              file=sys.stderr)
        return 2
    if as_json:
        slopes = {h.hero: list(h.slope) for h in odds.model_of(catalog).villain(villain).heroes}
        print(json.dumps({"villain": villain, "effects": {h: e for h, e in rows},
                          "slopes_per_10_steps": {h: slopes[h] for h, _ in rows}}, sort_keys=True))
        return 0
    print(f"Each hero against {catalog.enemies[villain].name}: change in a team's odds against the average hero "
          "(logit; +0.4 is about +10 points near even odds), by players, at the middle of the dials the model "
          "played (a hero's change per 10 steps harder: --json)")
    print(f"{'hero':<16} {'1':>6} {'2':>6} {'3':>6} {'4':>6}")
    for hero, effect in rows:
        print(f"{catalog.heroes[hero].name:<16} " + " ".join(f"{e:+6.2f}" for e in effect))
    return 0
