"""The compiled kernels against the Python model (the reference): legal moves, the position
after each move (Partition's corner holdings included), outcomes, perft counts and the
symmetry keys, on random play of every base and version."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pyramid_lab.model.lattice import CORNERS, base_symmetries
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.model.search.compiled import core
from pyramid_lab.model.speed import perft
from pyramid_lab.model.terrace import Terrace, TerraceOptions
from tests.model.handed import adapter_for, search_key


def kernel_child(adapter, game, move: int) -> np.ndarray:
    child = np.zeros(core.STATE, dtype=np.int64)
    core.play(adapter.code, adapter.context(), adapter.state(game), move, child)
    return child


def kernel_perft(game, depth: int) -> int:
    adapter = adapter_for(game)
    states = np.zeros((depth + 1, core.STATE), dtype=np.int64)
    moves = np.zeros((depth + 1, adapter.max_moves), dtype=np.int64)
    return int(
        core.perft(adapter.code, adapter.context(), adapter.state(game), depth, states, moves)
    )


def follow_random_games(game_factory, games: int, seed: str, plies: int = 400) -> int:
    """Play random games on the model and the kernel side by side; the positions met."""
    rng = random.Random(seed)
    met = 0
    for _ in range(games):
        game = game_factory()
        adapter = adapter_for(game)
        for _ in range(plies):
            kernel_moves = adapter.moves(game)
            public = sorted(str(adapter.public(game, m)) for m in kernel_moves)
            assert public == sorted(str(m) for m in game.legal_moves()), game.pieces()
            met += 1
            if game.is_over():
                break
            move = rng.choice(kernel_moves)
            child = kernel_child(adapter, game, move)
            game.push(adapter.public(game, move))
            expected = adapter.state(game)
            reason = game.outcome().reason if game.is_over() else None
            if reason in ("repetition", "no_moves"):
                # the kernel leaves repetition to the search, and a side without a move
                # is a position without moves
                expected[core.STATUS] = core.RUNNING
                if reason == "no_moves":
                    out = np.zeros(adapter.max_moves, dtype=np.int64)
                    assert core.generate(adapter.code, adapter.context(), child, out) == 0
            assert list(child[: core.LAST]) == list(expected[: core.LAST]), game.pieces()
            if game.is_over():
                break
    return met


@pytest.mark.parametrize("version", ["floating", "stacking"])
@pytest.mark.parametrize(("size", "games"), [(2, 40), (3, 40), (4, 25), (5, 10), (6, 4)])
def test_partition_kernel_follows_the_model(size, games, version):
    options = PartitionOptions(size, version)
    met = follow_random_games(lambda: Partition.new(options), games, f"{size}{version}")
    assert met > games * 3


def test_partition_kernel_holds_corners_as_the_spec_says():
    # T5 of the spec (base 3): Red holds SW though Blue sits on the corner
    game = Partition.from_setup(
        PartitionOptions(3),
        "blue",
        [(p, "red") for p in ((1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1))] + [((0, 0, 0), "blue")],
        study=True,
    )
    row = adapter_for(game).state(game)
    assert row[5] == 1 << CORNERS.index(CORNERS[0])  # the other side (red) holds SW
    assert row[4] == 0


@pytest.mark.parametrize("version", ["floating", "stacking"])
def test_partition_perft_from_the_empty_pyramid_and_a_middle_game(version):
    game = Partition.new(PartitionOptions(3, version))
    assert [kernel_perft(game, d) for d in range(4)] == [perft(game, d) for d in range(4)]
    rng = random.Random(version)
    for _ in range(12):
        game.push(rng.choice(game.legal_moves()))
    if not game.is_over():
        assert [kernel_perft(game, d) for d in range(4)] == [perft(game, d) for d in range(4)]


@pytest.mark.parametrize("size", [3, 4, 6])
def test_partition_key_is_one_for_the_eight_images(size):
    rng = random.Random(size)
    perms = base_symmetries(size)
    options = PartitionOptions(size)
    seen: dict[object, int] = {}
    for _ in range(30):
        game = Partition.new(options)
        for _ in range(rng.randrange(game.lattice.count // 2)):
            game.push(rng.choice(game.legal_moves()))
        pieces = game.pieces()
        keys = set()
        for perm in perms:
            lat = game.lattice
            image = [(tuple(lat.point(perm[lat.id_of(*p)])), colour) for p, colour in pieces]
            other = Partition.from_setup(options, game.to_move, image, study=True)
            adapter = adapter_for(other)
            keys.add(core.key(adapter.code, adapter.context(), adapter.state(other)))
        assert len(keys) == 1
        key = keys.pop()
        model_key = search_key(game)
        # the same key exactly for the same position up to symmetry and colours
        assert seen.setdefault(key, hash(model_key)) == hash(model_key)


def test_partition_playout_fills_the_pyramid_and_names_its_winner():
    game = Partition.new(PartitionOptions(4))
    rng_py = random.Random(4)
    for _ in range(8):
        game.push(rng_py.choice(game.legal_moves()))
    adapter = adapter_for(game)
    rng = np.array([12345], dtype=np.int64)
    board = np.zeros(core.BOARD, dtype=np.int64)
    scratch = np.zeros(128, dtype=np.int64)
    for _ in range(20):
        state = adapter.state(game)
        reward = core.playout(adapter.code, adapter.context(), state, rng, board, scratch)
        mine = [p for p in range(game.lattice.count) if board[0] >> p & 1]
        theirs = [p for p in range(game.lattice.count) if board[2] >> p & 1]
        assert len(mine) + len(theirs) == game.lattice.count
        assert len(mine) - len(theirs) in (0, 1)
        full = game.filled([(p, game.to_move) for p in mine if game.cells()[p] < 0])
        full = full.filled([(p, game.other(game.to_move)) for p in theirs if full.cells()[p] < 0])
        winner = full.outcome().winner
        assert reward == (1.0 if winner == game.to_move else 0.0)


@pytest.mark.parametrize(
    ("last_stones_lose", "no_push_back"), [(True, False), (False, False), (True, True)]
)
def test_terrace_kernel_follows_the_model(last_stones_lose, no_push_back):
    options = TerraceOptions(last_stones_lose, no_push_back)
    met = follow_random_games(
        lambda: Terrace.new(options), 12, f"{last_stones_lose}{no_push_back}", plies=150
    )
    assert met > 300


def test_terrace_perft_from_the_opening():
    assert [kernel_perft(Terrace.new(), d) for d in range(4)] == [1, 17, 261, 5408]


def test_terrace_key_is_one_for_the_eight_images():
    rng = random.Random(7)
    game = Terrace.new()
    for _ in range(20):
        game.push(rng.choice(game.legal_moves()))
    keys = set()
    for swap in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):

                def image(r, c, swap=swap, flip_r=flip_r, flip_c=flip_c):
                    a, b = (c, r) if swap else (r, c)
                    return (6 - a if flip_r else a, 6 - b if flip_c else b)

                pieces = [(image(*rc), colour) for rc, colour in game.pieces()]
                other = Terrace.from_setup(game.options, game.to_move, pieces, study=True)
                adapter = adapter_for(other)
                keys.add(core.key(adapter.code, adapter.context(), adapter.state(other)))
    assert len(keys) == 1


@pytest.mark.parametrize(
    ("variant", "removal"), [("standard", "0-2"), ("children", "0-2"), ("alternate", "1-2")]
)
def test_pyraos_state_follows_the_model(variant, removal):
    options = PyraosOptions(variant, removal)
    met = follow_random_games(lambda: Pyraos.new(options), 6, variant + removal, plies=120)
    assert met > 100


def test_pyraos_perft_from_the_empty_pyramid():
    assert [kernel_perft(Pyraos.new(), d) for d in range(4)] == [1, 16, 240, 3360]


def test_the_compiled_sources_are_files():
    # numba's cache is dropped when one of these changes: each must be read (a path left
    # behind by a move would be skipped unseen)
    from pyramid_lab.model.search.compiled import SOURCES

    names = {path.name for path in SOURCES}
    assert {"core.py", "kernel.py", "state.py", "pushing.py", "lattice.py"} <= names
    games = {path.parent.name for path in SOURCES if path.name == "kernel.py"}
    assert games == {"partition", "pyraos", "terrace"}
    assert all(path.is_file() for path in SOURCES), [p for p in SOURCES if not p.is_file()]


def test_every_module_with_numba_functions_is_a_compiled_source():
    # numba keys its cache on each function's own file: a kernel that calls or inlines
    # another module's jitted function keeps its old code when only that module changes,
    # unless the stamp's hash covers that module too (the whole game's kernels, split into
    # five modules, were outside it)
    import re
    from pathlib import Path

    from pyramid_lab import model
    from pyramid_lab.model.search.compiled import SOURCES

    root = Path(model.search.__file__).resolve().parent
    jitted = {
        path.resolve()
        for path in root.rglob("*.py")
        if re.search(r"@njit|\bnjit\(|numba\.jit", path.read_text(encoding="utf-8"))
    }
    assert jitted, "no module with numba functions found: the pattern is out of date"
    outside = jitted - {path.resolve() for path in SOURCES}
    assert not outside, sorted(str(path.relative_to(root)) for path in outside)


def test_every_kernel_is_warmed_up():
    # scripts/setup.sh compiles the core through model.search.compiled.warm: every game's
    # kernel (and Pyraos's whole-game table's reader) among them, from their game's package
    from pyramid_lab.model.search.compiled import warm
    from pyramid_lab.model.search.games.pyraos.prober import table

    for game in ("Partition", "Pyraos", "Terrace"):
        adapter = getattr(warm, f"{game}Adapter")
        assert adapter.__module__ == f"pyramid_lab.model.search.games.{game.lower()}.adapters"
    assert warm.warm_up_whole is table.warm_up


def test_lanes_take_every_chunk_once_and_an_error_waits_for_every_lane(monkeypatch) -> None:
    # run_lanes: the same kernel on several threads, each taking chunks from the counter
    # it is handed (a whole-table build's seed and push steps); an error in one lane is
    # raised once the others have ended, none left running behind it
    import threading
    import time

    import numba

    from pyramid_lab.model.search.compiled import lanes

    assert lanes.lanes_for(1) == 1  # no more lanes than chunks
    assert lanes.lanes_for(10**6) == numba.get_num_threads()  # as numba's loops (the bench)
    monkeypatch.setattr(lanes, "lanes_for", lambda chunks: min(4, chunks))  # any machine

    took: list[int] = []
    threads: set[int] = set()
    lock = threading.Lock()
    chunks = 200

    def lane(tag: str, taken: np.ndarray) -> None:
        assert tag == "handed"
        while True:
            with lock:  # (a compiled lane adds at once: fetch_add_one)
                r = int(taken[0])
                taken[0] += 1
                if r >= chunks:
                    return
                took.append(r)
                threads.add(threading.get_ident())
            time.sleep(0.0005)  # the others take chunks meanwhile

    lanes.run_lanes(lane, "handed", chunks=chunks)
    assert took == list(range(chunks))
    assert len(threads) == 4

    ended: list[str] = []

    def failing(taken: np.ndarray) -> None:
        if threading.current_thread() is threading.main_thread():
            raise ValueError("a lane's fault")
        time.sleep(0.05)
        ended.append("lane")

    with pytest.raises(ValueError, match="a lane's fault"):
        lanes.run_lanes(failing, chunks=3)
    assert ended == ["lane", "lane"]
