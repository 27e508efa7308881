"""Playing competitive games in bulk: one record per game, per-hero results with CIs.

The simulator's side of the competitive mode (adventures.competitive builds and plays one
game; this module runs many and summarises them, as sim.runner does for co-op games).
Records come back in game order from `adventures.sim.runner.run_games` (which dispatches
a `MatchDef` here), so local processes, one worker or a Dask cluster give the same figures.
"""
from __future__ import annotations

import time
from collections import defaultdict

from adventures.persistence.replay import ReplayWriteError
from adventures.sim import stats
from engine.content.schema import MatchDef


def play_one_match(match: MatchDef, seed: int, catalog, check_invariants: bool = False,
                   replay_path: str | None = None) -> dict:
    """One bot game of a match file; never raises (errors become records). Like a co-op
    game (`adventures.sim.runner.play_one`): with `check_invariants` the game invariants are
    checked before every decision and at the end (`invariant_violations`, `first_violation`);
    with `replay_path` the finished game is exported there as a replay file."""
    from adventures.competitive.setup import new_competitive, run_match, winning_team
    from adventures.content.matches import match_board
    t0 = time.perf_counter()
    record: dict = {"seed": seed, "mode": match.mode, "board": match.board}
    problems: list[str] = []
    try:
        found = match_board(catalog, match.board)      # None: new_competitive says why
        game = new_competitive(match, catalog, seed, log=False, board=catalog.compiled_board(found.key)
                               if found is not None and hasattr(catalog, "compiled_board") else None)
        if check_invariants:
            game.agents = {k: _Checked(a, problems) for k, a in game.agents.items()}
        over = run_match(game, match.max_turns)
        if check_invariants:
            problems += (f"end: {p}" for p in _checker()(game))
        team = winning_team(game)
        record.update(
            heroes="+".join(s.hero_key for s in game.sides),
            teams="+".join(str(s.team) for s in game.sides),
            winner="draw" if team is None else "+".join(s.hero_key for s in game.sides if s.team == team),
            winner_team=-1 if team is None else team,
            winner_seats="+".join(str(s.index) for s in game.sides if s.team == team),
            reason=over.reason,
            turns=game.turn, decisions=game.decision_count,
            hero_health="+".join(str(s.hero.health if s.hero else 0) for s in game.sides))
        if replay_path is not None:
            from adventures.persistence.replay import export_replay
            export_replay(game, replay_path)
    except ReplayWriteError:  # the run cannot write its replays: stop it, no game is at fault
        raise
    except Exception as exc:  # one broken game must not sink a long run
        record.update(heroes="", teams="", winner="error", winner_team=-1, winner_seats="",
                      reason=f"{type(exc).__name__}: {exc}"[:300], turns=0, decisions=0, hero_health="")
    if check_invariants:
        record["invariant_violations"] = len(problems)
        record["first_violation"] = problems[0] if problems else ""
    record["seconds"] = time.perf_counter() - t0
    return record


def _checker():
    from adventures.rules.invariants import check_invariants
    return check_invariants


class _Checked:
    """A seat's agent that checks the game invariants before each of its decisions and notes
    what it finds (a violation is counted, as in a co-op game, not raised)."""

    LIMIT = 100      # a broken state repeats at every decision: keep the first ones

    def __init__(self, inner, problems: list[str]):
        self.inner, self.problems, self.check = inner, problems, _checker()
        self.wants_checkpoints = getattr(inner, "wants_checkpoints", False)

    def choose(self, game, decision) -> int:
        if len(self.problems) < self.LIMIT:
            self.problems += (f"decision {game.decision_count + 1}: {p}" for p in self.check(game))
        return self.inner.choose(game, decision)

    def __getattr__(self, name):        # bots and views may ask the agent for more (name, is_human...)
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)


def summarise_matches(records: list[dict]) -> dict:
    """Per-seat and per-hero win rates with Wilson 95% intervals; draws count as no win."""
    ok = [r for r in records if r["winner"] != "error"]
    errors = [r for r in records if r["winner"] == "error"]
    seat_wins: dict[int, int] = defaultdict(int)
    hero_games: dict[str, int] = defaultdict(int)
    hero_wins: dict[str, int] = defaultdict(int)
    for r in ok:
        heroes = r["heroes"].split("+")
        won = set(r["winner_seats"].split("+")) if r["winner_seats"] else set()
        for i, key in enumerate(heroes):
            hero_games[key] += 1
            if str(i) in won:
                hero_wins[key] += 1
                seat_wins[i] += 1
    n = len(ok)
    seats = len(ok[0]["heroes"].split("+")) if ok else 0
    per_seat = {}
    for i in range(seats):
        lo, hi = stats.wilson(seat_wins[i], n)
        per_seat[i] = {"wins": seat_wins[i], "games": n, "rate": seat_wins[i] / n if n else 0.0,
                       "ci95": [lo, hi]}
    per_hero = {}
    for key in sorted(hero_games):
        g, w = hero_games[key], hero_wins[key]
        lo, hi = stats.wilson(w, g)
        per_hero[key] = {"wins": w, "games": g, "rate": w / g, "ci95": [lo, hi]}
    return {
        "games": len(records), "errors": len(errors),
        "first_error": {"game": errors[0].get("game"), "seed": errors[0]["seed"], "error": errors[0]["reason"]}
        if errors else None,
        "draws": sum(1 for r in ok if r["winner"] == "draw"),
        "mean_turns": stats.mean([r["turns"] for r in ok]),
        "median_turns": stats.median([r["turns"] for r in ok]) if ok else 0,
        "mean_decisions": stats.mean([r["decisions"] for r in ok]),
        "per_seat": per_seat, "per_hero": per_hero,
        **({"invariant_violations": sum(r["invariant_violations"] for r in records),
            "games_with_violations": sum(1 for r in records if r["invariant_violations"])}
           if records and "invariant_violations" in records[0] else {}),
    }


def report_matches(s: dict, title: str) -> str:
    lines = [title]
    for i, row in s["per_seat"].items():
        lo, hi = row["ci95"]
        lines.append(f"  seat {i + 1} wins     {row['wins']}/{row['games']} = {stats.pct(row['rate'])}  "
                     f"(95% CI {stats.pct(lo)} - {stats.pct(hi)})")
    for key, row in s["per_hero"].items():
        lo, hi = row["ci95"]
        lines.append(f"  {key:<14} {row['wins']}/{row['games']} = {stats.pct(row['rate'])}  "
                     f"(95% CI {stats.pct(lo)} - {stats.pct(hi)})")
    lines.append(f"  draws           {s['draws']}")
    lines.append(f"  turns           mean {s['mean_turns']:.1f}, median {s['median_turns']:g}")
    lines.append(f"  decisions       {s['mean_decisions']:.1f} per game")
    if "invariant_violations" in s:
        lines.append(f"  invariants      {s['invariant_violations']} violations in "
                     f"{s['games_with_violations']} games")
    if s["errors"]:
        e = s["first_error"]
        lines.append(f"  ERRORS          {s['errors']} games crashed; first: seed {e['seed']}: {e['error']}")
    return "\n".join(lines)


def sweep_cell(records: list[dict]) -> dict:
    """A sweep cell's figures in the simulator's co-op vocabulary, so the sweep's CSVs and
    charts work unchanged: "hero_wins" / "win_rate" are the FIRST seat's wins, "rounds"
    are turns; there is no objective or villain in a competitive game."""
    s = summarise_matches(records)
    first = s["per_seat"].get(0, {"wins": 0, "games": 0, "rate": 0.0, "ci95": [0.0, 1.0]})
    return {
        "games": s["games"], "errors": s["errors"], "hero_wins": first["wins"], "win_rate": first["rate"],
        "win_rate_ci95": tuple(first["ci95"]), "mean_rounds": s["mean_turns"], "median_rounds": s["median_turns"],
        "mean_completions": 0.0, "mean_villain_health": 0.0, "mean_villain_health_fraction": 0.0,
        "mean_hero_deaths": 0.0, "loss_causes": {"draw": s["draws"]} if s["draws"] else {},
        "per_hero": s["per_hero"],
    }


MATCH_PARAMS = ("board", "max_turns", "hero1", "hero2", "hero3", "hero4")


def match_with_params(match: MatchDef, params: dict) -> MatchDef:
    """A match with sweep parameters applied: board, max_turns, or heroN (seat N's hero)."""
    data = match.model_dump()
    for key, value in params.items():
        if key in ("board", "max_turns"):
            data[key] = value
        elif key == "bot":                      # every seat played by this bot (bench --bot)
            data["seats"] = [{**seat, "bot": value} for seat in data["seats"]]
        elif key in MATCH_PARAMS:
            i = int(key[-1]) - 1
            if i >= len(data["seats"]):
                raise ValueError(f"'{key}': this match has {len(data['seats'])} seats")
            data["seats"][i]["hero"] = value
        else:
            raise ValueError(f"unknown sweep parameter '{key}' for a match (known: {', '.join(MATCH_PARAMS)})")
    if params:
        data["name"] = (match.name + " [" + ", ".join(f"{k}={v}" for k, v in params.items()) + "]")[:80]
    return MatchDef.model_validate(data)
