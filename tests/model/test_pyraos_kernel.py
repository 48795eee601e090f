"""The compiled Pyraos kernel against the Python model: the spec's move counts, move lists
and perft on random positions of every version, and the symmetry key."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pyramid_lab.model.pyraos import (
    POINTS,
    SPHERES,
    SUPPORT,
    TOP,
    Pyraos,
    PyraosOptions,
    generate,
    perft_masks,
)
from pyramid_lab.model.search.compiled import core
from pyramid_lab.model.search.games.pyraos import kernel
from pyramid_lab.model.search.games.pyraos.adapters import PyraosAdapter
from pyramid_lab.model.search.games.pyraos.plugin import search_key
from tests.model.test_pyraos import P2, P3, P4, P5, P6, P7A, P7B, P7C, P7D, board

OPTIONS = [
    ("standard", "0-2"),
    ("standard", "1-2"),
    ("children", "0-2"),
    ("alternate", "0-2"),
    ("alternate", "1-2"),
]


def mover_masks(game):
    white, black = game.masks()
    return (white, black) if game.to_move == "white" else (black, white)


def model_moves(own, opp, variant, removal):
    moves = generate(own, opp, SPHERES - own.bit_count(), variant, removal)
    if not moves and variant == "alternate":
        moves = [(-1, -1, 0)]
    return sorted(moves)


def random_board(rng):
    """Any support-closed colouring with at most 15 spheres a colour and the top empty (the
    kernel's rules do not need the position to be reachable)."""
    own = opp = 0
    for _ in range(rng.randrange(31)):
        occ = own | opp
        free = [
            p
            for p in range(POINTS)
            if p != TOP and not occ >> p & 1 and SUPPORT[p] & occ == SUPPORT[p]
        ]
        if not free:
            break
        p = rng.choice(free)
        if rng.random() < 0.5 and own.bit_count() < SPHERES:
            own |= 1 << p
        elif opp.bit_count() < SPHERES:
            opp |= 1 << p
    return own, opp


def compiled_perft(own, opp, depth, variant, removal):
    """The kernel's move sequences of length ``depth`` from the mover's masks, counted by the
    compiled searches' perft (:func:`core.perft`: no repetition ends a line)."""
    state = np.zeros(core.STATE, dtype=np.int64)
    state[0], state[1] = own, opp
    states = np.zeros((depth + 1, core.STATE), dtype=np.int64)
    moves = np.zeros((depth + 1, kernel.MAX_MOVES), dtype=np.int64)
    context = PyraosAdapter(variant, removal).context()
    return int(core.perft(core.PYRAOS, context, state, depth, states, moves))


def played_positions(rng, variant, removal, count):
    """Positions met in random games of the version (reachable, with removals and lifts)."""
    found = []
    while len(found) < count:
        game = Pyraos.new(PyraosOptions(variant, removal))
        for _ in range(rng.randrange(1, 60)):
            if game.is_over():
                break
            game.push_raw(rng.choice(game.raw_moves()))
        if not game.is_over():
            found.append(mover_masks(game))
    return found


@pytest.mark.parametrize(
    ("text", "variant", "removal", "count"),
    [
        (P2, "standard", "0-2", 13),
        (P3, "standard", "0-2", 13),
        (P4, "standard", "0-2", 21),
        (P4, "standard", "1-2", 20),
        (P4, "children", "0-2", 11),
        (P5, "standard", "0-2", 131),
        (P6, "standard", "0-2", 1),
        (P7A, "standard", "0-2", 2),
        (P7B, "standard", "0-2", 1),
        (P7C, "standard", "0-2", 5),
        (P7D, "standard", "0-2", 0),
        (P7D, "alternate", "0-2", 1),  # the pass
    ],
)
def test_spec_move_counts(text, variant, removal, count):
    own, opp = mover_masks(board(text, "black", variant, removal))
    assert len(kernel.legal_moves(own, opp, variant, removal)) == count


def test_empty_pyramid():
    assert len(kernel.legal_moves(0, 0, "standard", "0-2")) == 16
    counts = [compiled_perft(0, 0, d, "standard", "0-2") for d in range(5)]
    assert counts == [1, 16, 240, 3360, 43680]


@pytest.mark.parametrize(("variant", "removal"), OPTIONS)
def test_moves_agree_with_the_model_on_random_boards(variant, removal):
    rng = random.Random(f"{variant}{removal}")
    positions = [random_board(rng) for _ in range(400)]
    positions += played_positions(rng, variant, removal, 100)
    with_removals = 0
    for own, opp in positions:
        got = sorted(kernel.legal_moves(own, opp, variant, removal))
        assert got == model_moves(own, opp, variant, removal), (own, opp)
        with_removals += any(r for _, _, r in got)
    assert (with_removals > 10) == (variant != "children")  # the sample has removal sets


@pytest.mark.parametrize(("variant", "removal"), OPTIONS)
def test_perft_agrees_with_the_model(variant, removal):
    rng = random.Random(f"perft {variant}{removal}")
    for own, opp in played_positions(rng, variant, removal, 6):
        depth = 3 if (own | opp).bit_count() < 12 else 4  # too short for a third occurrence
        expected = perft_masks(own, opp, depth, variant, removal)
        assert compiled_perft(own, opp, depth, variant, removal) == expected


def test_perft_five_plies_deep_agrees_with_the_model_where_no_repetition_ends_a_line():
    # each side can fill a square and take the sphere back: the position comes back every
    # two plies, so a fifth ply finds it a third time (2,125,790 lines end there, not
    # 2,125,810); a fourth occurrence is past five plies, and the kernel's perft (no
    # repetition ends its lines, as in the compiled searches' perft) counts every line
    own, opp = mover_masks(board("BB../B.../...W/..WW" + "|.../.../...|../..|.", "black"))
    counts = [perft_masks(own, opp, 5, "standard", "0-2", repetition) for repetition in (3, 4)]
    assert counts == [2_125_790, 2_125_810]
    assert compiled_perft(own, opp, 5, "standard", "0-2") == counts[1]


def test_canonical_key_matches_the_model_and_the_symmetries():
    rng = random.Random(5)
    for _ in range(300):
        own, opp = random_board(rng)
        game = Pyraos.from_setup(
            PyraosOptions(),
            "white",
            [(c, "white") for c in _points(own)] + [(c, "black") for c in _points(opp)],
            study=True,
        )
        key = kernel.canonical(own, opp)
        assert key == search_key(game)
        for s in range(8):
            assert kernel.canonical(kernel.transform(own, s), kernel.transform(opp, s)) == key


def test_play_and_encoding():
    move = kernel.encode(3, 20, 1 << 5 | 1 << 7)
    assert kernel.move_source(move) == 3
    assert kernel.move_target(move) == 20
    assert kernel.move_removed(move) == 1 << 5 | 1 << 7
    own = 1 << 3 | 1 << 5 | 1 << 7 | 1 << 9
    assert kernel.play(own, move) == 1 << 9 | 1 << 20
    assert kernel.play(own, kernel.PASS_MOVE) == own
    assert kernel.move_target(kernel.PASS_MOVE) == -1


def test_top_in_one_is_seen():
    own, opp = mover_masks(board(P6, "black"))
    assert kernel.can_place_top(own, opp)
    assert not kernel.can_place_top(opp, own)  # white has no reserve
    assert kernel.legal_moves(own, opp, "standard", "0-2") == [(-1, TOP, 0)]


def _points(mask):
    from pyramid_lab.model.pyraos import LATTICE

    return [tuple(LATTICE.point(p)) for p in range(POINTS) if mask >> p & 1]


def test_a_moves_image_is_legal_on_the_image_board():
    rng = random.Random(9)
    for own, opp in played_positions(rng, "standard", "0-2", 40):
        for s in range(8):
            image = kernel.transform(own, s), kernel.transform(opp, s)
            legal = {kernel.encode(*m) for m in kernel.legal_moves(*image, "standard", "0-2")}
            for m in kernel.legal_moves(own, opp, "standard", "0-2"):
                assert kernel.move_image(kernel.encode(*m), s) in legal
    assert kernel.move_image(kernel.PASS_MOVE, kernel.HALF_TURN) == kernel.PASS_MOVE
