"""Hero bots and the "players choose" policy.

`make_agents(scenario)` builds the agents of one game from a scenario's seats:
`{seat: agent}` plus the table agent. Seats marked `human` are played by the heuristic
bot when there is no human (the simulator). Which bots there are is said once, in
`adventures.bots.registry`.
"""
from __future__ import annotations

from collections.abc import Mapping

from adventures.bots import registry
from adventures.bots.expert import ExpertBot
from adventures.bots.heuristic import HeuristicBot
from adventures.bots.random_bot import RandomBot
from adventures.bots.strong import StrongBot
from adventures.bots.table import TablePolicy


class _Classes(Mapping):
    """Bot name -> the class of its co-op agent, read from the registry as it is now."""

    def __getitem__(self, name: str):
        if name not in registry.KINDS:
            raise KeyError(name)
        return registry.bot_class(name)

    def __iter__(self):
        return iter(list(registry.KINDS))

    def __len__(self) -> int:
        return len(registry.KINDS)


BOTS = _Classes()

__all__ = ["BOTS", "ExpertBot", "HeuristicBot", "RandomBot", "StrongBot", "TablePolicy", "make_agents", "make_bot"]


def make_bot(kind: str, **options):
    return registry.make_bot(kind, **options)


def make_agents(scenario, options: dict | None = None) -> tuple[dict, object]:
    """Fresh agents for one game. Seats sharing a bot kind share one instance (bots keep
    only per-turn notes). The table plays like seat 0: a random table for random bots
    (a fully random baseline), the TablePolicy otherwise. `options`: {bot kind: keyword
    arguments} (the expert's budget, ...)."""
    shared: dict[str, object] = {}
    agents = {}
    for i, seat in enumerate(scenario.seats):
        if seat.bot not in shared:
            shared[seat.bot] = make_bot(seat.bot, **(options or {}).get(seat.bot, {}))
        agents[i] = shared[seat.bot]
    table = RandomBot() if scenario.seats[0].bot == "random" else TablePolicy()
    return agents, table
