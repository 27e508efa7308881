"""Board content and movement queries.

The two boards (New York City for Shredder, Technodrome for Krang) are our own designs
in the spirit of the printed board (`provenance: approximation`); these tests pin down the
rules they have to satisfy. Each test cites the rulebook passage it checks:

* core rules p.6-7 "Spaces and zones" (adjacency by lines, zones by colour, multi-zone spaces);
* core rules, Maneuver step 2 "Move your fighters" (through friends, never through opponents,
  never ending in an occupied space);
* Adventures p.4 Setup (villain on the 5 space, heroes on empty starting spaces 1-4);
* Adventures p.14-15 Shredder: boroughs, Foot circles, overflow to the next-highest start;
* Adventures p.16-17 Krang: Dimension X screens, Doomsday Machines and their wires.

Boards are loaded directly with yaml + BoardDef + compile_board, so these tests do not
depend on the content loader.
"""
from __future__ import annotations

import itertools
import math
import random
from collections import deque
from pathlib import Path

import pytest
import yaml

from engine.board import UNREACHABLE, Board, compile_board
from engine.content.schema import BoardDef

BOARD_DIR = Path(__file__).resolve().parents[1] / "adventures" / "content" / "boards"
BOARD_KEYS = ["new_york_city", "technodrome"]
BOROUGH_STARTS = {"Staten Island": 1, "Brooklyn": 2, "Queens": 3, "Bronx": 4, "Manhattan": 5}


# ---------------------------------------------------------------- helpers
def load_def(key: str) -> BoardDef:
    with open(BOARD_DIR / f"{key}.yaml", encoding="utf-8") as fh:
        return BoardDef.model_validate(yaml.safe_load(fh))


_CACHE: dict[str, tuple[BoardDef, Board]] = {}


def load(key: str) -> tuple[BoardDef, Board]:
    if key not in _CACHE:
        defn = load_def(key)
        _CACHE[key] = (defn, compile_board(defn))
    return _CACHE[key]


@pytest.fixture(params=BOARD_KEYS)
def board_pair(request) -> tuple[BoardDef, Board]:
    return load(request.param)


@pytest.fixture
def nyc() -> tuple[BoardDef, Board]:
    return load("new_york_city")


@pytest.fixture
def techno() -> tuple[BoardDef, Board]:
    return load("technodrome")


def make_board(paths: list[tuple[int, int]], n: int | None = None,
               zones: dict[int, list[str]] | None = None) -> Board:
    """A tiny hand-made board: spaces 1..n on a line, all in zone A unless told otherwise."""
    n = n or max(max(p) for p in paths)
    zones = zones or {}
    names = sorted({z for zs in zones.values() for z in zs} | {"A"})
    defn = BoardDef.model_validate({
        "key": "fixture",
        "name": "Fixture",
        "zones": {z: {"color": f"#{k:02x}0000"} for k, z in enumerate(names)},
        "spaces": [{"id": i, "pos": [i / (n + 1), 0.5], "zones": zones.get(i, ["A"])}
                   for i in range(1, n + 1)],
        "paths": [list(p) for p in paths],
    })
    return compile_board(defn)


def ix(board: Board, *ids: int) -> set[int]:
    return {board.index[i] for i in ids}


def bfs(adj: dict[int, set[int]], start: int, blocked: set[int] = frozenset()) -> dict[int, int]:
    """Independent reference BFS on printed ids."""
    seen = {start: 0}
    q = deque([start])
    while q:
        s = q.popleft()
        for t in sorted(adj[s]):
            if t not in seen and t not in blocked:
                seen[t] = seen[s] + 1
                q.append(t)
    return seen


def id_adjacency(defn: BoardDef) -> dict[int, set[int]]:
    adj: dict[int, set[int]] = {s.id: set() for s in defn.spaces}
    for a, b in defn.paths:
        adj[a].add(b)
        adj[b].add(a)
    return adj


def seg_point_dist(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def segments_cross(a, b, c, d) -> bool:
    def orient(p, q, r):
        v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (v > 1e-12) - (v < -1e-12)

    o = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    return o[0] != o[1] and o[2] != o[3] and 0 not in o


# ---------------------------------------------------------------- content shape
def test_board_files_validate_and_are_marked_as_approximations(board_pair):
    """Both boards are our own designs: we do not have the printed maps (Adventures p.3 contents)."""
    defn, board = board_pair
    assert defn.provenance == "approximation"
    assert defn.key in BOARD_KEYS
    assert 32 <= board.n <= 40
    assert len(defn.zones) == 5
    assert len({z.color.lower() for z in defn.zones.values()}) == 5
    # the colour-blind friendly side: each zone also has its own pattern (core rules p.6-7)
    assert len({z.pattern for z in defn.zones.values()}) == 5


def test_spaces_and_zones_battlefield_is_one_connected_component(board_pair):
    """Core rules p.6-7 'Spaces and zones': fighters move between spaces along lines, so
    every space must be reachable from every other one."""
    _, board = board_pair
    for s in range(board.n):
        assert all(d < UNREACHABLE for d in board.dist[s])


def test_spaces_and_zones_lines_make_symmetric_adjacency(board_pair):
    """Core rules p.6-7: two spaces connected by a line are adjacent (to each other)."""
    defn, board = board_pair
    for a in range(board.n):
        assert a not in board.adj[a]
        assert len(set(board.adj[a])) == len(board.adj[a])
        for b in board.adj[a]:
            assert board.adjacent(b, a)
    # one path per pair, and adjacency is exactly the listed paths
    assert len({frozenset(p) for p in defn.paths}) == len(defn.paths)
    assert sum(len(x) for x in board.adj) == 2 * len(defn.paths)


def test_spaces_and_zones_degree_and_diameter_suit_the_game(board_pair):
    """Design constraints for a readable Unmatched board: 2-5 lines per space, 8-11 steps across."""
    _, board = board_pair
    assert all(2 <= len(a) <= 5 for a in board.adj)
    diameter = max(max(row) for row in board.dist)
    assert 8 <= diameter <= 11


def test_spaces_and_zones_precomputed_distances_match_bfs(board_pair):
    """Core rules p.6-7: distance counts moves along lines; the compiled table must agree with
    an independent BFS over the YAML paths, and with distances_from without blockers."""
    defn, board = board_pair
    adj = id_adjacency(defn)
    for sid in adj:
        ref = bfs(adj, sid)
        s = board.index[sid]
        assert {board.ids[t]: d for t, d in enumerate(board.dist[s])} == ref
        assert board.distances_from(s, frozenset()) == board.dist[s]


def test_setup_starting_spaces_1_to_5_present(board_pair):
    """Adventures p.4 Setup: the villain starts on the 5 space; heroes on empty starting spaces 1-4."""
    defn, board = board_pair
    assert sorted(board.start) == [1, 2, 3, 4, 5]
    assert len(set(board.start.values())) == 5
    # the villain starts roughly central, the heroes around the edges
    ecc = {k: max(board.dist[s]) for k, s in board.start.items()}
    assert ecc[5] == min(ecc.values())
    cx, cy = board.pos[board.start[5]]
    assert 0.3 <= cx <= 0.7 and 0.3 <= cy <= 0.7
    for k in range(1, 5):
        x, y = board.pos[board.start[k]]
        assert min(x, y, 1 - x, 1 - y) <= 0.12, f"start {k} is not on an edge"


def test_spaces_and_zones_multi_zone_space_is_in_each_of_its_zones(board_pair):
    """Core rules p.6-7: a space with several colours is part of each of those zones."""
    defn, board = board_pair
    multi = [i for i, s in enumerate(defn.spaces) if len(s.zones) > 1]
    assert len(multi) >= 4
    for i in multi:
        s = defn.spaces[i]
        assert board.zone_list(i) == [z for z in board.zone_names if z in s.zones]
        in_zone = set(board.spaces_in_zone_of(i))
        for z in s.zones:
            members = [j for j, t in enumerate(defn.spaces) if z in t.zones]
            assert set(members) <= in_zone
            # same_zone holds through the shared colour, whichever zone the other space is in
            assert all(board.same_zone(i, j) and board.same_zone(j, i) for j in members)
    for i, j in itertools.combinations(range(board.n), 2):
        shared = set(defn.spaces[i].zones) & set(defn.spaces[j].zones)
        assert board.same_zone(i, j) == bool(shared)


def test_spaces_and_zones_same_zone_is_not_transitive():
    """Core rules p.6-7: a red/blue space shares a zone with red and with blue spaces, but that
    does not put the red and the blue spaces in one zone."""
    board = make_board([(1, 2), (2, 3)], zones={1: ["Red"], 2: ["Red", "Blue"], 3: ["Blue"]})
    a, b, c = (board.index[i] for i in (1, 2, 3))
    assert board.same_zone(a, b) and board.same_zone(b, c)
    assert not board.same_zone(a, c)
    assert set(board.spaces_in_zone_of(b)) == {a, b, c}
    assert set(board.spaces_in_zone_of(a)) == {a, b}


def test_layout_is_readable(board_pair):
    """Drawing constraints (not a rule): spaces apart, paths never cross, nothing drawn over a space."""
    defn, _ = board_pair
    pos = {s.id: s.pos for s in defn.spaces}
    for a, b in itertools.combinations(pos, 2):
        assert math.dist(pos[a], pos[b]) >= 0.06, (a, b)
    segs = [(a, b, pos[a], pos[b]) for a, b in defn.paths]
    segs += [(f"M{m.id}", s, m.pos, pos[s]) for m in defn.machines for s in m.wired_to]
    for (a, b, p, q), (c, d, r, s) in itertools.combinations(segs, 2):
        if len({a, b, c, d}) == 4:
            assert not segments_cross(p, q, r, s), f"{a}-{b} crosses {c}-{d}"
    for a, b, p, q in segs:
        for sid, sp in pos.items():
            if sid not in (a, b):
                assert seg_point_dist(sp, p, q) >= 0.03, f"{a}-{b} runs over space {sid}"


# ---------------------------------------------------------------- New York City (Shredder)
def test_boroughs_five_named_boroughs_with_their_starting_spaces(nyc):
    """Adventures p.14-15: New York City is divided into five boroughs, each with a numbered
    starting space (Staten Island 1, Brooklyn 2, Queens 3, Bronx 4, Manhattan 5)."""
    defn, board = nyc
    assert dict(board.boroughs) == BOROUGH_STARTS
    assert all(s.borough in BOROUGH_STARTS for s in defn.spaces)
    assert set(board.borough_of) == set(BOROUGH_STARTS)


def test_boroughs_each_contains_its_starting_space(nyc):
    """Adventures p.14-15: overflow goes 'to the borough with the next-highest numbered starting
    space', so the start space numbered k must lie in the borough whose start is k."""
    _, board = nyc
    for name, k in board.boroughs:
        assert board.borough_of[board.start[k]] == name


def test_boroughs_overflow_order_wraps_from_manhattan_to_staten_island(nyc):
    """Adventures p.14-15: deploy overflow follows the next-highest starting space; 'If Manhattan
    is full, continue to Staten Island.'"""
    _, board = nyc
    order = [name for name, _ in sorted(board.boroughs, key=lambda b: b[1])]
    nxt = {order[i]: order[(i + 1) % len(order)] for i in range(len(order))}
    assert order == ["Staten Island", "Brooklyn", "Queens", "Bronx", "Manhattan"]
    assert nxt["Manhattan"] == "Staten Island"


def test_boroughs_are_not_zones(nyc):
    """Adventures p.14-15 NOTE: boroughs are not the same as zones. Our zones cut across them."""
    defn, board = nyc
    assert not set(defn.zones) & set(BOROUGH_STARTS)
    boroughs_per_zone = {z: {s.borough for s in defn.spaces if z in s.zones} for z in defn.zones}
    assert sum(len(b) > 1 for b in boroughs_per_zone.values()) >= 3


def test_foot_circles_each_borough_has_enough(nyc):
    """Adventures p.14-15: Shredder deploys one Foot soldier per player into a borough, each in a
    different Foot circle, so every borough needs at least 4 circles (4 players)."""
    _, board = nyc
    per = {name: 0 for name in BOROUGH_STARTS}
    for _, _, name in board.circles:
        per[name] += 1
    assert all(v >= 4 for v in per.values()), per


def test_foot_circles_only_on_real_paths_one_per_path(nyc):
    """Adventures p.14-15: Foot circles sit along paths between normal spaces, one soldier per circle."""
    defn, board = nyc
    seen = set()
    for k, (a, b, name) in enumerate(board.circles):
        assert board.adjacent(a, b)
        assert board.circle_on(a, b) == k == board.circle_on(b, a)
        assert frozenset((a, b)) not in seen
        seen.add(frozenset((a, b)))
        # the circle belongs to the borough it is drawn in
        assert name in (board.borough_of[a], board.borough_of[b])
    for a in range(board.n):
        for b in board.adj[a]:
            if frozenset((a, b)) not in seen:
                assert board.circle_on(a, b) is None


def test_foot_circles_are_not_spaces(nyc):
    """Adventures p.14-15 NOTE: Foot circles are not spaces; fighters move through them but never
    stop in them, so crossing a circle costs no extra move."""
    defn, board = nyc
    assert board.n == len(defn.spaces)
    for a, b, _ in board.circles:
        assert board.dist[a][b] == 1
        assert b in board.reachable(a, 1, frozenset(), frozenset())


def test_new_york_city_has_no_krang_parts(nyc):
    """Adventures p.14: on New York City ignore Dimension X and Doomsday Machines."""
    defn, board = nyc
    assert not defn.machines and not board.machines
    assert set(board.screen) == {0}


# ---------------------------------------------------------------- Technodrome (Krang)
def test_dimension_x_every_space_is_on_a_screen(techno):
    """Adventures p.16-17: Dimension X markers cover the board screen by screen (1 to 4)."""
    defn, board = techno
    assert all(1 <= s <= 4 for s in board.screen)
    assert set(board.screen) == {1, 2, 3, 4}
    assert all(s.borough is None for s in defn.spaces)
    assert not defn.foot_circles and not defn.boroughs


def test_dimension_x_screens_increase_left_to_right(techno):
    """Adventures p.16-17: Dimension X starts on screen 1 (left) and spreads right; spaces to the
    right of the markers are in our world. Screen k is the k-th vertical quarter."""
    _, board = techno
    by_screen = {k: [board.pos[i][0] for i in range(board.n) if board.screen[i] == k] for k in range(1, 5)}
    for i, j in itertools.combinations(range(1, 5), 2):
        assert max(by_screen[i]) < min(by_screen[j]), (i, j)
    for i in range(board.n):
        assert board.screen[i] == int(board.pos[i][0] * 4) + 1


def test_doomsday_machines_three_ordered_left_to_right(techno):
    """Adventures p.16-17: three Doomsday Machines; Krang reactivates the leftmost inactive one,
    so ids follow the x order."""
    defn, board = techno
    assert [m[0] for m in board.machines] == [1, 2, 3]
    xs = [m[1][0] for m in board.machines]
    assert xs == sorted(xs) and len(set(xs)) == 3
    for _, _, wired in board.machines:
        assert 2 <= len(wired) <= 3


def test_doomsday_machines_wires_are_not_paths(techno):
    """Adventures p.16-17 NOTE: the wires show which spaces are adjacent to a machine; they are
    not paths, and fighters cannot move or attack through them. Machines are not spaces."""
    defn, board = techno
    without = compile_board(defn.model_copy(update={"machines": []}))
    assert without.adj == board.adj and without.dist == board.dist
    assert board.n == len(defn.spaces)
    space_pos = set(board.pos)
    for _mid, mpos, wired in board.machines:
        assert mpos not in space_pos
        assert len(set(wired)) == len(wired)
    # at least one machine's wired spaces are pairwise non-adjacent: adjacency to the same machine
    # does not make two spaces adjacent to each other
    assert any(all(not board.adjacent(a, b) for a, b in itertools.combinations(w, 2))
               for _, _, w in board.machines)


def test_doomsday_machines_sit_off_the_paths(techno):
    """Adventures p.16-17: machines are tokens beside the battlefield paths, reached through wires."""
    defn, _ = techno
    pos = {s.id: s.pos for s in defn.spaces}
    for m in defn.machines:
        for a, b in defn.paths:
            assert seg_point_dist(m.pos, pos[a], pos[b]) >= 0.03, (m.id, a, b)
        for sid in m.wired_to:
            assert math.dist(m.pos, pos[sid]) <= 0.25, "a wire should reach a nearby space"


# ---------------------------------------------------------------- movement: blocking (hand-made)
def test_move_never_through_an_opposing_fighter():
    """Core rules, Maneuver 'Move your fighters': you may not move through opposing fighters."""
    board = make_board([(1, 2), (2, 3), (3, 4), (4, 5)])
    one = board.index[1]
    assert board.reachable(one, 4, ix(board, 2), ix(board, 2)) == {one: 0}
    got = board.reachable(one, 4, ix(board, 4), ix(board, 4))
    assert set(got) == ix(board, 1, 2, 3)


def test_move_through_friendly_fighters_but_never_end_there():
    """Core rules, Maneuver 'Move your fighters': you may move through friendly fighters but
    cannot end in an occupied space."""
    board = make_board([(1, 2), (2, 3), (3, 4), (4, 5)])
    one = board.index[1]
    got = board.reachable(one, 3, frozenset(), ix(board, 2, 3))
    assert got == {one: 0, board.index[4]: 3}
    # the start is always a legal end (moving zero spaces), even though the mover occupies it
    assert board.reachable(one, 0, frozenset(), ix(board, 1)) == {one: 0}


def test_move_blocked_route_takes_the_detour():
    """Core rules, Maneuver: an opposing fighter on the short route forces the long way round."""
    # 1-2-3 short route, 1-4-5-6-3 detour
    board = make_board([(1, 2), (2, 3), (1, 4), (4, 5), (5, 6), (6, 3)])
    one, three = board.index[1], board.index[3]
    assert board.reachable(one, 2, frozenset(), frozenset())[three] == 2
    blocked = ix(board, 2)
    assert three not in board.reachable(one, 3, blocked, blocked)
    assert board.reachable(one, 4, blocked, blocked)[three] == 4
    assert board.distances_from(one, blocked)[three] == 4
    assert board.distances_from(one, blocked)[board.index[2]] == UNREACHABLE


def test_shortest_paths_only_minimal_routes_avoiding_blockers():
    """Core rules, Maneuver: enemies move by the shortest legal route (Adventures p.8-9 targeting)."""
    # a 2x3 grid: 1-2-3 / 4-5-6 with rungs 1-4, 2-5, 3-6
    board = make_board([(1, 2), (2, 3), (4, 5), (5, 6), (1, 4), (2, 5), (3, 6)])
    i = board.index
    routes = board.shortest_paths(i[1], i[6], frozenset())
    as_ids = sorted(tuple(board.ids[s] for s in r) for r in routes)
    assert as_ids == [(1, 2, 3, 6), (1, 2, 5, 6), (1, 4, 5, 6)]
    routes = board.shortest_paths(i[1], i[6], ix(board, 5))
    assert sorted(tuple(board.ids[s] for s in r) for r in routes) == [(1, 2, 3, 6)]
    # block the only shortest route: the longer one is returned, and only it
    routes = board.shortest_paths(i[1], i[3], ix(board, 2))
    assert [tuple(board.ids[s] for s in r) for r in routes] == [(1, 4, 5, 6, 3)]
    assert board.shortest_paths(i[1], i[3], ix(board, 2, 5)) == []
    assert len(board.shortest_paths(i[1], i[6], frozenset(), limit=2)) == 2


def test_simple_paths_respect_the_step_limit():
    """Core rules, Maneuver: a fighter moves up to its move value; no route revisits a space."""
    board = make_board([(1, 2), (2, 3), (4, 5), (5, 6), (1, 4), (2, 5), (3, 6)])
    i = board.index
    got = {tuple(board.ids[s] for s in r) for r in board.simple_paths(i[1], i[6], 3, frozenset())}
    assert got == {(1, 2, 3, 6), (1, 2, 5, 6), (1, 4, 5, 6)}
    got = {tuple(board.ids[s] for s in r) for r in board.simple_paths(i[1], i[6], 5, frozenset())}
    assert got == {(1, 2, 3, 6), (1, 2, 5, 6), (1, 4, 5, 6), (1, 4, 5, 2, 3, 6)}
    assert board.simple_paths(i[1], i[6], 2, frozenset()) == []
    got = {tuple(board.ids[s] for s in r) for r in board.simple_paths(i[1], i[6], 5, ix(board, 5))}
    assert got == {(1, 2, 3, 6)}
    assert board.simple_paths(i[1], i[1], 0, frozenset()) == [(i[1],)]


# ---------------------------------------------------------------- movement on the real boards
def _random_cases(board: Board, seed: int, count: int = 60):
    rng = random.Random(seed)
    for _ in range(count):
        start = rng.randrange(board.n)
        others = [s for s in range(board.n) if s != start]
        blocked = frozenset(rng.sample(others, rng.randint(0, 5)))
        friends = frozenset(rng.sample(others, rng.randint(0, 3))) - blocked
        yield start, blocked, friends | blocked | {start}, rng.randint(0, 6), rng


def test_move_reachable_on_real_boards_never_crosses_or_ends_on_fighters(board_pair):
    """Core rules, Maneuver: never through opposing fighters, never ending in an occupied space,
    but friendly (occupied, not blocked) spaces can be crossed."""
    _, board = board_pair
    for start, blocked, occupied, steps, _ in _random_cases(board, seed=board.n):
        got = board.reachable(start, steps, blocked, occupied)
        dist = board.distances_from(start, blocked)
        assert got[start] == 0
        for s, d in got.items():
            if s != start:
                assert s not in occupied and s not in blocked
                assert 1 <= d <= steps and d == dist[s]
        for s in range(board.n):
            if s not in occupied and dist[s] <= steps:
                assert s in got
    # crossing a friend: a 2-step move whose only shortest route goes through an occupied space
    for a in range(board.n):
        for mid in board.adj[a]:
            for b in board.adj[mid]:
                if board.dist[a][b] == 2 and len(set(board.adj[a]) & set(board.adj[b])) == 1:
                    assert board.reachable(a, 2, frozenset(), {a, mid}).get(b) == 2
                    assert b not in board.reachable(a, 2, {mid}, {a, mid})
                    return
    pytest.fail("no single-route two-step move on this board")


def _count_shortest(board: Board, start: int, goal: int, blocked) -> int:
    dist = board.distances_from(start, blocked)
    ways = [0] * board.n
    ways[start] = 1
    for s in sorted(range(board.n), key=lambda x: dist[x]):
        if dist[s] >= UNREACHABLE or s == start:
            continue
        ways[s] = sum(ways[p] for p in board.adj[s] if dist[p] == dist[s] - 1)
    return ways[goal]


def test_shortest_paths_on_real_boards_are_minimal_and_complete(board_pair):
    """Core rules, Maneuver: shortest legal routes; every one of them, none longer, none blocked."""
    _, board = board_pair
    for start, blocked, _, _, rng in _random_cases(board, seed=7 * board.n):
        goal = rng.randrange(board.n)
        if goal == start or goal in blocked:
            continue
        routes = board.shortest_paths(start, goal, blocked, limit=10_000)
        d = board.distances_from(start, blocked)[goal]
        if d >= UNREACHABLE:
            assert routes == []
            continue
        assert len(routes) == _count_shortest(board, start, goal, blocked)
        assert len(set(routes)) == len(routes)
        for r in routes:
            assert r[0] == start and r[-1] == goal and len(r) == d + 1
            assert not set(r[1:]) & blocked
            assert all(board.adjacent(x, y) for x, y in zip(r, r[1:]))


def _all_simple(board: Board, start: int, goal: int, steps: int, blocked) -> set[tuple[int, ...]]:
    out = set()

    def walk(path):
        if path[-1] == goal:
            out.add(tuple(path))
            return
        if len(path) - 1 == steps:
            return
        for t in board.adj[path[-1]]:
            if t not in path and t not in blocked:
                walk(path + [t])

    walk([start])
    return out


def test_simple_paths_on_real_boards_match_brute_force(board_pair):
    """Core rules, Maneuver: routes of at most `move` steps, never revisiting or crossing blockers."""
    _, board = board_pair
    for start, blocked, _, _, rng in _random_cases(board, seed=11 * board.n, count=40):
        goal = rng.randrange(board.n)
        if goal in blocked:
            continue
        steps = rng.randint(0, 5)
        got = board.simple_paths(start, goal, steps, blocked, limit=100_000)
        assert set(got) == _all_simple(board, start, goal, steps, blocked)
        for r in got:
            assert len(r) - 1 <= steps and len(set(r)) == len(r)


# ---------------------------------------------------------------- borough and machine data checks
def _nyc_data() -> dict:
    return load_def("new_york_city").model_dump(mode="python")


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["foot_circles"].append(dict(d["foot_circles"][0])), "two Foot circles on the same path"),
    (lambda d: d["boroughs"][0].update(start=d["boroughs"][1]["start"]), "must be unique"),
    (lambda d: d["spaces"][0].update(borough=None), "every space needs a borough"),
    (lambda d: d["foot_circles"][0].update(
        borough=next(b["name"] for b in d["boroughs"] if b["name"] != d["foot_circles"][0]["borough"]
                     and all(s["borough"] != b["name"] for s in d["spaces"]
                             if s["id"] in d["foot_circles"][0]["between"]))),
     "is not at either end of its path"),
])
def test_borough_data_is_consistent(mutate, message):
    """Adventures p.14-15: each borough holds its numbered starting space; Foot circles sit
    on paths of their borough, one per path."""
    data = _nyc_data()
    mutate(data)
    with pytest.raises(ValueError, match=message):
        BoardDef.model_validate(data)


def test_borough_start_must_lie_in_its_borough():
    """Adventures p.14: deploy overflow follows each borough's numbered starting space."""
    data = _nyc_data()
    a, b = data["boroughs"][0], data["boroughs"][1]
    a["start"], b["start"] = b["start"], a["start"]
    with pytest.raises(ValueError, match="is not in"):
        BoardDef.model_validate(data)


def test_machine_ids_unique_and_screens_all_or_none():
    """Adventures p.16-17: three distinct Doomsday Machines; Dimension X screens cover the board."""
    data = load_def("technodrome").model_dump(mode="python")
    data["machines"][1]["id"] = data["machines"][0]["id"]
    with pytest.raises(ValueError, match="duplicate machine id"):
        BoardDef.model_validate(data)
    data = load_def("technodrome").model_dump(mode="python")
    data["spaces"][0]["screen"] = None
    with pytest.raises(ValueError, match="every space has a screen"):
        BoardDef.model_validate(data)
