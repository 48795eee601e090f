"""The board's modes and the router between them (Qt-free).

Who has the board at a time is one ordered list of modes, the most particular first: the
lab's board on show (:mod:`viewer.lab.board`) builds it once, of

    set-up, practice, lesson task, solve (and a puzzle's verdict), analysis, review,
    computer thinking, play

(each mode's class stands beside the lab part it routes: ``setup_mode.SetupBoard``,
``practice.PracticeBoard``, ``lesson.LessonBoard``, ``solve.SolveBoard``,
``analysis.AnalysisBoard``, ``review.ReviewBoard``, ``engine.ComputerBoard``, each
seeing the board as :class:`Shown`, and the board's own ``board.PlayBoard``). Each mode
answers the same few questions (:class:`BoardMode`): is it on, does it take the board from
the modes after it, is it busy, what a click, an undo and a redo do, what it draws over the
board, what the status bar's prompt says. The :class:`Router` asks them in order, so no
controller asks another whether it is busy or has the board.

- The *chain* is the modes that are on, up to the first that claims the board (set-up mode
  claims it, so nothing after it is asked; play always claims it).
- A click: the first busy mode of the chain says why the click is refused; else the click
  goes to each mode of the chain in turn until one takes it, and what it did is the
  click's :data:`~viewer.lab.outcome.Outcome` (the board says its words).
- Undo and redo: to each mode of the chain in turn until one takes it.
- The frame: each mode's layer, from the last of the chain up to the first (play draws the
  position, the computer's hint goes over it, Solve mode's marks over that...); a mode that
  is off passes the frame on unchanged, so a layer of a mode that is not on (a puzzle's
  verdict while Solve mode is off) still draws.
- The prompt: the first mode of the chain with something to say.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Protocol

from .frame import Frame
from .outcome import Outcome, Refused

if TYPE_CHECKING:
    from pyramid_lab.model.game import Game

    from .game_ui import UI
    from .setup_editor import SetupEditor
    from .turn_builder import TurnBuilder


#: Where a click was made: the position on the board and the turn half built
#: (:meth:`Board.position`; a click's advice holds while it is the same).
Where = tuple[Hashable, int, bool]


@dataclasses.dataclass(frozen=True)
class Offer:
    """What a second click on ``site`` at ``where`` does: play (or, for a click-points
    task, pick instead of the ball clicked: ``pick``) ``point``, the site its ball hides."""

    site: int
    where: Where
    point: int
    pick: bool


class Shown(Protocol):
    """The board on show as its modes see it (:class:`viewer.lab.board.Board`)."""

    @property
    def ui(self) -> UI:
        """The game UI of the position on show."""

    @property
    def turn(self) -> TurnBuilder:
        """The turn being built on it."""

    @property
    def setup(self) -> SetupEditor | None:
        """The set-up editor while set-up mode is on."""

    @property
    def offered(self) -> Offer | None:
        """What a second click on the site clicked last does instead (None: nothing)."""

    def redraw(self) -> None:
        """The board is to be drawn again."""

    def say(self, text: str) -> None:
        """The status line says ``text``."""


class BoardMode(Protocol):
    """One mode of the board (see the module's text)."""

    name: str

    def active(self) -> bool:
        """The mode is on: it is asked about clicks, undo, busy and the prompt."""

    def claims(self) -> bool:
        """While on, the modes after it are not asked (set-up mode, play)."""

    def busy(self) -> str:
        """Why a click or a move is refused now ('' when it is not)."""

    def click(self, site: int) -> Outcome | None:
        """A click on ``site``: what it did, when this mode took it (None: not taken)."""

    def undo(self) -> bool:
        """Undo: True when this mode did it."""

    def redo(self) -> bool:
        """Redo: True when this mode did it."""

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        """The frame with what this mode draws over the board (``frame`` when nothing)."""

    def prompt(self) -> str:
        """The status bar's prompt while it is on ('' to let the next mode say it)."""


class Mode:
    """A mode that does nothing until told: off, claims nothing, never busy, takes no
    click, undo or redo, draws nothing and says nothing. The modes derive from it and
    answer only what they change."""

    name = "mode"

    def active(self) -> bool:
        return False

    def claims(self) -> bool:
        return False

    def busy(self) -> str:
        return ""

    def click(self, site: int) -> Outcome | None:
        return None

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        return frame

    def prompt(self) -> str:
        return ""


class Router:
    """The board's modes, most particular first. The last mode should always claim the
    board (play): a click nobody takes is dropped."""

    def __init__(self, modes: Sequence[BoardMode]) -> None:
        if not modes:
            raise ValueError("the board needs at least one mode")
        names = [mode.name for mode in modes]
        if len(set(names)) != len(names):
            raise ValueError(f"two board modes share a name: {names}")
        self.modes: list[BoardMode] = list(modes)

    def mode(self, name: str) -> BoardMode:
        """The mode called ``name``."""
        for mode in self.modes:
            if mode.name == name:
                return mode
        raise KeyError(f"no board mode {name!r} (there are {[m.name for m in self.modes]})")

    def insert(self, mode: BoardMode, before: str) -> None:
        """Add ``mode`` before the mode called ``before`` (a mode made when first used)."""
        if any(m.name == mode.name for m in self.modes):
            raise ValueError(f"there is a board mode {mode.name!r} already")
        self.modes.insert(self.modes.index(self.mode(before)), mode)

    def _upto(self) -> tuple[list[BoardMode], list[BoardMode]]:
        """(the chain: the modes on, up to the first that claims the board; every mode up
        to that one, on or not)."""
        chain: list[BoardMode] = []
        for index, mode in enumerate(self.modes):
            if mode.active():
                chain.append(mode)
                if mode.claims():
                    return chain, self.modes[: index + 1]
        return chain, list(self.modes)

    def chain(self) -> list[BoardMode]:
        """The modes that are asked now, in order."""
        return self._upto()[0]

    def owner(self) -> BoardMode | None:
        """The mode that has the board now (the first of the chain that claims it)."""
        chain = self.chain()
        return chain[-1] if chain and chain[-1].claims() else None

    def busy(self) -> str:
        """Why a click or a move is refused now ('' when it is not)."""
        return _first_busy(self.chain())

    def click(self, site: int) -> Outcome:
        """Route a click on ``site``: what the mode that took it did; refused, with why,
        when a mode is busy, refused with no words when none took it."""
        chain = self.chain()
        why = _first_busy(chain)
        if why:
            return Refused(why)
        for mode in chain:
            outcome = mode.click(site)
            if outcome is not None:
                return outcome
        return Refused()

    def undo(self) -> bool:
        return any(mode.undo() for mode in self.chain())

    def redo(self) -> bool:
        return any(mode.redo() for mode in self.chain())

    def frame(self, game: Game, ui: UI) -> Frame:
        """The board's frame: each mode's layer up to the one that has the board, drawn
        from that one up (it draws the position; each mode before it, over it)."""
        frame = Frame()
        for mode in reversed(self._upto()[1]):
            frame = mode.layer(game, ui, frame)
        return frame

    def prompt(self) -> str:
        """What the status bar's prompt says now."""
        for mode in self.chain():
            text = mode.prompt()
            if text:
                return text
        return ""


def _first_busy(chain: list[BoardMode]) -> str:
    """The first reason a mode of ``chain`` gives for being busy ('' when none is)."""
    return next((why for why in (mode.busy() for mode in chain) if why), "")
