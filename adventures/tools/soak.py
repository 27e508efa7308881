"""`adventures soak [--games N] [--seed S] [--workers W]`: play many seeded games, checking
the rules' invariants before every decision (adventures.rules.invariants).

Each game is fully determined by its own seed (S, S+1, ...): villain, player count 1-4,
heroes, random or explicit minion lists, allies on/off with extra henchmen, stress
overrides (short threat track, low health, minion move...) and a random or heuristic bot
per seat. Every game is also re-run from its record (seed + answers) and must end with the
same state hash; and it is saved at a random decision, restored from that save (through
the save file format) and played on with fresh bots, which must end in the same state. Prints games played, decisions
made, violations, exceptions and replay mismatches; exits 1 if any of them is not 0.
Every seventh game (seeds 6, 13, 20...) is a competitive match instead (core rules: a duel,
a free-for-all or teams, on any board, with any heroes, or one of the shipped match files),
checked, replayed and restored the same way.
Reproduce one failure with `adventures soak --games 1 --seed <its seed> --verbose`.
"""
from __future__ import annotations

import argparse
import json
import random
import time
import traceback
from dataclasses import asdict, dataclass, field

from adventures.tools import limits


@dataclass
class Outcome:
    seed: int
    summary: str = ""          # villain, players, heroes, bots: enough to recognise the game
    decisions: int = 0
    winner: str = ""
    rounds: int = 0
    violation: str = ""
    exception: str = ""
    replay: str = ""           # replay mismatch, if any
    trace: str = ""
    restored: bool = False     # also saved mid-game, restored and played on

    @property
    def failed(self) -> bool:
        return bool(self.violation or self.exception or self.replay)


@dataclass
class Totals:
    games: int = 0
    decisions: int = 0
    violations: int = 0
    exceptions: int = 0
    replays: int = 0
    restores: int = 0
    winners: dict = field(default_factory=dict)
    failures: list = field(default_factory=list)

    def add(self, o: Outcome) -> None:
        self.games += 1
        self.decisions += o.decisions
        self.violations += bool(o.violation)
        self.exceptions += bool(o.exception)
        self.replays += bool(o.replay)
        self.restores += o.restored
        if o.winner:
            self.winners[o.winner] = self.winners.get(o.winner, 0) + 1
        if o.failed:
            self.failures.append(o)

    @property
    def ok(self) -> bool:
        return not (self.violations or self.exceptions or self.replays)


# ---------------------------------------------------------------- bots
def make_bot(kind: str):
    """A fresh bot of `kind`: "random" | "heuristic" for seats, "table" for the players-choose
    policy; the engine's RandomAgent while the bots package lacks one."""
    from engine.decisions import RandomAgent
    try:
        if kind == "table":
            from adventures.bots.table import TablePolicy
            return TablePolicy()
        from adventures.bots import make_bot as bots_make_bot
        return bots_make_bot(kind)
    except (ImportError, ValueError, TypeError):
        return RandomAgent()


# ---------------------------------------------------------------- one game
def game_spec(seed: int, catalog) -> dict:
    """The scenario data and bots of soak game `seed` (drawn from its own RNG)."""
    rng = random.Random(seed)
    villains = sorted(k for k, e in catalog.enemies.items() if e.role == "villain")
    heroes = sorted(catalog.coop_heroes())
    villain = rng.choice(villains)
    players = rng.randint(1, 4)
    picked = rng.sample(heroes, players) if len(heroes) >= players else [rng.choice(heroes) for _ in range(players)]
    bots = [rng.choice(("random", "heuristic")) for _ in range(players)]
    overrides: dict = {}
    if rng.random() < 0.35:          # stress: reach objectives, defeats and edge cases sooner
        if rng.random() < 0.5:
            overrides["threat_track_length"] = rng.randint(2, 6)
        if rng.random() < 0.4:
            overrides["starting_threat"] = rng.randint(0, 5)
        if rng.random() < 0.4:
            overrides["villain_health"] = rng.randint(1, 12)
        if rng.random() < 0.4:
            overrides["hero_health_bonus"] = rng.randint(-10, 4)
        if rng.random() < 0.3:
            overrides["minion_health"] = rng.randint(1, 4)
        if rng.random() < 0.3:
            overrides["villain_move"] = rng.randint(0, 6)
        if villain == "shredder" and rng.random() < 0.4:
            overrides["fallen_boroughs"] = rng.randint(0, 3)
        if villain == "krang" and rng.random() < 0.4:
            overrides["dimension_x_markers"] = rng.randint(1, 4)
        if rng.random() < 0.3:
            overrides["minion_move"] = rng.randint(0, 6)
    minion_keys = sorted(k for k, e in catalog.enemies.items() if e.role == "minion")
    minions: list[str] | str = "random"
    if rng.random() < 0.3:             # an explicit list: none, some or one per player
        minions = rng.sample(minion_keys, rng.randint(0, min(players, len(minion_keys))))
    allies = rng.random() < 0.5
    scenario = {
        "name": f"soak {seed}", "villain": villain,
        "seats": [{"hero": h, "bot": b} for h, b in zip(picked, bots)],
        "minions": minions, "allies": allies, "overrides": overrides,
        "extra_henchmen": rng.randint(0, 3) if allies and rng.random() < 0.4 else 0,
        "max_rounds": 40, "seed": seed,
    }
    # the decision at which the game is saved, restored and played on (checked against the
    # uninterrupted game); games shorter than that are not restored
    table, save_at = rng.choice(("random", "table")), rng.randint(1, 120)
    from adventures.rules.difficulty import level_keys
    scenario["difficulty"] = rng.choice(level_keys(catalog))    # drawn last: the draws above stay as they were
    return {"scenario": scenario, "bots": bots, "table": table, "save_at": save_at}


MATCH_EVERY = 7      # soak seeds 6, 13, 20, ... play a competitive match


def is_match_seed(seed: int) -> bool:
    return seed % MATCH_EVERY == MATCH_EVERY - 1


def match_spec(seed: int, catalog) -> dict:
    """The match of soak game `seed`: one of the shipped match files, or a mode, board,
    heroes (competitive decks included) and bots drawn from its own RNG."""
    from adventures.sim.runner import shipped_scenario_files
    from engine.content.schema import MATCH_SEATS
    rng = random.Random(f"soak-match:{seed}")
    shipped = shipped_scenario_files(("match",))
    save_at = rng.randint(1, 120)
    if shipped and rng.random() < 0.3:
        from adventures.content.checks import load_scenario_file
        path = rng.choice(shipped)
        match = load_scenario_file(path, catalog).model_dump(mode="json")
        return {"match": match, "source": path.rsplit("/", 1)[-1], "save_at": save_at}
    mode = rng.choice(sorted(MATCH_SEATS))
    low, high = MATCH_SEATS[mode]
    players = rng.randint(low, high)
    boards = sorted(k for k, b in catalog.boards.items() if sum(s.start is not None for s in b.spaces) >= players)
    heroes = rng.sample(sorted(catalog.heroes), players)
    match = {"name": f"soak {seed}", "mode": mode, "board": rng.choice(boards) if boards else "none",
             "seats": [{"hero": h, "bot": rng.choice(("random", "heuristic"))} for h in heroes],
             "max_turns": rng.choice((40, 120, 400))}
    return {"match": match, "source": "", "save_at": save_at}


class _SaveAt:
    """Wraps an agent: keeps the save record of the game just before decision `at`."""

    def __init__(self, inner, at: int, box: list):
        self.inner, self.at, self.box = inner, at, box

    def choose(self, game, decision) -> int:
        if not self.box and game.decision_count + 1 >= self.at:
            from adventures.persistence.save import game_record
            self.box.append(game_record(game))
        return self.inner.choose(game, decision)

    def __getattr__(self, name):
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)


def _restored_hash(record: dict, spec: dict, catalog) -> str:
    """Restore a mid-game save with fresh bots, play it to the end, return its final hash."""
    from adventures.persistence.hashing import state_hash
    from adventures.persistence.save import parse_record, restore
    from adventures.rules.invariants import CheckingAgent
    from adventures.rules.runner import play_adventure
    record = parse_record(json.dumps(record).encode(), "mid-game save", catalog)   # through the file format
    if "match" in spec:
        from adventures.competitive.setup import make_match_agents, run_match
        agents = {i: CheckingAgent(a) for i, a in make_match_agents(record_match(spec)).items()}
        game = restore(record, agents, None, catalog)
        run_match(game, game.scenario.max_turns)
        return state_hash(game)
    agents = {i: CheckingAgent(make_bot(b)) for i, b in enumerate(spec["bots"])}
    game = restore(record, agents, CheckingAgent(make_bot(spec["table"])), catalog)
    play_adventure(game)
    return state_hash(game)


def record_match(spec: dict):
    from engine.content.schema import MatchDef
    return MatchDef.model_validate(spec["match"])


def _start_match(seed: int, catalog, out: Outcome, saved: list):
    """Build soak match `seed` with checking bots; returns (game, spec, play)."""
    from adventures.competitive.setup import make_match_agents, new_competitive, run_match, winning_team
    from adventures.content.checks import check_against
    from adventures.rules.invariants import CheckingAgent
    spec = match_spec(seed, catalog)
    m = spec["match"]
    out.summary = (f"{m['mode']} on {m['board']}: {', '.join(s['hero'] + '/' + s['bot'] for s in m['seats'])}"
                   + (f" ({spec['source']})" if spec["source"] else ""))
    # the one validation path every tool uses: checked against the content, names normalised
    match = check_against(record_match(spec), catalog, f"<soak game {seed}>")
    agents = {i: _SaveAt(CheckingAgent(a), spec["save_at"], saved) for i, a in make_match_agents(match).items()}
    game = new_competitive(match, catalog, seed, agents, log=False)

    def play() -> None:
        run_match(game, match.max_turns)
        out.decisions, out.rounds = game.decision_count, game.round
        out.winner = f"{match.mode} {'draw' if winning_team(game) is None else 'won'}"
    return game, spec, play


def _start_adventure(seed: int, catalog, out: Outcome, saved: list):
    """Build soak co-op game `seed` with checking bots; returns (game, spec, play)."""
    from adventures.content.catalog import check_scenario
    from adventures.rules.invariants import CheckingAgent
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    from engine.content.schema import ScenarioDef
    spec = game_spec(seed, catalog)
    sc = spec["scenario"]
    out.summary = (f"{sc['villain']}, {len(sc['seats'])} player(s): "
                   f"{', '.join(s['hero'] + '/' + s['bot'] for s in sc['seats'])}, "
                   f"allies {'on' if sc['allies'] else 'off'}, table {spec['table']}"
                   + (f", overrides {sc['overrides']}" if sc["overrides"] else ""))
    # the one validation path every tool uses: checked against the content, names normalised
    scenario = check_scenario(ScenarioDef.model_validate(sc), catalog, f"<soak game {seed}>", {})
    agents = {i: _SaveAt(CheckingAgent(make_bot(b)), spec["save_at"], saved) for i, b in enumerate(spec["bots"])}
    table = _SaveAt(CheckingAgent(make_bot(spec["table"])), spec["save_at"], saved)
    game = new_adventure(scenario, catalog, seed, agents, table, log=False)

    def play() -> None:
        result = play_adventure(game)
        out.decisions, out.winner, out.rounds = result.decisions, result.winner, result.rounds
    return game, spec, play


def play_one(seed: int, content: str | None = None, replay_check: bool = True) -> Outcome:
    """Play soak game `seed` with invariant checks; never raises."""
    from adventures.content.catalog import load_catalog
    from adventures.persistence.hashing import state_hash
    from adventures.persistence.replay import run_replay
    from adventures.persistence.save import game_record
    from adventures.rules.invariants import InvariantViolation, check_invariants

    out = Outcome(seed)
    try:
        catalog = load_catalog(content)
        saved: list[dict] = []
        start = _start_match if is_match_seed(seed) else _start_adventure
        game, spec, play = start(seed, catalog, out, saved)
        play()
        problems = check_invariants(game)
        if problems:
            raise InvariantViolation(problems, where="at the end of the game")
    except InvariantViolation as exc:
        out.violation = str(exc)
        out.trace = traceback.format_exc()
        return out
    except Exception as exc:
        out.exception = f"{type(exc).__name__}: {exc}"
        out.trace = traceback.format_exc()
        return out
    if replay_check:
        try:
            again = run_replay(game_record(game), catalog)
            if not again.identical:
                out.replay = again.problem or f"state hash {again.state_hash} != {again.expected}"
        except Exception as exc:
            out.replay = f"re-run raised {type(exc).__name__}: {exc}"
            out.trace = traceback.format_exc()
    if replay_check and saved and not out.replay:
        try:
            out.restored = True
            final = _restored_hash(saved[0], spec, catalog)
            if final != state_hash(game):
                out.replay = (f"saved at decision {len(saved[0]['answers']) + 1}, restored and played on: "
                              f"state hash {final} != {state_hash(game)}")
        except InvariantViolation as exc:
            out.violation = f"after a mid-game restore: {exc}"
            out.trace = traceback.format_exc()
        except Exception as exc:
            out.replay = f"mid-game restore raised {type(exc).__name__}: {exc}"
            out.trace = traceback.format_exc()
    return out


def _play_chunk(seeds: list[int], content: str | None, replay_check: bool) -> list[dict]:
    return [asdict(play_one(s, content, replay_check)) for s in seeds]


def _play_chunk_task(task: tuple) -> list[dict]:
    return _play_chunk(*task)


# ---------------------------------------------------------------- many games
def soak(games: int, seed: int = 0, workers: int = 1, content: str | None = None,
         replay_check: bool = True, progress=None) -> Totals:
    """Play `games` soak games (seeds seed..seed+games-1) on `workers` processes."""
    totals = Totals()
    seeds = range(seed, seed + games)
    if workers <= 1 or games <= 1:
        for s in seeds:
            totals.add(play_one(s, content, replay_check))
            if progress:
                progress(totals)
        return totals
    import multiprocessing as mp

    from adventures.sim.runner import _ignore_interrupt
    size = max(1, min(25, games // (workers * 4) or 1))
    chunks = [(seeds[i:i + size], content, replay_check) for i in range(0, len(seeds), size)]
    ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    # a Pool, not an executor: leaving the block on Ctrl-C terminates the workers at once,
    # where an executor would first finish every chunk already handed out
    with ctx.Pool(workers, initializer=_ignore_interrupt) as pool:
        for done in pool.imap(_play_chunk_task, chunks):
            for d in done:
                totals.add(Outcome(**d))
            if progress:
                progress(totals)
    return totals


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=limits.bounded(0, limits.MAX_GAMES, "games"), default=200,
                        help="how many games (default 200)")
    parser.add_argument("--seed", type=limits.seed_arg, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--workers", type=limits.workers_arg, default=1, help="processes to use (default 1)")
    parser.add_argument("--no-replay-check", action="store_true",
                        help="skip re-running each game from its record")
    parser.add_argument("--verbose", action="store_true", help="print the traceback of each failure")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar (like the other commands)")


def run(args: argparse.Namespace) -> int:
    if args.games < 0 or args.workers < 1:
        print("adventures soak: --games must be >= 0 and --workers >= 1")
        return 2
    from adventures.content.catalog import load_catalog
    from engine.content.loader import ContentError
    try:          # bad content is one line per problem before any game, not one error per game
        load_catalog()          # the content in use (`--content DIR` was applied by adventures.cli)
    except ContentError as exc:
        print(str(exc))
        return 2
    except OSError as exc:
        print(f"adventures soak: {exc.strerror or exc}")
        return 2
    start = time.perf_counter()
    from adventures.sim.runner import progress_bar
    with progress_bar(args.games, "soak", enabled=not args.no_progress) as advance:
        done = [0]

        def progress(t: Totals) -> None:
            if advance is not None:
                advance(t.games - done[0])
                done[0] = t.games

        # `--content DIR` (added by adventures.cli) already chose the content in use for every worker.
        totals = soak(args.games, args.seed, args.workers, None, not args.no_replay_check, progress)
    elapsed = time.perf_counter() - start
    for o in totals.failures:
        what = o.violation or o.exception or f"replay mismatch: {o.replay}"
        print(f"seed {o.seed} ({o.summary}): {what}")
        if args.verbose and o.trace:
            print(o.trace)
    results = ", ".join(f"{k} {v}" for k, v in sorted(totals.winners.items()))
    print(f"games played: {totals.games} ({results or 'none'}) in {elapsed:.1f} s")
    print(f"decisions made: {totals.decisions}")
    print(f"violations: {totals.violations}")
    print(f"exceptions: {totals.exceptions}")
    print(f"replay mismatches: {totals.replays} (games also saved mid-game and restored: {totals.restores})")
    if totals.failures:
        print(f"reproduce one with: adventures soak --games 1 --seed {totals.failures[0].seed} --verbose")
    return 0 if totals.ok else 1
