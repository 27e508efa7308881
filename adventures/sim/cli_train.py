"""`adventures train`: the strong bot's parameters, from games the expert labels (issue 27).

    adventures train                                   # the solo ranker of the shipped adventures/bots/params/strong.json
    adventures train --games 40 --rollouts 4 --out strong.json --workers 2
    adventures train --refine --reinforce 600          # only the second stage, from the file's solo ranker

The file holds one ranker per group of player counts: a run fits one ranker on games of
its scenarios' sizes, writes it for those sizes and keeps the file's rankers for the other
sizes (a ranker trained on 2-4 player games keeps 3 and 4 when a run trains on 2). The
strategy differs with the table: a ranker trained on solo games lost 41 points
against the heuristic with 4 players against Krang.

One seeded run, reproducible: the expert bot (`adventures.bots.expert`) plays `--games`
games of each scenario (game seeds as `simulate`'s), and at every decision it searches
the features of the options it scored (`adventures.bots.features`, what its seat sees)
are kept with the mean outcome of each option over the expert's sampled worlds. A
listwise ranker (a softmax over each decision's options, one weight vector per kind of
decision, L2-regularised, Adam in full batches from a fixed start) learns the expert's
*values*, not only its pick: its target is softmax(value / `--temperature`) over the
options. The expert overrules the heuristic only when its worlds say so clearly, so its
picks alone teach the ranker to copy the heuristic (measured: a ranker fitted to the
picks played exactly as the heuristic); the values say by how much each option looked
better or worse, at every decision. The weights go to a small versioned JSON file with
the feature names, the seed and the command that made it; the same command gives the
same file (the training time is printed, never written in it).

Expert iteration (Anthony et al. 2017), `--generations`: after the first generation (the
expert plays), the strong bot fitted so far plays the next generation's games (the next
seed) and the expert labels the positions it reaches (DAgger: the states the strong bot
meets, not only the expert's); the ranker is refitted on all labels. With `--rollout-bot
strong` the expert's rollouts of those generations are played by that strong bot too.

Then the ranker is refined by its own games' outcomes, `--reinforce` updates of policy
gradient (`adventures.sim.reinforce`): the expert's labels are noisy and a linear ranker
learns little of the expert's precision from them (the fitted solo ranker won 55% of
Shredder solo where the expert won 77%); playing the ranker's own games and moving its
weights toward the choices of games that went better than the other plays of the same
deal optimises the win rate itself. `--refine` runs only this stage, from the ranker the
--out file holds for these player counts: labelling with `--reinforce 0` and then refining
with the same seed gives the weights of one run with both stages (tested).

Every game a run plays is its scenario as designed (`as_designed`: dial 0, no extra
henchmen, whatever level the file names): the levels' dials are measured with the bot this
command trains, and a bot trained at them would change with every re-measured table.

Fitting needs numpy (`pip install tmnt-adventures[train]`); playing with the file does not.

The file is checked data (`adventures.bots.ranker_file`): each ranker records its shape and
the commit of the program that trained it, and the document its checksum. Before the first
game, an --out that is there must be a parameter file (of any version: an outdated one is
replaced, its rankers not kept), anything else is refused in one line; a link is written
through and stays a link. A crashed game labels nothing and refines nothing: the run stops,
says how many crashed and writes no file (exit 1).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import shlex
import sys
import time
from pathlib import Path

from adventures.bots.expert import ROLLOUT_BOTS
from adventures.bots.features import FEATURES, RANKED
from adventures.bots.master import MASTER_FILE
from adventures.bots.ranker_file import COMMIT, signed
from adventures.bots.strong import FORMAT, FORMAT_VERSION, PARAMS_FILE, validate
from adventures.sim import runner
from adventures.sim.reinforce import DEFAULT_DEALS
from adventures.tools import limits
from engine.content.schema import LevelSettingsDef, MatchDef

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
DEFAULT_SCENARIOS = ("shredder-1p", "krang-1p")
MAX_ITERATIONS = 100_000
iterations_arg = limits.bounded(1, MAX_ITERATIONS, "iterations")
l2_arg = limits.real(0.0, 1_000.0, "L2 penalty")
temperature_arg = limits.real(0.001, 100.0, "temperature")
generations_arg = limits.bounded(1, 20, "generations")
reinforce_arg = limits.bounded(0, 100_000, "updates")
deals_arg = limits.bounded(1, 100_000, "deals")
DEFAULT_GENERATIONS = 2
DEFAULT_REINFORCE = 600
DEFAULT_ITERATIONS = 600
DEFAULT_L2 = 0.001
DEFAULT_TEMPERATURE = 0.1
# What a run trains: the master bot (the default; params/master.json) or the strong bot, the
# difficulty levels' frozen reference player (params/strong.json, written only when asked).
TARGETS = {"master": MASTER_FILE, "strong": PARAMS_FILE}
DEFAULT_ROLLOUT_BOT = {"master": "strong", "strong": "heuristic"}
# The master's fit is pulled toward the reference ranker it starts from. Measured on the
# expert-strong labels of 24 solo games (1,344 decisions; 200 games a scenario at Standard,
# docs/BOTS.md): the reference won 56.5% of Shredder and 65% of Krang; fitted with L2 0.001,
# 13% and 41.5%; 0.01: 21% and 59.5%; 0.1: 40.5% and 63%; 1.0: 50% and 64%.
DEFAULT_L2_FOR = {"master": 1.0, "strong": DEFAULT_L2}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenarios", nargs="*", metavar="SCENARIO", type=limits.path_arg("scenario"),
                        help="scenario files whose games the expert labels (default: solo Shredder and solo Krang)")
    parser.add_argument("--games", "-n", type=limits.games_arg, default=60,
                        help="labelled games per scenario and generation (default 60)")
    parser.add_argument("--seed", "-s", type=limits.seed_arg, default=2000,
                        help="base seed (default 2000: other games than the ladder's seed 1); generation g "
                             "plays on seed + g - 1")
    parser.add_argument("--rollouts", type=limits.rollouts_arg, default=8,
                        help="expert: sampled worlds per decision (default 8)")
    parser.add_argument("--target", choices=tuple(TARGETS), default="master",
                        help="the bot to train (default master, written to params/master.json; strong: the "
                             "reference player the difficulty levels are measured with, frozen: see "
                             "--replace-reference)")
    parser.add_argument("--replace-reference", action="store_true",
                        help=f"allow writing over the shipped {PARAMS_FILE.name}, the reference player of the "
                             "difficulty levels (refused without it: re-measure the levels after)")
    parser.add_argument("--rollout-bot", choices=ROLLOUT_BOTS, default=None,
                        help="expert: the bot that plays its rollouts (--target master: default strong, the "
                             "reference strong bot in every generation, the ladder's expert-strong; --target "
                             "strong: default heuristic, and strong is the strong bot of the previous "
                             "generation, from the second generation on)")
    parser.add_argument("--generations", type=generations_arg, default=DEFAULT_GENERATIONS,
                        help="expert iteration: after the first generation (the expert plays), the strong bot "
                             "fitted so far plays --games more games a scenario on the next seed and the expert "
                             f"labels them (default {DEFAULT_GENERATIONS})")
    parser.add_argument("--iterations", type=iterations_arg, default=DEFAULT_ITERATIONS,
                        help=f"gradient steps of the fit (default {DEFAULT_ITERATIONS})")
    parser.add_argument("--l2", type=l2_arg, default=None,
                        help=f"L2 penalty of the fit (default {DEFAULT_L2_FOR['master']} for the master, toward the "
                             f"reference ranker it starts from; {DEFAULT_L2} for the strong bot, toward 0)")
    parser.add_argument("--temperature", type=temperature_arg, default=DEFAULT_TEMPERATURE,
                        help="the fit's target: softmax(option value / T) over each decision's options "
                             f"(default {DEFAULT_TEMPERATURE})")
    parser.add_argument("--reinforce", type=reinforce_arg, default=DEFAULT_REINFORCE, metavar="UPDATES",
                        help="then refine the ranker by its own games' outcomes: policy-gradient updates, each on "
                             f"--deals deals played twice (default {DEFAULT_REINFORCE}; 0: the expert's fit as it is)")
    parser.add_argument("--deals", type=deals_arg, default=DEFAULT_DEALS,
                        help="deals per policy-gradient update: each scenario with its own heroes and with random "
                             f"heroes, in turn (default {DEFAULT_DEALS})")
    parser.add_argument("--refine", action="store_true",
                        help="no expert labels: refine the ranker the --out file already holds for these games' "
                             "numbers of players (with the same seed: the weights of one run with both stages)")
    parser.add_argument("--out", "-o", type=limits.file_out_arg("--out file"), default=None,
                        help=f"parameter file to write (default: the shipped {MASTER_FILE.name}, or "
                             f"{PARAMS_FILE.name} with --target strong)")
    parser.add_argument("--workers", "-w", type=limits.workers_arg, default=None,
                        help="worker processes (default: all cores)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


# ---------------------------------------------------------------- labels
class Labeller:
    """The agent of a labelling game: the expert, or `player` (a strong bot: the states the
    strong bot meets, DAgger) plays; at each decision the expert searches, the features of
    the options it scored, its values and its choice are noted."""

    wants_checkpoints = True

    def __init__(self, expert, out: list, player=None):
        from adventures.bots.heuristic import HeuristicBot
        self.expert, self.out, self.player = expert, out, player
        self.heuristic = HeuristicBot()

    def choose(self, game, d) -> int:
        choice = self.label(game, d)
        return choice if self.player is None else self.player.choose(game, d)

    def label(self, game, d) -> int:
        if d.seat < 0 or d.tag not in RANKED or len(d.options) < 2:
            return self.expert.choose(game, d)
        from adventures.bots.features import option_features
        pick = self.heuristic.choose(game, d)
        features = option_features(self.heuristic, game, d, pick)
        choice = self.expert.choose(game, d)
        scores = self.expert.last_scores
        if scores and choice in scores:
            scored = sorted(scores)
            self.out.append((d.tag, [features[i] for i in scored], scored.index(choice),
                             [round(scores[i][0], 6) for i in scored]))
        return choice


def label_chunk(task: tuple) -> list[list]:
    """Worker: (scenario, [(index, seed)], rollouts, rollout bot, weights, reference) -> one
    list of labels per game. `weights` (a generation after the first): a ranker with them
    plays. The strong rollout bot is the reference strong bot (the shipped file) when
    `reference`, else the ranker with `weights` (none in the first generation: heuristic
    rollouts)."""
    from adventures.bots.expert import ExpertBot
    from adventures.bots.strong import StrongBot
    from adventures.bots.table import TablePolicy
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    scenario, jobs, rollouts, rollout_bot, weights, reference = task
    if weights is None and not reference:
        rollout_bot = "heuristic"            # the first generation: no strong bot yet
    out = []
    for i, seed in jobs:
        labels: list = []
        record = {"game": i, "seed": seed, "winner": "", "labels": labels}
        try:
            # confirm = 2 x rollouts: the expert's default (8, 16), and a tiny budget stays tiny
            expert = ExpertBot(rollouts=rollouts, confirm=2 * rollouts, rollout_bot=rollout_bot,
                               rollout_params=None if reference else weights)
            agent = Labeller(expert, labels, StrongBot(params=weights) if weights is not None else None)
            game = new_adventure(scenario, runner._catalog(), seed, {i: agent for i in range(scenario.players)},
                                 TablePolicy(), log=False)
            play_adventure(game)
        except Exception as exc:          # a crash labels nothing: label_games stops the run on it
            record.update(winner="error", reason=f"{type(exc).__name__}: {exc}"[:300])
        out.append(record)
    return out


def label_games(scenarios, games: int, seed: int, rollouts: int, workers: int, progress=None,
                rollout_bot: str = "heuristic", weights: dict | None = None, reference: bool = False) -> list:
    """Every label of every game, in scenario and game order whatever the number of workers;
    runner.GamesCrashed when a game crashed (its labels are no result). `reference`: the
    reference strong bot plays the rollouts of every generation (the master's teacher)."""
    tasks = [(sc, [(i, runner.game_seed(seed, i))], rollouts, rollout_bot, weights, reference)
             for sc in scenarios for i in range(games)]
    out: list = []
    if workers <= 1 or len(tasks) <= 1 or not runner._main_importable():
        for t in tasks:
            out.extend(label_chunk(t))
            if progress:
                progress(1)
    else:
        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        with ctx.Pool(min(workers, len(tasks))) as pool:
            for got in pool.imap(label_chunk, tasks):
                out.extend(got)
                if progress:
                    progress(1)
    return [r["labels"] for r in runner.results(out, "the expert's labelling")]


# ---------------------------------------------------------------- the fit
def fit(labels: list, iterations: int, l2: float, temperature: float,
        start: dict | None = None) -> tuple[dict[str, list[float]], dict]:
    """{tag: weights} of a listwise ranker per kind of decision, fitted to the expert's
    option values, and the fit's figures per tag (decisions; agreement with the expert's
    pick of the heuristic and of the ranker; the mean value the heuristic's and the
    ranker's picks leave on the table against the best-valued option). `start` ({tag:
    weights over every feature}, the reference strong bot's ranker when training the
    master): the fit starts from it and its L2 penalty pulls toward it, so the labels move
    the reference only where they say so (and the figures say how the reference did)."""
    import numpy as np
    nf = len(FEATURES)
    by_tag: dict[str, list] = {}
    for game in labels:
        for tag, feats, chosen, values in game:
            by_tag.setdefault(tag, []).append((feats, chosen, values))
    weights, figures = {}, {}
    h = FEATURES.index("heuristic_pick")
    for tag in RANKED:
        rows = by_tag.get(tag)
        if not rows:
            continue
        k = max(len(f) for f, _, _ in rows)
        x = np.zeros((len(rows), k, nf))
        mask = np.full((len(rows), k), -np.inf)
        v = np.zeros((len(rows), k))
        chosen = np.zeros(len(rows), dtype=int)
        for n, (feats, c, values) in enumerate(rows):
            for i, f in enumerate(feats):
                mask[n, i] = 0.0
                for j, val in f:
                    x[n, i, j] += val
            v[n, :len(values)] = values
            chosen[n] = c
        y = _softmax(v / temperature + mask)
        prior = np.array(start[tag], dtype=float) if start and tag in start else None
        w = _descend(x, mask, y, h, iterations, l2, prior)
        base = np.zeros(nf)
        base[h] = 1.0
        weights[tag] = [round(float(val), 6) for val in w]
        figures[tag] = {"decisions": len(rows),
                        "heuristic_agrees": round(_agreement(x, mask, chosen, base), 4),
                        "ranker_agrees": round(_agreement(x, mask, chosen, w), 4),
                        "heuristic_regret": round(_regret(x, mask, v, base), 4),
                        "ranker_regret": round(_regret(x, mask, v, w), 4)}
        if prior is not None:
            figures[tag].update({"reference_agrees": round(_agreement(x, mask, chosen, prior), 4),
                                 "reference_regret": round(_regret(x, mask, v, prior), 4)})
    return weights, figures


def _softmax(s):
    import numpy as np
    s = s - s.max(axis=1, keepdims=True)
    p = np.exp(s)
    return p / p.sum(axis=1, keepdims=True)


def _descend(x, mask, y, h: int, iterations: int, l2: float, prior=None):
    """Adam in full batches on the softmax cross-entropy against the target distribution
    `y`, plus the L2 penalty (not on the heuristic's pick, the prior the ranker starts
    from; with a `prior` ranker: from it, toward it, on every weight); a fixed start and
    order: the same weights every run."""
    import numpy as np
    if prior is None:
        w = np.zeros(x.shape[2])
        w[h] = 1.0
        reg = np.full(x.shape[2], l2)
        reg[h] = 0.0
        return _adam(x, mask, y, w, reg, np.zeros_like(w), iterations)
    return _adam(x, mask, y, prior.copy(), np.full(x.shape[2], l2), prior, iterations)


def _adam(x, mask, y, w, reg, anchor, iterations: int):
    import numpy as np
    m = np.zeros_like(w)
    s2 = np.zeros_like(w)
    rate, b1, b2 = 0.05, 0.9, 0.999
    for t in range(1, iterations + 1):
        p = _softmax(x @ w + mask)
        g = np.einsum("nk,nkf->f", p - y, x) / len(x) + 2 * reg * (w - anchor)
        m = b1 * m + (1 - b1) * g
        s2 = b2 * s2 + (1 - b2) * g * g
        w -= rate * (m / (1 - b1 ** t)) / (np.sqrt(s2 / (1 - b2 ** t)) + 1e-8)
    return w


def _picks(x, mask, w):
    """The ranker's pick per decision (ties: the first best, as the bot's own tie-break
    keeps the heuristic's pick only on an exact tie, which a fitted ranker never meets)."""
    import numpy as np
    return np.argmax(x @ w + mask, axis=1)


def _agreement(x, mask, chosen, w) -> float:
    """The share of decisions where the ranker's best option is the expert's choice."""
    import numpy as np
    return float(np.mean(_picks(x, mask, w) == chosen))


def _regret(x, mask, v, w) -> float:
    """The mean of (best option's value - the ranker's pick's value), by the expert's worlds."""
    import numpy as np
    best = np.max(np.where(np.isfinite(mask), v, -np.inf), axis=1)
    return float(np.mean(best - v[np.arange(len(v)), _picks(x, mask, w)]))


def params_document(weights: dict, figures: dict, args, scenarios, labels: int, kept: list[dict],
                    refined: dict | None = None, start: dict | None = None) -> dict:
    """The parameter file: this run's ranker, for the player counts of its scenarios, beside
    the rankers `kept` from the file it replaces (other player counts). `refined`: the
    policy-gradient stage's figures; `start`: the trained record of the ranker a --refine
    run started from (its labels and fit)."""
    command = "adventures train " + " ".join(shlex.quote(a) for a in _argv_of(args))
    trained = {"seed": args.seed, "games_per_scenario": args.games, "rollouts": args.rollouts,
               "generations": args.generations, "rollout_bot": args.rollout_bot,
               "iterations": args.iterations, "l2": args.l2, "temperature": args.temperature,
               "scenarios": [sc.name for sc in scenarios], "decisions": labels, "fit": figures,
               "command": command, "settings": TRAINING_SETTINGS.model_dump()}
    if start is not None:          # the labels and fit are the start's: say so, and how it was made
        trained.update({k: start[k] for k in ("seed", "games_per_scenario", "rollouts", "generations",
                                              "rollout_bot", "iterations", "l2", "temperature") if k in start})
        trained["refined_from"] = start.get("command")
        trained["refine_seed"] = args.seed
    if refined is not None:
        trained["reinforce"] = refined
    if getattr(args, "target", "strong") == "master":      # what it learned from, and what it started from
        trained["target"] = "master"
        trained["reference"] = reference_checksum()
    ranker = {"players": sorted({sc.players for sc in scenarios}), "features": list(FEATURES), "weights": weights,
              "shape": {"decisions": len(weights), "features": len(FEATURES)}, "source_commit": source_commit(),
              "trained": trained}
    doc = signed({"format": FORMAT, "version": FORMAT_VERSION,
                  "rankers": sorted(kept + [ranker], key=lambda r: r["players"])})
    validate(doc)                               # never write a file the bot would refuse
    return doc


def source_commit() -> str | None:
    """The commit of the program training (`ranker_file.COMMIT`: "+changes" when its code
    differs from that commit), or None outside a git checkout."""
    import subprocess
    root = SCENARIO_DIR.parent
    if not (root / ".git").exists():
        return None
    code = ["--", "adventures", "engine", "scenarios", ":(exclude)adventures/bots/params"]
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                              timeout=30)
        changed = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no", *code],
                                 capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    commit = head.stdout.strip() + ("+changes" if changed.stdout.strip() else "")
    return commit if head.returncode == 0 and changed.returncode == 0 and COMMIT.match(commit) else None


def other_kind(path: Path) -> str:
    """Why train must not write over `path` ("" when it may): a file that is there and is not
    a strong-bot parameter file (a scenario, the difficulty table...). An empty file, or one of
    ours however outdated or damaged, may be replaced."""
    from adventures.bots.strong import ParamsError, read_document
    if not path.exists() or path.stat().st_size == 0:
        return ""
    try:
        data = read_document(path)
    except ParamsError as exc:
        return f"not a strong-bot parameter file ({exc})"
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return f"not a strong-bot parameter file (no \"format\": \"{FORMAT}\")"
    return ""


def _file_rankers(path: Path) -> tuple[list[dict] | None, dict, str]:
    """The rankers of the parameter file at `path` as written (with their trained records)
    and as the strong bot reads them ({players: weights over every feature}), once its own
    reader accepts the file; or (None, {}, why not)."""
    from adventures.bots.strong import ParamsError, read_document
    try:
        data = read_document(path)            # read once: as written, then as the bot reads it
        read = validate(data)
    except ParamsError as exc:
        return None, {}, str(exc)
    return data["rankers"], read, ""


def ranker_to_refine(path: Path, players: set[int]) -> tuple[dict | None, dict, str]:
    """(weights, trained record, "") of the one ranker the file at `path` holds for every
    size in `players`, or (None, {}, why not). The weights cover every feature this
    program computes (0 for one the ranker was not trained on: refining can learn it)."""
    rankers, read, why = _file_rankers(path)
    if rankers is None:
        return None, {}, f"{path}: {why}"
    holding = [r for r in rankers if players & set(r["players"])]
    sizes = ", ".join(map(str, sorted(players)))
    if len(holding) != 1 or not players <= set(holding[0]["players"]):
        return None, {}, (f"{path} has no one ranker for {sizes} player(s) to refine "
                          f"(it has {'; '.join(str(r['players']) for r in rankers)})")
    trained = holding[0].get("trained")
    return read[min(players)], trained if isinstance(trained, dict) else {}, ""


def kept_rankers(path: Path, players: set[int]) -> tuple[list[dict], str]:
    """The rankers of the file at `path` for the player counts this run does not train (a run
    takes over the sizes of its own games; another ranker keeps the sizes it does not
    take), and what to say."""
    if not path.exists() or path.stat().st_size == 0:
        return [], ""
    rankers, _, why = _file_rankers(path)
    if rankers is None:
        return [], f"{path}: {why}; its rankers are not kept"
    kept = [r | {"players": [n for n in r["players"] if n not in players]} for r in rankers]
    kept = [r for r in kept if r["players"]]
    sizes = sorted({n for r in kept for n in r["players"]})
    return kept, (f"kept the rankers for {', '.join(map(str, sizes))} player(s) from {path}" if kept else "")


def _argv_of(args) -> list[str]:
    """The command's options as given (scenario paths relative to the repository when they can be).
    A refine names only the options it uses: the labelling ones are in its `refined_from`."""
    out = []
    for p in args.scenarios:
        try:
            out.append(str(Path(p).resolve().relative_to(SCENARIO_DIR.parent)))
        except ValueError:
            out.append(str(p))
    # the master is the default target; the reference is trained only when named
    target = ["--target", "strong"] if getattr(args, "target", "master") == "strong" else []
    if args.refine:
        return out + ["--seed", str(args.seed), "--reinforce", str(args.reinforce), "--deals", str(args.deals),
                      "--refine", *target]
    return out + ["--games", str(args.games), "--seed", str(args.seed), "--rollouts", str(args.rollouts),
                  "--generations", str(args.generations), "--rollout-bot", args.rollout_bot,
                  "--iterations", str(args.iterations), "--l2", str(args.l2), "--temperature", str(args.temperature),
                  "--reinforce", str(args.reinforce), "--deals", str(args.deals), *target]


def reference_checksum() -> str | None:
    """The checksum of the reference strong bot's file a master run labels with and starts from."""
    from adventures.bots.strong import ParamsError, read_document
    try:
        doc = read_document(PARAMS_FILE)
    except ParamsError:
        return None
    return doc.get("checksum") if isinstance(doc, dict) else None


def reference_ranker(players: set[int]) -> tuple[dict | None, str]:
    """The reference strong bot's ranker for every size in `players` ({tag: weights over
    every feature}), or (None, why not): a master run starts from it and its rollouts play it."""
    from adventures.bots.strong import ParamsError, read_params
    try:
        rankers = read_params(PARAMS_FILE)
    except ParamsError as exc:
        return None, f"the reference strong bot's {PARAMS_FILE.name}: {exc}"
    rows = {id(rankers[n]) for n in players if n in rankers}
    if len(rows) != 1 or not players <= set(rankers):
        sizes = ", ".join(map(str, sorted(players)))
        return None, f"the reference strong bot's {PARAMS_FILE.name} has no one ranker for {sizes} player(s)"
    return rankers[min(players)], ""


def refuses_reference(out: Path, args) -> str:
    """Why this run must not write `out` ("" when it may): the shipped strong.json is the
    reference player the difficulty levels are measured with, frozen unless asked."""
    if args.replace_reference:
        return ""
    try:
        same = out.resolve() == PARAMS_FILE.resolve()
    except OSError:
        return ""
    if not same:
        return ""
    return (f"--out {out}: the reference strong bot's parameters, which the difficulty levels are measured with, "
            "are frozen: train the master (the default target) or give --replace-reference")


# The games train plays: the scenarios as designed, whatever level they name. A level's
# dial comes from the difficulty table, which `adventures calibrate` measures with the
# strong bot this command trains: training at it would make the bot depend on the table
# and the table on the bot, and a checkout with a re-measured table could not make the
# shipped file again.
TRAINING_SETTINGS = LevelSettingsDef(enemy_cards=0, extra_henchmen=0)


def as_designed(scenario):
    """The scenario at the designed game's settings (its own explicit overrides still apply)."""
    return scenario.model_copy(update={"difficulty_settings": TRAINING_SETTINGS})


@runner.fails_on_crashes("train")
def run(args: argparse.Namespace) -> int:
    files = args.scenarios or [str(SCENARIO_DIR / f"{n}.yaml") for n in DEFAULT_SCENARIOS]
    scenarios = runner.load_scenarios_for_command(files, "train")
    if scenarios is None:
        return 2
    for path, sc in zip(files, scenarios):
        if isinstance(sc, MatchDef):
            print(f"adventures train: {path}: a match file, not an adventure scenario", file=sys.stderr)
            return 2
    scenarios = [as_designed(sc) for sc in scenarios]
    if args.games * len(scenarios) > limits.MAX_GAMES:
        print(f"adventures train: --games {args.games:,} x {len(scenarios)} scenarios is more than "
              f"{limits.MAX_GAMES:,} games", file=sys.stderr)
        return 2
    if args.rollout_bot is None:
        args.rollout_bot = DEFAULT_ROLLOUT_BOT[args.target]
    if args.l2 is None:
        args.l2 = DEFAULT_L2_FOR[args.target]
    given = Path(args.out) if args.out else TARGETS[args.target]
    try:            # everything that can be checked is, before the first game
        limits.output_file(given, "--out file")
        out = limits.written_through(given)       # a link stays a link, to the new file
        why = refuses_reference(out, args)
        if why:
            raise limits.OutputError(why)
        why = other_kind(out)
        if why:
            raise limits.OutputError(f"--out {given}: {why}: train writes only over its own kind of file "
                                     "(move it away or choose another --out)")
        import numpy  # noqa: F401
    except limits.OutputError as exc:
        print(f"adventures train: {exc}", file=sys.stderr)
        return 2
    except ImportError:
        print("adventures train: needs numpy (pip install 'tmnt-adventures[train]')", file=sys.stderr)
        return 2
    if args.refine and not args.reinforce:
        print("adventures train: --refine with --reinforce 0 has nothing to do", file=sys.stderr)
        return 2
    workers = args.workers or runner.default_workers()
    players = {sc.players for sc in scenarios}
    reference = None
    if args.target == "master":                     # its teacher's player and its start: the frozen reference
        reference, why = reference_ranker(players)
        if reference is None:
            print(f"adventures train: --target master: {why}", file=sys.stderr)
            return 2
    kept, said = kept_rankers(out, players)        # read now: the file as it was when the run began
    t0 = time.perf_counter()
    if args.refine:
        weights, trained, why = ranker_to_refine(out, players)
        if weights is None:
            print(f"adventures train: --refine: {why}", file=sys.stderr)
            return 2
        count, total, figures = trained.get("decisions", 0), 0, trained.get("fit", {})
    else:
        weights, figures, count, total = _label_and_fit(args, scenarios, workers, reference)
        if weights is None:
            print("adventures train: the expert searched no decision in these games: nothing to learn", file=sys.stderr)
            return 1
        trained = None
    t1 = time.perf_counter()
    refined = None
    if args.reinforce:
        from adventures.sim.reinforce import reinforce
        with runner.progress_bar(args.reinforce, "train: reinforce", enabled=not args.no_progress) as advance:
            weights, refined = reinforce(scenarios, weights, args.reinforce, args.seed, workers, args.deals, advance,
                                         reference)
    t2 = time.perf_counter()
    doc = params_document(weights, figures, args, scenarios, count, kept, refined, trained)
    from adventures.home import write_atomically
    try:
        write_atomically(out, json.dumps(doc, indent=1, sort_keys=True) + "\n")
    except OSError as exc:
        print(f"adventures train: {out}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 1
    t3 = time.perf_counter()
    if trained is None:
        for tag, f in figures.items():
            ref = (f", reference {f['reference_agrees']:.1%}" if "reference_agrees" in f else "",
                   f", reference {f['reference_regret']:.3f}" if "reference_regret" in f else "")
            print(f"{tag:20} {f['decisions']:6} decisions  agrees with the expert's pick: heuristic "
                  f"{f['heuristic_agrees']:.1%}{ref[0]}, ranker {f['ranker_agrees']:.1%}; value left: heuristic "
                  f"{f['heuristic_regret']:.3f}{ref[1]}, ranker {f['ranker_regret']:.3f}")
        print(f"{count} labelled decisions from {total} games ({args.generations} generations) in {t1 - t0:.1f} s")
    if refined is not None:
        width = max(map(len, refined["greedy_win_before"]), default=0)
        for name, before in refined["greedy_win_before"].items():
            ref = refined.get("reference_greedy_win", {}).get(name)
            print(f"{name:{width}} the ranker's win rate on {refined['eval_games']} other deals: {before:.1%} before "
                  f"reinforcing, {refined['greedy_win_after'][name]:.1%} after"
                  + (f" (the reference strong bot: {ref:.1%})" if ref is not None else ""))
        print(f"{args.reinforce} policy-gradient updates of {args.deals} deals played {refined['plays_per_deal']} "
              f"times in {t2 - t1:.1f} s")
    print(f"wrote {out} in {t3 - t2:.1f} s")
    if said:
        print(said)
    return 0


def _label_and_fit(args, scenarios, workers: int, reference: dict | None = None) -> tuple[dict | None, dict, int, int]:
    """Expert iteration: (weights, the fit's figures, labelled decisions, games played).
    `reference` (training the master): the reference strong bot's ranker, which plays the
    expert's rollouts in every generation and which the fit starts from."""
    total = args.games * len(scenarios) * args.generations
    labels: list = []
    weights, figures = None, {}
    with runner.progress_bar(total, "train: expert labels", enabled=not args.no_progress) as advance:
        for generation in range(args.generations):
            # Generation 1: the expert plays; then the ranker fitted so far plays (its own
            # states, other seeds) and the expert labels them; the ranker is refitted on all.
            labels += label_games(scenarios, args.games, args.seed + generation, args.rollouts, workers, advance,
                                  args.rollout_bot, weights, reference is not None)
            if not any(labels):
                break
            weights, figures = fit(labels, args.iterations, args.l2, args.temperature, reference)
    count = sum(len(g) for g in labels)
    return (weights if count else None), figures, count, total
