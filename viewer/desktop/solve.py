"""Solve position in the window (the lab's :mod:`viewer.lab.value_solve` holds Solve
position; :mod:`viewer.lab.solve` Solve mode and ``SolveBoard``, Solve mode as a board mode):
:func:`remembered_workers` and :func:`remember_workers` keep Solve position's number of
worker processes between runs."""

from __future__ import annotations

from ..lab.value_solve import ValueSolve

#: QSettings key: the cores Solve position's long solves use (1: the single search), as
#: the user answered; absent until they were asked.
WORKERS_KEY = "solve/workers"


def remembered_workers() -> int | None:
    """The cores the user chose for Solve position (in this run or an earlier one); None
    when they were never asked."""
    from PySide6.QtCore import QSettings

    settings = QSettings()
    if not settings.contains(WORKERS_KEY):
        return None
    stored = settings.value(WORKERS_KEY, 1, type=int)
    return stored if isinstance(stored, int) and stored >= 1 else None


def remember_workers(value: ValueSolve) -> None:
    """Solve position's choices of workers are kept for the next run."""
    from PySide6.QtCore import QSettings

    value.chose.connect(lambda workers: QSettings().setValue(WORKERS_KEY, workers))
