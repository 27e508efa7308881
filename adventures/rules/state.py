"""Adventures runtime state kept beside the core game state."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adventures.rules.plugin import hooked_plugins
from engine.state import Side

PLAYER, ENEMY, SPECIAL, ALLY, HENCHMAN = "player", "enemy", "special", "ally", "henchman"


@dataclass(slots=True, eq=False)
class InitCard:
    key: str
    name: str
    owner: str                       # player | enemy | special | ally | henchman
    side: Side | None = None         # whose turn it gives (players and enemies)
    move: int | None = None          # enemy move value printed on the card
    right_now: str = ""
    right_now_ops: tuple = ()
    end_of_round: str = ""
    end_of_round_ops: tuple = ()
    removed: bool = False            # out of the game (owner defeated, knocked out)
    source: Any = None               # the plugin that owns this card (for hooks)

    def __repr__(self) -> str:
        return f"<Init {self.name}>"


@dataclass(slots=True, eq=False)
class AdvState:
    players: int
    villain: Side
    minions: list[Side]
    threat_levels: list[int]
    threat_numbered: bool = True     # whether the track prints its levels (Krang's does not)
    threat: int = 0                  # index on the threat track
    completions: int = 0             # objectives achieved (4 = heroes lose)
    deck: list[InitCard] = field(default_factory=list)   # top = index 0
    row: list[InitCard] = field(default_factory=list)
    all_cards: list[InitCard] = field(default_factory=list)
    # villain + minion + ally rules objects; a tuple, so a plugin can only come in through
    # add_plugin, which also lists the hooks it overrides (`hooked`)
    plugins: tuple[Any, ...] = ()
    tokens: dict[str, set[int]] = field(default_factory=dict)   # token type -> spaces
    supply: dict[str, int] = field(default_factory=dict)        # token type -> left in supply
    supply_total: dict[str, int] = field(default_factory=dict)
    seats: dict[int, Side] = field(default_factory=dict)         # player order number -> side
    history: list[dict] = field(default_factory=list)            # per-round summary for sims
    extra_turns: int = 0
    data: dict = field(default_factory=dict)
    # hook name -> the plugins overriding it (plugin.hooked_plugins), kept by add_plugin
    hooked: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.hooked = hooked_plugins(self.plugins)

    def add_plugin(self, plugin) -> None:
        self.plugins = (*self.plugins, plugin)
        self.hooked = hooked_plugins(self.plugins)

    @property
    def track_length(self) -> int:
        return len(self.threat_levels)

    def place_token(self, kind: str, space: int) -> bool:
        """One token of a type per space; nothing happens when the supply is empty (p.11)."""
        spaces = self.tokens.setdefault(kind, set())
        if space in spaces or self.supply.get(kind, 0) <= 0:
            return False
        spaces.add(space)
        self.supply[kind] -= 1
        return True

    def remove_token(self, kind: str, space: int) -> bool:
        spaces = self.tokens.get(kind, set())
        if space not in spaces:
            return False
        spaces.discard(space)
        self.supply[kind] = self.supply.get(kind, 0) + 1
        return True
