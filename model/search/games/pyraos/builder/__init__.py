"""The whole game of Pyraos by retrograde analysis: every position from the empty pyramid to
the last sphere below the top, under the square's 8 symmetries, with each position's
distance to the end, resumable and split over a Dask cluster (issue 67).

Positions are boards from the side to move (each reserve is the spheres per side less
those on the board); a *layer* holds the boards of ``n`` spheres, indexed as canonical
shape (the least image of the occupied points under the 8 symmetries) x colouring (own
count, then the colex rank of the own spheres among the shape's points). A shape with
symmetries of its own keeps every colouring, so some positions are there twice, valued
alike; that costs a few per cent and keeps the index a product. The index of any board is
found by table lookup (:mod:`..prober.index`).

The analysis (K = 0: nothing is left outside, so what stays undecided is a draw by endless
play) goes in rounds ``d`` = 0, 1, 2, ...: round ``d`` decides exactly the positions whose
value is reached in ``d`` plies with best play (odd: wins, a child lost; even: losses,
every child won), visiting only positions still undecided. Values written in a round never
change what that round finds elsewhere, so a round's layers and shape ranges can run in
any order, at once on several workers, and a round cut short can be run again from where
its layers stand. The analysis ends after two rounds in a row decide nothing.

The table is a folder: ``table.json`` (format, the pyramid's base, the version of the
rules, the round under way and its layers done, each layer's size and CRC-32, the log of
every round) and ``layer-NN.bin`` (a byte a position: 0 undecided, else 1 + the plies to
the end). Each layer file is written whole to a temporary file and renamed, then the
header likewise, after the layer's share of a round; a build killed at any moment (kill -9
included) starts again from the last layer written, and reopening checks every layer
against its size and checksum.

The builder's parts, this module gathering their public names (``builder.X``; a probe
imports none of them, nor this package: :mod:`..prober.table` reads a table alone):
:mod:`..prober.files` (the header read with bounds and checked), :mod:`.store` (what a
build writes: layers written whole and renamed, the log, the lock, the counters kept),
:mod:`..prober.index` (the index), :mod:`..prober.table` (:class:`WholeTable`: a table read,
probed), :mod:`.building` (building: a new table, the lock held, by rounds in this
process or on a Dask cluster), :mod:`.steps` (building by push retrograde) and
:mod:`.verifying` (the one-pass check). The moves are the forward searches' own
generator (:mod:`..kernel`), over the pyramid's arrays (:func:`geometry_arrays`).
"""

from __future__ import annotations

from ..prober.files import (
    CHECKED,
    FORMAT,
    HEADER,
    LOCK,
    LOG,
    MAX_BYTE,
    MAX_HEADER,
    VERSION,
    TableError,
    checksum,
    layer_file,
    read_header,
    version_words,
)
from ..prober.index import UNIT_POSITIONS, Index, all_shapes, images, index
from ..prober.table import WholeTable, describe, position_text, warm_up
from ..pyramid_arrays import geometry_args, geometry_arrays
from .building import (
    BuildRun,
    Unit,
    build,
    build_folder,
    create,
    fresh_of,
    open_or_create,
    run_unit,
    units_of,
    worker_unit,
)
from .steps import (
    CHECKPOINT_SECONDS,
    NO_SIDE,
    PUSH_CHUNK,
    Interrupted,
    Progress,
    Side,
    Stopped,
    count_byte,
    escaped_side,
    push,
    push_layer,
    ready_kernels,
    side_of,
)
from .store import locked, write_head, write_layer
from .verifying import is_copy, verify

__all__ = [
    "CHECKED",
    "CHECKPOINT_SECONDS",
    "FORMAT",
    "HEADER",
    "LOCK",
    "LOG",
    "MAX_BYTE",
    "MAX_HEADER",
    "NO_SIDE",
    "PUSH_CHUNK",
    "UNIT_POSITIONS",
    "VERSION",
    "BuildRun",
    "Index",
    "Interrupted",
    "Progress",
    "Side",
    "Stopped",
    "TableError",
    "Unit",
    "WholeTable",
    "all_shapes",
    "build",
    "build_folder",
    "checksum",
    "count_byte",
    "create",
    "describe",
    "escaped_side",
    "fresh_of",
    "geometry_args",
    "geometry_arrays",
    "images",
    "index",
    "is_copy",
    "layer_file",
    "locked",
    "open_or_create",
    "position_text",
    "push",
    "push_layer",
    "read_header",
    "ready_kernels",
    "run_unit",
    "side_of",
    "units_of",
    "verify",
    "version_words",
    "warm_up",
    "worker_unit",
    "write_head",
    "write_layer",
]
