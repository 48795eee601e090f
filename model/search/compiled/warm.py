"""Compile the compiled core (or load it from numba's cache), part by part, so that no
search pays for it: numba compiles a function on its first call and caches the machine code
(beside the source, or where :func:`model.search.compiled.cache_folder` says), and the core
takes a minute or two to compile on a loaded machine. The searches are written once for
every kernel and compiled with one (Partition's smallest pyramid); each game's kernel is in
its package of the search, and so is its adapter.

:mod:`.first_use` calls :func:`warm_up` once a process, before any search's clock starts,
and marks each part compiled (:func:`compiled`: a process's first search loads it in a
second instead of compiling it, and says which); :func:`loaded` says whether this process
has the core.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence

import numpy as np

from pyramid_lab import i18n

from ...partition import Partition, PartitionOptions
from ..games.partition.adapters import PartitionAdapter
from ..games.pyraos.adapters import PyraosAdapter
from ..games.pyraos.kernel import move_removed, move_source, move_target
from ..games.pyraos.prober.table import warm_up as warm_up_whole
from ..games.terrace.adapters import TerraceAdapter
from . import bounded, core, dfpn, first_use, mcts
from .agent import warm_up as warm_up_mcts
from .first_use import LAST_STEP, LINE_EVERY, PART_WORDS, counted, is_counted
from .proof import warm_up as warm_up_proof

#: What each part says while it is made ready (:data:`.first_use.PART_WORDS`), and its
#: share of the time (a compile's, measured from an empty cache at load 1.4: the tree search
#: 8.9 s of processor time, the proof searches 7.4 s, the whole-game table's reader 0.6 s
#: more, the kernels' entry points 0.1 s once the searches have them; the endgame tables
#: of K spheres, 6 s, were retired with ``retro.py``).
STEPS = {
    "tree": (PART_WORDS["tree"], 0.52),
    "proof": (PART_WORDS["proof"], 0.43),
    "kernels": (PART_WORDS["kernels"], 0.01),
    "endgame": (PART_WORDS["endgame"], 0.04),
}


#: How many functions numba compiles for each part from an empty cache, the parts made in
#: :data:`.first_use.PARTS`' order (numba's "numba:compile" events counted at issue 109's
#: sources, 76 in all); the prover's parts made alone compile the searches' shared code
#: too (:data:`PROVER_ALONE`). A compile says how far it is by these ("12 of about 76
#: functions compiled"): a count, never a promise of time.
COMPILES = {"tree": 40, "proof": 31, "kernels": 3, "endgame": 2}
#: The functions the prover's parts (:data:`PROVER`) compile made alone, from an empty cache.
PROVER_ALONE = 62
#: A compile's count is said at most this often (seconds): one says a step, not each function.
COUNT_EVERY = 1.0


def expected_compiles(parts: Sequence[str]) -> int:
    """About how many functions numba compiles to make ``parts`` from an empty cache."""
    if set(parts) == set(first_use.PROVER):
        return PROVER_ALONE
    return sum(COMPILES[part] for part in parts)


class CompileCount:
    """numba's compiles counted while it is registered (:meth:`listening`): each function
    compiled ("numba:compile", which a load from the cache never sends) calls ``said(n)``
    with the count so far, at most every :data:`COUNT_EVERY` seconds by ``clock``. Cheap:
    an event a function compiled, a minute's compile some 80 of them."""

    def __init__(
        self,
        said: Callable[[int], None],
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.said = said
        self.clock = clock or time.perf_counter
        self.count = 0
        self._last = -COUNT_EVERY

    def compiled_one(self) -> None:
        self.count += 1
        now = self.clock()
        if now - self._last >= COUNT_EVERY:
            self._last = now
            self.said(self.count)

    @contextlib.contextmanager
    def listening(self) -> Iterator[None]:
        from numba.core import event

        count = self

        class Listener(event.Listener):  # type: ignore[misc]  # (numba's classes are untyped)
            def on_start(self, _event: object) -> None:
                pass

            def on_end(self, _event: object) -> None:
                count.compiled_one()

        listener = Listener()
        event.register("numba:compile", listener)
        try:
            yield
        finally:
            event.unregister("numba:compile", listener)


def compiled() -> bool:
    """Whether a warm-up compiled every part from the current sources into the cache in
    use (the next process loads the core in a second instead of compiling it)."""
    return first_use.compiled(first_use.PARTS)


def loaded() -> bool:
    """Whether this process has the compiled core (a search starts at once)."""
    return bool(mcts.run.signatures and dfpn.run.signatures and bounded.run.signatures)


def _tree() -> None:
    warm_up_mcts(PartitionAdapter(2, "floating"), Partition.new(PartitionOptions(2, "floating")))


def _proof() -> None:
    warm_up_proof(PartitionAdapter(2, "floating"))


def _kernels() -> None:
    """The kernels' entry points the Python side calls, each game's."""
    row = np.zeros(core.STATE, dtype=np.int64)
    child = np.zeros(core.STATE, dtype=np.int64)
    for adapter in (
        PartitionAdapter(2, "floating"),
        PyraosAdapter("standard", "0-2"),
        TerraceAdapter(True, False),
    ):
        ctx = adapter.context()
        moves = np.zeros(adapter.max_moves, dtype=np.int64)
        if core.generate(adapter.code, ctx, row, moves):
            core.play(adapter.code, ctx, row, int(moves[0]), child)
        core.key(adapter.code, ctx, row)
        core.wins_at_once(adapter.code, ctx, row)  # the solver reads its children so
        core.lower_bound(adapter.code, ctx, row, True)
    for part in (move_source, move_target, move_removed):  # Pyraos's adapter reads a move
        part(0)  # so (tests/bench/first_use.py found them compiled on first use)


def _endgame() -> None:
    """The Pyraos whole-game table's reader (the book's)."""
    warm_up_whole()


_MAKE: dict[str, Callable[[], None]] = {
    "tree": _tree,
    "proof": _proof,
    "kernels": _kernels,
    "endgame": _endgame,
}


def warm_up(
    progress: Callable[[float, str], None] | None = None,
    parts: Sequence[str] = first_use.PARTS,
) -> float:
    """Compile (or load from the cache) ``parts`` of the core (every part: the MCTS, the
    proof searches, the kernels' entry points the Python side calls, the whole-game
    table's reader), each marked compiled once done; the seconds that took.
    ``progress(fraction, text)`` is told each step."""
    began = time.perf_counter()
    say = progress or (lambda fraction, text: None)
    chosen = [part for part in first_use.PARTS if part in parts]
    total = sum(STEPS[part][1] for part in chosen) or 1.0
    expected = expected_compiles(chosen)
    done = 0.0
    words = ""

    def how_far(count: int) -> None:  # (a function compiled: how many of about how many)
        fraction = max(done / total, min(count / expected, 0.99))
        say(fraction, counted(words, count, expected))

    with CompileCount(how_far).listening():
        for part in chosen:
            words, share = STEPS[part]
            say(done / total, words)
            _MAKE[part]()
            first_use.mark(part)
            done += share
    say(1.0, LAST_STEP)
    return time.perf_counter() - began


#: The parts the prover and the solvers run.
PROVER = first_use.PROVER


def ready(
    progress: Callable[[float, str], None] | None = None,
    parts: Sequence[str] = first_use.PARTS,
) -> float:
    """:func:`.first_use.ready` by :func:`warm_up`: ``parts`` of the core ready in this
    process, said; the seconds that took (0 where they were)."""
    return first_use.ready(warm_up, progress, parts)


def _end_with_parent() -> None:
    """Wait for the end of stdin (the parent's pipe, closed when the parent ends), then end
    this process: a window killed does not leave its compile running."""
    sys.stdin.read()
    os._exit(1)


def _line(text: str, said: set[str]) -> str:
    """A step's line for a reader of lines (scripts/setup.sh), in the process's language:
    the wait's words ("compiling the search for its first use (...)") once, then each step
    alone, indented, and no "the search starts" where no search follows."""
    head, colon, step = text.partition(": ")  # (its English: each part a word of the catalog)
    if not colon or head not in (first_use.COMPILING, first_use.LOADING):
        return i18n.shown(text)
    if step == LAST_STEP:
        return ""
    if head in said:
        return f"  {i18n.shown(step)}"
    said.add(head)
    return f"{i18n.shown(head)}:\n  {i18n.shown(step)}"


def main(argv: Sequence[str] | None = None) -> int:
    """Make the whole core ready (compile it into numba's cache, or load it), saying each
    step: a line each, or with ``--steps`` 'fraction<TAB>text' (the window's child)."""
    steps = "--steps" in (sys.argv[1:] if argv is None else argv)
    if steps:  # the window's child: it ends with the window, however that ends (its pipe)
        threading.Thread(target=_end_with_parent, daemon=True).start()
    else:  # a reader of lines (scripts/setup.sh): the environment's language; the window's
        i18n.use(i18n.language_from_env())  # child prints English (the window says it)

    said: set[str] = set()
    last = [-LINE_EVERY]

    def say(fraction: float, text: str) -> None:
        if steps:
            print(f"{fraction:.3f}\t{text}", flush=True)
            return
        now = time.perf_counter()
        if is_counted(text) and now - last[0] < LINE_EVERY:
            return  # (a count a line at most every LINE_EVERY seconds)
        line = _line(text, said)
        if line:
            last[0] = now
            print(line, flush=True)

    seconds = ready(say)
    if not steps:
        ready_line = i18n._("the compiled search is ready ({seconds} s)")
        print(ready_line.format(seconds=i18n.format_number(seconds, digits=1)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
