"""AdventureRules: the co-op rules plugged into the engine's rule seams."""
from __future__ import annotations

from adventures.rules import enemy as enemy_mod
from adventures.rules.threat import threat_level
from engine.rules import MoveContext, Rules
from engine.state import MINION, VILLAIN


class AdventureRules(Rules):
    name = "adventures"
    # The hooks below ask only the plugins whose class overrides them (AdvState.hooked): they
    # run for every route, step, maneuver, combat and weighed defense value.

    # -- movement: every plugin may react (Foot soldiers, mousers, ...)
    def path_signature(self, game, fighter, path, mctx: MoveContext):
        sig = []                           # a plain loop: asked for every route of every move
        for p in game.adv.hooked["path_signature"]:
            s = p.path_signature(game, fighter, path, mctx)
            if s:
                sig.append(s)
        return tuple(sig) or None

    def before_move(self, game, fighter, path, mctx):
        for p in game.adv.hooked["before_move"]:
            p.before_move(game, fighter, path, mctx)

    def on_step(self, game, fighter, frm, to, mctx):
        for p in game.adv.hooked["on_step"]:
            p.on_step(game, fighter, frm, to, mctx)

    def on_placed(self, game, fighter, space):
        for p in game.adv.hooked["on_placed"]:
            p.on_placed(game, fighter, space)

    def after_maneuver(self, game, side, mctx):
        for p in game.adv.hooked["after_maneuver"]:
            p.after_maneuver(game, side, mctx)

    # -- combat
    def defense_modifier(self, game, fighter):
        total = 0                          # a plain loop: asked for every defense value a bot weighs
        for p in game.adv.hooked["defense_modifier"]:
            total += p.defense_modifier(game, fighter)
        return total

    def enemy_combat_card(self, game, side, role):
        card = enemy_mod.take_top(game, side)
        return enemy_mod.resolve_fury(game, side, card) if card is not None else None

    def after_combat_hook(self, game, combat):
        for p in game.adv.hooked["after_combat"]:
            p.after_combat(game, combat)

    # -- enemy cards: no hand
    def enemy_draw(self, game, side, n):
        enemy_mod.enemy_draw(game, side, n)

    def enemy_discard(self, game, side, n):
        return enemy_mod.enemy_discard(game, side, n)

    def enemy_discard_card(self, game, side, card):
        enemy_mod.put_in_discard(game, side, card)

    def choosable_as_opponent(self, game, side):
        return not side.is_enemy           # enemies cannot be chosen (p.13)

    def threat_level(self, game):
        return threat_level(game)

    # -- defeat and the end (p.6-7, 10)
    def fighter_defeated(self, game, fighter):
        side = fighter.side
        if fighter.kind == VILLAIN:
            game.end("heroes", f"{side.name} was defeated")
        if fighter.kind == MINION:
            # Remove its cards from play and its initiative card from the row or deck.
            side.removed.extend(side.deck + side.discard)
            side.deck.clear()
            side.discard.clear()
        if side.eliminated:
            for card in game.adv.all_cards:
                if card.side is side:
                    card.removed = True
            game.adv.row = [c for c in game.adv.row if not c.removed]
        if not side.is_enemy and side.eliminated:
            if all(s.eliminated for s in game.sides if not s.is_enemy):
                game.end("villain", "all players were eliminated")
