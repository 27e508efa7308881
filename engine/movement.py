"""Choosing destinations and routes for a moving fighter (maneuvers and move effects)."""
from __future__ import annotations

from engine import tags
from engine.decisions import PATH, SPACE
from engine.game import Game
from engine.rules import MoveContext, Rules
from engine.state import Fighter


def blocked_for(game: Game, fighter: Fighter) -> set[int]:
    """Spaces a fighter may not cross: those holding fighters opposed to it."""
    team = fighter.side.team
    return {f.space for f in game.fighters if f.side.team != team}


def destinations(game: Game, fighter: Fighter, steps: int) -> dict[int, int]:
    if fighter.space is None:
        return {}
    return game.board.reachable(fighter.space, steps, blocked_for(game, fighter), game.occupied_spaces())


def route_options(game: Game, fighter: Fighter, dest: int, steps: int,
                  mctx: MoveContext) -> list[tuple[int, ...]]:
    """One route per distinct consequence (see Rules.path_signature), shortest first."""
    start = fighter.space
    blocked = blocked_for(game, fighter)
    if type(game.rules).path_signature is Rules.path_signature:
        return game.board.shortest_paths(start, dest, blocked, limit=1)
    paths = game.board.simple_paths(start, dest, steps, blocked)
    paths.sort(key=lambda p: (len(p), p))
    by_sig: dict = {}
    for p in paths:
        by_sig.setdefault(game.rules.path_signature(game, fighter, p, mctx), p)
    return list(by_sig.values())


def choose_move(game: Game, fighter: Fighter, steps: int, mctx: MoveContext, seat: int,
                prompt: str | None = None) -> bool:
    """Let `seat` move `fighter` up to `steps` spaces (0 allowed). Returns True if it moved."""
    if not fighter.alive or fighter.space is None:
        return False
    reach = destinations(game, fighter, steps)
    order = sorted(reach, key=lambda s: (reach[s], game.board.ids[s]))
    labels = ["stay" if s == fighter.space else f"space {game.board.ids[s]} ({reach[s]} away)" for s in order]
    dest = game.decide(seat, SPACE, prompt or f"Move {fighter.name} up to {steps}: choose a destination",
                       order, labels, tag=tags.MOVE_DEST, context={"fighter": fighter, "steps": steps})
    if dest == fighter.space:
        return False
    routes = route_options(game, fighter, dest, steps, mctx)
    if not routes:
        return False
    labels = [describe_route(game, fighter, r, mctx) for r in routes]
    route = game.decide(seat, PATH, f"Choose {fighter.name}'s route", routes, labels, tag=tags.MOVE_ROUTE,
                        context={"fighter": fighter})
    game.move_along(fighter, route, mctx)
    return True


def describe_route(game: Game, fighter: Fighter, route: tuple[int, ...], mctx: MoveContext) -> str:
    via = " > ".join(str(game.board.ids[s]) for s in route)
    sig = game.rules.path_signature(game, fighter, route, mctx)
    return f"via {via}" + (f" ({sig_text(sig)})" if sig else "")


def sig_text(sig) -> str:
    if isinstance(sig, tuple) and sig and isinstance(sig[0], str):
        return ", ".join(str(x) for x in sig)
    return str(sig)
