"""Hero bots and the "players choose" policy.

`make_agents(scenario)` builds the agents of one game from a scenario's seats:
`{seat: agent}` plus the table agent. Seats marked `human` are played by the heuristic
bot when there is no human (the simulator).
"""
from __future__ import annotations

from adventures.bots.expert import ExpertBot
from adventures.bots.heuristic import HeuristicBot
from adventures.bots.random_bot import RandomBot
from adventures.bots.strong import StrongBot
from adventures.bots.table import TablePolicy

BOTS = {"heuristic": HeuristicBot, "random": RandomBot, "expert": ExpertBot, "strong": StrongBot,
        "human": HeuristicBot}

__all__ = ["BOTS", "ExpertBot", "HeuristicBot", "RandomBot", "StrongBot", "TablePolicy", "make_agents", "make_bot"]


def make_bot(kind: str, **options):
    try:
        cls = BOTS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOTS)})") from None
    return cls(**options)


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
