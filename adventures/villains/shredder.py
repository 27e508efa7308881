"""Shredder: Conquer New York (Adventures p.4 setup, p.14-15 special rules).

State kept in `game.adv.data` (plain data, read by the UI):
  borough_track  borough names in track order; index 0 was under threat first
  fallen         fallen borough names, in the order they fell
  under_threat   the borough on top of the stack, or None
  foot           Foot circle index -> "patrolling" | "entrenched"
Soldiers on the board + adv.supply["foot"] always make the 24 tokens of the box.

Feeling competitive? (p.13): a competitive game on New York City has no Foot soldiers; this
plugin only exists when Shredder is the villain, so nothing here runs then.
"""
from __future__ import annotations

from adventures.rules import reasons, tags
from adventures.rules.plugin import EnemyPlugin, register
from adventures.rules.threat import OBJECTIVES_TO_LOSE, said
from engine.decisions import OPTION, SPACE, TABLE, YESNO
from engine.effects.registry import condition, op, value
from engine.effects.resolve import Ctx, amount

FOOT = "foot"
FOOT_TOKENS = 24                      # p.4 (published)
PATROLLING, ENTRENCHED = "patrolling", "entrenched"


# ---------------------------------------------------------------- state helpers
def foot(game) -> dict[int, str]:
    return game.adv.data.setdefault("foot", {})


def fallen(game) -> list[str]:
    return game.adv.data.setdefault("fallen", [])


def under_threat(game) -> str | None:
    return game.adv.data.get("under_threat")


_BY_BOROUGH: dict[int, tuple] = {}


def circles_of(game, borough: str) -> tuple[int, ...]:
    """The Foot circles of a borough, in circle order (grouped once per compiled board:
    every soldier deployed asks)."""
    board = game.board
    hit = _BY_BOROUGH.get(id(board))
    if hit is None or hit[0] is not board:
        by: dict[str, list[int]] = {}
        for k, (_, _, b) in enumerate(board.circles):
            by.setdefault(b, []).append(k)
        hit = _BY_BOROUGH[id(board)] = (board, {b: tuple(ks) for b, ks in by.items()})
    return hit[1].get(borough, ())


def circle_label(game, k: int) -> str:
    a, b, borough = game.board.circles[k]
    return f"Foot circle {game.board.ids[a]}-{game.board.ids[b]} ({borough})"


def next_borough(game, borough: str) -> str:
    """The borough with the next-highest numbered starting space; after 5 comes 1 (p.15)."""
    order = [name for name, _ in sorted(game.board.boroughs, key=lambda b: b[1])]
    return order[(order.index(borough) + 1) % len(order)]


def boroughs_with_foot(game) -> set[str]:
    return {game.board.circles[k][2] for k in foot(game)}


# ---------------------------------------------------------------- deploying
def deploy(game, borough: str | None, count: int, why: str = "") -> list[int]:
    """Deploy soldiers one at a time from the supply (p.15): a full borough overflows to the
    next one by starting number; an empty supply places nothing; players choose the circle.
    A fallen borough gets entrenched soldiers. Returns the circles filled."""
    adv = game.adv
    placed: list[int] = []
    if borough is None or not game.board.circles:
        return placed
    on_board = foot(game)
    for _ in range(max(0, count)):
        if adv.supply.get(FOOT, 0) <= 0:
            game.log("foot", "Shredder's supply of Foot soldiers is empty: nothing is deployed.",
                     why=reasons.own_rule("Foot soldiers", "empty supply", DEPLOY_PAGE, [
                         f"{deploy_source(why)}",
                         f"All {FOOT_TOKENS} Foot soldiers are on the board: none is left to deploy."],
                         "No Foot soldier left to deploy", ours=False) if game.events is not None else None)
            break
        target, pool, full = borough, [], []
        for _ in range(len(game.board.boroughs)):
            pool = [k for k in circles_of(game, target) if k not in on_board]
            if pool:
                break
            full.append(target)
            target = next_borough(game, target)
        if not pool:
            break                                # every circle on the map is occupied
        k = game.decide(TABLE, SPACE, f"Players choose a Foot circle in {target} for a Foot soldier",
                        pool, lambda pool=pool: [circle_label(game, c) for c in pool], tag=tags.PLACE_FOOT,
                        context={"borough": target, "pick": "circle"})     # options are circle indices
        side = ENTRENCHED if target in fallen(game) else PATROLLING
        on_board[k] = side
        adv.supply[FOOT] -= 1
        placed.append(k)
        if game.events is not None:   # no text to build in batch runs (the log is off)
            game.log("foot", said(deploy_cause(game, why), f"a {side} Foot soldier is deployed on the "
                                                          f"{circle_label(game, k)}."), circle=k, borough=target, state=side,
                     why=deploy_reason(game, why, borough, full, target, pool, k, side))
    return placed


DEPLOY_PAGE = "Adventures p.15"      # deploying: overflow to the next borough, players choose the circle
DEPLOY_TEXT = ("Foot soldiers are deployed one at a time from the supply to a borough; a borough with no free "
               "Foot circle passes the soldier on to the borough with the next starting space number; the "
               "players choose each soldier's circle.")


def deploy_cause(game, why: str) -> str:
    """The cause a deployment's log line starts with: "Setup", "Brooklyn fell", a card's name."""
    if why == "setup":
        return "Setup"
    if why == "objective":
        return f"{fallen(game)[-1]} fell" if fallen(game) else "A borough fell"
    return "" if why == "effect" else why


def deploy_source(why: str) -> str:
    """Why soldiers are being deployed, in words (`why`: setup, objective or a card's name)."""
    if why == "setup":
        return "Setup: one Foot soldier per player goes to the borough under threat (Adventures p.4)."
    if why == "objective":
        return ("A borough fell: one patrolling Foot soldier per player goes to the next borough under "
                "threat (Adventures p.14).")
    return f"{why or 'An effect'}: this card deploys Foot soldiers." if why != "effect" else \
        "An effect deploys Foot soldiers."


def deploy_reason(game, why: str, asked: str, full: list[str], target: str, pool: list[int], k: int,
                  side: str) -> dict:
    """The record of one soldier's deployment, made as deploy() placed it."""
    steps = [deploy_source(why)]
    if full:
        steps.append(f"{_and(full)} {'has' if len(full) == 1 else 'have'} no free Foot circle: the soldier goes "
                     f"to the borough with the next starting space number, {target} ({DEPLOY_PAGE}).")
    else:
        steps.append(f"It goes to {target}.")
    labels = [circle_label(game, c) for c in pool]
    if len(pool) > 1:
        steps.append(f"{len(pool)} free Foot circles there: enemies make no choices, so the players chose the "
                     f"{circle_label(game, k)} ({DEPLOY_PAGE}).")
    else:
        steps.append(f"One free Foot circle there: the {circle_label(game, k)}.")
    steps.append("It is entrenched: its borough has fallen (Adventures p.14)." if side == ENTRENCHED
                 else "It patrols: a maneuvering fighter may clear it (Adventures p.14-15).")
    return reasons.own_rule("Foot soldiers", f"deploy to {asked}", DEPLOY_PAGE, steps,
                            f"A Foot soldier deployed in {target}", ours=why not in ("setup", "objective"),
                            candidates=[reasons.Candidate(label, c, kind="circle") for label, c in zip(labels, pool)],
                            chosen=circle_label(game, k), tied=labels, by_players=True, rule_text=DEPLOY_TEXT)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def remove_foot(game, k: int) -> None:
    del foot(game)[k]
    game.adv.supply[FOOT] = game.adv.supply.get(FOOT, 0) + 1
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("foot", f"The patrolling Foot soldier on the {circle_label(game, k)} is removed.", circle=k)


def crossed(game, path) -> tuple[list[int], list[int]]:
    """Patrolling and entrenched circles a route crosses."""
    on_board = foot(game)
    patrol, trench = [], []
    if not on_board:
        return patrol, trench                    # no soldier to cross
    edge_circle = game.board.edge_circle         # a plain loop: asked for every route of a move
    frm = path[0]
    for to in path[1:]:
        k = edge_circle.get((frm, to))
        if k is not None:
            state = on_board.get(k)
            if state is not None:
                (patrol if state == PATROLLING else trench).append(k)
        frm = to
    return patrol, trench


def may_remove(fighter, mctx) -> bool:
    """Only maneuver movement removes soldiers, by one chosen fighter of the maneuvering player."""
    return (mctx is not None and mctx.maneuver and not fighter.is_enemy and fighter.side is mctx.side
            and (mctx.remover is None or mctx.remover is fighter))


# ---------------------------------------------------------------- the plugin
@register("shredder")
class ShredderRules(EnemyPlugin):
    supply_needed = {FOOT: FOOT_TOKENS}   # soldiers on the board + the supply make the box's 24

    def setup(self, game) -> None:
        adv = game.adv
        adv.supply.setdefault(FOOT, FOOT_TOKENS)
        adv.supply_total.setdefault(FOOT, FOOT_TOKENS)
        track = [name for name, _ in game.board.boroughs]
        game.shuffle(track)                      # the tile stack, UNDER THREAT side up (p.4)
        adv.data["borough_track"] = track
        adv.data["fallen"] = []
        adv.data["foot"] = {}
        ov = adv.data.get("overrides")
        pre = min(getattr(ov, "fallen_boroughs", None) or 0, OBJECTIVES_TO_LOSE - 1)
        # Scenario option: these boroughs fell before play; they count as completions and
        # start empty (our choice: no entrenched soldiers there).
        adv.data["fallen"] = track[:pre]
        adv.completions += pre
        adv.data["under_threat"] = track[pre] if pre < len(track) else None
        if pre:
            game.log("borough", f"Already fallen: {', '.join(track[:pre])}.")
        game.log("borough", f"{adv.data['under_threat']} is under threat.", borough=adv.data["under_threat"])
        deploy(game, adv.data["under_threat"], adv.players, "setup")

    def end_of_round_threat(self, game) -> int:
        """1, plus 1 per borough holding at least one Foot soldier, either side (p.14)."""
        return 1 + len(boroughs_with_foot(game))

    def end_of_round_threat_why(self, game, n: int) -> tuple[str, list[str], list, bool]:
        """How end_of_round_threat counted `n`, for its why record (adventures.rules.ops):
        the page, the steps, every borough with its soldiers, and whether the rule is ours."""
        count: dict[str, int] = {}
        for k in foot(game):
            borough = game.board.circles[k][2]
            count[borough] = count.get(borough, 0) + 1
        held = [name for name, _ in sorted(game.board.boroughs, key=lambda b: b[1]) if name in count]
        steps = ["End of the round, Shredder's card: the threat advances 1, plus 1 for each borough holding at "
                 "least one Foot soldier, patrolling or entrenched (Adventures p.14)."]
        steps.append(f"{_and(held)} {'holds' if len(held) == 1 else 'hold'} Foot soldiers: 1 + {len(held)} = {n}."
                     if held else "No borough holds a Foot soldier: 1.")
        cands = [reasons.Candidate(name, kind="borough", note=(
                     f"{count[name]} Foot soldier{'s' if count[name] > 1 else ''}: +1" if name in count
                     else "no Foot soldier: +0"))
                 for name, _ in sorted(game.board.boroughs, key=lambda b: b[1])]
        return "Adventures p.14", steps, cands, False        # the rulebook's special rule

    def objective(self, game) -> None:
        """The borough under threat falls (p.14): flip it, entrench its soldiers, then deploy
        one patrolling soldier per player to the next borough."""
        adv = game.adv
        data = adv.data
        borough = data.get("under_threat")
        if borough is None:
            return
        data["fallen"].append(borough)
        track = data["borough_track"]
        i = len(data["fallen"])
        data["under_threat"] = track[i] if i < len(track) else None
        on_board = foot(game)
        for k in circles_of(game, borough):
            if k in on_board:
                on_board[k] = ENTRENCHED
        fell = reasons.own_rule("Shredder", "objective: the borough under threat falls", "Adventures p.14", [
            "The threat marker reached the end of the track: Shredder completes his objective (Adventures p.12).",
            f"His objective: the borough under threat, {borough}, falls; its Foot soldiers entrench "
            f"(Adventures p.14).",
            f"Fallen so far: {len(data['fallen'])} of {OBJECTIVES_TO_LOSE}; at {OBJECTIVES_TO_LOSE} the heroes "
            f"lose."], f"{borough} falls", ours=False) if game.events is not None else None
        if fell is not None:          # the objective line just logged (threat.complete_objective) says why too
            reasons.attach(game, len(game.events) - 1, fell, ("objective",))
        game.log("borough", f"{borough} falls to the Foot Clan ({len(data['fallen'])} fallen).",
                 borough=borough, fallen=list(data["fallen"]), why=fell)
        if adv.completions >= OBJECTIVES_TO_LOSE or data["under_threat"] is None:
            return                                   # the heroes lose now: nothing more to deploy
        game.log("borough", f"{data['under_threat']} is now under threat.", borough=data["under_threat"], why=fell)
        # p.14 says "the number of players": the count the game started with, as for health.
        deploy(game, data["under_threat"], adv.players, "objective")

    # ------------------------------------------------------------ movement
    def path_signature(self, game, fighter, path, mctx):
        if fighter.is_enemy or not game.adv.data.get("foot"):
            return None
        patrol, trench = crossed(game, path)
        if not patrol and not trench:
            return None
        parts = []
        if patrol and may_remove(fighter, mctx):
            where = ", ".join(circle_label(game, k).removeprefix("Foot circle ") for k in patrol)
            parts.append(f"removes {len(patrol)} Foot ({where})")
        if trench:
            parts.append(f"{len(trench)} damage from entrenched Foot")
        return "; ".join(parts) or None

    def before_move(self, game, fighter, path, mctx) -> None:
        if mctx is None or mctx.remover is not None or not may_remove(fighter, mctx):
            return
        patrol, _ = crossed(game, path)
        if not patrol:
            return
        yes = game.decide(fighter.side.index, YESNO,
                          f"Should {fighter.name} remove the Foot soldiers it moves over this maneuver "
                          f"({len(patrol)} on this route)? Only one fighter may.", [True, False],
                          ["yes", "no"], tag=tags.FOOT_REMOVER, context={"fighter": fighter}, force=True)
        if yes:
            mctx.remover = fighter
            if game.events is not None:   # no text to build in batch runs (the log is off)
                game.log("foot", f"{fighter.name} will remove Foot soldiers this maneuver.", fighter=fighter.uid)

    def on_step(self, game, fighter, frm, to, mctx) -> None:
        if fighter.is_enemy:
            return                                   # enemies ignore Foot soldiers
        k = game.board.edge_circle.get((frm, to))
        state = foot(game).get(k) if k is not None else None
        if state == ENTRENCHED:
            since = len(game.events) if game.events is not None else 0
            game.damage(fighter, 1, "entrenched Foot soldier")
            if game.events is not None:
                reasons.attach(game, since, reasons.own_rule("Foot soldiers", "entrenched: 1 damage",
                    "Adventures p.14-15", [
                        f"{fighter.name} moved over the entrenched Foot soldier on the {circle_label(game, k)}.",
                        "An entrenched soldier deals 1 damage to any player fighter that moves over it, "
                        "whatever the move (Adventures p.14-15)."],
                    f"An entrenched Foot soldier hits {fighter.name}", ours=False), ("damage",))
        elif state == PATROLLING and mctx is not None and mctx.maneuver and mctx.remover is fighter:
            remove_foot(game, k)


# ---------------------------------------------------------------- effect language
def target_borough(ctx: Ctx, where) -> str | None:
    """`borough:` of deploy_foot: under_threat (default), fallen (players choose), fallen_random,
    shredder / opponent (the borough that fighter stands in), or a borough's name."""
    game = ctx.game
    where = where or "under_threat"
    if where == "under_threat":
        return under_threat(game)
    if where in ("fallen", "fallen_random"):
        pool = list(fallen(game))
        if not pool:
            return under_threat(game)                # nothing has fallen yet
        if where == "fallen_random":
            return pool[game.rng.randrange(len(pool))]
        return game.decide(TABLE, OPTION, "Players choose a fallen borough for the Foot soldiers", pool,
                           pool, tag=tags.FOOT_BOROUGH)
    if where in ("shredder", "opponent", "self"):
        f = ctx.opponent if where == "opponent" else (ctx.fighter if where == "self"
                                                      else game.adv.villain.fighters[0])
        if f is None or f.space is None:
            return None
        return game.board.borough_of[f.space]
    return where


@op("deploy_foot")
def op_deploy_foot(ctx: Ctx, args) -> None:
    """Deploy Foot soldiers: `{deploy_foot: {count: 2, borough: under_threat}}` or `{deploy_foot: 2}`."""
    args = args if isinstance(args, dict) else {"count": args}
    n = amount(ctx, args.get("count", 1))
    source = ctx.card or ctx.vars.get("init_card")         # a card of Shredder's deck, or his initiative card
    deploy(ctx.game, target_borough(ctx, args.get("borough")), n, source.name if source is not None else "effect")


@value("fallen_boroughs")
def v_fallen(ctx: Ctx, args) -> int:
    return len(ctx.game.adv.data.get("fallen", ()))


@value("foot_on_board")
def v_foot_on_board(ctx: Ctx, args) -> int:
    return len(ctx.game.adv.data.get("foot", ()))


@condition("in_fallen_borough")
def c_in_fallen_borough(ctx: Ctx, args) -> bool:
    """The named fighter (default: the opponent) stands in a fallen borough."""
    from engine.effects.core_ops import named
    f = named(ctx, args if isinstance(args, str) else "opponent")
    if f is None or f.space is None:
        return False
    return ctx.game.board.borough_of[f.space] in ctx.game.adv.data.get("fallen", ())
