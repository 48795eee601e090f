"""The lab's words put in a sentence, made language-free (:func:`pyramid_lab.i18n.M_`):
a word translated with its sentence (:func:`word`: the games' pieces, the sides' colours),
words joined the language's way (:func:`joined`), counts ('3 moves', '1 ply': each
language's plural rule; the English the rules', :func:`model.puzzle.moves_text`), a
point's name, and the window's way to reach a point behind a ball (:func:`window_reach`);
the window says them in its language, a student's page in the page's. What the board says
of a hand on it is the outcome's (:mod:`.outcome`)."""

from __future__ import annotations

from collections.abc import Iterable

from pyramid_lab.i18n import M_, N_, Message, Mn_

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


def moves_said(count: int) -> Message:
    """'1 move', '3 moves' (a side's moves: its turns)."""
    # TRANSLATORS: a count of moves, said after "in" or "within" ("solved in 3 moves"): in
    # German the dative ("in 3 Zügen")
    return Mn_("{count} move", "{count} moves", count, count=count)


def plies_said(count: int) -> Message:
    """'1 ply', '3 plies' (one player's move each)."""
    return Mn_("{count} ply", "{count} plies", count, count=count)
