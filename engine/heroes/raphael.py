"""Raphael's Anger Issues: the first combat his player loses during each of their own turns
gives one extra action (tests/facts/heroes/raphael.yaml; "lose" is the core rule: the
attacker loses when it deals no combat damage, the defender when it takes some).

"Each of your own turns" is read from the facts' summary: in co-op, enemy turns and the
other players' turns are not Raphael's turns (Adventures p.6, Taking turns: every initiative
card gives its owner a turn of its own), so a combat lost while defending on an enemy turn
gives nothing, and no action is ever banked for later. A combat lost by Casey Jones counts:
the loss is the player's, and so the ability keeps working for Casey after Raphael is
defeated (Adventures p.7: the player plays on with the fighters left; the rulebook is
silent on abilities then, this is our reading). The per-turn records
(`game.noted(side, "lost")`) count every loss of the side this turn, so the ability fires
only when that count is exactly 1.
"""
from __future__ import annotations

from engine.abilities import Ability, plugin


@plugin("raphael_anger_issues")
class AngerIssues(Ability):
    def after_combat(self, game, combat, role: str) -> None:
        super().after_combat(game, combat, role)
        side = self.side
        if combat.winner == role or combat.fighter_of(role).side is not side:
            return
        if game.current is not side or side.eliminated:
            return                          # only during Raphael's own turns
        if game.noted(side, "lost") != 1:
            return                          # not the first combat lost this turn
        side.actions_left += 1
        if game.events is not None:   # no text to build in batch runs (the log is off)
            game.log("gain_action", f"{self.name}: {side.name} lost a combat and gains an action.",
                     side=side.index)
