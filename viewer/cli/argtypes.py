"""The argument types of the commands: each parses one option's text or says, in one line,
why it cannot (argparse prints it and the command exits 2)."""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from pyramid_lab.i18n import _
from pyramid_lab.model.game import quote

from ..lab import limits


def _too_long(text: str) -> str:
    """Why ``text`` (over 20 characters) is no number: its start, then "too long"."""
    return _("{start}...: too long for a number").format(start=text[:20])


def _not_whole(text: str) -> str:
    return _("{text} is not a whole number").format(text=quote(text))


def _between(lo: int, hi: int, value: int) -> str:
    return _("must be {lo} to {hi}, not {value}").format(lo=lo, hi=hi, value=value)


def _at_least_0(text: str, not_a_number: str) -> int:
    """``text`` as a whole number of 0 or more; ``not_a_number`` says why when it is none."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(not_a_number) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("must be 0 or more, not {value}").format(value=value))
    return value


def non_negative(text: str) -> int:
    if len(text) > 20:  # int() refuses numbers of thousands of digits with ValueError anyway
        raise argparse.ArgumentTypeError(_too_long(text))
    return _at_least_0(text, _not_whole(text))


def piece_count(text: str) -> int:
    """A number of pieces on the board (``endgame``'s K)."""
    return _at_least_0(text, _("expected a number of pieces, not {text!r}").format(text=text))


#: Deepest ``perft``: it counts every sequence of moves, so even two moves a ply would be
#: 2**100 sequences; only a position with forced moves could be counted that deep.
MAX_PERFT_DEPTH = 100


def perft_depth(text: str) -> int:
    value = non_negative(text)
    if value > MAX_PERFT_DEPTH:
        raise argparse.ArgumentTypeError(_between(0, MAX_PERFT_DEPTH, value))
    return value


def _finite(text: str) -> float:
    """``text`` as a finite number (argparse's error otherwise)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number").format(text=quote(text))
        ) from None
    if not math.isfinite(value):  # inf, nan, and numbers of hundreds of digits (inf too)
        if len(text) <= 20:  # (as limits.shown says it, each a sentence of its own)
            why = _("must be a finite number, not {text}").format(text=text)
        else:
            why = _("must be a finite number, not a number of {count} characters")
            why = why.format(count=len(text))
        raise argparse.ArgumentTypeError(why)
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
        raise argparse.ArgumentTypeError(_too_long(text))
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_not_whole(text)) from None
    if not 1 <= value <= computer.MAX_THREADS:
        raise argparse.ArgumentTypeError(_between(1, computer.MAX_THREADS, value))
    return value


def bounded(lo: int, hi: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = non_negative(text)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(_between(lo, hi, value))
        return value

    return parse


def size(text: str) -> tuple[int, int]:
    from ..lab.export_plan import SIDES  # (its session not imported by every command's parser)

    match = re.fullmatch(r"(\d+)x(\d+)", text)
    low, high = SIDES
    if match is None or not all(low <= int(v) <= high for v in match.groups()):
        raise argparse.ArgumentTypeError(
            _("{text} is not a size like 1024x768 ({low} to {high})").format(
                text=quote(text), low=low, high=high
            )
        )
    return int(match.group(1)), int(match.group(2))


def level_range(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d{1,6}):(\d{1,6})", text)
    if match is None:
        raise argparse.ArgumentTypeError(
            _("{text} is not a level range like 0:2").format(text=quote(text))
        )
    lo, hi = int(match.group(1)), int(match.group(2))
    if lo > hi:
        raise argparse.ArgumentTypeError(
            _("{text}: the first level must not be above the last").format(text=quote(text))
        )
    return lo, hi


def one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        for choice in choices:
            if text.upper() == choice.upper():
                return choice
        raise argparse.ArgumentTypeError(
            _("{text} is not one of {choices}").format(text=quote(text), choices=", ".join(choices))
        )

    return parse
