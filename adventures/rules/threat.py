"""The threat track (Adventures p.12): one space at a time; at the end the villain
completes its objective, extra movement is ignored and the marker returns to the start.
The fourth completion loses the game."""
from __future__ import annotations

from engine.game import Game

OBJECTIVES_TO_LOSE = 4


def said(reason: str, what: str) -> str:
    """A log line with its cause first: "Bebop found no target: the threat advances 1 to
    space 5 of 16." (`reason` names who or what did it; without one, just the sentence)."""
    return f"{reason}: {what}" if reason else what[:1].upper() + what[1:]


def advance_threat(game: Game, n: int, reason: str = "") -> None:
    """Move the marker `n` spaces; `reason` says why in the log ("Foot Soldier",
    "Shredder's card at the end of the round", "Bebop found no target")."""
    adv = game.adv
    for _ in range(max(0, n)):
        adv.threat += 1
        if adv.threat >= adv.track_length - 1:
            game.log("threat", said(reason, "the threat reaches the end of the track."), threat=adv.threat)
            complete_objective(game)
            return
    if n > 0:
        if game.events is not None:   # no text to build in batch runs (the log is off)
            game.log("threat", said(reason, f"the threat advances {n} to space {adv.threat + 1} of "
                                            f"{adv.track_length}."), threat=adv.threat, amount=n)


def complete_objective(game: Game) -> None:
    adv = game.adv
    adv.completions += 1
    game.log("objective", f"{adv.villain.name} completes the objective: {adv.completions} of {OBJECTIVES_TO_LOSE} "
             "(the fourth loses the game).", completions=adv.completions)
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
