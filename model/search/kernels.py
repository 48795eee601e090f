"""The compiled kernels as the generic search reaches them, through the plug-in it is handed:
a position's kernel adapter (:func:`adapter_for`) and its compiled solver
(:func:`solver_for`). The compiled layer (:mod:`model.search.compiled`) is handed its
adapter; nothing here asks the registry or names a game. Light: the kernels load when a
plug-in first makes an adapter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Unpack

from ..game import Game
from .registry import Plugin

if TYPE_CHECKING:
    from .compiled.adapters import Adapter
    from .compiled.solver import CompiledSolver, SolverOptions
    from .value_book import MakeSolver


def adapter_for(game: Game, knowledge: Plugin, *, history: bool = False) -> Adapter | None:
    """The kernel of ``game``'s kind and rule options (the plug-in's ``adapter``), or None
    where none fits. With ``history`` also None where the game's history could change a
    search's answer (see :meth:`model.search.compiled.adapters.Adapter.fits`)."""
    factory = knowledge.adapter
    adapter = None if factory is None else factory(game.options)
    if adapter is not None and history and not adapter.fits(game):
        return None
    return adapter


def has_kernel(knowledge: Plugin) -> bool:
    """Whether the plug-in has a compiled kernel (for some of its boards at least:
    :func:`adapter_for` says for a position)."""
    return knowledge.adapter is not None


def solver_for(
    game: Game, knowledge: Plugin, **options: Unpack[SolverOptions]
) -> CompiledSolver | None:
    """The compiled solver of ``game``'s position (its history not read: a value is the
    position's), the plug-in's adapter handed to it, with ``options`` (the solver's: the
    table's MiB, the time, the depth, the engine, progress); None where no kernel fits."""
    adapter = adapter_for(game, knowledge)
    if adapter is None:
        return None
    from .compiled.solver import CompiledSolver  # the kernels: loaded on first use

    return CompiledSolver(game, adapter, **options)


def solver_maker(adapter: Callable[[object], Adapter | None]) -> MakeSolver:
    """A book's solver maker (:class:`model.search.value_book.MakeSolver`): the compiled
    solver of a position on the kernel ``adapter`` gives for its rules, or None."""

    def make(game: Game, *, table_mb: float) -> CompiledSolver | None:
        fitted = adapter(game.options)
        if fitted is None:
            return None
        from .compiled.solver import CompiledSolver  # the kernels: loaded on first use

        return CompiledSolver(game, fitted, table_mb=table_mb)

    return make
