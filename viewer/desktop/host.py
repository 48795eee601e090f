"""What one part of the window takes of another that it is handed (the binding,
:mod:`viewer.desktop.binding`, hands them over; none of them imports another). Every controller
takes the lab (:mod:`viewer.lab`), its port (:mod:`viewer.desktop.qt_port`) and the board on show
(:mod:`viewer.desktop.stage`); these few protocols are the rest:

- :class:`PuzzleActions`: the Puzzle dock, as Practice and the menus use it
  (``viewer.desktop.puzzle.PuzzleControl``; Verify and Solve mode are the lab's);
- :class:`PracticeActions`: Practice, as the Puzzles menu and Compose open collections in
  it (``viewer.desktop.practice.Practice``).

This module imports no controller, so the viewer has no import cycle
(``tests/model/test_imports.py``). The game UIs' protocol of the board is
:class:`viewer.lab.game_ui.Host` (the stage fulfils it)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QDockWidget


class PuzzleActions(Protocol):
    @property
    def solving(self) -> SignalInstance:
        """Solve mode began (True) or ended (False)."""

    def hide(self) -> None:
        """The Puzzle dock hides."""


class PracticeActions(Protocol):
    """What the Puzzles menu and Compose do with the Practice dock
    (``viewer.desktop.practice.Practice``; the rest of Practice is the lab's)."""

    @property
    def dock(self) -> QDockWidget:
        """The Practice dock (its View menu entry comes once it is made)."""

    def open_collection(self, folder: str | Path) -> bool:
        """Show the dock and play the first unsolved puzzle of ``folder``."""
