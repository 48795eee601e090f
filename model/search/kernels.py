"""The compiled kernels as the generic search reaches them, through the game's plug-in: a
position's kernel adapter (:func:`adapter_for`) and its compiled solver
(:func:`solver_for`). The compiled layer (:mod:`model.search.compiled`) is handed its
adapter and never asks the registry; this module asks it, and names no game. Light: the
kernels load when a plug-in first makes an adapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Unpack

from ..game import Game
from .registry import plugin_for

if TYPE_CHECKING:
    from .compiled.adapters import Adapter
    from .compiled.solver import CompiledSolver, SolverOptions


def adapter_for(game: Game, *, history: bool = False) -> Adapter | None:
    """The kernel of ``game``'s kind and rule options (its plug-in's ``adapter``), or None
    where none fits. With ``history`` also None where the game's history could change a
    search's answer (see :meth:`model.search.compiled.adapters.Adapter.fits`)."""
    factory = plugin_for(game).adapter
    adapter = None if factory is None else factory(game.options)
    if adapter is not None and history and not adapter.fits(game):
        return None
    return adapter


def has_kernel(game: Game | type[Game] | str) -> bool:
    """Whether the game's plug-in has a compiled kernel (for some of its boards at least:
    :func:`adapter_for` says for a position)."""
    return plugin_for(game).adapter is not None


def solver_for(game: Game, **options: Unpack[SolverOptions]) -> CompiledSolver | None:
    """The compiled solver of ``game``'s position (its history not read: a value is the
    position's), the plug-in's adapter handed to it, with ``options`` (the solver's: the
    table's MiB, the time, the depth, the engine, progress); None where no kernel fits."""
    adapter = adapter_for(game)
    if adapter is None:
        return None
    from .compiled.solver import CompiledSolver  # the kernels: loaded on first use

    return CompiledSolver(game, adapter, **options)
