"""The threat track (Adventures p.12): one space at a time; at the end the villain
completes its objective, extra movement is ignored and the marker returns to the start.
The fourth completion loses the game."""
from __future__ import annotations

from engine.game import Game

OBJECTIVES_TO_LOSE = 4


def advance_threat(game: Game, n: int, reason: str = "") -> None:
    adv = game.adv
    for _ in range(max(0, n)):
        adv.threat += 1
        if adv.threat >= adv.track_length - 1:
            game.log("threat", f"The threat reaches the end of the track{': ' + reason if reason else ''}.",
                     threat=adv.threat)
            complete_objective(game)
            return
    if n > 0:
        if game.events is not None:   # no text to build in batch runs (the log is off)
            game.log("threat", f"The threat advances {n} ({reason}) to {adv.threat + 1}/{adv.track_length}.",
                     threat=adv.threat, amount=n)


def complete_objective(game: Game) -> None:
    adv = game.adv
    adv.completions += 1
    game.log("objective", f"{adv.villain.name} completes the objective ({adv.completions}/{OBJECTIVES_TO_LOSE}).",
             completions=adv.completions)
    # The objective resolves first (the fourth borough falls), then the loss (p.14).
    adv.data["resolving_objective"] = True       # the 4th may ask decisions before the loss
    try:
        for plugin in adv.plugins:
            if plugin.side is adv.villain:
                plugin.objective(game)
    finally:
        adv.data.pop("resolving_objective", None)
    if adv.completions >= OBJECTIVES_TO_LOSE:
        game.end("villain", f"{adv.villain.name} completed the objective {OBJECTIVES_TO_LOSE} times")
    adv.threat = 0


def threat_level(game: Game) -> int:
    adv = game.adv
    for plugin in adv.plugins:
        level = plugin.threat_level(game)
        if level is not None:
            return level
    return adv.threat_levels[adv.threat]
