"""Ops for Donatello's cards (tests/facts/heroes/donatello.yaml).

Ops: `remove_from_discard` (the inventions' "remove up to N cards from your discard pile",
read back with the value `cards_removed`), `discard_to_deck_bottom` (Thinking Ahead),
`boost_from_deck_bottom` (Untested Enhancements), `move_passing_through` (Party Wagon!: the
core `move` with `through`, plus damage to one fighter passed through),
`each_friendly_player` (Donatello Does Machines), `peek_any_deck` (The Future of Ninjutsu).
Enemies make no decisions (Adventures p.13): each op does nothing for them.
"""
from __future__ import annotations

from engine import tags
from engine.decisions import CARD, OPTION
from engine.effects.core_ops import select
from engine.effects.registry import op, value
from engine.effects.resolve import Ctx, amount, run_ops
from engine.knowledge import PUBLIC, learn
from engine.movement import CROSSING_MATTERS, choose_move, crossed
from engine.rules import MoveContext

REMOVED = "cards_removed"     # ctx.vars key read by the `cards_removed` value


def put_hand_card_under_deck(game, side, why: str, optional: bool = False):
    """The player puts a card of their choice from hand under their deck; returns it (or None)."""
    if not side.hand:
        return None
    options: list = ([None] if optional else []) + list(side.hand)
    labels = (["keep them all"] if optional else []) + [c.name for c in side.hand]
    card = game.decide(side.index, CARD, f"{why}: choose a card from your hand to put under your deck",
                       options, labels, tag="under_deck", force=optional)
    if card is None:
        return None
    side.hand.remove(card)
    side.deck.insert(0, card)               # the bottom of the deck is index 0
    learn(game, card.uid, side.index)       # he knows which card lies under his deck
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("bottom", f"{side.name} puts a card from hand under the deck ({why}).", side=side.index)
    return card


@op("remove_from_discard")
def op_remove_from_discard(ctx: Ctx, args) -> None:
    """Remove from the game up to N cards of the given types taken from your own discard
    pile, one choice at a time: {types: [attack, versatile], up_to: 4}. The number removed
    is kept for the rest of the effect (value `cards_removed`)."""
    ctx.vars[REMOVED] = 0
    if ctx.enemy:
        return
    side, kinds = ctx.side, args.get("types")
    for _ in range(amount(ctx, args.get("up_to", 1))):
        pool = [c for c in side.discard if kinds is None or c.kind in kinds]
        if not pool:
            break
        card = ctx.game.decide(ctx.seat, CARD, f"Remove a card from your discard pile from the game "
                               f"({ctx.vars[REMOVED]} removed so far)?", [None, *pool],
                               ["stop"] + [c.name for c in pool], tag="remove_card")
        if card is None:
            break
        side.discard.remove(card)
        side.removed.append(card)
        ctx.vars[REMOVED] += 1
        ctx.game.log("remove", f"{side.name} removes {card.name} from the game.", side=side.index, card=card.name)


@value("cards_removed")
def v_cards_removed(ctx: Ctx, args) -> int:
    """How many cards `remove_from_discard` removed earlier in this effect."""
    return int(ctx.vars.get(REMOVED, 0))


@op("discard_to_deck_bottom")
def op_discard_to_deck_bottom(ctx: Ctx, args) -> None:
    """Take a card of your choice from your discard pile and slide it under your deck:
    {optional: true}."""
    side = ctx.side
    if ctx.enemy or not side.discard:
        return
    pool = list(side.discard)
    options: list = pool + ([None] if args.get("optional", True) else [])
    card = ctx.game.decide(ctx.seat, CARD, "Choose a card from your discard pile to put under your deck",
                           options, [c.name if c else "none" for c in options], tag="from_discard")
    if card is not None:
        side.discard.remove(card)
        side.deck.insert(0, card)          # the bottom of the deck is index 0
        learn(ctx.game, card.uid, PUBLIC)  # it came from the face-up discard pile
        if ctx.game.events is not None:   # no text to build in batch runs (the log is off)
            ctx.game.log("bottom", f"{side.name} puts {card.name} from the discard pile under the deck.",
                         side=side.index, card=card.name)


@op("boost_from_deck_bottom")
def op_boost_from_deck_bottom(ctx: Ctx, args) -> None:
    """The bottom card of your deck goes to your discard pile and this card gains its BOOST
    value (nothing when it prints none)."""
    side = ctx.side
    if ctx.combat is None or ctx.role is None or not side.deck or side.is_enemy:
        return
    card = side.deck.pop(0)
    ctx.game.to_discard(side, card)
    gain = card.boost if card.boostable else 0
    if ctx.role == "attacker":
        ctx.combat.att_mod += gain
    else:
        ctx.combat.def_mod += gain
    ctx.game.log("mill", f"{side.name} discards {card.name} from the bottom of the deck (+{gain}).",
                 side=side.index, cards=[card.name], amount=gain)


@op("move_passing_through")
def op_move_passing_through(ctx: Ctx, args) -> None:
    """Move a fighter up to N spaces; it may pass through any fighter:
    {who: SEL, up_to: N, damage_one_passed: D}. With `damage_one_passed`, one opposing
    fighter it passed through (your choice) then takes D damage."""
    if ctx.enemy:
        return                                  # "up to": enemies choose 0
    n = amount(ctx, args.get("up_to", 1))
    for f in select(ctx, args.get("who", "self"), f"Choose a fighter to move up to {n}"):
        mctx = MoveContext(ctx.side, maneuver=False, by_effect=True, through_opponents=True)
        hurt = amount(ctx, args.get("damage_one_passed", 0))
        mctx.data[CROSSING_MATTERS] = bool(hurt)      # then the route is the player's choice
        if not choose_move(ctx.game, f, n, mctx, ctx.seat, prompt=f"Move {f.name} up to {n} spaces"):
            continue
        passed = [x for x in crossed(ctx.game, mctx.data["route"])
                  if x.alive and not ctx.game.friendly(x, ctx.side)]
        if hurt and passed:
            target = passed[0] if len(passed) == 1 else ctx.game.decide(
                ctx.seat, "fighter", f"Choose a fighter {f.name} passed through to take {hurt} damage",
                passed, [x.name for x in passed], tag="effect_fighter")
            ctx.game.damage(target, hurt, ctx.card.name if ctx.card else "effect")


@op("each_friendly_player")
def op_each_friendly_player(ctx: Ctx, args) -> None:
    """Run ops once for you and then for each other friendly player still in the game, each
    as that player's own effect (they make its choices): {ops: [...]}."""
    if ctx.enemy:
        return
    g = ctx.game
    others = [s for s in g.sides if s is not ctx.side and not s.is_enemy and not s.eliminated
              and g.friendly(s, ctx.side)]
    for side in [ctx.side, *others]:
        hero = side.hero if side.hero is not None and side.hero.alive else None
        run_ops(Ctx(g, side, ctx.fighter if side is ctx.side else hero, ctx.card), args.get("ops", []))


@op("peek_any_deck")
def op_peek_any_deck(ctx: Ctx, args) -> None:
    """Look at the top card of any one deck (yours, a teammate's, an enemy's) and leave it
    there or slide it under that deck."""
    if ctx.enemy:
        return
    g = ctx.game
    decks = [s for s in g.sides if s.deck and not s.eliminated]
    decks.sort(key=lambda s: (s is not ctx.side, s.is_enemy))      # your own deck first
    if not decks:
        return
    side = g.decide(ctx.seat, OPTION, "Look at the top card of which deck?", decks,
                    [f"{s.name}'s deck" for s in decks], tag=tags.PEEK_DECK)
    card = side.deck[-1]
    learn(g, card.uid, ctx.seat)            # on top, or under the deck: he knows where
    g.log("look", f"{ctx.side.name} looks at the top card of {side.whose(ctx.side)} deck.", cards=[card.name],
          private=ctx.side.index)
    keep = g.decide(ctx.seat, OPTION, f"Top of {side.name}'s deck: {card.name}. Leave it or put it under the deck?",
                    [True, False], ["leave it on top", "put it under the deck"], tag=tags.PEEK_TOP, force=True,
                    context={"card": card, "side": side})
    if not keep:
        side.deck.remove(card)
        side.deck.insert(0, card)
        if g.events is not None:   # no text to build in batch runs (the log is off)
            g.log("bottom", f"{ctx.side.name} puts the top card of {side.whose(ctx.side)} deck under it.",
                  side=side.index)

