"""The whole-game tables' build kernels (model/search/games/pyraos/builder/) compiled once
into numba's cache for the tests, by the first test that builds a table (``ready`` in its
fixture; in a fresh clone the lab's build, the suite's longest file, at once) or by hand
(``python -m tests.whole_kernels``); the others wait for its lock, then load. scripts/test.sh
no longer runs it beside the suite: there it only loaded what that first test had compiled
(issue 111 item 5).

A table's layers cross into a kernel as their addresses (``whole_index.layers_of``), so
every pyramid is one signature: a base-3 build, checked and probed, and one by rounds
compile every kernel a test runs, and the base-2 builds and a user's first base-4 build
load them. This module takes 20.8, 19.9 and 20.5 s of processor time from an empty cache at
load 5 to 7, against 22.6, 24.1 and 23.6 s before ``whole_moves.predecessors_at`` emitted
its keys at one inlined site, not three, and ``whole_rounds.evaluate`` read its children in
one loop for both rounds, not two (the same bytes; three pairs alternated,
``tests/bench/compile_alternate.sh``). It took 30 and 31 s at load 11 to 14, against 35
and 36 s before ``pushing._open_children`` located a fresh position's
children rather than inlining a count of its own (the same bytes; two runs each,
alternated), and a second or two less since ``whole_moves.distinct`` sorts a long list
itself, not by numba's sort (29.0 and 25.0 s against 30.0 and 27.0 at load 9 to 5).
Before that it took 27 to 32 s at load 5 to 8 (33 to 37 s before the rarely read
``_open_children`` was compiled once, not inlined twice:
``tests/bench/compile_alternate.sh``, issue 88 item 7). Before the layers
crossed as their addresses, each pyramid's layer count was a signature of its own, and it
compiled bases 3 and 2 in 68 to 72 s (and a user's base 4 compiled them a third time). The
core's warm-up leaves them out. Before this module, the test files
that build tables (the lab's build, the whole-game files, the Dask split) each compiled them at
once on their workers in a fresh clone, the same code two or three times.

The lock is a file of its own beside numba's cache of the Pyraos package, not the core's
(``compiled-warm.lock``): a table's kernels need not wait for the prover's compile, which the
warm-up job does first."""

from __future__ import annotations

import fcntl
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pyramid_lab.model.search.compiled import cache_folder, first_use
from pyramid_lab.model.search.games.pyraos import builder

#: The mark the compile leaves (:func:`first_use.mark`).
PART = "tests-whole-build"


@contextmanager
def _locked() -> Iterator[None]:
    """The compile's lock, held while one process compiles."""
    folder = cache_folder(Path(builder.__file__).parent)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "tests-whole-kernels.lock", "ab") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)  # (let go when the file is closed)
        yield


def _compile() -> None:
    """Every kernel a test's build, check and probe of a table runs: a base-3 table built by
    push, checked and probed, and one by rounds (the Dask split's, and the tests that compare
    the methods). A second, once compiled; base 2's and 4's are the same signatures."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        pushed = builder.build(builder.create(root / "push", 3, "standard", "0-2"))
        builder.verify(pushed)
        pushed.probe(0, 0)
        builder.build(builder.create(root / "rounds", 3, "standard", "0-2"), method="rounds")


def ready() -> None:
    """The kernels in numba's cache: compiled here where no process marked them (holding
    the lock; a process that holds it is waited for, and its work then found marked),
    nothing otherwise (a test's first call loads them, a second or two)."""
    if first_use.compiled((PART,)):
        return
    with _locked():
        if not first_use.compiled((PART,)):
            _compile()
            first_use.mark(PART)


if __name__ == "__main__":
    ready()
