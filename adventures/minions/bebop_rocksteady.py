"""Bebop & Rocksteady (Adventures p.18): one fighter, stronger near the villain, and
drawn back to him when they stray (`move_toward_villain`)."""
from __future__ import annotations

from adventures.rules import reasons, tags
from adventures.rules.plugin import EnemyPlugin, register
from engine.decisions import SPACE, TABLE
from engine.effects.registry import op
from engine.effects.resolve import Ctx, amount
from engine.rules import MoveContext


@register("bebop_rocksteady")
class BebopRocksteadyRules(EnemyPlugin):
    """Their special rules live in their cards (`near_villain`) and initiative card."""


def steps_toward(game, fighter, target_space: int, steps: int) -> list[int]:
    """Empty spaces within `steps` (never through player fighters, p.10) that are the
    closest reachable to `target_space`, fewest steps first; [] if no progress is possible."""
    board = game.board
    blocked = {f.space for f in game.fighters if not f.is_enemy}
    from_me = board.distances_from(fighter.space, blocked)
    here = board.dist[fighter.space][target_space]
    ends = [s for s in range(board.n) if game.occ[s] is None and 0 < from_me[s] <= steps]
    if not ends:
        return []
    best = min(board.dist[s][target_space] for s in ends)
    if best >= here:
        return []
    ends = [s for s in ends if board.dist[s][target_space] == best]
    fewest = min(from_me[s] for s in ends)
    return sorted((s for s in ends if from_me[s] == fewest), key=lambda s: board.ids[s])


@op("move_toward_villain")
def op_move_toward_villain(ctx: Ctx, args) -> None:
    """`{steps: 3, beyond: 2}`: if this fighter is more than `beyond` spaces from the
    villain, it moves up to `steps` spaces to get as close to him as it can. Not an
    "up to" choice: the rule moves it; players choose among equally good spaces (p.10)."""
    args = args if isinstance(args, dict) else {}
    game = ctx.game
    me = ctx.fighter
    villain = game.adv.villain.fighters[0]
    if me is None or me is villain or not me.alive or me.space is None or not villain.alive \
            or villain.space is None:
        return
    beyond = int(args.get("beyond", 0))
    apart = game.board.dist[me.space][villain.space]
    if apart <= beyond:
        return
    steps = amount(ctx, args.get("steps", 3))
    ends = steps_toward(game, me, villain.space, steps)
    if not ends:
        return
    end = game.decide(TABLE, SPACE, f"Players choose where {me.name} stops on the way to {villain.name}",
                      ends, [f"space {game.board.ids[s]}" for s in ends], tag=tags.ENEMY_ROUTE)
    blocked = {f.space for f in game.fighters if not f.is_enemy}
    route = game.board.shortest_paths(me.space, end, blocked, limit=1)[0]
    since = len(game.events) if game.events is not None else 0
    game.move_along(me, route, MoveContext(me.side, maneuver=False, by_effect=True))
    if game.events is not None:
        source = ctx.card or ctx.vars.get("init_card")      # a card of their deck, or their initiative card
        reasons.attach(game, since, toward_reason(game, me, villain, apart, beyond, steps, ends, end,
                                                  source.name if source is not None else "Their rule"), ("move",))


def toward_reason(game, me, villain, apart: int, beyond: int, steps: int, ends: list[int], end: int,
                  source: str) -> dict:
    """Why they moved toward the villain: made as move_toward_villain decided."""
    ids = game.board.ids
    to_villain = game.board.dist[end][villain.space]
    when = f"more than {beyond} spaces from {villain.name}" if beyond else f"away from {villain.name}"
    lines = [f"{source}: {when}, they move up to {steps} spaces to get as close to him as they can.",
             f"They were {apart} spaces from {villain.name}; the closest they can get is {to_villain} "
             f"space{'s' if to_villain != 1 else ''} from him, in as few steps as possible, never through a hero "
             f"or sidekick (Adventures p.10)."]
    if len(ends) > 1:
        lines.append(f"Spaces {', '.join(str(ids[s]) for s in ends)} are as good: enemies make no choices, so the "
                     f"players chose space {ids[end]} (Adventures p.10).")
    return reasons.own_rule(me.name, "move toward the villain", "Adventures p.18", lines,
                            f"{me.name} hurry back toward {villain.name}", ours=True, actor_uid=me.uid,
                            candidates=[reasons.Candidate(f"space {ids[s]}", s, ids[s], kind="space")
                                        for s in ends],
                            chosen=f"space {ids[end]}", tied=[f"space {ids[s]}" for s in ends], by_players=True)
