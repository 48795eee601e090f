"""The engine for scripts and the command line alike (``docs/api.md``): which games it
analyses, what it says of a position it does not, the analysis, the solve and the review
both call (:func:`engine_analysis`, :func:`solve_position`, :func:`review_game`), and
:func:`warm_up`, which compiles the search before a script needs it.

A first use that compiles the search (numba, a minute or two after an install) says so on
stderr as a library does, through :mod:`logging`: the compiled core logs each step of a
compile as a warning (:mod:`pyramid_lab.model.search.compiled.first_use`), which Python
prints on stderr where the script set up no logging, and which the command line prints as
its own line. :func:`warm_up` is that compile, asked for ahead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_, Message
from pyramid_lab.model.game import Game, SaidError, game_class, game_names

if TYPE_CHECKING:
    from pyramid_lab.model.review import GameReview
    from pyramid_lab.model.search import Analysis, SolveResult

#: Seconds the engine thinks on a position unless told (``analyze --engine``'s default).
ENGINE_SECONDS = 3.0
#: Seconds the review thinks on each position unless told (``review --seconds``' default,
#: ``viewer.cli.review.REVIEW_SECONDS``: a test keeps them alike).
REVIEW_SECONDS = 2.0


def warm_up() -> float:
    """Make the engine's compiled search ready in this process now, so that no analysis or
    solve waits for it later: compiled where no earlier run compiled it (a minute or two,
    once an install; each step said on stderr, a warning of :mod:`logging`), else loaded
    from numba's cache (about a second, said nothing). The seconds that took."""
    from pyramid_lab.model import search

    return search.warm_up(knowledge=None)


def analysed_games() -> list[str]:
    """The games whose positions the engine analyses (one player to move, its own
    judgement): Partition, Pyraos and the terraced game."""
    from pyramid_lab.model import search

    return [
        name
        for name in game_names()
        if not search.knowledge_for(name).own_levels and not game_class(name).simultaneous_turns
    ]


def check_analysed(game: Game) -> None:
    """SaidError (a ValueError) where the engine does not analyse ``game``'s position: why,
    and the games it analyses, said in the reader's language."""
    from pyramid_lab.model import search

    why = search.unanalysable(game, knowledge=search.knowledge_for(game))
    if why is not None:
        games = ", ".join(analysed_games())
        raise SaidError(M_("{reason}; the games it analyses: {games}", reason=why, games=games))


def engine_analysis(
    game: Game, *, seconds: float | None = None, threads: int | None = None
) -> Analysis:
    """The engine's analysis of ``game`` (left unchanged) as ``pyramid-lab analyze
    --engine`` makes it: ``seconds`` (default :data:`ENGINE_SECONDS`) on ``threads``
    (default: this machine's cores). ValueError where the engine analyses no position of
    the game or no one player is to move (its reason, and the games it analyses), or for
    seconds or threads it takes not. A first use that compiles the search says so on
    stderr (the module's docstring)."""
    from pyramid_lab.model import search

    check_analysed(game)
    return search.analyse(
        game,
        knowledge=search.knowledge_for(game),
        seconds=ENGINE_SECONDS if seconds is None else seconds,
        threads=search.computer.default_threads() if threads is None else threads,
    )


def unreviewed(game: Game) -> Message | None:
    """Why the review does not judge ``game``'s line (not two players, chance, simultaneous
    turns, no engine, or no moves yet), or None where it does."""
    from pyramid_lab.model import search

    why = search.unreviewable(game, knowledge=search.knowledge_for(game))
    if why is None and not game.move_stack:
        why = M_("no moves to review: the file's history is empty")
    return why


def review_game(
    game: Game, *, seconds: float = REVIEW_SECONDS, seed: int | None = None
) -> GameReview:
    """``pyramid-lab review``'s review of ``game``'s line (left unchanged), ``seconds`` of
    thought a position: each move's verdict, the values along the line and the positions
    that make puzzles. ValueError saying why for a line it does not judge
    (:func:`unreviewed`)."""
    from pyramid_lab.model import search

    why = unreviewed(game)
    if why is not None:
        raise SaidError(why)
    return search.review(game, knowledge=search.knowledge_for(game), seconds=seconds, seed=seed)


def solve_position(
    game: Game,
    *,
    max_seconds: float | None = None,
    max_depth: int = 200,
    table_mb: float | None = None,
    book: bool = True,
    progress: Callable[[int, int, float, int], None] | None = None,
) -> SolveResult:
    """``pyramid-lab solve``'s single search of ``game`` (left unchanged) and
    :meth:`Position.solve`: its value for the side to move, from the game's book where
    ``book`` and it has it, else proven by search within ``max_seconds`` and ``max_depth``
    plies on a table of ``table_mb`` MiB (None: the search's default); ``progress`` told
    about once a second (depth, nodes, seconds, table entries). ValueError saying why for a
    position no solver proves ("cannot be solved: ...")."""
    from pyramid_lab.model import search

    reason = search.unsolvable(game)
    if reason is not None:
        raise SaidError(M_("cannot be solved: {reason}", reason=reason))
    return search.solve(
        game,
        knowledge=search.knowledge_for(game),
        max_seconds=max_seconds,
        max_depth=max_depth,
        table_mb=table_mb,
        book=book,
        progress=progress,
    )
