"""The search's one door: everything the window, the command line, the scripts and the
tests ask of the search, always by its best path. Nothing outside ``model.search`` imports
its modules (``tests/model/test_imports.py``), and the door is narrow: the verbs and the
types their answers come in, and five namespaces for the rest.

- :func:`solve`: a position's value for the side to move, from the game's book, else its
  compiled solver, else the reference solver over the protocol (``SolveResult.path``);
  :func:`unsolvable` says why a position cannot be solved;
- :func:`prove` / :class:`Prover`: does a side win within n plies (df-pn; compiled where a
  kernel fits);
- :func:`agent_for` / :func:`levels_for`: the computer players by level;
- :func:`analyse` (:func:`unanalysable`): the engine's judgement of a position and of
  every move;
- :func:`exact_choice`: the Hint's move by the game's value, where it is settled in time;
  :func:`exact_moves`: every move's proven value within a time;
- :func:`review` / :func:`unreviewable`: a game's line judged move by move;
- :func:`verify`: a puzzle's key move proven unique;
- :func:`write_certificate`, :func:`endgame_for`, :func:`perft`, :func:`warm_up`.

The namespaces: ``lessons`` (a lesson's win-within tasks judged and checked),
``computer`` (the levels and the threads of the computer players), ``cluster`` (the same
value proven by many processes on a Dask cluster, resumable), ``puzzles`` (puzzles made on
demand, their collections) and ``books`` (the books of proven values).

The door is lazy (PEP 562): a name's module is imported when the name is first asked for,
so the cheap ones (the levels, the threads) load no compiled kernel, and the window draws
before numba is imported. What each game adds is its plug-in (:mod:`model.search.games`,
registered by the game's name in :mod:`model.search.registry`, light: its kernels load on
first use), which the door hands to the generic algorithms (:mod:`.wiring`: none of them
looks it up); a game without one plays and solves through the protocol alone.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from .games import plugins as _plugins  # noqa: F401  (registers every game's plug-in; light)

if TYPE_CHECKING:  # the names as the type checker sees them; at run time they load on use
    from .analysis import Analysis
    from .choice import Choice, Limits, MoveStat
    from .entry import perft
    from .prover import Proof
    from .solver import SearchStopped, SolveResult, unsolvable
    from .wiring import (
        agent_for,
        analyse,
        endgame_for,
        exact_choice,
        exact_moves,
        levels_for,
        review,
        solve,
        unanalysable,
        unreviewable,
        verify,
        warm_up,
        write_certificate,
    )
    from .wiring import books as books
    from .wiring import cluster as cluster
    from .wiring import computer as computer
    from .wiring import lessons as lessons
    from .wiring import puzzles as puzzles
    from .wiring.proofs import Prover, prove

__all__ = [
    "Analysis",
    "Choice",
    "Limits",
    "MoveStat",
    "Proof",
    "Prover",
    "SearchStopped",
    "SolveResult",
    "agent_for",
    "analyse",
    "books",
    "cluster",
    "computer",
    "endgame_for",
    "exact_choice",
    "exact_moves",
    "lessons",
    "levels_for",
    "perft",
    "prove",
    "puzzles",
    "review",
    "solve",
    "unanalysable",
    "unreviewable",
    "unsolvable",
    "verify",
    "warm_up",
    "write_certificate",
]

#: The module of model.search each name of the door comes from: a verb that needs a game's
#: knowledge from :mod:`.wiring` (which hands the game's plug-in to the generic algorithm),
#: a namespace a module of it (``computer``, ``cluster``, ``puzzles``, ``lessons``,
#: ``books``: :mod:`.wiring.computer`, ...).
_WHERE: dict[str, str] = {
    "Analysis": "analysis",
    "Choice": "choice",
    "Limits": "choice",
    "MoveStat": "choice",
    "perft": "entry",
    "Proof": "prover",
    "SearchStopped": "solver",
    "SolveResult": "solver",
    "unsolvable": "solver",
    "Prover": "proofs",
    "prove": "proofs",
    **dict.fromkeys(
        (
            "agent_for",
            "analyse",
            "endgame_for",
            "exact_choice",
            "exact_moves",
            "levels_for",
            "review",
            "solve",
            "unanalysable",
            "unreviewable",
            "verify",
            "warm_up",
            "write_certificate",
        ),
        "wiring",
    ),
    "books": "books",
    "cluster": "cluster",
    "computer": "computer",
    "lessons": "lessons",
    "puzzles": "puzzles",
}
_NAMESPACES = frozenset({"books", "cluster", "computer", "lessons", "puzzles"})


def _module(where: str) -> ModuleType:
    """The module ``where`` of model.search, imported now (each written out, not named in a
    string: the import graph's tests read every import)."""
    if where == "analysis":
        from . import analysis

        return analysis
    if where == "choice":
        from . import choice

        return choice
    if where == "entry":
        from . import entry

        return entry
    if where == "prover":
        from . import prover

        return prover
    if where == "solver":
        from . import solver

        return solver
    if where == "proofs":
        from .wiring import proofs

        return proofs
    if where == "books":
        from .wiring import books

        return books
    if where == "cluster":
        from .wiring import cluster

        return cluster
    if where == "computer":
        from .wiring import computer

        return computer
    if where == "lessons":
        from .wiring import lessons

        return lessons
    if where == "puzzles":
        from .wiring import puzzles

        return puzzles
    assert where == "wiring", where
    from . import wiring

    return wiring


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = _module(where)
    value = module if name in _NAMESPACES else getattr(module, name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
