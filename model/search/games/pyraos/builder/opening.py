"""The book's opening made from a finished whole-game table (:mod:`..prober.opening`'s format):
every decided position of the layers up to ``spheres`` and the positions along the
table's line of best play with all their children (:func:`build`), and an opening checked
against a table key by key (:func:`check`). ``pyramid-lab endgame book`` runs it; the book
reads what it wrote through :mod:`..prober.opening` alone."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_

from .....pyraos import Pyraos, PyraosOptions
from ..prober.opening import SPHERES, Opening, OpeningError

if TYPE_CHECKING:
    from ....tables import WholeGameTable
    from ..prober.table import WholeTable


def best_line(table: WholeTable, start: Pyraos) -> tuple[list[Pyraos], list[str]]:
    """The positions along the table's line of best play from ``start`` and its moves:
    the winner's shortest win, the loser's longest resistance (the first such move in the
    rules' order), until the game ends or a draw."""
    line, moves = [start], []
    game = start
    while not game.is_over():
        byte = table.probe(*game.mover_masks())
        if byte == 0:
            break
        for move in game.legal_moves():
            child = game.copy()
            child.push(move)
            over = child.is_over()  # the top placed, or the other side left without a move
            if (byte == 2) if over else table.probe(*child.mover_masks()) == byte - 1:
                break
        else:
            raise OpeningError(
                M_(
                    "{folder}: no move keeps the value of a line position",
                    folder=str(table.folder),
                )
            )
        game = child
        line.append(game)
        moves.append(str(move))
    return line, moves


def build(
    table: WholeTable, spheres: int = SPHERES, progress: Callable[[str], None] | None = None
) -> Opening:
    """The opening of ``table``'s version: every decided position of its layers up to
    ``spheres``, and the positions along its best line from the empty pyramid with all
    their children."""
    import numpy as np

    from ..kernel import canonical
    from . import walk

    say = progress or (lambda text: None)
    ix = table.index
    found: dict[int, int] = {}
    parts_k, parts_v = [], []
    for n in range(min(spheres, ix.layers - 1) + 1):
        size = ix.sizes[n]
        keys = np.zeros(size, dtype=np.int64)
        values = np.zeros(size, dtype=np.uint8)
        layer = np.asarray(table.values[n])
        m = walk.layer_keys(n, walk.walk_of(table, n), layer, keys, values)
        parts_k.append(keys[:m])
        parts_v.append(values[:m])
        say(f"{n} spheres: {m:,} positions decided of {size:,}")
    start = Pyraos.new(PyraosOptions(table.variant, table.removal))
    line, moves = best_line(table, start)
    for game in line:
        if game.is_over():
            continue
        for move in game.legal_moves():
            child = game.copy()
            child.push(move)
            for position in (game, child):
                if position.is_over():
                    continue
                own, opp = position.mover_masks()
                if (own | opp).bit_count() > spheres:
                    byte = table.probe(own, opp)
                    if byte:
                        found[int(canonical(own, opp))] = byte
    say(f"the line of best play: {len(line) - 1} plies, {len(found):,} positions beyond")
    keys = np.concatenate([*parts_k, np.array(list(found), dtype=np.int64)])
    values = np.concatenate([*parts_v, np.array(list(found.values()), dtype=np.uint8)])
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    unique = np.ones(len(keys), dtype=bool)
    unique[1:] = keys[1:] != keys[:-1]  # a position's copies: one key, one byte
    keys, values = keys[unique], values[unique]
    root = table.probe(0, 0)
    head = {
        "note": (
            "Taken from this project's whole-game table of the version (pyramid-lab endgame "
            "build --whole, push retrograde): every position with at most "
            f"{spheres} spheres on the board, and the line of best play from the empty "
            "pyramid with every move's position; the values and distances are exact."
        ),
        "empty": root,
        "line": moves,
    }
    return Opening(table.variant, table.removal, spheres, keys, values, head)


def check(opening: Opening, table: WholeGameTable) -> int:
    """How many of the opening's keys the table gives another byte (0: all agree)."""
    wrong = 0
    mask = (1 << 30) - 1
    for key, byte in zip(opening.keys.tolist(), opening.values.tolist(), strict=True):
        if table.probe(key >> 30, key & mask) != byte:
            wrong += 1
    return wrong
