"""Sweep charts (matplotlib, Agg backend: no display needed).

* one chart per swept parameter: the win rate (games pooled over the other parameters)
  with its Wilson 95% interval as error bars;
* a heatmap of the win rate when exactly two parameters are swept.
"""
from __future__ import annotations

import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")   # before pyplot: headless, and never steal a display from the app

import matplotlib.pyplot as plt  # noqa: E402

from adventures.home import replaced_when_done  # noqa: E402
from adventures.sim.stats import wilson  # noqa: E402


def _numeric(values: list) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def win_rate_by(param: str, values: list, cells: list[dict]) -> list[tuple[float, float, float, int]]:
    """(win rate, ci low, ci high, games) per value, pooling the cells with that value."""
    out = []
    for v in values:
        wins = sum(c["hero_wins"] for c in cells if c["params"][param] == v)
        n = sum(c["played"] for c in cells if c["params"][param] == v)
        lo, hi = wilson(wins, n)
        out.append((wins / n if n else 0.0, lo, hi, n))
    return out


def plot_parameter(path: str | os.PathLike, param: str, values: list, cells: list[dict], title: str) -> Path:
    rows = win_rate_by(param, values, cells)
    xs = values if _numeric(values) else list(range(len(values)))
    rates = [100 * r[0] for r in rows]
    err = [[100 * (r[0] - r[1]) for r in rows], [100 * (r[2] - r[0]) for r in rows]]
    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=100)
    ax.errorbar(xs, rates, yerr=err, fmt="o-", capsize=4, color="#2a7ab0", ecolor="#555555")
    if not _numeric(values):
        ax.set_xticks(xs, [str(v) for v in values])
    ax.set_xlabel(param)
    ax.set_ylabel("heroes' win rate (%)")
    ax.set_ylim(-2, 102)
    ax.grid(alpha=0.3)
    games = min(r[3] for r in rows) if rows else 0
    ax.set_title(f"{title}\n(95% Wilson interval, {games}+ games per point"
                 f"{', pooled over the other parameters' if len(cells[0]['params']) > 1 else ''})", fontsize=9)
    fig.tight_layout()
    out = Path(path)
    with replaced_when_done(out) as tmp:      # a full disk leaves no empty picture
        fig.savefig(tmp)
    plt.close(fig)
    return out


def plot_heatmap(path: str | os.PathLike, params: list[str], grid: dict[str, list], cells: list[dict],
                 title: str) -> Path:
    p_row, p_col = params
    rows, cols = grid[p_row], grid[p_col]
    matrix = [[0.0] * len(cols) for _ in rows]
    for c in cells:
        i, j = rows.index(c["params"][p_row]), cols.index(c["params"][p_col])
        matrix[i][j] = 100 * c["win_rate"]
    fig, ax = plt.subplots(figsize=(1.2 * len(cols) + 2.5, 0.7 * len(rows) + 2.0), dpi=100)
    im = ax.imshow(matrix, cmap="viridis", vmin=0, vmax=100, aspect="auto", origin="lower")
    ax.set_xticks(range(len(cols)), [str(v) for v in cols])
    ax.set_yticks(range(len(rows)), [str(v) for v in rows])
    ax.set_xlabel(p_col)
    ax.set_ylabel(p_row)
    for i in range(len(rows)):
        for j in range(len(cols)):
            v = matrix[i][j]
            ax.text(j, i, f"{v:.0f}%", ha="center", va="center", color="white" if v < 60 else "black", fontsize=8)
    fig.colorbar(im, ax=ax, label="heroes' win rate (%)")
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    out = Path(path)
    with replaced_when_done(out) as tmp:      # a full disk leaves no empty picture
        fig.savefig(tmp)
    plt.close(fig)
    return out
