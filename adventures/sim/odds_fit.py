"""Fit the win-rate model (adventures/rules/odds.py) from paired-seed games, with numpy.

One villain at a time, a penalised logistic regression:

    logit P(win) = c[n](dial) + sum over the team of (s[n] * hero[h] + dev[h, n])
                   + allies * (a[n] + henchmen * b[n])

- c[n](dial): one value per knot (the games are played at the knots), n the player count;
- hero[h]: the hero's strength, shared by every player count, scaled by s[n] (s[1] = 1: a
  hero alone matters more than one of four), so a hero never seen alone still has a solo
  figure; dev[h, n] is what the player count changes for that hero, kept small by a ridge
  (prior sd DEV_SD) so it moves only where the games show it;
- s[n] is fitted in turns with the rest (the rest is linear given s).

Standard errors come from the inverse of the penalised Hessian at the fit.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from adventures.rules.odds import steps_from

DEV_SD = 0.25          # logit: prior spread of a hero's per-player-count deviation
SLOPE_SD = 0.1         # logit per 10 dial steps: prior spread of a hero's change with the dial
STEP_SD = 0.08         # logit: prior spread of one dial step's effect around the curve's trend
WEAK = 1e-3            # a near-flat ridge on the hero strengths: keeps the system solvable
CURVE = 0.05           # the curve's level and trend: a prior sd of about 4.5 logits
ROUNDS = 5             # turns between the linear part and the scales s[n]
EXTEND = 40            # the outer knots: this far beyond the dials played, along the end's last 10 steps


def _newton(X: np.ndarray, y: np.ndarray, offset: np.ndarray, penalty: np.ndarray,
            beta: np.ndarray | None = None, steps: int = 25) -> tuple[np.ndarray, np.ndarray]:
    """Penalised logistic regression: (coefficients, penalised Hessian at the fit)."""
    beta = np.zeros(X.shape[1]) if beta is None else beta.copy()
    for _ in range(steps):
        eta = X @ beta + offset
        p = 1.0 / (1.0 + np.exp(-eta))
        w = p * (1 - p)
        grad = X.T @ (y - p) - penalty * beta
        hess = (X * w[:, None]).T @ X + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        beta += step
        if np.max(np.abs(step)) < 1e-8:
            break
    eta = X @ beta + offset
    p = 1.0 / (1.0 + np.exp(-eta))
    hess = (X * (p * (1 - p))[:, None]).T @ X + np.diag(penalty)
    return beta, hess


def centre_of(lo: int, hi: int) -> int:
    return (lo + hi) // 2


def steps_from_centre(dial: int, lo: int, hi: int) -> float:
    """x in the model for a size fitted over lo..hi (adventures/rules/odds.py `steps_from`)."""
    return steps_from(dial, lo, hi, centre_of(lo, hi))


def _curve_row(dial: int, lo: int, hi: int) -> np.ndarray:
    """The curve's columns at one dial: level, trend, and every step's own share up to it."""
    width = hi - lo + 1
    row = np.zeros(width + 1)
    j = dial - lo
    row[0], row[1] = 1.0, j / width
    row[2:2 + j] = 1.0
    return row


def fit_villain(games: list[dict], ranges: dict[int, tuple[int, int]], heroes: list[str]) -> dict:
    """One villain's model from its games ({players, heroes, allies, henchmen, dial, win}),
    each size's dials inside its range (lowest, highest): a dict shaped like OddsVillainDef's
    `sizes` and `heroes` (without the villain's name)."""
    sizes = sorted(ranges)
    hero_ix = {h: i for i, h in enumerate(heroes)}
    H, S = len(heroes), len(sizes)
    size_ix = {n: i for i, n in enumerate(sizes)}
    # columns: curve per size (level, trend, steps) | hero | hero's slope | dev[h, n] | allies[n] | henchman[n]
    k_off = np.cumsum([0] + [ranges[n][1] - ranges[n][0] + 2 for n in sizes])
    n_curve = int(k_off[-1])
    c_hero, c_slope = n_curve, n_curve + H
    c_dev = c_slope + H
    c_all = c_dev + H * S
    c_hen = c_all + S
    P = c_hen + S
    N = len(games)
    y = np.array([g["win"] for g in games], dtype=float)
    size_of = np.array([size_ix[g["players"]] for g in games])
    x = np.array([steps_from_centre(g["dial"], *ranges[g["players"]]) for g in games])
    base = np.zeros((N, P))
    member = np.zeros((N, H))
    for r, g in enumerate(games):
        s = size_ix[g["players"]]
        lo, hi = ranges[g["players"]]
        base[r, k_off[s]:k_off[s + 1]] = _curve_row(g["dial"], lo, hi)
        for h in g["heroes"]:
            member[r, hero_ix[h]] = 1
            base[r, c_dev + hero_ix[h] * S + s] = 1
        if g["allies"]:
            base[r, c_all + s] = 1
            base[r, c_hen + s] = g["henchmen"]
    penalty = np.full(P, WEAK)
    for s in range(S):
        penalty[k_off[s]:k_off[s] + 2] = CURVE
        penalty[k_off[s] + 2:k_off[s + 1]] = 1 / STEP_SD ** 2
    penalty[c_slope:c_dev] = 1 / SLOPE_SD ** 2
    penalty[c_dev:c_all] = 1 / DEV_SD ** 2
    scale = np.ones(S)

    def design() -> np.ndarray:
        X = base.copy()
        X[:, c_hero:c_slope] = member * scale[size_of][:, None]
        X[:, c_slope:c_dev] = member * (scale[size_of] * x)[:, None]
        return X
    beta = None
    for _ in range(ROUNDS):
        X = design()
        beta, hess = _newton(X, y, np.zeros(N), penalty, beta)
        # the scales given the rest: one column per size but the first, the team's summed strength
        strength = member @ beta[c_hero:c_slope] + x * (member @ beta[c_slope:c_dev])
        rest = X @ beta - strength * scale[size_of]
        free = [i for i, n in enumerate(sizes) if n != sizes[0]]
        if not free:
            break
        Z = np.zeros((N, len(free)))
        for j, i in enumerate(free):
            Z[size_of == i, j] = strength[size_of == i]
        first = size_of == 0
        fixed = rest + np.where(first, strength * scale[0], 0.0)
        got, _ = _newton(Z, y, fixed, np.full(len(free), WEAK), scale[free])
        scale[free] = got
    beta, hess = _newton(design(), y, np.zeros(N), penalty, beta)
    cov = np.linalg.inv(hess)
    return _readable(beta, cov, sizes, ranges, heroes, scale, k_off, (c_hero, c_slope, c_dev, c_all, c_hen))


def _readable(beta, cov, sizes, ranges, heroes, scale, k_off, columns) -> dict:
    """Hero effects and slopes per player count (s[n] * hero + dev; s[n] * slope), centred on
    the average hero (the centre moves into the curve, so every team's prediction is
    unchanged), the curve at every dial played and two outer knots, and the standard errors of
    exactly those figures (J cov J^T: the raw coefficients alone are not identified, only the
    team sums they make)."""
    c_hero, c_slope, c_dev, c_all, c_hen = columns
    S, H, P = len(sizes), len(heroes), len(beta)
    out_sizes, effects, slopes = [], {}, {}
    for s, n in enumerate(sizes):
        lo, hi = ranges[n]
        mean, mean_slope = np.zeros(P), np.zeros(P)        # the average hero's effect and slope here
        for i in range(H):
            mean[c_hero + i] += scale[s] / H
            mean[c_dev + i * S + s] += 1 / H
            mean_slope[c_slope + i] += scale[s] / H
        rows = {}
        for d in range(lo, hi + 1):         # the curve at every dial played, the average team's share in it
            rows[d] = n * (mean + steps_from_centre(d, lo, hi) * mean_slope)
            rows[d][int(k_off[s]):int(k_off[s + 1])] += _curve_row(d, lo, hi)
        span = min(10, hi - lo)
        rows[lo - EXTEND] = rows[lo] + EXTEND / span * (rows[lo] - rows[lo + span])
        rows[hi + EXTEND] = rows[hi] + EXTEND / span * (rows[hi] - rows[hi - span])
        for i in range(H):
            row = -mean.copy()
            row[c_hero + i] += scale[s]
            row[c_dev + i * S + s] += 1
            effects[i, s] = row
            row = -mean_slope.copy()
            row[c_slope + i] += scale[s]
            slopes[i, s] = row
        # the covariance of a team's parts at this size (heroes, their slopes, allies, henchman):
        # a team's interval is then exact but for the curve's own error, added apart
        parts = [effects[i, s] for i in range(H)] + [slopes[i, s] for i in range(H)]
        parts += [np.eye(P)[c_all + s], np.eye(P)[c_hen + s]]
        R = np.array(parts)
        knots = sorted(rows)
        out_sizes.append({
            "cov": [[float(f"{v:.4g}") for v in line] for line in R @ cov @ R.T],
            "players": n, "knots": knots, "logits": [round(_value(beta, rows[d]), 4) for d in knots],
            "logit_se": [round(_error(cov, rows[d]), 4) for d in knots],
            "centre": centre_of(lo, hi), "fitted": [lo, hi],
            "allies": round(float(beta[c_all + s]), 4), "allies_se": round(_error(cov, np.eye(P)[c_all + s]), 4),
            "henchman": round(float(beta[c_hen + s]), 4), "henchman_se": round(_error(cov, np.eye(P)[c_hen + s]), 4),
        })
    heroes_out = []
    for i, h in enumerate(heroes):
        row = {"hero": h, "effect": [0.0] * 4, "se": [0.0] * 4, "slope": [0.0] * 4, "slope_se": [0.0] * 4}
        for s, n in enumerate(sizes):
            row["effect"][n - 1], row["se"][n - 1] = round(_value(beta, effects[i, s]), 4), round(_error(cov, effects[i, s]), 4)
            row["slope"][n - 1], row["slope_se"][n - 1] = round(_value(beta, slopes[i, s]), 4), round(_error(cov, slopes[i, s]), 4)
        heroes_out.append(row)
    return {"sizes": out_sizes, "heroes": heroes_out}


def _value(beta, row) -> float:
    return float(row @ beta)


def _error(cov, row) -> float:
    return float(np.sqrt(max(row @ cov @ row, 0.0)))


def fit(games: Iterable[dict], ranges: dict[tuple[str, int], tuple[int, int]]) -> list[dict]:
    """Every villain's model: a list shaped like OddsModelDef's `villains`."""
    by_villain: dict[str, list[dict]] = {}
    for g in games:
        by_villain.setdefault(g["villain"], []).append(g)
    out = []
    for villain in sorted(by_villain):
        mine = by_villain[villain]
        heroes = sorted({h for g in mine for h in g["heroes"]})
        sized = {n: r for (v, n), r in ranges.items() if v == villain}
        out.append({"villain": villain, **fit_villain(mine, sized, heroes)})
    return out
