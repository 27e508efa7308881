"""Choosing destinations and routes for a moving fighter (maneuvers and move effects)."""
from __future__ import annotations

from engine.abilities import Ability
from engine.decisions import PATH, SPACE
from engine.game import Game
from engine.rules import MoveContext, Rules
from engine.state import Fighter
from engine.tags import MOVE_DEST, MOVE_ROUTE


def blocked_for(game: Game, fighter: Fighter, mctx: MoveContext | None = None) -> set[int]:
    """Spaces a fighter may not cross: those holding fighters opposed to it (none when an
    effect lets it move through opposing fighters)."""
    if mctx is not None and mctx.through_opponents:
        return set()
    return {f.space for f in game.opponents(fighter.side.team)}


def blocked_mask(game: Game, fighter: Fighter, mctx: MoveContext | None = None) -> int:
    """blocked_for as a bitmask (bit i = space i)."""
    if mctx is not None and mctx.through_opponents:
        return 0
    return game.opposing_mask(fighter.side.team)


def held_in_place(game: Game, fighter: Fighter) -> bool:
    """An ability keeps the fighter on its space (Krang's Pan-Dimensional Portal)."""
    base = Ability.holds_in_place            # a plain loop: asked for every move
    for s in game.sides:
        ab = s.ability
        if ab is not None and type(ab).holds_in_place is not base and ab.holds_in_place(game, fighter):
            return True
    return False


def route_shapers(game: Game) -> list[Ability]:
    """Abilities whose rules make a route matter (Ability.path_signature)."""
    return [s.ability for s in game.sides
            if s.ability is not None and type(s.ability).path_signature is not Ability.path_signature]


def route_signature(game: Game, fighter: Fighter, path: tuple[int, ...], mctx: MoveContext, shapers=()):
    """What a route does besides arriving: the mode's rules, then the abilities' words."""
    sig = game.rules.path_signature(game, fighter, path, mctx)
    extra = tuple(x for a in shapers for x in (a.path_signature(game, fighter, path, mctx) or ()))
    if not extra:
        return sig
    return ((sig_text(sig),) if sig else ()) + extra


def destinations(game: Game, fighter: Fighter, steps: int, mctx: MoveContext | None = None) -> dict[int, int]:
    if fighter.space is None:
        return {}
    if held_in_place(game, fighter):
        return {fighter.space: 0}
    return game.board.reachable_masked(fighter.space, steps, blocked_mask(game, fighter, mctx), game.occ_mask)


def route_options(game: Game, fighter: Fighter, dest: int, steps: int,
                  mctx: MoveContext) -> list[tuple[int, ...]]:
    """One route per distinct consequence (see Rules.path_signature), shortest first."""
    start = fighter.space
    blocked = blocked_for(game, fighter, mctx)
    shapers = route_shapers(game)
    if type(game.rules).path_signature is Rules.path_signature and not shapers and not crossing_matters(mctx):
        return game.board.shortest_paths(start, dest, blocked, limit=1)
    paths = game.board.simple_paths(start, dest, steps, blocked)
    paths.sort(key=lambda p: (len(p), p))
    by_sig: dict = {}
    for p in paths:
        sig = route_signature(game, fighter, p, mctx, shapers)
        if crossing_matters(mctx):     # who a route passes through matters (Party Wagon!)
            sig = (sig, tuple(f.uid for f in crossed(game, p)))
        by_sig.setdefault(sig, p)
    return list(by_sig.values())


def choose_move(game: Game, fighter: Fighter, steps: int, mctx: MoveContext, seat: int,
                prompt: str | None = None) -> bool:
    """Let `seat` move `fighter` up to `steps` spaces (0 allowed). Returns True if it moved."""
    if not fighter.alive or fighter.space is None or game.pinned(fighter):
        return False
    reach = destinations(game, fighter, steps, mctx)
    ids, start = game.board.ids, fighter.space
    order = [s for _, _, s in sorted([(d, ids[s], s) for s, d in reach.items()])]   # nearest first, then by id
    dest = game.decide(seat, SPACE, prompt or (lambda: f"Move {fighter.name} up to {steps}: choose a destination"),
                       order, lambda: ["stay" if s == start else f"space {ids[s]} ({reach[s]} away)" for s in order],
                       tag=MOVE_DEST, context={"fighter": fighter, "steps": steps})
    if dest == fighter.space:
        return False
    routes = route_options(game, fighter, dest, steps, mctx)
    if not routes:
        return False
    route = game.decide(seat, PATH, f"Choose {fighter.name}'s route", routes,
                        lambda: [describe_route(game, fighter, r, mctx) for r in routes], tag=MOVE_ROUTE,
                        context={"fighter": fighter})
    mctx.data["route"] = route          # effects that care about the route read it back
    game.move_along(fighter, route, mctx)
    return True


def describe_route(game: Game, fighter: Fighter, route: tuple[int, ...], mctx: MoveContext) -> str:
    via = " > ".join(str(game.board.ids[s]) for s in route)
    sig = route_signature(game, fighter, route, mctx, route_shapers(game))
    text = f"via {via}" + (f" ({sig_text(sig)})" if sig else "")
    if mctx.through_opponents and (passed := crossed(game, route)):
        text += " through " + ", ".join(f.name for f in passed)
    return text


def sig_text(sig) -> str:
    if isinstance(sig, tuple) and sig and isinstance(sig[0], str):
        return ", ".join(str(x) for x in sig)
    return str(sig)


# ---------------------------------------------------------------- passing through fighters
CROSSING_MATTERS = "crossing_matters"   # MoveContext.data key: routes differ by who they pass through


def crossing_matters(mctx: MoveContext) -> bool:
    """A move through fighters whose effect depends on who was passed through."""
    return mctx.through_opponents and bool(mctx.data.get(CROSSING_MATTERS))


def crossed(game: Game, route: tuple[int, ...]) -> tuple:
    """The fighters standing on a route's intermediate spaces (passed through)."""
    return tuple(f for s in route[1:-1] if (f := game.occ[s]) is not None)
