"""The competitive Krang's card ops (tests/facts/heroes/krang.yaml): the Die of Ultimate
Destruction (engine.dice; X counts as 0 and the effect tied to that roll does nothing), his
three Doomsday Machines (`Side.data["machines"]`, how many are switched on) and the cards
the core language cannot say. Not the co-op villain Krang of adventures/.
"""
from __future__ import annotations

import re

from engine.decisions import FIGHTER, SPACE
from engine.dice import MISS, face_value, roll_ultimate_destruction
from engine.effects.core_ops import select
from engine.effects.registry import condition, op, value
from engine.effects.resolve import Ctx, amount, run_ops
from engine.knowledge import PUBLIC, learn
from engine.rules import MoveContext

MACHINES = "machines"      # Side.data key: Doomsday Machines switched on (of 3)
MACHINE_COUNT = 3
LOCK = "held"              # Side.data key: [fighter uid, turn] kept on its space this turn


def machines(side) -> int:
    return int(side.data.get(MACHINES, 0))


def switch_on(game, side, n: int = 1) -> None:
    now = min(MACHINE_COUNT, machines(side) + n)
    if now != machines(side):
        side.data[MACHINES] = now
        game.log("machine", f"{side.name}: {now} Doomsday Machine{'s' if now > 1 else ''} switched on.",
                 side=side.index, active=now)


# ---------------------------------------------------------------- the die
@op("roll_die")
def op_roll_die(ctx: Ctx, args) -> None:
    """`roll_die: {ops: [...]}`: roll the Die of Ultimate Destruction; the result is the value
    `roll` for the ops, which are skipped on an X (facts rules_notes)."""
    why = ctx.card.name if ctx.card else "effect"
    face = roll_ultimate_destruction(ctx.game, ctx.side, why)
    if face == MISS:
        ctx.game.log("die", f"X: {why} does nothing with this roll.", face=face)
        return
    ctx.vars["roll"] = face_value(face)
    run_ops(ctx, args.get("ops", []))


@value("roll")
def v_roll(ctx: Ctx, args) -> int:
    """The last roll of the die in this effect (`roll_die`)."""
    return int(ctx.vars.get("roll", 0))


@condition("printed_below_roll")
def c_printed_below_roll(ctx: Ctx, args) -> bool:
    """Chain Flail: the opponent played no card, or its printed value is lower than the roll."""
    card = ctx.opponent_card
    if card is None:
        return True
    role = ctx.opponent_role
    return card.printed("attack" if role == "attacker" else "defense") < int(ctx.vars.get("roll", 0))


# ---------------------------------------------------------------- Doomsday Machines
@op("switch_on_machine")
def op_switch_on_machine(ctx: Ctx, args) -> None:
    """`switch_on_machine: 1` (or `all`): Doomsday Machines switched on, at most 3."""
    switch_on(ctx.game, ctx.side, MACHINE_COUNT if args == "all" else amount(ctx, args))


@value("machines_on")
def v_machines_on(ctx: Ctx, args) -> int:
    return machines(ctx.side)


# ---------------------------------------------------------------- cards
def name_length(name: str) -> int:
    """A card name's length in letters and digits (spaces and punctuation do not count)."""
    return len(re.sub(r"[^0-9A-Za-z]", "", name))


@op("warlord_reveal")
def op_warlord_reveal(ctx: Ctx, args) -> None:
    """Warlord of Dimension X: turn up the top card of your deck and of the opponent's; if yours
    has the longer name, take it into your hand. Otherwise both stay on top of their decks."""
    side, game = ctx.side, ctx.game
    opp = ctx.opponent_side
    if not side.deck:
        return
    mine = side.deck[-1]
    theirs = opp.deck[-1] if opp is not None and opp.deck else None
    for card in (mine, theirs):             # turned up for all to see; they stay on top
        if card is not None:
            learn(game, card.uid, PUBLIC)
    game.log("reveal", f"{side.name} turns up {mine.name}; {opp.name if opp else 'the opponent'} turns up "
             f"{theirs.name if theirs else 'nothing'}.", cards=[mine.name, theirs.name if theirs else None])
    if name_length(mine.name) > (name_length(theirs.name) if theirs else 0):
        side.deck.pop()
        side.hand.append(mine)
        game.log("take", f"{side.name} takes {mine.name} into hand.", card=mine.name)


@op("end_turn")
def op_end_turn(ctx: Ctx, args) -> None:
    """Minimizer: the current turn ends (its remaining actions are lost)."""
    cur = ctx.game.current
    if cur is not None and cur.actions_left:
        cur.actions_left = 0
        ctx.game.log("end_turn", f"{cur.name}'s turn ends ({ctx.card.name if ctx.card else 'effect'}).")


@op("portal")
def op_portal(ctx: Ctx, args) -> None:
    """Pan-Dimensional Portal: put one fighter of the combat on any empty space, where it stays
    for the rest of the turn; roll: both players put that many random cards from hand on the
    bottom of their decks; then both draw `draw`."""
    game, side, combat = ctx.game, ctx.side, ctx.combat
    if combat is None or ctx.enemy:
        return
    pool = [f for f in (combat.attacker, combat.defender) if f.alive and f.space is not None]
    if pool:
        f = game.decide(ctx.seat, FIGHTER, "Portal: put which fighter on any space?", pool,
                        [x.name for x in pool], tag="effect_fighter")
        spaces = sorted(game.empty_spaces(), key=lambda s: game.board.ids[s])
        if spaces:
            s = game.decide(ctx.seat, SPACE, f"Portal: put {f.name} on which space?", spaces,
                            [f"space {game.board.ids[x]}" for x in spaces], tag="place")
            game.place(f, s)
        side.data[LOCK] = [f.uid, game.turn]
        game.log("portal", f"{f.name} cannot leave its space this turn.", fighter=f.uid)
    players = [s for s in (side, ctx.opponent_side) if s is not None and not s.is_enemy]
    face = roll_ultimate_destruction(game, side, ctx.card.name if ctx.card else "Portal")
    if face != MISS:
        n = face_value(face)
        for p in players:
            k = min(n, len(p.hand))
            for _ in range(k):
                card = p.hand.pop(game.rng.randrange(len(p.hand)))
                p.deck.insert(0, card)             # index 0 is the bottom of the deck
                learn(game, card.uid, p.index)     # its owner saw which cards left the hand
            game.log("bottom", f"{p.name} puts {k} random card(s) from hand on the bottom of the deck.",
                     side=p.index, count=k)
    for p in players:
        game.draw(p, amount(ctx, args.get("draw", 2)))


def held(game, side, fighter) -> bool:
    lock = side.data.get(LOCK)
    return bool(lock) and lock[0] == fighter.uid and lock[1] == game.turn


@op("wings")
def op_wings(ctx: Ctx, args) -> None:
    """Android Arms: Wings: roll; your fighter may move up to that many spaces through opposing
    fighters; each opposing fighter it passed through takes `damage`."""
    game = ctx.game
    face = roll_ultimate_destruction(game, ctx.side, ctx.card.name if ctx.card else "Wings")
    if face == MISS or ctx.enemy:
        return
    n = face_value(face)
    from engine.movement import choose_move
    for f in select(ctx, args.get("who", "self")):
        mctx = MoveContext(ctx.side, by_effect=True, through_opponents=True)
        mctx.data["wings"] = True
        if not choose_move(game, f, n, mctx, ctx.seat, prompt=f"Fly {f.name} up to {n} spaces"):
            continue
        route = mctx.data.get("route", ())
        hit = passed_through(game, f, route)
        for x in hit:
            game.damage(x, amount(ctx, args.get("damage", 1)), ctx.card.name if ctx.card else "Wings")


def passed_through(game, fighter, route) -> list:
    """Opposing fighters on the spaces a route crossed (not its ends)."""
    out = []
    for s in route[1:-1]:
        other = game.occ[s]
        if other is not None and other.side.team != fighter.side.team:
            out.append(other)
    return out
