"""Pyramid Ball properties by hypothesis, on random positions and random programs: no two
pyramids on one square and nobody off the board after any row, the ball on exactly one
pyramid or loose on an empty square (the advanced restart), a point ends the turn when it
wins or without the sheet's restart (under it an offensive goal places the ball loose and
the turn goes on, and so does a tackle or interception with the roles swapped, unless
defensive_score_ends_turn), nobody barred by the goal-row rule enters its goal row, every
point is counted, push/pop restores the position. Modest in CI; ``PYRAMID_FUZZ=full``
for ten times as many random examples."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_lab.model.ball import SPECIALS, PyramidBall
from pyramid_lab.model.ball.rules import COLS, GOAL_ROW, OFF, SQUARES
from pyramid_lab.model.game import JointMove

FULL = os.environ.get("PYRAMID_FUZZ") == "full"


def fuzz(cases: int) -> settings:
    return settings(
        max_examples=cases * 10 if FULL else cases,
        derandomize=not FULL,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


@st.composite
def positions(draw) -> PyramidBall:
    squares = draw(st.lists(st.integers(0, SQUARES - 1), min_size=6, max_size=6, unique=True))
    offence = draw(st.integers(0, 1))
    carrier_k = draw(st.integers(0, 2))
    carrier = squares[offence * 3 + carrier_k]
    if carrier // COLS == GOAL_ROW[offence]:  # that would be a goal already: move it back
        squares = [s for s in squares]
        free = next(s for s in range(SQUARES) if s not in squares and s // COLS not in (0, 7))
        squares[offence * 3 + carrier_k] = free
    options = draw(
        st.fixed_dictionaries(
            {
                "mode": st.sampled_from(["basic", "advanced"]),
                "offence_may_follow_defender": st.booleans(),
                "tackle_on_contact": st.booleans(),
                "restart": st.sampled_from(["sheet", "formation"]),
                "defensive_score_ends_turn": st.booleans(),
            }
        )
    )
    pieces = [
        ((sq % COLS, sq // COLS, (3, 2, 1)[p % 3]), ("red", "blue")[p // 3])
        for p, sq in enumerate(squares)
    ]
    state: dict = {"ball": "LMS"[carrier_k]}
    if options["mode"] == "advanced":
        # any score: special moves gained (one per opponent's point, the first three) are
        # held or used; low scores leave choices to make after the next points
        scores = {c: draw(st.integers(0, 5)) for c in ("red", "blue")}
        state["scores"] = scores
        state["specials"] = {}
        for c, o in (("red", "blue"), ("blue", "red")):
            gained = SPECIALS[: min(3, scores[o])]
            keep = draw(st.lists(st.booleans(), min_size=len(gained), max_size=len(gained)))
            state["specials"][c] = [s for s, k in zip(gained, keep, strict=True) if k]
    if options["mode"] == "advanced" and options["restart"] == "sheet":
        # the ball loose (the scorer barred), or carried with the other side barred
        how = draw(st.sampled_from(["carried", "loose", "loose-barred", "carried-barred"]))
        if how.startswith("loose"):
            free = [sq for sq in range(SQUARES) if sq not in squares]
            ball = draw(st.sampled_from(free))
            state["ball"] = f"{'abcdefg'[ball % COLS]}{ball // COLS + 1}"
        if how == "loose-barred":
            state["goal_row_barred"] = ("red", "blue")[offence]
        elif how == "carried-barred":
            state["goal_row_barred"] = ("red", "blue")[1 - offence]
    return PyramidBall.from_setup_state(
        PyramidBall.parse_options(options), ("red", "blue")[offence], pieces, state
    )


def check_turn(game: PyramidBall, barred: str | None, before) -> None:
    """``barred``: the colour under the goal-row rule when the turn started (the rule is
    lifted only at the end of a turn); ``before``: the pyramids before it."""
    report = game.last_effect()
    assert report is not None
    options = game.options
    scored = iter(report.points)
    previous = before
    last = len(report.rows) - 1
    for index, row in enumerate(report.rows):
        squares = [sq for sq, *_ in row.after]
        assert len(set(squares)) == len(squares), f"two pyramids on one square in row {row.name}"
        assert all(sq != "off the board" for sq in squares)
        carried = sum(1 for *_, ball in row.after if ball)
        if row.ball is None:
            assert carried == 1, "the ball on one pyramid"
        else:
            assert carried == 0, "the ball loose: no carrier"
            assert row.ball not in squares, "the ball loose on an empty square"
        kinds = [e.split(":")[0] for e in row.events]
        points = [k for k in kinds if k in ("goal", "tackle", "interception")]
        if "interception" in kinds:
            barred = None  # lifted before the row's steps
        if barred is not None:
            goal = "8" if barred == "red" else "1"
            was = {(c, s): sq for sq, c, s, _ in previous}
            for sq, colour, size, _ in row.after:
                if colour == barred and sq.endswith(goal):
                    assert was[(colour, size)].endswith(goal), f"{colour} {size} entered {sq}"
        for kind in points:
            event, colour = next(scored)
            assert event == kind
            if kind == "goal" and options.plays_on:
                barred = colour  # from the goal on (a winning goal ends the turn anyway)
            elif kind != "goal":
                barred = None
            ends = not options.plays_on or (kind != "goal" and options.defensive_score_ends_turn)
            if ends:
                assert index == last, "rows after a point that ends the turn"
        if any("recovers the ball" in e for e in row.events):
            assert index == last, "rows after a recovery"
        previous = row.after
    assert next(scored, None) is None, "a point the rows do not tell"
    if game.is_over():  # the winning point is the last row's
        kinds = {e.split(":")[0] for e in report.rows[-1].events}
        assert kinds & {"goal", "tackle", "interception"}, "won without a point"
    assert not report.points or report.points[0] == (report.event, report.scorer)
    assert all(sq != OFF for sq in game._pos)
    assert len(set(game._pos)) == 6
    if game._carrier == OFF:
        assert game._ball not in game._pos
        assert 0 <= game._ball < SQUARES
        assert game.loose_ball is not None
    else:
        assert game._carrier // 3 in (0, 1)
        assert game.goal_row_barred != game.carrier[0]


@fuzz(120)
@given(positions(), st.data())
def test_random_turns_keep_the_board_sound(game, data):
    before = game.position_key()
    scores = sum(game.scores.values())
    red = game.legal_moves(0)
    blue = game.legal_moves(1)
    move = JointMove(
        (
            red[data.draw(st.integers(0, len(red) - 1))],
            blue[data.draw(st.integers(0, len(blue) - 1))],
        )
    )
    assert game.why_illegal(move) is None
    barred, pyramids = game.goal_row_barred, game.pyramids()
    game.push(move)
    check_turn(game, barred, pyramids)
    report = game.last_effect()
    assert sum(game.scores.values()) == scores + len(report.points)
    if game.choosing is not None:  # the scored-on side chooses a special move next
        assert game.options.mode == "advanced"
        assert len(game.choices()) >= 2
        assert game.why_illegal(move) is not None
    game.pop()
    assert game.position_key() == before


@fuzz(60)
@given(positions(), st.data())
def test_raw_programs_with_steps_off_the_board(game, data):
    """Programs as typed (any letters, diagonals, steps off the board) resolve soundly."""
    entry = st.sampled_from(["F", "B", "L", "R", "S", "FL", ""])
    texts = []
    for _side in (0, 1):
        rows = [",".join(data.draw(st.lists(entry, min_size=3, max_size=3))) for _ in range(3)]
        texts.append("/".join(rows))
    move = game.parse_move(" | ".join(texts))
    if game.why_illegal(move) is not None:  # the goal-row rule: a pyramid must step out
        return
    barred, pyramids = game.goal_row_barred, game.pyramids()
    game.push(move)
    check_turn(game, barred, pyramids)
