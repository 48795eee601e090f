"""Old module paths and method names kept for one release after they moved, with a warning.

Pyramid Ball and Rolling Pyramids became packages (``model.ball``, ``model.rolling``):
``import model.rolling_state`` in a user's script still gives the moved module itself (the
same objects) and a DeprecationWarning, through one finder instead of ten files of shims.

The search of Pyraos, Partition and Allmer's Pyramid moved into each game's package of the
search (``model.search.games.pyraos``, ``...partition``, ``...terrace``): the finder cannot
give those old names (it hands over a module already imported, and importing the package
``model`` does not import the search; ``model/`` imports nothing by a name in a string), so
each old name is a file of two lines that imports the moved module and calls :func:`alias`:
the same module itself and the same warning (:data:`SEARCH_MOVED`). Those three packages
were each the game's plug-in module: :func:`plugin_names` gives the plug-in's names there.

:class:`~model.game.Game` became the rules alone (at most 30 methods): what else it had
moved to functions beside it (``game.describe_result()`` is
``model.teaching.describe_result(game)``, ``game.perft(d)`` is ``model.speed.perft(game,
d)``, ...). :data:`MOVED_METHODS` puts the old names back on ``Game`` for a user's script,
each a thin wrapper that warns and calls the function; nothing in the lab calls them.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from .game import Game
from .setup import (
    check_setup,
    file_state,
    from_setup_state,
    replay_text,
    setup_position,
    setup_state,
    start_copy,
    started_from_setup,
)
from .speed import canonical_key, perft, push_search, search_moves
from .teaching import describe_result, teaching_for

#: Old name -> new name. Drop after the next release.
MOVED = {
    f"model.{game}_{part}": f"model.{game}.{part}"
    for game, parts in (
        ("ball", ("files", "moves", "rules", "state")),
        ("rolling", ("files", "moves", "resolve", "rules", "state")),
    )
    for part in parts
}


#: Old name -> new name of the search's modules moved into their game's package, each old
#: name a module that calls :func:`alias`. Drop after the next release.
SEARCH_MOVED = {
    "model.search.pyraos_book": "model.search.games.pyraos.book",
    "model.search.pyraos_endgame": "model.search.games.pyraos.endgame",
    "model.search.compiled.pyraos_kernel": "model.search.games.pyraos.kernel",
    "model.search.compiled.pyraos_retro": "model.search.games.pyraos.retro",
    "model.search.compiled.pyraos_state": "model.search.games.pyraos.state",
    "model.search.compiled.partition_kernel": "model.search.games.partition.kernel",
    "model.search.games.partition_certificate": "model.search.games.partition.certificates",
    "model.search.compiled.terrace_kernel": "model.search.games.terrace.kernel",
}


def warn_moved(old: str, new: str, stacklevel: int) -> None:
    """The warning, said of the line that imports ``old`` (``stacklevel`` counts the frames
    above it, this one included: the import machinery's are skipped)."""
    warnings.warn(
        f"{old} moved to {new}; the old name goes in the next release",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


def alias(old: str, module: ModuleType) -> None:
    """Make the module being imported under the old name ``old`` the moved ``module``
    itself (the import gives it, the same objects), with the DeprecationWarning."""
    warn_moved(old, module.__name__, 4)  # this, alias, the old module, its importer
    sys.modules[old] = module


def plugin_names(
    package: str, names: tuple[str, ...], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """The ``__getattr__`` of a game's package of the search (``package``, its globals
    ``namespace``) that was the plug-in's module until issue 47: each of ``names`` from the
    package's ``plugin`` module, with a DeprecationWarning. The plug-in is imported when the
    search registers its plug-ins (the door does, first): no import here."""

    def __getattr__(name: str) -> Any:
        module = sys.modules.get(f"{package}.plugin") if name in names else None
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        warn_moved(f"{package}.{name}", f"{module.__name__}.{name}", 3)
        value = getattr(module, name)
        namespace[name] = value  # once: ``from ... import`` asks twice
        return value

    return __getattr__


class _MovedLoader(importlib.abc.Loader):
    def __init__(self, new: str) -> None:
        self.new = new
        self.spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warn_moved(spec.name, self.new, 3)  # this, create_module, its importer
        # Importing the package ``model`` (always first) imported every game's modules:
        # no dynamic import is needed, and model/ has none (tests/model/test_imports.py).
        module = sys.modules[self.new]
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the moved module is imported; the import machinery set its
        ``__spec__`` to the old name's, which is put back (the module keeps its own name)."""
        module.__spec__ = self.spec


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old names of moved modules (and nothing else)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _MovedLoader(new))


def install() -> None:
    """Put the finder first on sys.meta_path, once."""
    if not any(isinstance(finder, MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())  # before any path finder: these names only


# ---- Game's old method names ----------------------------------------------------------------


def _describe_outcome(game: Game, outcome: Any) -> str:
    return teaching_for(game).describe_outcome(game, outcome)


#: Game's old method names, each now the function of that name (found by its name), and
#: the two whose function has another. Drop after the next release.
MOVED_METHODS: dict[str, Callable[..., Any]] = {
    function.__name__: function
    for group in (
        (describe_result, perft, search_moves, push_search, canonical_key),
        (start_copy, started_from_setup, file_state, setup_state, replay_text),
        (check_setup, from_setup_state),
    )
    for function in group
} | {"setup": setup_position, "describe_outcome": _describe_outcome}

#: The old names that were classmethods (they take the game's class).
ON_CLASS = ("check_setup", "from_setup_state")


def _now(name: str, function: Callable[..., Any]) -> str:
    """How the warning names what to call instead of the old ``name``."""
    if function is _describe_outcome:
        return "model.teaching.teaching_for(game).describe_outcome(game, outcome)"
    owner = "cls" if name in ON_CLASS else "game"
    return f"{function.__module__}.{function.__name__}({owner}, ...)"


def _alias(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    now = _now(name, function)

    def alias(owner: Any, *args: Any, **kwargs: Any) -> Any:
        warnings.warn(
            f"Game.{name}() moved to {now}; the old name goes in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        return function(owner, *args, **kwargs)

    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = f"Deprecated: {now}."
    return alias


def install_methods() -> None:
    """Put Game's old method names back, as warning wrappers (a game that has its own
    method of that name, as a ``StatefulGame`` or ``SearchHooks`` game, keeps it)."""
    for name, function in MOVED_METHODS.items():
        if name in vars(Game):
            continue
        alias = _alias(name, function)
        setattr(Game, name, classmethod(alias) if name in ON_CLASS else alias)
