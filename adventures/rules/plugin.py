"""Special rules of a villain, minion or advanced module, as a plugin of hooks.

Each enemy definition names its plugin (`rules:` in YAML). AdventureRules calls every
active plugin at the same seams the core engine exposes, plus the Adventures-specific
ones (setup, end of round, objective, threat level).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game
    from engine.rules import MoveContext
    from engine.state import Card, Combat, Fighter, Side

PLUGINS: dict[str, type[EnemyPlugin]] = {}

# The seams asked for every route, step, maneuver, enemy turn, combat and weighed defense
# value: only the plugins whose class overrides them are called (AdvState.hooked).
HOOKS = ("path_signature", "before_move", "on_step", "on_placed", "after_maneuver", "defense_modifier",
         "after_combat", "before_enemy_turn", "combat_card")


def register(name: str):
    def deco(cls):
        PLUGINS[name] = cls
        cls.key = name
        if cls.role is None:      # villains' rules live in adventures/villains, minions' in minions/
            package = cls.__module__.split(".")
            cls.role = "villain" if "villains" in package else "minion" if "minions" in package else None
        return cls
    return deco


class EnemyPlugin:
    key = ""
    role: str | None = None               # "villain" or "minion": who these rules are written for
    supply_needed: dict[str, int] = {}    # tokens the rules count on, exactly (checked at load time)

    def __init__(self, side: Side | None, defn=None):
        self.side = side          # the enemy side (None for non-enemy modules)
        self.defn = defn

    # setup and round
    def setup(self, game: Game) -> None: ...
    def end_of_round(self, game: Game) -> None: ...

    # villains only
    def objective(self, game: Game) -> None:
        """The villain completes its objective once (threat track end)."""

    def threat_level(self, game: Game) -> int | None:
        return None

    def end_of_round_threat(self, game: Game) -> int:
        """How many spaces the villain's initiative card advances the threat this round."""
        return 1

    def end_of_round_threat_why(self, game: Game, n: int) -> tuple[str, list[str], list, bool]:
        """How `end_of_round_threat` counted, for the "why?" record: (page, steps, candidates,
        whether the rule is ours rather than the rulebook's)."""
        return plain_threat_why(game, n)

    # movement seams (see engine.rules.Rules)
    def path_signature(self, game: Game, fighter: Fighter, path, mctx: MoveContext):
        return None

    def before_move(self, game: Game, fighter: Fighter, path, mctx: MoveContext) -> None: ...
    def on_step(self, game: Game, fighter: Fighter, frm: int, to: int, mctx: MoveContext) -> None: ...
    def on_placed(self, game: Game, fighter: Fighter, space: int) -> None: ...
    def after_maneuver(self, game: Game, side: Side, mctx: MoveContext) -> None: ...

    # combat seams
    def defense_modifier(self, game: Game, fighter: Fighter) -> int:
        return 0

    def before_enemy_turn(self, game: Game, side: Side) -> bool:
        """Return True to replace the standard enemy turn entirely."""
        return False

    def combat_card(self, game: Game, side: Side, card: Card) -> Card | None:
        """Called when this plugin's enemy reveals `card`; return a replacement or None."""
        return None

    def after_combat(self, game: Game, combat: Combat) -> None: ...


def hooked_plugins(plugins: tuple) -> dict[str, list]:
    """Hook name (HOOKS) -> the plugins whose class overrides EnemyPlugin's do-nothing
    hook, in plugin order."""
    return {hook: [p for p in plugins if getattr(type(p), hook) is not getattr(EnemyPlugin, hook)]
            for hook in HOOKS}


def plain_threat_why(game: Game, n: int) -> tuple[str, list[str], list, bool]:
    """A villain card that advances the threat with no special rule of its own (Adventures p.12)."""
    from adventures.rules import reasons
    return reasons.THREAT_PAGE, [f"End of the round, {game.adv.villain.name}'s card: the threat advances {n}."], [], True
