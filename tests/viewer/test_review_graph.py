"""The review's graph (issue 45): proven points stay where they are, estimated stretches are
smoothed so that short searches do not zigzag the line; a review saved before the proven
points were recorded is drawn as it is."""

from __future__ import annotations

import itertools

import pytest

from pyramid_lab.model.review import GameReview
from pyramid_lab.viewer.widgets.review_dock import graph_values


def test_estimates_are_smoothed_and_proven_points_kept():
    values = (0.5, 0.7, 0.3, 0.7, 1.0, 0.0)
    review = GameReview((), values, 2.0, exact=(False, False, False, False, True, True))
    drawn = graph_values(review)
    assert drawn[4:] == [1.0, 0.0]  # proven: the game's value, untouched
    assert drawn[2] == pytest.approx((0.7 + 0.3 + 0.7) / 3)
    assert drawn[3] == pytest.approx((0.3 + 0.7) / 2)  # its proven neighbour not mixed in
    swing = max(abs(a - b) for a, b in itertools.pairwise(values[:4]))
    drawn_swing = max(abs(a - b) for a, b in itertools.pairwise(drawn[:4]))
    assert drawn_swing < swing / 2


def test_an_older_review_is_drawn_as_it_is():
    values = (0.5, 0.7, 0.3, None)
    assert graph_values(GameReview((), values, 2.0)) == list(values)
