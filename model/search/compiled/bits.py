"""Bit tricks and a random number generator for the compiled kernels (numba).

``cttz`` and ``popcount`` are LLVM's instructions on an int64; the generator is xorshift64*
kept in one int64 (numba's own ``np.random`` cannot be seeded per search and replayed).
Shifts of negative int64 values are arithmetic in numba, so the generator masks them to
logical ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from llvmlite import ir
from numba import njit, types
from numba.core.extending import intrinsic

from .arrays import Words

if TYPE_CHECKING:
    from numba.core.typing.templates import Signature


def _int64_instruction(
    emit: Callable[[ir.IRBuilder, ir.Value], ir.Value],
) -> Callable[[int], int]:
    """An intrinsic from int64 to int64: the one LLVM instruction that ``emit`` writes
    on its argument."""

    def typer(typingctx: Any, x: Any) -> tuple[Signature, Callable[..., ir.Value]]:
        def codegen(
            context: Any, builder: ir.IRBuilder, signature: Any, args: Sequence[ir.Value]
        ) -> ir.Value:
            return emit(builder, args[0])

        return types.int64(types.int64), codegen

    return intrinsic(typer)


#: The index of the lowest set bit of a non-zero int64 (LLVM's cttz).
cttz = _int64_instruction(lambda builder, x: builder.cttz(x, ir.Constant(ir.IntType(1), 1)))
#: The number of set bits of an int64 (LLVM's ctpop).
popcount = _int64_instruction(lambda builder, x: builder.ctpop(x))


LOW_53 = (1 << 53) - 1
MULTIPLIER = 2685821657736338717  # xorshift64*'s


@njit(cache=True, inline="always")
def next_random(rng: Words) -> int:
    """Advance the generator in ``rng[0]`` (never 0) and return 53 random bits."""
    x = rng[0]
    x ^= (x >> 12) & ((1 << 52) - 1)
    x ^= x << 25
    x ^= (x >> 27) & ((1 << 37) - 1)
    rng[0] = x
    return ((x * MULTIPLIER) >> 11) & LOW_53


@njit(cache=True, inline="always")
def below(rng: Words, n: int) -> int:
    """A random integer in [0, n), n >= 1."""
    return next_random(rng) % n


@njit(cache=True, inline="always")
def uniform(rng: Words) -> float:
    """A random float in [0, 1)."""
    return next_random(rng) / 9007199254740992.0


def seed_state(seed: int | None) -> int:
    """A non-zero generator state from any seed (None: from the operating system)."""
    import random

    value = random.Random(seed).getrandbits(63)
    return value or 1


@njit(cache=True, inline="always")
def mix64(x: int) -> int:
    """A 64-bit finaliser (splitmix64's): every output bit depends on every input bit."""
    x ^= (x >> 30) & ((1 << 34) - 1)
    x *= -4658895280553007687
    x ^= (x >> 27) & ((1 << 37) - 1)
    x *= -7723592293110705685
    x ^= (x >> 31) & ((1 << 33) - 1)
    return x
