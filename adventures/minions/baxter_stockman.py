"""Baxter Stockman (Adventures p.18): mouser tokens make player fighters discard the top
card of their deck whenever they enter a mouser space (moving through, stopping, or put
there by an effect)."""
from __future__ import annotations

from adventures.rules import reasons
from adventures.rules.plugin import EnemyPlugin, register

MOUSER = "mouser"


@register("baxter_stockman")
class BaxterStockmanRules(EnemyPlugin):
    def _mouser_at(self, game, space: int) -> bool:
        return space in game.adv.tokens.get(MOUSER, ())

    def _bite(self, game, fighter, space: int) -> None:
        if fighter.is_enemy or not fighter.alive or not self._mouser_at(game, space):
            return
        game.log("mouser", f"A mouser bites {fighter.name} on space {game.board.ids[space]}: "
                           f"{fighter.side.name} discards the top card of their deck.",
                 fighter=fighter.uid, space=game.board.ids[space],
                 why=reasons.own_rule("Baxter Stockman", "mouser", "Adventures p.18", [
                     f"{fighter.name} entered space {game.board.ids[space]}, which holds a mouser token.",
                     "Baxter Stockman's special rule: a player fighter entering a mouser space, even passing "
                     "through or put there by an effect, makes its player discard the top card of their deck."],
                     f"A mouser bites {fighter.name}", ours=True) if game.events is not None else None)
        game.mill(fighter.side, 1)

    def path_signature(self, game, fighter, path, mctx):
        # Routes crossing a different number of mousers are different choices for the mover.
        if fighter.is_enemy:
            return None
        mousers = game.adv.tokens.get(MOUSER)
        if not mousers:
            return None
        n = 0                                    # a plain loop: asked for every route of a move
        for s in path[1:]:
            if s in mousers:
                n += 1
        return f"{n} mouser{'s' if n > 1 else ''}" if n else None

    def on_step(self, game, fighter, frm, to, mctx) -> None:
        self._bite(game, fighter, to)

    def on_placed(self, game, fighter, space) -> None:
        self._bite(game, fighter, space)
