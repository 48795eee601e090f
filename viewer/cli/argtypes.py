"""The argument types of the commands: each parses one option's text or says, in one line,
why it cannot (argparse prints it and the command exits 2)."""

from __future__ import annotations

import argparse
import math
import os
import re
from collections.abc import Callable

from pyramid_lab.model.game import quote


def _at_least_0(text: str, not_a_number: str) -> int:
    """``text`` as a whole number of 0 or more; ``not_a_number`` says why when it is none."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(not_a_number) from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def non_negative(text: str) -> int:
    if len(text) > 20:  # int() refuses numbers of thousands of digits with ValueError anyway
        raise argparse.ArgumentTypeError(f"{text[:20]}...: too long for a number")
    return _at_least_0(text, f"{quote(text)} is not a whole number")


def piece_count(text: str) -> int:
    """A number of pieces on the board (``endgame``'s K)."""
    return _at_least_0(text, f"expected a number of pieces, not {text!r}")


#: Deepest ``perft``: it counts every sequence of moves, so even two moves a ply would be
#: 2**100 sequences; only a position with forced moves could be counted that deep.
MAX_PERFT_DEPTH = 100


def perft_depth(text: str) -> int:
    value = non_negative(text)
    if value > MAX_PERFT_DEPTH:
        raise argparse.ArgumentTypeError(f"must be 0 to {MAX_PERFT_DEPTH}, not {value}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number") from None
    if not math.isfinite(value):  # inf, nan, and numbers of hundreds of digits (inf too)
        shown = text if len(text) <= 20 else f"a number of {len(text)} characters"
        raise argparse.ArgumentTypeError(f"must be a finite number, not {shown}")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


def table_mb(text: str) -> float:
    """A table size in MiB: more than 0, and at most the machine's memory (a bigger one
    would be refused by the allocator or swap the machine to a halt)."""
    value = positive_float(text)
    memory = memory_mb()
    if memory is not None and value > memory:
        raise argparse.ArgumentTypeError(
            f"must be at most this machine's memory, {memory:,.0f} MiB, not {text}"
        )
    return value


def memory_mb() -> float | None:
    """The machine's physical memory in MiB, where the system says."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (AttributeError, ValueError, OSError):
        return None


#: The longest ``analyze --engine`` may think on one position.
MAX_ENGINE_SECONDS = 3600.0


def engine_seconds(text: str) -> float:
    value = positive_float(text)
    if not value <= MAX_ENGINE_SECONDS:  # also refuses inf
        raise argparse.ArgumentTypeError(
            f"must be at most {MAX_ENGINE_SECONDS:g} seconds, not {text}"
        )
    return value


def threads(text: str) -> int:
    """A number of threads for a search to run on: 1 to the search's most."""
    from pyramid_lab.model.search import computer

    if len(text) > 20:
        raise argparse.ArgumentTypeError(f"{text[:20]}...: too long for a number")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    if not 1 <= value <= computer.MAX_THREADS:
        raise argparse.ArgumentTypeError(f"must be 1 to {computer.MAX_THREADS}, not {value}")
    return value


def bounded(lo: int, hi: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = non_negative(text)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be {lo} to {hi}, not {value}")
        return value

    return parse


def size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)x(\d+)", text)
    if match is None or not all(16 <= int(v) <= 8192 for v in match.groups()):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a size like 1024x768 (16 to 8192)")
    return int(match.group(1)), int(match.group(2))


def level_range(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d{1,6}):(\d{1,6})", text)
    if match is None:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a level range like 0:2")
    lo, hi = int(match.group(1)), int(match.group(2))
    if lo > hi:
        raise argparse.ArgumentTypeError(
            f"{quote(text)}: the first level must not be above the last"
        )
    return lo, hi


def one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        for choice in choices:
            if text.upper() == choice.upper():
                return choice
        raise argparse.ArgumentTypeError(f"{quote(text)} is not one of {', '.join(choices)}")

    return parse
