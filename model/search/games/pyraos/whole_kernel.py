"""The compiled kernels of the whole-game retrograde analysis (:mod:`.whole`): the rules
over a pyramid given as arrays (any base the model has, :func:`model.pyraos.geometry`),
the index of a canonical position by table lookup, one round of the analysis over a range
of a layer, and the one-pass check of a finished table.

The pyramid's arrays (``geo``, made by :func:`.kernel.geometry_arrays`) are the move
generator's: the whole-game kernels generate a position's moves with the forward searches'
own (:func:`.kernel.moves_or_pass_in`), over the table's pyramid.

Symmetries a canonical shape has of its own (``stab``: a bit each, by its number over all
layers) make several colourings the same position: only the least image is evaluated and
read (:func:`least_image`), the copies' bytes stay 0.

The index (``index``, made by :func:`.whole.index`): every support-closed shape of the
pyramid without its top in an open-addressing hash (``hashed``: the shape and, beside it,
its canonical shape's number in its layer, the first symmetry that takes it there and the
canonical shape's number over all layers, for flags a shape), so a child's index costs one
hash probe, four byte lookups for the own spheres' image and a rank of up to 15 bits
(colex: ``binom[position, count]``), never a search.
``shape_points`` holds, for each canonical shape, its points in order (up to 29);
``ncol[n]``, ``coff[n, a]`` the colourings of a layer and where those with ``a`` own
spheres start.

A value is a byte: 0 not decided, else 1 + the plies to the end with best play (even: the
side to move loses; odd: it wins; 1: it has no move, 2: it places the top or leaves the
other without a move).

The kernels are in three parts, this module gathering them (``whole_kernel.X`` for
each): :mod:`.whole_index` (the index, ranks and the walk over a range),
:mod:`.whole_rounds` (what reads a position's children's values: a round over a range,
the one-pass check of a finished table) and :mod:`.whole_push` (push retrograde:
un-moves, counters).
"""

from __future__ import annotations

from .kernel import MAX_MOVES
from .whole_index import (
    CHUNK,
    HASH_MULTIPLIER,
    Walk,
    _advance,
    _bounds,
    _next_pattern,
    _read,
    _scatter,
    _start,
    _step,
    find_slot,
    layer_counts,
    layer_keys,
    least_image,
    locate,
    locate_in,
    slot_info,
    transform,
    unrank,
    value_of,
)
from .whole_push import (
    ESCAPE,
    KEY_SHIFT,
    MAX_PREDECESSORS,
    MOST_IN_BYTE,
    OPEN,
    _emit,
    _holds_back,
    children_count,
    children_keys,
    count_between,
    count_byte,
    decided_only,
    distinct,
    escaped_counts,
    fetch_add_one,
    fetch_sub_one,
    find_byte,
    load_word,
    next_holding,
    placeable,
    predecessor_keys,
    push_range,
    seed_range,
)
from .whole_rounds import (
    check_position,
    evaluate,
    fresh_shapes,
    round_range,
    verify_chunk,
    verify_range,
)

__all__ = [
    "CHUNK",
    "ESCAPE",
    "HASH_MULTIPLIER",
    "KEY_SHIFT",
    "MAX_MOVES",
    "MAX_PREDECESSORS",
    "MOST_IN_BYTE",
    "OPEN",
    "Walk",
    "_advance",
    "_bounds",
    "_emit",
    "_holds_back",
    "_next_pattern",
    "_read",
    "_scatter",
    "_start",
    "_step",
    "check_position",
    "children_count",
    "children_keys",
    "count_between",
    "count_byte",
    "decided_only",
    "distinct",
    "escaped_counts",
    "evaluate",
    "fetch_add_one",
    "fetch_sub_one",
    "find_byte",
    "find_slot",
    "fresh_shapes",
    "layer_counts",
    "layer_keys",
    "least_image",
    "load_word",
    "locate",
    "locate_in",
    "next_holding",
    "placeable",
    "predecessor_keys",
    "push_range",
    "round_range",
    "seed_range",
    "slot_info",
    "transform",
    "unrank",
    "value_of",
    "verify_chunk",
    "verify_range",
]
