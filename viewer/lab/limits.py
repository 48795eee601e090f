"""The bounds of the numbers a search is given, said in words, for every front end: the
command line's argument types (:mod:`viewer.cli.argtypes`) and the scripting API
(:mod:`viewer.script.checks`) ask the same questions here, so that a value one refuses the
other refuses too, with the same reason."""

from __future__ import annotations

import math
import os

from pyramid_lab.i18n import _, format_number
from pyramid_lab.model.game import quote

#: The longest ``analyze --engine`` (and the API's ``analyse``) may think on one position.
MAX_ENGINE_SECONDS = 3600.0


def memory_mb() -> float | None:
    """The machine's physical memory in MiB, where the system says."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (AttributeError, ValueError, OSError):
        return None


def finite_number(value: object) -> float | None:
    """``value`` as a float where it is a number (not a bool) that a float holds finitely;
    None otherwise (``10**400``, inf and nan included)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        return None
    return number if math.isfinite(number) else None


def shown(value: object) -> str:
    """``value`` as a message shows it: a number of hundreds of digits by its length."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**20:
        digits = format_number(value.bit_length() * 0.30103, digits=0)
        return _("a whole number of about {count} digits").format(count=digits)
    text = value if isinstance(value, str) else quote(value)
    if len(text) <= 20:
        return text
    return _("a number of {count} characters").format(count=format_number(len(text)))


def positive_problem(value: float, text: str | None = None, name: str = "") -> str | None:
    """Why a finite number is not more than 0, or None; ``text``: the value as the user
    wrote it (default: the number); ``name``: the argument the sentence names (the
    scripting API's; '' for an option, which argparse names)."""
    if value > 0:
        return None
    said = text or f"{value:g}"
    if name:
        return _("{name} must be more than 0, not {text}").format(name=name, text=said)
    return _("must be more than 0, not {text}").format(text=said)


def table_mb_problem(value: float, text: str | None = None, name: str = "") -> str | None:
    """Why a finite table size in MiB is none a search can have (0 or less, more than this
    machine's memory), or None (``text`` and ``name`` as :func:`positive_problem`'s)."""
    problem = positive_problem(value, text, name)
    if problem is not None:
        return problem
    memory = memory_mb()
    if memory is None or value <= memory:
        return None
    values = {"memory": format_number(round(memory)), "text": text or f"{value:g}"}
    if name:
        said = _("{name} must be at most this machine's memory, {memory} MiB, not {text}")
        return said.format(name=name, **values)
    return _("must be at most this machine's memory, {memory} MiB, not {text}").format(**values)


def engine_seconds_problem(value: float, text: str | None = None, name: str = "") -> str | None:
    """Why a finite number of seconds is none the engine thinks for, or None (``text`` and
    ``name`` as :func:`positive_problem`'s)."""
    problem = positive_problem(value, text, name)
    if problem is not None or value <= MAX_ENGINE_SECONDS:
        return problem
    values = {"most": f"{MAX_ENGINE_SECONDS:g}", "text": text or f"{value:g}"}
    if name:
        return _("{name} must be at most {most} seconds, not {text}").format(name=name, **values)
    return _("must be at most {most} seconds, not {text}").format(**values)
