"""The book's pure-Python key of a Pyraos board (model/search/games/pyraos/keys.py) against
the symmetries applied one point at a time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_lab.model.pyraos import POINTS, _symmetries
from pyramid_lab.model.search.games.pyraos.keys import board_key


def _image(mask: int, perm: list[int]) -> int:
    return sum(1 << perm[p] for p in range(POINTS) if mask >> p & 1)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << POINTS) - 1), st.integers(0, (1 << POINTS) - 1))
def test_the_key_is_the_least_image_under_the_eight_symmetries(own, opp):
    opp &= ~own  # (a point holds one sphere)
    least = min(_image(own, perm) << POINTS | _image(opp, perm) for perm in _symmetries())
    assert board_key(own, opp) == least
