"""The whole-game tables' build kernels (model/search/games/pyraos/whole_*.py) compiled once
into numba's cache for the small pyramids the tests build, by whichever process comes first:
the suite's warm-up job (``python -m tests.whole_kernels``, scripts/test.sh) or the first
test that builds a table (``ready`` in its fixture); the others wait for its lock, then load.

A table's layers are a tuple of arrays, so each pyramid is a signature of its own (base 2:
5 layers, base 3: 14), and a first build of either compiles push retrograde's, the rounds'
and the check's kernels for it: about 40 s of processor time each on an idle machine, more
than a minute beside other work. The core's warm-up leaves them out (a user's build compiles
the game's own pyramid, base 4, saying so). Before this, the test files that build tables
(the lab's build, the whole-game files, the Dask split) each compiled them at once on their
workers in a fresh clone, the same code two or three times.

The locks are files of their own beside numba's cache of the Pyraos package, not the core's
(``compiled-warm.lock``): a table's kernels need not wait for the prover's compile, which the
warm-up job does first."""

from __future__ import annotations

import fcntl
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from pyramid_lab.model.search.compiled import cache_folder, first_use
from pyramid_lab.model.search.games.pyraos import whole

#: The pyramids the tests build tables of.
BASES = (3, 2)  # (3 first: most tests build base 3 alone)
#: The pyramids the tests build tables of by rounds too.
ROUNDS = (3,)


def part(base: int) -> str:
    """The mark a compile of ``base``'s kernels leaves (:func:`first_use.mark`)."""
    return f"tests-whole-build-base-{base}"


@contextmanager
def _locked(base: int) -> Iterator[None]:
    """``base``'s lock (one a pyramid: a process that compiles base 2 keeps none waiting
    for base 3)."""
    folder = cache_folder(Path(whole.__file__).parent)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"tests-whole-kernels-{base}.lock", "ab") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)  # (let go when the file is closed)
        yield


def _compile(base: int) -> None:
    """Every kernel a test's build, check and probe of a ``base`` table runs: a table built
    by push, checked and probed, and on base 3 one by rounds too (the Dask split's, and the
    tests that compare the methods; none builds base 2 so). A second each, once compiled."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        pushed = whole.build(whole.create(root / "push", base, "standard", "0-2"))
        whole.verify(pushed)
        pushed.probe(0, 0)
        if base in ROUNDS:
            whole.build(whole.create(root / "rounds", base, "standard", "0-2"), method="rounds")


def ready(bases: Sequence[int] = BASES) -> None:
    """``bases``' kernels in numba's cache: compiled here where no process marked them
    (holding the lock; a process that holds it is waited for, and its work then found
    marked), nothing otherwise (a test's first call loads them, a second or two)."""
    for base in bases:
        if first_use.compiled((part(base),)):
            continue
        with _locked(base):
            if not first_use.compiled((part(base),)):
                _compile(base)
                first_use.mark(part(base))


if __name__ == "__main__":
    ready(tuple(int(arg) for arg in sys.argv[1:]) or BASES)
