"""Replays: the save record of a finished game, re-run with no agents at all.

A replay file is a save record (see save.py) written after the game ended, with
`"replay": true` and the result. Re-running it feeds every recorded answer back; if the
game asks for one more answer than was recorded, or an answer is not a legal option, the
replay has diverged (different content or engine). The final state hash says whether the
re-run ended exactly where the original did.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from adventures.persistence.content_stamp import content_warning
from adventures.persistence.hashing import state_hash
from adventures.persistence.save import SaveError, game_record, load_record, restore, write_record


class ReplayWriteError(SaveError, OSError):
    """A replay file could not be written (a full disk): the run's fault, not the game's, so
    batch runs stop on it instead of counting a crashed game."""


class ReplayDiverged(Exception):
    """The re-run game asked something the recording cannot answer."""


class _DryAgent:
    """Answers nothing: reaching it means the recorded answers ran out."""

    def choose(self, game, decision) -> int:
        raise ReplayDiverged(f"the recorded answers ran out at decision {game.decision_count + 1} "
                             f"({decision.tag or decision.kind}: {decision.prompt})")


@dataclass
class ReplayResult:
    state_hash: str            # the hash the re-run ended with
    expected: str              # the hash recorded in the file
    winner: str
    rounds: int
    decisions: int
    problem: str = ""          # why the re-run diverged, if it did
    content_note: str = ""     # the file was made with other content (content_stamp)

    @property
    def identical(self) -> bool:
        return not self.problem and self.state_hash == self.expected


def export_replay(game, path: str | os.PathLike) -> None:
    """Write the replay of a finished game (atomically). Raises SaveError."""
    if game.over is None:
        raise SaveError(f"{os.fspath(path)}: cannot export a replay: the game is not over (save it instead)")
    record = game_record(game)
    record["replay"] = True
    record["result"] = {"winner": game.over.winner, "reason": game.over.reason}
    try:
        write_record(record, path)
    except SaveError as exc:
        raise ReplayWriteError(str(exc)) from None


def load_replay(path: str | os.PathLike, catalog=None) -> dict:
    record = load_record(path, catalog)
    if not record.get("replay"):
        raise SaveError(f"{os.fspath(path)}: this is a saved game, not a replay of a finished game")
    return record


def run_replay(record: dict, catalog=None) -> ReplayResult:
    """Re-run a checked replay record without agents and compare the final state hash."""
    from adventures.rules.runner import play_adventure

    dry = _DryAgent()
    players = len(record["scenario"]["seats"])
    problem = ""
    note = ""
    try:
        game = restore(record, {seat: dry for seat in range(players)}, dry, catalog)
        note = content_warning(record, game)
        if record.get("kind") == "match":
            from adventures.competitive.setup import run_match
            over = run_match(game, game.scenario.max_turns)
            winner, rounds, decisions = over.winner, game.round, game.decision_count
        else:
            # The original stopped at this round: by a result in it, or by the round cap.
            result = play_adventure(game, max_rounds=max(1, record["round"]))
            winner, rounds, decisions = result.winner, result.rounds, result.decisions
        if game.replay_queue:
            problem = f"the game ended with {len(game.replay_queue)} recorded answer(s) left over"
    except ReplayDiverged as exc:
        return ReplayResult("", record["state_hash"], "", 0, 0, str(exc), note)
    except (ValueError, SaveError) as exc:   # Game.decide: a recorded answer is not a legal option
        return ReplayResult("", record["state_hash"], "", 0, 0, f"a recorded answer does not fit: {exc}", note)
    return ReplayResult(state_hash(game), record["state_hash"], winner, rounds, decisions, problem, note)


def answers_problem(record: dict, catalog=None) -> str:
    """Why the recorded answers of a checked save or replay record do not play ('' when
    they do): what loading it to play does, run without agents. A replay re-runs to its end
    and must end on its recorded hash; a save's answers must each fit until they run out."""
    if record.get("replay"):
        result = run_replay(record, catalog)
        if result.problem:
            return result.problem
        return "" if result.identical else (f"the re-run ends on state hash {result.state_hash}, "
                                            f"not the recorded {result.expected}")
    from adventures.rules.runner import run_rounds
    dry = _DryAgent()
    game = None
    try:
        game = restore(record, {seat: dry for seat in range(len(record["scenario"]["seats"]))}, dry, catalog)
        if record.get("kind") == "match":
            from adventures.competitive.setup import run_match
            run_match(game, game.scenario.max_turns)
        else:
            run_rounds(game)
    except ReplayDiverged:
        return ""           # the answers ran out where the game was saved: it plays on from there
    except (ValueError, SaveError) as exc:
        return f"a recorded answer does not fit: {exc}"
    left = len(game.replay_queue) if game is not None else 0
    return f"the game ended with {left} recorded answer(s) left over" if left else ""
