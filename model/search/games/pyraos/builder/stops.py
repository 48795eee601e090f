"""How a whole-game table's build stops (:mod:`.steps`): asked to
(:class:`Stopped`, :class:`StoppedInLayer`), or by Ctrl+C or SIGTERM held until a unit
ends (:class:`Interrupted`, :func:`interrupts_between_units`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


class Stopped(Exception):
    """The build was asked to stop; the folder holds every layer finished so far."""


class StoppedInLayer(Stopped):
    """Stop asked inside layer ``n`` (:func:`.steps.push_layer`, between two of its units):
    ``at``, the first position of the layer not yet done (a step keeps the part pushed; the
    counting pass counts the layer again)."""

    def __init__(self, n: int, at: int):
        super().__init__()
        self.n, self.at = n, at


class Interrupted(KeyboardInterrupt):
    """Ctrl+C during a build's layer, raised between two of its units
    (:func:`.steps.push_layer`): ``at``, the first position of the layer not yet done."""

    def __init__(self, n: int, at: int):
        super().__init__()
        self.n, self.at = n, at


@contextmanager
def interrupts_between_units() -> Iterator[Callable[[], bool]]:
    """Ctrl+C (SIGINT) and SIGTERM (which the command line makes a Ctrl+C) held while a
    build runs and given to :func:`.steps.push_layer` to raise between two units (every unit
    done is then known: a push's unit is never half counted, nor a layer pushed whole and
    not yet named as pushed): a callable that says whether one came. Off the main thread
    (where Python gives no signal), one that never says so."""
    import signal
    import threading

    came = [False]
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return

    def hold(signum: int, frame: Any) -> None:
        came[0] = True

    held = (signal.SIGINT, signal.SIGTERM)
    before = [signal.signal(signum, hold) for signum in held]
    try:
        yield lambda: came[0]
    finally:
        for signum, handler in zip(held, before, strict=True):
            signal.signal(signum, handler)
