"""Runtime board: a compiled, index-based view of a BoardDef for fast play.

Spaces are dense indices 0..n-1 (`Board.ids[i]` is the printed id). Adjacency lists,
zone bitmasks and all-pairs shortest distances are computed once, so the hot path
(enemy targeting, bots) only does list lookups.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from engine.content.schema import BoardDef

UNREACHABLE = 10_000
BFS_MEMO_SIZE = 4096       # distinct (start, blocked) searches kept per compiled board


@dataclass(slots=True)
class Board:
    key: str
    name: str
    ids: list[int]                       # index -> printed space id
    index: dict[int, int]                # printed id -> index
    pos: list[tuple[float, float]]
    adj: list[tuple[int, ...]]           # movement/attack adjacency (paths only)
    zone_names: list[str]
    zone_colors: list[str]
    zone_patterns: list[str]
    zones: list[int]                     # bitmask of zones per space
    start: dict[int, int]                # starting number -> space index
    dist: list[list[int]]                # all-pairs shortest path lengths, ignoring blockers
    borough_of: list[str | None] = field(default_factory=list)
    boroughs: list[tuple[str, int]] = field(default_factory=list)   # (name, start number)
    # Foot circles: index -> (a, b, borough); edge_circle[(a, b)] -> circle index (both orders)
    circles: list[tuple[int, int, str]] = field(default_factory=list)
    edge_circle: dict[tuple[int, int], int] = field(default_factory=dict)
    screen: list[int] = field(default_factory=list)                 # Technodrome screens (0 = none)
    machines: list[tuple[int, tuple[float, float], tuple[int, ...]]] = field(default_factory=list)
    # distances_from and reachable answers by their arguments: a board never changes, an
    # enemy turn asks the same search for its intent, its move and its route, and a bot
    # asks again where the engine's maneuver can end.
    bfs_memo: dict = field(default_factory=dict, repr=False, compare=False)
    reach_memo: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def n(self) -> int:
        return len(self.ids)

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.adj[a]

    def same_zone(self, a: int, b: int) -> bool:
        return bool(self.zones[a] & self.zones[b])

    def reaches(self, space: int, target: int, ranged: bool) -> bool:
        """Can a fighter on `space` attack one on `target`? Melee: adjacent; ranged: adjacent
        or in a shared zone (core rules, attacking)."""
        return target in self.adj[space] or (ranged and bool(self.zones[space] & self.zones[target]))

    def zone_list(self, a: int) -> list[str]:
        return [self.zone_names[z] for z in range(len(self.zone_names)) if self.zones[a] >> z & 1]

    def spaces_in_zone_of(self, a: int) -> list[int]:
        mask = self.zones[a]
        return [s for s in range(self.n) if self.zones[s] & mask]

    # ------------------------------------------------------------ movement queries
    def reachable(self, start: int, steps: int, blocked: set[int] | frozenset[int],
                  occupied: set[int] | frozenset[int]) -> dict[int, int]:
        """Spaces a mover can end on within `steps`, with their distance.

        `blocked` spaces (opposing fighters) can neither be entered nor crossed;
        `occupied` spaces (any fighter) can be crossed when not blocked but not ended on.
        The start space is always included with distance 0 (moving zero spaces).
        """
        return self.reachable_masked(start, steps, space_mask(blocked), space_mask(occupied))

    def reachable_masked(self, start: int, steps: int, blocked: int, occupied: int) -> dict[int, int]:
        """`reachable` with the blocked and occupied spaces as bitmasks (bit i = space i):
        the memo key is then four ints, cheap to hash on every move a game asks about."""
        key = (start, steps, blocked, occupied)
        hit = self.reach_memo.get(key)
        if hit is None:
            if len(self.reach_memo) >= BFS_MEMO_SIZE:
                self.reach_memo.clear()
            hit = self.reach_memo[key] = self._reachable(start, steps, blocked, occupied)
        return dict(hit)

    def _reachable(self, start: int, steps: int, blocked: int, occupied: int) -> dict[int, int]:
        out = {start: 0}
        # Spaces already looked at (entered or found blocked): a set, so a space reached
        # again along another path costs one lookup and the masks are read once per space.
        seen = {start}
        frontier = [start]
        adj = self.adj
        limit = steps if steps >= 0 else self.n      # layer by layer: the same order as a FIFO
        for d in range(1, limit + 1):
            nxt = []
            for s in frontier:
                for t in adj[s]:
                    if t in seen:
                        continue
                    seen.add(t)
                    if blocked >> t & 1:             # never entered
                        continue
                    nxt.append(t)
                    if not occupied >> t & 1:        # crossed, but not a place to end on
                        out[t] = d
            if not nxt:
                break
            frontier = nxt
        return out

    def distances_from(self, start: int, blocked: set[int] | frozenset[int]) -> list[int]:
        """BFS distances from start that never cross a blocked space (a fresh list)."""
        key = (start, frozenset(blocked))
        hit = self.bfs_memo.get(key)
        if hit is None:
            if len(self.bfs_memo) >= BFS_MEMO_SIZE:
                self.bfs_memo.clear()
            hit = self.bfs_memo[key] = self._distances_from(start, blocked)
        return list(hit)

    def _distances_from(self, start: int, blocked: set[int] | frozenset[int]) -> tuple[int, ...]:
        out = [UNREACHABLE] * self.n
        out[start] = 0
        frontier = [start]
        adj = self.adj
        d = 0
        while frontier:
            d += 1
            nxt = []
            for s in frontier:
                for t in adj[s]:
                    if out[t] == UNREACHABLE and t not in blocked:
                        out[t] = d
                        nxt.append(t)
            frontier = nxt
        return tuple(out)

    def shortest_paths(self, start: int, goal: int, blocked: set[int] | frozenset[int],
                       limit: int = 64) -> list[tuple[int, ...]]:
        """All shortest routes start -> goal (inclusive) avoiding blocked spaces, up to `limit`."""
        d_start = self.distances_from(start, blocked)
        if d_start[goal] >= UNREACHABLE:
            return []
        out: list[tuple[int, ...]] = []

        def back(node: int, suffix: list[int]) -> None:
            if len(out) >= limit:
                return
            if node == start:
                out.append(tuple(reversed(suffix)))
                return
            for prev in self.adj[node]:
                if d_start[prev] == d_start[node] - 1 and (prev == start or prev not in blocked):
                    suffix.append(prev)
                    back(prev, suffix)
                    suffix.pop()

        back(goal, [goal])
        out.sort()
        return out

    def simple_paths(self, start: int, goal: int, steps: int,
                     blocked: set[int] | frozenset[int], limit: int = 256) -> list[tuple[int, ...]]:
        """Simple routes start -> goal of at most `steps` moves that avoid blocked spaces."""
        out: list[tuple[int, ...]] = []
        dist = self.dist
        path = [start]
        on_path = {start}

        def walk(node: int, left: int) -> None:
            if len(out) >= limit:
                return
            if node == goal:
                out.append(tuple(path))
                return
            for t in self.adj[node]:
                if t in on_path or t in blocked or dist[t][goal] > left - 1:
                    continue
                path.append(t)
                on_path.add(t)
                walk(t, left - 1)
                on_path.discard(t)
                path.pop()

        if start == goal:
            return [(start,)]
        walk(start, steps)
        return out

    def circle_on(self, a: int, b: int) -> int | None:
        return self.edge_circle.get((a, b))


def space_mask(spaces) -> int:
    """A set of space indices as a bitmask (bit i = space i)."""
    m = 0
    for s in spaces:
        m |= 1 << s
    return m


def compile_board(defn: BoardDef) -> Board:
    ids = [s.id for s in defn.spaces]
    index = {sid: i for i, sid in enumerate(ids)}
    zone_names = list(defn.zones)
    zone_bit = {z: k for k, z in enumerate(zone_names)}
    adj_sets: list[set[int]] = [set() for _ in ids]
    for a, b in defn.paths:
        ia, ib = index[a], index[b]
        adj_sets[ia].add(ib)
        adj_sets[ib].add(ia)
    adj = [tuple(sorted(s)) for s in adj_sets]
    n = len(ids)
    dist = []
    for s in range(n):
        row = [UNREACHABLE] * n
        row[s] = 0
        q = deque([s])
        while q:
            x = q.popleft()
            for y in adj[x]:
                if row[y] == UNREACHABLE:
                    row[y] = row[x] + 1
                    q.append(y)
        dist.append(row)
    circles = []
    edge_circle = {}
    for k, fc in enumerate(defn.foot_circles):
        a, b = index[fc.between[0]], index[fc.between[1]]
        circles.append((a, b, fc.borough))
        edge_circle[(a, b)] = k
        edge_circle[(b, a)] = k
    return Board(
        key=defn.key,
        name=defn.name,
        ids=ids,
        index=index,
        pos=[tuple(s.pos) for s in defn.spaces],
        adj=adj,
        zone_names=zone_names,
        zone_colors=[defn.zones[z].color for z in zone_names],
        zone_patterns=[defn.zones[z].pattern for z in zone_names],
        zones=[sum(1 << zone_bit[z] for z in s.zones) for s in defn.spaces],
        start={s.start: index[s.id] for s in defn.spaces if s.start is not None},
        dist=dist,
        borough_of=[s.borough for s in defn.spaces],
        boroughs=[(b.name, b.start) for b in defn.boroughs],
        circles=circles,
        edge_circle=edge_circle,
        screen=[s.screen or 0 for s in defn.spaces],
        machines=[(m.id, tuple(m.pos), tuple(index[s] for s in m.wired_to)) for m in defn.machines],
    )
