"""The argument types of the commands: each parses one option's text or says, in one line,
why it cannot (argparse prints it and the command exits 2)."""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from pyramid_lab.model.game import quote

from ..lab import limits
from ..lab.export_plan import SIDES


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


def _finite(text: str) -> float:
    """``text`` as a finite number (argparse's error otherwise)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number") from None
    if not math.isfinite(value):  # inf, nan, and numbers of hundreds of digits (inf too)
        raise argparse.ArgumentTypeError(f"must be a finite number, not {limits.shown(text)}")
    return value


def _refuse(problem: str | None) -> None:
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)


def positive_float(text: str) -> float:
    value = _finite(text)
    _refuse(limits.positive_problem(value, text))
    return value


def table_mb(text: str) -> float:
    """A table size in MiB: more than 0, and at most the machine's memory (a bigger one
    would be refused by the allocator or swap the machine to a halt); the API's check
    (:mod:`viewer.lab.limits`)."""
    value = _finite(text)
    _refuse(limits.table_mb_problem(value, text))
    return value


#: The longest ``analyze --engine`` may think on one position.
MAX_ENGINE_SECONDS = limits.MAX_ENGINE_SECONDS


def engine_seconds(text: str) -> float:
    value = _finite(text)
    _refuse(limits.engine_seconds_problem(value, text))
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
    low, high = SIDES
    if match is None or not all(low <= int(v) <= high for v in match.groups()):
        raise argparse.ArgumentTypeError(
            f"{quote(text)} is not a size like 1024x768 ({low} to {high})"
        )
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
