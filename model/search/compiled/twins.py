"""A kernel compiled twice, for numba's threads and for one, each kept in numba's cache.

numba's cache names a compiled function after its Python function (module, name, line)
and keys it by the signature and the code, not by ``parallel``: ``njit(cache=True,
parallel=True)(f)`` and ``njit(cache=True)(f)`` of the same ``f`` share one entry, and
the one saved last is loaded for both in the next process. A whole-table build then ran
its counting pass on one thread where it asked for two (the serial twin, compiled for
small ranges, had been saved over the parallel one). :func:`parallel_and_serial` gives
the serial twin a name of its own.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

from numba import njit


def parallel_and_serial(function: Callable[..., Any]) -> tuple[Any, Any]:
    """``function`` compiled with numba's threads and without, cached apart: the serial
    one is compiled from a copy named ``<name>__serial`` (its own cache entry). Both let
    Python's lock go while they run (a build writes its files on another thread)."""
    twin = types.FunctionType(
        function.__code__,
        function.__globals__,
        f"{function.__name__}__serial",
        function.__defaults__,
        function.__closure__,
    )
    twin.__qualname__ = f"{function.__qualname__}__serial"
    twin.__module__ = function.__module__
    twin.__doc__ = function.__doc__
    return njit(cache=True, parallel=True, nogil=True)(function), njit(cache=True, nogil=True)(twin)
