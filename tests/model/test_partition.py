"""Pyramid Partition: the spec's test positions, exhaustive small boards, the literal rule
as an oracle, analysis reports, and random playouts with exact push/pop."""

from __future__ import annotations

import itertools
import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_lab.model.game import (
    IllegalMoveError,
    InvalidMoveError,
    PositionFormatError,
    Termination,
)
from pyramid_lab.model.lattice import CORNERS, Corner, lattice
from pyramid_lab.model.partition import (
    BLUE,
    EMPTY,
    RED,
    Partition,
    PartitionOptions,
    Place,
    holdings_from_scratch,
)
from pyramid_lab.model.search import perft
from tests.conftest import make_partition


def level(n, k):
    lat = lattice(n)
    return [tuple(lat.point(p)) for p in lat.level_ids(k)]


def holders(game):
    return {c: h for c, h in game.holders().items() if h}


# ---- the spec's positions -------------------------------------------------------------


def test_t1():
    g = make_partition(
        2, [(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(1, 1, 0), (0, 0, 1)], to_move="blue", study=False
    )
    assert holders(g) == {"SW": "red", "SE": "red", "NW": "red", "NE": "blue", "AP": "blue"}
    assert g.outcome().winner == "red"
    assert g.outcome().reason == "corners"
    assert g.outcome().termination is Termination.GOAL


def test_t2():
    g = make_partition(2, [(0, 0, 0), (1, 1, 0), (0, 0, 1)], [(1, 0, 0), (0, 1, 0)])
    assert holders(g) == dict.fromkeys(["SW", "SE", "NW", "NE", "AP"], "red")


@pytest.mark.parametrize("n", [2, 3])
def test_t3_lone_apex_ball_holds_nothing(n):
    g = Partition(PartitionOptions(n))
    g.push(Place(lattice(n).point(lattice(n).corner_ids[Corner.AP])))
    assert holders(g) == {}


def test_t4_unanchored_sheet_then_anchor():
    g = make_partition(3, level(3, 1))
    assert holders(g) == {}
    g = make_partition(3, [*level(3, 1), (1, 1, 0)])
    assert holders(g) == {"AP": "red"}


def test_t5_partition_around_an_opponent_corner_ball():
    g = make_partition(3, [(1, 0, 0), (0, 1, 0), (0, 0, 1)], [(0, 0, 0)])
    assert holders(g) == {}
    g = make_partition(3, [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1)], [(0, 0, 0)])
    assert holders(g) == {"SW": "red"}


def t6_colours():
    red = [p for p in level(3, 0) if p != (2, 2, 0)] + [(0, 0, 2)]
    blue = [(2, 2, 0), *level(3, 1)]
    return red, blue


def test_t6_and_swapped():
    red, blue = t6_colours()
    g = make_partition(3, red, blue)
    assert holders(g) == {"SW": "red", "SE": "red", "NW": "red", "NE": "blue", "AP": "blue"}
    assert g.outcome().winner == "red"
    g = make_partition(3, blue, red)
    assert holders(g) == {"SW": "blue", "SE": "blue", "NW": "blue", "NE": "red", "AP": "red"}
    assert g.outcome().winner == "blue"


def test_t7_single_red_corner_ball():
    everything = [tuple(p) for p in lattice(3).points]
    g = make_partition(3, [(0, 0, 0)], [p for p in everything if p != (0, 0, 0)])
    assert holders(g) == dict.fromkeys(["SW", "SE", "NW", "NE", "AP"], "blue")


def test_stacking_legality():
    g = Partition(PartitionOptions(3, "stacking"))
    for text in ["0,0,0", "1,0,0", "0,1,0"]:
        g.push_text(text)
    before = g._state()
    with pytest.raises(IllegalMoveError, match=r"0,0,1 is not supported: 1,1,0 is empty"):
        g.push_text("0,0,1")
    assert g._state() == before
    g.push_text("1,1,0")
    assert g.why_illegal(g.parse_move("0,0,1")) is None
    g.push_text("0,0,1")
    assert g.colour_at((0, 0, 1)) == "red"


def test_floating_every_empty_point_is_legal():
    g = Partition(PartitionOptions(4))
    assert g.legal_move_count() == 30 == len(g.legal_moves())
    g.push_text("1,1,2")  # a floating interior ball
    assert g.legal_move_count() == 29
    assert {str(m) for m in g.legal_moves()} == {
        str(p) for p in lattice(4).points if p != (1, 1, 2)
    }


def test_illegal_moves_explain_and_change_nothing():
    g = Partition(PartitionOptions(3))
    g.push_text("0,0,0")
    before = g._state()
    with pytest.raises(IllegalMoveError, match="already holds a red ball"):
        g.push_text("0,0,0")
    with pytest.raises(IllegalMoveError, match="outside the base-3 pyramid"):
        g.push_text("2,2,1")
    with pytest.raises(InvalidMoveError, match="i,j,k"):
        g.parse_move("top")
    assert g._state() == before


def test_no_move_after_a_win():
    g = make_partition(
        2, [(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(1, 1, 0), (0, 0, 1)], to_move="blue", study=False
    )
    assert g.legal_moves() == []
    assert g.legal_move_count() == 0
    assert perft(g, 1) == 0
    assert perft(g, 3) == 0


# ---- set-up validation ----------------------------------------------------------------


def test_setup_rejects_unreachable_counts():
    with pytest.raises(PositionFormatError, match="red has 2 balls and blue 0") as info:
        make_partition(3, [(0, 0, 0), (1, 0, 0)], study=False)
    assert info.value.key == "pieces"
    make_partition(3, [(0, 0, 0), (1, 0, 0)], study=True)  # a study may


def test_setup_rejects_a_winner_to_move():
    red = [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0), (0, 2, 0)]
    blue = [(1, 1, 0), (2, 1, 0), (1, 2, 0), (2, 2, 0), (0, 0, 1)]
    with pytest.raises(PositionFormatError, match="already holds SW, SE, NW") as info:
        make_partition(3, red, blue, to_move="red", study=False)
    assert info.value.key == "to_move"
    assert info.value.reason == (
        "red already holds SW, SE, NW and so won before blue's last move: with red to move "
        'this position cannot arise (mark the file "study": true to analyse it anyway)'
    )
    assert make_partition(3, red, blue, to_move="red", study=True).outcome().winner == "red"


def test_setup_rejects_unsupported_and_duplicate_and_outside():
    with pytest.raises(PositionFormatError, match=r"0,0,1 is not supported") as info:
        make_partition(3, [(0, 0, 1)], [(0, 0, 0)], to_move="red", version="stacking")
    assert info.value.key == "pieces[0]"
    with pytest.raises(PositionFormatError, match="listed twice"):
        make_partition(3, [(0, 0, 0)], [(0, 0, 0)])
    with pytest.raises(PositionFormatError, match="outside the base-3 pyramid"):
        make_partition(3, [(0, 0, 3)], [(0, 0, 0)])


# ---- exhaustive small boards ----------------------------------------------------------


def full_colourings(n):
    count = lattice(n).count
    for bits in range(1 << count):
        yield [RED if bits >> p & 1 else BLUE for p in range(count)]


def game_from_cells(n, cells):
    pts = lattice(n).points
    pieces = [
        (tuple(pts[p]), "red" if c == RED else "blue") for p, c in enumerate(cells) if c != EMPTY
    ]
    return Partition.from_setup(PartitionOptions(n), "red", pieces, study=True)


@pytest.mark.parametrize(("n", "boards"), [(2, 32), (3, 16384)])
def test_full_pyramids_have_one_holder_per_corner_and_one_winner(n, boards):
    seen = 0
    for cells in full_colourings(n):
        g = game_from_cells(n, cells)
        red, blue = g._holdings
        assert red & blue == 0, cells
        assert red | blue == 0b11111, cells
        assert (red.bit_count() >= 3) != (blue.bit_count() >= 3)
        assert g.outcome().winner == ("red" if red.bit_count() >= 3 else "blue")
        seen += 1
    assert seen == boards


def literal_holdings(n, cells):
    """The rule word for word: some single group G with an anchor on W(c) such that every
    path from c to W(c) meets G (or c is in G)."""
    lat = lattice(n)
    nbrs = lat.neighbour_lists
    groups = []
    seen = set()
    for s, c in enumerate(cells):
        if c == EMPTY or s in seen:
            continue
        comp, todo = {s}, [s]
        while todo:
            p = todo.pop()
            for q in nbrs[p]:
                if cells[q] == c and q not in comp:
                    comp.add(q)
                    todo.append(q)
        seen |= comp
        groups.append((c, comp))
    result = [0, 0]
    for ci, corner in enumerate(CORNERS):
        far, start = corner.far_walls, lat.corner_ids[corner]
        for colour, g in groups:
            if not any(lat.wall_masks[p] & far for p in g):
                continue
            if start in g or not reaches(lat, start, far, g):
                result[colour] |= 1 << ci
    return tuple(result)


def reaches(lat, start, far, wall_of_balls):
    todo, seen = deque([start]), {start}
    while todo:
        p = todo.popleft()
        if lat.wall_masks[p] & far:
            return True
        for q in lat.neighbour_lists[p]:
            if q not in seen and q not in wall_of_balls:
                seen.add(q)
                todo.append(q)
    return False


def test_engine_matches_the_literal_rule_on_every_n2_board():
    for cells in itertools.product((EMPTY, RED, BLUE), repeat=5):
        g = game_from_cells(2, list(cells))
        assert tuple(g._holdings) == literal_holdings(2, cells), cells


@pytest.mark.parametrize("n", [3, 4, 5])
def test_engine_matches_the_literal_rule_on_random_boards(n):
    rng = random.Random(n)
    count = lattice(n).count
    for _ in range(300):
        fill = rng.random()
        cells = [rng.choice((RED, BLUE)) if rng.random() < fill else EMPTY for _ in range(count)]
        g = game_from_cells(n, cells)
        assert tuple(g._holdings) == literal_holdings(n, cells)
        assert tuple(g._holdings) == holdings_from_scratch(lattice(n), cells)


# ---- analysis -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_analysis_reports_a_single_isolating_anchored_group(seed):
    rng = random.Random(seed)
    n = rng.choice([3, 4, 5, 6])
    lat = lattice(n)
    cells = [rng.choice((RED, BLUE)) if rng.random() < 0.7 else EMPTY for _ in range(lat.count)]
    g = game_from_cells(n, cells)
    report = g.analysis()
    assert sum(len(gr) for gr in report.groups) == sum(c != EMPTY for c in cells)
    for corner, info in report.corners.items():
        assert info.holder == g.holder(corner)
        if info.holder is None:
            assert info.group is None
            assert not info.isolated_region
            continue
        far, start = corner.far_walls, lat.corner_ids[corner]
        group = info.group.points
        assert all(cells[p] == ("red", "blue").index(info.holder) for p in group)
        assert info.anchors
        assert all(lat.wall_masks[a] & far for a in info.anchors)
        assert info.group.walls & far
        assert start in group or not reaches(lat, start, far, group)
        region = info.isolated_region
        assert not region & group
        assert not any(lat.wall_masks[p] & far for p in region)
        if start not in group:
            assert start in region
        for p in region:  # cut off: no path from it to W(c) avoids the group
            assert not reaches(lat, p, far, group)


def test_escape_path_is_a_shortest_free_path():
    n = 6
    lat = lattice(n)
    rng = random.Random(7)
    for _ in range(60):
        cells = [rng.choice((RED, BLUE)) if rng.random() < 0.5 else EMPTY for _ in range(lat.count)]
        g = game_from_cells(n, cells)
        for corner in CORNERS:
            for colour in ("red", "blue"):
                path = g.escape_path(corner, colour)
                if g.holder(corner) == colour:
                    assert path is None
                    continue
                assert path is not None
                far = corner.far_walls
                ids = [lat.id_of(*p) for p in path]
                assert ids[0] == lat.corner_ids[corner]
                assert lat.wall_masks[ids[-1]] & far
                assert all(b in lat.neighbour_lists[a] for a, b in itertools.pairwise(ids))
                anchored = {
                    p
                    for gr in g.groups()
                    if gr.colour == colour and gr.walls & far
                    for p in gr.points
                }
                assert not anchored & set(ids)
                assert len(ids) - 1 == bfs_distance(lat, ids[0], far, anchored)


def bfs_distance(lat, start, far, blocked):
    dist = {start: 0}
    todo = deque([start])
    while todo:
        p = todo.popleft()
        if lat.wall_masks[p] & far:
            return dist[p]
        for q in lat.neighbour_lists[p]:
            if q not in dist and q not in blocked:
                dist[q] = dist[p] + 1
                todo.append(q)
    return None


# ---- random playouts ------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 7),
    version=st.sampled_from(["floating", "stacking"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_playouts(n, version, seed):
    rng = random.Random(seed)
    g = Partition(PartitionOptions(n, version))
    lat = g.lattice
    states = [g._state()]
    keys = [g.position_key()]
    while not g.is_over():
        mover = g._turn
        before = list(g._holdings)
        g.push(rng.choice(g.legal_moves()))
        red, blue = g._holdings
        assert red & blue == 0, "two holders of one corner"
        assert (red, blue) == holdings_from_scratch(lat, g._cells)
        assert g._holdings[1 - mover] == before[1 - mover], "a move changed the other side"
        assert g._holdings[mover] & before[mover] == before[mover], "a holding was lost"
        won = g._holdings[mover].bit_count() >= 3
        assert g.is_over() == won or g.legal_move_count() == 0
        if won:
            assert g.outcome().winner == ("red", "blue")[mover]
        states.append(g._state())
        keys.append(g.position_key())
    assert g.outcome().reason == "corners"  # a full pyramid has a winner
    copy = g.copy()
    while g.move_stack:
        states.pop()
        keys.pop()
        g.pop()
        assert g._state() == states[-1]
        assert g.position_key() == keys[-1]
    assert g._state() == Partition(PartitionOptions(n, version))._state()
    assert copy.is_over()
    assert copy.move_stack


# ---- perft ----------------------------------------------------------------------------


def reference_perft(n, version, cells, turn, depth):
    """Independent count: legality and wins from the plain-BFS reference."""
    lat = lattice(n)
    red, blue = holdings_from_scratch(lat, cells)
    if red.bit_count() >= 3 or blue.bit_count() >= 3:
        return 0 if depth else 1
    if depth == 0:
        return 1
    total = 0
    for p in range(lat.count):
        if cells[p] != EMPTY:
            continue
        if version == "stacking" and any(cells[s] == EMPTY for s in lat.support_lists[p]):
            continue
        cells[p] = turn
        total += reference_perft(n, version, cells, 1 - turn, depth - 1)
        cells[p] = EMPTY
    return total


@pytest.mark.parametrize(
    ("n", "version", "depth"),
    [(2, "floating", 5), (2, "stacking", 5), (3, "stacking", 4), (3, "floating", 3)],
)
def test_perft_matches_an_independent_count(n, version, depth):
    g = Partition(PartitionOptions(n, version))
    expected = reference_perft(n, version, [EMPTY] * lattice(n).count, RED, depth)
    assert perft(g, depth) == expected
    assert perft(g, 1) == (n * n if version == "stacking" else lattice(n).count)


# ---- filling at random: the fundamental property, live ------------------------------------


@pytest.mark.parametrize("version", ["floating", "stacking"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
def test_fill_at_random_always_ends_with_exactly_one_winner(n, version):
    start = Partition.new(PartitionOptions(n, version))
    winners = set()
    for seed in range(40):
        full = start.filled_at_random(seed)
        assert len(full.pieces()) == full.lattice.count
        holders = full.holders()
        assert None not in holders.values()  # every corner held, by exactly one player
        counts = {c: sum(1 for h in holders.values() if h == c) for c in ("red", "blue")}
        assert sorted(counts.values()) in ([0, 5], [1, 4], [2, 3])
        outcome = full.outcome()
        assert outcome is not None
        assert counts[outcome.winner] >= 3
        winners.add(outcome.winner)
        reds = sum(1 for _, c in full.pieces() if c == "red")
        assert reds - (full.lattice.count - reds) in (0, 1)  # alternating, red first
    if n >= 3:
        assert winners == {"red", "blue"}  # both players win some fills


def test_fill_at_random_is_repeatable_and_keeps_the_balls_there():
    game = Partition.new(PartitionOptions(5))
    for text in ["0,0,0", "4,4,0", "2,2,2"]:
        game.push(game.parse_move(text))
    one, again, other = (game.filled_at_random(s) for s in (11, 11, 12))
    assert one.pieces() == again.pieces()
    assert one.pieces() != other.pieces()
    assert set(game.pieces()) <= set(one.pieces())
    assert len(game.move_stack) == 3  # the game itself is unchanged
    # blue was to move: blue takes the first empty point of the fill
    assert sum(1 for _, c in one.pieces() if c == "blue") == (one.lattice.count + 0) // 2
