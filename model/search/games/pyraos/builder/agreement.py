"""A whole-game table against the compiled forward solver (issue 67's second check): random
positions of a layer, as the table indexes them, each solved by the compiled proof search
(:mod:`model.search.compiled.solver`, the one that settled the children's version from the
empty pyramid) within a budget, and its value and length compared with the table's byte.

The two share nothing but the rules: the table was made backwards (un-moves, counters) and
read by rank; the solver searches forwards from the position with its own move generator,
keys and transposition table, and treats any repetition on a line as a failure for the
side proving, so a proof never rests on a cycle.

A position is *sampled* as the table holds it: a uniform index of the layer's bytes, unranked
to (own, opp), the board from the side to move (each reserve is the spheres per side less
that side's on the board); an index that is a copy of another under its shape's own
symmetries (its byte is never written) is drawn again, so every position of the layer up
to symmetry is as likely. A layer with fewer positions than asked gives all of them.

*Agree*: the solver's value is the table's, and its length the table's where the solver
says it is exact (the shortest win, the longest resistance), at least the table's where it
is an upper bound. *Disagree*: another value, another exact length, a bound below the
table's, or a win or a loss where the table says a draw. *Unsettled*: the solver found no
value within its budget (a draw is never settled by it: it proves wins).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .....pyraos import LATTICE, Pyraos, PyraosOptions
from ..prober.index import locate
from ..prober.table import describe
from . import walk

if TYPE_CHECKING:
    from ..prober.table import WholeTable

AGREE, DISAGREE, UNSETTLED = "agree", "disagree", "unsettled"
#: The solver's table, MiB (kept for a layer's positions: what it proved stays proven).
TABLE_MB = 256


def sample(table: WholeTable, n: int, count: int, rng: random.Random) -> list[tuple[int, int, int]]:
    """Up to ``count`` distinct positions of layer ``n`` as (index, own, opp), drawn
    uniformly among the layer's positions up to symmetry (see the module); all of them
    where the layer has no more."""
    ix = table.index
    size = ix.sizes[n]
    shapes, points = ix.shapes[n], ix.shape_points[n]

    def position(i: int) -> tuple[int, int, int] | None:
        own, opp = walk.unrank(n, i, shapes, points, ix.arrays)
        found = locate(own, opp, table.geo, ix.arrays)
        return (i, int(own), int(opp)) if tuple(found) == (n, i) else None  # else a copy

    if size <= 2 * count:
        every = [p for i in range(size) if (p := position(i)) is not None]
        return every if len(every) <= count else rng.sample(every, count)
    out: list[tuple[int, int, int]] = []
    seen: set[int] = set()
    while len(out) < count:
        i = rng.randrange(size)
        if i in seen:
            continue
        seen.add(i)
        if (p := position(i)) is not None:
            out.append(p)
    return out


def judge(byte: int, value: str, plies: int | None, exact: bool) -> str:
    """The solver's answer (``value``, ``plies``, ``exact``) against the table's ``byte``
    (0 a draw, else 1 + the plies to the end, odd plies a win): AGREE, DISAGREE or
    UNSETTLED (see the module)."""
    if value not in ("win", "loss"):
        return UNSETTLED
    if byte == 0:
        return DISAGREE  # the solver proved what the table calls a draw
    distance = byte - 1
    if value != ("win" if distance % 2 else "loss"):
        return DISAGREE
    if plies is None:  # a loss proven without its length
        return AGREE
    return AGREE if (plies == distance if exact else distance <= plies) else DISAGREE


def game_of(own: int, opp: int, variant: str, removal: str) -> Pyraos:
    """The position (own, opp), white to move with ``own``, as the game sets it up."""
    pieces = [
        (tuple(LATTICE.point(p)), colour)
        for mask, colour in ((own, "white"), (opp, "black"))
        for p in range(LATTICE.count)
        if mask >> p & 1
    ]
    return Pyraos.from_setup(PyraosOptions(variant, removal), "white", pieces)


@dataclass
class LayerAgreement:
    """One layer's figures: positions sampled, how many agree, disagree, stay unsettled
    (and of those, how many the table calls a draw: the solver never settles one), the
    disagreements as (own, opp, the table's words, the solver's words), the seconds."""

    n: int
    sampled: int = 0
    agree: int = 0
    disagree: int = 0
    unsettled: int = 0
    seconds: float = 0.0
    given_up: bool = False
    draws: int = 0  # of the unsettled, those the table calls a draw (never settled)
    wrong: list[tuple[int, int, str, str]] = field(default_factory=list)

    @property
    def settled(self) -> int:
        return self.agree + self.disagree


def compare_layer(
    table: WholeTable,
    n: int,
    count: int,
    seconds: float,
    rng: random.Random,
    solver_for: Callable[[Pyraos], Any],
    give_up: float = 0.0,
    tries: int | None = None,
) -> LayerAgreement:
    """Random positions of layer ``n`` (:func:`sample`) until ``count`` of them are
    settled or ``tries`` (``count`` if None) are tried, each solved within ``seconds`` of
    its thread's processor time by the solver ``solver_for(game)`` gives (one for the
    layer, retargeted: ``retarget``, ``solve`` and ``clock`` as
    :class:`~model.search.compiled.solver.CompiledSolver`'s) and judged against the
    table's byte (:func:`judge`). ``give_up``: the layer is left
    (``given_up``) once a tenth of ``count``, 100 at least, are tried and fewer than this
    share of them settled."""
    out = LayerAgreement(n)
    began = time.perf_counter()
    solver: Any = None
    trial = max(100, count // 10)
    for _, own, opp in sample(table, n, max(count, tries or count), rng):
        if out.settled >= count:
            break
        if out.sampled >= trial and out.settled < give_up * out.sampled:
            out.given_up = True
            break
        game = game_of(own, opp, table.variant, table.removal)
        if solver is None:
            solver = solver_for(game)
            solver.clock = time.thread_time  # its processor time: the same under load
        else:
            solver.retarget(game)
        solver.max_seconds = seconds
        result = solver.solve()
        if result.stopped == "interrupted":  # Ctrl+C (or SIGTERM) in the solve: the run's
            raise KeyboardInterrupt
        byte = table.probe(own, opp)
        verdict = judge(byte, result.value, result.plies, result.plies_exact)
        out.sampled += 1
        setattr(out, verdict, getattr(out, verdict) + 1)
        if verdict == UNSETTLED and byte == 0:
            out.draws += 1
        if verdict == DISAGREE:
            length = "" if result.plies is None else f" in {result.plies} plies"
            bound = "" if result.plies_exact else " (at most)"
            out.wrong.append((own, opp, describe(byte), f"a {result.value}{length}{bound}"))
    out.seconds = time.perf_counter() - began
    return out
