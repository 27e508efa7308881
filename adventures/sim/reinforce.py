"""Refining a strong-bot ranker by the games' outcomes: `adventures train --reinforce` (issue 27).

The expert's labels teach the ranker what 8 sampled worlds said about each option: a noisy
estimate, from rollouts a weak bot plays. The ranker learns the expert's broad preferences
from them but little of its precision (the linear ranker fitted to solo labels won 55% of
Shredder solo games where the expert won 77%). This stage optimises what matters instead,
the win rate of the ranker's own play, by policy gradient (REINFORCE, Williams 1992; the
second stage of AlphaGo's policy network, Silver et al. 2016):

* the ranker is read as a softmax policy over each decision's options, softmax(score /
  `TAU`), close to its greedy play (at `TAU` the sampled policy wins a few points less);
* each update plays `deals` deals (a scenario and a seed), each `PLAYS` times with
  different samples; a game's decisions move the weights toward the options it took by
  how much the game did better than the other plays of the same deal (a paired baseline:
  the deal's luck cancels, only the choices count), away from them when it did worse;
* every scenario is played with its own heroes and, as often, with random heroes (the
  scenario otherwise as it is): the app lets a player choose any hero, and a ranker
  refined on one team alone learns that team (measured: refined on Leonardo against
  Shredder, the solo ranker went from 48% to 76% with him but from 66% to 17% with
  Michelangelo, 200 games each);
* Adam in the averaged gradient, a fixed order of deals and sums: the same seed gives the
  same weights, whatever the number of workers.

The ranker only ever sees what its seat sees (its features), so it cannot learn to peek;
the no-peek test covers the strong bot whatever its weights (tests/test_strong.py).
"""
from __future__ import annotations

import math
import multiprocessing as mp
import random
from collections.abc import Callable

from adventures.sim import runner

TAU = 0.05          # sampling temperature: the shipped solo ranker's sampled play wins ~3 points less than its greedy play
PLAYS = 2           # plays of each deal (the paired baseline)
CHUNK = 8           # deals per worker task (fixed: the sums' order does not depend on the workers)
LEARNING_RATE = 0.003
DEFAULT_DEALS = 128
EVAL_GAMES = 500    # greedy games per scenario measured before and after (other seeds; fewer in a tiny run)
_SEED_OFFSET = 7_919_000   # the deals' seeds: apart from the labelling games' and simulate's
_EVAL_OFFSET = 7_929_000


def _sampler(weights: dict, rng: random.Random | None):
    """A strong bot playing `weights` that samples from its softmax (greedy when `rng` is
    None) and adds up d log p(choice) / d weights per kind of decision."""
    from adventures.bots.strong import StrongBot

    class Sampler(StrongBot):
        def __init__(self):
            super().__init__(params=weights)
            self.grad: dict[str, dict[int, float]] = {}

        def choose(self, game, decision) -> int:
            if rng is None:
                return super().choose(game, decision)
            pick, features, scores = self.ranked(game, decision)
            if scores is None:
                return pick
            top = max(scores)
            e = [math.exp((s - top) / TAU) for s in scores]
            z = sum(e)
            p = [x / z for x in e]
            r = rng.random()
            c = len(p) - 1
            acc = 0.0
            for i, q in enumerate(p):
                acc += q
                if r < acc:
                    c = i
                    break
            g = self.grad.setdefault(decision.tag, {})
            for j, x in features[c]:
                g[j] = g.get(j, 0.0) + x / TAU
            for i, f in enumerate(features):
                if p[i] > 1e-9:
                    for j, x in f:
                        g[j] = g.get(j, 0.0) - p[i] * x / TAU
            return c
    return Sampler()


def _play(scenario, seed: int, weights: dict, rng: random.Random | None) -> tuple[float, dict]:
    """(1.0 if the heroes won else 0.0, the game's summed gradient)."""
    from adventures.bots.table import TablePolicy
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    bot = _sampler(weights, rng)
    game = new_adventure(scenario, runner._catalog(), seed, {i: bot for i in range(scenario.players)},
                         TablePolicy(), log=False)
    result = play_adventure(game, hash_state=False)
    return (1.0 if result.winner == "heroes" else 0.0), bot.grad


class Crash(str):
    """A game that crashed, in a few words: no outcome and no gradient (`_results` stops the
    run on it)."""


def _played(scenario, game_seed: int, weights: dict, rng: random.Random | None):
    try:
        return _play(scenario, game_seed, weights, rng)
    except Exception as exc:
        return Crash(f"seed {game_seed}: {type(exc).__name__}: {exc}"[:300])


def play_chunk(task: tuple) -> list:
    """Worker: (scenarios, [(deal index, game seed)], weights, run seed, plays) -> per deal,
    `plays` (won, gradient) pairs; plays 0: one greedy game per deal, its outcome only. A game
    that crashed is a Crash in its place."""
    scenarios, deals, weights, seed, plays = task
    out = []
    for n, game_seed in deals:
        scenario = scenarios[n % len(scenarios)]
        if plays == 0:
            got = _played(scenario, game_seed, weights, None)
            out.append(got if isinstance(got, Crash) else got[0])
        else:
            out.append([_played(scenario, game_seed, weights, random.Random(f"{seed}:{n}:{j}"))
                        for j in range(plays)])
    return out


def _results(chunks: list) -> list:
    """The chunks' outcomes, or runner.GamesCrashed when a game crashed: a crash is neither a
    loss nor a gradient."""
    games = [g for chunk in chunks for deal in chunk for g in (deal if isinstance(deal, list) else [deal])]
    crashed = [g for g in games if isinstance(g, Crash)]
    if crashed:
        raise runner.GamesCrashed(len(crashed), len(games), str(crashed[0]), "the policy-gradient stage")
    return chunks


def _chunks(scenarios, first: int, count: int, base: int, weights: dict, seed: int, plays: int) -> list[tuple]:
    deals = [(n, runner.game_seed(base, n)) for n in range(first, first + count)]
    return [(scenarios, deals[i:i + CHUNK], weights, seed, plays) for i in range(0, len(deals), CHUNK)]


class _Pool:
    """The tasks in order, on a worker pool or here."""

    def __init__(self, workers: int):
        self.pool = None
        if workers > 1 and runner._main_importable():
            ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
            self.pool = ctx.Pool(workers)

    def map(self, tasks: list) -> list:
        return _results(self.pool.map(play_chunk, tasks) if self.pool is not None else [play_chunk(t) for t in tasks])

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


def with_random_heroes(scenario):
    """The scenario with every seat's hero drawn at random (from the game's seed)."""
    seats = [seat.model_copy(update={"hero": "random"}) for seat in scenario.seats]
    return scenario.model_copy(update={"name": f"{scenario.name}, random heroes", "seats": seats})


def training_deals(scenarios) -> list:
    """What the deals play, in turn: each scenario, then each with random heroes."""
    return [*scenarios, *(with_random_heroes(sc) for sc in scenarios)]


def greedy_win_rates(pool: _Pool, scenarios, weights: dict, seed: int, games: int) -> dict[str, float]:
    """The ranker's own (greedy) win rate in each scenario, on `games` evaluation deals each."""
    won = [x for chunk in pool.map(_chunks(scenarios, 0, games * len(scenarios), seed + _EVAL_OFFSET,
                                           weights, seed, 0)) for x in chunk]
    return {sc.name: round(sum(won[k::len(scenarios)]) / games, 4) for k, sc in enumerate(scenarios)}


def reinforce(scenarios, weights: dict[str, list[float]], updates: int, seed: int, workers: int,
              deals: int = DEFAULT_DEALS, progress: Callable[[int], None] | None = None,
              reference: dict[str, list[float]] | None = None) -> tuple[dict[str, list[float]], dict]:
    """The ranker `weights` ({tag: weights}) after `updates` policy-gradient updates on
    `deals` deals each of `training_deals(scenarios)` (in turn), and the figures: the greedy win rate per
    scenario before and after on other deals (`EVAL_GAMES` each, or as many as the run
    played if fewer), the sampled win rate of the first and last tenth of the updates.
    `reference` (training the master): the reference strong bot's ranker, measured on the
    same evaluation deals, so the run says what the master gained over it."""
    import numpy as np
    scenarios = training_deals(scenarios)
    eval_games = min(EVAL_GAMES, updates * deals)
    w = {t: np.array(v, dtype=float) for t, v in weights.items()}
    m = {t: np.zeros_like(v) for t, v in w.items()}
    s2 = {t: np.zeros_like(v) for t, v in w.items()}
    b1, b2 = 0.9, 0.999
    pool = _Pool(workers)
    sampled: list[float] = []
    try:
        before = greedy_win_rates(pool, scenarios, weights, seed, eval_games) if eval_games else {}
        for u in range(1, updates + 1):
            current = {t: v.tolist() for t, v in w.items()}
            g = {t: np.zeros_like(v) for t, v in w.items()}
            wins = games = 0
            for chunk in pool.map(_chunks(scenarios, (u - 1) * deals, deals, seed + _SEED_OFFSET, current, seed, PLAYS)):
                for plays in chunk:
                    mean = sum(won for won, _ in plays) / len(plays)
                    for won, grad in plays:
                        wins += won
                        games += 1
                        edge = won - mean
                        if not edge:
                            continue
                        for tag, row in grad.items():
                            gt = g.get(tag)
                            if gt is not None:
                                for j, x in row.items():
                                    gt[j] += edge * x
            sampled.append(wins / games)
            for t in w:           # Adam, ascending the expected win rate
                step = -g[t] / games
                m[t] = b1 * m[t] + (1 - b1) * step
                s2[t] = b2 * s2[t] + (1 - b2) * step * step
                w[t] -= LEARNING_RATE * (m[t] / (1 - b1 ** u)) / (np.sqrt(s2[t] / (1 - b2 ** u)) + 1e-8)
            if progress:
                progress(1)
        out = {t: [round(float(x), 6) for x in v] for t, v in w.items()}
        after = greedy_win_rates(pool, scenarios, out, seed, eval_games) if eval_games else {}
        against = greedy_win_rates(pool, scenarios, reference, seed, eval_games) if eval_games and reference else None
    finally:
        pool.close()
    tenth = max(1, len(sampled) // 10)
    figures = {"updates": updates, "deals_per_update": deals, "plays_per_deal": PLAYS, "tau": TAU,
               "learning_rate": LEARNING_RATE,
               "sampled_win_first_tenth": round(sum(sampled[:tenth]) / tenth, 4) if sampled else None,
               "sampled_win_last_tenth": round(sum(sampled[-tenth:]) / tenth, 4) if sampled else None,
               "greedy_win_before": before, "greedy_win_after": after, "eval_games": eval_games}
    if against is not None:
        figures["reference_greedy_win"] = against
    return out, figures
