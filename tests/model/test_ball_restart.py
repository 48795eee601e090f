"""Pyramid Ball's advanced restart (option ``restart``, default ``sheet``): after an
offensive goal the ball is placed loose beside the scorer (its left first, then its right,
then further out), the rest of the turn resolves, the scoring side stays on offence until a
defender moves onto the ball, and the goal-row rule keeps the scoring side out of its goal
row until the recovering side carries the ball out of it or passes. Facts from the rule
sheet's ADVANCED RULES, copied here:

* "After an offensive score ..., the defensive player places the pyramid ball in the first
  empty space to the left or right of the scoring pyramid. Any additional moves programmed
  for that turn are executed as normal."
* "The scoring team will continue to be on the offense until a defensive pyramid moves
  onto the space that the ball is in."
* "The scoring team must move their pyramids out of the opponent's goal row as soon as
  possible and may not reenter the goal row until after an opponents' pyramid has
  recovered the pyramid ball by moving onto it and then either leaving the goal row with
  the ball or attempting to pass the ball to another pyramid."
* "After a defensive score (interception or tackle), play continues as normal."
"""

from __future__ import annotations

import json
import random
import time

import pytest

from pyramid_lab.model.ball import PyramidBall, SpecialChoice
from pyramid_lab.model.ball.rules import normal_track, parse_square, program_of, program_tracks
from pyramid_lab.model.files import dumps, loads
from pyramid_lab.model.game import InvalidMoveError, JointMove, PositionFormatError
from pyramid_lab.model.teaching import teaching_for

SIZE = {"L": 3, "M": 2, "S": 1}
ADVANCED = {"mode": "advanced"}


def setup(to_move="red", options=None, state=None, **squares) -> PyramidBall:
    """Pieces by name: ``rL="b3"`` is red's Large on b3, ``bM="d5"`` blue's Medium."""
    pieces = []
    for name, text in squares.items():
        sq = parse_square(text)
        colour = "red" if name[0] == "r" else "blue"
        pieces.append(((sq % 7, sq // 7, SIZE[name[1]]), colour))
    raw = ADVANCED if options is None else options
    return PyramidBall.from_setup_state(
        PyramidBall.parse_options(raw), to_move, pieces, state or {"ball": "M"}
    )


def turn(game: PyramidBall, red: str, blue: str):
    """Play a turn; a special move the scored-on side then chooses is the first left."""
    game.push(game.parse_move(f"{red} | {blue}"))
    report = game.last_effect()
    while game.choosing is not None:
        game.push(game.choices()[0])
    return report


def line(report, row: str, label: str):
    r = next(r for r in report.rows if r.name == row)
    return next(p for p in r.pyramids if p.pyramid == label)


def events(report) -> list[str]:
    return [e for row in report.rows for e in row.events]


def scoring_position(**extra) -> PyramidBall:
    """Red's Medium carries the ball on d7, a step from its goal row (row 8)."""
    where = {"rL": "b3", "rM": "d7", "rS": "f3", "bL": "b6", "bM": "d5", "bS": "f6"}
    where.update(extra)
    return setup(**where)


# ---- the ball placed loose ----------------------------------------------------------------------


def test_a_goal_places_the_ball_on_the_scorers_left_and_the_turn_goes_on():
    game = scoring_position()
    # red's Medium: F (d7 -> d8, a goal), then R (along the goal row: barred), then B
    report = turn(game, "S,F,S/S,R,S/S,B,S", "S,S,S")
    assert report.event == "goal"
    assert report.scorer == "red"
    assert game.scores == {"red": 1, "blue": 0}
    assert [r.name for r in report.rows] == ["1", "2", "3"]  # the rest of the turn resolves
    assert "ball placed loose on c8" in report.rows[0].events  # red faces N: its left is W
    assert report.rows[0].ball == "c8"
    assert report.ball == "c8"
    assert game.loose_ball == "c8"
    assert game.carrier is None
    assert game.ball_square() == "c8"
    assert game.to_move == "red"  # the scoring side stays on offence
    assert game.goal_row_barred == "red"
    assert game.specials("blue") == ["dash"]
    row2 = line(report, "2", "OM")
    assert row2.outcome == "blocked"
    assert "goal-row rule" in row2.reason
    assert line(report, "3", "OM").end == "d8"  # blocked: it stands for the rest of the turn
    assert report.describe() == "goal: red scores; the ball lies loose on c8"
    assert all(not ball for *_, ball in report.rows[-1].after)


def test_the_scorers_right_when_its_left_is_taken_then_further_out():
    game = scoring_position(bL="c8")
    turn(game, "S,F,S", "S,S,S")
    assert game.loose_ball == "e8"
    game = scoring_position(bL="c8", bS="e8")
    turn(game, "S,F,S", "S,S,S")
    assert game.loose_ball == "b8"  # two out, the left first


def test_blue_scores_and_its_left_is_east():
    game = setup("blue", rL="b3", rM="d4", rS="f3", bL="b6", bM="d2", bS="f6")
    report = turn(game, "S,S,S", "S,F,S")  # blue's Medium: F is south, d2 -> d1
    assert report.scorer == "blue"
    assert game.loose_ball == "e1"
    assert game.goal_row_barred == "blue"


def test_a_pass_into_the_goal_row_places_the_ball_before_the_row_moves():
    # red's Medium on f6 passes to the Small on f8 in row 2; blue's Small steps onto the
    # loose ball (e8, the receiver's left) in that very row and recovers it
    game = setup(rL="b3", rM="f6", rS="f8", bL="b6", bM="a5", bS="e7", state={"ball": "M"})
    report = turn(game, "S,S,S/S,>S,S/S,S,S", "S,S,S/S,S,B/S,S,S")
    assert report.event == "goal"
    assert report.rows[1].pass_line.complete
    assert "ball placed loose on e8" in report.rows[1].events
    assert "DS recovers the ball on e8" in report.rows[1].events
    assert [r.name for r in report.rows] == ["1", "2"]  # a recovery ends the turn
    assert game.carrier == ("blue", "S")
    assert game.to_move == "blue"


# ---- the loose ball -----------------------------------------------------------------------------


def test_a_defender_recovers_the_ball_and_the_goal_row_rule_lasts_until_it_leaves():
    game = scoring_position(bS="c7")
    report = turn(game, "S,F,S/S,B,S/S,S,S", "S,S,S/S,S,B/S,S,S")  # blue's Small N in row 2
    assert "DS recovers the ball on c8" in report.rows[1].events
    assert report.recovered == "DS on c8"
    assert "recovers the ball on c8" in report.describe()
    assert [r.name for r in report.rows] == ["1", "2"]
    assert line(report, "2", "OM").end == "d7"  # red's Medium stepped out of the goal row
    assert game.carrier == ("blue", "S")
    assert game.loose_ball is None
    assert game.to_move == "blue"
    assert game.goal_row_barred == "red"  # recovered, but still on the goal row
    # next turn: red (defence now) may not re-enter row 8; blue carries the ball out
    report = turn(game, "S,F,S/S,S,S/S,S,S", "S,S,F/S,S,S/S,S,S")
    red_m = line(report, "1", "DM")
    assert red_m.outcome == "blocked"
    assert "goal-row rule" in red_m.reason
    assert game.goal_row_barred is None
    assert "the goal-row rule ends: red may enter it again" in report.rows[-1].events


def test_a_pass_by_the_recovering_side_lifts_the_goal_row_rule():
    game = setup(
        "blue",
        rL="b3",
        rM="d7",
        rS="f3",
        bL="b6",
        bM="a5",
        bS="c8",
        state={"ball": "S", "goal_row_barred": "red", "scores": {"red": 1}},
    )
    report = turn(game, "S,S,S", "S,S,S/S,S,>L/S,S,S")
    assert report.rows[1].pass_line is not None
    assert game.goal_row_barred is None


def test_offence_may_not_step_or_be_pushed_onto_the_loose_ball():
    state = {"ball": "c5", "scores": {"red": 1}}
    game = setup(rL="c4", rM="e4", rS="g2", bL="c3", bM="a7", bS="g7", state=state)
    report = turn(game, "S,S,S/F,S,S/S,S,S", "B,S,S")  # blue's Large N pushes c4 into c5
    first = line(report, "1", "DL")
    assert first.outcome == "blocked"
    assert "loose ball" in first.reason
    assert report.event is None  # no carrier: no tackle on contact
    second = line(report, "2", "OL")
    assert second.outcome == "blocked"
    assert "loose ball" in second.reason
    assert game.loose_ball == "c5"
    assert game.to_move == "red"


def test_nobody_passes_while_the_ball_is_loose():
    state = {"ball": "c5", "scores": {"red": 1}}
    game = setup(rL="c4", rM="e4", rS="g2", bL="c3", bM="a7", bS="g7", state=state)
    move = game.parse_move("S,S,S/S,>L,S/S,S,S | S,S,S")
    assert "loose" in game.why_illegal(move)
    assert all(not p.passes() for p in game.legal_moves(0)[:500])


# ---- the goal-row rule --------------------------------------------------------------------------


def test_a_barred_pyramid_on_the_goal_row_must_step_out():
    game = scoring_position()
    turn(game, "S,F,S", "S,S,S")  # red's Medium scores and stays on d8
    assert game.goal_row_barred == "red"
    bad = game.parse_move("S,S,S | S,S,S")
    assert "must leave" in game.why_illegal(bad)
    assert game.why_illegal(game.parse_move("S,B,S | S,S,S")) is None
    space = game.legal_moves(0)
    rng = random.Random(1)
    assert all(space[rng.randrange(len(space))].rows[0][1] == "B" for _ in range(200))
    assert game.parse_program("S,B,S/S,S,S") in space


def test_stand_normalisation_agrees_with_the_resolution_under_the_restart():
    """Raw legal programs resolve as their normal forms do, with a loose ball and the
    goal-row rule (a barred defender's steps into its goal row fail for the whole turn)."""
    rng = random.Random(7)
    state = {"ball": "L", "goal_row_barred": "red", "scores": {"red": 2}}
    positions = [
        setup("blue", rL="c8", rM="d7", rS="e7", bL="b8", bM="f5", bS="a6", state=state),
        # tackles likely: the roles may swap within the turn, the defence be pushed after
        setup(rL="a2", rM="b2", rS="c3", bL="a3", bM="b3", bS="b1", state={"ball": "M"}),
        setup(
            "blue",
            rL="a7",
            rM="b8",
            rS="c7",
            bL="a8",
            bM="b7",
            bS="a6",
            state={"ball": "M", "goal_row_barred": "red", "scores": {"red": 1}},
        ),
        setup(
            rL="c7",
            rM="d8",
            rS="e6",
            bL="b7",
            bM="f8",
            bS="a6",
            state={"ball": "c8", "goal_row_barred": "red", "scores": {"red": 2}},
        ),
    ]
    for game in positions:
        for side in (0, 1):
            space = game.legal_moves(side)
            walls = game._walls(side)
            leave = game._must_leave(side)
            every_row = game._steps_checked_every_row(side)
            checked = 0
            for _ in range(300):
                rows = [",".join(rng.choice("FBLRS") for _ in range(3)) for _ in range(3)]
                raw = game.parse_program("/".join(rows))
                if game.program_problem(raw, side) is not None:
                    continue
                tracks = []
                for k, t in enumerate(program_tracks(raw)):
                    start = parse_square(
                        next(
                            sq
                            for sq, c, s, _ in game.pyramids()
                            if c == game.players[side] and s == "LMS"[k]
                        )
                    )
                    track = normal_track(t, side * 3 + k, start, every_row, walls)
                    tracks.append(("B", *track[1:]) if k in leave else track)
                norm = program_of(tuple(tracks))
                assert norm in space
                other = game.legal_moves(1 - side)
                reply = other[rng.randrange(len(other))]
                a, b = game.copy(), game.copy()
                pair = (raw, reply) if side == 0 else (reply, raw)
                npair = (norm, reply) if side == 0 else (reply, norm)
                a.push(JointMove(pair))
                b.push(JointMove(npair))
                assert a.position_key() == b.position_key()
                checked += 1
            assert checked > 20


# ---- other points, options, files ---------------------------------------------------------------


def test_a_defensive_score_keeps_the_pieces_where_they_are():
    options = {**ADVANCED, "defensive_score_ends_turn": True}
    game = PyramidBall.new(PyramidBall.parse_options(options))
    report = turn(game, "S,F,S", "S,F,S")  # the spec's S1: blue's Medium tackles on d4
    assert report.event == "tackle"
    assert [r.name for r in report.rows] == ["1"]  # the option: a defensive point ends it
    assert game.carrier == ("blue", "M")
    assert game.ball_square() == "d4"  # no reset: play goes on
    assert game.to_move == "blue"
    assert game.goal_row_barred is None


def test_after_a_tackle_the_tackler_is_on_offence_at_once_and_the_turn_goes_on():
    """The sheet: "After a defensive score (interception or tackle), play continues as
    normal. The defensive team that just scored now has possession of the ball and is
    immediately considered to be on offense and the player who lost the ball is
    immediately considered to be on defense." Row 1: blue's Medium steps onto red's
    standing Medium (the carrier) on d4, pushes it to d3 and tackles. Row 2: red's Small,
    on defence now, steps from e4 onto the standing carrier on d4, pushes it to c4 and
    tackles back."""
    game = setup(rL="b3", rM="d4", rS="e4", bL="b6", bM="d5", bS="f6")
    game.push(game.parse_move("S,S,S/S,S,L | S,F,S"))
    report = game.last_effect()
    assert [r.name for r in report.rows] == ["1", "2", "3"]
    assert report.points == (("tackle", "blue"), ("tackle", "red"))
    assert (report.event, report.scorer) == ("tackle", "blue")  # the first point
    assert report.offence == "red"  # the roles the turn began with
    assert [r.offence for r in report.rows] == ["red", "blue", "red"]
    assert "blue is on offence at once" in " ".join(report.rows[0].events)
    row2 = {p.pyramid: p for p in report.rows[1].pyramids}  # labels by the roles then
    assert row2["DS"].colour == "red"
    assert row2["DS"].end == "d4"
    assert row2["OM"].colour == "blue"
    assert row2["OM"].outcome == "pushed"
    assert row2["OM"].end == "c4"
    assert "tackle: DS on d4" in report.rows[1].events
    assert report.describe() == "tackle: blue scores; tackle: red scores"
    assert game.scores == {"red": 1, "blue": 1}
    assert game.carrier == ("red", "S")
    assert game.offence == 0
    # each side was scored on once: red chooses first, then blue
    assert game.choosing == "red"
    game.push(game.parse_move("red takes blitz"))
    assert game.choosing == "blue"
    with pytest.raises(InvalidMoveError, match="blue chooses a special move now"):
        game.parse_move("red takes dash")
    assert "blue chooses a special move now, not red" in game.why_illegal(
        SpecialChoice("red", "dash")
    )
    game.push(game.parse_move("blue takes quick_pass"))
    assert game.choosing is None
    assert game.to_move == "red"
    assert game.specials("red") == ["blitz"]
    assert game.specials("blue") == ["quick_pass"]
    game.pop()
    game.pop()
    assert game.choosing == "red"


def test_an_interception_swaps_the_roles_before_the_rows_steps():
    """S9's interception, in the advanced game: blue's Medium on c4 intercepts in row 2 and
    is on offence at once, so in that very row its step is an offensive one and red's
    Large, on defence now, wins c3, the square they both aim at."""
    game = setup(rL="c2", rM="b3", rS="d5", bL="f7", bM="c4", bS="g7")
    game.push(game.parse_move("S,S,S/F,>S,S/S,S,S | S,S,S/S,F,S/S,S,S"))
    report = game.last_effect()
    assert report.points == (("interception", "blue"),)
    line = report.rows[1].pass_line  # labelled as the row's steps: blue is offence there
    assert (line.passer, line.interceptor) == ("DM", "OM")
    assert "interception: OM on c4" in report.rows[1].events
    row2 = {p.pyramid: p for p in report.rows[1].pyramids}
    assert row2["OM"].colour == "blue"  # blue's Medium is offence in row 2 already
    assert row2["OM"].outcome == "blocked"
    assert row2["DL"].colour == "red"
    assert row2["DL"].end == "c3"
    assert game.carrier == ("blue", "M")
    assert game.ball_square() == "c4"
    assert game.choosing == "red"  # scored on: it chooses a special move


def test_the_formation_option_resets_after_a_goal():
    game = setup(
        options={"mode": "advanced", "restart": "formation"},
        rL="b3",
        rM="d7",
        rS="f3",
        bL="b6",
        bM="d5",
        bS="f6",
    )
    report = turn(game, "S,F,S/S,B,S/S,B,S", "S,S,S")
    assert [r.name for r in report.rows] == ["1"]  # the point ends the turn
    assert game.carrier == ("blue", "M")
    assert game.ball_square() == "d5"
    assert game.loose_ball is None
    assert game.goal_row_barred is None


def test_the_winning_goal_ends_the_turn_with_the_ball_carried():
    game = setup(
        state={"ball": "M", "scores": {"red": 5}},
        rL="b3",
        rM="d7",
        rS="f3",
        bL="b6",
        bM="d5",
        bS="f6",
    )
    report = turn(game, "S,F,S/S,B,S/S,S,S", "S,S,S")
    assert game.is_over()
    assert [r.name for r in report.rows] == ["1"]
    assert game.loose_ball is None
    assert game.ball_square() == "d8"


def test_a_loose_ball_and_the_goal_row_rule_round_trip_in_a_file(ball_registered):
    game = scoring_position()
    turn(game, "S,F,S/S,S,S/S,S,S", "S,S,S")
    state = game.file_state()
    assert state["ball"] == "c8"
    assert state["goal_row_barred"] == "red"
    again = loads(dumps(game)).game
    assert again.position_key() == game.position_key()
    # the position alone, as a set-up with that state
    fresh = PyramidBall.from_setup_state(game.options, "red", game.pieces(), state)
    assert fresh.position_key() == game.position_key()
    assert teaching_for(fresh).summary_extras(fresh)["ball"] == {
        "colour": None,
        "size": None,
        "square": "c8",
        "loose": True,
    }
    assert "ball loose on c8" in teaching_for(fresh).explain(fresh)[1]
    assert json.loads(dumps(fresh))["state"]["ball"] == "c8"


@pytest.mark.parametrize(
    ("options", "state", "says"),
    [
        (ADVANCED, {"ball": "d4"}, "empty square"),
        (ADVANCED, {"ball": "z9"}, "a square a1..g8"),
        ({"mode": "basic"}, {"ball": "c5"}, "advanced game"),
        ({"mode": "advanced", "restart": "formation"}, {"ball": "c5"}, "sheet"),
        (ADVANCED, {"ball": "M", "goal_row_barred": "red"}, "red carries the ball"),
        (ADVANCED, {"goal_row_barred": "green"}, "red, blue"),
    ],
)
def test_bad_restart_states_name_the_key(options, state, says):
    pieces = PyramidBall.new().pieces()
    with pytest.raises(PositionFormatError, match=says):
        PyramidBall.from_setup_state(PyramidBall.parse_options(options), "red", pieces, state)


def test_random_advanced_games_end_quickly():
    rng = random.Random(11)
    for restart in ("sheet", "formation"):
        options = PyramidBall.parse_options({"mode": "advanced", "restart": restart})
        began = time.process_time()  # (a busy machine stretches the wall time)
        loose = 0
        for _ in range(3):
            game = PyramidBall.new(options)
            turns = 0
            while not game.is_over():
                game.push(game.random_move(rng))
                loose += game.loose_ball is not None
                turns += 1
                assert turns < 3000
            assert max(game.scores.values()) == 6
            while game.move_stack:
                game.pop()
            assert game.position_key() == PyramidBall.new(options).position_key()
        assert time.process_time() - began < 20
        if restart == "sheet":
            assert loose > 0


def test_the_computer_plays_with_a_loose_ball_and_the_goal_row_rule():
    from pyramid_lab.model.search import Limits
    from pyramid_lab.model.search.games.ball import SamplingAgent, propose

    game = scoring_position()
    turn(game, "S,F,S", "S,S,S")  # the ball loose on c8, red barred, its Medium on d8
    rng = random.Random(2)
    for side in (0, 1):
        for _ in range(30):
            assert game.program_problem(propose(game, side, rng), side) is None
    joint = SamplingAgent(3).choose(game, Limits(playouts=40)).move
    assert game.why_illegal(joint) is None


def test_a_tackle_on_the_tacklers_scoring_row_is_a_goal_from_the_next_row_on():
    """Blue's Medium steps from c1 onto red's carrier on d1 (row 1, where blue scores),
    pushes it to e1 and tackles: it took the ball there and has not entered the goal row
    with it, so no goal in that row; standing there at the end of row 2 it is one (the
    spec's goal test, "however it got there")."""
    game = setup(rL="b3", rM="d1", rS="f3", bL="b6", bM="c1", bS="f6")
    game.push(game.parse_move("S,S,S | S,L,S"))  # blue's L is east
    report = game.last_effect()
    assert report.rows[0].events[0] == "tackle: DM on d1"
    assert not any("goal" in e for e in report.rows[0].events)
    assert any(e.startswith("goal: OM carries the ball onto d1") for e in report.rows[1].events)
    assert report.points == (("tackle", "blue"), ("goal", "blue"))
