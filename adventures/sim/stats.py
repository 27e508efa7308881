"""Statistics over game records: win rate with a Wilson 95% interval, means, distributions.

The Wilson score interval behaves well at the edges (0 or all wins, small samples),
unlike the normal approximation: p +- z*sqrt(p(1-p)/n) collapses to [0, 0] at p = 0.
"""
from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence

Z95 = 1.959963984540054     # two-sided 95% normal quantile


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; (0, 1) when n == 0."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be within 0..{n}, got {successes}")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # Clamp rounding noise so the exact edges stay exact (p=0 -> lo 0, p=1 -> hi 1).
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def mean_and_standard_error(values: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error (sample variance, n - 1) of paired differences; (0, 0) if empty."""
    n = len(values)
    if not n:
        return 0.0, 0.0
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / max(1, n - 1)
    return m, math.sqrt(var / n)


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else 0.0


def distribution(values: Iterable) -> dict[str, int]:
    """Counts per value, keys as strings in natural order (JSON-friendly)."""
    counts = Counter(values)
    return {str(k): counts[k] for k in sorted(counts)}


def summarise(records: Sequence[dict]) -> dict:
    """The figures of a run (every key is deterministic: no timing here)."""
    played = [r for r in records if r["winner"] != "error"]
    n = len(played)
    wins = sum(1 for r in played if r["winner"] == "heroes")
    lo, hi = wilson(wins, n)
    rounds = [r["rounds"] for r in played]
    comps = [r["completions"] for r in played]
    vhealth = [r["villain_health"] for r in played]
    vfrac = [r["villain_health"] / r["villain_max"] for r in played if r["villain_max"]]
    deaths = [r["hero_deaths"] for r in played]
    out = {
        "games": len(records),
        "errors": len(records) - n,
        "hero_wins": wins,
        "win_rate": wins / n if n else 0.0,
        "win_rate_ci95": [lo, hi],
        "mean_rounds": mean(rounds),
        "median_rounds": median(rounds),
        "mean_completions": mean(comps),
        "completions": distribution(comps),
        "mean_villain_health": mean(vhealth),
        "mean_villain_health_fraction": mean(vfrac),
        "hero_deaths": sum(deaths),
        "mean_hero_deaths": mean(deaths),
        "games_with_hero_death": sum(1 for d in deaths if d),
        "loss_causes": dict(sorted(Counter(r["loss_cause"] for r in played if r["loss_cause"]).items())),
        "mean_decisions": mean([r["decisions"] for r in played]),
        "bots": bots_played(records),
    }
    if any("invariant_violations" in r for r in records):
        out["invariant_violations"] = sum(r.get("invariant_violations", 0) for r in records)
        out["games_with_violations"] = sum(1 for r in records if r.get("invariant_violations"))
    if out["errors"]:
        first = next(r for r in records if r["winner"] == "error")
        out["first_error"] = {"game": first.get("game"), "seed": first["seed"], "error": first["reason"]}
    return out


def bots_played(records: Iterable[dict]) -> str:
    """The bots that really played a run's games, as their records say (`runner.bots_of`:
    the strong bot without usable parameters is the heuristic bot), distinct, in game order."""
    return ", ".join(dict.fromkeys(r["bots"] for r in records if r.get("bots")))


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"
