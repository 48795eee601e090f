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
first use); a game without one plays and solves through the protocol alone.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from .games import plugins as _plugins  # noqa: F401  (registers every game's plug-in; light)

if TYPE_CHECKING:  # the names as the type checker sees them; at run time they load on use
    from . import composer as puzzles
    from . import levels as computer
    from . import shelf as books
    from . import split as cluster
    from . import teaching as lessons
    from .analysis import Analysis, analyse, unanalysable
    from .choice import Choice, Limits, MoveStat
    from .entry import (
        endgame_for,
        exact_choice,
        exact_moves,
        perft,
        solve,
        warm_up,
        write_certificate,
    )
    from .levels import agent_for, levels_for
    from .prover import Proof, Prover, prove
    from .reviewer import review, unreviewable
    from .solver import SearchStopped, SolveResult, unsolvable
    from .teaching import verify

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

#: The module of model.search each name of the door comes from; a namespace is the module
#: itself (``computer`` is :mod:`.levels`, ``cluster`` :mod:`.split`, ``puzzles``
#: :mod:`.composer`, ``lessons`` :mod:`.teaching`, ``books`` :mod:`.shelf`).
_WHERE: dict[str, str] = {
    "Analysis": "analysis",
    "analyse": "analysis",
    "unanalysable": "analysis",
    "Choice": "choice",
    "Limits": "choice",
    "MoveStat": "choice",
    "endgame_for": "entry",
    "exact_choice": "entry",
    "exact_moves": "entry",
    "perft": "entry",
    "solve": "entry",
    "warm_up": "entry",
    "write_certificate": "entry",
    "agent_for": "levels",
    "levels_for": "levels",
    "Proof": "prover",
    "Prover": "prover",
    "prove": "prover",
    "review": "reviewer",
    "unreviewable": "reviewer",
    "SearchStopped": "solver",
    "SolveResult": "solver",
    "unsolvable": "solver",
    "verify": "teaching",
    "books": "shelf",
    "cluster": "split",
    "computer": "levels",
    "lessons": "teaching",
    "puzzles": "composer",
}
_NAMESPACES = frozenset({"books", "cluster", "computer", "lessons", "puzzles"})


def _module(where: str) -> ModuleType:
    """The module ``where`` of model.search, imported now (each written out, not named in a
    string: the import graph's tests read every import)."""
    if where == "analysis":
        from . import analysis

        return analysis
    if where == "shelf":
        from . import shelf

        return shelf
    if where == "choice":
        from . import choice

        return choice
    if where == "composer":
        from . import composer

        return composer
    if where == "entry":
        from . import entry

        return entry
    if where == "levels":
        from . import levels

        return levels
    if where == "prover":
        from . import prover

        return prover
    if where == "reviewer":
        from . import reviewer

        return reviewer
    if where == "solver":
        from . import solver

        return solver
    if where == "split":
        from . import split

        return split
    assert where == "teaching", where
    from . import teaching

    return teaching


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
