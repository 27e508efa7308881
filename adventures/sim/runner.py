"""Running many bot games of a scenario: seeds, worker processes, one record per game.

Game i of a run with base seed S always uses `game_seed(S, i)`, and records come back in
game order, so a run gives the same records whatever the number of workers (or a Dask
cluster, see `adventures.sim.sweep_grid`). Records are plain dicts (picklable, CSV/JSON
ready); `adventures.sim.stats.summarise` turns them into the figures people read.
"""
from __future__ import annotations

import contextlib
import functools
import itertools
import math
import multiprocessing as mp
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from adventures.persistence.replay import ReplayWriteError
from adventures.tools.limits import MAX_CELLS, MAX_GAMES
from engine.content.loader import ContentError, Problem, line_of, load
from engine.content.schema import MAX_SEED, MatchDef, OverridesDef, ScenarioDef

SEED_STRIDE = 1_000_003      # a prime: seeds of different base seeds never collide for i < stride

# Keys of a record that depend on the machine, not the game (left out of determinism checks).
TIMING_KEYS = ("seconds", "search_seconds")


def game_seed(base: int, i: int) -> int:
    """The seed of game i of a run: depends only on (base, i), never on the worker."""
    return base * SEED_STRIDE + i


# ---------------------------------------------------------------- scenarios
def load_scenario(path: str | os.PathLike, catalog=None) -> ScenarioDef | MatchDef:
    """Load and cross-check a scenario (or competitive match) file; raises ContentError
    (file:LINE: field: message)."""
    from adventures.content.checks import load_scenario_file
    return load_scenario_file(path, catalog)


SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
KIND_WORDS = {"scenario": "a co-op scenario", "match": "a competitive match"}


def scenario_kind(path: str | os.PathLike) -> tuple[str, int]:
    """What a scenario file is by its `kind:` (scenario, match or sweep), with the line
    saying so; a file that does not load says "scenario" (loading it says what is wrong)."""
    try:
        loaded = load(path, "scenario")
    except (ContentError, ValueError, OSError):
        return "scenario", 1
    return loaded.kind, line_of(loaded.lines, "kind")


def shipped_scenario_files(kinds: Iterable[str] = ("scenario", "match")) -> list[str]:
    """The shipped scenarios/*.yaml of these kinds, told by their content, not their names."""
    kinds = tuple(kinds)
    return [os.fspath(p) for p in sorted(SCENARIO_DIR.glob("*.yaml")) if scenario_kind(p)[0] in kinds]


def load_scenarios_for_command(paths, command: str | None = None, kinds: Iterable[str] = ("scenario", "match"),
                               why: str = "", difficulty: str | None = None) -> list | None:
    """The scenario (or match) files a command was given, loaded; on the first bad one, its
    problem is printed as one line per problem on stderr and None is returned (exit 2):
    a bad file is a message, never a traceback. A kind of file the command does not play
    (not in `kinds`) is refused the same way, in one line naming the file and saying `why`.
    `difficulty` (`--difficulty`): every co-op scenario played at that level; an unknown
    level, or a level for a competitive match, is refused in one line naming the option."""
    from adventures.content.scenario_names import (
        builtin_name,
        builtin_scenario,
        scenario_file,
        unknown_name_message,
    )
    out = []
    if difficulty is not None:
        loaded = load_scenarios_for_command(paths, command, kinds, why)
        return None if loaded is None else at_difficulty(loaded, difficulty, command)
    for path in paths:
        found = scenario_file(path)
        if found is None and builtin_name(path):        # `adventures simulate krang`, as the app opens it
            try:
                out.append(builtin_scenario(builtin_name(path)))
            except ContentError as exc:
                print(str(exc), file=sys.stderr)
                return None
            continue
        if found is None and os.sep not in os.fspath(path) and Path(path).suffix not in (".yaml", ".yml"):
            print(f"adventures{' ' + command if command else ''}: {unknown_name_message(os.fspath(path))}",
                  file=sys.stderr)
            return None
        path = os.fspath(found) if found is not None else path
        kind, line = scenario_kind(path)
        if kind in KIND_WORDS and kind not in kinds:
            print(f"{path}:{line}: kind: {KIND_WORDS[kind]}: `adventures {command}` {why}", file=sys.stderr)
            return None
        try:
            out.append(load_scenario(path))
        except ContentError as exc:
            print(str(exc), file=sys.stderr)
            return None
        except Exception as exc:
            print(f"{path}:1: cannot load: {type(exc).__name__}: {exc}", file=sys.stderr)
            return None
    return out

def at_difficulty(scenarios: list, level: str, command: str | None = None) -> list | None:
    """The scenarios at difficulty `level`, or None after one line on stderr (exit 2)."""
    out = []
    for sc in scenarios:
        if isinstance(sc, MatchDef):
            print(f"adventures {command}: --difficulty {level[:80]}: {sc.name} is a competitive match, "
                  "which has no difficulty levels", file=sys.stderr)
            return None
        try:
            out.append(with_params(sc, {"difficulty": level}))
        except ValueError as exc:
            print(f"adventures {command}: --difficulty {str(exc).splitlines()[0].removeprefix('difficulty: ')}",
                  file=sys.stderr)
            return None
    return out


OVERRIDE_PARAMS = frozenset(OverridesDef.model_fields)
TOP_PARAMS = frozenset({"max_rounds", "allies", "extra_henchmen", "minions", "villain", "difficulty"})
# What a level's pinned settings depend on: changing one of these plays the level afresh.
LEVEL_KEYS = frozenset({"difficulty", "players", "villain", "allies"})
SWEEP_PARAMS = OVERRIDE_PARAMS | TOP_PARAMS | {"players", "bot"}


def with_params(scenario: ScenarioDef, params: dict, catalog=None) -> ScenarioDef:
    """The scenario with sweep parameters applied: override names (villain_health,
    threat_track_length, enemy_cards, ...), top-level fields (max_rounds, allies,
    extra_henchmen, difficulty) or
    `players` (extra seats are random heroes played by seat 0's bot; fewer seats drop
    the last ones). Raises ValueError for an unknown parameter, pydantic's error for a bad
    value, and a one-line ValueError for a name the content (default: the content in use)
    lacks: the result went through the same check as a loaded file, names normalised."""
    if not params:
        return scenario
    if isinstance(scenario, MatchDef):
        from adventures.sim.matches import match_with_params
        return _checked(match_with_params(scenario, params), catalog)
    return _checked(_coop_with_params(scenario, params), catalog)


def applied_value(scenario: ScenarioDef | MatchDef, param: str):
    """The value of sweep parameter `param` as `scenario` (a `with_params` result) plays it:
    names resolved to their keys."""
    if param == "bot":
        return scenario.seats[0].bot
    if param == "players":
        return len(scenario.seats)
    if isinstance(scenario, MatchDef) and param not in ("board", "max_turns"):
        return scenario.seats[int(param[-1]) - 1].hero
    if param in OVERRIDE_PARAMS and not isinstance(scenario, MatchDef):
        return getattr(scenario.overrides, param)
    return getattr(scenario, param)


def _checked(scenario, catalog):
    from adventures.content.checks import check_against
    try:
        return check_against(scenario, catalog)
    except ContentError as exc:
        first = exc.problems[0]
        raise ValueError(f"{first.field}: {first.message}" if first.field else first.message) from None


def _coop_with_params(scenario: ScenarioDef, params: dict) -> ScenarioDef:
    data = scenario.model_dump()
    if "difficulty" not in scenario.model_fields_set:
        del data["difficulty"]        # still no level named: the table's default (difficulty.named_level)
    for key, value in params.items():
        if key == "bot":                      # every seat played by this bot (ladders)
            data["seats"] = [{**seat, "bot": value} for seat in data["seats"]]
        elif key == "players":
            # no coercion: 2.7, true or -1 would otherwise run another player count under that label
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 4:
                raise ValueError(f"{value!r}: expected a whole number of players 1..4")
            n = value
            seats = data["seats"]
            if n < len(seats):
                data["seats"] = seats[:n]
            else:
                data["seats"] = seats + [{"hero": "random", "bot": seats[0]["bot"]}
                                         for _ in range(n - len(seats))]
            if isinstance(data["minions"], list):
                data["minions"] = data["minions"][:n]
        elif key in OVERRIDE_PARAMS:
            data["overrides"][key] = value
        elif key in TOP_PARAMS:
            data[key] = value
        else:
            raise ValueError(f"unknown sweep parameter '{key}' (known: {', '.join(sorted(SWEEP_PARAMS))})")
    if LEVEL_KEYS & set(params):
        data["difficulty_settings"] = None
    if params:
        data["name"] = (scenario.name + " [" + ", ".join(f"{k}={v}" for k, v in params.items()) + "]")[:80]
    return ScenarioDef.model_validate(data)


def load_sweep(path: str | os.PathLike, catalog=None) -> tuple[ScenarioDef, dict[str, list], dict]:
    """A sweep file: (base scenario, {parameter: values}, extra keys such as games/seed),
    checked against the content (default: the content in use) value by value, so a name the
    content lacks is refused here instead of playing something else.

    Every problem is a ContentError at the line of the offending key."""
    from adventures.content.catalog import check_scenario, load_catalog
    catalog = catalog if catalog is not None else load_catalog()    # once: every cell is checked
    try:
        as_scenario = load(path, "scenario")
    except (ContentError, ValueError, OSError):
        as_scenario = None          # not a scenario: loading it as a sweep says what is wrong
    if as_scenario is not None and as_scenario.kind in KIND_WORDS:
        # a file that plays as it is: say what it is, not every sweep key it lacks
        raise ContentError.at(path, line_of(as_scenario.lines, "kind"), "kind",
                              f"{KIND_WORDS[as_scenario.kind]}, not a sweep: play it with `adventures simulate`; "
                              "a sweep file has `base:` and `sweep:`")
    loaded = load(path, "sweep")
    data, lines, file = loaded.model, loaded.lines, loaded.path
    base = data["base"]
    if isinstance(base, str):
        base_path = Path(file).parent / base
        if not base_path.is_file():
            base_path = Path(base)
        scenario = load_scenario(base_path, catalog)
    else:
        scenario = check_scenario(ScenarioDef.model_validate(base), catalog, file, lines, at="base")
    grid = {str(k): list(v) for k, v in data["sweep"].items()}
    problems = []
    for param, values in grid.items():
        where = f"sweep.{param}"
        for i, v in enumerate(values):
            try:
                played = with_params(scenario, {param: v}, catalog)
                if isinstance(v, str):   # a name as the game knows it (" SHREDDER " plays, and is written, as shredder)
                    values[i] = applied_value(played, param)
            except ValueError as exc:     # pydantic's ValidationError is a ValueError
                msg = str(exc).splitlines()
                text = msg[0] if param not in SWEEP_PARAMS or len(msg) < 3 else \
                    f"{v!r}: {msg[2].strip().split(' [type=')[0]}"
                problems.append(Problem(file, line_of(lines, where), where, text))
                break
    extra = {k: v for k, v in data.items() if k not in ("base", "sweep", "kind")}
    for key, value in extra.items():
        if key not in ("games", "seed", "description"):
            problems.append(Problem(file, line_of(lines, key), key, "unknown key (known: base, sweep, games, seed, "
                                                                   "description)"))
        elif key == "games" and not _whole_in(value, 1, MAX_GAMES):
            problems.append(Problem(file, line_of(lines, key), key, f"expected a positive whole number (at most {MAX_GAMES:,})"))
        elif key == "seed" and not _whole_in(value, -MAX_SEED, MAX_SEED):
            problems.append(Problem(file, line_of(lines, key), key,
                                    f"expected a whole number of at most {len(str(MAX_SEED))} digits"))
        elif key == "description" and not isinstance(value, str):
            problems.append(Problem(file, line_of(lines, key), key, "expected text"))
    cells = math.prod(len(v) for v in grid.values())
    if cells > MAX_CELLS:
        problems.append(Problem(file, line_of(lines, "sweep"), "sweep",
                                f"{cells:,} cells is more than {MAX_CELLS:,} (the product of the value lists)"))
    elif _whole_in(extra.get("games"), 1, MAX_GAMES) and cells * extra["games"] > MAX_GAMES:
        problems.append(Problem(file, line_of(lines, "games"), "games",
                                f"{cells:,} cells x {extra['games']:,} games is more than {MAX_GAMES:,} games"))
    if not problems:      # each value plays alone; every cell must play too (4 players on a 2-start board...)
        for combo in itertools.product(*grid.values()):
            cell = dict(zip(grid, combo))
            try:
                with_params(scenario, cell, catalog)
            except ValueError as exc:
                shown = ", ".join(f"{k}={v}" for k, v in cell.items())
                problems.append(Problem(file, line_of(lines, "sweep"), "sweep",
                                        f"the cell {shown}: {str(exc).splitlines()[0]}"))
                break
    if problems:
        raise ContentError(problems)
    return scenario, grid, extra


def _whole_in(value, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


# ---------------------------------------------------------------- one game
@functools.lru_cache(maxsize=1)
def _catalog():
    """The content catalog, built once per process (workers keep it between chunks), with
    compiled boards cached: new_adventure uses `catalog.compiled_board` when it exists, and
    nothing mutates a compiled Board, so every game of the process can share it. Heroes and
    enemies found by name are kept too (every game's setup looks its seats up again)."""
    import dataclasses

    from adventures.content.catalog import Catalog, load_catalog
    from engine.board import compile_board

    @dataclasses.dataclass
    class SimCatalog(Catalog):
        boards_compiled: dict = dataclasses.field(default_factory=dict)
        found: dict = dataclasses.field(default_factory=dict)

        def hero(self, name: str):
            return self._found(("hero", name), lambda: Catalog.hero(self, name))

        def enemy(self, name: str, role: str | None = None):
            return self._found(("enemy", name, role), lambda: Catalog.enemy(self, name, role))

        def _found(self, key: tuple, look_up):
            hit = self.found.get(key)
            if hit is None:
                hit = look_up()
                if hit is not None:
                    self.found[key] = hit
            return hit

        def compiled_board(self, key: str):
            board = self.boards_compiled.get(key)
            if board is None:
                board = self.boards_compiled[key] = compile_board(self.boards[key])
            return board

    cat = load_catalog()
    return SimCatalog(**{f.name: getattr(cat, f.name) for f in dataclasses.fields(cat)})


def classify_loss(winner: str, reason: str) -> str:
    """A short cause for a game the heroes did not win."""
    if winner == "heroes":
        return ""
    if winner == "timeout":
        return "timeout"
    if winner == "error":
        return "error"
    text = reason.lower()
    if "objective" in text:
        return "objective"
    if "eliminated" in text:
        return "heroes eliminated"
    return reason


def play_one(scenario: ScenarioDef, seed: int, check_invariants: bool = False,
             replay_path: str | None = None, hash_state: bool = False, bot_options: dict | None = None,
             cards: bool = False) -> dict:
    """Play one full game with the scenario's bots; never raises (errors become records).
    With `replay_path`, the finished game is also exported there as a replay file.
    `state_hash` is only computed when asked (`hash_state`, or with invariant checks).
    `bot_options`: {bot kind: constructor arguments} (the expert's budget, ...); `cards`:
    also record the hero cards played (`cards_played`, names joined by "|")."""
    if isinstance(scenario, MatchDef):          # a competitive game file
        from adventures.sim.matches import play_one_match
        return play_one_match(scenario, seed, _catalog(), check_invariants, replay_path)
    from adventures.bots import make_agents
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    t0 = time.perf_counter()
    record = {"seed": seed}
    try:
        agents, table = make_agents(scenario, bot_options)
        record["bots"] = bots_of(agents.values(), scenario.players)
        searching = dict(agents)
        played: list[str] | None = None
        if cards:
            played = []
            agents = {k: CardRecorder(a, played) for k, a in agents.items()}
        game = new_adventure(scenario, _catalog(), seed, agents, table, log=False)
        if check_invariants:
            result, problems = _play_checked(game)
        else:
            result, problems = play_adventure(game, hash_state=hash_state), []
        record.update(
            winner=result.winner, reason=result.reason, rounds=result.rounds,
            completions=result.completions, villain_health=result.villain_health,
            villain_max=result.villain_max, hero_deaths=result.hero_deaths,
            players_eliminated=result.players_eliminated, decisions=result.decisions,
            heroes="+".join(s.hero_key for s in game.sides if not s.is_enemy),
            minions="+".join(m.hero_key for m in game.adv.minions),
            state_hash=result.state_hash)
        if played is not None:
            record["cards_played"] = "|".join(played)
        searchers = {id(a): a for a in searching.values() if getattr(a, "searched", 0)}
        if searchers:          # the expert's decisions searched and their CPU time
            record["searched"] = sum(a.searched for a in searchers.values())
            record["search_seconds"] = sum(a.search_seconds for a in searchers.values())
        if check_invariants:
            record["invariant_violations"] = len(problems)
            record["first_violation"] = problems[0] if problems else ""
        if replay_path is not None:
            from adventures.persistence.replay import export_replay
            export_replay(game, replay_path)
    except ReplayWriteError:  # the run cannot write its replays: stop it, no game is at fault
        raise
    except Exception as exc:  # one broken game must not sink a 10,000-game run
        record.update(winner="error", reason=f"{type(exc).__name__}: {exc}"[:300], rounds=0, completions=0,
                      villain_health=0, villain_max=0, hero_deaths=0, players_eliminated=0, decisions=0,
                      heroes="", minions="", state_hash="")
        record.setdefault("bots", "")
        if check_invariants:
            record["invariant_violations"] = 0
            record["first_violation"] = ""
    record["loss_cause"] = classify_loss(record["winner"], record["reason"])
    record["seconds"] = time.perf_counter() - t0
    return record


# ---------------------------------------------------------------- which bot played
def played_as(agent, players: int) -> str:
    """The bot that really plays a seat, by the names the commands take: the strong bot
    without a usable ranker for this game (no usable parameter file, no ranker for the size)
    plays as the heuristic bot, and an expert whose strong rollout bot does so is the plain
    expert ("expert-strong" when its rollouts are the strong bot's)."""
    from adventures.bots.ranker_file import plays_as
    from adventures.bots.strong import StrongBot
    if isinstance(agent, StrongBot):
        return plays_as(agent.weights, players)
    name = getattr(agent, "name", type(agent).__name__)
    rollouts = getattr(agent, "fallback", None)         # the expert's rollout player
    if name == "expert" and isinstance(rollouts, StrongBot) and plays_as(rollouts.weights, players) == "strong":
        return "expert-strong"
    return name


def bots_of(agents: Iterable, players: int) -> str:
    """The bots of a game's seats, distinct, joined by "+" (a record's `bots`)."""
    return "+".join(sorted({played_as(a, players) for a in agents}))


def bots_asked(scenario, options: dict | None = None) -> str:
    """What `bots_of` says of a game of `scenario` whose bots all play as asked."""
    if isinstance(scenario, MatchDef):
        return ""
    from adventures.bots.registry import BEST_ROLLOUT_BOT  # the expert's futures when none is asked
    rollouts = ((options or {}).get("bots", {}).get("expert") or {}).get("rollout_bot", BEST_ROLLOUT_BOT)
    names = {"human": "heuristic", "expert": "expert-strong" if rollouts == "strong" else "expert"}
    return "+".join(sorted({names.get(seat.bot, seat.bot) for seat in scenario.seats}))


def _say_fallback_once(scenario, options: dict | None) -> None:
    """When a run's strong bot has no usable parameter file, say so once, here in the
    parent process: its worker processes stay quiet (`ranker_file.load_params`)."""
    if not isinstance(scenario, ScenarioDef) or "strong" not in bots_asked(scenario, options):
        return
    from adventures.bots import strong
    strong.load_params(strong.PARAMS_FILE)


# ---------------------------------------------------------------- crashed games
class GamesCrashed(RuntimeError):
    """Games of a run crashed. A crash is never a result (not a loss, not a 0% win rate, not
    a measured dial or a labelled decision): the run stops after the batch of games that had
    one, and the command says how many in one line and fails (`fails_on_crashes`, exit 1)."""

    def __init__(self, crashed: int, games: int, first: str, what: str = ""):
        self.crashed, self.games, self.first = crashed, games, first
        of = f" of {what}" if what else ""
        super().__init__(f"{crashed} of {games} games{of} crashed (first: {first}); "
                         "a crashed game is not a result")


def crash_line(record: dict) -> str:
    """Which game crashed and how, in a few words."""
    game = f"game {record['game']}, " if "game" in record else ""
    reason = (str(record.get("reason", "")).splitlines() or ["?"])[0]
    return f"{game}seed {record['seed']}: {reason}"[:300]


def results(records: list[dict], what: str = "") -> list[dict]:
    """The records of a run, or GamesCrashed when any of its games crashed: the one gate
    every command's games pass through (`run_games`, and sweep's and bench's own runs)."""
    crashed = [r for r in records if r.get("winner") == "error"]
    if crashed:
        raise GamesCrashed(len(crashed), len(records), crash_line(crashed[0]), what)
    return records


def fails_on_crashes(command: str):
    """Decorates a command's `run(args)`: games that crashed end it in one line, exit 1."""
    def wrap(run: Callable[..., int]) -> Callable[..., int]:
        @functools.wraps(run)
        def guarded(args) -> int:
            try:
                return run(args)
            except GamesCrashed as exc:
                print(f"adventures {command}: {exc}", file=sys.stderr)
                return 1
        return guarded
    return wrap


class CardRecorder:
    """Wraps a seat's agent and notes the hero cards it plays (attack, defense, scheme)."""

    PLAYS = frozenset({"attack_card", "defense_card", "scheme_card"})

    def __init__(self, inner, out: list[str]):
        self.inner, self.out = inner, out
        self.wants_checkpoints = getattr(inner, "wants_checkpoints", False)

    def choose(self, game, decision) -> int:
        i = self.inner.choose(game, decision)
        if decision.tag in self.PLAYS:
            card = decision.options[i]
            if card is not None and hasattr(card, "kind"):
                self.out.append(card.name)
        return i


def _invariant_checker() -> Callable | None:
    try:
        from adventures.rules.invariants import check_invariants
    except ImportError:
        return None
    return check_invariants


def invariants_available() -> bool:
    return _invariant_checker() is not None


def _play_checked(game):
    """play_adventure's loop with check_invariants(game) after setup and after every round."""
    from adventures.rules.initiative import play_round
    from adventures.rules.runner import summarise
    from engine.state import GameOver
    check = _invariant_checker()
    problems: list[str] = []

    def run_check(when: str) -> None:
        if check is not None:
            problems.extend(f"{when}: {p}" for p in check(game))

    run_check("setup")
    limit = getattr(game.scenario, "max_rounds", 60)
    try:
        while game.round < limit:
            play_round(game)
            run_check(f"round {game.round}")
        over = GameOver("timeout", f"no result after {limit} rounds")
        game.over = over
    except GameOver as exc:
        over = exc
    run_check("end")
    return summarise(game, over), problems


def run_chunk(task: tuple) -> list[dict]:
    """Worker entry point: (scenario, [(index, seed)...], check_invariants, tag[, replay_dir
    [, hash_state]]) -> records. `tag` (a sweep cell number, or None) is copied into every
    record; with a replay_dir every game is exported there as game-NNNNN.json."""
    scenario, jobs, check, tag, *rest = task
    replay_dir = rest[0] if rest else None
    hash_state = bool(rest[1]) if len(rest) > 1 else False
    options = rest[2] if len(rest) > 2 else {}
    out = []
    for i, seed in jobs:
        path = os.path.join(replay_dir, f"game-{i:05d}.json") if replay_dir else None
        rec = play_one(scenario, seed, check, path, hash_state, options.get("bots"), options.get("cards", False))
        rec["game"] = i
        if tag is not None:
            rec["cell"] = tag
        out.append(rec)
    return out


# ---------------------------------------------------------------- many games
def default_workers() -> int:
    return os.cpu_count() or 1


def make_tasks(scenario: ScenarioDef, games: int, seed: int, check: bool, tag=None,
               chunk: int = 25, replay_dir: str | None = None, hash_state: bool = False,
               options: dict | None = None) -> Iterator[tuple]:
    """The chunks of a run for run_chunk, built lazily (a long run never holds its whole job
    list); `options`: {"bots": {kind: kwargs}, "cards": bool}."""
    _say_fallback_once(scenario, options)
    for k in range(0, games, chunk):
        jobs = [(i, game_seed(seed, i)) for i in range(k, min(games, k + chunk))]
        yield (scenario, jobs, check, tag, replay_dir, hash_state, options or {})


SMALL_RUN = 200     # heuristic games under this take well under a second: a pool costs more
SEARCHING_BOTS = ("expert",)    # seconds of CPU a game: a pool pays from the second game


def auto_workers(games: int, scenario: ScenarioDef | None = None) -> int:
    """The default number of processes: one for small runs (starting a worker pool, a fresh
    interpreter each importing the content, costs more than the games), else every core;
    every core for two games or more when a seat searches (the expert)."""
    searching = any(getattr(seat, "bot", None) in SEARCHING_BOTS for seat in getattr(scenario, "seats", ()))
    return default_workers() if games >= SMALL_RUN or (searching and games > 1) else 1


def chunk_size(games: int, workers: int) -> int:
    """Big enough to amortise process overhead, small enough for a smooth progress bar
    and balanced workers (about 8 chunks per worker)."""
    return max(1, min(100, games // max(1, workers * 8)))


def execute(tasks: Iterable[tuple], workers: int, progress: Callable[[int], None] | None = None,
            cluster: str | None = None) -> list[dict]:
    """Run tasks (any iterable, consumed lazily) and return every record in task order."""
    if cluster is not None:
        return _execute_dask(list(tasks), cluster, progress)
    out: list[dict] = []
    if workers > 1 and not _main_importable():
        workers = 1        # `python -` or a REPL: child processes could not re-import __main__
    tasks = iter(tasks)
    first = list(itertools.islice(tasks, workers))     # enough to know whether a pool pays
    if workers <= 1 or len(first) <= 1:
        for task in itertools.chain(first, tasks):
            recs = run_chunk(task)
            out.extend(recs)
            if progress:
                progress(len(recs))
        return out
    ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    with ctx.Pool(min(workers, len(first)), initializer=_ignore_interrupt) as pool:
        # Pool.imap would drain the whole iterable up front: feed it a bounded window at a time.
        pending = itertools.chain(first, tasks)
        while True:
            window = list(itertools.islice(pending, workers * 16))
            if not window:
                break
            for recs in pool.imap(run_chunk, window):
                out.extend(recs)
                if progress:
                    progress(len(recs))
    return out


def _ignore_interrupt() -> None:
    """A worker leaves Ctrl-C to the parent (the terminal sends it to every process of the
    group): the parent stops the pool and reports it in one line, without a traceback per worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _main_importable() -> bool:
    """spawn/forkserver children re-run the parent's main module: it must be a real file
    (or absent, as under an interactive interpreter)."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    return path is None or os.path.isfile(path)


CLUSTER_TIMEOUT = 15.0          # seconds for connecting and the handshake, in all
MAX_HANDSHAKE_BYTES = 1 << 20   # a scheduler's first message is a few hundred bytes


class ClusterError(ConnectionError):
    """A `--cluster` address that is not a reachable Dask scheduler; str() is one line."""


def _probe_scheduler(host: str, port: int, timeout: float) -> None:
    """Connect and read the length of the scheduler's first message (a Dask server speaks
    first: an 8-byte frame length, then its handshake), within `timeout` seconds. Anything
    else is refused here, before Dask's client would trust that length and allocate it."""
    import socket
    import struct
    where = f"tcp://{host}:{port}"
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host.strip("[]"), port), timeout=timeout) as sock:
            head = b""
            while len(head) < 8:
                sock.settimeout(max(0.01, deadline - time.monotonic()))
                chunk = sock.recv(8 - len(head))
                if not chunk:
                    raise ClusterError(f"{where}: closed the connection without a word: not a Dask scheduler")
                head += chunk
    except TimeoutError:
        raise ClusterError(f"{where}: no answer within {timeout:g} s: not a Dask scheduler, "
                           "or not reachable") from None
    except ClusterError:
        raise
    except OSError as exc:
        raise ClusterError(f"{where}: cannot connect: {exc.strerror or exc}") from None
    size, = struct.unpack("Q", head)   # native order, as Dask writes it
    if not 0 < size <= MAX_HANDSHAKE_BYTES:
        raise ClusterError(f"{where}: answered something that is not a Dask scheduler's greeting")


def connect_cluster(address: str, timeout: float | None = None):
    """A Dask Client for `address` ([tcp://]HOST:PORT or tls://HOST:PORT), connected and
    greeted within `timeout` seconds in all (default CLUSTER_TIMEOUT); raises ClusterError
    with a one-line reason."""
    from adventures.tools.limits import parse_cluster
    timeout = CLUSTER_TIMEOUT if timeout is None else timeout
    deadline = time.monotonic() + timeout
    where = str(address)
    if not where.startswith("inproc://"):     # a scheduler in this process (tests) has no socket to probe
        try:
            scheme, host, port = parse_cluster(where)
        except ValueError as exc:
            raise ClusterError(f"--cluster {exc}") from None
        if scheme == "tcp":              # TLS speaks only after its own handshake: Dask's timeout bounds it
            _probe_scheduler(host, port, timeout)
        where = f"{scheme}://{host}:{port}"
    from dask.distributed import Client
    left = max(0.5, deadline - time.monotonic())
    try:
        return Client(where, timeout=left)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"{where}: no Dask scheduler answered within {timeout:g} s "
                           f"({str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__})") from None
    except Exception as exc:      # a server that greets but then speaks another protocol
        raise ClusterError(f"{where}: not a Dask scheduler ({type(exc).__name__})") from None


def _execute_dask(tasks: list[tuple], address, progress) -> list[dict]:
    """The same tasks on a Dask distributed cluster (`address`: scheduler address or a Client)."""
    from dask.distributed import as_completed
    own = not hasattr(address, "submit")
    client = connect_cluster(address) if own else address
    try:
        futures = [client.submit(run_chunk, t, pure=False) for t in tasks]
        index = {f.key: k for k, f in enumerate(futures)}
        results: list = [None] * len(futures)
        for fut in as_completed(futures):
            recs = fut.result()
            results[index[fut.key]] = recs
            if progress:
                progress(len(recs))
    finally:
        if own:
            client.close()
    return [r for recs in results for r in recs]


def run_games(scenario: ScenarioDef, games: int, seed: int, workers: int | None = None,
              check_invariants: bool = False, progress: Callable[[int], None] | None = None,
              cluster: str | None = None, replay_dir: str | None = None, hash_state: bool = False,
              options: dict | None = None) -> list[dict]:
    """Play `games` games of `scenario`; the records come back in game order, or
    GamesCrashed once they are all played when any of them crashed."""
    workers = auto_workers(games, scenario) if workers is None else max(1, workers)
    tasks = make_tasks(scenario, games, seed, check_invariants, chunk=chunk_size(games, workers),
                       replay_dir=replay_dir, hash_state=hash_state, options=options)
    try:
        return results(execute(tasks, workers, progress, cluster), scenario.name)
    finally:        # a worker stopped mid-write (Ctrl-C terminates the pool) leaves its temp file
        if replay_dir:
            from adventures.persistence.save import remove_stale_temps
            remove_stale_temps(replay_dir, older_than=0)


def strip_timing(records: Iterable[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k not in TIMING_KEYS} for r in records]


# ---------------------------------------------------------------- progress

@contextlib.contextmanager
def progress_bar(total: int, label: str, enabled: bool = True) -> Iterator[Callable[[int], None] | None]:
    """Yields `advance(n)` (or None when disabled); the bar goes to stderr only."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    except ImportError:
        yield None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)
