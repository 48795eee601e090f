"""The search's one door: everything the window, the command line, the scripts and the
tests ask of the search, always by its best path. Nothing outside ``model.search`` imports
its modules (``tests/model/test_imports.py``), and the door is narrow: the verbs and the
types their answers come in, and four namespaces for the rest.

- :func:`knowledge_for`: a game's search knowledge (its plug-in), which the caller hands
  each search below that needs it (``knowledge=``);
- :func:`solve`: a position's value for the side to move, from the game's book, else its
  compiled solver, else the reference solver over the protocol (``SolveResult.path``);
  :func:`unsolvable` says why a position cannot be solved;
- :func:`prove` / :class:`Prover`: does a side win within n plies (df-pn; compiled where a
  kernel fits);
- :func:`agent_for` / :func:`levels_for`: the computer players by level;
- :func:`analyse` (:func:`unanalysable`): the engine's judgement of a position and of
  every move;
- :func:`exact_choice`: the Hint's move by the game's value, where it is settled in time
  (``books.proven_choice``: the Hint's search's move, never one the book proves lost);
  :func:`exact_moves`: every move's proven value within a time;
- :func:`review` / :func:`unreviewable`: a game's line judged move by move;
- :func:`verify`: a puzzle's key move proven unique; :class:`Judge`: a lesson's win-within
  tasks proven, handed to :mod:`model.lesson`'s judging
  (``wins=search.Judge(search.knowledge_for)``);
- :func:`write_certificate`, :func:`tables_for` (a game's endgame and
  whole-game tables, found without its plug-in), :func:`perft`, :func:`warm_up`.

The namespaces: ``computer`` (the levels and the threads of the computer players),
``cluster`` (the same value proven by many processes on a Dask cluster, resumable),
``puzzles`` (puzzles made on demand, their collections) and ``books`` (the books of proven
values).

The door is lazy (PEP 562): a name's module is imported when the name is first asked for,
so the cheap ones (the levels, the threads) load no compiled kernel, and the window draws
before numba is imported. Its names are written in the ``TYPE_CHECKING`` block below, for
the type checker, and in :data:`_NAMES`, a plain table the door reads at run time (a test
checks that the two name the same things). The door hands nothing behind the caller's back:
each name is given as it is defined, and a search that needs a game's knowledge takes it as
a required argument, ``knowledge=search.knowledge_for(game)`` (the game's plug-in,
:mod:`model.search.games`, registered by the game's name in :mod:`model.search.registry`,
light: its kernels load on first use), or, where one search meets several games (a
lesson's tasks, a cluster's workers), ``knowledge_of=search.knowledge_for`` (the lookup
itself). A game without a plug-in plays and solves through the protocol alone. A new name is
one line in each (and, from a module the door has not named yet, a case of :func:`_module`).
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from .games import plugins as _plugins  # noqa: F401  (hands the registry the plug-ins' importer)

if TYPE_CHECKING:  # the door's names (re-exported: pyproject's [tool.mypy]), as in _NAMES
    from . import composer as puzzles  # noqa: F401
    from . import split as cluster  # noqa: F401
    from .analysis import analyse, unanalysable  # noqa: F401
    from .analysis_record import Analysis  # noqa: F401
    from .choice import Choice, Limits, MoveStat  # noqa: F401
    from .entry import (  # noqa: F401
        exact_choice,
        exact_moves,
        perft,
        solve,
        warm_up,
        write_certificate,
    )
    from .levels import agent_for  # noqa: F401
    from .prover import Proof, Prover, prove  # noqa: F401
    from .reviewer import review, unreviewable  # noqa: F401
    from .solver import SolveResult, unsolvable  # noqa: F401
    from .stop import SearchStopped  # noqa: F401
    from .teaching import Judge, verify  # noqa: F401
    from .wiring import books, computer, knowledge_for, tables_for  # noqa: F401
    from .wiring.computer import levels_for  # noqa: F401


#: Each name of the door -> the module of model.search it comes from and its name there
#: (None: the module itself, a namespace), as the ``TYPE_CHECKING`` block above imports it.
_NAMES: dict[str, tuple[str, str | None]] = {
    "Analysis": ("analysis_record", "Analysis"),
    "analyse": ("analysis", "analyse"),
    "unanalysable": ("analysis", "unanalysable"),
    "Choice": ("choice", "Choice"),
    "Limits": ("choice", "Limits"),
    "MoveStat": ("choice", "MoveStat"),
    "exact_choice": ("entry", "exact_choice"),
    "exact_moves": ("entry", "exact_moves"),
    "perft": ("entry", "perft"),
    "solve": ("entry", "solve"),
    "warm_up": ("entry", "warm_up"),
    "write_certificate": ("entry", "write_certificate"),
    "agent_for": ("levels", "agent_for"),
    "Proof": ("prover", "Proof"),
    "Prover": ("prover", "Prover"),
    "prove": ("prover", "prove"),
    "review": ("reviewer", "review"),
    "unreviewable": ("reviewer", "unreviewable"),
    "SearchStopped": ("stop", "SearchStopped"),
    "SolveResult": ("solver", "SolveResult"),
    "unsolvable": ("solver", "unsolvable"),
    "Judge": ("teaching", "Judge"),
    "verify": ("teaching", "verify"),
    "knowledge_for": ("wiring", "knowledge_for"),
    "tables_for": ("wiring", "tables_for"),
    "levels_for": ("wiring.computer", "levels_for"),
    "books": ("wiring.books", None),
    "cluster": ("split", None),
    "computer": ("wiring.computer", None),
    "puzzles": ("composer", None),
}


def _module(where: str) -> ModuleType:
    """The module ``where`` of model.search, imported now (written out: tests read imports)."""
    match where:
        case "analysis":
            from . import analysis

            return analysis
        case "analysis_record":
            from . import analysis_record

            return analysis_record
        case "composer":
            from . import composer

            return composer
        case "choice":
            from . import choice

            return choice
        case "entry":
            from . import entry

            return entry
        case "levels":
            from . import levels

            return levels
        case "prover":
            from . import prover

            return prover
        case "reviewer":
            from . import reviewer

            return reviewer
        case "solver":
            from . import solver

            return solver
        case "split":
            from . import split

            return split
        case "stop":
            from . import stop

            return stop
        case "teaching":
            from . import teaching

            return teaching
        case "wiring":
            from . import wiring

            return wiring
        case "wiring.books":
            from .wiring import books

            return books
        case "wiring.computer":
            from .wiring import computer

            return computer
    raise AssertionError(f"pyramid_lab.model.search names no module {where!r}")


def __getattr__(name: str) -> Any:
    if name == "__all__":  # the names, sorted (``from pyramid_lab.model.search import *``)
        value: Any = sorted(_NAMES)
    elif name in _NAMES:
        where, inside = _NAMES[name]
        value = _module(where)
        if inside is not None:
            value = getattr(value, inside)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_NAMES))
