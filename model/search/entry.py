"""The door's own functions, each handed the game's plug-in (``knowledge``) by its caller
(``search.knowledge_for(game)``): the best path to a position's value, the Hint's exact move,
certificates, perft and the warm-up. Imported on first use of one of them, with the
compiled core."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from typing import Any

from pyramid_lab.i18n import M_

from ..files import write_bytes
from ..game import Game, SaidError
from .choice import Choice
from .exact import Exact
from .kernels import adapter_for, solver_for
from .registry import Plugin
from .shelf import from_book
from .solver import Progress, Solver, SolveResult, unsolvable
from .stop import stop_function
from .symmetry import key_function

DEFAULT_TABLE_MB = 1024.0
#: Seconds the Hint gives the solver before the engine (:func:`exact_choice`).
HINT_EXACT_SECONDS = 1.0


def solve(
    game: Game,
    *,
    knowledge: Plugin,
    max_seconds: float | None = None,
    table_mb: float | None = None,
    book: bool = True,
    progress: Progress | None = None,
    max_depth: int = 200,
) -> SolveResult:
    """The game-theoretic value of ``game`` (left unchanged) for the side to move, by the
    best path: the game's book of proven values (with ``book``), else the game's compiled
    solver where it fits the position, else the reference :class:`Solver` (the book and
    the kernel are those of ``knowledge``, the game's plug-in).

    The result's ``value`` is "win", "loss", "draw" or "unknown" (stopped first), ``plies``
    the length of the win or of the longest resistance, ``first_moves`` what is known of
    each first move, ``positions`` the positions searched and ``path`` "book", "compiled"
    or "reference". ``table_mb`` bounds the compiled solver's table (MemoryError when it
    cannot have it); ``progress(depth, nodes, seconds, table entries)`` is called about once
    a second. ValueError for a game no solver proves (see :func:`unsolvable`)."""
    reason = unsolvable(game)
    if reason is not None:
        raise SaidError(reason)
    if book:
        known = from_book(game, knowledge.book)
        if known is not None:
            return known
    options: dict[str, Any] = {
        "max_seconds": max_seconds,
        "max_depth": max_depth,
        "progress": progress,
    }
    began = time.perf_counter()
    mb = DEFAULT_TABLE_MB if table_mb is None else table_mb
    if knowledge.adapter is not None:  # a compile is said before numba's import (seconds)
        from .compiled import first_use

        first_use.foretell(first_use.PROVER)
    compiled = solver_for(game, knowledge, table_mb=mb, **options)
    if compiled is not None:
        if max_seconds is not None:  # the board's tables (a base-6 pyramid's: 0.3 s) and
            # the table's memory are on the clock too: the solver has what they left
            compiled.max_seconds = max(0.0, max_seconds - (time.perf_counter() - began))
        result = compiled.solve()  # Ctrl+C ends the search and still reports
        return _with_path(result, "compiled")
    reference = Solver(game, key=key_function(knowledge), **options)
    return _with_path(reference.solve(), "reference")


def exact_moves(game: Game, *, knowledge: Plugin, max_seconds: float = 5.0) -> Any:
    """Every legal move of ``game`` (left unchanged) with its proven value for the side to
    move (objects with ``move``, ``value`` "win" / "loss", ``plies``, ``exact``,
    ``source``; wins first, the shortest first, then losses, the longest first), by the
    book and the compiled solver within ``max_seconds``; None where they do not settle
    every move in time (:class:`model.search.exact.Exact`)."""
    return Exact(knowledge).moves(game, max_seconds)


def exact_choice(
    game: Game,
    *,
    knowledge: Plugin,
    max_seconds: float = HINT_EXACT_SECONDS,
    stop: Any = None,
) -> Choice | None:
    """The move the game's value says (the fastest win, or the longest resistance in a
    lost position), where the book or the compiled solver settles ``game`` (left
    unchanged) within ``max_seconds``; None where it stays open (the engine hints then).
    What the Hint asks first."""
    if adapter_for(game, knowledge, history=True) is not None:
        # a first use's compile is not the answer's time (nor its limit's)
        warm_up(knowledge=knowledge)
    began = time.perf_counter()
    settled = Exact(knowledge).value(game, max_seconds, stop_function(stop))
    if settled is None or settled.best_move is None:
        return None
    source = "book" if settled.path == "book" else "solved now"
    return Choice(
        game.parse_move(settled.best_move),
        f"perfect play ({source})",
        {"win": 1.0, "loss": 0.0}.get(settled.value, 0.5),  # a draw: half
        0,
        settled.depth,
        time.perf_counter() - began,
        (settled.best_move,),
        proven=settled.value,
        plies=settled.plies,
    )


def write_certificate(
    game: Game,
    path: str,
    *,
    knowledge: Plugin,
    table_mb: float | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> Any:
    """Prove ``game``'s position (left unchanged) and write its certificate to ``path``
    (gzip-compressed text, ``docs/file-formats.md``): a proof that
    ``pyramid-lab certificate check`` verifies with the rules model alone. The certificate
    made (``winner``, ``lines``, ``seconds``, ``nodes``). ValueError for a game without
    certificates or a finished position; MemoryError where the table cannot be had;
    OSError where the file cannot be written."""
    make = knowledge.certificate
    if make is None:
        raise SaidError(M_("{game} has no certificates", game=game.title))
    mb = DEFAULT_TABLE_MB if table_mb is None else table_mb
    try:
        made = make(game, table_mb=mb, progress=progress)
    except RuntimeError as exc:  # the walk met what the proof did not: said, not raised
        raise SaidError(M_("the proof could not be written out: {why}", why=str(exc))) from None
    import gzip  # (certificates alone write one)

    write_bytes(path, gzip.compress(made.text.encode("utf-8"), mtime=0))
    return made


def _with_path(result: SolveResult, path: str) -> SolveResult:
    return result if result.path == path else dataclasses.replace(result, path=path)


def warm_up(
    game: Game | None = None,
    progress: Callable[[float, str], None] | None = None,
    *,
    knowledge: Plugin | None,
    background: bool = False,
) -> float:
    """Make the compiled core ready in this process (loaded from numba's cache, or
    compiled: :func:`model.search.compiled.warm.ready`), so that no search pays for it; the
    seconds that took. With ``game`` and its plug-in (``knowledge``): only where its
    position has a compiled kernel (else 0 at once); ``knowledge`` None: the core, whatever
    the game. ``progress(fraction, text)`` is told
    at once what it waits for (compiling, where no warm-up compiled the sources as they
    are, or loading) and each step; nothing where the core is ready. With ``background``
    (the window, from its start): :func:`model.search.compiled.first_use.start_background`
    (a child process compiles the core where it is not compiled, a thread here loads it),
    0 at once."""
    if game is not None and knowledge is not None and adapter_for(game, knowledge) is None:
        return 0.0
    if background:
        from .compiled import first_use  # light: numba is imported on the thread

        first_use.start_background(_warm_up_core)
        return 0.0
    from .compiled import warm  # numba and the core: imported on first use

    return warm.ready(progress)


def _warm_up_core(progress: Callable[[float, str], None], parts: Sequence[str]) -> object:
    """:func:`model.search.compiled.warm.warm_up`, imported when called (on the
    background's thread: numba's import is not the window's wait)."""
    from .compiled import warm

    return warm.warm_up(progress, parts)


def perft(game: Game, depth: int) -> int:
    """The number of move sequences of length ``depth`` from the position (a finished game
    has no moves); the position is left as it was."""
    from ..speed import perft as count_move_paths  # (the one door name that counts)

    return count_move_paths(game, depth)
