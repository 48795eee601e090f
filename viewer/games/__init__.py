"""Game UIs, found by the model's game name. Each subpackage of this folder is one game's
UI and registers itself with :func:`register_ui`; the packages are imported on first use,
so adding a game needs its folder here and nothing else in the viewer."""

from __future__ import annotations

import importlib
import pkgutil
from typing import TypeVar

from pyramid_lab.model.game import Game

from ..lab.game_ui import UI, GameUI, Host
from ..lab.game_words import ChoiceGroup, FormPart, MoveForm, Panel
from ..lab.turn_builder import TurnBuilder

_UIS: dict[str, type[UI]] = {}
_U = TypeVar("_U", bound=type[UI])


def register_ui(cls: _U) -> _U:
    """Class decorator: the UI of the game registered as ``cls.game_name``."""
    if cls.game_name in _UIS and _UIS[cls.game_name] is not cls:
        raise ValueError(f"two UIs for the game {cls.game_name!r}")
    _UIS[cls.game_name] = cls
    return cls


def _load_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")


def ui_class(game: Game | type[Game] | str) -> type[UI]:
    """The UI class for a game (instance, class or name); KeyError naming it otherwise.
    Only that game's folder is imported (its UI imports no Qt until its docks are made:
    the classroom uses the UIs of the games it serves, with no Qt)."""
    name = game if isinstance(game, str) else game.name
    if name not in _UIS and name in {info.name for info in pkgutil.iter_modules(__path__)}:
        importlib.import_module(f"{__name__}.{name}")
    if name not in _UIS:
        _load_all()
    try:
        return _UIS[name]
    except KeyError:
        raise KeyError(f"no viewer for the game {name!r}") from None


def ui_names() -> list[str]:
    _load_all()
    return sorted(_UIS)


__all__ = [
    "UI",
    "ChoiceGroup",
    "FormPart",
    "GameUI",
    "Host",
    "MoveForm",
    "Panel",
    "TurnBuilder",
    "register_ui",
    "ui_class",
    "ui_names",
]
