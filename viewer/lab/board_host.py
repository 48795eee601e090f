"""The board on show as others see it: its game UI (:class:`UIHost`, the UIs' host,
:class:`viewer.lab.game_ui.Host`) and the lab's engine (:class:`BoardTable`, the engine's
:class:`viewer.lab.engine_table.Table`). Each is a narrow door onto :class:`viewer.lab.board.Board`,
so neither the UIs nor the engine hold the whole board."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal, Protocol

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game, Move

from .events import Signal
from .game_ui import UI, Clock
from .seats import Seats
from .session import Session
from .turn_builder import JointTurn, TurnAnswer, TurnBuilder


class ClockMaker(Protocol):
    """A started clock stepping ``step`` with the progress from 0 to 1 over ``seconds``
    (the window's ``viewer.desktop.animation.Animation``)."""

    def __call__(self, seconds: float, step: Callable[[float], object]) -> Clock: ...


class HostEngine(Protocol):
    """The lab's engine as the board's hosts ask it (:class:`viewer.lab.engine.Engine`)."""

    @property
    def seats(self) -> Seats: ...

    def consider(self) -> None: ...


class HostLab(Protocol):
    """The lab as the board's hosts ask it (:class:`viewer.lab.Lab`)."""

    @property
    def engine(self) -> HostEngine: ...

    @property
    def session(self) -> Session: ...


class HostedBoard(Protocol):
    """What the hosts read of the board on show (:class:`viewer.lab.board.Board`; a
    Protocol, not that class: the board makes its host)."""

    @property
    def session(self) -> Session: ...
    @property
    def lab(self) -> HostLab: ...
    @property
    def ui(self) -> UI: ...
    @property
    def turn(self) -> TurnBuilder: ...
    @property
    def setup(self) -> object | None: ...
    @property
    def changed(self) -> Signal[[Literal["frame", "secrets"]]]: ...

    def redraw(self) -> None: ...

    def say(self, text: str) -> None: ...

    def finish(self) -> object: ...


class UIHost:
    """The board as its game UI sees it (:class:`viewer.lab.game_ui.Host`): the position,
    a redraw, the status line, a position applied, an animation's clock (``clock``), set-up
    mode, the computer, and the front end's name for its controls (``controls``)."""

    def __init__(self, board: HostedBoard, clock: ClockMaker, controls: str) -> None:
        self.board = board
        self._clock = clock
        self._controls = controls

    @property
    def game(self) -> Game:
        return self.board.session.game

    @property
    def controls(self) -> str:
        return self._controls

    def redraw(self) -> None:
        self.board.redraw()

    def show_message(self, text: str) -> None:
        self.board.say(text)

    def apply_position(self, game: Game, message: str) -> None:
        """Replace the position by ``game`` (undoable, like a set-up)."""
        if self.board.session.apply_setup(game):
            message = M_(
                "{message}; a new, untitled position (the example stays as it came)",
                message=message,
            )
        self.board.say(message)

    def animation(self, seconds: float, step: Callable[[float], object]) -> Clock:
        return self._clock(seconds, step)

    def setup_active(self) -> bool:
        return self.board.setup is not None

    def consider_computer(self) -> None:
        self.board.lab.engine.consider()

    def secrets_changed(self) -> None:
        self.board.changed.emit("secrets")
        self.board.redraw()

    def computer_players(self) -> Mapping[str, str]:
        return self.board.lab.engine.seats.playing(self.board.lab.session.game)

    def finish_turn(self) -> None:
        self.board.finish()


class Shows(Protocol):
    """A lab with the board on show (:class:`viewer.lab.Lab`)."""

    @property
    def board(self) -> HostedBoard: ...


class BoardTable:
    """The board's game UI and turn builder, as the lab's engine asks about them
    (:class:`viewer.lab.engine_table.Table`): handed to the engine as it is made, it reads the
    board of ``lab`` (made after the engine: the board's modes route the engine's) when
    asked."""

    def __init__(self, lab: Shows) -> None:
        self.lab = lab

    @property
    def board(self) -> HostedBoard:
        return self.lab.board

    def in_setup(self) -> bool:
        return self.board.setup is not None

    def busy(self) -> bool:
        return self.board.setup is not None or bool(self.board.ui.busy())

    def computer_waits(self, game: Game) -> bool:
        return self.board.ui.computer_waits(game)

    def waiting_sides(self, game: Game) -> Sequence[int]:
        return tuple(self.board.ui.waiting_sides(game, self.board.turn))

    def hint_refusal(self, game: Game) -> str:
        return self.board.ui.hint_refusal(game)

    def hint_side(self, game: Game) -> int | None:
        return self.board.ui.hint_side(game, self.board.turn)

    def submit(self, game: Game, side: int, move: Move) -> TurnAnswer:
        turn = self.board.turn
        if not isinstance(turn, JointTurn):
            raise TypeError(f"{type(turn).__name__} takes no parts of a joint move")
        return turn.submit(side, move)

    def played(self, game: Game, mover: str, move: Move) -> str:
        return self.board.ui.played(game, mover, move)

    def move_said(self, move: Move) -> str:
        return self.board.ui.move_said(move)

    def hinted(self, game: Game, move: Move, words: str) -> None:
        self.board.ui.hinted_move(game, move, words)

    def players_changed(self) -> None:
        self.board.ui.players_changed()
