"""Counts the lab says in a sentence ('3 moves', '1 ply'), made language-free
(:func:`pyramid_lab.i18n.Mn_`): each language's plural rule, its way with numbers. The
English is the rules' (:func:`model.puzzle.moves_text`, :func:`~model.puzzle.plies_text`)."""

from __future__ import annotations

from pyramid_lab.i18n import Message, Mn_


def moves_said(count: int) -> Message:
    """'1 move', '3 moves' (a side's moves: its turns)."""
    # TRANSLATORS: a count of moves, said after "in" or "within" ("solved in 3 moves"): in
    # German the dative ("in 3 Zügen")
    return Mn_("{count} move", "{count} moves", count, count=count)


def plies_said(count: int) -> Message:
    """'1 ply', '3 plies' (one player's move each)."""
    return Mn_("{count} ply", "{count} plies", count, count=count)
