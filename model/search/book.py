"""A game's book of proven values (its plug-in's ``book``), asked the same way for every
game: the position's value at once, every move's value where the book (or a quick endgame
solve) knows them all, and the position's value as a :class:`SolveResult` for the door's
``solve``."""

from __future__ import annotations

import errno
import json
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pyramid_lab.i18n import M_

from ..files import read_json, write_bytes
from ..game import Game, Move, PositionFormatError

#: A game of any kind (a book's positions are all of one).
G = TypeVar("G", bound=Game)

#: The values a book keeps (a position is a win or a loss for the side to move).
VALUES = ("win", "loss")
#: A position's value where endless play is the best either side can force: no book entry
#: holds one, but a game's exact values may (Pyraos's opening and whole-game tables).
DRAW = "draw"
#: Largest book file read (an entry takes some hundreds of bytes).
MAX_BOOK_BYTES = 64 * 1024 * 1024


def _read_book_json(path: Path | str) -> Any:
    """A book file's JSON, read with the limits of position files; PositionFormatError
    naming the file and why where it cannot be read."""
    try:
        return read_json(path, MAX_BOOK_BYTES, "book")
    except PositionFormatError as exc:
        raise PositionFormatError(
            "", M_("{path}: not a readable book ({reason})", path=str(path), reason=exc.reason)
        ) from None


def read_book(path: Path | str, what: str, fits: Any) -> tuple[list[Any], str, str]:
    """A book file's raw entries, its note and its format, read with the limits of position
    files (a regular file of at most :data:`MAX_BOOK_BYTES`, numbers and nesting in
    reason); ``fits(raw)`` says whether the document is ``what`` (e.g. "a book of
    pyraos"). PositionFormatError naming the file otherwise."""
    raw = _read_book_json(path)
    if not fits(raw):
        raise PositionFormatError("", M_("{path}: not {what}", path=str(path), what=what))
    entries = raw.get("entries")
    if not isinstance(entries, list):
        raise PositionFormatError("", M_("{path}: 'entries' must be a list", path=str(path)))
    return entries, str(raw.get("note", "")), str(raw.get("format"))


def write_book(path: Path | str, document: dict[str, Any]) -> None:
    """Write a book's JSON ``document`` whole or not at all
    (:func:`model.files.write_bytes`); OSError when it cannot be written, or would be too
    big to read back."""
    data = (json.dumps(document, indent=1) + "\n").encode("utf-8")
    if len(data) > MAX_BOOK_BYTES:  # it could not be read back
        raise OSError(errno.EFBIG, f"a book of {len(data):,} bytes is too big to read back")
    write_bytes(path, data)


def verdict_json(entry: Any) -> dict[str, Any]:
    """A book entry's value fields as JSON (every book's entries have them: value, plies,
    exact, nodes, seconds and the line where there is one)."""
    out: dict[str, Any] = {
        "value": entry.value,
        "plies": entry.plies,
        "exact": entry.exact,
        "nodes": entry.nodes,
        "seconds": round(entry.seconds, 2),
    }
    if entry.line is not None:
        out["line"] = list(entry.line)
    return out


#: A book entry's value fields: value, plies, exact, nodes, seconds, line.
VerdictFields = tuple[str, int, bool, int, float, tuple[str, ...] | None]


def verdict_fields(raw: dict[str, Any]) -> VerdictFields:
    """The value fields of a raw book entry (value, plies, exact, nodes, seconds, line);
    KeyError, TypeError, ValueError or OverflowError (an infinite number) where one is
    missing or not of its kind (then :func:`check_verdict` says whether they agree)."""
    line = raw.get("line")
    return (
        str(raw["value"]),
        int(raw["plies"]),
        bool(raw["exact"]),
        int(raw.get("nodes", 0)),
        float(raw.get("seconds", 0.0)),
        None if line is None else tuple(str(m) for m in line),
    )


def check_verdict(raw: dict[str, Any], value: str, plies: int, where: str) -> None:
    """PositionFormatError naming ``where`` unless a raw book entry's value fields agree:
    exact a boolean, the value a win or a loss, a win in an odd number of plies, a loss in
    an even one."""
    if not isinstance(raw["exact"], bool):
        raise PositionFormatError("", M_("{where}: exact must be true or false", where=where))
    if value not in VALUES or plies < 0:
        raise PositionFormatError(
            "", M_("{where}: value must be win or loss, plies >= 0", where=where)
        )
    if plies % 2 != (1 if value == "win" else 0):
        raise PositionFormatError(
            "", M_("{where}: a win takes an odd number of plies, a loss an even one", where=where)
        )


def lines_within(
    start: G, plies: int, key: Callable[[G], Hashable]
) -> list[tuple[tuple[str, ...], G]]:
    """One line of moves to each distinct position (by ``key``: the same up to symmetry)
    within ``plies`` plies of ``start``, with the position it reaches, shallowest first;
    finished games left out (a book keeps values of games still on)."""
    seen = {key(start)}
    layer: list[tuple[tuple[str, ...], G]] = [((), start)]
    lines = list(layer)
    for _ in range(plies):
        after: list[tuple[tuple[str, ...], G]] = []
        for line, game in layer:
            for move in game.legal_moves():
                child = game.copy()
                child.push(move)
                known = key(child)
                if known in seen or child.is_over():
                    continue
                seen.add(known)
                after.append(((*line, str(move)), child))
        lines += after
        layer = after
    return lines


@dataclass(frozen=True, slots=True)
class PerfectMove:
    """A legal move's value for the side that plays it: "win" or "loss" within ``plies``
    plies of the move (``exact``: the shortest win or longest resistance), or "draw"
    (``plies`` 0), from ``source`` ("book", "table", "solved" or "rules")."""

    move: str
    value: str
    plies: int
    exact: bool
    source: str


def reply(move: Any, value: str, plies: int, exact: bool, source: str) -> PerfectMove:
    """``move``'s value for the side that plays it, from ``value`` in ``plies`` of the
    position it leads to (for the side to move there): a win there is the mover's loss,
    one ply longer; a draw there is a draw (plies 0: it never ends)."""
    if value == DRAW:
        return PerfectMove(str(move), DRAW, 0, exact, source)
    return PerfectMove(str(move), "loss" if value == "win" else "win", plies + 1, exact, source)


#: The order of proven values, best first for the side that plays the move.
RANK = {"win": 0, DRAW: 1, "loss": 2}


def best_first(moves: Iterable[PerfectMove]) -> tuple[PerfectMove, ...]:
    """``moves`` wins first (the shortest first), then draws, then losses (the longest
    first)."""
    return tuple(
        sorted(moves, key=lambda m: (RANK[m.value], m.plies if m.value == "win" else -m.plies))
    )


def settle_moves(
    game: G, settle: Callable[[Move, G, int], PerfectMove | None]
) -> tuple[tuple[PerfectMove, ...], bool]:
    """The legal moves of ``game`` with their values for the side that plays them, in the
    order of the legal moves until one is not settled: a move that ends the game by the
    rules is settled by them (a draw settles nothing), any other by ``settle(move, child,
    remaining)`` (the position after it, and how many moves are left with this one), None
    where it is not. The moves settled (wins first, the shortest first, then losses, the
    longest first), and whether that is all of them."""
    out: list[PerfectMove] = []
    moves = game.legal_moves()
    for index, move in enumerate(moves):
        child = game.copy()
        child.push(move)
        outcome = child.outcome()
        if outcome is not None:
            mine = outcome.value_for(game.to_move)
            if mine == 0:
                return best_first(out), False
            out.append(PerfectMove(str(move), "win" if mine > 0 else "loss", 1, True, "rules"))
            continue
        settled = settle(move, child, len(moves) - index)
        if settled is None:
            return best_first(out), False
        out.append(settled)
    return best_first(out), True


#: Exact values of positions: ("win" / "loss", plies) for the side to move, ("draw", 0)
#: where endless play is proven, None where not known.
ExactValues = Callable[[Game], "tuple[str, int] | None"]
#: A book build's progress: each line it says (a position settled, or not).
Progress = Callable[[str], None]


def exact_moves(
    game: Game, values: ExactValues, source: str
) -> tuple[tuple[PerfectMove, ...], bool]:
    """:func:`settle_moves` with each child's value from ``values``, exact, from
    ``source``."""

    def settle(move: Move, child: Game, remaining: int) -> PerfectMove | None:
        found = values(child)
        return None if found is None else reply(move, *found, True, source)

    return settle_moves(game, settle)


@dataclass(frozen=True, slots=True)
class PerfectValue:
    """A position's value for the side to move: "win" or "loss" within ``plies`` plies
    (``exact``: the shortest win or longest resistance), or "draw" (``plies`` 0), from
    ``source``."""

    value: str
    plies: int
    exact: bool
    source: str


def bare(game: G) -> G:
    """The position of ``game`` without its history (a book's values are of positions)."""
    return type(game).from_setup(game.options, game.to_move, game.pieces())
