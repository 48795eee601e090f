"""Positions read from their one-line text (``docs/file-formats.md``, "Position texts"):
:func:`from_text`, the way back of :meth:`Position.to_text`."""

from __future__ import annotations

from pyramid_lab.model.text import read_position_text

from .position import Position


def from_text(text: str) -> Position:
    """The position written ``text``, a position text (:meth:`Position.to_text`'s line):
    PositionTextError (a PositionFormatError, so a ValueError) naming the character where
    it goes wrong and what is wrong there."""
    return Position(read_position_text(text))
