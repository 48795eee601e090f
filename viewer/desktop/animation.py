"""The one animation clock of the window: progress from 0 to 1 over a time, stepped by a
Qt timer (render on demand: it ticks only while something moves)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QElapsedTimer, QObject, QTimer

INTERVAL_MS = 40


class Animation:
    """``step(t)`` runs on every tick, the last time with t = 1, after which the animation
    stops by itself."""

    def __init__(self, parent: QObject, seconds: float, step: Callable[[float], Any]) -> None:
        self.seconds = seconds
        self._step = step
        self._timer = QTimer(parent)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self._tick)
        self._clock = QElapsedTimer()

    def start(self) -> None:
        self._clock.start()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def progress(self) -> float:
        if not self._clock.isValid():
            return 0.0
        return min(1.0, self._clock.elapsed() / 1000.0 / self.seconds)

    def _tick(self) -> None:
        t = self.progress()
        if t >= 1.0:
            self._timer.stop()
        self._step(t)
