"""The engine's and the solver's doors of a :class:`~viewer.script.position.Position`
(``docs/api.md``): :meth:`~PositionSearch.analyse` is ``pyramid-lab analyze --engine``'s
analysis (:func:`engine_analysis`, which the command calls), :meth:`~PositionSearch.solve`
the door's :func:`~model.search.solve` through :func:`.engine.solve_position` (``pyramid-lab
solve``'s single search, the same function), :meth:`~PositionSearch.review` ``pyramid-lab
review``'s. The search is imported when first used, not when this module is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyramid_lab.i18n import _
from pyramid_lab.model.game import Game, quote
from pyramid_lab.model.review import GameReview

from . import checks
from .engine import REVIEW_SECONDS, review_game, solve_position

if TYPE_CHECKING:
    from pyramid_lab.model.search import Analysis, SolveResult

#: Seconds the engine thinks on a position unless told (``analyze --engine``'s default).
ENGINE_SECONDS = 3.0


def engine_analysis(
    game: Game, *, seconds: float | None = None, threads: int | None = None
) -> Analysis:
    """The engine's analysis of ``game`` (left unchanged) as ``pyramid-lab analyze
    --engine`` makes it: ``seconds`` (default :data:`ENGINE_SECONDS`) on ``threads``
    (default: this machine's cores). ValueError where the engine analyses no position of
    the game or no one player is to move (its reason, and the games it analyses), or for
    seconds or threads it takes not. A first use that compiles the search says so on
    stderr (:mod:`.engine`)."""
    from pyramid_lab.model import search

    from .engine import check_analysed

    check_analysed(game)
    return search.analyse(
        game,
        knowledge=search.knowledge_for(game),
        seconds=ENGINE_SECONDS if seconds is None else seconds,
        threads=search.computer.default_threads() if threads is None else threads,
    )


class PositionSearch:
    """A position analysed, solved and its history reviewed; :class:`Position` is made of
    these and its other doors."""

    __slots__ = ()

    _game: Game

    def analyse(self, seconds: float = ENGINE_SECONDS, *, threads: int | None = None) -> Analysis:
        """The engine's analysis, as ``pyramid-lab analyze --engine --seconds S`` gives it
        (:func:`engine_analysis`): ``win_rate`` for the side to move, every legal move
        ranked in ``moves`` (each one's ``proven`` "win", "loss" or "draw" where the
        search proved it, None for an estimate), a forced ``win`` the prover found, and
        ``to_json()`` the command's JSON. ValueError where the engine does not analyse the
        position (a game of chance, simultaneous turns), saying so."""
        checks.engine_seconds("seconds", seconds)
        return engine_analysis(self._game, seconds=seconds, threads=threads)

    def solve(
        self,
        max_seconds: float | None = None,
        *,
        max_depth: int = 200,
        table_mb: float | None = None,
        book: bool = True,
    ) -> SolveResult:
        """The value of the position for the side to move, proven by ``pyramid-lab
        solve``'s single search (from the game's book of proven values where it has it,
        unless ``book`` is False): ``value`` "win", "loss", "draw", or "unknown" when
        ``max_seconds`` or ``max_depth`` (plies) stopped it first (``stopped`` says
        which); ``plies``, ``best_move``, ``first_moves``; ``to_json()``. ``table_mb``: the
        compiled solver's table (default the search's, 1 GiB). ValueError for a position
        no solver proves, saying why."""
        if max_seconds is not None:
            checks.seconds("max_seconds", max_seconds)
        if table_mb is not None:
            checks.table_mb(table_mb)
        if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0:
            raise ValueError(
                _("max_depth must be a whole number of plies, not {value}").format(
                    value=quote(max_depth)
                )
            )
        return solve_position(
            self._game, max_seconds=max_seconds, max_depth=max_depth, table_mb=table_mb, book=book
        )

    def review(self, seconds: float = REVIEW_SECONDS, *, seed: int | None = None) -> GameReview:
        """``pyramid-lab review``'s review of the moves that led here (:meth:`history`),
        ``seconds`` of thought a position (:func:`.engine.review_game`): each move's
        verdict, the values along the line, the positions that make puzzles. ValueError
        saying why for a game or a line it does not judge."""
        checks.engine_seconds("seconds", seconds)
        return review_game(self._game, seconds=seconds, seed=seed)
