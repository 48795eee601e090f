"""The board on show: the scene in 3D (:mod:`viewer.desktop.scene`), the game's UI and its turn
builder, and the board's modes (:mod:`viewer.lab.modes`) that each lay their part over the
position and are asked in turn about a click or Undo. It draws on demand: the frame the
game UI makes of the position with every mode's layer over it, the legend, the hover text
and the prompt. It is the game UIs' host (:class:`viewer.lab.game_ui.Host`) and what the
window's controllers draw on; it names no controller (the binding, :mod:`viewer.desktop.binding`,
gives it the board's input)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from model.game import Game

from ..lab.events import Signal
from ..lab.slots import guarded
from .animation import Animation

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel

    from ..boards import BoardView
    from ..games import GameUI, TurnBuilder
    from ..lab import Lab
    from ..lab.frame import Frame
    from ..lab.modes import Router
    from ..lab.setup_editor import SetupEditor
    from ..lab.view_state import ViewState
    from .qt_port import QtPort
    from .scene import Scene


class Input(Protocol):
    """The board's input (``viewer.desktop.turns.TurnControl``), as the stage hands it moves."""

    def play(self, move: Any) -> None: ...

    def finish(self) -> None: ...


class Stage:
    """The board, its game UI and turn builder, and the board's modes, drawn together."""

    ui: GameUI
    turn: TurnBuilder
    scene: Scene
    modes: Router
    turns: Input  # the board's input (clicks, turns, undo), routed by the modes

    def __init__(self, lab: Lab, port: QtPort, view: ViewState, hover: QLabel) -> None:
        self.lab = lab
        self.session = lab.session
        self.port = port
        self.view = view
        self.hover = hover  # the status bar's text of the site under the mouse
        self.held = False  # a new position is being taken in: redraw once, at the end
        self.drawn: Signal[[]] = Signal()  # before each redraw: the menus follow the history
        self.secrets: Signal[[]] = Signal()  # whose secrets may be shown changed (Moves dock)

    # ---- the game UIs' host (viewer.lab.game_ui.Host) -------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)

    def apply_position(self, game: Game, message: str) -> None:
        """Replace the position by ``game`` (undoable, like a set-up)."""
        if self.session.apply_setup(game):
            message += "; a new, untitled position (the example stays as it came)"
        self.lab.bulletin.say(message)

    def animation(self, seconds: float, step: Callable[[float], Any]) -> Animation:
        report = self.lab.bulletin.say
        return Animation(self.port.parent, seconds, lambda t: guarded(lambda: step(t), report))

    def setup_active(self) -> bool:
        return self.setup is not None

    def consider_computer(self) -> None:
        self.lab.engine.consider()

    def secrets_changed(self) -> None:
        self.secrets.emit()
        self.redraw()

    def computer_players(self) -> Mapping[str, str]:
        return self.lab.engine.playing()

    def finish_turn(self) -> None:
        self.turns.finish()

    # ---- the board -------------------------------------------------------------------------

    @property
    def board(self) -> BoardView:
        return self.scene.board

    @property
    def setup(self) -> SetupEditor | None:
        """The set-up editor while set-up mode is on, else None."""
        return self.lab.setup_mode.editor

    def play(self, move: Any) -> None:
        """Play ``move`` as a click on the board would (refused, said, while the computer
        or Solve mode's defence is to move)."""
        self.turns.play(move)

    def frame(self) -> Frame:
        """The frame the board draws: the position, each board mode's layer over it (the
        engine's hint, the heat map, a puzzle's cooks, ...)."""
        return self.modes.frame(self.session.game, self.ui)

    def drawn_frame(self) -> Frame | None:
        """The board as drawn, for an export (set-up mode shows no position: None)."""
        return self.frame() if self.setup is None else None

    def redraw(self) -> None:
        if self.held:
            return  # the position is changing: the binding redraws when it is in
        ui, turn, board, game = self.ui, self.turn, self.board, self.session.game
        self.drawn.emit()
        modes = self.modes
        self.lab.bulletin.show_prompt(modes.prompt())
        frame = modes.frame(game, ui)  # the position, each mode's layer over it
        self.scene.show(frame, ui.legend_words(game, frame))
        hover = self.view.hover  # (a site of another board is forgotten on the switch)
        if hover is not None and 0 <= hover < board.geometry.count:  # as the scene shows it
            setup = self.setup
            shown = setup.pieces if setup is not None else turn.pieces()
            self.hover.setText(ui.describe(game, turn, hover, shown))
        else:
            self.hover.setText("")
        self.scene.render()  # at the next paint

    def render_now(self) -> None:
        """Draw the scene now (an export reads its pixels)."""
        if not self.port.closed:
            self.scene.render_now()
