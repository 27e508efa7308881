"""The odds of a team: the win-rate model's prediction and the dial each level plays (issue 42).

`adventures calibrate` fits one model from the reference player's paired-seed games
(adventures/sim/odds_fit.py) and writes it into the difficulty file (`model:`):

    logit(win rate) = curve[villain, players](dial)
                      + sum of each seated hero's effect, and its change with the dial
                      + allies + henchmen (each one more, only with allies: Adventures p.18)

so every team, not only the measured ones, gets each level's dial: the one whose predicted
rate is nearest the level's target. A seat dealt at random is averaged over every hero it
could be dealt (the game's dial is set before the deal: `difficulty.pinned`), and says so.
Pure Python: playing needs no numpy.
"""
from __future__ import annotations

import bisect
import itertools
import math
from dataclasses import dataclass, field
from functools import lru_cache

Z95 = 1.959964
UNSEEN_HERO_SE = 0.5        # a hero the model never saw plays as the average hero, give or take this (logit)
DIAL_LIMIT = 120            # the dial is searched in -DIAL_LIMIT..DIAL_LIMIT, as calibrate's per-cell search


@dataclass(frozen=True)
class Odds:
    """A team's predicted win rate at a level, its 95% interval, and the dial that plays."""

    rate: float
    low: float
    high: float
    dial: int
    level: str
    averaged: int = 1               # teams averaged over (seats dealt at random: more than 1)
    unseen: tuple[str, ...] = field(default=())    # heroes the model has no games of
    reference: str = ""             # the player the model measured (the levels' reference)
    measured: int = 0               # games of this team's own measurement (0: the model's prediction)
    measured_on: str = ""           # and its date


def model_of(catalog):
    table = getattr(catalog, "difficulty", None)
    return getattr(table, "model", None) if table is not None else None


def size_of(model, villain: str, players: int):
    """The model's curve for this villain and player count, or None (not measured)."""
    found = model.villain(villain) if model is not None else None
    return next((s for s in found.sizes if s.players == players), None) if found is not None else None


def _interp(xs, ys, x: float) -> float:
    """Straight between knots, and beyond the ends along the end segments."""
    i = min(max(bisect.bisect_left(xs, x) - 1, 0), len(xs) - 2)     # a curve can have a knot per dial step
    w = (x - xs[i]) / (xs[i + 1] - xs[i])
    return ys[i] + w * (ys[i + 1] - ys[i])


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))


def _by_identity(fn):
    """lru_cache keyed on the model's identity (a content model holds lists: not hashable);
    a new catalog (another content folder, a calibration just written) is a new model."""
    @lru_cache(maxsize=8192)
    def cached(key, *args):
        return fn(_MODELS[key], *args)

    def call(model, *args):
        _MODELS[id(model)] = model
        return cached(id(model), *args)
    return call


_MODELS: dict[int, object] = {}


@_by_identity
def _team_logit(model, villain: str, team: tuple[str, ...], allies: bool, henchmen: int) -> tuple:
    """(effects summed, their change per 10 dial steps summed, the parts' variance taken as
    independent, unseen heroes) for one team: the curve is added per dial by `model_logit`."""
    size = size_of(model, villain, len(team))
    effects = {h.hero: h for h in model.villain(villain).heroes}
    at = len(team) - 1
    offset, slope, var, unseen = 0.0, 0.0, 0.0, []
    for hero in team:
        found = effects.get(hero)
        if found is None:
            unseen.append(hero)
            continue
        offset += found.effect[at]
        slope += found.slope[at]
        var += found.se[at] ** 2
    if allies:
        offset += size.allies + henchmen * size.henchman
        var += size.allies_se ** 2 + (henchmen * size.henchman_se) ** 2
    return offset, slope, var, tuple(unseen)


def steps_from(dial: int, low: int, high: int, centre: int) -> float:
    """x in the model: how far this dial is from the centre, in tens of steps, held inside the
    dials the fit played (a hero's effect changes with the dial only as far as the games
    showed). The fit (adventures/sim/odds_fit.py) and every prediction read it here."""
    return (min(max(dial, low), high) - centre) / 10


def dial_steps(size, dial: int) -> float:
    """`steps_from` for one size of the model (a size without `fitted`: not held)."""
    low, high = size.fitted or [dial, dial]
    return steps_from(dial, low, high, size.centre)


def model_logit(model, villain: str, team: tuple[str, ...], allies: bool, henchmen: int,
                dial: int) -> tuple[float, float]:
    """(logit, the model's own variance of it) for one concrete team at this dial: the curve's
    own error plus the team's parts with the size's joint covariance when the model has it,
    else their errors taken as independent. Not yet how far a team strays from the sum of its
    heroes (`team_sd`, added by `rate_at`)."""
    size = size_of(model, villain, len(team))
    offset, slope, var, unseen = _team_logit(model, villain, team, allies, henchmen)
    x = dial_steps(size, dial)
    curve = _interp(size.knots, size.logits, dial)
    curve_se = _interp(size.knots, size.logit_se, min(max(dial, size.knots[0]), size.knots[-1]))
    if size.cov:
        heroes = [h.hero for h in model.villain(villain).heroes]
        counts = [float(team.count(h)) for h in heroes]
        g = counts + [c * x for c in counts] + [1.0 if allies else 0.0, float(henchmen) if allies else 0.0]
        var = sum(g[i] * g[j] * size.cov[i][j] for i in range(len(g)) if g[i] for j in range(len(g)) if g[j])
    return curve + offset + slope * x, max(var, 0.0) + curve_se ** 2 + len(unseen) * UNSEEN_HERO_SE ** 2


def draws(catalog, heroes: list[str]) -> list[tuple[str, ...]]:
    """Every team these seats can be: a "random" seat is any co-op hero no other seat plays
    (as setup deals them), each set of heroes once."""
    fixed = [h for h in heroes if h != "random"]
    dealt = len(heroes) - len(fixed)
    if not dealt:
        return [tuple(sorted(fixed))]
    pool = sorted(k for k, h in catalog.heroes.items() if getattr(h, "coop", True) and k not in fixed)
    return [tuple(sorted(fixed + list(c))) for c in itertools.combinations(pool, dealt)]


def rate_at(model, villain: str, teams: list[tuple[str, ...]], allies: bool, henchmen: int,
            dial: int) -> tuple[float, float, float]:
    """(rate, low, high) averaged over `teams` at this dial (the interval: the model's own
    uncertainty and how far teams it never saw strayed from it, `team_sd`; each end averaged
    the same way)."""
    rate = low = high = 0.0
    for team in teams:
        eta, var = model_logit(model, villain, team, allies, henchmen, dial)
        half = Z95 * math.sqrt(var + model.team_sd ** 2)
        rate += sigmoid(eta)
        low += sigmoid(eta - half)
        high += sigmoid(eta + half)
    n = len(teams)
    return rate / n, low / n, high / n


def covers(catalog, villain: str, players: int) -> bool:
    """Whether the model predicts this villain at this player count."""
    return size_of(model_of(catalog), villain, players) is not None


def dial_for(catalog, villain: str, heroes: list[str], allies: bool, level) -> int | None:
    """The dial whose predicted rate is nearest the level's target for these seats (hero keys,
    "random" for a dealt seat), counting the level's own extra henchmen (with allies);
    None when the model does not cover this villain and player count."""
    model = model_of(catalog)
    if size_of(model, villain, len(heroes)) is None:
        return None
    return _dial(model, villain, tuple(draws(catalog, heroes)), allies,
                 level.extra_henchmen if allies else 0, level.target)


@_by_identity
def _dial(model, villain: str, teams: tuple, allies: bool, henchmen: int, target: float) -> int:
    """Bisection on the integer dial (a higher dial is a harder game), then the nearer neighbour."""
    lo, hi = -DIAL_LIMIT, DIAL_LIMIT

    def rate(d: int) -> float:
        return rate_at(model, villain, list(teams), allies, henchmen, d)[0]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if rate(mid) > target:
            lo = mid
        else:
            hi = mid
    return min((lo, hi), key=lambda d: (abs(rate(d) - target), abs(d)))


def predicted_odds(catalog, villain: str, heroes: list[str], allies: bool, extra_henchmen: int,
                   level: str) -> Odds | None:
    """The odds for a team set up at `level`: the dial that level plays for it and the win rate
    there, measured for a team with its own row in the per-team table (the shipped
    scenarios'), else the model's prediction, with the scenario's own extra henchmen on top of
    the level's (a harder game the players chose); None when the model does not cover it."""
    from adventures.rules import difficulty
    model = model_of(catalog)
    table = difficulty.levels(catalog)
    spec = table.level(level) if table is not None else None
    keys = difficulty.team_keys(catalog, heroes)
    if spec is None or size_of(model, villain, len(keys)) is None:
        return None
    own = difficulty.own_row(table, villain, keys, allies, level)
    if own is not None:             # measured as set up (no allies, so no henchmen): its own rate and interval
        return Odds(own.win_rate, own.ci95[0], own.ci95[1], own.settings.enemy_cards, level, 1, (), own.bot,
                    own.games, own.date)
    dial = difficulty.settings_for(catalog, villain, keys, allies, level).enemy_cards
    teams = draws(catalog, keys)
    henchmen = (extra_henchmen + spec.extra_henchmen) if allies else 0
    rate, low, high = rate_at(model, villain, teams, allies, henchmen, dial)
    unseen = sorted({h for t in teams for h in _team_logit(model, villain, t, allies, henchmen)[3]})
    return Odds(rate, low, high, dial, level, len(teams), tuple(unseen), model.reference.bot)


def hero_table(catalog, villain: str) -> list[tuple[str, list[float]]]:
    """Each hero's effect against `villain` by player count (logit; 0: the average hero),
    strongest first: "who is strong against Krang"."""
    model = model_of(catalog)
    found = model.villain(villain) if model is not None else None
    if found is None:
        return []
    return sorted(((h.hero, list(h.effect)) for h in found.heroes), key=lambda r: -sum(r[1]))
