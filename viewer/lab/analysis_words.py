"""A move's row of an analysis as every front end says it (the Analysis dock, the
classroom, ``analyze --engine``): plain words, which the window's widgets may import.

The words are :class:`~pyramid_lab.i18n.Message` s (issue 90): English as they always were
(``estimate (1,234 playouts)``, ``loss within 40 plies``), said in each reader's language
where shown; the playouts a :func:`~pyramid_lab.i18n.number`, so every language writes
them its own way (``1,234``; German ``1.234``)."""

from __future__ import annotations

from pyramid_lab.i18n import M_, Mn_, number
from pyramid_lab.model import search
from pyramid_lab.model.showing import value_words


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
    ('win in 3 plies', 'loss within 40 plies', 'draw'), a Message (the words a notebook's
    table says too: :func:`model.showing.value_words`); a value the catalog does not know
    as that text."""
    assert stat.proven is not None
    return value_words(stat.proven, stat.plies, stat.exact)
