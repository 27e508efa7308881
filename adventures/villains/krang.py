"""Krang: Dimension X Incursion (Adventures p.16-17).

State kept in `game.adv.data` (plain data, read by the UI):
  machines      Doomsday Machine id -> True while active (board.machines is left to right)
  dx_markers    Dimension X markers placed (1-4); spaces on screens <= this are in Dimension X
  trap_deck     Technodrome Trap names, index 0 = top of the deck
  trap_discard  resolved traps, face up, last = top
  last_roll     {"face": "1".."5" | "X", "why": str} or None

Feeling competitive? (p.13): on the Technodrome without Krang there are no markers and no
machines; nothing here runs then, since this plugin only exists when Krang is the villain.
"""
from __future__ import annotations

from adventures.rules import reasons, tags
from adventures.rules.ops import explain_placement
from adventures.rules.plugin import EnemyPlugin, register
from adventures.rules.threat import OBJECTIVES_TO_LOSE
from engine.decisions import FIGHTER, OPTION, SPACE, TABLE
from engine.effects.registry import condition, explainer, op, value
from engine.effects.resolve import Ctx, note_choice, run_ops
from engine.state import Card

DIE_FACES = ("1", "2", "3", "4", "5", "X")     # the Die of Ultimate Destruction
DUD = "X"
REACTIVATE_ON = ("3", "4", "5")                 # p.17
MAX_MARKERS = 4


# ---------------------------------------------------------------- state helpers
def machines(game) -> dict[int, bool]:
    return game.adv.data.setdefault("machines", {})


def markers(game) -> int:
    return game.adv.data.get("dx_markers", 1)


def in_dimension_x(game, space: int | None) -> bool:
    """Spaces under the markers (screens 1..markers) are in Dimension X (p.16)."""
    if space is None or not game.board.screen:
        return False
    screen = game.board.screen[space]
    return 0 < screen <= markers(game)


def active_count(game) -> int:
    return sum(1 for on in machines(game).values() if on)


def inactive_left_to_right(game) -> list[int]:
    state = machines(game)
    return [mid for mid, _, _ in game.board.machines if not state.get(mid, True)]


def wired_machines(game, side) -> list[int]:
    """Active machines with one of this side's fighters on a wired space (wires are not paths)."""
    spaces = {f.space for f in side.alive_fighters if f.space is not None}
    state = machines(game)
    return [mid for mid, _, wired in game.board.machines if state.get(mid) and spaces & set(wired)]


def activate(game, mid: int, why: str, record: dict | None = None) -> None:
    """`record`: the reason record of what activated it (adventures.rules.reasons)."""
    machines(game)[mid] = True
    game.log("machine", f"Doomsday Machine {mid} activates ({why}).", machine=mid, active=True, why=record)


REACTIVATE_PAGE = "Adventures p.17"


def reactivate_reason(game, face: str, first: int | None) -> dict | None:
    """Why a machine did or did not come back at the end of the round (made as it rolled)."""
    if game.events is None:
        return None
    hit = face in REACTIVATE_ON and first is not None
    return reasons.own_rule("Krang", "reactivate a Doomsday Machine", REACTIVATE_PAGE, [
        "End of the round, Krang's card: a Doomsday Machine is inactive, so Krang rolls the Die of Ultimate "
        f"Destruction ({REACTIVATE_PAGE}).",
        f"On 3, 4 or 5 the leftmost inactive machine activates; any player may discard a card to reroll "
        f"({REACTIVATE_PAGE}).",
        f"The die shows {face}: " + (f"Doomsday Machine {first} activates." if hit else "nothing happens.")],
        f"Doomsday Machine {first} activates" if hit else "No Doomsday Machine reactivates", ours=False)


def player_sides(game) -> list:
    """Players still in the game, in player order."""
    adv = game.adv
    return [adv.seats[n] for n in sorted(adv.seats) if not adv.seats[n].eliminated]


TRAP_PAGE = "Adventures p.17"


def expand_reason(game, headline: str) -> dict | None:
    """Why Dimension X grew: Krang completed his objective (made as it grows)."""
    if game.events is None:
        return None
    return reasons.own_rule("Krang", "objective: Dimension X expands", "Adventures p.16", [
        "The threat marker reached the end of the track: Krang completes his objective (Adventures p.12).",
        "His objective: the next Dimension X marker goes on the next screen; every space on a screen under a "
        "marker is in Dimension X (Adventures p.16).",
        f"Completed so far: {game.adv.completions} of {OBJECTIVES_TO_LOSE}; at {OBJECTIVES_TO_LOSE} the heroes "
        f"lose."],
        headline, ours=False)


# ---------------------------------------------------------------- the die
def roll_die(game, why: str, faces: dict[str, str] | None = None) -> str:
    """Roll the Die of Ultimate Destruction. Before the result resolves, any player may discard
    a card to reroll, any number of times (p.17): a TABLE decision after each roll.
    `faces`: what each face would do, so the reroll question can say it (plain words)."""
    face = DIE_FACES[game.rng.randrange(len(DIE_FACES))]
    game.log("die", f"Krang rolls the Die of Ultimate Destruction ({why}): {face}.", face=face, roll_for=why)
    while True:
        offers = [(side, card) for side in player_sides(game) for card in side.hand]
        if not offers:
            break
        options: list = [None, *offers]
        labels = [f"accept {face}"] + [f"reroll: {s.name} discards {c.name}" for s, c in offers]
        meaning = f": {faces[face].rstrip('.')}" if faces and face in faces else ""
        pick = game.decide(TABLE, OPTION, f"Krang rolled {face} ({why}){meaning}. Reroll by discarding a card?",
                           options, labels, tag=tags.REROLL, context={"face": face, "why": why, "faces": faces})
        if pick is None:
            break
        side, card = pick
        game.discard_from_hand(side, card, "reroll the Die of Ultimate Destruction")
        face = DIE_FACES[game.rng.randrange(len(DIE_FACES))]
        game.log("die", f"Reroll: {face}.", face=face, roll_for=why, reroll=True)
    game.adv.data["last_roll"] = {"face": face, "why": why}
    return face


# ---------------------------------------------------------------- traps
def trap_defs(game) -> dict:
    traps = getattr(getattr(game, "catalog", None), "traps", None)
    return {t.name: t for t in traps.traps} if traps is not None else {}


def reshuffle_traps(game) -> None:
    data = game.adv.data
    data["trap_deck"].extend(data["trap_discard"])
    data["trap_discard"].clear()
    game.shuffle(data["trap_deck"])
    game.log("trap", "The Technodrome Trap discard pile is shuffled into a new deck.")


def activate_trap(game) -> None:
    """Reveal the top trap, roll, resolve that result (X: a dud), discard it face up (p.17)."""
    data = game.adv.data
    if not data.get("trap_deck") and data.get("trap_discard"):
        reshuffle_traps(game)
    if not data.get("trap_deck"):
        return
    name = data["trap_deck"].pop(0)
    since = len(game.events) if game.events is not None else 0
    game.log("trap", f"Technodrome Trap: {name}.", trap=name)
    trap = trap_defs(game).get(name)
    faces = {str(k): r.text for k, r in sorted(trap.results.items())} if trap is not None else {}
    faces[DUD] = "a dud, nothing happens"
    face = roll_die(game, f"Technodrome Trap {name}", faces=faces)
    record = trap_reason(game, name, face, faces)
    try:
        if face == DUD or trap is None:
            game.log("trap", f"{name} is a dud.", trap=name, face=face)
        else:
            effect = trap.results[int(face)]
            game.log("trap", f"{name} ({face}): {effect.text}", trap=name, face=face)
            villain = game.adv.villain
            # A stand-in card so that damage and threat name the trap as their source; it is
            # in no pile (uid -1, not counted by anything that tracks cards).
            card = Card(-1, name, "scheme", None, 0, "any", (), villain)
            ctx = Ctx(game, villain, villain.fighters[0], card)
            ctx.vars["trap"] = name
            run_ops(ctx, effect.ops)
    finally:
        if record is not None:         # every line the trap wrote, its damage and threat too
            reasons.attach(game, since, record)
        data["trap_discard"].append(name)
        if not data["trap_deck"]:
            reshuffle_traps(game)


def trap_reason(game, name: str, face: str, faces: dict[str, str]) -> dict | None:
    """Why a trap did what it did: the Technodrome Traps card revealed it and the die chose."""
    if game.events is None:
        return None
    result = faces.get(face, "").rstrip(".")
    return reasons.own_rule("Krang", "Technodrome Traps", TRAP_PAGE, [
        f"The Technodrome Traps initiative card: reveal the top trap, {name}, and roll the Die of Ultimate "
        f"Destruction; any player may discard a card to reroll ({TRAP_PAGE}).",
        f"The die shows {face}: {result}." if face != DUD else "The die shows X: a dud, nothing happens.",
        "The trap then goes face up to the trap discard pile."],
        f"Technodrome Trap {name}: {face}", ours=True)


# ---------------------------------------------------------------- the plugin
@register("krang")
class KrangRules(EnemyPlugin):

    def setup(self, game) -> None:
        adv = game.adv
        data = adv.data
        data["machines"] = {mid: True for mid, _, _ in game.board.machines}   # all start active (p.16)
        ov = data.get("overrides")
        n = min(getattr(ov, "dimension_x_markers", None) or 1, MAX_MARKERS)
        # Scenario option: extra markers count as expansions already made.
        data["dx_markers"] = n
        adv.completions += n - 1
        deck = list(trap_defs(game))
        game.shuffle(deck)
        data["trap_deck"] = deck
        data["trap_discard"] = []
        data["last_roll"] = None
        game.log("setup", f"Dimension X covers screen{'s 1-' + str(n) if n > 1 else ' 1'}; "
                          f"{len(data['machines'])} Doomsday Machines are active.")

    def end_of_round_threat(self, game) -> int:
        return 1 + active_count(game)            # p.16

    def end_of_round_threat_why(self, game, n: int) -> tuple[str, list[str], list, bool]:
        """How end_of_round_threat counted `n`, for its why record (adventures.rules.ops):
        the page, the steps, every Doomsday Machine, active or not, and whether the rule is ours."""
        state = machines(game)
        active = [mid for mid, _, _ in game.board.machines if state.get(mid)]
        steps = ["End of the round, Krang's card: the threat advances 1, plus 1 for each active Doomsday "
                 "Machine (Adventures p.16).",
                 f"Doomsday Machine{'s' if len(active) > 1 else ''} {', '.join(map(str, active))} "
                 f"{'is' if len(active) == 1 else 'are'} active: 1 + {len(active)} = {n}." if active
                 else "No Doomsday Machine is active: 1."]
        cands = [reasons.Candidate(f"Doomsday Machine {mid}", mid, kind="machine",
                                   note="active: +1" if state.get(mid) else "inactive: +0")
                 for mid, _, _ in game.board.machines]
        return "Adventures p.16", steps, cands, False        # the rulebook's special rule

    def objective(self, game) -> None:
        """Dimension X expands: the next marker goes on the next screen (p.16)."""
        adv = game.adv
        if markers(game) < MAX_MARKERS and adv.completions < OBJECTIVES_TO_LOSE:
            adv.data["dx_markers"] = markers(game) + 1
            text = f"Dimension X expands to screen {markers(game)}"
        else:
            text = "Dimension X consumes the world"
        why = expand_reason(game, text)
        if why is not None:           # the objective line just logged (threat.complete_objective) says why too
            reasons.attach(game, len(game.events) - 1, why, ("objective",))
        game.log("dimension_x", f"{text}.", markers=markers(game), why=why)

    def threat_level(self, game) -> int:
        return markers(game)                     # the highest screen with a marker (p.17)

    def after_maneuver(self, game, side, mctx) -> None:
        """Deactivate one machine: a fighter of yours on one of its wired spaces after the
        maneuver, and one card discarded from hand (p.16)."""
        if side.is_enemy or not mctx.maneuver or not side.hand:
            return
        near = wired_machines(game, side)
        if not near:
            return
        mid = game.decide(side.index, OPTION, "Deactivate a Doomsday Machine by discarding a card?",
                          [None, *near], ["no"] + [f"deactivate Doomsday Machine {m}" for m in near],
                          tag=tags.DEACTIVATE_MACHINE)
        if mid is None:
            return
        game.choose_discard(side, 1, why=f"deactivate Doomsday Machine {mid}")
        machines(game)[mid] = False
        game.log("machine", f"{side.name} deactivates Doomsday Machine {mid}.", machine=mid, active=False)


# ---------------------------------------------------------------- effect language
def _fighters(ctx: Ctx, sel) -> list:
    from engine.effects.core_ops import candidates, named
    if isinstance(sel, str):
        f = named(ctx, sel)
        return [f] if f is not None and f.alive else []
    return candidates(ctx, sel if isinstance(sel, dict) else {})


@condition("in_dimension_x")
def c_in_dx(ctx: Ctx, args) -> bool:
    """`in_dimension_x: opponent` (a named fighter) or a filter: true if any match is inside."""
    return any(in_dimension_x(ctx.game, f.space) for f in _fighters(ctx, args))


@value("in_dimension_x")
def v_in_dx(ctx: Ctx, args) -> int:
    """How many fighters matching a filter are in Dimension X (default: player fighters)."""
    sel = args if isinstance(args, (dict, str)) else {"side": "opposing" if ctx.enemy else "friendly"}
    return sum(1 for f in _fighters(ctx, sel) if in_dimension_x(ctx.game, f.space))


@value("active_machines")
def v_active(ctx: Ctx, args) -> int:
    return active_count(ctx.game)


@value("inactive_machines")
def v_inactive(ctx: Ctx, args) -> int:
    return len(inactive_left_to_right(ctx.game))


@value("dx_markers")
def v_markers(ctx: Ctx, args) -> int:
    return markers(ctx.game)


@op("technodrome_trap")
def op_trap(ctx: Ctx, args) -> None:
    activate_trap(ctx.game)


@op("reactivate_machine")
def op_reactivate(ctx: Ctx, args) -> None:
    """Krang's END OF ROUND: if a machine is inactive, roll; on 3-5 the leftmost one activates."""
    game = ctx.game
    if not inactive_left_to_right(game):
        return
    first = inactive_left_to_right(game)[0]
    faces = {f: (f"Doomsday Machine {first} reactivates" if f in REACTIVATE_ON else "no machine reactivates")
             for f in DIE_FACES}
    since = len(game.events) if game.events is not None else 0
    face = roll_die(game, "reactivate a Doomsday Machine", faces=faces)
    left = inactive_left_to_right(game)
    record = reactivate_reason(game, face, left[0] if left else None)
    if record is not None:
        reasons.attach(game, since, record, ("die",))
    if face in REACTIVATE_ON and left:
        activate(game, left[0], f"rolled {face}", record)
    else:
        game.log("machine", f"Rolled {face}: no Doomsday Machine reactivates.", face=face, why=record)


@op("activate_machine")
def op_activate(ctx: Ctx, args) -> None:
    """Activate the leftmost inactive machine (`{all: true}`: every inactive machine)."""
    args = args if isinstance(args, dict) else {}
    left = inactive_left_to_right(ctx.game)
    for mid in left if args.get("all") else left[:1]:
        activate(ctx.game, mid, ctx.vars.get("trap", "effect"))


@op("place_in_dimension_x")
def op_place_dx(ctx: Ctx, args) -> None:
    """Place fighters on an empty space in Dimension X. Enemies' effects: players choose."""
    from engine.effects.core_ops import select
    game = ctx.game
    for f in select(ctx, args, "Choose a fighter to place in Dimension X"):
        pool = [s for s in game.empty_spaces() if in_dimension_x(game, s) and s != f.space]
        if not pool or f.space is None:
            continue                            # nowhere to go: it stays (p.10)
        pool.sort(key=lambda s: game.board.ids[s])
        seat = TABLE if f.is_enemy or ctx.enemy else ctx.seat
        s = game.decide(seat, SPACE, f"Choose where to place {f.name} in Dimension X", pool,
                        [f"space {game.board.ids[s]}" for s in pool], tag=tags.PLACE)
        note_choice(ctx, "space", seat, pool, s)
        game.place(f, s)


@explainer("place_in_dimension_x")
def explain_place_dx(ctx: Ctx, args, choices, since: int) -> None:
    """Why Dimensional Rift put a fighter there: the players' pick among Dimension X's empty spaces."""
    explain_placement(ctx, "place_in_dimension_x", "in Dimension X", choices, since)


@op("pick_player_fighter")
def op_pick_player_fighter(ctx: Ctx, args) -> None:
    """Players choose one player fighter (TABLE), bound as `it` for `ops` (traps target one)."""
    game = ctx.game
    pool = [f for f in game.fighters if not f.is_enemy and not f.side.eliminated]
    if args.get("in_dimension_x"):
        pool = [f for f in pool if in_dimension_x(game, f.space)]
    if not pool:
        return
    f = game.decide(TABLE, FIGHTER, "Players choose a player fighter for the trap", pool,
                    [f"{x.name} ({game.space_label(x.space)})" for x in pool], tag=tags.EFFECT_FIGHTER)
    ctx.vars["it"] = f
    run_ops(ctx, args.get("ops", []))
    ctx.vars.pop("it", None)


@op("trap_each_player")
def op_each_player(ctx: Ctx, args) -> None:
    """Run `ops` once per player still in the game, as that player's own effect (they make
    the choices, e.g. which card to discard). `in_dimension_x: true`: only players with a
    fighter in Dimension X."""
    game = ctx.game
    for side in player_sides(game):
        if args.get("in_dimension_x") and not any(in_dimension_x(game, f.space) for f in side.alive_fighters):
            continue
        fighter = next(iter(side.alive_fighters), None)
        sub = Ctx(game, side, fighter)
        sub.vars.update(ctx.vars)
        run_ops(sub, args.get("ops", []))

