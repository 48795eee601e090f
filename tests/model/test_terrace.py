"""Allmer's Pyramid on the terraced board: the opening, every rule on a hand-built
position, the end conditions in order, both options, files, and random playouts."""

from __future__ import annotations

import json
import random

import pytest

from pyramid_lab.model import files
from pyramid_lab.model.game import IllegalMoveError, InvalidMoveError, PositionFormatError
from pyramid_lab.model.terrace import (
    DIRECTIONS,
    FIELDS,
    LEVEL,
    OSIRIS_LINES,
    STEP,
    VICTORY_FIELDS,
    Kind,
    Terrace,
    TerraceOptions,
    fid,
    field_name,
)
from tests.conftest import terrace_position

QUIET = [(3, 6), (4, 6), (5, 6), (4, 5)]  # g4, g5, g6, f5: out of every test's way


def position(diagram, to_move="white", study=False, pad=True, **options):
    """A terrace position from a diagram (see :func:`tests.conftest.terrace_position`).

    With ``pad`` White gets quiet stones up to four and rule 3 is off unless given, so a
    position of a few stones is a running game (both sides below four stones is a draw).
    """
    extra = []
    if pad:
        options.setdefault("last_stones_lose", False)
        rows = diagram.split()
        taken = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "WB"}
        spare = [rc for rc in QUIET if rc not in taken]
        whites = diagram.count("W")
        extra = [(rc, "white") for rc in spare[: max(0, 4 - whites)]]
    return terrace_position(diagram, to_move, study=study, extra=extra, **options)


def texts(moves):
    return sorted(str(m) for m in moves)


def test_levels_rings_and_victory_fields():
    assert [sum(1 for f in range(FIELDS) if LEVEL[f] == lv) for lv in range(4)] == [24, 16, 8, 1]
    assert LEVEL[fid(3, 3)] == 3
    assert sorted(map(field_name, VICTORY_FIELDS)) == ["c3", "c5", "e3", "e5"]
    assert len(OSIRIS_LINES) == 12
    assert sorted(len(line) for line in OSIRIS_LINES) == [3] * 4 + [5] * 4 + [7] * 4
    for f in range(FIELDS):  # neighbouring fields never differ by more than one level
        for g in STEP[f]:
            assert g < 0 or abs(LEVEL[f] - LEVEL[g]) <= 1


def test_opening_has_17_moves_of_the_listed_kinds():
    g = Terrace.new()
    moves = g.legal_moves()
    assert len(moves) == 17
    runs = [m for m in moves if m.kind is Kind.RUN]
    assert texts(runs) == [
        "a7-a2",
        "a7-a3",
        "a7-a4",
        "a7-a5",
        "a7-a6",
        "g7-g2",
        "g7-g3",
        "g7-g4",
        "g7-g5",
        "g7-g6",
    ]
    assert texts(m for m in moves if m.kind is Kind.JUMP) == [
        "b7^b6",
        "c7^c6",
        "d7^d6",
        "e7^e6",
        "f7^f6",
    ]
    assert texts(m for m in moves if m.kind is Kind.PUSH) == ["b7>a7", "f7>g7"]


def test_run_may_stop_on_each_passed_field():
    g = position("""
        B......
        .......
        .......
        .......
        .......
        .......
        W......""")
    assert texts(g.moves_from(6, 0)) == [
        "a7-a2",
        "a7-a3",
        "a7-a4",
        "a7-a5",
        "a7-a6",
        "a7-b7",
        "a7-c7",
        "a7-d7",
        "a7-e7",
        "a7-f7",
        "a7-g7",
    ]


def test_run_drops_levels_then_smashes():
    g = position("""
        ...B...
        .......
        ...W...
        .......
        .......
        .......
        .......""")
    assert "d3-d2" in texts(g.moves_from(2, 3))  # dropped to level 1, may stop there
    g.push_text("d3xd1")
    assert g.colour_at(0, 3) == "white"
    assert g.colour_at(2, 3) is None
    assert g.last_effect().smashed == ((fid(0, 3), "black"),)
    with pytest.raises(IllegalMoveError):  # a stone on the same level blocks, never smashed
        position(
            """
            ..BW...
            .......
            .......
            .......
            .......
            .......
            .......""",
            to_move="black",
        ).push_text("c1xd1")


def test_run_never_goes_up_and_same_level_blocks():
    g = position("""
        .......
        .W.B...
        .......
        .......
        .......
        .......
        .......""")
    moves = texts(g.moves_from(1, 1))
    assert "b2-c2" in moves
    assert "b2-d2" not in moves  # blocked by black on the same level
    assert not any(m.endswith("c3") for m in moves)  # runs never go up


def test_jump_onto_the_apex():
    g = position("""
        .......
        .......
        ...W...
        .......
        .......
        .......
        .......""")
    g.push_text("d3^d4")
    assert g.colour_at(3, 3) == "white"


def test_push_along_a_ring_side():
    g = position("""
        .......
        ..WB...
        .......
        .......
        .......
        .......
        .......""")
    g.push_text("c2>d2")
    assert (g.colour_at(1, 2), g.colour_at(1, 3), g.colour_at(1, 4)) == (None, "white", "black")
    assert g.last_effect().pushed == (fid(1, 3), fid(1, 4))
    with pytest.raises(IllegalMoveError):  # no chain pushes
        position("""
            .......
            ..WBB..
            .......
            .......
            .......
            .......
            .......""").push_text("c2>d2")


def test_push_drops_a_stone_and_smashes_even_an_own_stone():
    g = position("""
        .......
        ....WBW
        .......
        .......
        .......
        .......
        .......""")
    g.push_text("e2>f2")
    assert g.colour_at(1, 6) == "black"
    assert g.colour_at(1, 5) == "white"
    assert g.last_effect().smashed == ((fid(1, 6), "white"),)


def test_fall_from_a_level_0_corner_and_only_there():
    g = Terrace.new()
    g.push_text("b7>a7")
    assert g.colour_at(6, 0) == "white"
    assert g.colour_at(6, 1) is None
    assert g.stone_count("white") == 6
    assert g.last_effect().fallen == ((fid(6, 0), "white"),)
    assert g.last_effect().pushed == (fid(6, 0), -1)


@pytest.mark.parametrize(
    ("diagram", "move", "removed"),
    [
        ("W.B....\n" + "..W....\n" + ".......\n" * 5, "c2-c1", "b1"),  # level 0
        (".......\n" + ".WB....\n" + "...W...\n" + ".......\n" * 4, "d3-d2", "c2"),  # level 1
        (".......\n" + "....W..\n" + "..WB...\n" + ".......\n" * 4, "e2^e3", "d3"),  # level 2
    ],
)
def test_osiris_on_each_level(diagram, move, removed):
    diagram = diagram.replace("W.B", "WB.") if move == "c2-c1" else diagram
    g = position(diagram)
    g.push_text(move)
    assert [(field_name(f), c) for f, c in g.last_effect().osiris] == [(removed, "black")]
    assert g.colour_at(*_rc(removed)) is None
    assert not g.last_effect().double_osiris


def _rc(name):
    f = fid(int(name[1]) - 1, "abcdefg".index(name[0]))
    return f // 7, f % 7


def test_double_osiris_and_its_undo():
    g = position("""
        WB.B...
        ..W....
        .......
        .......
        .......
        .......
        .......""")
    before = g._state()
    g.push_text("c2-c1")
    effect = g.last_effect()
    assert effect.double_osiris
    assert sorted((field_name(f), c) for f, c in effect.osiris) == [
        ("b1", "black"),
        ("c1", "white"),
    ]
    assert "double Osiris: 2 stones removed" in effect.describe()
    g.pop()
    assert g._state() == before


def test_moving_into_a_sandwich_is_suicide():
    g = position("""
        B.B....
        .W.....
        .......
        .......
        .......
        .......
        .......""")
    g.push_text("b2-b1")
    assert g.colour_at(0, 1) is None
    assert g.last_effect().osiris == ((fid(0, 1), "white"),)


def test_a_push_can_never_bring_a_stone_onto_the_last_victory_field():
    """The spec asks to check both colours after a move because a push could complete the
    opponent's set. On this board it cannot: every push that moves a stone onto a victory
    field starts from another victory field, which the pusher leaves empty."""
    for p in range(FIELDS):
        for d in range(4):
            s = STEP[p][d]
            t = STEP[s][d] if s >= 0 else -1
            if t in VICTORY_FIELDS and LEVEL[p] == LEVEL[s] and LEVEL[t] <= LEVEL[s]:
                assert p in VICTORY_FIELDS, (field_name(p), field_name(s), field_name(t))


def test_victory_fields_win_checked_for_both_colours():
    g = position("""
        .......
        .......
        ..W.W..
        .......
        ..W....
        ....W..
        .......""")
    g.push_text("e6^e5")
    assert g.outcome().winner == "white"
    assert g.outcome().reason == "victory_fields"
    held = position(
        """
        .......
        .......
        ..B.B..
        .......
        ..B.B..
        .......
        WWWW...""",
        to_move="white",
        pad=False,
    )
    assert held.outcome().winner == "black"  # the side not to move holds them
    assert held.legal_moves() == []


def test_both_below_four_stones_is_a_draw():
    g = position(
        """
        BBB....
        .......
        .......
        .......
        .......
        .......
        WW...WW""",
        pad=False,
        last_stones_lose=False,
    )
    g.push_text("b7>a7")  # white's own corner stone falls: 3 against 3
    assert g.outcome().winner is None
    assert g.outcome().reason == "stones"


@pytest.mark.parametrize("last_stones_lose", [True, False])
def test_one_side_below_four_stones(last_stones_lose):
    g = position(
        """
        ...B..B
        .....B.
        ...W..B
        .......
        .......
        .......
        WWW....""",
        pad=False,
        last_stones_lose=last_stones_lose,
    )
    g.push_text("d3xd1")
    assert g.stone_count("black") == 3
    if last_stones_lose:
        assert g.outcome().winner == "white"
        assert g.outcome().reason == "stones"
    else:
        assert g.outcome() is None


def test_no_legal_move_loses():
    g = position(
        """
        BW.....
        W.W....
        W......
        .......
        .......
        .......
        .......""",
        last_stones_lose=False,
    )
    g.push_text("c2-c1")
    assert g.legal_move_count() == 0
    assert g.outcome().winner == "white"
    assert g.outcome().reason == "no_moves"


SHUFFLE = ["a7-a6", "a1-a2", "a6-a7", "a2-a1"]


def test_threefold_repetition_is_a_draw():
    g = Terrace.new()
    for move in SHUFFLE * 2:
        assert g.outcome() is None
        g.push_text(move)
    assert g.repetitions() == 3
    assert g.outcome().reason == "repetition"
    assert g.outcome().winner is None
    g.pop()
    assert g.outcome() is None
    assert g.repetitions() == 2


def test_threefold_repetition_through_a_files_history(tmp_path):
    doc = {
        "format": "pyramid-lab/1",
        "game": "terrace",
        "options": {},
        "to_move": "white",
        "pieces": [[0, c, "black"] for c in range(7)] + [[6, c, "white"] for c in range(7)],
        "history": SHUFFLE * 2,
    }
    path = tmp_path / "draw.pyr.json"
    path.write_text(json.dumps(doc))
    g = files.read(path).game
    assert g.outcome().reason == "repetition"
    doc["history"] = (SHUFFLE * 2)[:-1]
    doc["to_move"] = "black"
    doc["pieces"] = [p for p in doc["pieces"] if p[:2] != [1, 0]]
    path.write_text(
        json.dumps(
            {
                **doc,
                "pieces": [[1, 0, "black"] if p == [0, 0, "black"] else p for p in doc["pieces"]],
            }
        )
    )
    g = files.read(path).game
    assert g.outcome() is None
    g.push_text("a2-a1")
    assert g.outcome().reason == "repetition"


@pytest.mark.parametrize("no_push_back", [False, True])
def test_no_push_back_option(no_push_back):
    g = position(
        """
        .......
        .WB....
        .......
        .......
        .......
        .......
        .......""",
        no_push_back=no_push_back,
    )
    g.push_text("b2>c2")  # black goes to d2, white to c2
    back = "d2>c2" in texts(g.legal_moves())
    assert back is not no_push_back
    if no_push_back:
        with pytest.raises(IllegalMoveError):
            g.push_text("d2>c2")


def test_move_text_and_errors():
    g = Terrace.new()
    for move in g.legal_moves():
        assert str(g.parse_move(str(move))) == str(move)
    g.push_text("b7-a7")  # '-' stands for any kind
    assert str(g.move_stack[-1]) == "b7>a7"
    g.pop()
    with pytest.raises(InvalidMoveError, match="a7-a5 \\(run\\)"):
        g.parse_move("a7 to a5")
    with pytest.raises(IllegalMoveError, match="no stone on d4"):
        g.push_text("d4-d5")
    with pytest.raises(IllegalMoveError, match="black's; white is to move"):
        g.push_text("a1-a2")
    with pytest.raises(IllegalMoveError, match="no diagonals"):
        g.push_text("a7-b6")
    with pytest.raises(IllegalMoveError, match="that is written b7\\^b6"):
        g.push_text("b7>b6")


def test_setup_validation():
    with pytest.raises(PositionFormatError, match="would already have been removed"):
        position("WBW....\n" + ".......\n" * 6)
    position("WBW....\n" + ".......\n" * 6, study=True)
    with pytest.raises(PositionFormatError, match="each player starts with 7"):
        position("WWWWWWW\n" + "W......\n" + ".......\n" * 5, pad=False)
    with pytest.raises(PositionFormatError, match="not a field"):
        Terrace.from_setup(None, "white", [((7, 0), "white")])


def test_files_round_trip(tmp_path):
    g = Terrace.new(TerraceOptions(no_push_back=True))
    rng = random.Random(4)
    for _ in range(20):
        g.push(rng.choice(g.legal_moves()))
    path = tmp_path / "t.pyr.json"
    files.write(path, g)
    back = files.read(path).game
    assert back.position_key() == g.position_key()
    assert back.options == g.options
    assert [str(m) for m in back.move_stack] == [str(m) for m in g.move_stack]


PLY_CAP = 1000  # random play reaches an end long before this; a game past it fails


def test_random_playouts():
    """Hundreds of random games: every game ends (a win, a draw, or no move) before the
    ply cap; stone counts only fall; push/pop restore exactly (checked on every 25th).
    Every rare rule below has happened by the 17th game of this seed
    (tests/model/test_push_pop.py plays every game further)."""
    rng = random.Random(2020)
    kinds = {"own_smash": 0, "self_osiris": 0, "double_osiris": 0, "fall": 0}
    ends = dict.fromkeys(Terrace.endings, 0)
    for game_no in range(400):
        options = TerraceOptions(rng.random() < 0.8, rng.random() < 0.3)
        g = Terrace.new(options)
        check_undo = game_no % 25 == 0
        states = [g._state()] if check_undo else None
        counts = (7, 7)
        while not g.is_over():
            assert len(g.move_stack) < PLY_CAP
            mover = g.to_move
            g.push(rng.choice(g.legal_moves()))
            new = (g.stone_count("white"), g.stone_count("black"))
            assert new[0] <= counts[0], "stones came back"
            assert new[1] <= counts[1], "stones came back"
            counts = new
            e = g.last_effect()
            kinds["own_smash"] += any(c == mover for _, c in e.smashed)
            kinds["self_osiris"] += any(c == mover for _, c in e.osiris)
            kinds["double_osiris"] += e.double_osiris
            kinds["fall"] += bool(e.fallen)
            if check_undo:
                states.append(g._state())
        ends[g.outcome().reason] += 1
        if check_undo:
            while g.move_stack:
                states.pop()
                g.pop()
                assert g._state() == states[-1]
    assert all(kinds.values()), kinds  # the rare rules really happen
    assert ends["stones"]


def test_perft_from_the_opening():
    from pyramid_lab.model.search import perft

    g = Terrace.new()
    assert [perft(g, d) for d in range(4)] == [1, 17, 261, 5408]
    assert DIRECTIONS[0] == (-1, 0)


class FirstMoveOnly(Terrace):
    """Terrace with only the first legal move of each position: one line, to the end."""

    def _generate_for(self, player):
        return super()._generate_for(player)[:1]


def test_perft_at_depth_1000_counts_to_the_end():
    # The generic perft (an explicit stack) serves Terrace; no recursion to run out of.
    from pyramid_lab.model.speed import SearchHooks

    assert Terrace.perft is SearchHooks.perft
    g = FirstMoveOnly.new()
    plies = 0
    while not g.is_over():
        g.push(g.legal_moves()[0])
        plies += 1
    assert plies == 12  # a7-a6 a1-a2 ... until a push shuffle repeats a third time
    assert g.outcome().reason == "repetition"
    line = FirstMoveOnly.new()
    before = line._state()
    assert [line.perft(d) for d in (plies, plies + 1, 1000)] == [1, 0, 0]
    assert line._state() == before
    finished = g.copy()
    assert finished.perft(1000) == 0
    # The table of positions seen stays as small as the line, however often it is walked.
    assert len(line._seen) == 1
