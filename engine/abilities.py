"""Hero special abilities.

Most abilities are effect-language triggers in the hero's YAML (`ability.triggers`).
Rules the ops cannot express are Python plugins registered here by name and named by
the YAML `ability.plugin`; a plugin subclasses `Ability` and overrides hooks.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.effects.resolve import Ctx, run_ops

if TYPE_CHECKING:
    from engine.state import Card, Combat, Side

PLUGINS: dict[str, type[Ability]] = {}


def plugin(name: str):
    def deco(cls):
        PLUGINS[name] = cls
        return cls
    return deco


class Ability:
    """Base ability: runs YAML triggers on the matching hooks."""

    def __init__(self, side: Side, name: str = "", text: str = "", triggers: tuple = ()):
        self.side = side
        self.name = name
        self.text = text
        self.triggers: dict[str, list] = {}
        for t in triggers:
            self.triggers.setdefault(t.on, []).extend(t.ops)

    def _fire(self, game, on: str, combat: Combat | None = None, role: str | None = None) -> None:
        ops = self.triggers.get(on)
        if not ops or self.side.eliminated:
            return
        fighter = self.side.hero if self.side.hero and self.side.hero.alive else None
        if combat is not None and role is not None:
            fighter = combat.fighter_of(role)
        ctx = Ctx(game, self.side, fighter, None, combat, role)
        run_ops(ctx, ops)

    # Hooks the engine calls. Plugins override and may call super().
    def game_start(self, game) -> None:
        self._fire(game, "game_start")

    def start_of_turn(self, game) -> None:
        self._fire(game, "start_of_turn")

    def end_of_turn(self, game) -> None:
        self._fire(game, "end_of_turn")

    def attack_declared(self, game, combat: Combat) -> None:
        """This side attacks: the attack card is chosen face down, before the defender
        chooses a defense card (King Arthur's face-down BOOST, base-set scan p.3)."""

    def during_combat(self, game, combat: Combat, role: str) -> None:
        self._fire(game, "during_combat", combat, role)
        self._fire(game, "on_attack" if role == "attacker" else "on_defend", combat, role)

    def acts_during_combat(self, game, combat: Combat, role: str) -> bool:
        """Whether this ability has something to resolve during this combat (so the player
        is asked to order it against the card's own during-combat effect)."""
        if type(self).during_combat is not Ability.during_combat:
            return True
        return bool(self.triggers.get("during_combat")
                    or self.triggers.get("on_attack" if role == "attacker" else "on_defend"))

    def after_combat(self, game, combat: Combat, role: str) -> None:
        self._fire(game, "after_combat", combat, role)

    def after_attack(self, game, combat: Combat, role: str) -> None:
        self._fire(game, "after_attack", combat, role)

    def after_scheme(self, game, card: Card) -> None:
        """This side's scheme card has resolved and left play."""

    def maneuver_draw(self, game) -> None:
        """The draw that starts a maneuver (core rules: one card)."""
        game.draw(self.side, 1)

    def put_away_played(self, game, card: Card) -> bool:
        """A played card of this side leaves play; return True if the ability put it
        somewhere other than the discard pile."""
        return False

    def on_boost(self, game, side: Side, card: Card) -> None:
        self._fire(game, "on_boost")

    def boost_sources(self, game) -> list[Card]:
        """Extra cards that may be discarded to boost (Black Panther's suit)."""
        return []

    def used_for_boost(self, game, card: Card) -> bool:
        """Take a boost card from a non-hand source; return True if handled."""
        return False

    def reroll_die(self, game, face: str, why: str) -> bool:
        """After this side rolls a die (engine.dice): True to roll it again (Krang)."""
        return False

    # Hooks for rules that reach beyond this side's own turn (Shredder's Foot soldiers,
    # Krang's portal); the engine skips the ones a plugin does not override.
    def reach_cards(self, game, attacker, target, cards: list[Card]) -> list[Card]:
        """Of `cards`, those that let `attacker` attack `target` out of its normal reach
        (Shredder's Foot soldiers, Krang's face-up Missiles)."""
        return []

    def path_signature(self, game, fighter, path: tuple[int, ...], mctx):
        """Like Rules.path_signature, for what this ability makes a route do (a tuple of
        plain words, or None): the mover is then offered the routes that differ."""
        return None

    def fighter_moved(self, game, fighter, path: tuple[int, ...], mctx) -> None:
        """Any fighter (of any side) has moved along `path`."""

    def holds_in_place(self, game, fighter) -> bool:
        """True if this ability keeps `fighter` from leaving its space (Pan-Dimensional Portal)."""
        return False

    def others_turn_end(self, game, side: Side) -> None:
        """Another side's turn ends, before its hand limit (All According to Plan)."""

    def move_bonus(self, game) -> int:
        """Extra spaces each fighter may move when maneuvering (Sinbad's voyages)."""
        return 0

    def extra_actions(self, game) -> list[tuple[str, object]]:
        """Extra action choices as (label, callable(game)) (e.g. items)."""
        return []

    def attack_value_bonus(self, game, combat: Combat, role: str) -> int:
        """A lasting bonus to this side's attack value, counted whenever the value is read
        (Donatello's tucked Electro Grenade, Michelangelo's Nunchaku this turn)."""
        return 0

    def defense_value_bonus(self, game, combat: Combat, role: str) -> int:
        """A lasting bonus to this side's defense value (Donatello's Self Defense Grid)."""
        return 0

    def can_play(self, game, card: Card) -> bool:
        return True


def make_ability(side: Side, defn) -> Ability:
    import engine.heroes  # noqa: F401  (registers the plugins)
    cls = PLUGINS.get(defn.plugin, Ability) if defn.plugin else Ability
    if defn.plugin and defn.plugin not in PLUGINS:
        raise KeyError(f"unknown ability plugin {defn.plugin!r}")
    return cls(side, defn.name, defn.text, tuple(defn.triggers))
