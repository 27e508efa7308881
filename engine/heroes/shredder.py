"""Shredder's Master of the Clan (tests/facts/heroes/shredder.yaml, the add-on competitive
hero deck; the co-op villain is another thing in adventures/).

* As each of his turns begins, one Foot soldier from the supply goes on a free path next to
  a friendly fighter (mandatory while the supply and such a path last).
* His fighters may attack opposing fighters that stand next to a Foot soldier, wherever they
  are (the facts' summary; they are not fighters and are never attacked).
* An opposing HERO on a BOOSTed maneuver may clear away every Foot soldier on the paths it
  passed over (facts rules_notes: not sidekicks, not moves caused by effects); that player
  chooses the route and then whether to clear them.
"""
from __future__ import annotations

from engine import tags
from engine.abilities import Ability, plugin
from engine.decisions import YESNO
from engine.effects.heroes.shredder import clear_foot, deploy, foot_next_to, foot_paths, path_label
from engine.state import HERO


def crossed(side, path: tuple[int, ...]) -> list[tuple[int, int]]:
    """The side's Foot soldiers on the paths of a route."""
    on = set(foot_paths(side))
    steps = {(min(a, b), max(a, b)) for a, b in zip(path, path[1:])}
    return sorted(on & steps)


@plugin("shredder_master_of_the_clan")
class MasterOfTheClan(Ability):
    def start_of_turn(self, game) -> None:
        super().start_of_turn(game)
        deploy(game, self.side, 1, anywhere=False, seat=game.seat_of(self.side))

    def reach_cards(self, game, attacker, target, cards):
        return cards if foot_next_to(self.side, target.space) else []

    def clears(self, fighter, mctx) -> bool:
        """Only an opposing hero on a boosted maneuver may clear Foot soldiers."""
        return (fighter.kind == HERO and fighter.side.team != self.side.team and mctx is not None
                and mctx.maneuver and bool(mctx.data.get("boosted")))

    def path_signature(self, game, fighter, path, mctx):
        if not self.clears(fighter, mctx):
            return None
        over = crossed(self.side, path)
        if not over:
            return None
        return ("passes over Foot soldiers on " + ", ".join(path_label(game, p) for p in over),)

    def fighter_moved(self, game, fighter, path, mctx) -> None:
        if not self.clears(fighter, mctx):
            return
        over = crossed(self.side, path)
        if not over:
            return
        other = fighter.side
        if game.decide(game.seat_of(other), YESNO,
                       f"{fighter.name} passed over {len(over)} Foot soldier{'s' if len(over) > 1 else ''}: "
                       "clear them away?", [True, False], ["clear them away", "leave them"],
                       tag=tags.CLEAR_FOOT_SOLDIERS, force=True):
            clear_foot(game, self.side, over, fighter.name)

    def others_turn_end(self, game, side) -> None:
        plan = self.side.data.get("plan")
        if not plan or plan[0] != game.turn or plan[1] != side.index:
            return
        self.side.data.pop("plan")
        if game.noted(side, "scheme"):
            game.log("plan", f"{side.name} played a scheme this turn: no discard (All According to Plan).")
            return
        game.choose_discard(side, plan[2], why="All According to Plan")
