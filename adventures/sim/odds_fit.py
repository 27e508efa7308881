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

DEV_SD = 0.25          # logit: prior spread of a hero's per-player-count deviation
WEAK = 1e-3            # a near-flat ridge on the hero strengths: keeps the system solvable
CURVE = 0.05           # the curve: a prior sd of about 4.5 logits (a knot every game won stays finite)
ROUNDS = 5             # turns between the linear part and the scales s[n]


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


def fit_villain(games: list[dict], knots: dict[int, list[int]], heroes: list[str]) -> dict:
    """One villain's model from its games ({players, heroes, allies, henchmen, dial, win}):
    a dict shaped like OddsVillainDef's `sizes` and `heroes` (without the villain's name)."""
    sizes = sorted(knots)
    hero_ix = {h: i for i, h in enumerate(heroes)}
    H, S = len(heroes), len(sizes)
    size_ix = {n: i for i, n in enumerate(sizes)}
    # columns: curve knots per size | hero | dev[h, n] | allies[n] | henchman[n]
    k_off = np.cumsum([0] + [len(knots[n]) for n in sizes])
    n_curve = int(k_off[-1])
    c_hero, c_dev = n_curve, n_curve + H
    c_all = c_dev + H * S
    c_hen = c_all + S
    P = c_hen + S
    N = len(games)
    y = np.array([g["win"] for g in games], dtype=float)
    size_of = np.array([size_ix[g["players"]] for g in games])
    base = np.zeros((N, P))
    member = np.zeros((N, H))
    for r, g in enumerate(games):
        s = size_ix[g["players"]]
        base[r, k_off[s] + knots[g["players"]].index(g["dial"])] = 1
        for h in g["heroes"]:
            member[r, hero_ix[h]] = 1
            base[r, c_dev + hero_ix[h] * S + s] = 1
        if g["allies"]:
            base[r, c_all + s] = 1
            base[r, c_hen + s] = g["henchmen"]
    penalty = np.full(P, WEAK)
    penalty[:n_curve] = CURVE
    penalty[c_dev:c_all] = 1 / DEV_SD ** 2
    scale = np.ones(S)
    beta = None
    for _ in range(ROUNDS):
        X = base.copy()
        X[:, c_hero:c_dev] = member * scale[size_of][:, None]
        beta, hess = _newton(X, y, np.zeros(N), penalty, beta)
        # the scales given the rest: one column per size but the first, the team's summed strength
        strength = member @ beta[c_hero:c_dev]
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
    X = base.copy()
    X[:, c_hero:c_dev] = member * scale[size_of][:, None]
    beta, hess = _newton(X, y, np.zeros(N), penalty, beta)
    cov = np.linalg.inv(hess)
    return _readable(beta, cov, sizes, knots, heroes, scale, k_off, c_hero, c_dev, c_all, c_hen)


def _readable(beta, cov, sizes, knots, heroes, scale, k_off, c_hero, c_dev, c_all, c_hen) -> dict:
    """Hero effects per player count (s[n] * hero + dev), centred on the average hero (the
    centre moves into the curve, so every team's prediction is unchanged), and the standard
    errors of exactly those figures (J cov J^T: the raw coefficients alone are not identified,
    only the team sums they make)."""
    S, H, P = len(sizes), len(heroes), len(beta)
    rows_c, rows_e = {}, {}
    for s, n in enumerate(sizes):
        mean = np.zeros(P)                  # the average hero's effect at this size
        for i in range(H):
            mean[c_hero + i] += scale[s] / H
            mean[c_dev + i * S + s] += 1 / H
        for k in range(len(knots[n])):
            row = n * mean
            row[int(k_off[s]) + k] += 1
            rows_c[s, k] = row
        for i in range(H):
            row = -mean.copy()
            row[c_hero + i] += scale[s]
            row[c_dev + i * S + s] += 1
            rows_e[i, s] = row

    def value(row) -> float:
        return float(row @ beta)

    def error(row) -> float:
        return float(np.sqrt(max(row @ cov @ row, 0.0)))
    out_sizes = []
    for s, n in enumerate(sizes):
        ks = range(len(knots[n]))
        # the covariance of everything a prediction at this size adds up (knots, heroes, allies,
        # henchman): a team's interval is then exact, its parts' correlations included
        parts = [rows_c[s, k] for k in ks] + [rows_e[i, s] for i in range(H)]
        parts += [np.eye(P)[c_all + s], np.eye(P)[c_hen + s]]
        R = np.array(parts)
        joint = R @ cov @ R.T
        out_sizes.append({
            "cov": [[float(f"{v:.4g}") for v in line] for line in joint],
            "players": n, "knots": list(knots[n]), "logits": [round(value(rows_c[s, k]), 4) for k in ks],
            "logit_se": [round(error(rows_c[s, k]), 4) for k in ks],
            "allies": round(float(beta[c_all + s]), 4), "allies_se": round(float(np.sqrt(cov[c_all + s, c_all + s])), 4),
            "henchman": round(float(beta[c_hen + s]), 4),
            "henchman_se": round(float(np.sqrt(cov[c_hen + s, c_hen + s])), 4),
        })
    heroes_out = []
    for i, h in enumerate(heroes):
        effect, se = [0.0] * 4, [0.0] * 4
        for s, n in enumerate(sizes):
            effect[n - 1], se[n - 1] = round(value(rows_e[i, s]), 4), round(error(rows_e[i, s]), 4)
        heroes_out.append({"hero": h, "effect": effect, "se": se})
    return {"sizes": out_sizes, "heroes": heroes_out}


def fit(games: Iterable[dict], knots: dict[tuple[str, int], list[int]]) -> list[dict]:
    """Every villain's model: a list shaped like OddsModelDef's `villains`."""
    by_villain: dict[str, list[dict]] = {}
    for g in games:
        by_villain.setdefault(g["villain"], []).append(g)
    out = []
    for villain in sorted(by_villain):
        mine = by_villain[villain]
        heroes = sorted({h for g in mine for h in g["heroes"]})
        sized = {n: ks for (v, n), ks in knots.items() if v == villain}
        out.append({"villain": villain, **fit_villain(mine, sized, heroes)})
    return out
