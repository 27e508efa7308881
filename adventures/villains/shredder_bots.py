"""What bots read of Shredder's objective (adventures/bots/villain_facts.py): the Foot soldiers.

The end-of-round advance is 1 + (boroughs with Foot soldiers) (Adventures p.14): a hero
whose maneuver crosses patrolling soldiers may remove them (one fighter a maneuver, p.15),
and a borough swept clean no longer pushes the track. So the duty is "foot": sweep a
borough clean when that stops or slows the objective; routes through entrenched soldiers
hurt. His rules are in adventures/villains/shredder.py, his board drawing in
adventures/app/villains/shredder.py.
"""
from __future__ import annotations

from adventures.bots.reading import FAR, index_of_value, threat_left
from adventures.bots.villain_facts import VillainFacts, villain_facts


def _state_name(v) -> str:
    if isinstance(v, str):
        return v.lower()
    if isinstance(v, dict):
        return str(v.get("state", v.get("side", "patrolling"))).lower()
    return "patrolling" if v else ""


def foot_soldiers(game) -> tuple[set[int], set[int]]:
    """(patrolling, entrenched) Foot circle indices, from `adv.data["foot"]`
    (circle -> "patrolling" | "entrenched"; other spellings and a list work too)."""
    data = game.adv.data.get("foot") if getattr(game, "adv", None) is not None else None
    if not data:
        return set(), set()
    patrol, entrenched = set(), set()
    if isinstance(data, dict):
        for k, v in data.items():                  # the fast path: Shredder's own format
            if v == "patrolling":
                patrol.add(k)
            elif v == "entrenched":
                entrenched.add(k)
            else:
                name = _state_name(v)
                if name and name not in ("none", "empty"):
                    (entrenched if name.startswith("e") else patrol).add(k)
        return patrol, entrenched
    for k, v in enumerate(data):
        name = _state_name(v)
        if name and name not in ("none", "empty"):
            (entrenched if name.startswith("e") else patrol).add(k)
    return patrol, entrenched


def deploy_revealed(game) -> bool:
    """Has this round's Foot-deploying initiative card (To the Streets) already resolved?"""
    for card in game.adv.row:
        for o in card.right_now_ops:
            if isinstance(o, dict) and "deploy_foot" in o:
                return True
    return False


def clearable_foot(game) -> list[int]:
    """Patrolling circles worth sweeping: boroughs holding only patrolling soldiers, few
    enough to clear in a maneuver, and not about to be refilled this round (the borough
    under threat gets new soldiers from To the Streets until it has resolved; p.14-15)."""
    return _clearable(game, _foot_by_borough(game))


def _foot_by_borough(game) -> tuple[dict[str, list[int]], set[str]]:
    """The board's Foot circles by borough: ({borough: patrolling circles}, boroughs with
    an entrenched soldier)."""
    foot = game.adv.data.get("foot") or {}
    circles = game.board.circles
    n = len(circles)
    per: dict[str, list[int]] = {}
    dirty: set[str] = set()
    for k, v in (foot.items() if isinstance(foot, dict) else ()):
        if not 0 <= k < n:
            continue
        b = circles[k][2]
        if v == "entrenched" or (v != "patrolling" and _state_name(v).startswith("e")):
            dirty.add(b)
        else:
            ks = per.get(b)
            if ks is None:
                per[b] = [k]
            else:
                ks.append(k)
    return per, dirty


def _clearable(game, by_borough: tuple[dict[str, list[int]], set[str]]) -> list[int]:
    per, dirty = by_borough
    under = game.adv.data.get("under_threat")
    out = []
    refill_done = None
    for b, ks in per.items():
        if b in dirty or len(ks) > 3:
            continue
        if b == under:
            if refill_done is None:
                refill_done = deploy_revealed(game)
            if not refill_done:
                continue
        out.extend(ks)
    return out


def clearable_set(game) -> set[int]:
    return set(clearable_foot(game))


# ---------------------------------------------------------------- the sweep search
def borough_groups(game, targets: set[int]) -> list[frozenset[int]]:
    """The target circles grouped by borough (a borough counts only when all are gone)."""
    by: dict[str, set[int]] = {}
    for k in targets:
        by.setdefault(game.board.circles[k][2], set()).add(k)
    return [frozenset(v) for v in by.values()]


def foot_value(groups: list[frozenset[int]], crossed) -> float:
    """Boroughs swept clean by a route, plus a little for partial progress."""
    got = set(crossed)
    swept = 0
    for g in groups:
        if g <= got:
            swept += 1
    return swept + 0.2 * len(got)


def circle_gap(game, targets: set[int]) -> list[int]:
    """Per space, the distance to the nearest end of a target circle."""
    board = game.board
    circles = board.circles
    ends = {x for k in targets for x in circles[k][:2]}
    if not ends:
        return [FAR] * len(board.dist)
    if board_symmetric(board):             # the distance rows of the ends, element by element
        return list(map(min, *[board.dist[x] for x in ends])) if len(ends) > 1 else list(board.dist[next(iter(ends))])
    return [min(row[x] for x in ends) for row in board.dist]


_SYMMETRIC: dict[int, tuple] = {}


def board_symmetric(board) -> bool:
    """Whether dist[a][b] == dist[b][a] everywhere (checked once per compiled board)."""
    hit = _SYMMETRIC.get(id(board))
    if hit is None or hit[0] is not board:
        d = board.dist
        hit = _SYMMETRIC[id(board)] = (board, all(d[a][b] == d[b][a] for a in range(len(d)) for b in range(a)))
    return hit[1]


_STEPS: dict[int, tuple] = {}


def circle_steps(board) -> list[tuple[tuple[int, int | None, int], ...]]:
    """Per space, its (neighbour, Foot circle on that edge or None, 1 << neighbour) triples
    in `adj` order: the sweep search asks this at every step (built once per compiled board)."""
    hit = _STEPS.get(id(board))
    if hit is None or hit[0] is not board:
        ec = board.edge_circle
        hit = _STEPS[id(board)] = (board, [tuple((t, ec.get((a, t)), 1 << t) for t in ts)
                                           for a, ts in enumerate(board.adj)])
    return hit[1]


def sweep_routes(game, fighter, steps: int, targets: set[int], gap: list[int] | None = None) -> dict[int, tuple]:
    """For each space `fighter` may end on within `steps`: the most target circles a route
    there crosses. Routes are simple paths that never enter a space held by an opposing
    fighter and end on an empty space (or where they started). Ends past the last circle
    in reach are not explored (`gap`: circle_gap, passed in when already known)."""
    board = game.board
    start = fighter.space
    gap = gap if gap is not None else circle_gap(game, targets)
    if steps <= 0 or gap[start] >= steps:
        return {start: ()}                       # no target circle within reach: skip the search
    team = fighter.side.team
    # Spaces a route may not enter now (a bitmask): opposing fighters' and the route's own
    # (simple paths), passed down the search so no step has to undo it.
    closed = 1 << start
    for f in game.fighters:
        if f.side.team != team:
            closed |= 1 << f.space
    occ = game.occ
    steps_of = circle_steps(board)
    best: dict[int, tuple] = {start: ()}
    # Depth first, each frame (the rest of a space's steps, steps left, circles crossed,
    # closed spaces) on an explicit stack: the order of a recursive walk, without a call
    # per space.
    stack = [(iter(steps_of[start]), steps - 1, (), closed)]
    while stack:
        rest, further, crossed, closed = stack[-1]
        for t, k, bit in rest:
            if closed & bit:
                continue
            c = crossed + (k,) if k is not None and k in targets else crossed
            if occ[t] is None:
                had = best.get(t)
                if had is None or len(c) >= len(had):
                    best[t] = c
            if further and gap[t] < further:
                stack.append((iter(steps_of[t]), further - 1, c, closed | bit))
                break
        else:
            stack.pop()
    return best


# ---------------------------------------------------------------- the facts
@villain_facts("shredder")
class ShredderFacts(VillainFacts):
    def tokens_key(self, adv) -> tuple:
        foot = adv.data.get("foot")        # the count, the circle sum and objectives done (a fall flips them)
        return (len(foot), sum(foot), adv.completions) if isinstance(foot, dict) else (repr(foot),)

    def pressure(self, game) -> tuple[str, int, float]:
        adv = game.adv
        left = max(1, threat_left(game))
        foot = adv.data.get("foot")
        if isinstance(foot, dict) and foot:
            per, dirty = by_borough = _foot_by_borough(game)
            extra = len(per.keys() | dirty)        # every borough with a soldier on a board circle
            if not _clearable(game, by_borough):
                return "", extra, 0.0
            advance = 1 + extra
            urgency = 3.0 if advance >= left > advance - 1 else (0.0 if advance >= left else 1.0)
            return ("foot" if urgency else ""), extra, urgency
        return "", 0, 0.0

    # ------------------------------------------------------------ what one bot keeps
    def soldiers(self, bot, game) -> tuple[set[int], set[int]]:
        return bot._cached(game, foot_soldiers, "foot")

    def clearable(self, bot, game) -> set[int]:
        # the row says if To the Streets resolved
        return bot._cached(game, clearable_set, "clearable", game.round, len(game.adv.row))

    def sweep_facts(self, bot, game, targets: set[int]) -> tuple[list[int], list[frozenset[int]], dict]:
        """(circle_gap, borough_groups, foot_value by crossed circles) of the clearable circles
        `targets` (from self.clearable). They read nothing but the board and the circles, so the
        circles key them; the set answered last is recognised by identity (held in the bot's
        notes, never changed, it keeps its id), others by content (clearable makes a new set
        each round)."""
        notes = bot.villain_notes
        if targets is notes.get("sweep_of"):
            return notes["sweep"]
        key = frozenset(targets)
        by = notes.setdefault("sweep_by", {})
        facts = by.get(key)
        if facts is None:
            if len(by) > 64:
                by.clear()
            facts = by[key] = (circle_gap(game, targets), borough_groups(game, targets), {})
        notes["sweep_of"], notes["sweep"] = targets, facts
        return facts

    # ------------------------------------------------------------ the duty
    def plan(self, bot, game, side, duty, steps) -> tuple:
        # The sweep search is the bot's most expensive step: its answer is kept for as long as
        # everything it reads is unchanged (the same clearable circles from the objective
        # cache, the same reach, the fighters where and as healthy as they were).
        targets = self.clearable(bot, game)
        key = (side.index, steps, id(targets), tuple([(f.uid, f.space, f.health) for f in game.fighters]))
        hit = bot._plans.get(key)
        if hit is not None and hit[0] is targets:
            return hit[1]
        plan = self._sweeper(bot, game, side, duty, steps, targets)
        if len(bot._plans) > 256:
            bot._plans.clear()
        bot._plans[key] = (targets, plan)          # holding the set keeps its id unique
        return plan

    def _sweeper(self, bot, game, side, duty, steps, targets) -> tuple:
        """The fighter whose route sweeps most: a whole borough at least."""
        best, best_v = None, 0.0
        gap, groups, valued = self.sweep_facts(bot, game, targets)
        for f in side.fighters:
            if f.alive and f.space is not None and not bot.hurt(f):
                v = 0.0
                for c in set(sweep_routes(game, f, steps, targets, gap).values()):
                    x = valued.get(c)
                    if x is None:
                        x = valued[c] = foot_value(groups, c)
                    if x > v:
                        v = x
                if v > best_v:
                    best, best_v = f, v
        return (best, duty) if best_v >= 1.0 else (None, "")

    def reach(self, bot, game, fighter, steps) -> float:
        targets = self.clearable(bot, game)
        gap, groups, _ = self.sweep_facts(bot, game, targets)
        return max((foot_value(groups, c) for c in sweep_routes(game, fighter, steps, targets, gap).values()),
                   default=0.0)

    def destination_score(self, bot, game, fighter, steps, vdist):
        targets = self.clearable(bot, game)
        gap, groups, _ = self.sweep_facts(bot, game, targets)
        sweep = sweep_routes(game, fighter, steps, targets, gap)

        def score(s):
            crossed = sweep.get(s, ())
            return 10 * foot_value(groups, crossed) - 0.1 * vdist[s]
        return score

    def move_facts(self, bot, game, fighter, steps):
        sweep = None
        if "foot" in game.adv.data:        # what a route there sweeps of the Foot soldiers
            targets = self.clearable(bot, game)
            if targets:
                gap, groups, _ = self.sweep_facts(bot, game, targets)
                sweep = {s: foot_value(groups, crossed)
                         for s, crossed in sweep_routes(game, fighter, steps, targets, gap).items() if crossed}
        return set(), sweep

    def crossing(self, bot, game, fighter):
        """Entrenched Foot soldiers hurt; patrolling ones may be removed (by this fighter, if
        nobody of the side removes them yet this maneuver)."""
        patrol, entrenched = self.soldiers(bot, game) if "foot" in game.adv.data else (set(), set())
        chosen = game.maneuver.remover if game.maneuver is not None else None   # the game's, not a private note
        remover = chosen is None or chosen is fighter          # nobody yet: this fighter may
        edge_circle = game.board.edge_circle

        def step(a: int, b: int) -> float:
            k = edge_circle.get((a, b))
            if k is not None:
                if k in entrenched:
                    return 3.0
                if k in patrol and remover:
                    return -2.0
            return 0.0
        return step

    def answer(self, bot, game, d) -> int:
        """Shredder asks yes/no when a route crosses patrolling Foot soldiers and nobody of the
        side removes them yet this maneuver (only one fighter may): yes, unless the side's
        planned remover is another fighter that has still to move."""
        opts = d.options
        f = d.context.get("fighter")
        yes = index_of_value(opts, True)
        if f is None or yes is None:
            return 0
        side = f.side
        duty_f, _ = bot.duty_fighter(game, side)
        moved = game.maneuver.data.get("moved", ()) if game.maneuver is not None else ()
        if duty_f is not None and duty_f is not f and duty_f.uid not in moved:
            no = index_of_value(opts, False)
            return no if no is not None else yes
        return yes
