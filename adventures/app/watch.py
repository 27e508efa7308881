"""Watching a finished game again, in the app: its record replayed move by move.

The end screen offers it ("Watch replay"). The record is the replay file the end screen
exported (adventures/persistence/replay.py), or the game's own record when that could not
be written. Every decision is answered from the record, so the game plays out exactly as
it did; nobody is asked anything, and every turn is paced like a bot's, so the table can
follow it (Space skips to the end of a turn). A watched game never touches the autosave.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from adventures.app.controller import GameController, GameSetup, LoadFailed
from engine.decisions import ReplayAgent

WATCHING = "Watching the replay: Space skips to the end of a turn."


@dataclass
class WatchSetup(GameSetup):
    """A finished game to watch: its setup and every answer given in it."""

    answers: list[int] = field(default_factory=list)
    original: GameSetup | None = None         # the game watched ("Play again" plays it anew)
    replay_path: Path | None = None           # its replay file, kept by the first end screen

    @property
    def human_seats(self) -> set[int]:
        return set()                          # nobody decides: the record does

    @property
    def controller_class(self):
        return WatchController


def watch_setup(game, setup: GameSetup, replay_path: Path | None) -> WatchSetup:
    """What watching `game` (just finished, set up by `setup`) plays: its replay file when
    there is one, else the game's own record."""
    from adventures.persistence.replay import load_replay
    from adventures.persistence.save import SaveError, definition_of, game_record
    record = None
    if replay_path is not None:
        try:
            record = load_replay(replay_path)
        except SaveError:          # gone or damaged since: the game in memory says the same
            record = None
    if record is None:
        record = game_record(game)
    original = setup.original if isinstance(setup, WatchSetup) else setup
    return WatchSetup(definition_of(record), record["seed"], open_hands=not record.get("hidden_hands", False),
                      answers=list(record["answers"]), original=original, replay_path=replay_path)


class WatchController(GameController):
    """Plays a WatchSetup: every seat and the table answer from the record."""

    def __init__(self, app, setup: WatchSetup, *args, **kwargs):
        super().__init__(app, setup, *args, **kwargs)
        self.message = self.message or WATCHING

    def agents(self):
        record = ReplayAgent(self.setup.answers)         # one stream of answers, in the order given
        return {i: record for i in range(len(self.setup.scenario.seats))}, record

    def run(self):
        try:
            return super().run()
        except Exception as exc:       # other content or rules since: say so on the new-game screen
            raise LoadFailed(f"The replay cannot be played with the current rules ({exc}).") from exc

    def autosave(self) -> None:
        pass                           # the game in progress, if any, stays the one to continue

    def forget_autosave(self) -> None:
        pass
