"""Rule hooks: the seams where a game mode (competitive, Adventures) changes the core.

The engine calls these at fixed points; the defaults are the competitive Unmatched
rules. The Adventures layer subclasses `Rules` so that `engine/` never imports it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Card, Combat, Fighter, Side


class MoveContext:
    """What kind of movement is happening, shared by every fighter moved by one action."""

    __slots__ = ("maneuver", "by_effect", "side", "remover", "data", "through_opponents")

    def __init__(self, side: Side | None, maneuver: bool = False, by_effect: bool = False,
                 through_opponents: bool = False):
        self.side = side
        self.maneuver = maneuver
        self.by_effect = by_effect
        self.through_opponents = through_opponents   # "may move through opposing fighters"
        self.remover = None      # Adventures: the fighter chosen to remove Foot soldiers
        self.data: dict = {}


class Rules:
    name = "competitive"

    # ---------------------------------------------------------------- movement
    def path_signature(self, game: Game, fighter: Fighter, path: tuple[int, ...], mctx: MoveContext):
        """A hashable summary of what a route does besides arriving; routes with equal
        signatures are interchangeable, so the mover is only asked to choose between
        routes whose signatures differ. None means "nothing but arriving"."""
        return None

    def before_move(self, game: Game, fighter: Fighter, path: tuple[int, ...], mctx: MoveContext) -> None:
        """Called once a route is chosen, before the fighter steps along it."""

    def on_step(self, game: Game, fighter: Fighter, frm: int, to: int, mctx: MoveContext) -> None:
        """Called for each step along a route (crossing the path frm-to, entering `to`)."""

    def on_placed(self, game: Game, fighter: Fighter, space: int) -> None:
        """Called when a fighter is placed or swapped into a space (no route)."""

    def after_maneuver(self, game: Game, side: Side, mctx: MoveContext) -> None:
        """Called when a maneuver action has finished moving fighters."""

    # ---------------------------------------------------------------- combat
    def can_target(self, game: Game, attacker: Fighter, target: Fighter) -> bool:
        return True

    def defense_modifier(self, game: Game, fighter: Fighter) -> int:
        return 0

    def enemy_combat_card(self, game: Game, side: Side, role: str) -> Card | None:
        return None

    # ---------------------------------------------------------------- cards (enemy sides)
    def enemy_draw(self, game: Game, side: Side, n: int) -> None:
        pass

    def enemy_discard(self, game: Game, side: Side, n: int) -> list[Card]:
        return []

    def enemy_discard_card(self, game: Game, side: Side, card: Card) -> None:
        side.discard.append(card)

    # ---------------------------------------------------------------- life and end
    def fighter_defeated(self, game: Game, fighter: Fighter) -> None:
        """Called after a fighter is defeated and removed from the board."""
        game.check_competitive_end(fighter)

    def choosable_as_opponent(self, game: Game, side: Side) -> bool:
        return True

    def threat_level(self, game: Game) -> int:
        return 0

    def after_combat_hook(self, game: Game, combat: Combat) -> None:
        pass
