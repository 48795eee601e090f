"""Pyraos endgame tables (model/search/games/pyraos/retro.py): counting, ranking, values
against the solver on parts of the top layers, the file's refusals, the forward search."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

import pyramid_lab.model.search as search
from pyramid_lab.model.pyraos import LATTICE, SUPPORT, TOP, Pyraos, PyraosOptions
from pyramid_lab.model.search.games.pyraos import endgame, retro, retro_prove


def game_of(own: int, opp: int) -> Pyraos:
    point = LATTICE.point
    pieces = [(tuple(point(p)), "white") for p in range(30) if own >> p & 1]
    pieces += [(tuple(point(p)), "black") for p in range(30) if opp >> p & 1]
    return Pyraos.from_setup(None, "white", pieces)


def solver_value(own: int, opp: int) -> int:
    result = search.solve(
        game_of(own, opp), max_seconds=5.0, knowledge=search.knowledge_for("pyraos")
    )
    return {"win": retro.WIN, "loss": retro.LOSS}.get(result.value, retro.UNKNOWN)


def test_layers_are_counted_as_the_rules_allow():
    # Small layers by brute force over the rules' support table (the top excluded).
    for n in range(4):
        sets = [
            c
            for c in combinations([p for p in range(30) if p != TOP], n)
            if all(SUPPORT[p] & sum(1 << q for q in c) == SUPPORT[p] for p in c)
        ]
        assert len(retro.shapes()[n]) == len(sets)
        assert retro.layer_positions(n) == len(sets) * 2**n
    # The full board but the top: one shape, 14 or 15 spheres each.
    assert retro.layer_positions(29) == comb(29, 14) + comb(29, 15)
    assert sum(map(len, retro.shapes())) == 141_119  # 141,120 with the full pyramid
    assert sum(retro.layer_positions(n) for n in range(30)) == 12_352_692_569


def test_ranking_round_trips_on_every_layer():
    rng = random.Random(3)
    tabs = retro.kernel_tables()
    for n in range(30):
        size = retro.layer_positions(n)
        shapes = set(retro.shapes()[n].tolist())
        for index in {0, size - 1, *(rng.randrange(size) for _ in range(40))}:
            own, opp = retro.unrank(n, index, tabs)
            assert own & opp == 0
            assert (own | opp).bit_count() == n
            assert own.bit_count() <= 15
            assert opp.bit_count() <= 15
            assert int(own | opp) in shapes
            assert retro.rank(own, opp, tabs) == index
    # Not a table position: an unsupported sphere, the top.
    assert retro.rank(1 << 16, 0, tabs) == -1
    assert retro.rank(0, 1 << TOP, tabs) == -1


@pytest.fixture
def table(tmp_path: Path) -> retro.EndgameTable:
    return retro.EndgameTable.create(tmp_path / "k28.retro", 28)


def test_top_layers_agree_with_the_solver(table: retro.EndgameTable):
    rng = random.Random(5)
    # Layer 29: a part of it swept (every value there needs no other: the top or no move).
    first = rng.randrange((int(table.sizes[29]) + 3) // 4 - 64)
    assert table.sweep(29, first, first + 64) == 256
    for index in rng.sample(range(4 * first, 4 * first + 256), 6):
        own, opp = retro.unrank(29, index, table.tabs)
        assert table.value(own, opp) == solver_value(own, opp) != retro.UNKNOWN
    # The rest of layer 29 as that sweep leaves it: the mover with 14 spheres (first in the
    # colourings) places the top and wins, with 15 it has no move and loses.
    wins = comb(29, 14) // 4
    table.data[table.offsets[29] : table.offsets[29] + wins] = 0b01010101
    table.data[table.offsets[29] + wins : table.offsets[28]] = 0b10101010
    # Layer 28: one sweep of a part; what it decides the solver confirms.
    decided = 0
    for _ in range(3):
        first = rng.randrange((int(table.sizes[28]) + 3) // 4 - 256)
        decided += table.sweep(28, first, first + 256)
        values = [
            (i, table.value(*retro.unrank(28, i, table.tabs)))
            for i in range(4 * first, 4 * first + 1024)
        ]
        known = [i for i, v in values if v]
        for index in rng.sample(known, min(3, len(known))):
            own, opp = retro.unrank(28, index, table.tabs)
            assert table.value(own, opp) == solver_value(own, opp)
    assert decided > 0


def test_a_damaged_or_foreign_file_is_refused_in_one_line(tmp_path: Path):
    path = tmp_path / "k29.retro"
    table = retro.EndgameTable.create(path, 29)
    with pytest.raises(retro.TableError, match="unfinished"):
        retro.EndgameTable.open(path)
    table.sweep(29, 0, 1000)
    table.write_header(complete=True)
    del table
    opened = retro.EndgameTable.open(path)
    assert opened.low == 29
    assert opened.variant == "standard"
    del opened
    raw = bytearray(path.read_bytes())

    def refused(data: bytes | None, match: str) -> None:
        if data is not None:
            path.write_bytes(data)
        with pytest.raises(retro.TableError, match=match) as info:
            retro.EndgameTable.open(path)
        assert "\n" not in str(info.value)
        assert str(path) in str(info.value)

    damaged = bytearray(raw)
    damaged[retro.HEADER + 10] ^= 0xFF
    refused(bytes(damaged), "damaged: its values do not match the checksum")
    refused(bytes(raw[:-1]), "bytes where a table down to 29 spheres has")
    refused(b"PK\x03\x04" + bytes(raw[4:]), "not a Pyraos endgame table")
    other = bytearray(raw)
    other[8] = 9  # format version
    refused(bytes(other), "of format 9")
    other = bytearray(raw)
    other[12] = 31  # fewest spheres
    refused(bytes(other), "damaged header")
    refused(b"", "not a Pyraos endgame table")
    path.unlink()
    path.mkdir()
    refused(None, "directory")


def test_the_forward_search_agrees_with_and_without_the_table(table: retro.EndgameTable):
    # Without the table it is a plain proof search: its values are the solver's.
    rng = random.Random(11)
    checked = 0
    while checked < 3:
        game = Pyraos.new()
        while game.outcome() is None and sum(m.bit_count() for m in game.masks()) < 25:
            game.push_raw(rng.choice(game.raw_moves()))
        if game.outcome() is not None:
            continue
        white, black = game.masks()
        own, opp = (white, black) if game.to_move == "white" else (black, white)
        value, _, nodes = retro_prove.prove(own, opp, 9, 200_000)
        if value:
            assert (
                value
                == {"win": 1, "loss": -1}[
                    search.solve(game, max_seconds=5, knowledge=search.knowledge_for(game)).value
                ]
            )
            # an empty table changes no value and no node count
            assert retro_prove.prove(own, opp, 9, 200_000, table)[::2] == (value, nodes)
            checked += 1
    assert np.count_nonzero(table.data) == 0


def test_a_table_of_other_rules_is_refused_in_the_words_of_the_whole_tables(tmp_path: Path):
    path = tmp_path / "k29.retro"
    table = retro.EndgameTable.create(path, 29)
    table.sweep(29, 0, 1000)
    table.write_header(complete=True)
    del table
    children = Pyraos.new(PyraosOptions("children"))
    with pytest.raises(endgame.EndgameError) as info:
        endgame.value(children, path)
    assert str(info.value) == (
        f"{path}: a table of the standard version (removal 0-2), "
        "not of this position's children's version (no removals)"
    )


def test_a_table_starts_from_one_with_fewer_layers(tmp_path: Path):
    upper = retro.EndgameTable.create(tmp_path / "k29.retro", 29)
    assert upper.sweep(29, 5000, 5100) == 400
    upper.write_header(complete=True)
    lower = retro.EndgameTable.create(tmp_path / "k28.retro", 28)
    lower.take_from(upper)
    rng = random.Random(2)
    for index in rng.sample(range(20_000, 20_400), 5):
        own, opp = retro.unrank(29, index, lower.tabs)
        assert lower.value(own, opp) == upper.value(own, opp) != retro.UNKNOWN
    with pytest.raises(ValueError, match="below 29"):
        upper.take_from(lower)
