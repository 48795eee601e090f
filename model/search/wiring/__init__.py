"""The search's composition root, behind the door (:mod:`model.search`): the one place that
looks a game's plug-in up (:func:`model.search.registry.plugin_for`) and hands it to the
generic algorithms, as OpenSpiel hands an evaluator to algorithms that never name a game.
The door's verbs are these functions, with the signatures callers always had; its
namespaces are this package's modules (``books``, ``computer``, ``cluster``, ``lessons``,
``puzzles``). Every generic module of the search takes what it needs (the plug-in, or its
evaluation, key, adapter or book) from whoever builds it, and none asks the registry.

Light: each verb imports its algorithm's module when first called, so the door stays lazy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...game import Game
from ..registry import plugin_for

if TYPE_CHECKING:
    from ...review import GameReview
    from ..analysis import Analysis
    from ..choice import Agent, Choice, Limits, ProgressCallback
    from ..solver import Progress, SolveResult
    from ..stop import Stop


def solve(
    game: Game,
    *,
    max_seconds: float | None = None,
    table_mb: float | None = None,
    book: bool = True,
    progress: Progress | None = None,
    max_depth: int = 200,
) -> SolveResult:
    """:func:`model.search.entry.solve`, handed ``game``'s plug-in."""
    from ..entry import solve

    return solve(
        game,
        knowledge=plugin_for(game),
        max_seconds=max_seconds,
        table_mb=table_mb,
        book=book,
        progress=progress,
        max_depth=max_depth,
    )


def warm_up(
    game: Game | None = None, progress: Callable[[float, str], None] | None = None
) -> float:
    """:func:`model.search.entry.warm_up`: with ``game``, handed its plug-in, and only where
    its position has a compiled kernel (else 0 at once)."""
    from ..entry import warm_up
    from ..kernels import adapter_for

    if game is None:
        return warm_up(None, progress)
    knowledge = plugin_for(game)
    if adapter_for(game, knowledge) is None:
        return 0.0
    return warm_up(knowledge, progress)


def exact_moves(game: Game, max_seconds: float = 5.0) -> Any:
    """:func:`model.search.entry.exact_moves`, handed ``game``'s plug-in."""
    from ..entry import exact_moves

    return exact_moves(game, knowledge=plugin_for(game), max_seconds=max_seconds)


def exact_choice(game: Game, max_seconds: float | None = None, stop: Any = None) -> Choice | None:
    """:func:`model.search.entry.exact_choice`, handed ``game``'s plug-in."""
    from ..entry import HINT_EXACT_SECONDS, exact_choice

    seconds = HINT_EXACT_SECONDS if max_seconds is None else max_seconds
    return exact_choice(game, knowledge=plugin_for(game), max_seconds=seconds, stop=stop)


def write_certificate(
    game: Game,
    path: str,
    *,
    table_mb: float | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> Any:
    """:func:`model.search.entry.write_certificate`, handed ``game``'s plug-in."""
    from ..entry import write_certificate

    return write_certificate(
        game, path, knowledge=plugin_for(game), table_mb=table_mb, progress=progress
    )


def endgame_for(game: Game | str) -> Any:
    """The endgame tables of ``game`` (a position or a registry name): a module with
    ``layers``, ``default_path``, ``build`` and ``value`` (see its game's plug-in), or None."""
    return plugin_for(game).endgame


def levels_for(game: Game | type[Game] | str) -> tuple[str, ...]:
    """The levels of computer play a game offers: its plug-in's own players' or the shared
    easy / medium / strong."""
    from ..levels import levels_of

    return levels_of(plugin_for(game))


def agent_for(
    game: Game,
    level: str,
    *,
    seed: int | None = None,
    every_move: bool = False,
    player: int | None = None,
    threads: int = 1,
) -> tuple[Agent, Limits]:
    """:func:`model.search.levels.agent_for`, handed ``game``'s plug-in."""
    from ..levels import agent_for

    return agent_for(
        game,
        level,
        knowledge=plugin_for(game),
        seed=seed,
        every_move=every_move,
        player=player,
        threads=threads,
    )


def analyse(
    game: Game,
    *,
    seconds: float,
    progress: ProgressCallback | None = None,
    stop: Stop | None = None,
    seed: int | None = None,
    prove_plies: int | None = None,
    threads: int = 1,
) -> Analysis:
    """:func:`model.search.analysis.analyse`, handed ``game``'s plug-in."""
    from ..analysis import PROVE_PLIES, analyse

    return analyse(
        game,
        seconds=seconds,
        progress=progress,
        stop=stop,
        seed=seed,
        prove_plies=PROVE_PLIES if prove_plies is None else prove_plies,
        threads=threads,
        knowledge=plugin_for(game),
    )


def unanalysable(game: Game) -> str | None:
    """:func:`model.search.analysis.unanalysable`, handed ``game``'s plug-in."""
    from ..analysis import unanalysable

    return unanalysable(game, plugin_for(game))


def review(
    game: Game,
    *,
    seconds: float,
    progress: ProgressCallback | None = None,
    stop: Stop | None = None,
    seed: int | None = None,
) -> GameReview:
    """:func:`model.search.reviewer.review`, handed ``game``'s plug-in."""
    from ..reviewer import review

    return review(
        game, seconds=seconds, progress=progress, stop=stop, seed=seed, knowledge=plugin_for(game)
    )


def unreviewable(game: Game) -> str | None:
    """:func:`model.search.reviewer.unreviewable`, handed ``game``'s plug-in."""
    from ..reviewer import unreviewable

    return unreviewable(game, plugin_for(game))


def verify(
    game: Game,
    puzzle: Any,
    *,
    max_seconds: float | None = None,
    stop: Callable[[], bool] | None = None,
    progress: Callable[[float, str], None] | None = None,
) -> Any:
    """:func:`model.search.teaching.verify`, handed ``game``'s plug-in."""
    from ..teaching import verify

    return verify(
        game,
        puzzle,
        max_seconds=max_seconds,
        stop=stop,
        progress=progress,
        knowledge=plugin_for(game),
    )
