"""What the window's controllers may touch: each states its part of the window here as a
small protocol, and takes that, never the window itself (``viewer.app.MainWindow``, the
shell that fulfils them all and wires the controllers together).

The parts they are made of:

- :class:`Status`: a line in the status bar, an error in a message box;
- :class:`Notice`: a notice the user reads once (a per-user file that was set aside);
- :class:`Parent`: the top-level widget, parent of a controller's widgets and dialogs;
- :class:`Position`: the session, the game on show, its UI and turn builder, set-up mode,
  and a redraw of the board;
- :class:`Players`: the computer player (``viewer.engine``) as the others see it.

One host per controller is built of them: :class:`EngineHost`, :class:`AnalysisHost`,
:class:`SolveHost`, :class:`PuzzleHost`, :class:`ExportHost`, :class:`MenuHost`,
:class:`ReviewHost`, :class:`ComposeHost`,
:class:`SetupHost`, :class:`TurnHost`, :class:`RecoveryHost`, :class:`FileHost` (the
window's side of the documents, ``viewer.file_front.WindowFront``); :class:`Solving`,
:class:`PuzzleActions`, :class:`Analyst` and :class:`Reviewer` are what one controller
takes of another.

This module imports no controller, and no controller imports the window, so the viewer
has no import cycle (``tests/model/test_imports.py``). The game UIs have their own
protocol of the window, :class:`viewer.games.base.Host`.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QDockWidget, QMenuBar, QStatusBar, QToolBar, QWidget
    from pyvistaqt import QtInteractor

    from model.game import Game
    from model.lesson import LessonFile
    from model.userfiles import LessonProgress

    from .boards import BoardView
    from .documents import Documents
    from .frame import Frame
    from .games import GameUI, TurnBuilder
    from .session import Session
    from .setup_editor import SetupEditor
    from .view_state import ViewState
    from .widgets.lesson_dock import LessonDock


class Status(Protocol):
    def show_message(self, text: str) -> None:
        """A line in the status bar (it goes after a few seconds)."""

    def show_error(self, title: str, text: str) -> None:
        """A message box the user closes (the status bar says it too)."""


class Notice(Protocol):
    def tell(self, text: str) -> None:
        """Something the user must read once (a per-user file set aside, or not saved): a
        notice that waits to be closed, and the status bar says it too."""


class Parent(Protocol):
    def window(self) -> QWidget:
        """The top-level window: the parent of a controller's widgets and dialogs."""


class Position(Protocol):
    """The position on show and the board that draws it."""

    session: Session
    ui: GameUI
    turn: TurnBuilder

    @property
    def game(self) -> Game: ...

    @property
    def setup(self) -> SetupEditor | None:
        """The set-up editor while set-up mode is on, else None."""

    def redraw(self) -> None: ...


class Players(Protocol):
    """Who plays each colour, and the computer's thinking (``EngineControl``)."""

    show_reckoning: bool  # its win rate and line said after its move (a spoiler: a choice)

    @property
    def computer(self) -> dict[str, str]:
        """colour -> level, for the colours the computer plays (its seats')."""

    def busy(self) -> str:
        """Why a move on the board is refused now ('' when it is not)."""

    def human_move(self) -> None:
        """A move made on the board: the computer may answer it."""

    def consider(self) -> None:
        """Start the computer when it is to move."""

    def interrupt(self) -> None:
        """Drop the search under way (the position is about to be edited)."""

    def undo(self) -> None:
        """Undo with the computer on: its move and yours."""

    def ask_hint(self) -> None: ...

    def stop(self) -> None: ...

    def held(self) -> AbstractContextManager[None]:
        """No move is played meanwhile (a question or a file dialog is open)."""

    def set_player(self, colour: str, level: str | None) -> None: ...

    def keep_players(self, players: tuple[str, ...] | list[str]) -> None: ...

    def choose_players(self, computer: Mapping[str, str]) -> None: ...


class EngineHost(Position, Status, Parent, Protocol):
    """What the computer player and Hint (``viewer.engine.EngineControl``) use."""

    def statusBar(self) -> QStatusBar:
        """Where the progress bar and the Stop button go."""

    def show_prompt(self, text: str) -> None:
        """The status bar's prompt (what to do next, or who is thinking)."""

    def players_changed(self) -> None:
        """Who plays which colour changed: the Game menu, the Moves dock and the UI follow."""


class AnalysisHost(Position, Status, Parent, Protocol):
    """What the Analysis dock (``viewer.analysis.AnalysisControl``) uses."""

    @property
    def engine(self) -> Players: ...

    def play_move(self, move: Any) -> None:
        """Play ``move`` as a click on the board would (refused, said, while the computer
        or Solve mode's defence is to move)."""


class SolveHost(Position, Status, Protocol):
    """What Solve mode (``viewer.solve.SolveMode``) uses."""

    @property
    def engine(self) -> Players: ...


class PuzzleHost(SolveHost, Parent, Protocol):
    """What the puzzle's controller (``viewer.puzzle.PuzzleControl``) uses, Solve mode's
    part too."""

    def apply_setup(self) -> bool:
        """Leave set-up mode through validation (False, said, when it stays)."""

    def leave_setup(self) -> None:
        """Leave set-up mode without changing the game."""


class ExportHost(Status, Parent, Protocol):
    """What the Export dialog (``viewer.export_control``) uses: the board as the
    window shows it."""

    session: Session
    view: ViewState
    plotter: QtInteractor

    def drawn_frame(self) -> Frame | None:
        """The frame the board draws (hint, heat map, ...); None in set-up mode, where the
        board shows the painting, not a position."""

    def render_scene(self) -> None: ...


class Analyst(Protocol):
    def analyse(self) -> None: ...


class ReviewHost(Position, Status, Parent, Protocol):
    """What the Review dock (``viewer.review.ReviewControl``) uses."""


class Reviewer(Protocol):
    """What the menus take of the review (``viewer.review.ReviewControl``)."""

    def review(self) -> None: ...

    def make_puzzle(self) -> None: ...


class ComposeHost(Status, Parent, Protocol):
    """What Puzzles > Compose... (``viewer.compose``) uses: the game on show (its rules
    and options are the puzzles'), and Practice to open the puzzles made."""

    session: Session

    def practising(self) -> PracticeActions:
        """Practice, made on first use."""


class PuzzleActions(Protocol):
    @property
    def solving(self) -> SignalInstance:
        """Solve mode began (True) or ended (False)."""

    def hide(self) -> None:
        """The Puzzle dock hides."""

    def verify(self) -> None: ...

    def toggle_solve(self, *_: Any) -> None: ...

    def solve_value(self, *_: Any) -> None:
        """Solve position: ask for workers and start, or stop the solve under way."""

    def leave_solve(self, why: str = "") -> None: ...

    def setup_entered(self) -> None: ...


class PracticeActions(Protocol):
    """What the Puzzles menu does with Practice (``viewer.practice.Practice``)."""

    def open_collection(self, folder: str | Path) -> bool: ...

    def next_unsolved(self) -> bool: ...

    def hint(self) -> None: ...

    def retry(self) -> None: ...

    def forget_ticks(self) -> None: ...


class Solving(Protocol):
    """Solve mode (``viewer.solve.SolveMode``) as its board mode sees it."""

    active: bool

    def busy(self) -> str:
        """Why a move on the board waits ('' when it does not)."""

    def undo(self) -> None:
        """Your last move and the defence's reply go."""


class Lessons(Protocol):
    """What the others use of the stepped lessons (``viewer.lessons.LessonControl``)."""

    progress: LessonProgress  # the student's progress (the Lessons menu's ticks)

    def start(self, lesson: LessonFile, path: Path | None, index: int | None = None) -> None:
        """Show ``lesson`` (read from ``path``) at ``index`` (default: where the student
        left it)."""

    def teach_new(self) -> None:
        """A new lesson of one step on the position shown, in teacher mode."""

    def reset_progress(self) -> None:
        """The lesson shown starts again at its first step with no task done."""


class LessonHost(Position, Status, Notice, Parent, Protocol):
    """What the stepped lessons (``viewer.lessons.LessonControl``) use."""

    lesson_dock: LessonDock

    @property
    def setup_dock(self) -> QDockWidget: ...

    @property
    def engine(self) -> Players: ...

    def open_file(self, path: str | Path) -> bool: ...

    def play_move(self, move: Any) -> None: ...

    def update_title(self) -> None: ...


class PracticeHost(Position, Status, Notice, Parent, Protocol):
    """What Practice (``viewer.practice.Practice``) uses: the puzzle files it opens, the
    Puzzle dock whose Solve mode plays them, and the View dock its dock goes beside."""

    @property
    def view_dock(self) -> QDockWidget: ...

    @property
    def puzzle(self) -> PuzzleActions: ...

    @property
    def board(self) -> BoardView:
        """The board view (a hint's area is the sites nearest on its geometry)."""

    def open_file(self, path: str | Path) -> bool: ...

    def tabifyDockWidget(self, first: QDockWidget, second: QDockWidget) -> None: ...


class TurnHost(Position, Status, Protocol):
    """What the board's input (``viewer.turns.TurnControl``) and play, the last of the
    board's modes (``viewer.modes``), use: the others are asked through the modes."""

    @property
    def engine(self) -> Players: ...

    @property
    def board(self) -> BoardView:
        """The board view (what lies behind a clicked ball)."""

    def current_message(self) -> str:
        """The status bar's line now (what a refused click said)."""


class RecoveryHost(Status, Parent, Protocol):
    """What autosave and recovery (``viewer.recovery.Recovery``) use."""

    session: Session
    documents: Documents


class FileHost(Position, Status, Parent, Protocol):
    """What the window's side of the documents (``viewer.file_front.WindowFront``) uses: the
    computer stops behind a question, Solve mode ends, a lesson file starts its lesson."""

    @property
    def engine(self) -> Players: ...

    @property
    def puzzle(self) -> PuzzleActions: ...

    @property
    def lessons(self) -> Lessons: ...


class SetupHost(Position, Status, Protocol):
    """What set-up mode (``viewer.setup_mode.SetupMode``) uses."""

    @property
    def engine(self) -> Players: ...

    @property
    def puzzle(self) -> PuzzleActions: ...

    @property
    def board(self) -> BoardView:
        """The board view (set-up mode draws the painting on its geometry)."""

    def apply_position(self, game: Game, message: str) -> None:
        """Replace the position by ``game`` (undoable)."""


class MenuHost(Position, ExportHost, Protocol):
    """What the menus and the file actions (``viewer.menus.Menus``) use: the window's
    commands behind the menu items, the controllers whose actions they offer, and what
    File > Export hands the Export dialog."""

    documents: Documents

    @property
    def engine(self) -> Players: ...

    def open_file(self, path: str | Path) -> bool: ...

    @property
    def analysis(self) -> Analyst: ...

    @property
    def reviewer(self) -> Reviewer: ...

    @property
    def puzzle(self) -> PuzzleActions: ...

    @property
    def lessons(self) -> Lessons: ...

    def practising(self) -> PracticeActions:
        """Practice, made on first use."""

    def menuBar(self) -> QMenuBar: ...

    def addToolBar(self, title: str) -> QToolBar: ...

    def close(self) -> bool: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def finish_turn(self) -> None: ...

    def cancel_turn(self) -> None: ...

    def toggle_setup(self) -> None: ...

    def set_camera(self, name: str) -> None: ...

    def reset_view(self) -> None: ...

    def show_rules(self) -> None: ...

    def show_shortcuts(self) -> None: ...
