"""The competitive Shredder's Foot soldiers and card ops (tests/facts/heroes/shredder.yaml).

These are the add-on hero deck's Foot soldiers, not the co-op villain's (the Adventures
layer keeps those on its own Foot circles): a supply of 24 tokens that sit on PATHS, at most
one per path, and are not fighters (facts special_setup). A token on the path a-b is "next
to" the fighters standing on a and on b. They live in the Shredder side's `data["foot"]`
as sorted (a, b) pairs of board indices, so saves, replays and the state hash see them.
"""
from __future__ import annotations

from engine import tags
from engine.decisions import OPTION, SPACE
from engine.effects.core_ops import named
from engine.effects.registry import op, value
from engine.effects.resolve import Ctx, amount
from engine.state import SIDEKICK

FOOT = "foot"          # Side.data key: the paths holding a Foot soldier
SUPPLY = 24            # tokens in the supply at the start (facts special_setup)


# ---------------------------------------------------------------- the tokens
def foot_paths(side) -> list[tuple[int, int]]:
    return side.data.get(FOOT, [])


def supply_left(side) -> int:
    return SUPPLY - len(foot_paths(side))


def foot_next_to(side, space: int | None) -> int:
    """How many of the side's Foot soldiers are next to a fighter standing on `space`."""
    if space is None:
        return 0
    return sum(1 for a, b in foot_paths(side) if space == a or space == b)


def path_label(game, path: tuple[int, int]) -> str:
    a, b = path
    return f"path {game.board.ids[a]}-{game.board.ids[b]}"


def free_paths(game, side, around: list[int] | None = None) -> list[tuple[int, int]]:
    """Paths without a Foot soldier: every one, or those touching a space in `around`."""
    taken = set(foot_paths(side))
    adj = game.board.adj
    starts = range(game.board.n) if around is None else around
    out = {(min(a, b), max(a, b)) for a in starts for b in adj[a]}
    return sorted((p for p in out - taken), key=lambda p: (game.board.ids[p[0]], game.board.ids[p[1]]))


def put_foot(game, side, path: tuple[int, int]) -> None:
    side.data[FOOT] = sorted([*foot_paths(side), path])
    game.log("foot", f"{side.name} puts a Foot soldier on {path_label(game, path)}.", side=side.index,
             path=[game.board.ids[path[0]], game.board.ids[path[1]]])


def clear_foot(game, side, paths: list[tuple[int, int]], who: str) -> None:
    """Cleared tokens go back to the supply."""
    gone = set(paths)
    side.data[FOOT] = [p for p in foot_paths(side) if p not in gone]
    game.log("foot", f"{who} clears away {len(gone)} Foot soldier{'s' if len(gone) > 1 else ''}.",
             side=side.index, count=len(gone))


def deploy(game, side, count: int, anywhere: bool, seat: int) -> int:
    """Put up to `count` Foot soldiers from the supply on free paths: next to a friendly
    fighter (the ability) or anywhere (Gruff Escort). Returns how many were put."""
    done = 0
    for _ in range(count):
        if supply_left(side) <= 0:
            break
        around = None if anywhere else [f.space for f in game.fighters
                                         if game.friendly(f, side) and f.space is not None]
        pool = free_paths(game, side, around)
        if not pool:
            break
        path = game.decide(seat, OPTION, f"{side.name}: put a Foot soldier on which path?", pool,
                           [path_label(game, p) for p in pool], tag=tags.FOOT_SOLDIER_PATH)
        put_foot(game, side, path)
        done += 1
    return done


# ---------------------------------------------------------------- ops and values
@value("foot_soldiers")
def v_foot_soldiers(ctx: Ctx, args) -> int:
    """`{foot_soldiers: board}`: your Foot soldiers on the board; `{foot_soldiers: {next_to: SEL}}`:
    those next to that fighter."""
    if args == "board":
        return len(foot_paths(ctx.side))
    f = named(ctx, args.get("next_to", "self"))
    return foot_next_to(ctx.side, f.space) if f is not None and f.alive else 0


@op("place_foot_soldiers")
def op_place_foot_soldiers(ctx: Ctx, args) -> None:
    """`{count: 2, anywhere: true}`: Foot soldiers from the supply on free paths (Gruff Escort)."""
    if ctx.enemy:
        return
    deploy(ctx.game, ctx.side, amount(ctx, args.get("count", 1)), bool(args.get("anywhere")), ctx.seat)


@op("damage_next_to_foot")
def op_damage_next_to_foot(ctx: Ctx, args) -> None:
    """Master of the Foot: every opposing fighter with one of your Foot soldiers next to it
    takes the damage."""
    n = amount(ctx, args.get("amount", 1))
    hit = [f for f in ctx.game.fighters if not ctx.game.friendly(f, ctx.side) and foot_next_to(ctx.side, f.space)]
    for f in hit:
        ctx.game.damage(f, n, ctx.card.name if ctx.card else "Foot soldiers")


@op("fix_printed_value")
def op_fix_printed_value(ctx: Ctx, args) -> None:
    """`fix_printed_value: opponent`: that card counts its printed value in this combat; nothing
    raises or lowers it (Disrupting Strike)."""
    if ctx.combat is None or ctx.role is None:
        return
    role = ctx.role if args in ("own", "self") else ctx.opponent_role
    ctx.combat.extra["printed_only"] = (*ctx.combat.extra.get("printed_only", ()), role)


@op("all_according_to_plan")
def op_all_according_to_plan(ctx: Ctx, args) -> None:
    """The opponent gains an action; at the end of this turn they discard `discard` cards
    unless they played a scheme this turn (the ability's others_turn_end checks)."""
    opp = ctx.opponent_side
    if opp is None or ctx.game.current is not opp:
        return
    opp.actions_left += 1
    if ctx.game.events is not None:   # no text to build in batch runs (the log is off)
        ctx.game.log("gain_action", f"{opp.name} gains an action.")
    ctx.side.data["plan"] = [ctx.game.turn, opp.index, int(args.get("discard", 2))]


@op("back_to_work")
def op_back_to_work(ctx: Ctx, args) -> None:
    """Back to Work!: your sidekick regains `health` (or comes back with it if defeated), then
    is put on a space as near to your hero as possible (facts note: either way)."""
    game, side = ctx.game, ctx.side
    hero = side.hero
    sk = next((f for f in side.fighters if f.kind == SIDEKICK), None)
    if sk is None or hero is None or hero.space is None or ctx.enemy:
        return
    n = amount(ctx, args.get("health", 3))
    if sk.alive:
        game.recover(sk, n)
    spaces = game.empty_spaces() + ([sk.space] if sk.alive and sk.space is not None else [])
    if not spaces:
        return
    dist = game.board.dist[hero.space]
    near = min(dist[s] for s in spaces)
    pool = sorted((s for s in spaces if dist[s] == near), key=lambda s: game.board.ids[s])
    space = game.decide(ctx.seat, SPACE, f"Put {sk.name} as near to {hero.name} as possible", pool,
                        [f"space {game.board.ids[s]}" for s in pool], tag="place")
    if not sk.alive:
        sk.alive = True
        sk.health = min(n, sk.max_health)
        game.log("return", f"{sk.name} come back with {sk.health} health.", fighter=sk.uid)
    if sk.space != space:
        game.place(sk, space)

