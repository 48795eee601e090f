"""The square-pyramid lattice: counts, contacts, supports, walls and corners."""

from __future__ import annotations

import itertools
import math
from collections import deque

import numpy as np
import pytest

from pyramid_lab.model.lattice import CORNERS, WALLS, Corner, Point, Wall, lattice, point_count


@pytest.mark.parametrize(
    ("n", "count"), [(2, 5), (3, 14), (4, 30), (10, 385), (20, 2870), (30, 9455)]
)
def test_point_counts(n, count):
    lat = lattice(n)
    assert lat.count == count == point_count(n)
    assert len(lat.points) == count
    assert len(set(lat.points)) == count


def test_lattice_is_built_once_per_size():
    assert lattice(6) is lattice(6)
    with pytest.raises(ValueError, match="pyramid base"):
        lattice(1)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7])
def test_ids_round_trip(n):
    lat = lattice(n)
    for pid, p in enumerate(lat.points):
        assert lat.id_of(*p) == pid
        assert 0 <= p.k < n
        assert 0 <= p.i < n - p.k
        assert 0 <= p.j < n - p.k
    with pytest.raises(ValueError, match=r"outside the base-\d+ pyramid"):
        lat.id_of(n - 1, 0, 1)
    # all at once: the same ids, and the same error naming the first point outside
    assert lat.ids_of(np.array(lat.points)).tolist() == list(range(lat.count))
    with pytest.raises(ValueError, match=rf"point \({n - 1}, 0, 1\) is outside"):
        lat.ids_of([(0, 0, 0), (n - 1, 0, 1), (-1, 0, 0)])


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_contacts_are_exactly_the_touching_pairs(n):
    lat = lattice(n)
    c = lat.centres
    dist = np.linalg.norm(c[:, None, :] - c[None, :, :], axis=2)
    touching = {(a, b) for a, b in zip(*np.nonzero(np.isclose(dist, 1.0)), strict=False) if a != b}
    listed = {(a, b) for a, row in enumerate(lat.neighbour_lists) for b in row}
    assert listed == touching
    assert (dist + np.eye(lat.count) * 9).min() > 1 - 1e-9  # no two balls overlap
    assert max(len(r) for r in lat.neighbour_lists) == (12 if n >= 4 else 8 if n == 3 else 4)


def test_centres_follow_the_formula():
    lat = lattice(5)
    for pid, (i, j, k) in enumerate(lat.points):
        assert np.allclose(lat.centres[pid], (i + k / 2, j + k / 2, k / math.sqrt(2)))


def test_supports_and_resting():
    lat = lattice(4)
    top = lat.id_of(0, 0, 3)
    assert sorted(lat.point(s) for s in lat.support_lists[top]) == [
        (0, 0, 2),
        (0, 1, 2),
        (1, 0, 2),
        (1, 1, 2),
    ]
    for pid, p in enumerate(lat.points):
        assert len(lat.support_lists[pid]) == (0 if p.k == 0 else 4)
        for s in lat.support_lists[pid]:
            assert pid in lat.resting_lists[s]
    assert len(lat.resting_lists[lat.id_of(1, 1, 0)]) == 4  # an inner base ball holds four
    assert len(lat.resting_lists[lat.id_of(0, 0, 0)]) == 1


def test_walls_and_corners():
    n = 5
    lat = lattice(n)
    assert lat.point(lat.corner_ids[Corner.AP]) == (0, 0, n - 1)
    assert lat.point(lat.corner_ids[Corner.NE]) == (n - 1, n - 1, 0)
    apex = lat.corner_ids[Corner.AP]
    assert lat.wall_masks[apex] == Wall.WEST | Wall.EAST | Wall.SOUTH | Wall.NORTH
    for corner in CORNERS:
        m = lat.wall_masks[lat.corner_ids[corner]]
        assert m & corner.adjacent_walls == corner.adjacent_walls
        assert not m & corner.far_walls
        assert corner.adjacent_walls | corner.far_walls == Wall(31)
    # Interior points exist from n = 5 on: (1,1,1) touches no wall.
    assert lat.wall_masks[lat.id_of(1, 1, 1)] == 0
    assert ((lat.wall_mask & Wall.BASE) != 0).sum() == n * n


@pytest.mark.parametrize("n", [3, 6])
def test_wall_distance_is_the_graph_distance(n):
    lat = lattice(n)
    for col, wall in enumerate(WALLS):
        dist = [-1] * lat.count
        todo = deque(p for p in range(lat.count) if lat.wall_masks[p] & wall)
        for p in todo:
            dist[p] = 0
        while todo:
            p = todo.popleft()
            for q in lat.neighbour_lists[p]:
                if dist[q] < 0:
                    dist[q] = dist[p] + 1
                    todo.append(q)
        assert dist == lat.wall_distance[:, col].tolist()


def test_point_text_round_trip():
    for p in itertools.product(range(3), repeat=3):
        assert Point.parse(str(Point(*p))) == Point(*p)
    assert Point.parse(" (1, 2,0) ") == Point(1, 2, 0)
    assert eval(repr(Point(1, 2, 3))) == Point(1, 2, 3)
    with pytest.raises(ValueError, match="i,j,k"):
        Point.parse("1,2")


def test_tables_are_read_only():
    with pytest.raises(ValueError, match="read-only"):
        lattice(3).neighbours[0, 0] = 5


@pytest.mark.parametrize("n", [2, 4, 13, 14, 20])
def test_the_symmetries_are_the_same_in_python_and_in_numpy(n):
    # Small pyramids' symmetries are made in plain Python (no numpy for a Pyraos book's
    # answer), large ones' with numpy: one answer either way, on both sides of the limit.
    from pyramid_lab.model import lattice as module

    made = module._symmetries_in_python(n)
    limit = module._SMALL
    try:
        module._SMALL = -1  # every size by numpy
        assert module.base_symmetries(n) == made
    finally:
        module._SMALL = limit
    assert made[0] == tuple(range(point_count(n)))
    assert len(set(made)) == 8
