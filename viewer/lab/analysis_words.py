"""A move's row of an analysis as every front end says it (the Analysis dock, the
classroom, ``analyze --engine``): plain words, which the window's widgets may import.

The words are :class:`~pyramid_lab.i18n.Message` s (issue 90): English as they always were
(``estimate (1,234 playouts)``, ``loss within 40 plies``), said in each reader's language
where shown; the playouts a :func:`~pyramid_lab.i18n.number`, so every language writes
them its own way (``1,234``; German ``1.234``)."""

from __future__ import annotations

from collections.abc import Callable

from pyramid_lab.i18n import M_, Message, Mn_, number
from pyramid_lab.model import search

#: What the search proved of a move and how far: by its value and whether its length is
#: exact (the shortest win or the longest resistance) or a strategy's, the words of a count.
_LENGTHS: dict[tuple[str, bool], Callable[[int], Message]] = {
    ("win", True): lambda n: Mn_("win in {count} ply", "win in {count} plies", n, count=n),
    ("win", False): lambda n: Mn_("win within {count} ply", "win within {count} plies", n, count=n),
    ("loss", True): lambda n: Mn_("loss in {count} ply", "loss in {count} plies", n, count=n),
    ("loss", False): lambda n: Mn_(
        "loss within {count} ply", "loss within {count} plies", n, count=n
    ),
}
#: A proven value without a length.
_VALUES = {
    # TRANSLATORS: an analysis row's proven value for the side to move (a noun)
    "win": M_("win"),
    # TRANSLATORS: an analysis row's proven value for the side to move (a noun)
    "loss": M_("loss"),
    # TRANSLATORS: an analysis row's proven value for the side to move (a noun)
    "draw": M_("draw"),
}


def row_words(stat: search.MoveStat) -> tuple[str, str]:
    """A move's row as every front end says it: its mark ("exact": proven, its length the
    shortest win or the longest resistance; "within": proven, a strategy's length; or
    "estimate": the search's win rate, not a proven value) and its words ('loss in 32
    plies', 'estimate (69 playouts)'), as ``analyze --engine`` marks the move
    (``exact``, ``estimate``). The mark is the rules' code; the words a Message."""
    if stat.proven is not None:
        return stat.mark, proven_words(stat)
    if not stat.visits:
        # TRANSLATORS: an analysis row's value: the search's win rate, not a proven value
        return stat.mark, M_("estimate")
    return stat.mark, Mn_(
        "estimate ({count} playout)",
        "estimate ({count} playouts)",
        stat.visits,
        count=number(stat.visits),
    )


def proven_words(stat: search.MoveStat) -> str:
    """What the search proved of ``stat``'s move, as ``MoveStat.proven_text`` writes it
    ('win in 3 plies', 'loss within 40 plies', 'draw'), a Message; a value the catalog does
    not know as that text."""
    assert stat.proven is not None
    lengths = _LENGTHS.get((stat.proven, stat.exact))
    if stat.plies is not None and lengths is not None:
        return lengths(stat.plies)
    if stat.proven in _VALUES and (stat.plies is None or stat.proven == "draw"):
        return _VALUES[stat.proven]
    return stat.proven_text
