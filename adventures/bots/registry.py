"""The one list of who may play a seat: every bot, and "human", named once.

Each entry gives the name scenario files, saves and command options use, the word the
new-game screen shows, how to build the co-op agent, and the agent it plays competitive
seats with (None: it plays no competitive seat). Every command's bot option
(`choices=bot_names()`), the new-game screen's seat controls (`seat_controls()`), the
content schema (engine.content.seat_bots, filled from here) and `make_bot` read it, so a new
bot is one `register(...)` line (tests/test_bot_registry.py registers a toy one).

Agents are named as "module:Class" and imported when the first one is built: naming the bots
costs nothing, and this module imports no bot.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from engine.content import seat_bots


@dataclass(frozen=True)
class BotKind:
    name: str                            # what scenario files, saves and options say
    label: str                           # the new-game screen's word for it
    build: str | Callable[..., Any]      # the co-op agent: "module:Class" or a factory
    duel: str | Callable[..., Any] | None = None   # the competitive agent; None: plays no competitive seat
    person: bool = False                 # a person plays it in the app; runs seat `build` in their place
    about: str = ""                      # the new-game screen's hover: what playing with it is like

    @property
    def competitive(self) -> bool:
        return self.person or self.duel is not None


KINDS: dict[str, BotKind] = {}


def register(kind: BotKind) -> BotKind:
    KINDS[kind.name] = kind
    seat_bots.register(kind.name, kind.competitive)
    return kind


def unregister(name: str) -> None:
    KINDS.pop(name, None)
    seat_bots.unregister(name)


def bot_names() -> list[str]:
    """The bots a command may play (every kind but a person's seat), in the registry's order."""
    return [k.name for k in KINDS.values() if not k.person]


def seat_controls() -> list[tuple[str, str]]:
    """(name, label) of who may play a co-op seat, as the new-game screen offers them."""
    return [(k.name, k.label) for k in KINDS.values()]


def about(name: str) -> str:
    """What playing with this seat's player is like, in a sentence (the new-game screen's hover)."""
    kind = KINDS.get(name)
    return kind.about if kind is not None else ""


def _made(factory, **options):
    if isinstance(factory, str):
        module, _, attr = factory.partition(":")
        factory = getattr(importlib.import_module(module), attr)
    return factory(**options)


def make_bot(name: str, **options):
    """A fresh co-op agent of bot `name` (ValueError for an unknown one)."""
    kind = KINDS.get(name)
    if kind is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(KINDS)})")
    return _made(kind.build, **options)


def make_duelist(name: str):
    """A fresh agent for a competitive seat of bot `name`; None for a person's seat."""
    kind = KINDS.get(name)
    if kind is None or not kind.competitive:
        raise ValueError(f"bot {name!r} plays no competitive seat")
    return None if kind.duel is None else _made(kind.duel)


def bot_class(name: str):
    """The class a co-op agent of `name` is (for `isinstance` checks and tests)."""
    build = KINDS[name].build
    if isinstance(build, str):
        module, _, attr = build.partition(":")
        return getattr(importlib.import_module(module), attr)
    return build


# The order is the new-game screen's: a person first, then the bot it suggests. "Bot" is the
# strong bot (issue 27: a partner that plays well at once); "Simple" the heuristic bot it
# re-ranks, the bot the shipped scenario files name.
register(BotKind("human", "You", "adventures.bots.heuristic:HeuristicBot", person=True,
                 about="A person at this device plays this seat: every choice is theirs."))
register(BotKind("strong", "Bot", "adventures.bots.strong:StrongBot",
                 about="A good partner that answers at once. The difficulty levels are measured with it, "
                       "so a team of Bots wins about as often as the level says."))
register(BotKind("master", "Master", "adventures.bots.master:MasterBot",    # issue 43: learnt from expert-strong
                 about="The Bot with what it learnt from the Expert's choices: as quick, and a little "
                       "stronger when it plays alone; with 2 or more players it plays as the Bot."))
# "Expert" searches with the best rollout policy (BEST_ROLLOUT_BOT below,
# strong-bot futures since issue 43).
register(BotKind("expert", "Expert", "adventures.bots.expert:best_expert",
                 about="Plays out possible futures before each choice, up to a second a choice: the "
                       "strongest player here, and the slowest."))
register(BotKind("heuristic", "Simple", "adventures.bots.heuristic:HeuristicBot",
                 duel="adventures.bots.duelist:DuelistBot",
                 about="Plays by a few rules of thumb: quick and easy to read, and weaker than the Bot."))
register(BotKind("random", "Random", "adventures.bots.random_bot:RandomBot", duel="engine.decisions:RandomAgent",
                 about="Picks any move the rules allow, at random: to test a scenario, not to win."))


# A registered bot with other settings, by the name a command's bot option takes: (the
# seats' bot, its options). The expert's futures by name, so runs made before issue 43
# ("expert" then played simple-bot futures) can be reproduced; "expert-strong" is
# issue 27's name for what "expert" plays now.
BEST_ROLLOUT_BOT = "strong"     # who plays the futures of the expert the app and commands name (issue 43)
VARIANTS: dict[str, tuple[str, dict]] = {
    "expert-heuristic": ("expert", {"rollout_bot": "heuristic"}),
    "expert-strong": ("expert", {"rollout_bot": "strong"}),
}


def variant(name: str) -> tuple[str, dict]:
    """(the seats' bot, its options) of a bot option's value. "expert" names its rollout bot
    too, so a run's records and what it asked for agree (`adventures.sim.runner.bots_asked`)."""
    if name == "expert":
        return "expert", {"rollout_bot": BEST_ROLLOUT_BOT}
    return VARIANTS.get(name, (name, {}))


def expert_options(name: str, **budget) -> dict:
    """The expert's options in a run asked for bot `name` (a scenario's own expert seats
    included): its `budget` and the rollout bot of that variant, else of "expert"."""
    kind, extra = variant(name)
    return {**budget, **(extra if kind == "expert" else variant("expert")[1])}
