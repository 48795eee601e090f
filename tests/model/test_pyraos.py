"""Pyraos: the spec's positions P1-P7, all three versions, perft, random playouts, files."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_lab.model import files
from pyramid_lab.model.game import (
    IllegalMoveError,
    InvalidMoveError,
    PositionFormatError,
    Termination,
)
from pyramid_lab.model.pyraos import (
    LATTICE,
    SPHERES,
    TOP,
    Pyraos,
    PyraosMove,
    PyraosOptions,
    generate,
)
from pyramid_lab.model.search import perft
from pyramid_lab.model.search.solver import DRAW, Solver
from pyramid_lab.model.speed import count_paths
from pyramid_lab.model.teaching import describe_result


def board(text, to_move, variant="standard", removal="0-2", study=False):
    """The spec's notation: levels bottom first split by '|', rows j by '/', i along a row."""
    pieces = []
    for k, level in enumerate(text.split("|")):
        for j, row in enumerate(level.split("/")):
            for i, ch in enumerate(row):
                if ch in "BW":
                    pieces.append(((i, j, k), "black" if ch == "B" else "white"))
    return Pyraos.from_setup(PyraosOptions(variant, removal), to_move, pieces, study=study)


EMPTY_UPPER = "|.../.../...|../..|."
P2 = "BW../WB../..../...." + EMPTY_UPPER
P3 = "BW../WB../..../...B" + EMPTY_UPPER
P4 = "BB../B.../..../..WW" + EMPTY_UPPER
P5 = "BWBW/WBWB/BWBW/WBWB|.../.BB/.B.|../..|."
P6 = "BBBB/BBBB/WWWW/WWWW|BBB/BWW/WWW|BW/BW|."
P7A = "WWB./BWBW/WBBB/BBBW|BW./WBW/.WW|B./.W|."
P7B = "BWBB/WBWW/BBWB/WWBB|BWW/WB./BBW|W./W.|."
P7C = "BBWW/BBWW/WWWB/BWBW|WWB/BWB/B..|.B/..|."
P7D = "BBBB/BWBB/WWWB/BBB.|BWW/WBB/WB.|WW/W.|."


def moves(game):
    return sorted(str(m) for m in game.legal_moves())


@pytest.mark.parametrize("to_move", ["white", "black"])
def test_p1_empty(to_move):
    g = Pyraos.from_setup(PyraosOptions(), to_move, [])
    assert g.legal_move_count() == 16
    assert all(m.source is None and not m.removed for m in g.legal_moves())


def test_p2_no_lift_when_the_sphere_is_a_support():
    g = board(P2, "black")
    assert g.legal_move_count() == 13
    assert "0,0,1" in moves(g)
    assert not any(m.source for m in g.legal_moves())


def test_p3_one_lift():
    g = board(P3, "black")
    assert g.legal_move_count() == 13
    assert [str(m) for m in g.legal_moves() if m.source] == ["3,3,0>0,0,1"]


@pytest.mark.parametrize(
    ("variant", "removal", "count"),
    [
        ("standard", "0-2", 21),
        ("standard", "1-2", 20),
        ("children", "0-2", 11),
        ("alternate", "0-2", 21),
    ],
)
def test_p4_removal_sets(variant, removal, count):
    g = board(P4, "black", variant, removal)
    assert g.legal_move_count() == count
    square = [m for m in g.legal_moves() if str(m.target) == "1,1,0"]
    if variant == "children":
        assert len(square) == 1
    else:
        sets = {m.removed for m in square}
        assert len(sets) == (11 if removal == "0-2" else 10)
        assert (() in sets) == (removal == "0-2")
        assert sum(len(s) == 2 for s in sets) == 6


def test_p5_one_at_a_time_removal():
    g = board(P5, "black")
    raw = g.raw_moves()
    assert len(raw) == 131
    boards = set()
    for s, t, removed in raw:
        black = g.masks()[1]
        black = ((black & ~(1 << s)) if s >= 0 else black) | 1 << t
        boards.add(black & ~removed)
    assert len(boards) == 96
    at = LATTICE.id_of(2, 2, 1)
    assert sum(1 for s, t, _ in raw if t == at and s < 0) == 33


def test_p6_top_wins_and_no_move_loses():
    g = board(P6, "black")
    assert moves(g) == ["0,0,3"]
    g.push_text("0,0,3")
    assert g.outcome().winner == "black"
    assert g.outcome().reason == "top"
    assert g.legal_moves() == []
    w = board(P6, "white")
    assert w.reserve("white") == 0
    assert w.legal_move_count() == 0
    assert w.outcome().winner == "black"
    assert w.outcome().reason == "no_moves"


def test_p6_alternate_forced_pass():
    g = board(P6, "white", "alternate")
    assert moves(g) == ["pass"]
    assert g.outcome() is None
    g.push_text("pass")
    assert g.to_move == "black"
    g.push_text("0,0,3")
    assert g.outcome().winner == "black"
    with pytest.raises(IllegalMoveError, match="pass is allowed only"):
        board(P3, "black", "alternate").push_text("pass")


@pytest.mark.parametrize(
    ("text", "to_move", "variant", "count"),
    [
        (P7A, "black", "standard", 2),
        (P7B, "black", "standard", 1),
        (P7C, "black", "standard", 5),
        (P7D, "black", "standard", 0),
        (P7D, "black", "alternate", 1),
    ],
)
def test_p7_move_counts(text, to_move, variant, count):
    assert board(text, to_move, variant).legal_move_count() == count


def test_p7c_has_three_placements_and_two_lifts():
    g = board(P7C, "black")
    assert sum(m.source is None for m in g.legal_moves()) == 3
    assert sum(m.source is not None for m in g.legal_moves()) == 2


def test_perft_from_the_empty_pyramid():
    g = Pyraos.new()
    assert [perft(g, d) for d in range(4)] == [1, 16, 240, 3360]
    # The fast mask kernel and the generic protocol walk agree.

    for d in range(1, 4):
        assert count_paths(g, d) == perft(g, d)
    assert count_paths(board(P4, "black"), 3) == perft(board(P4, "black"), 3)


def test_move_text_round_trip_and_errors():
    g = board(P5, "black")
    for move in g.legal_moves():
        assert PyraosMove.parse(str(move)) == move
    assert str(PyraosMove.parse("3,3,0>0,0,1 x1,0,0 x0,0,0")) == "3,3,0>0,0,1 x0,0,0 x1,0,0"
    for bad in ["", "top", "1,1,0 0,0,0", "1,1,0 x0,0,0 x0,0,0"]:
        with pytest.raises(InvalidMoveError):
            PyraosMove.parse(bad)


def test_illegal_moves_explain_and_change_nothing():
    g = board(P4, "black")
    before = g._state()
    cases = {
        "0,0,0": "is taken",
        "0,0,1": "not supported",
        "2,2,0 x0,0,0": "completes no square",
        "3,3,0>0,0,1": "holds no black sphere",
    }
    for text, words in cases.items():
        with pytest.raises(IllegalMoveError, match=words):
            g.push_text(text)
    with pytest.raises(IllegalMoveError, match="at least one sphere must be removed"):
        board(P4, "black", removal="1-2").push_text("1,1,0")
    with pytest.raises(IllegalMoveError, match="not free"):
        board(P7C, "black").push_text("0,0,0>0,0,2")
    assert g._state() == before


def test_setup_validation():
    with pytest.raises(PositionFormatError, match="not supported") as info:
        board("B.../..../..../...." + "|B../.../...|../..|.", "white")
    assert info.value.key == "pieces[1]"
    with pytest.raises(PositionFormatError, match="each player has 15"):
        board("BBBB/BBBB/BBBB/BBBB" + EMPTY_UPPER, "white")
    full_black_top = P6[:-1] + "B"
    with pytest.raises(PositionFormatError, match="last act of a game") as info:
        board(full_black_top, "black")
    assert info.value.key == "to_move"
    done = board(full_black_top, "white")
    assert done.outcome().winner == "black"


def test_files_round_trip(tmp_path):
    g = Pyraos.new(PyraosOptions("alternate", "1-2"))
    rng = random.Random(3)
    for _ in range(12):
        g.push(rng.choice(g.legal_moves()))
    path = tmp_path / "p.pyr.json"
    files.write(path, g)
    back = files.read(path).game
    assert back.position_key() == g.position_key()
    assert back.options == g.options
    assert [str(m) for m in back.move_stack] == [str(m) for m in g.move_stack]


def test_file_options_are_validated():
    text = (
        '{"format": "pyramid-lab/1", "game": "pyraos", "options": {"variant": "x"}, '
        '"to_move": "white", "pieces": []}'
    )
    with pytest.raises(PositionFormatError, match=r"options\.variant"):
        files.loads(text)


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(["standard", "children", "alternate"]),
    removal=st.sampled_from(["0-2", "1-2"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_playouts(variant, removal, seed):
    rng = random.Random(seed)
    g = Pyraos.new(PyraosOptions(variant, removal))
    states = [g._state()]
    for _ in range(300):
        if g.is_over():
            break
        legal = g.legal_moves()
        assert len(set(legal)) == len(legal), "a move listed twice"
        g.push(rng.choice(legal))
        white, black = g.masks()
        assert white & black == 0
        occ = white | black
        for p in range(LATTICE.count):  # every sphere is supported
            if occ >> p & 1:
                assert all(occ >> s & 1 for s in LATTICE.support_lists[p])
        assert white.bit_count() <= SPHERES
        assert black.bit_count() <= SPHERES
        if occ >> TOP & 1:
            assert g.is_over()
        states.append(g._state())
    while len(states) > 1:
        states.pop()
        g.pop()
        assert g._state() == states[-1]


def test_generator_lists_each_move_once_on_random_boards():
    rng = random.Random(9)
    for _ in range(200):
        g = Pyraos.new()
        for _ in range(rng.randint(0, 40)):
            if g.is_over():
                break
            g.push_raw(rng.choice(g.raw_moves()))
        own, opp = g.mover_masks()
        white, black = g.masks()
        assert (own, opp) == ((white, black) if g.to_move == "white" else (black, white))
        raw = generate(own, opp, SPHERES - own.bit_count(), "standard", "0-2")
        assert len(raw) == len(set(raw))


# ---- the repetition rule (issue 12) ----------------------------------------------------

# Alternate version, removal 1-2: Black (no reserve, no lift) must pass, and White's one
# move places (0,2,1), completing a square, and must take that same sphere back. Without a
# repetition rule the game never ends.
LOOP = "WBBB/WWBB/BWWB/BBBW|WWW/WWB/.WB|BB/.B|."


def test_forced_loop_ends_in_a_draw_by_repetition():
    g = board(LOOP, "black", "alternate", "1-2")
    assert moves(g) == ["pass"]
    g.push_text("pass")
    assert moves(g) == ["0,2,1 x0,2,1"]
    g.push_text("0,2,1 x0,2,1")
    assert g.repetitions() == 2
    assert g.outcome() is None
    g.push_text("pass")
    g.push_text("0,2,1 x0,2,1")
    assert g.repetitions() == 3
    outcome = g.outcome()
    assert outcome.reason == "repetition"
    assert outcome.termination is Termination.REPETITION
    assert outcome.winner is None
    assert describe_result(g) == "the same position came a third time: a draw"
    assert g.legal_moves() == []
    g.pop()
    assert g.outcome() is None
    assert g.repetitions() == 2


def test_repetition_option_sets_the_count():
    g = board(LOOP, "black", "alternate", "1-2")
    g = Pyraos.from_setup(PyraosOptions("alternate", "1-2", 5), "black", g.pieces())
    plies = 0
    while not g.is_over():
        g.push(g.legal_moves()[0])
        plies += 1
    assert plies == 8  # the fifth occurrence, two plies a round
    assert describe_result(g) == "the same position came a fifth time: a draw"


def test_perft_at_depth_1000_counts_to_the_end():
    # Each line ends within a few plies; a longer depth counts nothing and does not recurse.

    cases = [
        (board(P6, "black"), [1, 1, 0]),  # the top at once
        (board(P6, "white", "alternate"), [1, 1, 1, 0]),  # pass, then the top
        (board(LOOP, "black", "alternate", "1-2"), [1, 1, 1, 1, 1, 0]),  # the draw on ply 4
    ]
    for g, counts in cases:
        before = g._state()
        assert [perft(g, d) for d in range(len(counts))] == counts
        assert [count_paths(g, d) for d in range(len(counts))] == counts
        assert perft(g, 1000) == 0
        assert count_paths(g, 1000) == 0
        assert g._state() == before


def test_perft_counts_repetitions_from_the_history():
    g = board(LOOP, "black", "alternate", "1-2")
    g.push_text("pass")
    g.push_text("0,2,1 x0,2,1")  # the start a second time: two plies to the draw
    assert [perft(g, d) for d in range(4)] == [1, 1, 1, 0]


def test_repetition_option_in_files(tmp_path):
    assert Pyraos.parse_options({}) == PyraosOptions("standard", "0-2", 3)
    assert Pyraos.parse_options({"repetition": 4}).repetition == 4
    assert PyraosOptions().to_json() == {"variant": "standard", "removal": "0-2", "repetition": 3}
    assert [s.name for s in Pyraos.option_specs] == ["variant", "removal", "repetition"]
    for bad in (2, 6, True, "3", 3.0):
        with pytest.raises(PositionFormatError, match=r"options\.repetition"):
            Pyraos.parse_options({"repetition": bad})
    # A file written before the option (no key) reads with the default.
    text = (
        '{"format": "pyramid-lab/1", "game": "pyraos", "options": {"variant": "alternate", '
        '"removal": "1-2"}, "to_move": "white", "pieces": [], "history": []}'
    )
    assert files.loads(text).game.options == PyraosOptions("alternate", "1-2", 3)
    # A history that repeats the loop's position a third time reads as a drawn game.
    g = board(LOOP, "black", "alternate", "1-2")
    for _ in range(2):
        g.push_text("pass")
        g.push_text("0,2,1 x0,2,1")
    path = tmp_path / "loop.pyr.json"
    files.write(path, g)
    back = files.read(path).game
    assert back.outcome().reason == "repetition"
    assert back.options == g.options


def test_solver_draws_by_repetition_only_on_the_path_that_repeats():
    g = board(LOOP, "black", "alternate", "1-2")
    g.push_text("pass")
    g.push_text("0,2,1 x0,2,1")
    solver = Solver(g, max_depth=6)
    result = solver.solve()
    assert result.value == "draw"
    assert result.plies == 2
    # The draw rests on this game's history: no table entry claims it for the position.
    assert all(value != DRAW for value, _ in solver.proven.values())
    # Without that history the position is no draw within reach: the repetition on the
    # search path is cut, never scored.
    fresh = Solver(board(LOOP, "black", "alternate", "1-2"), max_depth=6).solve()
    assert fresh.value == "unknown"


@pytest.mark.parametrize("removal", ["0-2", "1-2"])
def test_random_play_always_ends(removal):
    rng = random.Random(12)
    for variant in ("standard", "alternate"):
        for _ in range(60):
            g = Pyraos.new(PyraosOptions(variant, removal))
            while not g.is_over():
                assert len(g._raws) < 1000
                g.push_raw(rng.choice(g.raw_moves()))


def test_the_top_placed_says_who_wins():
    # The window's status read "white placed the top" at the end of a game played through:
    # every other game says who wins.
    g = board(P6, "black")
    g.push(g.legal_moves()[0])  # the top
    assert g.outcome() is not None
    assert describe_result(g) == "black wins: placed the top"


def test_an_option_that_does_not_apply_takes_its_default_and_the_book_is_found():
    # Issue 109 item 23: variant=children,removal=1-2 was accepted as options of their own
    # (the children's rules, no removals) and found no book: an option that does not apply
    # under the others (OptionSpec.only_when) is its default, so the position is the
    # children's game, with its book, and says so in its options.
    assert Pyraos.parse_options({"variant": "children", "removal": "1-2"}) == PyraosOptions(
        "children", "0-2", 3
    )
    assert Pyraos.parse_options({"variant": "alternate", "removal": "1-2"}).removal == "1-2"
    import pyramid_lab as pl

    text = "pyraos variant=children,removal=1-2 4/4/4/4|3/3/3|2/2|1 white"
    pos = pl.from_text(text)
    assert pos == pl.new("pyraos", variant="children")
    assert "removal=0-2" in pos.to_text()
    result = pos.solve(max_seconds=30)
    assert (result.value, result.source, result.plies) == ("loss", "book", 36)
