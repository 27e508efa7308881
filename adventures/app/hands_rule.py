"""Whether the players' hands are open or hidden in a game set up on the new-game screen:
one rule for the co-op and the competitive form (issue 39: hands are a rule of the game,
set at setup, never changed silently)."""
from __future__ import annotations

from typing import NamedTuple

OPEN_WARNING = "Open to all: every player at this device sees every hand."
HIDDEN_NOTE = "Hidden: each player sees their own hand only, behind a \"Pass to…\" curtain."


class HandsRule(NamedTuple):
    open_hands: bool       # GameSetup.open_hands
    offered: bool          # whether the screen offers a choice (Hidden / Open) at all
    text: str              # what the Hands row says when it offers no choice


def hands_rule(humans: int, mode: str, chosen: bool | None) -> HandsRule:
    """The hands setting of a game with `humans` human seats in `mode` ("adventure" or
    "match"), given the table's own choice `chosen` (True open, False hidden, None not made).

    - Two or more human seats share the device (hot seat), in either mode: hidden unless the
      table chose open (`chosen is True`); each player sees their own hand behind a curtain.
    - One human seat (or none): nobody needs a curtain, so Hidden is not offered and
      `chosen` is ignored. Co-op: hands are open (the bots are the player's team).
      Competitive: the opponents' hands are secret by the core rules, so the game keeps
      hands hidden (a player's own hand is always shown to them).
    """
    if humans >= 2:
        return HandsRule(chosen is True, True, "")
    if mode == "match":
        return HandsRule(False, False, "Opponents' hands are secret (core rules); yours is shown to you.")
    if humans == 1:
        return HandsRule(True, False, "Open: one player at this device, who sees the bots' hands too.")
    return HandsRule(True, False, "Open: the bots play and you watch every hand.")
