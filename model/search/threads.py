"""How many threads a search may run on (light: the window asks before any kernel loads)."""

from __future__ import annotations

import os

from pyramid_lab.i18n import M_

from ..game import SaidError, shorten

#: The most threads one search runs on.
MAX_THREADS = 256


def check_threads(threads: int) -> int:
    """``threads`` if it is a number of threads a search may run on, else ValueError."""
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise SaidError(
            M_("threads must be a whole number, not {threads}", threads=shorten(repr(threads)))
        )
    if not 1 <= threads <= MAX_THREADS:
        raise SaidError(
            M_("threads must be 1 to {most}, not {threads}", most=MAX_THREADS, threads=str(threads))
        )
    return threads


def default_threads() -> int:
    """The threads the engine's analysis and hints search on unless told: the cores this
    process may run on (fewer where the system keeps it to some), at most
    :data:`MAX_THREADS`."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every system
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_THREADS))
