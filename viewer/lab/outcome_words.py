"""What the board says of a hand on it (:mod:`.outcome`), made from the answer: the way to
the points a ball clicked hides, a set-up click's erased ball, a refusal with its advice;
and the window's way to reach a point behind a ball (:func:`window_reach`). Every sentence
is a message of the catalog, made language-free (:func:`pyramid_lab.i18n.M_`): the window
says it in its language, a student's page in the page's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from pyramid_lab.i18n import M_, N_, Message

#: What the games call their pieces (``GameUI.piece_word``, and one of them) and the
#: sides' colours, put in a sentence as words (translated with it, :func:`word`). (A
#: game's word that is also a game's name is declared in that game's folder.)
PIECE_WORDS = (
    *(N_("balls"), N_("sphere"), N_("spheres"), N_("stone"), N_("stones")),
    *(N_("piece"), N_("pieces"), N_("pyramid"), N_("pyramids"), N_("troop"), N_("troops")),
)
COLOUR_WORDS = (
    *(N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("white"), N_("black")),
    *(N_("grey"), N_("pharaoh")),
)


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


def word(text: str) -> str:
    """``text``, a word put in a sentence (a game's name for its pieces, a colour, a
    refusal's words), as a value that is translated with it: a
    :class:`~pyramid_lab.i18n.Message` as it is, another text as the message it is (kept
    as it is where the catalog lacks it: a lesson's own words)."""
    return text if isinstance(text, Message) else Message(text)


#: How :func:`joined` joins words: by commas, "and", "or".
_JOINS = {
    ", ": N_("{first}, {second}"),
    " and ": N_("{first} and {second}"),
    " or ": N_("{first} or {second}"),
    " / ": N_("{first} / {second}"),
}


def joined(items: Iterable[str], by: str = ", ") -> str:
    """``items``, words each (translated with the sentence), joined ``by`` ``", "``,
    ``" and "`` or ``" or "`` as ``by.join`` joins them in English ('' none)."""
    said = [word(item) for item in items]
    if not said:
        return ""
    out = said[0]
    for item in said[1:]:
        out = Message(_JOINS[by], values={"first": out, "second": item})
    return out


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
        return M_("peel to level {level} (View dock: Levels) or turn the board", level=level)
    return M_(
        "peel to level {level} (View dock: Levels) and look from above (View > Camera: top)",
        level=level,
    )


#: A game's piece as what hides a point ("the point its ball hides") and as what a point is
#: hidden behind ("hidden behind the ball"): whole words, each language's article and case
#: in them (a German "den Punkt, den die Kugel verdeckt"; "hinter dem Stein"), found by the
#: piece's word in their English (no game's name written outside its folder).
HIDERS = (
    *(N_("its ball"), N_("its sphere"), N_("its stone"), N_("its pyramid")),
    N_("its piece"),
)
HIDDEN_BEHIND = (
    *(N_("behind the ball"), N_("behind the sphere"), N_("behind the stone")),
    *(N_("behind the pyramid"), N_("behind the piece")),
)
_HIDER = {phrase.removeprefix("its "): phrase for phrase in HIDERS}
_BEHIND = {phrase.removeprefix("behind the "): phrase for phrase in HIDDEN_BEHIND}


def _hider(piece: str) -> str:
    found = _HIDER.get(piece)
    return word(found) if found is not None else M_("its {piece}", piece=word(piece))


def _hidden_behind(piece: str) -> str:
    found = _BEHIND.get(piece)
    return word(found) if found is not None else M_("behind the {piece}", piece=word(piece))


def behind_words(behind: Behind) -> str:
    """What reaches the points ``behind`` a ball clicked: a second click on the ball where
    one point lies behind it, else the front end's way."""
    clicked, reach = point_name(behind.clicked), word(behind.reach)
    piece = _hider(behind.piece)
    names = [point_name(p) for p in behind.points]
    if behind.pick:
        return M_(
            # TRANSLATORS: {piece} is "its ball" (what hides the point), a word of its own
            "Click {clicked} again to pick {point}, the point {piece} hides, instead, or {reach}",
            clicked=clicked,
            point=names[0],
            piece=piece,
            reach=reach,
        )
    if len(names) == 1:
        return M_(
            # TRANSLATORS: {piece} is "its ball" (what hides the point), a word of its own
            "Click {clicked} again to play {point}, the point {piece} hides, or {reach}",
            clicked=clicked,
            point=names[0],
            piece=piece,
            reach=reach,
        )
    first = names[:3]
    shown: str
    if len(names) <= 3:
        shown = M_("{points} and {last}", points=", ".join(first[:-1]), last=first[-1])
    else:
        shown = f"{', '.join(first)} ..."
    return M_(
        # TRANSLATORS: {behind} is "behind the ball", a word of its own
        "To reach {points}, hidden {behind} at {clicked}: {reach}",
        points=shown,
        behind=_hidden_behind(behind.piece),
        clicked=clicked,
        reach=reach,
    )


def erased_words(erased: Erased) -> str:
    """A set-up click took a ball off: said, with the way back and the way behind it."""
    return M_(
        "set-up: erased the {colour} {piece} at {point} "
        "(Undo brings it back; to reach a point behind it, peel or show the ghosts)",
        colour=word(erased.colour),
        piece=word(erased.piece),
        point=erased.point,
    )


def with_advice(said: str, behind: Behind | None) -> str:
    """``said`` (why a click did nothing, or '') after the advice on the points behind
    the ball (what to do first: the status bar cuts a long line)."""
    if behind is None:
        return said
    advice = behind_words(behind)
    if not said:
        return advice
    stripped = said.rstrip(". ")  # (a Message ending so is said without it: English then)
    return M_("{advice}. {said}", advice=advice, said=word(said if stripped == said else stripped))


def drawn_words(erased: Erased | None, behind: Behind | None) -> str:
    """A step drawn: the ball a set-up click erased, the points behind the ball clicked."""
    return with_advice(erased_words(erased) if erased is not None else "", behind)


def refused_words(why: str, behind: Behind | None) -> str:
    """A refusal: why, after the way to the points behind the ball clicked."""
    return with_advice(why, behind)
