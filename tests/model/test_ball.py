"""Pyramid Ball: the spec's scenarios S1-S12 (facts copied here from spec/ball.md), the
program notation, Stand normalisation and the program spaces, files, specials and
whole games."""

from __future__ import annotations

import json
import random

import pytest

from pyramid_lab.model.ball import PyramidBall, parse_program
from pyramid_lab.model.ball.rules import crossed_squares, parse_square, square_name
from pyramid_lab.model.files import dumps, loads
from pyramid_lab.model.game import SIMULTANEOUS, IllegalMoveError, InvalidMoveError, JointMove

# ---- helpers -------------------------------------------------------------------------------

FORMATION = {"OL": "b3", "OM": "d4", "OS": "f3", "DL": "b6", "DM": "d5", "DS": "f6"}
SIZE = {"L": 3, "M": 2, "S": 1}
# Red holds the ball and sits at row 1 (offence); blue sits at row 8 (defence).
TO_RELATIVE = ({"N": "F", "S": "B", "W": "L", "E": "R"}, {"S": "F", "N": "B", "E": "L", "W": "R"})


def position(options=None, **squares) -> PyramidBall:
    """Red offence, the ball on OM: named pyramids where given, the others at the set-up."""
    where = {**FORMATION, **squares}
    assert len(set(where.values())) == 6, where
    pieces = []
    for name, text in where.items():
        sq = parse_square(text)
        colour = "red" if name[0] == "O" else "blue"
        pieces.append(((sq % 7, sq // 7, SIZE[name[1]]), colour))
    raw = options or {}
    return PyramidBall.from_setup(PyramidBall.parse_options(raw), "red", pieces)


def program(side: int, rows: dict[int, dict[str, str]]) -> str:
    """Rows (1-based) of absolute directions (N/S/E/W) or passes ('>S') by size letter."""
    out = []
    for r in range(1, 4):
        row = rows.get(r, {})
        cells = []
        for k in "LMS":
            entry = row.get(k)  # absolute S is south: Stand is a missing entry here
            cells.append("S" if entry is None else TO_RELATIVE[side].get(entry, entry))
        out.append(",".join(cells))
    return "/".join(out)


def play(game, offence=None, defence=None):
    """Resolve one turn given absolute rows for the offence (red) and the defence (blue)."""
    report = game.resolve(
        parse_program(program(0, offence or {})), parse_program(program(1, defence or {}))
    )
    return report


def where(game) -> dict[str, str]:
    """Role label -> square, with red as the offence (O)."""
    out = {}
    for sq, colour, size, _ in game.pyramids():
        out[("O" if colour == "red" else "D") + size] = sq
    return out


def row_line(report, row: str, label: str):
    r = next(r for r in report.rows if r.name == row)
    return next(p for p in r.pyramids if p.pyramid == label)


# ---- the scenarios (spec/ball.md, row 1 unless said; unnamed pyramids stand) ------------------


def test_s1_swap_is_a_contest_the_defender_wins_and_tackles():
    game = position()
    report = play(game, {1: {"M": "N"}}, {1: {"M": "S"}})
    om = row_line(report, "1", "OM")
    assert om.outcome == "pushed"
    assert om.pushed_by == "DM"
    assert om.end == "d3"
    assert row_line(report, "1", "DM").end == "d4"
    assert report.event == "tackle"
    assert report.scorer == "blue"
    assert game.scores == {"red": 0, "blue": 1}
    assert "OM" in report.blocked  # its own move failed first
    assert any("tackle: DM on d4" in e for e in report.rows[0].events)


def test_s2_three_way_clash_nothing_moves_in_either_row():
    game = position(OM="d4", DM="e5", DS="f4")
    report = play(game, {1: {"M": "E"}, 2: {"M": "E"}}, {1: {"M": "S", "S": "W"}, 2: {"S": "W"}})
    first = {p.pyramid: p for p in report.rows[0].pyramids}
    assert {first[x].outcome for x in ("OM", "DM", "DS")} == {"blocked"}
    assert first["OM"].reason == "DM targeted e4"
    assert "also targeted e4" in first["DM"].reason
    second = {p.pyramid: p for p in report.rows[1].pyramids}
    assert second["OM"].outcome == second["DS"].outcome == "stood"
    assert "blocked earlier" in second["OM"].reason
    assert where(game)["OM"] == "d4"
    assert where(game)["DM"] == "e5"
    assert where(game)["DS"] == "f4"
    assert set(report.blocked) == {"OM", "DM", "DS"}
    assert report.event is None


def test_s3_a_chain_of_three_is_pushed():
    game = position(OL="c4", OM="d4", OS="e4", DL="b4", DM="d7", DS="g7")
    report = play(game, {}, {1: {"L": "E"}})
    assert where(game) == {"DL": "c4", "OL": "d4", "OM": "e4", "OS": "f4", "DM": "d7", "DS": "g7"}
    assert report.event is None  # only a direct push tackles
    assert row_line(report, "1", "OM").pushed_by == "DL"


def test_s4_a_chain_would_leave_the_board():
    game = position(OL="e4", OS="f4", OM="g4", DL="d4")
    report = play(game, {}, {1: {"L": "E"}})
    assert where(game)["DL"] == "d4"
    assert (where(game)["OL"], where(game)["OS"], where(game)["OM"]) == ("e4", "f4", "g4")
    dl = row_line(report, "1", "DL")
    assert dl.outcome == "blocked"
    assert "leave the board" in dl.reason
    assert report.blocked == ("DL",)
    assert report.event is None


def test_s5_fails_at_the_edge_then_is_pushed_and_tackled():
    game = position(OM="a4", DS="a5", OL="c2", OS="f3", DL="b7", DM="d7")
    report = play(game, {1: {"M": "W"}}, {1: {"S": "S"}})
    om = row_line(report, "1", "OM")
    assert om.outcome == "pushed"
    assert om.end == "a3"
    assert row_line(report, "1", "DS").end == "a4"
    assert report.event == "tackle"
    assert game.scores["blue"] == 1


def test_s6_push_impossible_tackles_on_contact():
    game = position(OM="d4", DL="d5", DM="d3", OL="b3", OS="f3", DS="f6")
    report = play(game, {}, {1: {"L": "S"}})
    dl = row_line(report, "1", "DL")
    assert dl.outcome == "blocked"
    assert "d3 holds DM" in dl.reason
    assert where(game)["OM"] == "d4"
    assert report.event == "tackle"
    assert "on contact" in report.rows[0].events[0]


def test_s6_without_tackle_on_contact():
    game = position({"tackle_on_contact": False}, OM="d4", DL="d5", DM="d3", OL="b3", OS="f3")
    report = play(game, {}, {1: {"L": "S"}})
    assert report.event is None
    assert report.blocked == ("DL",)


def test_s7_following_and_a_defender_in_the_way():
    game = position(OL="b5", OS="f4", DL="b6", DS="f5", OM="d4", DM="d7")
    report = play(game, {1: {"L": "W", "S": "N"}}, {1: {"L": "S", "S": "W"}})
    now = where(game)
    assert (now["OL"], now["DL"], now["DS"]) == ("a5", "b5", "e5")
    assert now["OS"] == "f4"
    assert report.blocked == ("OS",)
    assert row_line(report, "1", "OS").reason == "DS stands on f5"


def test_s8_a_pushed_pyramid_blocks_then_a_follower_is_blocked():
    game = position(OL="c4", OM="e3", OS="d3", DL="c5", DM="e6", DS="g7")
    report = play(game, {1: {"M": "W", "S": "W"}}, {1: {"L": "S"}})
    now = where(game)
    assert (now["DL"], now["OL"]) == ("c4", "c3")
    assert (now["OS"], now["OM"]) == ("d3", "e3")
    assert set(report.blocked) == {"OS", "OM"}
    assert row_line(report, "1", "OS").reason == "OL is pushed into c3"
    assert row_line(report, "1", "OM").reason == "d3 is held by OS, which does not move"
    assert report.event is None


def test_a_push_fails_into_a_square_a_failing_defender_targets():
    # Spec step 4a: the push fails if a destination is targeted by another defender, live
    # or failed (the sheet: defenders have priority "even if the defensive pyramids' move is
    # blocked"). DL a2 and DM c2 clash on b2 and fail; DS's push of the column b5-b3 would
    # shift OM into b2, so it fails too and nothing moves.
    for offence in ({}, {1: {"L": "N", "M": "N", "S": "N"}}):  # standing, or own steps failing
        game = position(OS="b5", OL="b4", OM="b3", DS="b6", DL="a2", DM="c2")
        report = play(game, offence, {1: {"S": "S", "L": "E", "M": "W"}})
        assert where(game) == {
            "OS": "b5",
            "OL": "b4",
            "OM": "b3",
            "DS": "b6",
            "DL": "a2",
            "DM": "c2",
        }
        ds = row_line(report, "1", "DS")
        assert ds.outcome == "blocked"
        assert "b2 is targeted by D" in ds.reason
        assert {"DS", "DL", "DM"} <= set(report.blocked)
        assert report.event is None


def test_s9_interception():
    game = position(OM="b3", OS="d5", DM="c4", OL="a1")
    report = play(game, {2: {"M": ">S"}}, {})
    line = report.rows[1].pass_line
    assert line is not None
    assert (line.source, line.target, line.interceptor) == ("b3", "d5", "DM")
    assert line.describe() == "pass b3->d5 intercepted by DM"
    assert report.event == "interception"
    assert game.scores == {"red": 0, "blue": 1}


def test_s10_corner_touch_completes_the_pass():
    game = position(OM="b3", OS="d5", DM="c3", OL="a1")
    report = play(game, {2: {"M": ">S"}}, {})
    line = report.rows[1].pass_line
    assert line.complete
    assert line.interceptor is None
    assert game.carrier == ("red", "S")
    assert report.event is None


def test_s11_a_steep_pass_is_intercepted():
    game = position(OM="b3", OS="c5", DM="b4", OL="a1")
    report = play(game, {2: {"M": ">S"}}, {})
    assert report.rows[1].pass_line.interceptor == "DM"
    assert report.event == "interception"


def test_s12_pass_then_the_receiver_steps_into_the_goal_row():
    game = position(OM="d6", OS="f7", DM="d7", DL="c6", DS="g8")
    report = play(game, {2: {"M": ">S", "S": "N"}}, {})
    line = report.rows[1].pass_line
    assert line.complete
    assert line.crossed == ("e6", "e7")
    assert row_line(report, "2", "OS").end == "f8"
    assert report.event == "goal"
    assert report.scorer == "red"
    assert game.is_over()
    assert game.outcome().winner == "red"


def test_line_of_sight_examples():
    b3, d5, c4, c3 = (parse_square(s) for s in ("b3", "d5", "c4", "c3"))
    assert crossed_squares(b3, d5) == (c4,)
    assert c3 not in crossed_squares(b3, d5)
    assert [square_name(s) for s in crossed_squares(parse_square("a1"), parse_square("a4"))] == [
        "a2",
        "a3",
    ]


# ---- more rules --------------------------------------------------------------------------------


def test_offence_may_follow_defender_flag():
    # OM d4 E onto e4, which DS leaves towards e3... DS on e4 moving S (its F).
    for flag, expected in ((False, "d4"), (True, "e4")):
        game = position({"offence_may_follow_defender": flag}, DS="e4")
        play(game, {1: {"M": "E"}}, {1: {"S": "N"}})
        assert where(game)["OM"] == expected


def test_a_pass_to_the_goal_row_scores_at_once():
    game = position(OM="d6", OS="f8", DM="a8", DS="g1")
    report = play(game, {2: {"M": ">S"}, 3: {"M": "N"}}, {})
    assert report.event == "goal"
    assert len(report.rows) == 2


def test_blocked_pyramid_still_passes():
    game = position(OM="a4", OS="a6", DM="g8", DL="g7", DS="g6")
    report = play(game, {1: {"M": "W"}, 2: {"M": ">S"}}, {})
    assert row_line(report, "1", "OM").outcome == "blocked"
    assert report.rows[1].pass_line.complete
    assert game.carrier == ("red", "S")


def test_positions_after_each_row_are_reported():
    game = position()
    report = play(game, {1: {"L": "N"}, 2: {"L": "N"}}, {})
    assert ("b4", "red", "L", False) in report.rows[0].after
    assert ("b5", "red", "L", False) in report.rows[1].after
    assert ("d4", "red", "M", True) in report.rows[2].after
    assert report.to_json()["rows"][0]["explanation"] == ["OL b3->b4"]


# ---- notation ------------------------------------------------------------------------------------


def test_program_notation_round_trips():
    text = "F,R,R/S,>L,F/B,F,F"
    program_ = parse_program(text)
    assert str(program_) == text
    assert program_.rows[1] == ("S", ">L", "F")
    assert str(parse_program("!F,S,S/F,S,S/F,S,S/S,S,R")) == "!F,S,S/F,S,S/F,S,S/S,S,R"
    assert parse_program("!F,S,S").blitz


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("FL,R,BR/S,S,S/S,S,S", "S,R,S/S,S,S/S,S,S"),  # diagonals stand
        ("F,,R", "F,S,R/S,S,S/S,S,S"),  # missing entries and rows stand
        ("", "S,S,S/S,S,S/S,S,S"),
        ("f, r ,>l", "F,R,>L/S,S,S/S,S,S"),
    ],
)
def test_diagonal_and_missing_entries_stand(text, normal):
    assert str(parse_program(text)) == normal


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("F,X,R", "row 1, Medium: 'X'"),
        ("F,R,R/S,>Q,F", "row 2, Medium: '>Q'"),
        ("F,R,R,F", "row 1 has 4 entries"),
        ("S/S/S/S/S", "5 rows"),
        ("F,!R,S", "row 1, Medium"),
    ],
)
def test_a_malformed_program_names_the_entry(text, names):
    with pytest.raises(InvalidMoveError, match=names.replace("(", r"\(")):
        parse_program(text)


def test_illegal_passes_and_specials():
    game = PyramidBall.new()
    cases = {
        "S,S,S/>M,S,S/S,S,S | S,S,S": "only the carrier",
        "S,>S,S/S,S,S/S,S,S | S,S,S": "no pass in row 1",
        "S,S,S/S,>S,S/S,>L,S | S,S,S": "at most one pass",
        "S,S,S | S,S,S/S,>S,S": "only the side with the ball",
        "S,S,S/S,S,S/S,S,S/S,S,F | S,S,S": "Dash",
        "S,S,S | !F,S,S": "Blitz needs",
        "S,S,S/S,>M,S | S,S,S": "cannot pass to itself",
    }
    for text, words in cases.items():
        move = game.parse_move(text)
        assert words in game.why_illegal(move)
        with pytest.raises(IllegalMoveError, match=words):
            game.push(move)
    assert game.move_stack == []


# ---- program spaces and perft -----------------------------------------------------------------


def test_program_space_counts_and_normal_forms():
    game = PyramidBall.new()
    assert game.current_player() == SIMULTANEOUS
    red, blue = game.legal_moves(0), game.legal_moves(1)
    # Offence: Large and Small 5^3 each; the Medium carrier 5 * (7 * 7 - 2 * 2) with at most
    # one pass in rows 2-3 to one of two pyramids.
    assert len(red) == 125 * 125 * 225
    assert len(blue) < 125**3  # steps off the board are folded into Stand
    assert game.legal_move_count() == len(red) * len(blue) == game.perft(1)
    assert parse_program("S,S,S/S,>L,S/S,S,S") in red
    assert parse_program("S,S,S/S,>L,S/S,>S,S") not in red
    # Blue's Large on b6 steps R (west for blue) twice: the second step leaves the board.
    assert parse_program("R,S,S/R,S,S/F,S,S") not in blue
    assert parse_program("R,S,S/S,S,S/S,S,S") in blue
    picks = [red[i] for i in (0, 1, len(red) // 2, len(red) - 1)]
    assert len(set(picks)) == 4
    assert all(p in red for p in picks)
    assert red[-1] == red[len(red) - 1]


def test_program_space_is_distinct_on_a_small_board_corner():
    # Every pyramid in a corner: enumerate one whole track product and check distinctness.
    game = PyramidBall.from_setup(
        None,
        "red",
        [((0, 0, 3), "red"), ((6, 0, 2), "red"), ((0, 7, 3), "blue"), ((6, 7, 2), "blue")],
        study=True,
    )
    space = game.legal_moves(1)
    listed = list(space)
    assert len(listed) == len(set(listed)) == len(space)
    assert all(p in space for p in listed[:50])


def test_perft_deeper_than_one_is_refused():
    game = PyramidBall.new()
    assert game.perft(0) == 1
    with pytest.raises(ValueError, match="only depth 0 and 1"):
        game.perft(2)


def test_stand_normalisation_keeps_the_resolution():
    rng = random.Random(5)
    game = PyramidBall.new()
    for _ in range(150):
        red = rng.choice(["F", "B", "L", "R", "S"])
        text = ",".join(rng.choice("FBLRS") for _ in range(3))
        raw = "/".join([text, ",".join(rng.choice("FBLRS") for _ in range(3)), red + ",S,S"])
        program_ = parse_program(raw)
        normal = game.legal_moves(1)
        if program_ in normal:
            continue
        # the raw program is legal and resolves as its normal form does
        from pyramid_lab.model.ball.rules import normal_track, program_of, program_tracks

        tracks = program_tracks(program_)
        start = [parse_square(s) for s in ("b6", "d5", "f6")]
        norm = program_of(
            tuple(normal_track(t, 3 + k, start[k], True) for k, t in enumerate(tracks))
        )
        assert norm in normal
        a, b = game.copy(), game.copy()
        reds = parse_program("F,F,F/S,S,S/L,R,S")
        a.push(JointMove((reds, program_)))
        b.push(JointMove((reds, norm)))
        assert a.position_key() == b.position_key()


# ---- files, specials, games ----------------------------------------------------------------------


def test_file_round_trip_with_state(ball_registered):
    game = PyramidBall.from_setup_state(
        PyramidBall.parse_options({"mode": "advanced"}),
        "blue",
        PyramidBall.new().pieces(),
        {
            "ball": "L",
            "scores": {"red": 2, "blue": 1},
            "specials": {"blue": ["dash", "quick_pass"]},
        },
    )
    doc = json.loads(dumps(game))
    assert doc["state"] == {
        "ball": "L",
        "scores": {"red": 2, "blue": 1},
        "specials": {"red": [], "blue": ["dash", "quick_pass"]},
    }
    again = loads(dumps(game)).game
    assert again.position_key() == game.position_key()
    assert again.to_move == "blue"


def test_history_replays_from_the_setup_with_state(ball_registered):
    game = PyramidBall.new()
    game.push(game.parse_move("F,S,S/S,S,S/S,S,S | S,S,S/S,S,S/S,S,S"))
    text = dumps(game)
    doc = json.loads(text)
    assert doc["history"] == ["F,S,S/S,S,S/S,S,S | S,S,S/S,S,S/S,S,S"]
    assert loads(text).game.position_key() == game.position_key()


@pytest.mark.parametrize(
    ("state", "key"),
    [
        ({"ball": "X"}, "state.ball"),
        ({"scores": {"red": 9}}, "state.scores.red"),
        ({"specials": {"red": ["dash"]}}, "state.specials.red"),  # basic game: none
        ({"colour": 1}, "state.colour"),
    ],
)
def test_bad_state_names_the_key(ball_registered, state, key):
    doc = json.loads(dumps(PyramidBall.new()))
    doc["state"] = state
    from pyramid_lab.model.game import PositionFormatError

    with pytest.raises(PositionFormatError, match=key.replace(".", r"\.")):
        loads(json.dumps(doc))


def test_advanced_game_restarts_and_gains_specials():
    game = PyramidBall.new(PyramidBall.parse_options({"mode": "advanced", "restart": "formation"}))
    play(game, {1: {"M": "N"}}, {1: {"M": "S"}})  # S1: blue tackles
    assert game.scores == {"red": 0, "blue": 1}
    assert not game.is_over()
    assert game.carrier == ("blue", "M")
    assert game.ball_square() == "d5"  # the formation again, blue's Medium has the ball
    # red, scored on, chooses its special move (a turn node of its own)
    assert game.current_player() == 0
    assert game.to_move == "red"
    assert [str(m) for m in game.legal_moves()] == ["takes dash", "takes quick pass", "takes blitz"]
    assert [m.words() for m in game.legal_moves()][1] == "red takes Quick Pass"
    assert game.legal_moves(1) == []
    assert "red chooses a special move first" in game.why_illegal(game.parse_move("S,S,S | S,S,S"))
    game.push(game.parse_move("takes dash"))
    assert game.current_player() == SIMULTANEOUS
    assert game.to_move == "blue"
    assert game.specials("red") == ["dash"]
    # red (defence now) dashes: the Small's fourth step; the special is spent
    game.push(game.parse_move("S,S,S/S,S,S/S,S,S/S,S,F | S,S,S"))
    assert game.specials("red") == []
    last = game.last_effect()
    assert last.rows[-1].name == "4"
    assert row_line(last, "4", "DS").end == "f4"
    game.pop()
    assert game.specials("red") == ["dash"]


def test_blitz_takes_three_steps_in_row_one():
    game = PyramidBall.from_setup_state(
        PyramidBall.parse_options({"mode": "advanced"}),
        "red",
        PyramidBall.new().pieces(),
        {"scores": {"red": 3}, "specials": {"blue": ["dash", "quick_pass", "blitz"]}},
    )
    report = play(game, {}, {})
    assert [r.name for r in report.rows] == ["1", "2", "3"]
    game.pop()
    game.push(game.parse_move("S,S,S | !F,S,S/L,S,S/F,S,S"))  # blue Large: S, E, S
    report = game.last_effect()
    assert [r.name for r in report.rows][:3] == ["1a", "1b", "1c"]
    assert row_line(report, "1c", "DL").end == "c4"
    assert game.specials("blue") == ["dash", "quick_pass"]


def test_quick_pass_in_row_one():
    game = PyramidBall.from_setup_state(
        PyramidBall.parse_options({"mode": "advanced"}),
        "red",
        PyramidBall.new().pieces(),
        {"scores": {"blue": 2}, "specials": {"red": ["quick_pass"]}},
    )
    game.push(game.parse_move("S,>S,S | S,S,S"))
    assert game.last_effect().rows[0].pass_line.complete
    assert game.carrier == ("red", "S")
    assert game.specials("red") == []


def test_random_games_end():
    rng = random.Random(3)
    for mode in ("basic", "advanced"):
        for _ in range(3):
            game = PyramidBall.new(PyramidBall.parse_options({"mode": mode}))
            turns = 0
            while not game.is_over():
                game.push(game.random_move(rng))
                turns += 1
                assert turns < 3000
            assert max(game.scores.values()) == (1 if mode == "basic" else 6)
            while game.move_stack:
                game.pop()
            assert game.position_key() == PyramidBall.new(game.options).position_key()


PACKAGE = "pyramid_lab.model.ball"


def test_the_rules_are_one_class():
    # Issue 110 item 3: the rules object is one concept, so one class, as python-chess's
    # Board is: no base of its own package split off to keep a method count (the position,
    # the moves and the play were three such bases).
    ball = [c.__name__ for c in PyramidBall.__mro__ if c.__module__.startswith(PACKAGE)]
    assert ball == ["PyramidBall"]
