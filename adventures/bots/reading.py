"""Reading the board: the facts every bot works from (one module, used by every bot).

Cheap questions about a game state that any hero bot or the "players choose" policy
asks: whose side sits at a seat, which fighters stand where, what an enemy may reveal
next, what a card in hand is worth, what the villain's objective asks of the heroes
(Foot soldiers, Doomsday Machines), and which spaces a sweep can reach. Nothing here
chooses: policies live in `heuristic.py`, `table.py` and `expert.py`.
"""
from __future__ import annotations

from adventures.rules.view import could_be, next_reveal
from engine.decisions import TABLE
from engine.state import ATTACK, DEFENSE, VERSATILE

ENEMY_MOVE = 3             # an enemy initiative card's usual move value (Adventures p.8)
HAND_LIMIT = 7
FAR = 10_000


def player_side(game, seat: int):
    """The player side sitting at `seat` (player sides use their seat as index)."""
    cur = game.current
    if cur is not None and cur.index == seat and not cur.is_enemy:
        return cur
    for s in game.sides:
        if s.index == seat and not s.is_enemy:
            return s
    return None


def enemy_fighters(game) -> list:
    return [f for s in game.sides if s.is_enemy for f in s.fighters if f.alive and f.space is not None]


def player_fighters(game) -> list:
    return [f for s in game.sides if not s.is_enemy and not s.eliminated
            for f in s.fighters if f.alive and f.space is not None]


def the_villain(game):
    adv = getattr(game, "adv", None)
    if adv is None:
        return None
    v = adv.villain.fighters[0]
    return v if v.alive and v.space is not None else None


def next_cards(game, side, seat: int) -> list:
    """The cards an enemy's next reveal can be, as `seat` sees it (`view.next_reveal`: its
    top card when the seat knows it, else its deck's unknown cards; its discard when the
    deck is empty). With open hands what one player saw the team knows; with hidden hands
    only what this seat saw (the game's rule, `view.hands_hidden`)."""
    return next_reveal(game, side, seat)


def defense_values(game, target, seat: int) -> list[int]:
    """What an enemy may defend with, as `seat` sees it: the defense values of the cards
    it can reveal."""
    mod = game.rules.defense_modifier(game, target)
    # Card.printed("defense"), inlined: asked for every card of every target a bot weighs.
    vals = [(c.defense if c.defense is not None else (c.value or 0)) + mod for c in next_cards(game, target.side, seat)]
    return vals or [mod]


def attack_values(game, attacker, face_down=None, seat: int = TABLE) -> list[int]:
    """An enemy's possible attack values as `seat` sees them: what its face-down attack
    card may be (`view.could_be`: the card itself only when the seat knows it), else
    what its next reveal may be."""
    if face_down is not None:
        pool = could_be(game, face_down, seat)
    else:
        pool = next_cards(game, attacker.side, seat)
    return [c.printed("attack") for c in pool] or [0]


def expected_damage(value: int, defenses: list[int]) -> float:
    total = 0
    for d in defenses:
        if value > d:
            total += value - d
    return total / len(defenses)


def usable(card, fighter) -> bool:
    return card.fighter == "any" or card.fighter == fighter.name or (fighter.label and card.fighter == fighter.label)


def card_worth(card, side) -> float:
    """How much a card in hand is worth keeping (boost and discard spend the lowest)."""
    if card.fighter != "any":
        for f in side.fighters:
            if f.alive and usable(card, f):
                break
        else:
            return 0.2 * card.boost        # its fighter is gone: only its boost is left
    v = card.value or 0
    if card.kind == VERSATILE:
        w = v + 1.0
    elif card.kind == ATTACK:
        w = float(v)
    elif card.kind == DEFENSE:
        w = 0.8 * v
    else:
        w = 3.5                            # schemes: card draw, tricks
    return w + 0.1 * card.boost


def in_range(board, fighter, space: int, target_space: int) -> bool:
    """Could `fighter` standing on `space` attack a fighter on `target_space`?"""
    return board.reaches(space, target_space, fighter.ranged)


_ATTACK_FROM: dict[int, tuple] = {}


def attack_spaces(board, ranged: bool, target_space: int) -> frozenset[int]:
    """The spaces from which a (ranged or melee) fighter is `in_range` of `target_space`
    (built once per compiled board and target space)."""
    hit = _ATTACK_FROM.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _ATTACK_FROM[id(board)] = (board, {})
    table = hit[1]
    key = (ranged, target_space)
    spaces = table.get(key)
    if spaces is None:
        spaces = table[key] = frozenset(s for s in range(board.n) if board.reaches(s, target_space, ranged))
    return spaces


def threat_left(game) -> int:
    """Threat spaces left before the villain completes its objective again."""
    adv = game.adv
    return adv.track_length - 1 - adv.threat


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


def active_machines(game) -> list[tuple[int, ...]]:
    """The wired spaces of each active Doomsday Machine, from `adv.data["machines"]`
    (machine id or index -> active flag or state name)."""
    adv = getattr(game, "adv", None)
    data = adv.data.get("machines") if adv is not None else None
    if not data:
        return []
    board = game.board
    by_id = {m[0]: m[2] for m in board.machines}
    items = data.items() if isinstance(data, dict) else enumerate(data)
    out = []
    for k, v in items:
        active = v.lower().startswith("a") if isinstance(v, str) else bool(v)
        if not active:
            continue
        wired = by_id.get(k)
        if wired is None and isinstance(k, int) and 0 <= k < len(board.machines):
            wired = board.machines[k][2]
        if wired:
            out.append(wired)
    return out


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


def objective_pressure(game) -> tuple[str, int, float]:
    """(duty, per-round extra threat, urgency): what the objective asks of the heroes.

    The end-of-round advance is 1 + (boroughs with Foot soldiers) for Shredder, 1 +
    (active machines) for Krang (p.14, p.16). urgency 3: one more cleared borough or
    deactivated machine stops the objective completing this round; 1: it slows the track;
    0: nothing useful to do."""
    adv = getattr(game, "adv", None)
    if adv is None:
        return "", 0, 0.0
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
    if "machines" in adv.data:
        active = active_machines(game)
        if active:
            extra = len(active)
            advance = 1 + extra
            return "machine", extra, 3.0 if advance >= left > advance - 1 else 1.0   # lasting: always worth it
    return "", 0, 0.0



# ---------------------------------------------------------------- objective work
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


def ally_space(game) -> int | None:
    """The board space that recruits the face-up ally, if no player fighter holds it yet."""
    info = game.adv.data.get("allies") if getattr(game, "adv", None) is not None else None
    number = info.get("face_up_space") if info else None
    space = game.board.start.get(number) if number else None
    if space is None:
        return None
    occupant = game.occ[space]
    return None if occupant is not None and not occupant.is_enemy else space


def index_of(options: list, value) -> int:
    for i, o in enumerate(options):
        if o is value or (isinstance(o, str) and o == value):
            return i
    return 0


def index_of_value(options: list, value) -> int | None:
    for i, o in enumerate(options):
        if o is value:
            return i
    return None
