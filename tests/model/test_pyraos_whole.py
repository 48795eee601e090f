"""The whole-game retrograde analysis (model/search/games/pyraos/builder/) on the small
pyramids the model has (bases 2 and 3): every value and distance against a separate
solver (the model's pure-Python rules, push retrograde over the positions reachable from
the empty pyramid), the one-pass check finding a value corrupted on purpose, a build
killed with SIGKILL and resumed, and the kernels' moves against the game's compiled kernel
on base 4 (the build split over a Dask cluster: tests/model/test_split.py, with the other
cluster tests)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections import deque
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from pyramid_lab.model.pyraos import Pyraos, PyraosOptions, _symmetries, generate, geometry
from pyramid_lab.model.search.compiled import lanes
from pyramid_lab.model.search.games.pyraos import builder, kernel, pyramid_arrays
from pyramid_lab.model.search.games.pyraos.builder import (
    moves as whole_moves,
)
from pyramid_lab.model.search.games.pyraos.builder import (
    pushing,
)
from pyramid_lab.model.search.games.pyraos.builder import (
    rounds as whole_rounds,
)
from pyramid_lab.model.search.games.pyraos.builder import (
    steps as whole_steps,
)
from pyramid_lab.model.search.games.pyraos.builder import (
    walk as whole_walk,
)
from pyramid_lab.model.search.games.pyraos.prober import index as whole_index

VERSIONS = [("standard", "0-2"), ("children", "0-2"), ("standard", "1-2"), ("alternate", "0-2")]
# the build's kernels compiled once for the suite (tests/whole_kernels.py)
pytestmark = pytest.mark.usefixtures("whole_kernels")
ROOT = Path(__file__).resolve().parents[2]


Images = list[list[list[int]]]  # per symmetry, per byte of a mask: its 256 values' images


def images_of(perms: list[list[int]]) -> Images:
    """Each symmetry's image of every byte of a mask, made once a pyramid: the reference
    maps a mask a byte at a time (a bit at a time it spent 85 % of its time there)."""
    points = len(perms[0])
    return [
        [
            [sum(1 << perm[8 * at + b] for b in range(8) if value >> b & 1) for value in range(256)]
            for at in range((points + 7) // 8)
        ]
        for perm in (perm + [0] * (-len(perm) % 8) for perm in perms)  # (no mask has those bits)
    ]


def canonical(own: int, opp: int, images: Images) -> tuple[int, int]:
    def image(mask: int, tables: list[list[int]]) -> int:
        found = 0
        for at, table in enumerate(tables):
            found |= table[mask >> 8 * at & 255]
        return found

    return min((image(own, tables), image(opp, tables)) for tables in images)


def reference(base: int, variant: str, removal: str) -> dict[tuple[int, int], int]:
    """Every position reachable from the empty pyramid (canonical) with its byte (0, or 1 +
    plies to the end), by the model's rules and push retrograde with counters."""
    geo = geometry(base)
    images = images_of(_symmetries(base))
    top = 1 << geo.top
    children: dict[tuple[int, int], set[tuple[int, int]]] = {}
    wins_at_once: set[tuple[int, int]] = set()
    todo = [(0, 0)]
    while todo:
        pos = todo.pop()
        if pos in children:
            continue
        own, opp = pos
        reserve = geo.spheres - own.bit_count()
        moves = generate(own, opp, reserve, variant, removal, geo)
        if not moves and variant == "alternate":
            moves = [(-1, -1, 0)]
        kids = set()
        for s, t, removed in moves:
            if t == geo.top:
                wins_at_once.add(pos)
                continue
            mine = own if t < 0 else ((own & ~(1 << s) if s >= 0 else own) | 1 << t) & ~removed
            kids.add(canonical(opp, mine, images))
        assert not (own | opp) & top
        children[pos] = kids
        todo.extend(k for k in kids if k not in children)
    parents: dict[tuple[int, int], list[tuple[int, int]]] = {p: [] for p in children}
    for pos, kids in children.items():
        for kid in kids:
            parents[kid].append(pos)
    value: dict[tuple[int, int], int] = {}
    left = {pos: len(kids) for pos, kids in children.items()}
    queue: deque[tuple[int, int]] = deque()
    for pos in children:  # distance 0 first, then 1: the queue stays in order
        if not children[pos] and pos not in wins_at_once:
            value[pos] = 1
            queue.append(pos)
    for pos in wins_at_once:
        value[pos] = 2
        queue.append(pos)
    while queue:
        pos = queue.popleft()
        v = value[pos]
        for parent in parents[pos]:
            if parent in value:
                continue
            if v % 2 == 1:  # pos lost: its parent wins one ply later
                value[parent] = v + 1
                queue.append(parent)
            else:
                left[parent] -= 1
                if left[parent] == 0:
                    value[parent] = v + 1
                    queue.append(parent)
    return {pos: value.get(pos, 0) for pos in children}


@pytest.fixture(scope="module")
def tables(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[tuple[int, str, str], builder.WholeTable]:
    root = tmp_path_factory.mktemp("whole")
    built = {}
    for base in (2, 3):
        for variant, removal in VERSIONS:
            folder = root / f"{base}-{variant}-{removal}"
            built[base, variant, removal] = builder.build(
                builder.create(folder, base, variant, removal)
            )
    return built


@pytest.mark.parametrize(("variant", "removal"), VERSIONS)
def test_push_and_rounds_give_the_same_table(tables, variant, removal, tmp_path):
    # The build's two methods (push retrograde with counters, the default; rounds that
    # re-read children, the Dask split's) agree on every byte of every position of base 3,
    # copies included, and on the distances' counts in the header.
    pushed = tables[3, variant, removal]
    rounds = builder.build(
        builder.create(tmp_path / "rounds", 3, variant, removal), method="rounds"
    )
    for a, b in zip(pushed.values, rounds.values, strict=True):
        assert np.array_equal(a, b)
    assert pushed.head["decided"] == rounds.head["decided"]
    assert pushed.head["round"] == rounds.head["round"]
    assert pushed.finished
    assert rounds.finished


@pytest.mark.parametrize(("variant", "removal"), VERSIONS)
def test_push_on_several_threads_gives_the_same_table(
    tables, variant, removal, monkeypatch, tmp_path
):
    # A lane's chunk cut small (97 positions), so that several lanes (threads) push to the
    # same predecessors at once (the base-3 layers are one chunk each otherwise), four of
    # them whatever this machine's cores: the counters taken from at once still give every
    # byte, and every chunk is taken once.
    monkeypatch.setattr(whole_steps, "PUSH_CHUNK", 97)
    ran: list[int] = []

    def four(chunks: int) -> int:
        ran.append(min(4, chunks))
        return ran[-1]

    monkeypatch.setattr(lanes, "lanes_for", four)
    threaded = builder.build(builder.create(tmp_path / "t", 3, variant, removal))
    assert ran.count(4) > 20
    for a, b in zip(threaded.values, tables[3, variant, removal].values, strict=True):
        assert np.array_equal(a, b)
    # the bytes counted on numba's threads (a layer of more than one share), as numpy counts
    for layer in threaded.values:
        for byte in (0, 1, 2, int(layer.max())):
            assert builder.count_byte(layer, byte) == np.count_nonzero(layer == byte)


def test_the_next_position_holding_a_byte_is_found_eight_at_a_time_as_one_at_a_time() -> None:
    # a push step skips its layer 8 bytes at a time where none is the frontier's byte
    # (a test on the word without carries between bytes): every start, end and byte, over
    # bytes that differ from it by one bit (the carries' case) and by the high bit
    rng = np.random.default_rng(7)
    for trial in range(300):
        byte = int(rng.integers(0, 256))
        near = [byte ^ (1 << b) for b in range(8)] + [byte, 0, 255, 0x80, 0x7F]
        layer = rng.choice(np.array(near, dtype=np.uint8), size=int(rng.integers(1, 90)))
        if trial % 3 == 0:
            layer[layer == byte] = byte ^ 1  # none holds it
        for i in range(layer.shape[0] + 1):
            end = int(rng.integers(i, layer.shape[0] + 1))
            at = np.flatnonzero(layer[i:end] == byte)
            want = i + int(at[0]) if at.size else end
            assert pushing.next_holding(layer, i, end, byte) == want


def test_the_keys_are_made_distinct_in_order_short_or_long() -> None:
    # a position's children and predecessors made distinct and sorted: up to 128 keys by
    # insertion, more (rare: base 4's most children are 252) by whole_moves.heap_sort;
    # repeated keys and not, lengths from 0 to 300, the keys past the length untouched
    rng = np.random.default_rng(11)
    for m in [*range(12), 127, 128, 129, 130, 200, 255, 256, 257, 300]:
        for spread in (3, 1 << 50):
            keys = rng.integers(0, spread, size=m + 4, dtype=np.int64)
            want = np.unique(keys[:m])
            rest = keys[m:].copy()
            assert whole_moves.distinct(keys, m) == len(want)
            assert keys[: len(want)].tolist() == want.tolist()
            assert keys[m:].tolist() == rest.tolist()


@pytest.fixture(scope="module")
def read_of_base_3(tables) -> list[tuple[int, int, int, int]]:
    """(layer, index, own, opp) of every position of base 3 that is read (no copy), listed
    once for the module: the index is the pyramid's, the same in every version's table."""
    table = tables[3, "standard", "0-2"]
    ix = table.index
    out = []
    for n in range(ix.layers):
        for i in range(ix.sizes[n]):
            own, opp = whole_walk.unrank(n, i, ix.shapes[n], ix.shape_points[n], ix.arrays)
            if whole_index.locate(own, opp, table.geo, ix.arrays) == (n, i):
                out.append((n, i, int(own), int(opp)))
    return out


@pytest.mark.parametrize(("variant", "removal"), VERSIONS)
def test_the_un_moves_find_exactly_the_parents(tables, read_of_base_3, variant, removal):
    # Push retrograde's predecessors (un-moves: un-place, un-raise, removed spheres put
    # back, the pass) are exactly the positions whose moves reach the position, canonical,
    # each once: on every position of base 3, against the children inverted.
    table = tables[3, variant, removal]
    ix = table.index
    codes = table.codes
    moves = np.zeros(kernel.MAX_MOVES, dtype=np.int64)
    keys = np.zeros(whole_moves.MAX_PREDECESSORS, dtype=np.int64)
    parents: dict[int, set[int]] = {}
    found: dict[int, list[int]] = {}
    for n, i, own, opp in read_of_base_3:
        key = n << whole_moves.KEY_SHIFT | i
        m = whole_moves.children_keys(own, opp, *codes, moves, keys, table.geo, ix.arrays)
        for child in keys[:m]:
            if child < 0:  # the top placed: the only child outside the table
                assert kernel.can_place_top_in(own, opp, table.geo)
                continue
            parents.setdefault(int(child), set()).add(key)
        m = whole_moves.predecessor_keys(own, opp, *codes, moves, keys, table.geo, ix.arrays)
        found[key] = [int(k) for k in keys[:m]]
    assert len(found) > 5000
    for key, preds in found.items():
        assert len(preds) == len(set(preds))
        assert set(preds) == parents.get(key, set()), key
    assert sum(len(p) for p in found.values()) > 20000


@pytest.fixture(scope="module")
def spread_over_base_4() -> list[tuple[int, int]]:
    """(own, opp) of positions of base 4 spread over its layers (each layer's first 8
    shapes and 8 shapes drawn, 6 colourings drawn of each), listed once for the module."""
    ix4 = builder.index(4)
    rng = np.random.default_rng(7)
    boards = []
    for n in range(1, ix4.layers):
        shapes = list(range(min(8, len(ix4.shapes[n])))) + list(
            rng.integers(0, len(ix4.shapes[n]), 8)
        )
        for shape in shapes:
            for c in rng.integers(0, ix4.arrays.ncol[n], 6):
                i = int(shape) * int(ix4.arrays.ncol[n]) + int(c)
                own, opp = whole_walk.unrank(n, i, ix4.shapes[n], ix4.shape_points[n], ix4.arrays)
                boards.append((int(own), int(opp)))
    return boards


@pytest.mark.parametrize(("variant", "removal"), VERSIONS)
def test_the_children_counted_without_their_keys_are_as_many(
    tables, read_of_base_3, spread_over_base_4, variant, removal
):
    # The counting pass counts a position's distinct canonical children without locating
    # them (children_count: each child's least image under the symmetries that keep the
    # next mover's spheres): as many as children_keys finds, on every position of base 3
    # and on positions of base 4 spread over its layers, those of a symmetric shape among
    # them (where two children are one position).
    codes = pyramid_arrays.variant_codes(variant, removal)
    moves = np.zeros(kernel.MAX_MOVES, dtype=np.int64)
    keys = np.zeros(kernel.MAX_MOVES, dtype=np.int64)
    merged = compared = 0
    table3 = tables[3, variant, removal]
    ix4 = builder.index(4)
    geo4 = builder.geometry_arrays(4)
    boards = [(own, opp, table3) for _, _, own, opp in read_of_base_3]
    boards += [(own, opp, None) for own, opp in spread_over_base_4]
    for own, opp, table in boards:
        geo, arrays = (table.geo, table.index.arrays) if table else (geo4, ix4.arrays)
        if kernel.can_place_top_in(own, opp, geo):
            continue  # decided by the rules: not counted
        expected = whole_moves.children_keys(own, opp, *codes, moves, keys, geo, arrays)
        m = kernel.moves_or_pass_in(own, opp, *codes, moves, 0, geo)
        raw = len({int(kernel.play(own, int(move))) for move in moves[:m]})
        assert whole_moves.children_count(own, opp, *codes, moves, keys, geo) == expected
        merged += raw > expected
        compared += 1
    assert compared > 10000
    assert merged > 50  # children that are one position under a symmetry: merged


@pytest.mark.parametrize("base", [2, 3])
@pytest.mark.parametrize(("variant", "removal"), VERSIONS)
def test_every_value_and_distance_matches_the_reference_solver(tables, base, variant, removal):
    table = tables[base, variant, removal]
    expected = reference(base, variant, removal)
    assert len(expected) > (5 if base == 2 else 5000)
    wrong = [(pos, v, table.probe(*pos)) for pos, v in expected.items() if table.probe(*pos) != v]
    assert wrong == []
    assert table.finished


def test_small_pyramids_results(tables):
    # The empty pyramid's value and length with best play (this program's results on the
    # base-3 game, which the reference solver above confirms).
    assert builder.describe(tables[3, "children", "0-2"].probe(0, 0)) == "a loss in 16 plies"
    assert builder.describe(tables[3, "standard", "0-2"].probe(0, 0)) == "a win in 15 plies"
    # The full base-3 shape (13 spheres) has all 8 symmetries: only the least image of each
    # colouring is a position of its own, every one decided (a board that full always is).
    table = tables[3, "standard", "0-2"]
    won, lost, undecided = whole_walk.table_counts(table, 13)
    assert undecided == 0
    assert table.index.sizes[13] / 8 < won + lost < table.index.sizes[13] / 4


@pytest.mark.parametrize(("variant", "removal"), VERSIONS)
def test_verify_holds_and_names_a_corrupted_value(tables, variant, removal, tmp_path):
    table = tables[3, variant, removal]
    checked, bad = builder.verify(table)
    assert checked == sum(table.index.sizes)
    assert bad == []
    # a copy with one value changed: verify names that position (or one whose value it
    # now contradicts, a parent or a child)
    copy = builder.WholeTable(tmp_path, dict(table.head), [v.copy() for v in table.values])
    n = 9
    i = int(np.flatnonzero(copy.values[n])[17])
    copy.values[n][i] = copy.values[n][i] + 2
    checked, bad = builder.verify(copy)
    assert bad
    assert (n, i) in [(layer, index) for layer, index, _, _ in bad]


def test_a_damaged_layer_file_is_refused(tables, tmp_path):
    table = tables[3, "standard", "0-2"]
    folder = tmp_path / "copy"
    folder.mkdir()
    for path in table.folder.iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    assert builder.WholeTable.open(folder).probe(0, 0) == table.probe(0, 0)
    layer = folder / "layer-09.bin"
    data = bytearray(layer.read_bytes())
    data[5] ^= 4
    layer.write_bytes(bytes(data))
    with pytest.raises(builder.TableError, match=r"layer-09\.bin: damaged"):
        builder.WholeTable.open(folder)
    (folder / "table.json").write_text("{")
    with pytest.raises(builder.TableError, match="not JSON"):
        builder.WholeTable.open(folder)


KILLER = """
import os, signal, sys
from pathlib import Path
from pyramid_lab.model.search.games.pyraos import builder
from pyramid_lab.model.search.games.pyraos.builder import steps as whole_steps
whole_steps.CHECKPOINT_SECONDS = 0.0  # every step written (a build writes every 10 minutes)
table = builder.open_or_create(Path(sys.argv[1]), 3, "standard", "0-2")
seen = []
def progress(entry):
    seen.append(entry)
    if len(seen) == int(sys.argv[2]):
        os.kill(os.getpid(), signal.SIGKILL)
builder.build(table, progress=progress)
"""


def test_a_build_killed_with_sigkill_resumes_to_the_same_table(tables, tmp_path):
    folder = tmp_path / "killed"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for layers in (40, 3):  # killed in round 2, then again 3 layers after resuming
        run = subprocess.run([sys.executable, "-c", KILLER, str(folder), str(layers)], env=env)
        assert run.returncode == -signal.SIGKILL
    table = builder.open_or_create(folder, 3, "standard", "0-2")
    assert not table.finished
    assert table.head["round"] >= 2
    builder.build(table)
    done = tables[3, "standard", "0-2"]
    assert all(np.array_equal(a, b) for a, b in zip(table.values, done.values, strict=True))
    assert builder.WholeTable.open(folder).finished


def test_a_build_by_rounds_stopped_resumes_by_push(tables, tmp_path):
    # Both methods keep the same header: a table stopped in the middle of the rounds (a
    # Dask build) is finished by push retrograde to the same bytes, and the other way.
    done = tables[3, "standard", "0-2"]
    for first, then in (("rounds", "push"), ("push", "rounds")):
        table = builder.create(tmp_path / first, 3, "standard", "0-2")
        asked = []

        def stop(asked: list[int] = asked) -> bool:
            asked.append(1)
            return len(asked) > 45

        with pytest.raises(builder.Stopped):
            builder.build(table, stop=stop, method=first)
        table = builder.open_or_create(tmp_path / first, 3, "standard", "0-2")
        assert not table.finished
        assert table.head["round"] >= 2
        builder.build(table, method=then)
        assert all(np.array_equal(a, b) for a, b in zip(table.values, done.values, strict=True))


@pytest.mark.parametrize("then", ["push", "rounds"])
def test_values_written_beyond_the_headers_round_are_resumed_over(tables, then, tmp_path):
    # A push build killed while a checkpoint's layers were written leaves some layers with
    # values decided several steps beyond the header's round (the older one): both methods
    # resume over them to the finished table (the rounds read no byte beyond their round).
    done = tables[3, "alternate", "0-2"]
    table = builder.create(tmp_path / "t", 3, "alternate", "0-2")
    head_round = 6
    for n, (mine, full) in enumerate(zip(table.values, done.values, strict=True)):
        keep = (full <= head_round) | ((full <= head_round + 5) & (n % 2 == 1))
        mine[:] = np.where(keep, full, 0)
        builder.write_layer(table, n)
    assert any(int(v.max()) > head_round + 1 for v in table.values)
    table.head["round"] = head_round
    table.head["decided"] = list(done.head["decided"][:head_round])
    builder.write_head(table)
    builder.build(builder.open_or_create(tmp_path / "t", 3, "alternate", "0-2"), method=then)
    table = builder.WholeTable.open(tmp_path / "t")
    assert table.finished
    assert all(np.array_equal(a, b) for a, b in zip(table.values, done.values, strict=True))


def test_ctrl_c_in_a_push_step_keeps_the_steps_done(tables, tmp_path):
    # Ctrl+C (KeyboardInterrupt, here from the progress callback) in the middle of a step:
    # the layers are written and the header says the step under way, not the last
    # checkpoint's (none here: 10 minutes apart); the same build resumes to the table.
    folder = tmp_path / "t"
    seen: list[dict] = []

    def progress(entry: dict) -> None:
        seen.append(entry)
        if entry["step"] == "push" and entry["round"] == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        builder.build(builder.create(folder, 3, "standard", "0-2"), progress=progress)
    table = builder.open_or_create(folder, 3, "standard", "0-2")
    assert table.head["round"] == 5
    assert not table.finished
    builder.build(table)
    done = tables[3, "standard", "0-2"]
    assert all(np.array_equal(a, b) for a, b in zip(table.values, done.values, strict=True))


def test_a_second_build_on_one_folder_is_refused(tmp_path):
    import fcntl

    table = builder.create(tmp_path / "t", 2, "standard", "0-2")
    with open(table.folder / builder.LOCK, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with pytest.raises(builder.TableError, match="another build is running on it"):
            builder.build(table)
    assert builder.build(table).finished


def test_another_pyramid_or_rules_in_the_folder_is_refused(tables):
    folder = tables[2, "standard", "0-2"].folder
    with pytest.raises(
        builder.TableError, match=r"base 2, the standard version \(removal 0-2\); not of base 3"
    ):
        builder.open_or_create(folder, 3, "standard", "0-2")


@pytest.mark.parametrize(("variant", "removal"), VERSIONS)
def test_the_kernels_moves_are_the_games_on_base_4(variant, removal):
    rng = random.Random(67)
    geo = builder.geometry_arrays(4)
    codes = pyramid_arrays.variant_codes(variant, removal)
    out = np.zeros(kernel.MAX_MOVES, dtype=np.int64)
    ref = np.zeros(kernel.MAX_MOVES, dtype=np.int64)
    checked = 0
    for _ in range(12):
        game = Pyraos.new(PyraosOptions(variant, removal))
        while game.outcome() is None and checked < 2000:
            white, black = game.masks()
            own, opp = (white, black) if game.to_move == "white" else (black, white)
            m = kernel.moves_or_pass_in(own, opp, *codes, out, 0, geo)
            r = kernel.moves_or_pass(own, opp, *codes, ref, 0)
            assert sorted(out[:m]) == sorted(ref[:r])
            assert kernel.can_place_top_in(own, opp, geo) == kernel.can_place_top(own, opp)
            checked += 1
            game.push_raw(rng.choice(game.raw_moves()))
    assert checked > 300


@pytest.mark.parametrize(("variant", "removal"), VERSIONS)
def test_the_un_moves_are_the_moves_inverted_on_base_4(variant, removal):
    # The standard pyramid has squares on three levels and its top on a square of its
    # own: on the positions of random base-4 games, every child has the position among its
    # predecessors, and every predecessor has it among its children.
    rng = random.Random(67)
    ix = builder.index(4)
    geo = builder.geometry_arrays(4)
    codes = pyramid_arrays.variant_codes(variant, removal)
    moves = np.zeros(kernel.MAX_MOVES, dtype=np.int64)
    keys = np.zeros(whole_moves.MAX_PREDECESSORS, dtype=np.int64)
    found = np.zeros(whole_moves.MAX_PREDECESSORS, dtype=np.int64)

    def board(key: int) -> tuple[int, int]:
        n, i = key >> whole_moves.KEY_SHIFT, key & ((1 << whole_moves.KEY_SHIFT) - 1)
        own, opp = whole_walk.unrank(n, i, ix.shapes[n], ix.shape_points[n], ix.arrays)
        return int(own), int(opp)

    def keys_of(kind: Callable[..., int], key: int) -> set[int]:
        m = kind(*board(key), *codes, moves, found, geo, ix.arrays)
        return {int(k) for k in found[:m]}

    edges = 0
    for _ in range(6):
        game = Pyraos.new(PyraosOptions(variant, removal))
        while game.outcome() is None:
            white, black = game.masks()
            n, i = whole_index.locate(
                *((white, black) if game.to_move == "white" else (black, white)), geo, ix.arrays
            )
            me = n << whole_moves.KEY_SHIFT | i
            m = whole_moves.children_keys(*board(me), *codes, moves, keys, geo, ix.arrays)
            for child in (int(k) for k in keys[:m] if k >= 0):  # < 0: the top placed
                assert me in keys_of(whole_moves.predecessor_keys, child)
                edges += 1
            m = whole_moves.predecessor_keys(*board(me), *codes, moves, keys, geo, ix.arrays)
            for parent in [int(k) for k in keys[:m]]:
                assert me in keys_of(whole_moves.children_keys, parent)
                edges += 1
            game.push_raw(rng.choice(game.raw_moves()))
    assert edges > 1000


def test_a_whole_table_gives_the_book_its_values_at_once(monkeypatch, tmp_path):
    # The book asks a finished whole-game table of the position's rules first (here one
    # that says every position is a win in 3 for the side to move, but the empty pyramid
    # a draw): the table holds every position, so its draw is a draw (issue 89 item 2).
    import pyramid_lab.model.search.games.pyraos.book as pyraos_book
    from pyramid_lab.model.search.games.pyraos.book import BOOK

    class Table:
        def probe(self, own: int, opp: int) -> int:
            return 0 if own | opp == 0 else 4

    monkeypatch.setattr(pyraos_book, "whole_table", lambda game: Table())
    children = PyraosOptions("children", "0-2")
    game = Pyraos.new(children)
    game.push(game.legal_moves()[0])
    known = BOOK.perfect_value(game)
    assert (known.value, known.plies, known.exact, known.source) == ("win", 3, True, "table")
    moves = BOOK.perfect_moves(game)
    assert len(moves) == len(game.legal_moves())
    assert {(m.value, m.plies, m.source) for m in moves} == {("loss", 4, "table")}
    empty = Pyraos.new(children)  # a draw in the table: a draw, said by the table
    drawn = BOOK.perfect_value(empty)
    assert (drawn.value, drawn.source) == ("draw", "table")
    # without a table (none built in this cache), the book alone
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert pyraos_book.whole_table(game) is None
    assert BOOK.perfect_value(empty).source == "book"


def test_the_books_table_is_opened_again_when_its_header_is_written_again(monkeypatch, tmp_path):
    # The book keeps the table it opened while its header stays the same file: written
    # again (atomically, a new file renamed over it) within the same clock tick, it is
    # opened again (the key was the time alone)
    import pyramid_lab.model.search.games.pyraos.book as pyraos_book
    from pyramid_lab.model.search.games.pyraos.endgame import whole_folder

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    game = Pyraos.new(PyraosOptions())
    folder = whole_folder(game.options)
    folder.mkdir(parents=True)
    header = folder / "table.json"
    header.write_text("{}")
    opened = []

    class Finished:
        finished = True

    def open_mapped(path):
        opened.append(path)
        return Finished()

    monkeypatch.setattr(builder.WholeTable, "open_mapped", open_mapped)
    first = pyraos_book.whole_table(game)
    assert isinstance(first, Finished)
    assert pyraos_book.whole_table(game) is first  # kept: not opened again
    assert len(opened) == 1
    when = header.stat().st_mtime_ns
    fresh = folder / "table.json.new"
    fresh.write_text("[]")  # the same size too: only the inode tells
    os.utime(fresh, ns=(when, when))  # the same time to the nanosecond
    fresh.replace(header)
    again = pyraos_book.whole_table(game)
    assert len(opened) == 2
    assert again is not first


def test_the_warm_up_compiles_the_readers_kernel_for_the_games_pyramid():
    # model/search/compiled/warm.py's endgame part: the book's reader of a finished table
    # (WholeTable.probe) is compiled for the base-4 pyramid's 30 layers (the same signature
    # as every pyramid's: the layers cross as their addresses), so that the Analysis dock's
    # first answer from a table does not wait for a compile.
    import numba

    builder.warm_up()
    values = whole_index.layers_of([np.zeros(1, dtype=np.uint8) for _ in range(30)])
    args = (0, 0, builder.geometry_args(4), builder.index(3).args, values)  # as a probe passes them
    assert tuple(numba.typeof(a) for a in args) in [
        tuple(s) for s in whole_index.value_of.signatures
    ]


def test_every_pyramid_crosses_into_the_kernels_as_one_signature(tmp_path):
    # a table's layers cross into a kernel as their addresses (whole_index.layers_of), not as
    # a tuple of as many arrays as the pyramid has layers (a signature each, compiled again):
    # bases 2, 3 and 4 run the code compiled once (tests/whole_kernels.py compiles base 3's)
    import numba

    views, probes = set(), set()
    for base in (2, 3, 4):
        ix = builder.index(base)
        values = [np.zeros(size, dtype=np.uint8) for size in ix.sizes]  # zero pages, untouched
        rules = {"base": base, "variant": "standard", "removal": "0-2"}
        table = builder.WholeTable(tmp_path, rules, values)
        views.add(numba.typeof(whole_walk.view_of(table, ix.layers - 1)))
        probes.add(numba.typeof((table.geo_args, table.index.args, table.layers)))
    assert (len(views), len(probes)) == (1, 1)
    read_only = np.zeros(4, dtype=np.uint8)
    read_only.flags.writeable = False
    for refused in (np.zeros(4, dtype=np.uint8)[::2], read_only, np.zeros(4, dtype=np.int64)):
        with pytest.raises(ValueError, match="writable C-contiguous bytes"):
            whole_index.layers_of([np.zeros(1, dtype=np.uint8), refused])


@pytest.mark.parametrize("base", [2, 3])
def test_the_shapes_are_every_support_closed_set_once(base):
    """all_shapes (numpy over the shapes a level at a time) against the definition: every
    set of the pyramid's points but the top whose points each stand on their support."""
    geo = geometry(base)
    below_top = [p for p in range(geo.points) if geo.level[p] < base - 1]
    closed = [
        mask
        for mask in range(1 << len(below_top))
        if all(geo.support[p] & mask == geo.support[p] for p in below_top if mask >> p & 1)
    ]
    shapes = builder.all_shapes(geo)
    assert len(shapes) == len(set(shapes))
    assert sorted(shapes) == closed
    if base == 3:  # (after base 3 holds: a grower gone wrong could fill the memory at 4)
        assert len(builder.all_shapes(geometry(4))) == 141_119  # docs/engines.md's count


def test_the_sample_is_every_position_once_up_to_symmetry():
    # The table against the forward solver samples positions as the table indexes them:
    # a layer's copies under its shapes' own symmetries are never drawn, and a layer with
    # fewer positions than asked gives each of them once.
    from pyramid_lab.model.search.games.pyraos.builder import agreement

    table = builder.WholeTable.__new__(builder.WholeTable)
    table.index, table.geo = builder.index(4), builder.geometry_arrays(4)
    ix = table.index
    for n in (1, 2, 3):
        every = agreement.sample(table, n, 10_000, random.Random(n))
        keys = {int(kernel.canonical(own, opp)) for _, own, opp in every}
        distinct = {
            int(
                kernel.canonical(
                    *whole_walk.unrank(n, i, ix.shapes[n], ix.shape_points[n], ix.arrays)
                )
            )
            for i in range(ix.sizes[n])
        }
        assert len(every) == len(keys) == len(distinct)
        assert keys == distinct
        assert n == 1 or len(distinct) < ix.sizes[n]  # copies left out
    some = agreement.sample(table, 20, 50, random.Random(5))
    assert len({i for i, _, _ in some}) == 50
    for i, own, opp in some:
        assert tuple(whole_index.locate(own, opp, table.geo, ix.arrays)) == (20, i)


def test_the_judge_of_the_table_against_the_solver():
    from pyramid_lab.model.search.games.pyraos.builder.agreement import (
        AGREE,
        DISAGREE,
        UNSETTLED,
        judge,
    )

    win_in_5, loss_in_4 = 6, 5  # 1 + plies: odd plies a win for the side to move
    assert judge(win_in_5, "win", 5, True) == AGREE
    assert judge(win_in_5, "win", 7, False) == AGREE  # a bound above the table's length
    assert judge(win_in_5, "win", 7, True) == DISAGREE  # another exact length
    assert judge(win_in_5, "win", 3, False) == DISAGREE  # a win shorter than the shortest
    assert judge(win_in_5, "loss", 4, True) == DISAGREE
    assert judge(loss_in_4, "loss", None, False) == AGREE
    assert judge(0, "win", 9, True) == DISAGREE  # a draw in the table
    assert judge(0, "unknown", None, True) == UNSETTLED
    assert judge(loss_in_4, "unknown", None, True) == UNSETTLED


def test_a_table_against_the_compiled_solver_agrees_and_a_wrong_value_is_named():
    # A stand-in for a base-4 table (no base-4 table is built in a test): its values are
    # the pure-Python reference solver's, on positions of 27 and 28 spheres; the compiled
    # forward solver agrees on each, and a value flipped on purpose is named.
    from pyramid_lab.model.search import solver as reference
    from pyramid_lab.model.search.games.pyraos.book import adapter
    from pyramid_lab.model.search.games.pyraos.builder import agreement
    from pyramid_lab.model.search.kernels import solver_maker

    class Table:
        base, variant, removal = 4, "standard", "0-2"
        index, geo = builder.index(4), builder.geometry_arrays(4)
        lie: tuple[int, int] | None = None

        def __init__(self) -> None:
            self.asked: list[tuple[int, int]] = []

        def probe(self, own: int, opp: int) -> int:
            self.asked.append((own, opp))
            game = agreement.game_of(own, opp, self.variant, self.removal)
            result = reference.Solver(game, max_depth=12).solve()
            assert result.value in ("win", "loss")
            assert result.plies is not None
            byte = 1 + result.plies
            return byte + 1 if (own, opp) == self.lie else byte  # a win <-> a loss

    make = solver_maker(adapter)
    table = Table()
    for n in (28, 27):
        row = agreement.compare_layer(
            table, n, 4, 10.0, random.Random(n), lambda game: make(game, table_mb=16)
        )
        assert (row.sampled, row.agree, row.disagree, row.unsettled) == (4, 4, 0, 0)
    table.lie = table.asked[-1]
    row = agreement.compare_layer(
        table, 27, 4, 10.0, random.Random(27), lambda game: make(game, table_mb=16)
    )
    assert (row.agree, row.disagree) == (3, 1)
    assert [(own, opp) for own, opp, _, _ in row.wrong] == [table.lie]


def test_the_books_opening_is_made_from_a_table_as_shipped(tmp_path):
    # `pyramid-lab endgame book` on a stand-in for the standard table (no base-4 table is
    # built in a test): its layers up to 3 spheres and its value of any position are the
    # shipped opening's; the opening made from it has the shipped file's keys and bytes of
    # those layers, copies left out, and the shipped line with its positions' children.
    from pyramid_lab.model.search.games.pyraos.builder import opening as opening_build
    from pyramid_lab.model.search.games.pyraos.prober import opening

    shipped = opening.shipped("standard", "0-2")
    assert shipped is not None
    # its keys and bytes in memory, read once: the stand-in asks for 2,700 bytes, which the
    # file would decompress a block (of 8,192 keys) at a time, again and again
    known = opening.Opening("standard", "0-2", shipped.spheres, shipped.keys, shipped.values)
    ix, geo = builder.index(4), builder.geometry_arrays(4)

    class Table:
        base, variant, removal, finished = 4, "standard", "0-2", True
        folder = tmp_path
        index = ix

        def __init__(self) -> None:
            self.geo = geo
            self.geo_args = builder.geometry_args(4)  # as it crosses into a kernel
            self.values = []
            for n in range(4):
                layer = np.zeros(ix.sizes[n], dtype=np.uint8)
                for i in range(ix.sizes[n]):
                    own, opp = whole_walk.unrank(n, i, ix.shapes[n], ix.shape_points[n], ix.arrays)
                    if tuple(whole_index.locate(own, opp, geo, ix.arrays)) == (n, i):  # not a copy
                        layer[i] = known.byte(int(own), int(opp))
                self.values.append(layer)

        def probe(self, own: int, opp: int) -> int:
            return known.byte(own, opp) or 0

    table = Table()
    made = opening_build.build(table, 3)
    assert made.head["line"] == shipped.head["line"]
    assert made.head["empty"] == 41
    mask = (1 << 30) - 1  # a key is the mover's 30 bits above the other side's
    few = np.bitwise_count(shipped.keys >> 30 | shipped.keys & mask) <= 3
    mine = np.bitwise_count(made.keys >> 30 | made.keys & mask) <= 3
    assert made.keys[mine].tolist() == shipped.keys[few].tolist()
    assert made.values[mine].tolist() == shipped.values[few].tolist()
    assert set(made.keys[~mine].tolist()) <= set(shipped.keys.tolist())  # the line's
    assert len(made.keys[~mine]) > 300  # 40 plies, each position's children
    path = tmp_path / "opening.bin"
    opening.write(made, path)
    back = opening.read(path)
    assert opening_build.check(back, table) == 0
    table.probe = lambda own, opp: 1  # type: ignore[method-assign]  # a table that differs
    assert opening_build.check(back, table) == int(np.count_nonzero(back.values != 1))


@pytest.mark.parametrize("name", ["seed_range", "push_range", "round_range", "verify_range"])
def test_a_range_kernel_is_compiled_once_serial_and_lets_pythons_lock_go(name: str) -> None:
    # the whole table's kernels run as lanes on several threads (compiled.lanes): one
    # compile each, serial (numba's parallel loops took three to four times as long to
    # compile, and a parallel kernel and a serial twin of one function shared one entry of
    # numba's cache, the one saved last loaded for both), and without Python's lock, or the
    # lanes would take turns
    home = pushing if name in ("seed_range", "push_range") else whole_rounds
    compiled = getattr(home, name)
    assert not compiled.targetoptions.get("parallel")
    assert compiled.targetoptions.get("nogil")
    assert not hasattr(home, f"{name}_serial")
