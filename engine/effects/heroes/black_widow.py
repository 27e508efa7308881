"""Black Widow's card effects beyond the shared language (facts: black_widow.yaml).

Missions (Marvel rulebook p.17) are scheme cards tagged `mission` with a `requirement`
checked before the scheme action (`engine.turn.requirement_met`); each one ends by
acquiring a new mission with the core `search: {tag: mission}` op. The conditions here are
the missions' requirements; the ops are the effects the core language lacks.
"""
from __future__ import annotations

from engine.decisions import OPTION, SPACE, YESNO
from engine.effects.core_ops import named, select
from engine.effects.hero_ops_marvel import opponent_sides
from engine.effects.registry import condition, op
from engine.effects.resolve import Ctx, amount
from engine.state import HERO, SIDEKICK

# ---------------------------------------------------------------- mission requirements


@condition("on_start_space")
def c_on_start_space(ctx: Ctx, args) -> bool:
    """`on_start_space: own|opposing`: this fighter stands on the starting space its own
    player's hero began on, or on one an opposing hero began on (Marvel p.17: "starting
    space" is the space that player's hero started the game in). In Adventures the villain
    began on starting space 5 (p.4), which counts as its starting space; minions began on
    no starting space."""
    f = ctx.fighter
    if f is None or f.space is None:
        return False
    if args == "own":
        return f.space == ctx.side.start_space
    return any(s.start_space == f.space for s in ctx.game.sides if s.team != ctx.side.team)


@condition("opponent_damaged_this_turn")
def c_opponent_damaged_this_turn(ctx: Ctx, args) -> bool:
    """An opposing fighter took damage this turn, from anything (The Moscow Protocol);
    `Game.damage` keeps the per-turn record."""
    g = ctx.game
    hit = any(g.noted(s, "damaged") for s in g.sides if s.team != ctx.side.team)
    return hit == bool(args)


# ---------------------------------------------------------------- ops


@op("damage_start_owner")
def op_damage_start_owner(ctx: Ctx, args) -> None:
    """`damage_start_owner: {amount: 2}`: each fighter of the opponent whose starting space
    this fighter stands on takes the damage (The Madripoor Sanction)."""
    f = ctx.fighter
    if f is None or f.space is None:
        return
    n = amount(ctx, args.get("amount", 2))
    for side in [s for s in ctx.game.sides if s.team != ctx.side.team and s.start_space == f.space]:
        for target in side.alive_fighters:
            ctx.game.damage(target, n, ctx.card.name if ctx.card else "effect")


@op("opponents_discard")
def op_opponents_discard(ctx: Ctx, args) -> None:
    """`opponents_discard: {count: 1, random: true}`: every opposing player discards (The
    Budapest Gambit); with `chosen: true` only one picked opponent does, choosing its own
    cards (The Kinshasa Directive). Enemies are opponents but can never be picked, and an
    enemy that discards puts cards from the top of its deck into its discard (Adventures
    p.10, p.13)."""
    g = ctx.game
    n = amount(ctx, args.get("count", 1))
    if args.get("chosen"):
        sides = opponent_sides(ctx)            # only the opponents that may be chosen
        if len(sides) > 1:
            sides = [g.decide(ctx.seat, OPTION, "Choose an opponent who discards", sides,
                              [s.name for s in sides], tag="choose_opponent")]
    else:
        sides = [s for s in g.sides if s.team != ctx.side.team and not s.eliminated]
    for side in sides[:1] if args.get("chosen") else sides:
        g.choose_discard(side, n, random_pick=bool(args.get("random")), why=ctx.card.name if ctx.card else "effect")


@op("pin_fighter")
def op_pin_fighter(ctx: Ctx, args) -> None:
    """`pin_fighter: opponent`: until the end of this turn that fighter cannot leave its
    space (Widow's Kiss); see `Game.pin`."""
    for f in select(ctx, args if args else "opponent"):
        ctx.game.pin(f)


@op("trade_with_partner")
def op_trade_with_partner(ctx: Ctx, args) -> None:
    """Double Identity: the defending hero and sidekick may trade spaces; if they do, the
    one that was not attacked becomes the defender of this combat."""
    c, g = ctx.combat, ctx.game
    if c is None or ctx.role != "defender" or ctx.enemy:
        return
    me = c.defender
    want = SIDEKICK if me.kind == HERO else HERO
    partners = [f for f in ctx.side.fighters if f is not me and f.kind == want and f.alive and f.space is not None]
    if not partners or me.space is None:
        return
    partner = partners[0]
    if not g.decide(ctx.seat, YESNO, f"Double Identity: {me.name} and {partner.name} trade spaces, "
                    f"and {partner.name} defends?", [True, False], ["trade spaces", "do not trade"],
                    tag="double_identity", force=True, context={"defender": me, "partner": partner}):
        return
    before = me.space
    g.swap(me, partner)
    if partner.space == before:             # a pinned fighter does not move: then nothing changes
        c.defender = partner
        g.log("defender", f"{partner.name} becomes the defender.", fighter=partner.uid)


@op("revive_sidekick")
def op_revive_sidekick(ctx: Ctx, args) -> None:
    """`revive_sidekick: {health: 3}` (Life Model Decoy): if this fighter was defeated, put it
    back on an empty space next to your hero with that much health. With no empty space
    next to the hero (or the hero defeated), it stays defeated (the rulebook is silent)."""
    f, g = named(ctx, "self"), ctx.game
    hero = ctx.side.hero
    if f is None or f.alive or hero is None or not hero.alive or hero.space is None:
        return
    pool = sorted((s for s in g.board.adj[hero.space] if g.occ[s] is None), key=lambda s: g.board.ids[s])
    if not pool:
        return
    s = g.decide(ctx.seat, SPACE, f"Put {f.name} back next to {hero.name}", pool,
                 [f"space {g.board.ids[x]}" for x in pool], tag="place")
    f.alive = True
    f.health = min(amount(ctx, args.get("health", 3)), f.max_health)
    g.put(f, s)
    g.log("revive", f"{f.name} is back on space {g.board.ids[s]} with {f.health} health.",
          fighter=f.uid, amount=f.health)
