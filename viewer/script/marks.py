"""A script's own marks on a position's diagram, as python-chess's ``chess.svg.board``
takes them (``docs/api.md``, "A diagram: SVG"): the last move (``lastmove``), arrows
(``arrows``) and marked points (``squares``), drawn on the window's frame with the
window's own marks (:mod:`viewer.lab.frame`): the last move's points rimmed as a hint's
source is, arrows as paths, marked points as a lesson's highlights. Points are written as
position files write them (``(1, 1, 0)`` or ``"1,1,0"``); each is checked against the
board before anything is drawn."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from pyramid_lab.i18n import _
from pyramid_lab.model.game import Game, Move, quote

from ..lab.frame import Frame
from ..lab.frame import Path as Tube
from ..lab.lesson_marks import lesson_frame

#: The colours an arrow takes (the window's paths'), the first unless told.
ARROW_COLOURS = ("green", "red", "blue", "yellow")


def point(value: object) -> tuple[int, ...]:
    """A point as a tuple of ints, from a tuple or list of ints or its text "1,1,0";
    ValueError saying how one is written."""
    if isinstance(value, str):
        try:
            return tuple(int(part) for part in value.split(","))
        except ValueError:
            pass
    elif (
        isinstance(value, tuple | list)
        and value
        and all(isinstance(c, int) and not isinstance(c, bool) for c in value)
    ):
        return tuple(value)
    raise ValueError(
        _(
            "{value} is not a point; write it as position files do, e.g. (1, 1, 0) or '1,1,0'"
        ).format(value=quote(value))
    )


def _site(ui: Any, value: object) -> int:
    coords = point(value)
    try:
        site = int(ui.site_of(coords))
        if site >= 0 and tuple(ui.coords_of(site)) == coords:  # (a board's own numbering)
            return site
    except (KeyError, ValueError, IndexError, TypeError, NotImplementedError):
        pass
    raise ValueError(_("{value} is not a point of this board").format(value=quote(value)))


def arrows(value: object) -> list[tuple[object, object, str]]:
    """``arrows`` as (tail, head, colour): each a pair of points, or a triple with one of
    :data:`ARROW_COLOURS`."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(
            _("arrows must be a list of (tail, head) or (tail, head, colour), not {value}").format(
                value=quote(value)
            )
        )
    found: list[tuple[object, object, str]] = []
    for arrow in value:
        if not isinstance(arrow, tuple | list) or len(arrow) not in (2, 3):
            raise ValueError(
                _("an arrow is (tail, head) or (tail, head, colour), not {value}").format(
                    value=quote(arrow)
                )
            )
        colour = arrow[2] if len(arrow) == 3 else ARROW_COLOURS[0]
        if colour not in ARROW_COLOURS:
            raise ValueError(
                _("{colour} is not an arrow's colour; the colours: {colours}").format(
                    colour=quote(colour), colours=", ".join(ARROW_COLOURS)
                )
            )
        found.append((arrow[0], arrow[1], str(colour)))
    return found


def squares(value: object) -> list[object]:
    """``squares``, the points to mark, as a list."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(
            _("squares must be a list of points, not {value}").format(value=quote(value))
        )
    return list(value)


def last_move(game: Game, move: Move | str) -> tuple[Game, Move]:
    """The position ``move`` was played in and the move: the one before ``game`` where
    ``move`` is its last move, else ``game`` itself (where it is legal)."""
    before = game.copy()
    if before.move_stack:
        before.pop()
    parsed = before.parse_move(move) if isinstance(move, str) else move
    if not isinstance(parsed, Move):
        raise TypeError(_("a move or its text, not {value}").format(value=quote(move)))
    if game.move_stack and game.move_stack[-1] == parsed:
        return before, parsed
    if game.why_illegal(parsed) is None:
        return game, parsed
    raise ValueError(
        _("{move} is neither the last move nor a legal move here").format(move=quote(str(parsed)))
    )


def marker(
    game: Game,
    lastmove: Move | str | None,
    arrow_list: list[tuple[object, object, str]],
    marked: list[object],
) -> Any:
    """The diagram's ``marks`` (:func:`viewer.pictures.diagrams.diagram`): the game UI and
    its frame -> the frame with these marks. Every point is checked when it is called."""
    played = last_move(game, lastmove) if lastmove is not None else None

    def marks(ui: Any, frame: Frame) -> Frame:
        tubes = [
            Tube((_site(ui, tail), _site(ui, head)), colour) for tail, head, colour in arrow_list
        ]
        rims = {k: tuple(v) for k, v in frame.highlights.items()}
        if played is not None:
            before, move = played
            sites = (*ui.move_from(before, move), *ui.move_sites(before, move))
            if sites:
                rims["selected"] = (*rims.get("selected", ()), *sites)
        for value in marked:
            _site(ui, value)
        frame = dataclasses.replace(frame, paths=(*frame.paths, *tubes), highlights=rims)
        return lesson_frame(frame, ui, highlights=[point(value) for value in marked])

    return marks
