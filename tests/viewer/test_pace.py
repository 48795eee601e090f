"""The single search's rough guess of the time its depth still takes (viewer.lab.pace): from
the growth of the last depths' times, said as a guess, nothing before it can be told."""

from __future__ import annotations

import pytest

from pyramid_lab.viewer.lab.pace import DepthPace


def test_no_guess_before_two_depths_are_timed():
    pace = DepthPace()
    assert pace.words(0.0) == ""
    pace.update(5, 0.0)
    pace.update(6, 1.0)  # depth 5 took 1 s
    assert pace.seconds_left(1.5) is None
    assert pace.words(1.5) == ""


def test_the_next_depth_takes_the_last_ones_times_their_growth():
    pace = DepthPace()
    pace.update(5, 0.0)
    pace.update(6, 1.0)  # 1 s
    pace.update(7, 4.0)  # 3 s: growth 3, so depth 7 about 9 s, from 4.0
    assert pace.seconds_left(4.0) == pytest.approx(9.0)
    assert pace.seconds_left(10.0) == pytest.approx(3.0)
    assert pace.words(10.0) == (
        ", this depth about 3 s more (a guess from the last depths' growth)"
    )
    assert pace.words(13.5) == ", this depth is taking longer than the depths before it suggested"
    pace.update(7, 100.0)  # the same depth: the guess goes on from its start
    assert pace.words(100.0) == ", this depth is taking longer than the depths before it suggested"


def test_long_guesses_in_minutes_and_hours():
    pace = DepthPace()
    for depth, seconds in ((1, 0.0), (2, 10.0), (3, 110.0)):
        pace.update(depth, seconds)
    assert "about 17 min more" in pace.words(110.0)  # 100 s x 10
    pace.update(4, 1110.0)
    assert "about 2.8 h more" in pace.words(1110.0)  # 1000 s x 10
