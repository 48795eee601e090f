"""The exact step's time (issue 58): the clock a judging budget counts on, and how much of
an analysis the compiled solver gets before the engine judges.

**CPU seconds.** The judging features' exact step (:class:`.exact.Exact`: the analysis and
its heat map, the review) counts its budget in CPU seconds of the thread that searches
(:data:`cpu_clock`), not in wall seconds: on a busy machine the solver gets the same work
done in more wall time, so a position proven on an idle machine is proven on a loaded one
(five busy processes beside it on two cores: a third of a core, three times the wall time).
A wall limit of :data:`WALL_STRETCH` times the budget still bounds it (:func:`wall_limited`).

**Only where it can settle** (:func:`exact_seconds`). The solver cannot settle a large
position in a share of a few seconds (the empty base-5 Partition pyramid: 0.5 s of df-pn
settled nothing, a quarter of the analysis' playouts lost), and what it settles in time it
mostly settles at once. So a position gets, by its size (its legal moves) and what this
process saw the solver do before (the same position or the one before its last move left
unsettled):

- more than :data:`PROBE_MOVES` legal moves: nothing (the book is still asked, at no cost);
- a position left unsettled before with at least the budget it would get now: nothing;
- more than :data:`SETTLE_MOVES` legal moves, or the position before its last move left
  unsettled with a whole share: a probe, :data:`PROBE_SHARE` of the analysis' seconds;
- else the whole share.

The positions left unsettled are remembered (the last :data:`REMEMBERED`, by game, rule
options and position) by :func:`unsettled`. ``tests/bench/exact_first.py`` measures the
analysis' playouts against the commit before the exact step.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

from ..game import Game

#: The clock of a judging budget: CPU seconds of the calling thread (the searching one).
cpu_clock: Callable[[], float] = time.thread_time

#: A CPU budget's wall seconds, at most, as a multiple of it (a machine too busy to give a
#: search a sixteenth of a core stops it there).
WALL_STRETCH = 16.0
#: More legal moves than this: the exact step gets no time (only the book is asked).
PROBE_MOVES = 32
#: More legal moves than this (and not more than PROBE_MOVES): a probe only.
SETTLE_MOVES = 20
#: The probe, as a share of the analysis' seconds.
PROBE_SHARE = 0.03
#: How many unsettled positions are remembered.
REMEMBERED = 4096

_lock = threading.Lock()
_unsettled: OrderedDict[Hashable, float] = OrderedDict()  # key -> CPU seconds spent in vain


def _key(game: Game) -> Hashable:
    options = json.dumps(game.options.to_json(), sort_keys=True)
    return game.name, options, game.position_key()


def _spent(key: Hashable) -> float | None:
    with _lock:
        return _unsettled.get(key)


def unsettled(game: Game, spent: float) -> None:
    """Remember that the solver left ``game``'s position unsettled in ``spent`` CPU seconds."""
    key = _key(game)
    with _lock:
        _unsettled[key] = max(spent, _unsettled.get(key, 0.0))
        _unsettled.move_to_end(key)
        while len(_unsettled) > REMEMBERED:
            _unsettled.popitem(last=False)


def exact_seconds(game: Game, share: float, seconds: float, moves: int) -> float:
    """The CPU seconds the exact step may take on ``game``'s position (``moves`` legal
    moves) in an analysis of ``seconds`` whose exact share is ``share`` (see the module)."""
    if moves > PROBE_MOVES or share <= 0:
        return 0.0
    probe = min(share, seconds * PROBE_SHARE)
    budget = share if moves <= SETTLE_MOVES else probe
    if game.move_stack and budget > probe:
        parent = game.copy()
        parent.pop()
        before = _spent(_key(parent))
        if before is not None and before >= share:
            budget = probe
    before = _spent(_key(game))
    if before is not None and before >= budget:
        return 0.0
    return budget


def wall_limited(stop: Callable[[], bool] | None, cpu_seconds: float) -> Callable[[], bool]:
    """``stop``, or the wall time of :data:`WALL_STRETCH` times ``cpu_seconds`` run out."""
    limit = time.perf_counter() + WALL_STRETCH * cpu_seconds

    def stopped() -> bool:
        return time.perf_counter() > limit or (stop is not None and stop())

    return stopped
