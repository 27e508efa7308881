"""`adventures report SCENARIO... --out DIR`: one self-contained Markdown report with plots.

    adventures report scenarios/shredder-1p.yaml scenarios/krang-1p.yaml --out out/report
    adventures report scenarios/shredder-2p.yaml --games 500 --bot expert --out out/expert

For each scenario: the heroes' win rate with its 95% interval, the rounds played, the
causes of loss, objectives completed, the villain's health left, the solo win rate of
every hero of the roster against that villain, and per card of the heroes: times
played and the win rate of the games where it was played (with 95% intervals).
`DIR/report.md` links the PNG plots written beside it.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

from adventures.bots import registry
from adventures.home import replaced_when_done, write_atomically
from adventures.sim import runner, stats
from adventures.tools import limits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenarios", nargs="+", metavar="SCENARIO", type=limits.path_arg("scenario"))
    parser.add_argument("--out", "-o", required=True, metavar="DIR", type=limits.folder_arg("--out folder"))
    parser.add_argument("--games", "-n", type=limits.games_arg, default=400, help="games per scenario (default 400)")
    parser.add_argument("--hero-games", type=limits.games_or_none_arg, default=100, help="solo games per roster hero (default 100)")
    parser.add_argument("--seed", "-s", type=limits.seed_arg, default=1)
    parser.add_argument("--bot", default="strong", choices=limits.bot_choices("scenario", *registry.VARIANTS),
                        help="the bot on every seat (default: strong, a stand-in for a good player; "
                             "'scenario': each seat's own; expert-heuristic: the expert before issue 43)")
    parser.add_argument("--rollouts", type=limits.rollouts_arg, default=8, help="expert: sampled worlds per decision")
    parser.add_argument("--workers", "-w", type=limits.workers_arg, default=None)
    limits.difficulty_option(parser)
    parser.add_argument("--no-progress", action="store_true")


def _slug(text: str) -> str:
    return re.sub(r"[^a-zA-Z0-9]+", "-", text).strip("-").lower() or "scenario"


def card_figures(records: list[dict]) -> list[dict]:
    """Per card: times played, games where played, win rate in those games (Wilson 95%)."""
    played, games, wins = Counter(), Counter(), Counter()
    for r in records:
        if r["winner"] == "error":
            continue
        names = [c for c in r.get("cards_played", "").split("|") if c]
        played.update(names)
        for c in set(names):
            games[c] += 1
            wins[c] += r["winner"] == "heroes"
    out = []
    for c in sorted(played, key=lambda c: (-played[c], c)):
        lo, hi = stats.wilson(wins[c], games[c])
        out.append({"card": c, "played": played[c], "games": games[c], "win_rate": wins[c] / games[c],
                    "ci95": [lo, hi]})
    return out


def hero_solo_rates(scenario, games: int, seed: int, workers, options, progress) -> list[dict]:
    from adventures.content.catalog import load_catalog
    # co-op heroes only: the add-on Shredder and Krang hero decks are competitive only
    heroes = sorted(load_catalog().coop_heroes().values(), key=lambda h: h.name)
    out = []
    for h in heroes:
        data = scenario.model_dump()
        data["seats"] = [{"hero": h.key, "bot": data["seats"][0]["bot"]}]
        if isinstance(data["minions"], list):
            data["minions"] = data["minions"][:1]
        solo = type(scenario).model_validate(data)
        recs = runner.run_games(solo, games, seed, workers, progress=progress, options=options)
        s = stats.summarise(recs)
        out.append({"hero": h.name, "win_rate": s["win_rate"], "ci95": s["win_rate_ci95"], "games": s["games"],
                    "bots": s["bots"]})
    return out


def plots(out: Path, slug: str, title: str, records: list[dict], summary: dict, heroes: list[dict],
          cards: list[dict]) -> dict[str, str]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    played = [r for r in records if r["winner"] != "error"]
    files = {}

    def save(fig, name):
        path = out / f"{slug}-{name}.png"
        fig.tight_layout()
        with replaced_when_done(path) as tmp:       # a full disk leaves no empty picture
            fig.savefig(tmp, dpi=90)
        plt.close(fig)
        files[name] = path.name

    fig, axes = plt.subplots(2, 2, figsize=(10, 7))
    ax = axes[0][0]
    rounds = Counter(r["rounds"] for r in played)
    ax.bar(list(rounds), list(rounds.values()), color="#2a7ab0")
    ax.set_title("rounds played")
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax = axes[0][1]
    causes = Counter(r["loss_cause"] or "heroes win" for r in played)
    ax.bar(list(causes), list(causes.values()), color=["#3a9a5b" if c == "heroes win" else "#b0452a" for c in causes])
    ax.set_title("results and causes of loss")
    ax.tick_params(axis="x", labelrotation=15)
    ax = axes[1][0]
    comps = Counter(r["completions"] for r in played)
    ax.bar(list(comps), list(comps.values()), color="#7a5ab0")
    ax.set_title("objectives completed by the villain")
    ax.set_xlabel("objectives")
    ax = axes[1][1]
    vh = [r["villain_health"] for r in played]
    ax.hist(vh, bins=range(0, max(vh + [1]) + 2), color="#b0902a")
    ax.set_title("villain health left")
    ax.set_xlabel("health")
    lo, hi = summary["win_rate_ci95"]
    fig.suptitle(f"{title}: heroes win {summary['win_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%}), "
                 f"{len(played)} games")
    save(fig, "games")

    if heroes:
        fig, ax = plt.subplots(figsize=(9, 4))
        names = [h["hero"] for h in heroes]
        rates = [100 * h["win_rate"] for h in heroes]
        err = [[100 * (h["win_rate"] - h["ci95"][0]) for h in heroes], [100 * (h["ci95"][1] - h["win_rate"]) for h in heroes]]
        ax.bar(names, rates, yerr=err, capsize=3, color="#2a7ab0")
        ax.set_ylabel("solo win rate (%)")
        ax.set_ylim(0, 100)
        ax.tick_params(axis="x", labelrotation=30)
        ax.set_title(f"each hero alone against {title.split(',')[0]} (95% Wilson intervals)")
        save(fig, "heroes")
    top = [c for c in cards if c["games"] >= 10][:20]
    if top:
        fig, ax = plt.subplots(figsize=(9, 0.35 * len(top) + 1.5))
        ys = list(range(len(top)))[::-1]
        ax.errorbar([100 * c["win_rate"] for c in top], ys,
                    xerr=[[100 * (c["win_rate"] - c["ci95"][0]) for c in top],
                          [100 * (c["ci95"][1] - c["win_rate"]) for c in top]], fmt="o", capsize=3)
        ax.set_yticks(ys, [f"{c['card']} ({c['played']}x)" for c in top])
        ax.axvline(100 * summary["win_rate"], color="#888888", linestyle="--", label="all games")
        ax.set_xlabel("win rate of the games where the card was played (%)")
        ax.set_xlim(0, 100)
        ax.legend(loc="lower right")
        save(fig, "cards")
    return files


def write(out: Path, sections: list[str]) -> Path:
    path = out / "report.md"
    write_atomically(path, "\n\n".join(sections) + "\n")
    return path


def _bots_in_words(bot: str) -> str:
    return "as in each scenario" if bot == "scenario" else bot


@runner.fails_on_crashes("report")
def run(args: argparse.Namespace) -> int:
    loaded = runner.load_scenarios_for_command(
        args.scenarios, "report", ("scenario",),
        "reports co-op games (objectives, villain health, hero cards); `adventures simulate FILE` gives "
        "a match's win rates per seat and hero", args.difficulty)
    if loaded is None:
        return 2
    scenarios = list(zip(args.scenarios, loaded))
    try:        # checked before the first game: a bad --out must not waste the whole run
        out = limits.output_folder(args.out, "--out folder")
    except limits.OutputError as exc:
        print(f"adventures report: {exc}", file=sys.stderr)
        return 2
    options = {"bots": {"expert": registry.expert_options(args.bot, rollouts=args.rollouts)}, "cards": True}
    t0 = time.perf_counter()
    played: dict[str, None] = {}             # the bots that really played, for the header
    expected: dict[str, None] = {}           # and what their records say when they play as asked
    sections = []
    total = len(scenarios) * args.games
    with runner.progress_bar(total, "report", enabled=not args.no_progress) as advance:
        for f, sc in scenarios:
            if args.bot != "scenario":
                sc = runner.with_params(sc, {"bot": registry.variant(args.bot)[0]})
            expected[runner.bots_asked(sc, options)] = None
            records = runner.run_games(sc, args.games, args.seed, args.workers, progress=advance, options=options)
            s = stats.summarise(records)
            heroes = hero_solo_rates(sc, args.hero_games, args.seed, args.workers, options, None) \
                if args.hero_games > 0 else []
            played.update(dict.fromkeys([s["bots"], *(h["bots"] for h in heroes)]))
            cards = card_figures(records)
            slug = _slug(Path(f).stem)
            try:
                files = plots(out, slug, sc.name, records, s, heroes, cards)
            except OSError as exc:     # the disk filled during the run
                print(f"adventures report: {out}: cannot write the plots: {exc.strerror or exc}", file=sys.stderr)
                return 1
            lo, hi = s["win_rate_ci95"]
            lines = [f"## {sc.name} (`{f}`)", "",
                     f"- heroes win **{s['win_rate']:.1%}** (95% CI {lo:.1%} - {hi:.1%}) of {s['games']} games"
                     + (f", {s['errors']} errors" if s["errors"] else ""),
                     f"- rounds: mean {s['mean_rounds']:.2f}, median {s['median_rounds']:.0f}",
                     "- causes of loss: " + (", ".join(f"{k} {v}" for k, v in s["loss_causes"].items()) or "none"),
                     f"- objectives completed: mean {s['mean_completions']:.2f}; games by count: "
                     + ", ".join(f"{k}: {v}" for k, v in s["completions"].items()),
                     f"- villain health left: mean {s['mean_villain_health']:.2f} "
                     f"({s['mean_villain_health_fraction']:.1%} of its health)",
                     f"- played by: {s['bots']}",
                     "", f"![games]({files['games']})"]
            if heroes:
                lines += ["", "### Each hero alone against this villain", "",
                          "| hero | solo win rate (95% CI) | games |", "|---|---|---|"]
                lines += [f"| {h['hero']} | {h['win_rate']:.1%} ({h['ci95'][0]:.1%} - {h['ci95'][1]:.1%}) | {h['games']} |"
                          for h in heroes]
                lines += ["", f"![heroes]({files['heroes']})"]
            if cards:
                lines += ["", "### Hero cards", "",
                          "| card | times played | games played in | win rate then (95% CI) |", "|---|---|---|---|"]
                lines += [f"| {c['card']} | {c['played']} | {c['games']} | {c['win_rate']:.1%} "
                          f"({c['ci95'][0]:.1%} - {c['ci95'][1]:.1%}) |" for c in cards]
                if "cards" in files:
                    lines += ["", f"![cards]({files['cards']})"]
            sections.append("\n".join(lines))
    shown = ", ".join(b for b in played if b) or _bots_in_words(args.bot)
    asked = "" if args.bot == "scenario" or shown in (args.bot, ", ".join(expected)) else f" (asked: {args.bot})"
    sections.insert(0, f"# Scenario report\n\nSeed {args.seed}, {args.games} games per scenario, "
                       f"{args.hero_games} solo games per hero; bots: {shown}{asked}.")
    try:
        path = write(out, sections)
    except OSError as exc:     # the folder vanished or the disk filled during the run
        print(f"adventures report: {out}: cannot write the report: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"wrote {path} and {len(list(out.glob('*.png')))} plots in {time.perf_counter() - t0:.1f} s")
    return 0
