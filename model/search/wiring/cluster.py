"""The door's ``cluster`` namespace: the same value proven by many processes on a Dask
cluster (:mod:`model.search.split`), the workers handed the door's lookup of a game's
plug-in (their processes import it by name)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...game import Game
from ..registry import plugin_for
from ..split import FIRST_SLICE, SplitProgress
from ..split import SchedulerError as SchedulerError
from ..split import SplitResult as SplitResult
from ..split import SplitStatus as SplitStatus
from ..split import scheduler_security as scheduler_security
from ..split import split_solve as _split_solve


def split_solve(
    game: Game,
    *,
    workers: int = 2,
    scheduler: str | None = None,
    plies: int | None = None,
    checkpoint: str | Path | bool | None = None,
    table_mb: float = 1024.0,
    shared: bool = True,
    max_seconds: float | None = None,
    max_depth: int = 200,
    book: bool = True,
    progress: SplitProgress | None = None,
    stop: threading.Event | None = None,
    first_slice: int = FIRST_SLICE,
    warn: Callable[[str], None] | None = None,
    security: Any = None,
) -> SplitResult:
    """:func:`model.search.split.split_solve`, its workers handed the lookup of a game's
    plug-in."""
    return _split_solve(
        game,
        workers=workers,
        scheduler=scheduler,
        plies=plies,
        checkpoint=checkpoint,
        table_mb=table_mb,
        shared=shared,
        max_seconds=max_seconds,
        max_depth=max_depth,
        book=book,
        progress=progress,
        stop=stop,
        first_slice=first_slice,
        warn=warn,
        security=security,
        knowledge_of=plugin_for,
    )
