"""A move's row of an analysis as every front end says it (the Analysis dock, the
classroom, ``analyze --engine``): plain words, which the window's widgets may import."""

from __future__ import annotations

from pyramid_lab.model import search


def row_words(stat: search.MoveStat) -> tuple[str, str]:
    """A move's row as every front end says it: its mark ("exact": proven, its length the
    shortest win or the longest resistance; "within": proven, a strategy's length; or
    "estimate": the search's win rate, not a proven value) and its words ('loss in 32
    plies', 'estimate (69 playouts)'), as ``analyze --engine`` marks the move
    (``exact``, ``estimate``)."""
    if stat.proven is not None:
        return stat.mark, stat.proven_text
    return stat.mark, f"estimate ({stat.visits:,} playouts)" if stat.visits else "estimate"
