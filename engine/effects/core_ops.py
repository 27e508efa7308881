"""The core effect language: selectors, ops, conditions and values of the Unmatched rules.

Selectors name fighters: "self" (the active fighter), "opponent" (the other fighter in
combat), "attacker", "defender", "hero" (your hero), or a mapping that filters and
optionally asks for a choice:

    {pick: one|up_to_one|all, side: friendly|opposing|any, kind: hero|sidekick|any,
     adjacent_to: SEL, in_zone_of: SEL, within: {of: SEL, n: 2}, exclude: SEL,
     chooser: self|opponent|table}

"May" and "up to" are decisions of the effect's controller; enemies make none
(Adventures p.13: may = no, up to = 0, options refused).
"""
from __future__ import annotations

from engine import tags
from engine.decisions import CARD, FIGHTER, OPTION, SPACE, TABLE, YESNO
from engine.effects.registry import condition, op, value
from engine.effects.resolve import Ctx, amount, check, note_choice, run_ops
from engine.knowledge import learn
from engine.movement import choose_move
from engine.rules import MoveContext
from engine.state import HERO, SIDEKICK, Fighter, Side

# Card effect timings in resolution order (a plain `cancel` covers them all).
TIMINGS = ("immediately", "during_combat", "after_combat", "after_attack")

# ---------------------------------------------------------------- selectors


def named(ctx: Ctx, name: str) -> Fighter | None:
    c = ctx.combat
    if name == "self":
        return ctx.fighter
    if name == "opponent":
        return ctx.opponent
    if name == "attacker":
        return c.attacker if c else None
    if name == "defender":
        return c.defender if c else None
    if name == "hero":
        return ctx.side.hero
    if name in ctx.vars and isinstance(ctx.vars[name], Fighter):
        return ctx.vars[name]
    raise ValueError(f"unknown fighter name {name!r}")


def candidates(ctx: Ctx, f: dict) -> list[Fighter]:
    g = ctx.game
    out = []
    side_rule = f.get("side", "any")
    kind = f.get("kind", "any")
    adj = named(ctx, f["adjacent_to"]) if "adjacent_to" in f else None
    zone = named(ctx, f["in_zone_of"]) if "in_zone_of" in f else None
    within = f.get("within")
    wof = named(ctx, within.get("of", "self")) if within else None
    excl = named(ctx, f["exclude"]) if "exclude" in f else None
    if "adjacent_to" in f and adj is None:
        return out                     # adjacent to nobody: no fighter qualifies
    # The filter's own words, read once (the loop below runs for every fighter on the board).
    own = ctx.side
    team = own.team if isinstance(own, Side) else own.side.team
    not_self = ctx.fighter if f.get("not_self") else None
    near = within.get("n", 1) if within else 0
    # Opposing fighters come from the game's cached list (same fighters, same order).
    pool = g.opponents(team) if side_rule == "opposing" else g.fighters
    friendly = side_rule == "friendly"
    own_only = side_rule == "own"
    kind_wanted = kind if kind == HERO or kind == SIDEKICK else None
    enemy_only = kind == "enemy"
    # Game.adjacent / same_zone and the distance row, worked out once (every `x` is on the board).
    board = g.board
    adj_spaces = board.adj[adj.space] if adj is not None and adj.space is not None else ()
    zone_mask = board.zones[zone.space] if zone is not None and zone.space is not None else 0
    dist_row = board.dist[wof.space] if within and wof is not None and wof.space is not None else None
    for x in pool:
        if friendly and x.side.team != team:
            continue
        if own_only and x.side is not own:
            continue
        if kind_wanted is not None and x.kind != kind_wanted:
            continue
        if enemy_only and not x.is_enemy:
            continue
        if adj is not None and (adj is x or x.space not in adj_spaces):
            continue
        if zone is not None and not board.zones[x.space] & zone_mask:
            continue
        if within and (dist_row is None or dist_row[x.space] > near):
            continue
        if excl is not None and x is excl:
            continue
        if not_self is not None and x is not_self:
            continue
        out.append(x)
    return out


def select(ctx: Ctx, sel, prompt: str = "Choose a fighter") -> list[Fighter]:
    """Resolve a selector to fighters, asking the right seat when a choice is needed."""
    if isinstance(sel, str):
        f = named(ctx, sel)
        return [f] if f is not None and f.alive else []
    pick = sel.get("pick", "one")
    pool = candidates(ctx, sel)
    if pick == "all" or not pool:
        return pool
    chooser = sel.get("chooser", "self")
    if chooser == "table":
        seat = TABLE
    elif chooser == "opponent" and ctx.opponent_side is not None:
        seat = ctx.game.seat_of(ctx.opponent_side)
    else:
        if ctx.enemy:
            # Enemies make no decisions (Adventures p.13): "up to" is 0 and a choice between
            # two or more is refused, but an effect with exactly one legal target has
            # nothing to choose and resolves on it (p.6-7).
            return pool if pick == "one" and len(pool) == 1 else []
        seat = ctx.seat
    options: list = list(pool)
    game = ctx.game

    def labels() -> list[str]:         # built only when somebody reads them (decide)
        out = [f"{x.name} ({game.space_label(x.space)})" for x in pool]
        return out + ["nobody"] if pick == "up_to_one" else out
    if pick == "up_to_one":
        options.append(None)
    chosen = ctx.game.decide(seat, FIGHTER, prompt, options, labels, tag=tags.EFFECT_FIGHTER)
    note_choice(ctx, "fighter", seat, options, chosen)
    return [] if chosen is None else [chosen]


def side_of(ctx: Ctx, who: str):
    if who in ("self", "own", "you"):
        return ctx.side
    if who == "opponent":
        return ctx.opponent_side
    raise ValueError(f"unknown side {who!r}")


def may(ctx: Ctx, prompt: str) -> bool:
    if ctx.enemy:
        return False
    return ctx.game.decide(ctx.seat, YESNO, prompt, [True, False], ["yes", "no"], tag=tags.MAY, force=True)


# ---------------------------------------------------------------- ops: cards


@op("draw")
def op_draw(ctx: Ctx, args) -> None:
    args = {"count": args} if not isinstance(args, dict) else args
    side = side_of(ctx, args.get("who", "self"))
    if side is not None:
        ctx.game.draw(side, amount(ctx, args.get("count", 1)))


@op("discard")
def op_discard(ctx: Ctx, args) -> None:
    side = side_of(ctx, args.get("who", "opponent"))
    if side is None:
        return
    n = amount(ctx, args.get("count", 1))
    ctx.game.choose_discard(side, n, random_pick=args.get("random", False), why="card effect")


@op("mill")
def op_mill(ctx: Ctx, args) -> None:
    side = side_of(ctx, args.get("who", "opponent"))
    if side is not None:
        ctx.game.mill(side, amount(ctx, args.get("count", 1)))


@op("look_at_hand")
def op_look(ctx: Ctx, args) -> None:
    side = side_of(ctx, args if isinstance(args, str) else "opponent")
    if side is None:
        return
    if side.is_enemy:
        # the looker alone knows what lies on top: the card is named only to who may see it
        # (the log shows `cards` of a private event to its seat, or to all with open hands)
        if side.deck:
            learn(ctx.game, side.deck[-1].uid, ctx.seat)
        ctx.game.log("look", f"{ctx.side.name} looks at the top card of {side.whose(ctx.side)} deck.",
                     cards=[side.deck[-1].name] if side.deck else [], private=ctx.side.index)
    else:
        ctx.game.log("look", f"{ctx.side.name} looks at {side.whose(ctx.side)} hand.",
                     cards=[c.name for c in side.hand], private=ctx.side.index)


@op("return_to_hand")
def op_return_to_hand(ctx: Ctx, args) -> None:
    if ctx.combat is not None and ctx.card is not None:
        ctx.combat.return_to_hand.add(ctx.card.uid)


@op("search")
def op_search(ctx: Ctx, args) -> None:
    """Reveal from the top until a card with the tag or name appears; it goes to hand,
    the rest are shuffled back (Black Widow's missions, p.17 of the Marvel rules)."""
    side = ctx.side
    if side.is_enemy:
        return
    revealed = []
    found = None
    while side.deck:
        card = side.deck.pop()
        if args.get("tag") in card.tags or card.name == args.get("name"):
            found = card
            break
        revealed.append(card)
    side.deck.extend(revealed)
    ctx.game.shuffle(side.deck)
    if found is not None:
        side.hand.append(found)
        ctx.game.log("search", f"{side.name} finds {found.name}.", card=found.name)


@op("take_from_discard")
def op_take_from_discard(ctx: Ctx, args) -> None:
    side = ctx.side
    kinds = args.get("types")
    pool = [c for c in side.discard if kinds is None or c.kind in kinds]
    if not pool or ctx.enemy:
        return
    options: list = pool + ([None] if args.get("optional", True) else [])
    card = ctx.game.decide(ctx.seat, CARD, "Choose a card from your discard pile to put in your hand",
                           options, [c.name if c else "none" for c in options], tag=tags.FROM_DISCARD)
    if card is not None:
        side.discard.remove(card)
        side.hand.append(card)
        ctx.game.log("take", f"{side.name} takes {card.name} from the discard pile.")


# ---------------------------------------------------------------- ops: health


@op("damage")
def op_damage(ctx: Ctx, args) -> None:
    n = amount(ctx, args.get("amount", 1))
    for f in select(ctx, args.get("to", "opponent"), f"Choose a fighter to take {n} damage"):
        ctx.game.damage(f, n, ctx.card.name if ctx.card else "effect")


@op("recover")
def op_recover(ctx: Ctx, args) -> None:
    n = amount(ctx, args.get("amount", 1))
    for f in select(ctx, args.get("to", "self"), f"Choose a fighter to recover {n} health"):
        ctx.game.recover(f, n)


# ---------------------------------------------------------------- ops: position


@op("move")
def op_move(ctx: Ctx, args) -> None:
    """Move fighters up to N spaces (a decision of the effect's controller); `through: true`
    lets them move through opposing fighters."""
    if ctx.enemy:
        return                                  # "up to": enemies choose 0
    n = amount(ctx, args.get("up_to", 1))
    mctx = MoveContext(ctx.side, maneuver=False, by_effect=True, through_opponents=bool(args.get("through")))
    for f in select(ctx, args.get("who", "self"), f"Choose a fighter to move up to {n}"):
        choose_move(ctx.game, f, n, mctx, ctx.seat, prompt=f"Move {f.name} up to {n} spaces")


def space_pool(ctx: Ctx, where: dict) -> list[int]:
    g = ctx.game
    pool = g.empty_spaces()
    if "in_zone_of" in where:
        ref = named(ctx, where["in_zone_of"])
        pool = [s for s in pool if ref is not None and ref.space is not None and g.board.same_zone(ref.space, s)]
    if "adjacent_to" in where:
        ref = named(ctx, where["adjacent_to"])
        pool = [s for s in pool if ref is not None and ref.space is not None and s in g.board.adj[ref.space]]
    if "within" in where:
        w = where["within"]
        ref = named(ctx, w.get("of", "self"))
        pool = [s for s in pool if ref is not None and ref.space is not None
                and g.board.dist[ref.space][s] <= w.get("n", 1)]
    if "start" in where:
        s = g.board.start.get(where["start"])
        pool = [x for x in pool if x == s]
    return pool


@op("place")
def op_place(ctx: Ctx, args) -> None:
    """Place a fighter on an empty space. Enemies placing themselves: players choose (p.10)."""
    if args.get("optional", False) and ctx.enemy:
        return                            # an enemy's "may" is always no (Adventures p.13)
    for f in select(ctx, args.get("who", "self"), "Choose a fighter to place"):
        pool = [s for s in space_pool(ctx, args.get("where", {})) if s != f.space]
        if not pool:
            continue                      # all spaces full: it stays (Adventures p.10)
        seat = TABLE if f.is_enemy or ctx.enemy else ctx.seat
        ids = ctx.game.board.ids
        options: list = sorted(pool, key=lambda s: ids[s])
        if args.get("optional", False):
            options.append(None)
        s = ctx.game.decide(seat, SPACE, f"Choose where to place {f.name}", options,
                            lambda options=options, ids=ids: [f"space {ids[s]}" if s is not None else "do not place"
                                                     for s in options], tag=tags.PLACE)
        note_choice(ctx, "space", seat, options, s)
        if s is not None:
            ctx.game.place(f, s)


@op("swap")
def op_swap(ctx: Ctx, args) -> None:
    a = select(ctx, args.get("a", "self"), "Choose the first fighter to swap")
    b = select(ctx, args.get("b", "opponent"), "Choose a fighter to swap with")
    if a and b and a[0] is not b[0] and a[0].space is not None and b[0].space is not None:
        ctx.game.swap(a[0], b[0])


# ---------------------------------------------------------------- ops: combat values


def _own(ctx: Ctx, which: str) -> str:
    return ctx.role if which in ("own", "self", "this") else ctx.opponent_role


@op("cancel")
def op_cancel(ctx: Ctx, args) -> None:
    """Cancel the effects of the opponent's card (never uncancellable ones). `cancel: {timing:
    after_combat}` or `{timings: [during_combat, after_combat]}` cancels only the effects of
    those timings (Caught in a Web, Short Circuit, Break Something). Remembers whether it
    cancelled anything, for the `cancelled_nothing` condition."""
    from engine.combat import effects_of, is_cancelled
    combat, card = ctx.combat, ctx.opponent_card
    if combat is None:
        return
    hit = False
    if card is not None:
        args = args if isinstance(args, dict) else {}
        timings = args.get("timings") or ([args["timing"]] if "timing" in args else None)
        role = ctx.opponent_role
        for timing in timings or TIMINGS:
            if not is_cancelled(combat, card, timing) and any(not e.uncancellable
                                                              for e in effects_of(card, timing, role)):
                hit = True
        if timings is None:
            combat.cancelled.add(card.uid)
        else:
            combat.cancelled.update((card.uid, t) for t in timings)
        if hit:
            which = "effects" if timings is None else " and ".join(t.replace("_", " ") for t in timings) + " effects"
            ctx.game.log("cancel", f"The {which} of {card.name} are cancelled.", card=card.name)
    combat.extra[("cancelled_something", ctx.card.uid if ctx.card else None)] = hit


@condition("cancelled_nothing")
def c_cancelled_nothing(ctx: Ctx, args) -> bool:
    """`cancelled_nothing: true` — this card's `cancel` found nothing to cancel (the opposing
    card had no such effect, its effects were uncancellable, or no card was played)."""
    combat = ctx.combat
    done = bool(combat is not None and combat.extra.get(("cancelled_something", ctx.card.uid if ctx.card else None)))
    return (not done) == bool(args)


@op("modify_value")
def op_modify(ctx: Ctx, args) -> None:
    if ctx.combat is None or ctx.role is None:
        return
    args = {"amount": args} if not isinstance(args, dict) else args
    role = _own(ctx, args.get("of", "own"))
    n = amount(ctx, args.get("amount", 1))
    if role == "attacker":
        ctx.combat.att_mod += n
    else:
        ctx.combat.def_mod += n


@op("set_value")
def op_set(ctx: Ctx, args) -> None:
    if ctx.combat is None or ctx.role is None:
        return
    args = {"value": args} if not isinstance(args, dict) else args
    role = _own(ctx, args.get("of", "own"))
    n = amount(ctx, args["value"])
    if role == "attacker":
        ctx.combat.att_set = n
    else:
        ctx.combat.def_set = n


@op("ignore_value")
def op_ignore(ctx: Ctx, args) -> None:
    if ctx.combat is None or ctx.role is None:
        return
    role = _own(ctx, args if isinstance(args, str) else "opponent")
    if role == "attacker":
        ctx.combat.att_ignored = True
    else:
        ctx.combat.def_ignored = True


@op("boost_attack")
def op_boost_attack(ctx: Ctx, args) -> None:
    """May discard a card from hand to add its BOOST value to this card's value."""
    pool = ctx.game.boost_pool(ctx.side)
    if ctx.enemy or ctx.combat is None or not pool:
        return
    options: list = [None, *pool]
    card = ctx.game.decide(ctx.seat, CARD, "Boost this card? Choose a card to discard for its boost value",
                           options, ["no boost"] + [f"{c.name} (+{c.boost_text})" for c in pool],
                           tag=tags.BOOST_ATTACK)
    if card is None:
        return
    ctx.game.discard_from_hand(ctx.side, card, "boost")
    bonus = ctx.game.boost_value(ctx.side, card)
    if args.get("double") if isinstance(args, dict) else False:
        bonus *= 2
    op_modify(ctx, {"amount": bonus})
    ab = ctx.side.ability
    if ab is not None:
        ab.on_boost(ctx.game, ctx.side, card)


@op("gain_action")
def op_gain_action(ctx: Ctx, args) -> None:
    n = amount(ctx, args)
    ctx.side.actions_left += n
    ctx.game.note(ctx.side, "gained_actions", n)     # the invariants' bound: 2 + actions gained
    if ctx.game.events is not None:   # no text to build in batch runs (the log is off)
        ctx.game.log("gain_action", f"{ctx.side.name} gains an action.")


# ---------------------------------------------------------------- ops: structure


@op("may")
def op_may(ctx: Ctx, args) -> None:
    """`may: [ops]` or `may: {prompt: ..., ops: [...]}` — a yes/no decision first."""
    ops = args["ops"] if isinstance(args, dict) else args
    prompt = args.get("prompt") if isinstance(args, dict) else None
    text = prompt or (ctx.card.name + ": use the optional effect?" if ctx.card else "Use the optional effect?")
    if may(ctx, text):
        run_ops(ctx, ops)


@op("choose_one")
def op_choose_one(ctx: Ctx, args) -> None:
    """Options: a list of `{label: text, ops: [...]}`; enemies refuse to choose."""
    if ctx.enemy:
        return
    options = list(range(len(args)))
    labels = [a.get("label", f"option {i + 1}") for i, a in enumerate(args)]
    i = ctx.game.decide(ctx.seat, OPTION, "Choose one effect", options, labels, tag=tags.CHOOSE_ONE, force=True)
    run_ops(ctx, args[i].get("ops", []))


@op("repeat")
def op_repeat(ctx: Ctx, args) -> None:
    for _ in range(amount(ctx, args.get("times", 1))):
        run_ops(ctx, args.get("ops", []))


@op("for_each")
def op_for_each(ctx: Ctx, args) -> None:
    """Run ops once per selected fighter, binding it to the name `it`."""
    for f in select(ctx, {**args.get("fighters", {}), "pick": "all"}):
        ctx.vars["it"] = f
        run_ops(ctx, args.get("ops", []))
    ctx.vars.pop("it", None)


@op("set_data")
def op_set_data(ctx: Ctx, args) -> None:
    ctx.side.data[args["key"]] = args.get("value", True)


@op("log")
def op_log(ctx: Ctx, args) -> None:
    ctx.game.log("note", str(args))


# ---------------------------------------------------------------- conditions


@condition("all")
def c_all(ctx: Ctx, args) -> bool:
    return all(check(ctx, c) for c in args)


@condition("any")
def c_any(ctx: Ctx, args) -> bool:
    return any(check(ctx, c) for c in args)


@condition("not")
def c_not(ctx: Ctx, args) -> bool:
    return not check(ctx, args)


@condition("won_combat")
def c_won(ctx: Ctx, args) -> bool:
    c = ctx.combat
    if c is None or c.winner is None or ctx.role is None:
        return False
    return (c.winner == ctx.role) == bool(args)


@condition("attacking")
def c_attacking(ctx: Ctx, args) -> bool:
    return (ctx.role == "attacker") == bool(args)


@condition("defending")
def c_defending(ctx: Ctx, args) -> bool:
    return (ctx.role == "defender") == bool(args)


@condition("adjacent")
def c_adjacent(ctx: Ctx, args) -> bool:
    args = args if isinstance(args, dict) else {}
    a, b = named(ctx, args.get("a", "self")), named(ctx, args.get("b", "opponent"))
    return a is not None and b is not None and a.alive and b.alive and ctx.game.adjacent(a, b)


@condition("same_zone")
def c_same_zone(ctx: Ctx, args) -> bool:
    args = args if isinstance(args, dict) else {}
    a, b = named(ctx, args.get("a", "self")), named(ctx, args.get("b", "opponent"))
    return a is not None and b is not None and a.alive and b.alive and ctx.game.same_zone(a, b)


@condition("is_kind")
def c_is_kind(ctx: Ctx, args) -> bool:
    f = named(ctx, args.get("who", "opponent"))
    return f is not None and f.kind == args.get("kind", HERO)


@condition("alive")
def c_alive(ctx: Ctx, args) -> bool:
    f = named(ctx, args if isinstance(args, str) else "self")
    return f is not None and f.alive


@condition("at_least")
def c_at_least(ctx: Ctx, args) -> bool:
    return amount(ctx, args["value"]) >= args.get("n", 1)


@condition("at_most")
def c_at_most(ctx: Ctx, args) -> bool:
    return amount(ctx, args["value"]) <= args.get("n", 0)


@condition("threat_level_at_least")
def c_threat(ctx: Ctx, args) -> bool:
    return ctx.game.threat_level() >= int(args)


@condition("data")
def c_data(ctx: Ctx, args) -> bool:
    return ctx.side.data.get(args["key"]) == args.get("equals", True)


@condition("opponent_is_enemy")
def c_opp_enemy(ctx: Ctx, args) -> bool:
    opp = ctx.opponent
    return opp is not None and opp.is_enemy == bool(args)


@condition("any_fighter")
def c_any_fighter(ctx: Ctx, args) -> bool:
    return bool(candidates(ctx, args))


# ---------------------------------------------------------------- values


@value("count")
def v_count(ctx: Ctx, args) -> int:
    """Cards in a pile: {pile: discard|hand|deck, of: self|opponent}."""
    side = side_of(ctx, args.get("of", "self"))
    if side is None:
        return 0
    pile = args.get("pile", "discard")
    if pile == "hand" and side.is_enemy:
        return 0
    return len(getattr(side, pile))


@value("fighters")
def v_fighters(ctx: Ctx, args) -> int:
    return len(candidates(ctx, args))


@value("combat_damage")
def v_combat_damage(ctx: Ctx, args) -> int:
    return ctx.combat.damage if ctx.combat else 0


@value("threat_level")
def v_threat(ctx: Ctx, args) -> int:
    return ctx.game.threat_level()


@value("printed")
def v_printed(ctx: Ctx, args) -> int:
    """Printed value of own/opponent card in combat."""
    if ctx.combat is None:
        return 0
    role = _own(ctx, args if isinstance(args, str) else "opponent")
    card = ctx.combat.card_of(role)
    if card is None:
        return 0
    return card.printed("attack" if role == "attacker" else "defense")


@value("data")
def v_data(ctx: Ctx, args) -> int:
    return int(ctx.side.data.get(args, 0))


@value("health")
def v_health(ctx: Ctx, args) -> int:
    f = named(ctx, args if isinstance(args, str) else "self")
    return f.health if f is not None else 0
