"""Pyramid Partition's values and the analysis over its points: the colours, a group, a
corner's report, the flood that finds a corner's isolated region, and the holdings
recomputed from scratch (the reference the incremental engine of
:class:`model.partition.Partition` is tested and benchmarked against)."""

from __future__ import annotations

import functools
import heapq
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..lattice import CACHED_SIZES, CORNERS, Corner, PyramidLattice, lattice, wall_names

EMPTY = -1
RED, BLUE = 0, 1
COLOURS = ("red", "blue")


@dataclass(frozen=True, slots=True)
class Group:
    """A maximal contact-connected set of balls of one colour."""

    colour: str
    points: frozenset[int]
    walls: int  # Wall bit mask

    @property
    def wall_names(self) -> list[str]:
        return wall_names(self.walls)

    def __len__(self) -> int:
        return len(self.points)


@dataclass(frozen=True, slots=True)
class CornerReport:
    """Who holds a corner, and with what: the holding group, its anchor balls on W(c),
    and the isolated region (points cut off from W(c) by that group, on the corner's side).
    """

    corner: Corner
    holder: str | None
    group: Group | None
    anchors: frozenset[int]
    isolated_region: frozenset[int]


@dataclass(frozen=True, slots=True)
class PartitionAnalysis:
    corners: dict[Corner, CornerReport]
    groups: tuple[Group, ...]

    def holders(self) -> dict[str, str | None]:
        return {c.value: r.holder for c, r in self.corners.items()}


def holdings_from_scratch(lat: PyramidLattice, cells: Sequence[int]) -> tuple[int, int]:
    """Both players' corner masks, recomputed with plain breadth-first searches: label the
    groups, then for every player and corner search from the corner avoiding A.

    The reference that the incremental engine is tested and benchmarked against.
    """
    nbrs, wall_masks = lat.neighbour_lists, lat.wall_masks
    label = [-1] * lat.count
    group_mask: list[int] = []
    for s, colour in enumerate(cells):
        if colour == EMPTY or label[s] != -1:
            continue
        gid, m = len(group_mask), 0
        label[s] = gid
        todo = deque([s])
        while todo:
            p = todo.popleft()
            m |= wall_masks[p]
            for q in nbrs[p]:
                if label[q] == -1 and cells[q] == colour:
                    label[q] = gid
                    todo.append(q)
        group_mask.append(m)
    result = [0, 0]
    for player in (RED, BLUE):
        for ci, corner in enumerate(CORNERS):
            far = int(corner.far_walls)

            def in_a(q: int, player: int = player, far: int = far) -> bool:
                return cells[q] == player and bool(group_mask[label[q]] & far)

            start = lat.corner_ids[corner]
            held = True
            if not in_a(start):
                seen = {start}
                todo = deque([start])
                while todo and held:
                    p = todo.popleft()
                    if wall_masks[p] & far:
                        held = False
                        break
                    for q in nbrs[p]:
                        if q not in seen and not in_a(q):
                            seen.add(q)
                            todo.append(q)
            if held:
                result[player] |= 1 << ci
    return result[0], result[1]


def flood(
    nbrs: Sequence[Sequence[int]], seeds: set[int], blocked: Callable[[int], bool]
) -> set[int]:
    """The points reached from ``seeds`` through neighbours that are not ``blocked``."""
    seen = set(seeds)
    todo = deque(seeds)
    while todo:
        p = todo.popleft()
        for q in nbrs[p]:
            if q not in seen and not blocked(q):
                seen.add(q)
                todo.append(q)
    return seen


def sealed_region(
    lat: PyramidLattice, far: int, start: int, group: frozenset[int]
) -> frozenset[int]:
    """Points cut off from the walls ``far`` by ``group``, on the side of the corner
    ``start`` (a point id)."""
    nbrs = lat.neighbour_lists
    outside = flood(
        nbrs,
        {p for p, m in enumerate(lat.wall_masks) if m & far and p not in group},
        group.__contains__,
    )
    sealed = set(range(lat.count)) - outside - group
    seeds = {start} & sealed if start not in group else {q for q in nbrs[start] if q in sealed}
    return frozenset(flood(nbrs, seeds, lambda q: q not in sealed))


def holding_group(
    lat: PyramidLattice,
    corner: Corner,
    player: int,
    in_anchored: Callable[[int, int, int], bool],
    group_of: Mapping[int, Group],
) -> Group:
    """The single group that anchors and isolates ``corner`` (the rule's G) for ``player``
    (``in_anchored(q, player, far)``: ball q is in one of the player's groups touching the
    walls ``far``)."""
    nbrs, far, start = lat.neighbour_lists, int(corner.far_walls), lat.corner_ids[corner]

    def anchored(q: int) -> bool:
        return in_anchored(q, player, far)

    if start in group_of and anchored(start):
        return group_of[start]
    # Candidates: the player's anchored groups bordering the corner's pocket.
    pocket = flood(nbrs, {start}, anchored)
    candidates = {group_of[q] for p in pocket for q in nbrs[p] if q in group_of and anchored(q)}
    for group in sorted(candidates, key=len, reverse=True):
        reach = flood(nbrs, {start}, group.points.__contains__)
        if not any(lat.wall_masks[p] & far for p in reach):
            return group
    raise AssertionError(f"no single group isolates {corner.value}")


def shortest_escape(
    nbrs: Sequence[Sequence[int]],
    wall_masks: Sequence[int],
    cells: Sequence[int],
    mask: Sequence[int],
    find: Callable[[int], int],
    player: int,
    far: int,
    start: int,
    h: Sequence[int],
) -> tuple[int, ...] | None:
    """A shortest path (A*, the exact heuristic ``h`` of the empty pyramid) from ``start``
    to the walls ``far`` that avoids ``player``'s groups touching them (a group's walls are
    ``mask[find(q)]``); None when there is none."""
    blocked: dict[int, bool] = {}
    best = {start: 0}
    came = {start: -1}
    heap = [(h[start], 0, start)]
    while heap:
        _, neg_g, p = heapq.heappop(heap)
        g = -neg_g
        if g > best[p]:
            continue
        if wall_masks[p] & far:
            path = []
            while p != -1:
                path.append(p)
                p = came[p]
            return tuple(reversed(path))
        g += 1
        for q in nbrs[p]:
            if g >= best.get(q, 1 << 30):
                continue
            if cells[q] == player:
                b = blocked.get(q)
                if b is None:
                    b = blocked[q] = bool(mask[find(q)] & far)
                if b:
                    continue
            best[q] = g
            came[q] = p
            heapq.heappush(heap, (g + h[q], -g, q))
    return None


@functools.lru_cache(maxsize=CACHED_SIZES)
def empty_escapes(n: int) -> tuple[tuple[int, ...], ...]:
    """:func:`shortest_escape` of each corner (in :data:`CORNERS`' order) on the empty
    pyramid of base ``n``, the same for both players: a new game's witnesses, found once
    per base (a set-up built them on the empty board it starts from, then on its balls)."""
    lat = lattice(n)
    count = lat.count
    cells, mask = [EMPTY] * count, [0] * count
    escapes = []
    for corner in CORNERS:
        start, far = lat.corner_ids[corner], int(corner.far_walls)
        h = lat.far_wall_distance(corner)
        path = shortest_escape(
            lat.neighbour_lists, lat.wall_masks, cells, mask, lambda p: p, RED, far, start, h
        )
        assert path is not None, "an empty pyramid holds no corner"
        escapes.append(path)
    return tuple(escapes)
