"""Krang's DOOOOOM! (tests/facts/heroes/krang.yaml, the add-on competitive hero deck; the
co-op villain Krang is another thing in adventures/).

Krang owns 3 Doomsday Machines and starts with 1 switched on; each one on adds 1 to his move
value (his maneuvers). After any roll of the Die of Ultimate Destruction he may switch one
off to roll again, as often as he has machines on. His face-up Android Arms: Missiles make a
ranged attack: with one in hand he may attack a fighter in his zone, with Missiles only.
"""
from __future__ import annotations

from engine import tags
from engine.abilities import Ability, plugin
from engine.decisions import YESNO
from engine.dice import face_value
from engine.effects.heroes.krang import MACHINES, held, machines, passed_through
from engine.state import HERO

MISSILES = "Android Arms: Missiles"
START_ACTIVE = 1


@plugin("krang_doooom")
class Doooom(Ability):
    def game_start(self, game) -> None:
        self.side.data[MACHINES] = START_ACTIVE
        super().game_start(game)

    def move_bonus(self, game) -> int:
        return machines(self.side)

    def reroll_die(self, game, face: str, why: str) -> bool:
        on = machines(self.side)
        if on <= 0:
            return False
        again = game.decide(game.seat_of(self.side), YESNO,
                            f"Krang rolled {face} ({why}): switch off a Doomsday Machine ({on} on) to roll again?",
                            [False, True], [f"keep {face}", "switch one off and roll again"], tag=tags.REROLL_DIE,
                            context={"face": face, "value": face_value(face) if face != "X" else 0, "why": why,
                                     "machines": on}, force=True)
        if again:
            self.side.data[MACHINES] = on - 1
            game.log("machine", f"Krang switches off a Doomsday Machine ({on - 1} on) to roll again.",
                     side=self.side.index, active=on - 1)
        return again

    def reach_cards(self, game, attacker, target, cards):
        # Missiles played face up are a ranged attack (krang.yaml): a fighter in his zone.
        if attacker.kind != HERO or not game.board.same_zone(attacker.space, target.space):
            return []
        return [c for c in cards if c.name == MISSILES]

    def attack_declared(self, game, combat) -> None:
        card = combat.att_card
        if card is not None and card.name == MISSILES and not game.adjacent(combat.attacker, combat.defender):
            game.log("face_up", "Krang plays Android Arms: Missiles face up: a ranged attack.", card=card.name)

    def holds_in_place(self, game, fighter) -> bool:
        return held(game, self.side, fighter)

    def path_signature(self, game, fighter, path, mctx):
        # Wings: the fighters he flies through take damage, so routes through them differ.
        if mctx is None or not mctx.data.get("wings") or fighter.side is not self.side:
            return None
        hit = passed_through(game, fighter, path)
        return ("through " + ", ".join(f.name for f in hit),) if hit else None
