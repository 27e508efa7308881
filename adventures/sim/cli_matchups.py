"""`adventures matchups`: a win-rate table for every pair of heroes on each board.

    adventures matchups --heroes leonardo,raphael,donatello,michelangelo --games 400 --seed 1

Each pair plays `--games` duels with the competitive bot in both seats; half the games
each hero goes first (the first player has the tempo), on the same seeds. A cell is the
row hero's win rate against the column hero, with its Wilson 95% interval (draws at the
turn cap count as no win for either).
"""
from __future__ import annotations

import argparse
import sys

from adventures.sim import runner, stats
from adventures.tools import limits
from engine.content.schema import MatchDef, MatchSeatDef


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--heroes", type=limits.text("--heroes list"), default="leonardo,raphael,donatello,michelangelo",
                        help="comma-separated hero keys (default: the four Turtles)")
    parser.add_argument("--boards", type=limits.text("--boards list"), default="new_york_city,technodrome", help="comma-separated board keys")
    parser.add_argument("--games", "-n", type=limits.games_arg, default=400, help="duels per pair and board (default 400)")
    parser.add_argument("--seed", "-s", type=limits.seed_arg, default=1, help="base seed (default 1)")
    parser.add_argument("--workers", "-w", type=limits.workers_arg, default=None, help="worker processes (default: all cores)")


def duel(a: str, b: str, board: str) -> MatchDef:
    return MatchDef(name=f"{a} vs {b}", mode="duel", board=board, seats=[MatchSeatDef(hero=a), MatchSeatDef(hero=b)])


class GameFailed(Exception):
    """A duel ended in an error (a rules bug): the table would be wrong, so the run stops."""


def play_pairs(heroes: list[str], board: str, games: int, seed: int, workers: int) -> dict[tuple[str, str], int]:
    """Wins of a over b for every ordered pair, from one pool of workers: each pair plays
    `games` duels on the same seeds, a in the first seat for the first half."""
    first = (games + 1) // 2
    tasks = []
    for i, a in enumerate(heroes):
        for b in heroes[i + 1:]:
            for order, n in (((a, b), first), ((b, a), games - first)):
                if n:
                    chunk = runner.chunk_size(n, workers)
                    tasks += runner.make_tasks(duel(*order, board), n, seed, False, tag=f"{a}|{b}", chunk=chunk)
    wins: dict[tuple[str, str], int] = {}
    for r in runner.execute(tasks, workers):
        if r["winner"] == "error":
            raise GameFailed(f"{r['cell'].replace('|', ' vs ')} on {board}, seed {r['seed']}: {r['reason']}")
        a, b = r["cell"].split("|")
        wins.setdefault((a, b), 0)
        wins.setdefault((b, a), 0)
        if r["winner"] in (a, b):
            wins[r["winner"], b if r["winner"] == a else a] += 1
    return wins


def run(args: argparse.Namespace) -> int:
    from adventures.content.catalog import load_catalog
    from adventures.content.matches import match_board
    cat = load_catalog()
    # names as a match file gives them: resolved to their keys by the one normalisation
    for option, listed in (("--heroes", args.heroes), ("--boards", args.boards)):
        if any(not item.strip() for item in listed.split(",")):     # "leonardo,,raphael": never dropped silently
            print(f"adventures matchups: {option}: an empty name in {listed[:80]!r}", file=sys.stderr)
            return 2
    hero_names = [h.strip() for h in args.heroes.split(",")]
    board_names = [b.strip() for b in args.boards.split(",")]
    found_heroes = [(h, cat.hero(h)) for h in hero_names]
    found_boards = [(b, match_board(cat, b)) for b in board_names]
    from engine.content.loader import suggest
    unknown = ([f"hero '{h}' (known: {suggest(h, cat.names('hero'))})" for h, found in found_heroes if found is None]
               + [f"board '{b}' (known: {suggest(b, cat.boards)})" for b, found in found_boards if found is None])
    heroes = list(dict.fromkeys(h.key for _, h in found_heroes if h is not None))
    boards = list(dict.fromkeys(b.key for _, b in found_boards if b is not None))
    problem = (f"--heroes/--boards: unknown {'; unknown '.join(unknown)}" if unknown else
               f"--heroes: give at least two different heroes, got {len(heroes)}" if len(heroes) < 2 else
               "--boards: give at least one board" if not boards else "")
    if problem:
        print(f"adventures matchups: {problem}", file=sys.stderr)
        return 2
    workers = args.workers or runner.default_workers()
    for board in boards:
        print(f"\n{cat.boards[board].name}: row hero's win rate against the column hero "
              f"({args.games} duels per pair, seed {args.seed}, each hero first in half)\n")
        print("| | " + " | ".join(cat.heroes[h].name for h in heroes) + " |")
        print("|---" * (len(heroes) + 1) + "|")
        try:
            wins = play_pairs(heroes, board, args.games, args.seed, workers)
        except GameFailed as exc:
            print(f"adventures matchups: a game failed: {exc}", file=sys.stderr)
            return 1
        rates: dict[tuple[str, str], str] = {}
        for (a, b), w in wins.items():
            lo, hi = stats.wilson(w, args.games)
            rates[a, b] = f"{stats.pct(w / args.games)} ({stats.pct(lo)}-{stats.pct(hi)})"
        for a in heroes:
            cells = ["—" if a == b else rates[a, b] for b in heroes]
            print(f"| **{cat.heroes[a].name}** | " + " | ".join(cells) + " |")
    return 0
