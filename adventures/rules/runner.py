"""Playing an Adventures game to its end and summarising the result."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from adventures.rules.initiative import play_round
from engine.game import Game
from engine.state import GameOver


@dataclass(slots=True)
class Result:
    winner: str                 # "heroes" | "villain" | "timeout"
    reason: str
    rounds: int
    completions: int
    threat: int
    villain_health: int
    villain_max: int
    hero_deaths: int
    players_eliminated: int
    decisions: int
    state_hash: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def run_rounds(game: Game, max_rounds: int | None = None) -> GameOver:
    """Play rounds until the game ends or the round cap (a 'timeout' result)."""
    limit = max_rounds or getattr(game.scenario, "max_rounds", 60)
    try:
        while game.round < limit:
            play_round(game)
        game.over = GameOver("timeout", f"no result after {limit} rounds")
        return game.over
    except GameOver as exc:
        return exc


def play_adventure(game: Game, max_rounds: int | None = None, hash_state: bool = True) -> Result:
    """Play to the end. `hash_state=False` leaves `state_hash` empty: the hash costs about as
    much as a tenth of a solo game, and batch runs only want it when checking determinism."""
    return summarise(game, run_rounds(game, max_rounds), hash_state)


def summarise(game: Game, over: GameOver, hash_state: bool = True) -> Result:
    from adventures.persistence.hashing import state_hash
    adv = game.adv
    players = [s for s in game.sides if not s.is_enemy]
    villain = adv.villain.fighters[0]
    return Result(
        winner=over.winner, reason=over.reason, rounds=game.round, completions=adv.completions,
        threat=adv.threat, villain_health=villain.health, villain_max=villain.max_health,
        hero_deaths=sum(1 for s in players for f in s.fighters if f.kind == "hero" and not f.alive),
        players_eliminated=sum(1 for s in players if s.eliminated),
        decisions=game.decision_count, state_hash=state_hash(game) if hash_state else "")
