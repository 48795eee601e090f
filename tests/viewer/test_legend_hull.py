"""The legend keeps clear of the board's outline, the convex hull of thousands of cell
corners: the hull drops the points inside the extremes' polygon first (numpy) and must
give the very hull the monotone chain gives on every point, none dropped."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_lab.viewer.widgets.legend import _chain, _hull


def plain_hull(points):
    """The chain over every point, none dropped first: what the hull must equal."""
    return _chain(sorted(set(points)))


coordinate = st.floats(-2000, 2000, allow_nan=False).map(lambda v: round(v, 2))
small = st.integers(-6, 6).map(float)  # on a few lines: collinear points and repeats


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(coordinate, coordinate) | st.tuples(small, small), max_size=60))
def test_the_hull_is_the_plain_chains(points):
    assert _hull(points) == plain_hull(points)


def test_a_board_outline_s_hull():
    """Each cell's eight corners on a tilted grid of 40 x 40 cells, as the scene gives it."""
    rng = np.random.default_rng(3)
    centres = np.array([(i, j) for i in range(40) for j in range(40)], dtype=float) * 31.5
    offsets = np.array([(dx, dy) for dx in (-12, 0, 12) for dy in (-12, 0, 12) if dx or dy])
    corners = (centres[:, None, :] + offsets[None]).reshape(-1, 2)
    turn = np.array([[np.cos(0.4), -np.sin(0.4)], [np.sin(0.4), np.cos(0.4)]])
    outline = corners @ turn.T + rng.normal(0, 0.01, corners.shape)
    hull = _hull(outline)
    assert hull == plain_hull([tuple(p) for p in outline.tolist()])
    assert 4 <= len(hull) < 200
