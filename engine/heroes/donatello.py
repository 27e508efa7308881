"""Donatello's Tech Genius: rebuild a defeated Metalhead at the start of the turn.

Bringing a defeated fighter back onto the board is beyond the effect language, so this
is a plugin. Rules written for this hero (our design): the rebuild costs 2 cards from
hand, Metalhead comes back with 3 health on an empty space adjacent to Donatello, else
in his zone, else on the nearest empty space (like sidekick placement, French rules p.4).
"""
from __future__ import annotations

from engine.abilities import Ability, plugin
from engine.decisions import SPACE, YESNO
from engine.state import SIDEKICK

REBUILD_COST = 2       # cards discarded from hand
REBUILD_HEALTH = 3     # Metalhead's health when rebuilt


@plugin("donatello_tech_genius")
class TechGenius(Ability):
    def start_of_turn(self, game) -> None:
        super().start_of_turn(game)
        self.offer_rebuild(game)

    def wrecked_sidekick(self):
        return next((f for f in self.side.fighters if f.kind == SIDEKICK and not f.alive), None)

    def can_rebuild(self) -> bool:
        hero = self.side.hero
        return (hero is not None and hero.alive and hero.space is not None
                and self.wrecked_sidekick() is not None and len(self.side.hand) >= REBUILD_COST)

    def offer_rebuild(self, game) -> bool:
        """Ask the player; on yes, pay the cards and place the rebuilt sidekick."""
        if not self.can_rebuild():
            return False
        side, bot = self.side, self.wrecked_sidekick()
        seat = game.seat_of(side)
        if not game.decide(seat, YESNO, f"{self.name}: discard {REBUILD_COST} cards to rebuild {bot.name}?",
                           [True, False], ["yes", "no"], tag="may", force=True):
            return False
        pool = rebuild_spaces(game, side.hero)
        if not pool:
            return False                   # the board is full: nothing to rebuild onto
        game.choose_discard(side, REBUILD_COST, why=f"rebuild {bot.name}")
        space = game.decide(seat, SPACE, f"Place the rebuilt {bot.name}", pool,
                            [f"space {game.board.ids[s]}" for s in pool], tag="place")
        bot.alive = True
        bot.health = min(REBUILD_HEALTH, bot.max_health)
        game.place(bot, space)
        game.log("rebuild", f"{side.hero.name} rebuilds {bot.name} with {bot.health} health.",
                 fighter=bot.uid)
        return True


def rebuild_spaces(game, hero) -> list[int]:
    board = game.board
    empty = set(game.empty_spaces())
    pool = [s for s in board.adj[hero.space] if s in empty]
    if not pool:
        pool = [s for s in board.spaces_in_zone_of(hero.space) if s in empty]
    if not pool and empty:
        near = min(board.dist[hero.space][s] for s in empty)
        pool = [s for s in empty if board.dist[hero.space][s] == near]
    return sorted(pool, key=lambda s: board.ids[s])
