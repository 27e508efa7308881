"""What a villain's objective asks of the heroes, as the bots read it, behind one seam.

The bots (heuristic.py, features.py for the strong bot, the expert through them) know no
villain: when the threat track presses, they ask the game's `VillainFacts` how much the
objective presses (`pressure`), who should work on it this maneuver (`plan`), what a
fighter's move would do for it (`reach`, `destination_score`, `move_facts`), what crossing a
path costs (`crossing`) and how to answer the villain's own questions (`answer`). Each
villain's own module registers its facts here (adventures/villains/<name>_bots.py: Shredder's
Foot soldiers and boroughs, Krang's Doomsday Machines), keyed by its rules plugin, so a new
villain adds a module and changes no bot. A villain without facts asks nothing of the heroes.

Facts are shared by every bot: what one bot keeps between decisions (a sweep search's
answer) goes in that bot's `villain_notes`, which it empties at a new game.
"""
from __future__ import annotations

from typing import Callable

FACTS: dict[str, VillainFacts] = {}


def villain_facts(villain: str):
    """Register a villain's facts (a class, made once) under its rules plugin key."""
    def deco(cls):
        FACTS[villain] = cls()
        return cls
    return deco


class VillainFacts:
    """The default: an objective that asks nothing of the heroes' moves."""

    def tokens_key(self, adv) -> tuple:
        """A cheap fingerprint of the objective's tokens on the board: facts cached by a bot
        are kept while it is unchanged."""
        return ()

    def pressure(self, game) -> tuple[str, int, float]:
        """(duty, per-round extra threat, urgency): what the objective asks of the heroes;
        urgency 3: doing the duty now stops the objective completing this round, 1: it
        slows the track, 0: nothing useful to do."""
        return "", 0, 0.0

    def plan(self, bot, game, side, duty: str, steps: int) -> tuple:
        """(fighter, duty) of `side` that should do the duty this maneuver of up to `steps`
        spaces, or (None, "") when none can do it now."""
        return None, ""

    def reach(self, bot, game, fighter, steps: int) -> float:
        """How much of the duty `fighter` can do with a move of up to `steps` spaces."""
        return 0.0

    def destination_score(self, bot, game, fighter, steps: int, vdist) -> Callable[[int], float]:
        """The score of ending the duty fighter's move on each space (`vdist`: each space's
        distance to the villain, the tie-break)."""
        return lambda s: -0.1 * vdist[s]

    def move_facts(self, bot, game, fighter, steps: int) -> tuple[set[int], dict[int, float] | None]:
        """(spaces where standing does the duty, {space: what a route there does for it} or
        None): what the strong bot's features read of a move (adventures/bots/features.py)."""
        return set(), None

    def crossing(self, bot, game, fighter) -> Callable[[int, int], float] | None:
        """The extra cost of `fighter` stepping from a to b (a route's cost), or None."""
        return None

    def answer(self, bot, game, decision) -> int:
        """The villain's own questions to a hero's seat (the tags the heuristic routes here)."""
        return 0


NO_FACTS = VillainFacts()
# The plugins of the adventure asked last and its villain's facts: a game's plugins are a
# tuple replaced whenever one joins (AdvState.add_plugin), so its identity says "unchanged".
_last: list = [None, NO_FACTS]


def facts_of(game) -> VillainFacts:
    """The facts of the game's villain (NO_FACTS in a competitive game or for a villain
    that registered none)."""
    adv = getattr(game, "adv", None)
    if adv is None:
        return NO_FACTS
    plugins = adv.plugins
    if plugins is _last[0]:
        return _last[1]
    facts = NO_FACTS
    for plugin in plugins:
        if getattr(plugin, "role", None) == "villain":
            facts = FACTS.get(plugin.key, NO_FACTS)
            break
    _last[0], _last[1] = plugins, facts
    return facts
