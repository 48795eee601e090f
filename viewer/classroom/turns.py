"""The students' work on a few threads (:attr:`Limits.workers`), the next job always the
one of whoever used the least of them lately: one student, or sixty hostile pages, cannot
take more than their share of the server's time."""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import math
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from .limits import Limits

T = TypeVar("T")


class Turns:
    """Work run on :attr:`Limits.workers` threads; when all are busy, the next job is the
    one of whoever (a student, the teacher) has the fewest jobs running, then used the
    least thread time lately (weighed over :attr:`Limits.usage_memory` seconds), chosen
    as a thread comes free."""

    def __init__(self, limits: Limits) -> None:
        self.pool = ThreadPoolExecutor(max_workers=limits.workers, thread_name_prefix="classroom")
        self.free = limits.workers
        self.memory = limits.usage_memory
        self.used: dict[str, tuple[float, float]] = {}  # whose: (seconds, when weighed)
        self.running: dict[str, int] = {}
        self.queue: list[tuple[int, str, asyncio.Future[None]]] = []
        self.count = itertools.count()

    def usage(self, whose: str, now: float, more: float = 0.0) -> float:
        seconds, at = self.used.get(whose, (0.0, now))
        value = seconds * math.exp(-(now - at) / self.memory) + more
        if more:
            self.used[whose] = (value, now)
            if len(self.used) > 4096:
                self.used = {k: v for k, v in self.used.items() if now - v[1] < self.memory}
        return value

    async def run(self, whose: str, work: Callable[[], T]) -> T:
        loop = asyncio.get_running_loop()
        if self.free > 0 and not self.queue:
            self.free -= 1
        else:
            turn: asyncio.Future[None] = loop.create_future()
            self.queue.append((next(self.count), whose, turn))
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._next()  # (its turn came as it went: passed on)
                raise
        self.running[whose] = self.running.get(whose, 0) + 1
        started = time.monotonic()
        try:
            # (in the caller's context: a page's language, i18n.override, goes with its work)
            return await loop.run_in_executor(self.pool, contextvars.copy_context().run, work)
        finally:
            now = time.monotonic()
            self.usage(whose, now, max(now - started, 1e-4))
            self.running[whose] -= 1
            if not self.running[whose]:
                del self.running[whose]
            self._next()

    def _next(self) -> None:
        """The free thread to the job waiting of whoever needs it most, else kept free."""
        self.queue = [entry for entry in self.queue if not entry[2].done()]
        if not self.queue:
            self.free += 1
            return
        now = time.monotonic()
        chosen = min(
            self.queue,
            key=lambda e: (self.running.get(e[1], 0), self.usage(e[1], now), e[0]),
        )
        self.queue.remove(chosen)
        chosen[2].set_result(None)

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
