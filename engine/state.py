"""Runtime game state: plain slotted dataclasses, cheap to create and mutate.

Identity matters (two copies of a card are different cards), so these use `eq=False`.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

HERO, SIDEKICK, VILLAIN, MINION = "hero", "sidekick", "villain", "minion"


def _copy_slots(obj, memo: dict, deep: tuple[str, ...]):
    """deepcopy for a slotted record: the `deep` fields and any list, dict or set are
    copied, the rest (names, numbers, content tuples) shared. A game clone copies
    hundreds of cards; the generic path is several times slower."""
    cls = type(obj)
    twin = cls.__new__(cls)
    memo[id(obj)] = twin
    for name in cls.__slots__:
        value = getattr(obj, name)
        if name in deep or isinstance(value, (list, dict, set)):
            value = copy.deepcopy(value, memo)
        setattr(twin, name, value)
    return twin
ATTACK, DEFENSE, VERSATILE, SCHEME = "attack", "defense", "versatile", "scheme"


@dataclass(slots=True, frozen=True)
class Effect:
    timing: str
    text: str
    ops: tuple
    when: str = "any"            # attack | defense | any  (enemy split boxes)
    uncancellable: bool = False


@dataclass(slots=True, eq=False)
class Card:
    uid: int
    name: str
    kind: str                    # attack | defense | versatile | scheme
    value: int | None            # printed value (enemies: attack value)
    boost: int                   # 0 when no BOOST is printed (then `boostable` is False)
    fighter: str                 # "any" or a fighter's name
    effects: tuple[Effect, ...]
    owner: Side
    defense: int | None = None   # enemies: the separate defense value
    deception: bool = False
    fury: bool = False
    tags: tuple[str, ...] = ()
    requirement: tuple = ()
    boostable: bool = True       # False: no BOOST printed, never spent to boost
    boost_roll: bool = False     # the BOOST is rolled on the die when spent (game.boost_value)


    @property
    def boost_text(self) -> str:
        """The BOOST as printed for labels: a number, or "die" when it is rolled."""
        return "die" if self.boost_roll else str(self.boost)

    @property
    def can_attack(self) -> bool:
        return self.kind == ATTACK or self.kind == VERSATILE

    @property
    def can_defend(self) -> bool:
        return self.kind == DEFENSE or self.kind == VERSATILE

    def printed(self, role: str | None = None) -> int:
        """The printed value; for enemy cards the defense value only while defending."""
        if role == "defense" and self.defense is not None:
            return self.defense
        return self.value or 0

    def __repr__(self) -> str:
        return f"<{self.name}#{self.uid}>"

    def __deepcopy__(self, memo):
        return _copy_slots(self, memo, ("owner",))


@dataclass(slots=True, eq=False)
class Fighter:
    uid: int
    name: str
    kind: str                    # hero | sidekick | villain | minion
    side: Side
    max_health: int
    health: int
    ranged: bool = False
    small: bool = False
    space: int | None = None     # board index; None when not on the board
    alive: bool = True
    label: str = ""              # short token label for the UI
    # The side's `is_enemy`, copied at creation (a fighter never changes side): asked about
    # every fighter in enemy and bot decisions, a plain field is cheaper than a property.
    is_enemy: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.is_enemy = self.side.is_enemy

    def __repr__(self) -> str:
        return f"<{self.name}#{self.uid} {self.health}hp @{self.space}>"

    def __deepcopy__(self, memo):
        return _copy_slots(self, memo, ("side",))


@dataclass(slots=True, eq=False)
class Side:
    """A player (heroes, sidekicks, deck, hand) or one enemy fighter with its deck."""

    index: int
    name: str
    team: int
    is_enemy: bool = False
    fighters: list[Fighter] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)    # top of deck = last element
    hand: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    removed: list[Card] = field(default_factory=list)  # out of the game
    stored: list[Card] = field(default_factory=list)   # e.g. Black Panther's Vibranium Suit
    # Played cards tucked under the hero card for good (Donatello's inventions): public,
    # not in the discard pile, never played again.
    tucked: list[Card] = field(default_factory=list)
    move: int = 2
    hero_key: str = ""
    ability: Any = None          # engine.abilities.Ability instance
    eliminated: bool = False
    start_space: int | None = None
    actions_left: int = 0
    hand_limit: int = 7
    data: dict = field(default_factory=dict)   # per-hero bookkeeping (Alice's size, ...)
    # What happened during the current turn, stamped with `game.turn` so it resets itself:
    # {"turn": N, "played": cards played, "lost": combats lost, "won": combats won, ...}
    this_turn: dict = field(default_factory=dict)

    @property
    def hero(self) -> Fighter | None:
        for f in self.fighters:
            if f.kind == HERO or f.kind == VILLAIN or f.kind == MINION:
                return f
        return None

    @property
    def alive_fighters(self) -> list[Fighter]:
        return [f for f in self.fighters if f.alive]

    def all_cards(self) -> list[Card]:
        return self.deck + self.hand + self.discard + self.removed + self.stored + self.tucked

    def whose(self, actor: Side | None) -> str:
        """How a log line names this side's pile when `actor` acts on it: "their own" for the
        actor's own (the content gives no hero's pronoun), else "Raphael's"."""
        return "their own" if actor is self else f"{self.name}'s"

    def __repr__(self) -> str:
        return f"<Side {self.index} {self.name}>"


@dataclass(slots=True, eq=False)
class Combat:
    attacker: Fighter
    defender: Fighter
    att_card: Card | None = None
    def_card: Card | None = None
    att_mod: int = 0
    def_mod: int = 0
    att_set: int | None = None       # "the value of this card is N instead"
    def_set: int | None = None
    att_ignored: bool = False        # ignored values count as 0 whatever the modifiers
    def_ignored: bool = False
    # uids of cards whose effects are all cancelled, or (uid, timing) when only the effects
    # of one timing are (Break Something cancels DURING and AFTER COMBAT effects only)
    cancelled: set = field(default_factory=set)
    damage: int = 0
    winner: str | None = None        # "attacker" | "defender"
    resolved: bool = False
    revealed: bool = False           # both cards turned face up (before: each is its owner's secret)
    return_to_hand: set = field(default_factory=set)  # card uids that go back to hand
    # card uids already put in a pile by their own effect (Relentless shuffles itself into
    # the deck): clean-up leaves them there instead of discarding them
    settled: set = field(default_factory=set)
    extra: dict = field(default_factory=dict)

    def card_of(self, role: str) -> Card | None:
        return self.att_card if role == "attacker" else self.def_card

    def fighter_of(self, role: str) -> Fighter:
        return self.attacker if role == "attacker" else self.defender


class GameOver(Exception):
    """Raised the moment a game ends; carries the result."""

    def __init__(self, winner: str, reason: str):
        super().__init__(f"{winner}: {reason}")
        self.winner = winner
        self.reason = reason
