"""What Solve mode (:mod:`.solve`) says of an attempt, Qt-free: each a sentence of the
catalog made language-free (:func:`pyramid_lab.i18n.M_`), the window saying it in its
language; a colour a word, a move its notation."""

from __future__ import annotations

from pyramid_lab.i18n import M_, Message

from .outcome_words import moves_said, plies_said, word


def started(side: str, *, computer_off: bool) -> Message:
    """Solve mode began: the user plays ``side`` (the computer player was switched off
    for it: ``computer_off``)."""
    if computer_off:
        return M_(
            "Solve mode: play {side}, the computer defends (the computer player is off)",
            side=word(side),
        )
    return M_("Solve mode: play {side}, the computer defends", side=word(side))


def solved(moves: int, *, helped: bool) -> Message:
    """The goal reached in ``moves`` of the side's (``helped``: the solution was shown)."""
    if helped:
        return M_("Solved in {moves} (with the solution shown)!", moves=moves_said(moves))
    return M_("Solved in {moves}!", moves=moves_said(moves))


def not_won(side: str, moves: int) -> Message:
    """The attempt's end: ``side`` has not won within the ``moves`` it had."""
    return M_(
        "Failed: {side} has not won within {moves}.", side=word(side), moves=moves_said(moves)
    )


def refuted(last: str, mover: str, move: str, moves: int) -> Message:
    """After the user's ``last`` move, ``mover`` answers ``move`` and wins within ``moves``."""
    return M_(
        "Refuted: after {last}, {colour} answers {move} and wins within {moves}.",
        last=last,
        colour=word(mover),
        move=move,
        moves=moves_said(moves),
    )


def escaped(last: str, mover: str, move: str, side: str, plies: int) -> Message:
    """After the user's ``last`` move, ``mover`` escapes with ``move``: ``side`` cannot win
    in the ``plies`` left."""
    return M_(
        "Failed: after {last}, {colour} escapes with {move}: {side} can no longer win in "
        "time ({plies} left).",
        last=last,
        colour=word(mover),
        move=move,
        side=word(side),
        plies=plies_said(plies),
    )


def to_play(side: str, moves: int, plies: int) -> Message:
    """The user's move: ``side`` to win within ``moves`` (``plies`` left)."""
    return M_(
        "Your move: {side} to win within {moves} ({plies} left).",
        side=word(side),
        moves=moves_said(moves),
        plies=plies_said(plies),
    )
