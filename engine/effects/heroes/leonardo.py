"""Ops and conditions for Leonardo's cards (tests/facts/heroes/leonardo.yaml).

Generic pieces other heroes may reuse:
  `move_each`     several fighters each move up to N, in the order the player picks
                  (For Sensei, Leonardo Leads);
  `bind_fighter`  choose one fighter, name it, run ops on it (Protective Father's partner);
  `fewer_zones`   a fighter belongs to fewer zones than another (Spatial Awareness, Wise
                  Beyond His Years).
Every choice belongs to the effect's controller; enemies make none (Adventures p.13).
"""
from __future__ import annotations

from engine.decisions import FIGHTER
from engine.effects.core_ops import named, select
from engine.effects.registry import condition, op
from engine.effects.resolve import Ctx, amount, run_ops
from engine.movement import choose_move
from engine.rules import MoveContext


@op("move_each")
def op_move_each(ctx: Ctx, args) -> None:
    """`move_each: {who: [SEL, ...] or SEL, up_to: N}` — every selected fighter may move up
    to N spaces; the controller picks who moves next, like a maneuver (core rules: finish
    one fighter's move before starting the next). An effect move, not a maneuver: it
    removes no Foot soldiers and deactivates no machine (Adventures p.15-16)."""
    if ctx.enemy:
        return                                   # "up to": enemies choose 0 (p.13)
    n = amount(ctx, args.get("up_to", 1))
    sels = args.get("who", "self")
    pool: list = []
    for sel in sels if isinstance(sels, list) else [sels]:
        for f in select(ctx, {**sel, "pick": "all"} if isinstance(sel, dict) else sel):
            if f not in pool:
                pool.append(f)
    mctx = MoveContext(ctx.side, maneuver=False, by_effect=True)
    game = ctx.game
    while pool:
        pool = [f for f in pool if f.alive and f.space is not None]
        if not pool:
            break
        options = list(pool)
        f = game.decide(ctx.seat, FIGHTER, f"Choose the next fighter to move up to {n}", options,
                        lambda options=options: [f"{x.name} ({game.space_label(x.space)})" for x in options], tag="effect_fighter")
        pool.remove(f)
        choose_move(game, f, n, mctx, ctx.seat, prompt=f"Move {f.name} up to {n} spaces")


@op("bind_fighter")
def op_bind_fighter(ctx: Ctx, args) -> None:
    """`bind_fighter: {who: SEL, as: NAME, ops: [...], prompt: TEXT}` — choose a fighter and
    run the ops with it named NAME; nobody chosen (or nobody to choose): nothing happens."""
    chosen = select(ctx, args["who"], args.get("prompt", "Choose a fighter"))
    if not chosen:
        return
    name = args.get("as", "it")
    ctx.vars[name] = chosen[0]
    try:
        run_ops(ctx, args.get("ops", []))
    finally:
        ctx.vars.pop(name, None)


def zone_count(game, fighter) -> int:
    """How many zones the fighter's space belongs to (0 off the board)."""
    if fighter is None or fighter.space is None:
        return 0
    return game.board.zones[fighter.space].bit_count()


@condition("fewer_zones")
def c_fewer_zones(ctx: Ctx, args) -> bool:
    """`fewer_zones: {who: opponent, than: self}` — `who` is in fewer zones than `than`."""
    who, than = named(ctx, args.get("who", "opponent")), named(ctx, args.get("than", "self"))
    if who is None or than is None or who.space is None or than.space is None:
        return False
    return zone_count(ctx.game, who) < zone_count(ctx.game, than)
