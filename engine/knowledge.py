"""Known positions: which face-down cards a seat has legitimately seen, and where.

A shuffle hides every card of a pile; some effects show one: Donatello slides a card
from his hand under his deck, a player looks at a top card and leaves it or buries it,
an enemy's card goes back on top of its deck after a combat, an initiative card moves
to the bottom. Those effects call `learn`; `Game.shuffle` forgets (`forget_all`). The
record is `game.known`: a card's key (its uid; `("init", i)` for the i-th initiative
card) -> who saw where it lies (a seat, or PUBLIC). A known card keeps its place while
its pile changes only at its ends (draws from the top, cards slid under), which is how
every pile is used between two shuffles. An effect that puts a card into a deck without
a shuffle learns it again, so a stale entry never outlives a move.

`adventures.rules.view.seat_view` is the one reader (bots, the expert's sampling, the app).
"""
from __future__ import annotations

from typing import Any

PUBLIC = "public"       # everyone at the table saw it


def learn(game, key: Any, who: int | str) -> None:
    """`who` (a seat, or PUBLIC) now knows where the card with this key lies."""
    game.known[key] = who


def forget_all(game, cards) -> None:
    """A pile was shuffled: nobody knows where its cards lie any more."""
    known = game.known
    if known:
        for c in cards:
            known.pop(getattr(c, "uid", None), None)


def knows(game, key: Any, seat: int, shared: bool) -> bool:
    """Whether `seat` knows where this card lies. `shared`: the players' hands are open,
    so what one player saw the team knows (co-op players talk)."""
    who = game.known.get(key)
    if who is None:
        return False
    return who == PUBLIC or who == seat or (shared and isinstance(who, int) and who >= 0)
