"""The board on show, one lab part (as napari's ``ViewerModel`` holds what its window
draws): the game's UI and its turn builder for the position on show, the board's modes
(:mod:`.modes`: set-up, practice, a lesson's task, Solve mode, the analysis, the review,
the computer, play) and the router between them, what the board draws (:meth:`Board.frame`)
and what the prompt says (:meth:`Board.prompt`), and the verbs of a hand on it:
:meth:`Board.click` on a site, :meth:`Board.finish` and :meth:`Board.cancel` a turn,
:meth:`Board.undo`, :meth:`Board.redo` (``click``, ``finish`` and ``play`` answer what
they did: :mod:`.outcome`). Each mode class stands beside the lab part it
routes (``setup_mode.SetupBoard``, ``practice.PracticeBoard``, ``lesson.LessonBoard``,
``solve.SolveBoard``, ``analysis.AnalysisBoard``, ``review.ReviewBoard``,
``engine.ComputerBoard``); play, the last, is here (:class:`PlayBoard`).

The board is the game UIs' host (:class:`viewer.lab.game_ui.Host`). It announces its own
changes with one typed signal, ``changed(what)`` (:data:`BoardChange`): "frame", the board
is to be drawn again; "secrets", whose secrets may be shown changed (and the frame with
it); and each step of taking a new position in with ``taking`` (:data:`TakeStep`). A front
end draws it on "frame" and forwards its input to the verbs; the lab may not import
``viewer.games``, so the front end hands the lab the UI of a game (``uis``), a clock for
the UIs' animations (``clock``) and its words (``words``: :class:`FrontWords`), which the
lab hands the board as it makes it."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Literal, Protocol

from pyramid_lab.model.game import Game, IllegalMoveError, Move

from .analysis import Analyses, AnalysisBoard
from .bulletin import Bulletin
from .engine import ComputerBoard, Engine
from .events import Signal
from .frame import Frame
from .game_ui import TURN_DOCK, UI, Clock
from .lesson import LessonBoard, Lessons
from .modes import Mode, Offer, Router, Where
from .outcome import Drawn, Outcome, Picked, Played, Refused
from .review import ReviewBoard, Reviews
from .session import PositionChange, Session
from .setup_mode import SetupBoard, SetupMode
from .solve import SolveBoard, SolveMode
from .table_build import BUILD_TABLE
from .turn_builder import Declined, JointTurn, Ready, Stepped, TurnBuilder

if TYPE_CHECKING:
    from .puzzle_editor import PuzzleEditor
    from .setup_editor import SetupEditor
    from .view_state import BoardGeometry

#: What ``Board.changed`` says (the module's text).
BoardChange = Literal["frame", "secrets"]

#: Changes of the session that keep the position on the board (and the turn built on it).
KEEPS_TURN = ("saved", "puzzle", "review")

#: The steps of the board taking a change of the session in (:meth:`Board.position_changed`),
#: each said by ``Board.taking`` for a front end with its own widgets on the board (the
#: window's docks and scene): "kept", the position stays (:data:`KEEPS_TURN`); else, while
#: nothing is drawn, "start", then around another game's UI "leaving" (the last UI still
#: there) and "ui" (the new one in), "turn" (a new turn built) and "told" (the UI told).
TakeStep = Literal["kept", "start", "leaving", "ui", "turn", "told"]

#: Board modes whose clicks are not moves (a lesson's click-points task picks the ball
#: clicked, set-up paints it): a click there is no refused move to offer a point behind for.
NOT_MOVES = ("lesson", "set-up")

#: The UI class of a game, by the game (``viewer.games.ui_class``: the front end's).
UIs = Callable[[Game], "type[UI]"]


class LabParts(Protocol):
    """The lab's parts the board routes (:class:`viewer.lab.Lab`)."""

    session: Session
    bulletin: Bulletin
    engine: Engine
    setup_mode: SetupMode
    lessons: Lessons
    solver: SolveMode
    puzzle: PuzzleEditor
    analysis: Analyses
    review: Reviews

    def play(self, move: Move) -> None:
        """A move made by hand: played, and the computer goes on if it is to move."""


class ClockMaker(Protocol):
    """A started clock stepping ``step`` with the progress from 0 to 1 over ``seconds``
    (the window's ``viewer.desktop.animation.Animation``)."""

    def __call__(self, seconds: float, step: Callable[[float], object]) -> Clock: ...


class InstantClock:
    """A clock for a front end with no timer (a test, a page): ``start`` steps to the end
    at once."""

    def __init__(self, seconds: float, step: Callable[[float], object]) -> None:
        self._step = step
        self._done = False

    def start(self) -> None:
        self._done = True
        self._step(1.0)

    def stop(self) -> None:
        self._done = True

    def progress(self) -> float:
        return 1.0 if self._done else 0.0


#: The sites whose points hide behind a site as the front end's view sees it (the board
#: view's ``behind``: the last pick's ray), nearest first.
Behind = Callable[[int], Sequence[int]]


def window_reach(level: int, front: int) -> str:
    """The window's way to points of ``level`` at most behind balls whose lowest is of
    level ``front`` (:attr:`FrontWords.reach`): the levels above them hidden (View dock:
    Levels' top) where every ball in front is one of them, else that and the board seen
    from above (no ball of their level or below hides them there). Ghosts alone reveal
    nothing (they show the balls a peel hid), so they are not offered."""
    if level < front:
        return f"peel to level {level} (View dock: Levels) or turn the board"
    return f"peel to level {level} (View dock: Levels) and look from above (View > Camera: top)"


@dataclasses.dataclass(frozen=True)
class FrontWords:
    """How the board's words name the front end's ways: where a player chooses what a
    click on the board cannot say (``controls``, as a game UI's words ask it:
    :attr:`viewer.lab.game_ui.GameUI.controls`), and how its view reaches a point behind a
    ball (``reach``: the point's level and the ball's to the words after "or" in that
    advice). The window's by default."""

    controls: str = TURN_DOCK
    reach: Callable[[int, int], str] = window_reach
    #: where it builds a whole-game table (said where the book ends, beside the command;
    #: '' where it offers none): the window's menu item (viewer.desktop.menus)
    build_table: str = BUILD_TABLE


#: The window's words (its Turn dock, its peel and camera).
WINDOW_WORDS = FrontWords()


class Board:
    """The board on show: the game UI, its turn, the modes, the verbs (the module's text).
    ``words``: how its words name the front end's ways (:class:`FrontWords`)."""

    def __init__(
        self,
        lab: LabParts,
        uis: UIs,
        clock: ClockMaker = InstantClock,
        words: FrontWords = WINDOW_WORDS,
    ) -> None:
        self.lab = lab
        self.session = lab.session
        self._uis = uis
        self._clock = clock
        self.words = words
        self.changed: Signal[[BoardChange]] = Signal()
        #: Each step of taking a change of the session in (:data:`TakeStep`)
        self.taking: Signal[[TakeStep, PositionChange]] = Signal()
        self._held = False  # a new position is being taken in: no redraw until it is
        self._said = ""  # what the board said during the verb under way
        # a refused click on a ball with one empty point behind it, or a click-points
        # task's click on a ball: a second click there plays (picks) the point behind
        self.offered: Offer | None = None
        game = self.session.game
        self.ui: UI = uis(game)(self)
        self.turn: TurnBuilder = self.ui.turn(game)
        self.play_mode = PlayBoard(self)
        self.modes = Router(  # who has the board, most particular first
            [
                SetupBoard(lab.setup_mode, self),
                LessonBoard(lab.lessons, self),  # (Practice comes before it when first used)
                SolveBoard(lab.solver, lab.puzzle.verdict_layer),
                AnalysisBoard(lab.analysis),
                ReviewBoard(lab.review, self),
                ComputerBoard(lab.engine, self),
                self.play_mode,  # the last: it always has the board
            ],
            self.say,
        )

    # ---- the game UIs' host (viewer.lab.game_ui.Host) -------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def controls(self) -> str:
        return self.words.controls

    def redraw(self) -> None:
        """The board is to be drawn again (said as "frame"; nothing while it is held)."""
        if not self._held:
            self.changed.emit("frame")

    def show_message(self, text: str) -> None:
        self.say(text)

    def say(self, text: str) -> None:
        """The status line says ``text`` (and a click under way keeps it, for its advice)."""
        self._said = text
        self.lab.bulletin.say(text)

    def apply_position(self, game: Game, message: str) -> None:
        """Replace the position by ``game`` (undoable, like a set-up)."""
        if self.session.apply_setup(game):
            message += "; a new, untitled position (the example stays as it came)"
        self.say(message)

    def animation(self, seconds: float, step: Callable[[float], object]) -> Clock:
        return self._clock(seconds, step)

    def setup_active(self) -> bool:
        return self.setup is not None

    def consider_computer(self) -> None:
        self.lab.engine.consider()

    def secrets_changed(self) -> None:
        self.changed.emit("secrets")
        self.redraw()

    def computer_players(self) -> Mapping[str, str]:
        return self.lab.engine.playing()

    def finish_turn(self) -> None:
        self.finish()

    # ---- the position on show --------------------------------------------------------------

    @property
    def setup(self) -> SetupEditor | None:
        """The set-up editor while set-up mode is on, else None."""
        return self.lab.setup_mode.editor

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """A new position is being taken in: nothing is drawn until it is (the front end
        draws once, after)."""
        self._held = True
        try:
            yield
        finally:
            self._held = False

    def switch_ui(self, game: Game) -> bool:
        """Another kind of game on show: the last UI closes and ``game``'s takes its place
        (True); False when the UI shows that game already."""
        if self.ui.game_name == game.name:
            return False
        self.ui.close()
        self.ui = self._uis(game)(self)
        return True

    def new_turn(self) -> None:
        """A new position: a new turn builder for it."""
        self.turn = self.ui.turn(self.session.game)

    def position_changed(self, reason: PositionChange) -> None:
        """Take a change of the session in, first of the lab's one order of following
        (:meth:`viewer.lab.Lab.follow`), nothing drawn meanwhile: another game's UI, a
        new turn, the UI told; each step said by ``taking`` (:data:`TakeStep`), which a
        front end follows with its own widgets (the window's docks and scene)."""
        if reason in KEEPS_TURN:
            self.taking.emit("kept", reason)
            return
        game = self.session.game
        with self.held():
            self.taking.emit("start", reason)
            if self.ui.game_name != game.name:
                self.taking.emit("leaving", reason)
                self.switch_ui(game)
                self.taking.emit("ui", reason)
            self.new_turn()
            self.taking.emit("turn", reason)
            self.ui.position_changed(game, reason)
            self.taking.emit("told", reason)

    def geometry(self) -> BoardGeometry:
        """The geometry of the board on show (the game UI's)."""
        return self.ui.geometry(self.session.game)

    def frame(self) -> Frame:
        """The frame the board draws: the position, each board mode's layer over it (the
        engine's hint, the heat map, a puzzle's cooks, ...)."""
        return self.modes.frame(self.session.game, self.ui)

    def prompt(self) -> str:
        """What the prompt says now (the first mode with something to say)."""
        return self.modes.prompt()

    def shown_pieces(self) -> Mapping[int, str]:
        """The pieces as the board shows them: the set-up painted, else the turn built."""
        setup = self.setup
        return setup.pieces if setup is not None else self.turn.pieces()

    def describe(self, site: int) -> str:
        """The hover text of ``site`` as the board shows it."""
        return self.ui.describe(self.session.game, self.turn, site, self.shown_pieces())

    def position(self) -> Where:
        """The position on the board and the turn half built: a click's advice holds
        while it is the same."""
        game = self.session.game
        return (game.position_key(), len(game.move_stack), self.turn.building)

    # ---- the verbs -------------------------------------------------------------------------

    def click(self, site: int, behind: Behind | None = None) -> Outcome:
        """A click on ``site``, routed by the modes. A click that lands on a ball in front
        of empty points and changes nothing says what would reach them (``behind``: the
        points behind the site as the front end's view sees it): the point itself on a
        second click where one lies behind, peeling to its level, or turning the board. A
        click that picks a ball for a click-points task offers the point behind it the same
        way: a second click there picks that point instead (the ball as it was). What the
        click did, in the words the board said last."""
        where = self.position()
        offered, self.offered = self.offered, None
        self.play_mode.advise(None)
        self._said = ""
        if offered is not None and (offered.site, offered.where) == (site, where):
            if offered.pick:  # a pick: the ball clicked first goes back as it was
                self.modes.click(site)
            return self._told(self.modes.click(offered.point))  # the point behind
        outcome = self.modes.click(site)
        said = self._said
        if behind is None or self.position() != where or self.setup is not None:
            return self._told(outcome)
        names = {mode.name for mode in self.modes.chain()}
        if names == names - set(NOT_MOVES):
            self._offer(site, where, behind, said)
        elif "lesson" in names and isinstance(outcome, Picked):  # a click-points task
            offer = self._offer_pick(site, where, behind, said)
            return dataclasses.replace(outcome, words=self._said, offer=offer)
        return self._told(outcome)

    def _told(self, outcome: Outcome) -> Outcome:
        """``outcome`` in the words the board said last during the verb under way."""
        return dataclasses.replace(outcome, words=self._said)

    def _offer_pick(self, site: int, where: Where, behind: Behind, said: str) -> str:
        """After a click-points task's click on ``site``'s ball: the point right behind
        it (a ball or an empty point: a task may ask for either), picked by a second click
        there instead, or reached the front end's way. The advice ('' when none)."""
        ui = self.ui
        try:
            coords = tuple(ui.coords_of(site))
        except (KeyError, ValueError, IndexError, NotImplementedError):
            return ""
        if coords not in {tuple(c) for c, _colour in self.session.game.pieces()}:
            return ""  # an empty point: nothing drawn in front of the rest
        for other in behind(site):
            try:
                point = tuple(ui.coords_of(other))
            except (KeyError, ValueError, IndexError, NotImplementedError):
                continue
            break
        else:
            return ""
        self.offered = Offer(site, where, other, True)
        name, hidden = ",".join(map(str, coords)), ",".join(map(str, point))
        piece = ui.piece_word.removesuffix("s")
        reach = self.words.reach(point[-1], coords[-1])
        advice = (
            f"Click {name} again to pick {hidden}, the point its {piece} hides, instead, or {reach}"
        )
        said = said.rstrip(". ")
        self.say(f"{advice}. {said}" if said else advice)
        self.play_mode.advise((where, advice))
        self.lab.bulletin.show_prompt(self.modes.prompt())
        self.redraw()  # (the legend's words for the piece picked say the offer)
        return advice

    def _offer(self, site: int, where: Where, behind: Behind, said: str) -> None:
        """After a click on ``site`` that changed nothing: the empty points behind it."""
        ui = self.ui
        try:
            coords = ui.coords_of(site)
        except (KeyError, ValueError, IndexError, NotImplementedError):
            return
        taken = {tuple(c) for c, _colour in self.session.game.pieces()}
        if tuple(coords) not in taken:
            return  # not a ball in front
        if self.session.game.is_over():
            return  # nothing to play (a won game's markers are its corners)
        # only the points a click plays now (a point whose supports are empty is no advice)
        playable = {m.site for m in self.frame().markers if m.style == "target"}
        empty = []
        in_front = [coords[-1]]  # the levels of the balls before the last point listed
        before: list[int] = []  # (the balls passed on the ray so far)
        for other in behind(site):
            try:
                point = tuple(ui.coords_of(other))
            except (KeyError, ValueError, IndexError, NotImplementedError):
                continue
            if point in taken:
                before.append(point[-1])
            elif other in playable:
                empty.append((other, point))
                in_front += before
                before = []
        if not empty:
            return
        name = ",".join(map(str, coords))
        names = [",".join(map(str, p)) for _s, p in empty]
        said = said.rstrip(". ")  # why the click was refused, kept
        # a peel to the highest of them keeps every one; it reveals them where every ball
        # in front of them on the ray stands higher (else the board is turned)
        level = max(p[-1] for _s, p in empty)
        reach = self.words.reach(level, min(in_front))
        piece = ui.piece_word.removesuffix("s")  # "ball", "sphere": as the View dock says
        if len(empty) == 1:
            self.offered = Offer(site, where, empty[0][0], False)
            advice = (
                f"Click {name} again to play {names[0]}, the point its {piece} hides, or {reach}"
            )
        else:
            first = names[:3]
            shown = (
                f"{', '.join(first[:-1])} and {first[-1]}"
                if len(names) <= 3
                else f"{', '.join(first)} ..."
            )
            advice = f"To reach {shown}, hidden behind the {piece} at {name}: {reach}"
        # what to do first (the status bar cuts a long line), the whole of it over the scene
        self.say(f"{advice}. {said}" if said else advice)
        self.play_mode.advise((where, advice))
        self.lab.bulletin.show_prompt(self.modes.prompt())

    def play(self, move: Move | str) -> Outcome:
        """Play what Finish turn, the Analysis dock or a lesson gave: a move, or a
        sentence saying why not; refused, said, while a mode is busy. What it did."""
        self._said = ""
        return self._told(self._play(move))

    def _play(self, move: Move | str) -> Outcome:
        if isinstance(move, str):
            self.say(move)
            return Refused(move)
        busy = self.modes.busy()
        if busy:
            self.say(busy)
            return Refused(busy)
        return self.play_mode.play_now(move)

    def finish(self) -> Outcome:
        """Finish turn: the move the turn builder makes of it, played. What it did."""
        self._said = ""
        answer = self.turn.finish()
        if isinstance(answer, Stepped):
            self.redraw()  # a step of the turn (a part handed in), no move yet
            return self._told(Drawn())
        return self._told(self._play(answer.move if isinstance(answer, Ready) else answer.reason))

    def cancel(self) -> None:
        """Cancel turn: the turn half built goes."""
        self.turn.cancel()
        self.redraw()

    def undo(self) -> None:
        self.modes.undo()

    def redo(self) -> None:
        self.modes.redo()

    def insert_mode(self, mode: Mode, before: str) -> None:
        """A mode made when first used (Practice) joins the others before ``before``."""
        self.modes.insert(mode, before)


class PlayBoard(Mode):
    """Play, the last board mode: always on, it has the board when no mode before it
    took it. A click is a step of the turn the game UI builds (or the move it completes);
    Undo takes back the turn half built, else the last move; it draws the position."""

    name = "play"

    def __init__(self, board: Board) -> None:
        self.board = board
        self.lab = board.lab
        # what would reach the points behind a ball clicked, in full over the scene (the
        # prompt's line) while the position is the same: (position, the words)
        self.advice: tuple[Where, str] | None = None

    def advise(self, advice: tuple[Where, str] | None) -> None:
        """The words on the points behind a ball clicked, at that position (None: none)."""
        self.advice = advice

    def advice_now(self) -> str:
        """The words on the points behind the ball last clicked, while that position shows."""
        if self.advice is None or self.advice[0] != self.board.position():
            return ""
        return self.advice[1]

    def play_now(self, move: Move) -> Played | Refused:
        """Play ``move`` (the modes were asked already)."""
        lab, board = self.lab, self.board
        mover = lab.session.game.to_move
        try:
            lab.play(move)  # the computer may answer it
        except IllegalMoveError as exc:
            board.say(str(exc))
            return Refused(str(exc))
        board.say(board.ui.played(lab.session.game, mover, move))
        return Played(move)

    def active(self) -> bool:
        return True

    def claims(self) -> bool:
        return True

    def busy(self) -> str:
        return self.board.ui.busy()

    def click(self, site: int) -> Outcome:
        board = self.board
        answer = board.ui.click(self.lab.session.game, board.turn, site)
        if isinstance(answer, Stepped):
            board.redraw()  # a step of the turn being built
            return Drawn()
        if isinstance(answer, Declined):
            board.say(answer.reason)
            return Refused(answer.reason)
        return self.play_now(answer.move)

    def undo(self) -> bool:
        board = self.board
        if board.turn.building:  # the turn half built goes first, the last move stays
            board.turn.cancel()
            board.redraw()
            board.say("the turn being built was taken back (Undo again: the last move)")
        else:
            self.lab.session.undo()
        return True

    def redo(self) -> bool:
        self.lab.session.redo()
        return True

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        return ui.frame(game, self.board.turn)  # the position: the others draw over it

    def prompt(self) -> str:
        return self.advice_now() or self.board.ui.prompt() or self.board.turn.prompt()


class Shows(Protocol):
    """A lab with the board on show (:class:`viewer.lab.Lab`)."""

    @property
    def board(self) -> Board: ...


class BoardTable:
    """The board's game UI and turn builder, as the lab's engine asks about them
    (:class:`viewer.lab.engine.Table`): handed to the engine as it is made, it reads the
    board of ``lab`` (made after the engine: the board's modes route the engine's) when
    asked."""

    def __init__(self, lab: Shows) -> None:
        self.lab = lab

    @property
    def board(self) -> Board:
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

    def submit(self, game: Game, side: int, move: Move) -> Move | str | None:
        turn = self.board.turn
        if not isinstance(turn, JointTurn):
            raise TypeError(f"{type(turn).__name__} takes no parts of a joint move")
        answer = turn.submit(side, move)  # the engine's Table still reads a str as a refusal
        if isinstance(answer, Declined):
            return answer.reason
        return answer.move if isinstance(answer, Ready) else None

    def played(self, game: Game, mover: str, move: Move) -> str:
        return self.board.ui.played(game, mover, move)

    def hinted(self, game: Game, move: Move, words: str) -> None:
        self.board.ui.hinted_move(game, move, words)

    def players_changed(self) -> None:
        self.board.ui.players_changed()
