"""The scripting API's checks of its arguments (:mod:`viewer.script.position`): each bad
value is a ValueError or TypeError that names the argument and says what it takes, with the
command line's bounds (:mod:`viewer.lab.limits`), before any work is done."""

from __future__ import annotations

import os
from collections.abc import Callable

from pyramid_lab.i18n import N_, _
from pyramid_lab.model.files import SUFFIX
from pyramid_lab.model.game import quote

from ..lab import limits

#: What a number of each unit must be: (no number, no finite number), in words.
UNITS = {
    "seconds": (
        N_("{name} must be a number of seconds, not {value}"),
        N_("{name} must be a finite number of seconds, not {value}"),
    ),
    "MiB": (
        N_("{name} must be a number of MiB, not {value}"),
        N_("{name} must be a finite number of MiB, not {value}"),
    ),
}


def number(name: str, value: object, unit: str) -> float:
    """``value`` as a finite float: TypeError for what is no number, ValueError for inf,
    nan or a number beyond any float (``10**400``); ``unit`` one of :data:`UNITS`."""
    no_number, not_finite = UNITS[unit]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(_(no_number).format(name=name, value=quote(value)))
    finite = limits.finite_number(value)
    if finite is None:
        raise ValueError(_(not_finite).format(name=name, value=limits.shown(value)))
    return finite


#: A bound's check (:mod:`viewer.lab.limits`): the value, the text (None: the number), the
#: argument's name; why it is out of bounds, a whole sentence that names the argument.
Problem = Callable[[float, str | None, str], str | None]


def _checked(name: str, value: object, unit: str, problem: Problem) -> float:
    finite = number(name, value, unit)
    reason = problem(finite, None, name)
    if reason is not None:
        raise ValueError(reason)
    return finite


def seconds(name: str, value: object) -> float:
    """A number of seconds more than 0 (a search's time limit)."""
    return _checked(name, value, "seconds", limits.positive_problem)


def engine_seconds(name: str, value: object) -> float:
    """The seconds the engine thinks: more than 0, at most ``analyze --engine``'s most."""
    return _checked(name, value, "seconds", limits.engine_seconds_problem)


def table_mb(value: object) -> float:
    """The compiled solver's table in MiB: ``--table-mb``'s bounds (more than 0, at most
    this machine's memory)."""
    return _checked("table_mb", value, "MiB", limits.table_mb_problem)


def position_path(value: object) -> str:
    """A position file's name (str, bytes or a path) as text: TypeError for what is no
    file name, ValueError for a name that does not end in ``.pyr.json``."""
    if not isinstance(value, str | bytes | os.PathLike):
        raise TypeError(
            _("path must be a file name (str, bytes or a path), not {value}").format(
                value=quote(value)
            )
        )
    text = os.fsdecode(value)
    if not text.endswith(SUFFIX):
        raise ValueError(
            _("{path}: a position file's name ends in {suffix}").format(path=text, suffix=SUFFIX)
        )
    return text
