"""What a whole-game table costs to build (time, disk, memory on this machine's cores) and
the one command that builds it: an estimate made without the builder, for the book's words
of a position it does not know (:func:`book_end_words`, loaded where they are said) and the
command line's ``endgame build`` (through :mod:`..endgame`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_, Mn_, number

from .....words import colour
from ....book import DRAW

if TYPE_CHECKING:
    from .....game import Game

#: Measured on the 2-core machine (docs/engines.md, issue 67: processor time, the machine
#: shared; tests/bench/pyraos_whole.py). Push retrograde (a build in this process): bytes
#: of the table a second a core, every position's children counted once and every
#: position pushed once (the most: a draw is never pushed), 1.54 core-hours for the
#: base-4 game's 2.26e9 bytes. By rounds (a Dask build): positions evaluated a second a
#: core in the big layers, and evaluations a position (the base-3 game's 5.8, x 3 for
#: the longer base-4 game, a guess).
#: The push rate is the standard game's build here (issue 76): 2,257,858,569 bytes from
#: nothing in 788 to 826 s on this machine's 2 quiet cores, a first build's compile (35 to
#: 49 s) included (the twelfth session's lanes; 795 s loaded and 918 s with its compile for
#: the eleventh's kernels); this rate says 836 s (900,000 with the tenth session's kernels,
#: 1,260 s; 280,000 with the seventh's, 4,895 s on 2 shared cores). docs/engines.md has the
#: runs.
WHOLE_PUSH_RATE = 1_350_000
WHOLE_RATE = 1_500_000
WHOLE_EVALUATIONS = 15.0
#: The whole table's positions (bytes) by base, as :func:`.index.index` counts them
#: (checked in tests/model/test_pyraos_whole_files.py): an estimate without the index.
WHOLE_POSITIONS = {2: 33, 3: 24_635, 4: 2_257_858_569}
WHOLE_LARGEST_LAYER = 232_676_280  # base 4's largest layer (a byte a position)

#: Beside a push build's byte a position: the index, the pyramid's arrays and the program
#: (the process before the table is allocated, about 0.3 GB on base 4).
WHOLE_PUSH_BESIDE = 300_000_000


def whole_push_memory(base: int) -> int:
    """The memory a push build takes: a byte a position (an undecided one's byte holds the
    count of its children still open; the few of more than 126 moves 16 bytes more in
    the side table), the largest layer's decided bytes copied once to write it, and
    on base 4 :data:`WHOLE_PUSH_BESIDE` (2.26 + 0.23 + 0.3 GB; a smaller pyramid's index
    is small)."""
    if base == 4:
        positions, largest = WHOLE_POSITIONS[4], WHOLE_LARGEST_LAYER
    else:
        from .index import index

        sizes = index(base).sizes
        positions, largest = sum(sizes), max(sizes)
    return positions + largest + (WHOLE_PUSH_BESIDE if base == 4 else 0)


def whole_estimate(base: int, cores: int, push: bool = True) -> tuple[int, float, int]:
    """(positions, seconds, bytes of memory) a whole-game build is expected to take on
    ``cores`` cores: by push retrograde (:func:`whole_push_memory`) or by rounds (``push``
    false: a byte a position)."""
    positions = WHOLE_POSITIONS.get(base, 0)
    if not positions:
        from .index import index

        positions = sum(index(base).sizes)
    if push:
        return positions, positions / WHOLE_PUSH_RATE / max(1, cores), whole_push_memory(base)
    return positions, positions * WHOLE_EVALUATIONS / WHOLE_RATE / max(1, cores), positions


def whole_build_words(variant: str, removal: str, cores: int | None = None) -> str:
    """The one command that builds a version's whole table here, with its time, disk and
    memory on this machine's cores (an estimate: :data:`WHOLE_PUSH_RATE`, of idle cores: a
    busy machine takes longer), for the words of a position the book does not know."""
    import os

    cores = cores or os.cpu_count() or 1
    positions, seconds, memory = whole_estimate(4, cores)
    options = ""
    if (variant, removal) != ("standard", "0-2"):
        options = f" --option variant={variant}"
        if variant != "children":
            options += f" --option removal={removal}"
    took = (
        M_("{hours} hours", hours=number(seconds / 3600, digits=1))
        if seconds >= 3600
        # TRANSLATORS: an estimate's minutes (1 or more: English writes "minutes" for 1 too)
        else M_("{count} minutes", count=max(1, round(seconds / 60)))
    )
    return M_(
        "`pyramid-lab endgame build --whole{options}` (about {took} on {cores} here, {disk} GB "
        "on disk ({building} GB while it is built, its counters kept to resume), {memory} GB "
        "of memory)",
        options=options,
        took=took,
        cores=Mn_("{count} idle core", "{count} idle cores", cores, count=cores),
        disk=number(positions / 1e9, digits=1),
        building=number(2 * positions / 1e9, digits=1),
        memory=number(memory / 1e9, digits=1),
    )


def book_end_words(game: Game, known: tuple[str, int] | None) -> str:
    """Where the opening book ends, in words (:meth:`.book.PyraosBook.book_end`): what it
    knows of ``game``'s position (``known``: its value and plies, or None), and the one
    command that builds a table giving every move's exact value, with its cost here."""
    if known is not None and known[0] == DRAW:
        what = M_("it knows this position (a draw with best play), not every move's")
    elif known is not None and known[0] == "win":
        what = M_(
            "it knows this position ({colour} wins in {plies} plies), not every move's",
            colour=colour(game.to_move),
            plies=known[1],
        )
    elif known is not None:
        what = M_(
            "it knows this position ({colour} loses in {plies} plies), not every move's",
            colour=colour(game.to_move),
            plies=known[1],
        )
    else:
        what = M_("it knows neither this position nor every move's")
    options = game.options
    return M_(
        "the book ends here: {what}; a whole-game table gives every move's exact value and "
        "the fastest win: {command}",
        what=what,
        command=whole_build_words(options.variant, options.removal),
    )
