"""Slash (Adventures p.18): his Fury grows. Fury cards start in a supply (side.stored);
his initiative card adds one to his discard pile each round; his other cards count the
Fury cards in his discard; a Fury card played in combat is discarded at once and the
next card is played instead, until a non-Fury card comes up. Deception's reshuffle
(adventures.rules.enemy.put_in_discard) brings the Fury cards into his deck."""
from __future__ import annotations

from adventures.rules import reasons
from adventures.rules.enemy import put_in_discard, take_top
from adventures.rules.plugin import EnemyPlugin, register
from engine.effects.registry import op, value
from engine.effects.resolve import Ctx, amount

FURY_PAGE = "Adventures p.18"


@register("slash")
class SlashRules(EnemyPlugin):
    def setup(self, game) -> None:
        # build_enemy_side set the Fury cards aside in `removed`; they are his supply.
        side = self.side
        fury = [c for c in side.removed if c.fury]
        side.removed[:] = [c for c in side.removed if not c.fury]
        side.stored.extend(fury)

    def combat_card(self, game, side, card):
        if not card.fury:
            return None
        # Guard: never loop forever if somehow only Fury cards are left to play.
        for _ in range(len(side.deck) + len(side.discard) + 2):
            if not card.fury:
                return card
            game.log("fury", f"{side.name} plays {card.name}: it is discarded and he plays the next card.",
                     side=side.index, card=card.name, why=reasons.own_rule(
                         side.name, "Fury", FURY_PAGE, [
                             f"{side.name} revealed {card.name}, a Fury card.",
                             "His special rule: a Fury card he plays is discarded at once and he plays the next "
                             "card of his deck instead, until one is not a Fury card."],
                         f"{side.name} discards {card.name} and plays the next card", ours=True)
                     if game.events is not None else None)
            put_in_discard(game, side, card)
            nxt = take_top(game, side)
            if nxt is None:
                return card
            card = nxt
        return card


def fury_supply(side) -> list:
    return [c for c in side.stored if c.fury]


@op("slash_fury")
def op_slash_fury(ctx: Ctx, args) -> None:
    """Add N Fury cards from the supply to this enemy's discard pile (none left: nothing)."""
    side = ctx.side
    for _ in range(amount(ctx, args if not isinstance(args, bool) else 1)):
        supply = fury_supply(side)
        if not supply:
            return
        card = supply[0]
        side.stored.remove(card)
        put_in_discard(ctx.game, side, card)
        ctx.game.log("fury", f"{side.name}'s fury grows: a Fury card goes to his discard pile "
                             f"({len(fury_supply(side))} left in the supply).", side=side.index,
                     why=reasons.own_rule(side.name, "Fury grows", FURY_PAGE, [
                         f"End of the round, {side.name}'s card: one Fury card goes from his supply to his "
                         "discard pile.",
                         "His other cards grow stronger with each Fury card in his discard pile, and his next "
                         "reshuffle brings them into his deck."],
                         f"{side.name}'s fury grows", ours=True) if ctx.game.events is not None else None)


@value("fury_in_discard")
def v_fury_in_discard(ctx: Ctx, args) -> int:
    return sum(1 for c in ctx.side.discard if c.fury)
