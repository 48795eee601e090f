"""Old module paths and method names kept for one release after they moved, with a warning.

Pyramid Ball and Rolling Pyramids became packages (``model.ball``, ``model.rolling``):
``import model.rolling_state`` in a user's script still gives the moved module itself (the
same objects) and a DeprecationWarning, through one finder instead of ten files of shims.

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

from . import setup, speed, teaching
from .game import Game

#: Old name -> new name. Drop after the next release.
MOVED = {
    f"model.{game}_{part}": f"model.{game}.{part}"
    for game, parts in (
        ("ball", ("files", "moves", "rules", "state")),
        ("rolling", ("files", "moves", "resolve", "rules", "state")),
    )
    for part in parts
}


class _MovedLoader(importlib.abc.Loader):
    def __init__(self, new: str) -> None:
        self.new = new
        self.spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} moved to {self.new}; the old name goes in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
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
    return teaching.teaching_for(game).describe_outcome(game, outcome)


#: Game's old method name -> (the function it is now, its name as the warning gives it,
#: whether it was a classmethod). Drop after the next release.
MOVED_METHODS: dict[str, tuple[Callable[..., Any], str, bool]] = {
    "describe_result": (teaching.describe_result, "model.teaching.describe_result(game)", False),
    "describe_outcome": (
        _describe_outcome,
        "model.teaching.teaching_for(game).describe_outcome(game, outcome)",
        False,
    ),
    "perft": (speed.perft, "model.speed.perft(game, depth)", False),
    "search_moves": (speed.search_moves, "model.speed.search_moves(game)", False),
    "push_search": (speed.push_search, "model.speed.push_search(game, move)", False),
    "canonical_key": (speed.canonical_key, "model.speed.canonical_key(game)", False),
    "start_copy": (setup.start_copy, "model.setup.start_copy(game)", False),
    "setup": (setup.setup_position, "model.setup.setup_position(game)", False),
    "started_from_setup": (setup.started_from_setup, "model.setup.started_from_setup(game)", False),
    "file_state": (setup.file_state, "model.setup.file_state(game)", False),
    "setup_state": (setup.setup_state, "model.setup.setup_state(game)", False),
    "replay_text": (setup.replay_text, "model.setup.replay_text(game, text)", False),
    "check_setup": (setup.check_setup, "model.setup.check_setup(cls, ...)", True),
    "from_setup_state": (setup.from_setup_state, "model.setup.from_setup_state(cls, ...)", True),
}


def _alias(name: str, function: Callable[..., Any], now: str) -> Callable[..., Any]:
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
    for name, (function, now, on_class) in MOVED_METHODS.items():
        if name in vars(Game):
            continue
        alias = _alias(name, function, now)
        setattr(Game, name, classmethod(alias) if on_class else alias)
