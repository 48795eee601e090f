"""HTML whose words are said in each reader's language (issue 90, ``docs/i18n.md``): a panel
a game shows beside its board (Rolling Pyramids' dice pool and faction boards) is made once,
language-free, and said where it is shown: the window in its language, each page of the
classroom in its own.

A :class:`SaidHtml` is a ``str`` whose text is the English HTML (what it always was: the
tests and the window's English read that), made of pieces: markup and notation as they
are, and sentences of the catalog (:class:`~pyramid_lab.i18n.Message`: whole sentences or a
box's heading, never a sentence put together from pieces), each said in the reader's
language and then escaped (:meth:`SaidHtml.said_in`)."""

from __future__ import annotations

import html
from collections.abc import Iterable

from pyramid_lab.i18n import Message, shown

__all__ = ["SaidHtml", "html_said"]


class SaidHtml(str):
    """HTML made of markup (kept as it is: escaped where made) and Messages (said in the
    reader's language, then escaped). Its ``str`` is the English."""

    __slots__ = ("pieces",)
    pieces: tuple[str, ...]

    def __new__(cls, pieces: Iterable[str]) -> SaidHtml:
        kept = tuple(_flat(pieces))
        made = super().__new__(cls, "".join(_english(piece) for piece in kept))
        made.pieces = kept
        return made

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (SaidHtml, (self.pieces,))

    def said_in(self, language: str | None) -> str:
        """The HTML with its Messages said in ``language`` (the current one where None, as
        :func:`pyramid_lab.i18n.shown` takes it) and escaped."""
        return "".join(
            html.escape(shown(piece, language)) if isinstance(piece, Message) else piece
            for piece in self.pieces
        )


def _flat(pieces: Iterable[str]) -> Iterable[str]:
    for piece in pieces:
        if isinstance(piece, SaidHtml):
            yield from piece.pieces
        elif piece:
            yield piece


def _english(piece: str) -> str:
    return html.escape(str.__str__(piece)) if isinstance(piece, Message) else piece


def html_said(text: str, language: str | None = None) -> str:
    """``text`` as HTML in ``language``: a :class:`SaidHtml` said in it, any other HTML as
    it is."""
    return text.said_in(language) if isinstance(text, SaidHtml) else text
