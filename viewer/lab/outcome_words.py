"""What the board says of a hand on it (:mod:`.outcome`), made from the answer: the way to
the points a ball clicked hides, a set-up click's erased ball, a refusal with its advice;
and the window's way to reach a point behind a ball (:func:`window_reach`). Every sentence
goes through the catalog (:mod:`pyramid_lab.i18n`)."""

from __future__ import annotations

from typing import Protocol

from pyramid_lab.i18n import _


class Behind(Protocol):
    """What the words read of the points a ball clicked hides (:class:`.outcome.Behind`;
    a Protocol, not that class: the outcome imports these words)."""

    @property
    def clicked(self) -> tuple[int, ...]: ...
    @property
    def points(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def piece(self) -> str: ...
    @property
    def reach(self) -> str: ...
    @property
    def pick(self) -> bool: ...


class Erased(Protocol):
    """What the words read of a ball a set-up click erased (:class:`.outcome.Erased`)."""

    @property
    def colour(self) -> str: ...
    @property
    def point(self) -> str: ...
    @property
    def piece(self) -> str: ...


def point_name(point: tuple[int, ...]) -> str:
    """A point as the board names it: '1,0,2'."""
    return ",".join(map(str, point))


def window_reach(level: int, front: int) -> str:
    """The window's way to points of ``level`` at most behind balls whose lowest is of
    level ``front`` (:attr:`viewer.lab.board.FrontWords.reach`): the levels above them
    hidden (View dock: Levels' top) where every ball in front is one of them, else that
    and the board seen from above (no ball of their level or below hides them there).
    Ghosts alone reveal nothing (they show the balls a peel hid), so they are not
    offered."""
    if level < front:
        return _("peel to level {level} (View dock: Levels) or turn the board").format(level=level)
    return _(
        "peel to level {level} (View dock: Levels) and look from above (View > Camera: top)"
    ).format(level=level)


def behind_words(behind: Behind) -> str:
    """What reaches the points ``behind`` a ball clicked: a second click on the ball where
    one point lies behind it, else the front end's way."""
    clicked, piece, reach = point_name(behind.clicked), behind.piece, behind.reach
    names = [point_name(p) for p in behind.points]
    if behind.pick:
        return _(
            "Click {clicked} again to pick {point}, the point its {piece} hides, "
            "instead, or {reach}"
        ).format(clicked=clicked, point=names[0], piece=piece, reach=reach)
    if len(names) == 1:
        return _(
            "Click {clicked} again to play {point}, the point its {piece} hides, or {reach}"
        ).format(clicked=clicked, point=names[0], piece=piece, reach=reach)
    first = names[:3]
    if len(names) <= 3:
        shown = _("{points} and {last}").format(points=", ".join(first[:-1]), last=first[-1])
    else:
        shown = f"{', '.join(first)} ..."
    return _("To reach {points}, hidden behind the {piece} at {clicked}: {reach}").format(
        points=shown, piece=piece, clicked=clicked, reach=reach
    )


def erased_words(erased: Erased) -> str:
    """A set-up click took a ball off: said, with the way back and the way behind it."""
    return _(
        "set-up: erased the {colour} {piece} at {point} "
        "(Undo brings it back; to reach a point behind it, peel or show the ghosts)"
    ).format(colour=erased.colour, piece=erased.piece, point=erased.point)


def with_advice(said: str, behind: Behind | None) -> str:
    """``said`` (why a click did nothing, or '') after the advice on the points behind
    the ball (what to do first: the status bar cuts a long line)."""
    if behind is None:
        return said
    advice = behind_words(behind)
    said = said.rstrip(". ")
    return _("{advice}. {said}").format(advice=advice, said=said) if said else advice


def drawn_words(erased: Erased | None, behind: Behind | None) -> str:
    """A step drawn: the ball a set-up click erased, the points behind the ball clicked."""
    return with_advice(erased_words(erased) if erased is not None else "", behind)


def refused_words(why: str, behind: Behind | None) -> str:
    """A refusal: why, after the way to the points behind the ball clicked."""
    return with_advice(why, behind)
