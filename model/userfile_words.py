"""What the user's own files (:mod:`model.userfiles`: settings, lesson progress, puzzles
ticked) tell the user when one cannot be read or written, as Messages of the catalog
(issue 90): said in the language of whoever reads them. ``file`` is the file's name for
the user and its path (:func:`where`), ``lost`` what is not kept this run."""

from __future__ import annotations

from typing import Any

from pyramid_lab.i18n import M_, N_, Message

from .errors import shorten


def where(what: str, path: str) -> str:
    """The file named for the user: ``what`` (a word marked N_) and its ``path``."""
    return M_("{what} ({path})", what=Message(what), path=shorten(path))


def left_as_it_is(problem: str, lost: str) -> str:
    return M_("{problem}; it is left as it is, and {lost}", problem=problem, lost=Message(lost))


def cannot_read(file: str, reason: str) -> str:
    return M_("{file} cannot be read ({reason})", file=file, reason=reason)


def not_set_aside(file: str, problem: str, reason: str) -> str:
    return M_(
        "{file} is damaged ({problem}) and could not be set aside ({reason})",
        file=file,
        problem=problem,
        reason=reason,
    )


def set_aside_told(file: str, problem: str, name: str) -> str:
    return M_(
        "{file} was damaged ({problem}): it is kept as {name} beside it, and a fresh one starts",
        file=file,
        problem=problem,
        name=shorten(name),
    )


def looping_link() -> str:
    return M_("a symbolic link that leads round in a loop")


def not_an_object(value: Any) -> str:
    return M_("not a JSON object, but {kind}", kind=_kind(value))


def not_of_format(wanted: str, found: Any, given: bool) -> str:
    """Not the file's format ``wanted``: ``found`` its ``"format"`` (``given``: it has one)."""
    if not given:
        return M_("not of the format {format}: format none", format=wanted)
    return M_(
        "not of the format {format}: format {found}", format=wanted, found=shorten(repr(found))
    )


def newer(file: str, found: Any) -> str:
    return M_(
        "{file} was written by a newer Pyramid Lab (format {format})",
        file=file,
        format=shorten(str(found)),
    )


def nested_too_deeply() -> str:
    return M_("lists or objects nested too deeply")


def not_written(file: str, reason: str, lost: str) -> str:
    return M_(
        "{file} could not be written ({reason}), so {lost}",
        file=file,
        reason=reason,
        lost=Message(lost),
    )


def _kind(value: Any) -> str:
    """What a JSON value is, in words (null is notation)."""
    if isinstance(value, list):
        return Message(N_("a list"))
    if isinstance(value, str):
        return Message(N_("a text"))
    if value is None:
        return "null"
    if isinstance(value, bool):
        return Message(N_("true or false"))
    return Message(N_("a number"))
