"""A compiled kernel run by several threads at once over one range: each thread runs the
same kernel (a *lane*), and each lane takes the range's chunks one at a time from a
shared counter (an atomic add in the kernel) until none is left.

Why not numba's ``prange``: it gives each thread an equal share of a loop's iterations,
whatever they cost (a whole-table build's frontier lies unevenly over a layer, and one of
2 threads idled a third of the time), and a parallel kernel takes numba three to four
times as long to compile as the same kernel serial (a whole-table build's two kernels: 110
s against 29 on 2 cores), which a user's first build waits for. A lane is compiled once,
serial, with ``nogil=True``: the threads here run it side by side.

A lane shares its arrays with the others, and numba counts the references to an array
(an atomic add to a word of the array's own) each time a kernel takes one from a tuple or
hands one on: two threads doing so on the same arrays pass that word between their cores
at every access, and ran a push step at 1.6 times one thread's speed, not 2 (numba's own
parallel loops hand their arrays over uncounted). A lane first takes its arguments through
:func:`unmanaged`: the same arrays, uncounted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.core.extending import intrinsic

if TYPE_CHECKING:
    from numba.core.typing.templates import Signature


def lanes_for(chunks: int) -> int:
    """How many lanes a range of ``chunks`` runs on: numba's thread count (the cores, or
    what ``numba.set_num_threads`` or ``NUMBA_NUM_THREADS`` says), at most one a chunk."""
    return max(1, min(int(numba.get_num_threads()), chunks))


def run_lanes(kernel: Callable[..., None], *args: object, chunks: int) -> None:
    """``kernel(*args, taken)`` run by :func:`lanes_for` ``(chunks)`` threads at once, this
    one among them, until each returns (a kernel that lets Python's lock go:
    ``nogil=True``); ``taken``, a new counter the lanes share, of the range's ``chunks``
    taken so far (each lane's next: :func:`fetch_add_one`). The first error raised, once
    every lane has ended (none is left running behind it)."""
    taken = np.zeros(1, dtype=np.int64)
    lanes = lanes_for(chunks)
    if lanes <= 1:
        kernel(*args, taken)
        return
    with ThreadPoolExecutor(max_workers=lanes - 1, thread_name_prefix="lane") as pool:
        others = [pool.submit(kernel, *args, taken) for _ in range(lanes - 1)]
        try:
            kernel(*args, taken)
        finally:
            for other in others:
                other.exception()  # every lane ended before anything is raised
        for other in others:
            other.result()


def _uncounted(context: Any, builder: Any, ty: Any, value: Any) -> Any:
    """``value`` of numba type ``ty`` with every array in it uncounted (its meminfo, the
    reference count's word, null: numba skips counting a null one)."""
    if isinstance(ty, types.Array):
        array = context.make_array(ty)(context, builder, value=value)
        array.meminfo = ir.Constant(array.meminfo.type, None)
        return array._getvalue()
    if isinstance(ty, types.BaseTuple):
        for k, item in enumerate(ty):
            part = _uncounted(context, builder, item, builder.extract_value(value, k))
            value = builder.insert_value(value, part, k)
    return value


@intrinsic
def unmanaged(typingctx: Any, value: Any) -> tuple[Signature, Callable[..., Any]]:
    """``value`` (an array, or a tuple of arrays, tuples and numbers, nested) with its
    arrays uncounted: no reference counting as a kernel takes them from their tuples and
    hands them on. Only for a kernel's arguments, which its caller holds while it runs
    (an array made in the kernel would be freed under it)."""
    sig = value(value)

    def codegen(context: Any, builder: Any, signature: Any, args: Sequence[Any]) -> Any:
        return _uncounted(context, builder, signature.args[0], args[0])

    return sig, codegen


def _fetch_one(op: str) -> Callable[..., tuple[Signature, Callable[..., Any]]]:
    """An intrinsic's typing of ``array[i] += 1`` (``op`` "add") or ``-= 1`` ("sub"), at
    once for every thread (LLVM's atomicrmw), that gives the value before."""

    def fetch(typingctx: Any, array: Any, i: Any) -> tuple[Signature, Callable[..., Any]]:
        sig = array.dtype(array, types.int64)

        def codegen(context: Any, builder: Any, signature: Any, args: Sequence[Any]) -> Any:
            aryty = signature.args[0]
            ary = context.make_array(aryty)(context, builder, args[0])
            ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]])
            one = ir.Constant(ptr.type.pointee, 1)
            return builder.atomic_rmw(op, ptr, one, "monotonic")

        return sig, codegen

    fetch.__name__ = fetch.__qualname__ = f"fetch_{op}_one"
    return fetch


#: ``array[i] += 1`` at once for every thread; the value before: the next chunk a lane
#: takes (``taken``, the counter :func:`run_lanes`'s lanes share).
fetch_add_one = intrinsic(_fetch_one("add"))
#: ``array[i] -= 1`` at once for every thread; the value before (a push's counter).
fetch_sub_one = intrinsic(_fetch_one("sub"))
