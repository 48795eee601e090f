"""The board on show, one lab part (as napari's ``ViewerModel`` holds what its window
draws): the game's UI and its turn builder for the position on show, the board's modes
(:mod:`.modes`: set-up, practice, a lesson's task, Solve mode, the analysis, the review,
the computer, play) and the router between them, what the board draws (:meth:`Board.frame`)
and what the prompt says (:meth:`Board.prompt`), and the verbs of a hand on it:
:meth:`Board.click` on a site, :meth:`Board.finish` and :meth:`Board.cancel` a turn,
:meth:`Board.undo`, :meth:`Board.redo`. ``click``, ``finish`` and ``play`` answer what they
did (:mod:`.outcome`, which makes the answer's words too), and the board says them on
the status line. Each mode class stands beside the lab part it routes
(``setup_mode.SetupBoard``, ``practice.PracticeBoard``, ``lesson.LessonBoard``,
``solve.SolveBoard``, ``analysis.AnalysisBoard``, ``review.ReviewBoard``,
``engine.ComputerBoard``); play, the last, is the board's own (:class:`PlayBoard`), and
so are the offers of the points a ball clicked hides (:func:`empty_behind`,
:func:`point_behind`). One concept over 600 lines: the board, its own mode and offers, and
the two doors onto it.

The game UIs see the board through their host (:class:`UIHost`, the UIs'
:class:`viewer.lab.game_ui.Host`), the engine through :class:`BoardTable` (the engine's
:class:`viewer.lab.engine.Table`): each a narrow door onto the board, so neither the
UIs nor the engine hold the whole board. The board announces its own
changes with one typed signal, ``changed(what)`` (:data:`BoardChange`): "frame", the board
is to be drawn again; "secrets", whose secrets may be shown changed (and the frame with
it). As it takes a new position in it publishes another game's UI on the lab's ``follows``
(:class:`viewer.lab.events.UIChanged`). A front end draws it on "frame" and forwards its
input to the verbs; the lab may not import ``viewer.games``, so the front end hands the
lab the UI of a game (``uis``), a clock for the UIs' animations (``clock``) and its words
(``words``: :class:`FrontWords`), which the lab hands the board as it makes it."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Literal, Protocol

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game, IllegalMoveError, Move
from pyramid_lab.model.words import reason_of

from .analysis import Analyses, AnalysisBoard
from .bulletin import Bulletin
from .engine import ComputerBoard, Engine
from .events import Following, PositionChange, Signal, UIChanged
from .frame import Frame
from .game_ui import TURN_DOCK, UI, Clock
from .lesson import LessonBoard, Lessons
from .modes import Mode, Offer, Router, Where
from .outcome import Behind, Drawn, Outcome, Picked, Played, Refused
from .outcome_words import window_reach
from .review import ReviewBoard, Reviews
from .session import Session
from .setup_mode import SetupBoard, SetupMode
from .solve import SolveBoard, SolveMode
from .table_build import BUILD_TABLE
from .turn_builder import Declined, JointTurn, Ready, Stepped, TurnAnswer, TurnBuilder

if TYPE_CHECKING:
    from .puzzle_editor import PuzzleEditor
    from .setup_editor import SetupEditor
    from .view_state import BoardGeometry

#: What ``Board.changed`` says (the module's text).
BoardChange = Literal["frame", "secrets"]

#: Changes of the session that keep the position on the board (and the turn built on it).
KEEPS_TURN = ("saved", "puzzle", "review")

#: Board modes whose clicks are not moves (a lesson's click-points task picks the ball
#: clicked, set-up paints it): a click there is no refused move to offer a point behind for.
NOT_MOVES = ("lesson", "set-up")

#: The UI class of a game, by the game (``viewer.games.ui_class``: the front end's).
UIs = Callable[[Game], "type[UI]"]


class ClockMaker(Protocol):
    """A started clock stepping ``step`` with the progress from 0 to 1 over ``seconds``
    (the window's ``viewer.desktop.animation.Animation``)."""

    def __call__(self, seconds: float, step: Callable[[float], object]) -> Clock: ...


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
    ``words``: how its words name the front end's ways (:class:`FrontWords`); ``follows``:
    where it publishes what changed of the UI as it takes a position in (the lab's)."""

    def __init__(
        self,
        lab: LabParts,
        uis: UIs,
        clock: ClockMaker = InstantClock,
        words: FrontWords = WINDOW_WORDS,
        follows: Signal[[Following]] | None = None,
    ) -> None:
        self.lab = lab
        self.session = lab.session
        self._uis = uis
        self.words = words
        self.changed: Signal[[BoardChange]] = Signal()
        self._follows: Signal[[Following]] = follows if follows is not None else Signal()
        self._held = False  # a change is being taken in: no redraw until it is
        self._asked = False  # ... and a redraw was asked meanwhile
        # a refused click on a ball with one empty point behind it, or a click-points
        # task's click on a ball: a second click there plays (picks) the point behind
        self.offered: Offer | None = None
        game = self.session.game
        self.host = UIHost(self, clock, words.controls)  # the game UIs' way to the board
        self.ui: UI = uis(game)(self.host)
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
            ]
        )

    def redraw(self) -> None:
        """The board is to be drawn again (said as "frame"; once it is no longer held)."""
        if self._held:
            self._asked = True
        else:
            self.changed.emit("frame")

    def say(self, text: str) -> None:
        """The status line says ``text``."""
        self.lab.bulletin.say(text)

    # ---- the position on show --------------------------------------------------------------

    @property
    def setup(self) -> SetupEditor | None:
        """The set-up editor while set-up mode is on, else None."""
        return self.lab.setup_mode.editor

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """A change is being taken in: nothing is drawn until it is, then the board is
        drawn once if it was asked to be meanwhile (the front end draws once, after)."""
        held, self._held = self._held, True
        try:
            yield
        finally:
            self._held = held
            if not held and self._asked:
                self._asked = False
                self.changed.emit("frame")

    def position_changed(self, reason: PositionChange) -> None:
        """Take a change of the session in, first of the lab's one order of following
        (:meth:`viewer.lab.Lab.follow`), nothing drawn meanwhile: another document ends
        set-up mode, another game's UI comes (published on the lab's ``follows``,
        :class:`~viewer.lab.events.UIChanged`, for a front end with its own widgets beside
        the board: the window's docks and scene), a new turn, the UI told. A position kept
        (:data:`KEEPS_TURN`) is not taken in."""
        if reason in KEEPS_TURN:
            return
        game = self.session.game
        switched = self.ui.game_name != game.name
        with self.held():
            if reason in ("load", "new") and self.setup is not None:
                self.lab.setup_mode.close(consider=False)  # (the engine follows the position)
            if switched:  # another kind of game: the last UI closes, this game's comes
                self.ui.close()
                self.ui = self._uis(game)(self.host)
            if switched or reason in ("load", "new"):
                self._follows.emit(UIChanged(reason, switched=switched))
            self.turn = self.ui.turn(game)
            self.ui.position_changed(game, reason)

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

    def describe(self, site: int) -> str:
        """The hover text of ``site`` as the board shows it: the set-up painted, else the
        turn built."""
        setup = self.setup
        shown = setup.pieces if setup is not None else self.turn.pieces()
        return self.ui.describe(self.session.game, self.turn, site, shown)

    def position(self) -> Where:
        """The position on the board and the turn half built: a click's advice holds
        while it is the same."""
        game = self.session.game
        return (game.position_key(), len(game.move_stack), self.turn.building)

    # ---- the verbs -------------------------------------------------------------------------

    def click(self, site: int, behind: SitesBehind | None = None) -> Outcome:
        """A click on ``site``, routed by the modes. A click that lands on a ball in front
        of empty points and changes nothing says what would reach them (``behind``: the
        points behind the site as the front end's view sees it): the point itself on a
        second click where one lies behind, peeling to its level, or turning the board. A
        click that picks a ball for a click-points task offers the point behind it the same
        way: a second click there picks that point instead (the ball as it was). What the
        click did, its words said."""
        where = self.position()
        offered, self.offered = self.offered, None
        self.play_mode.advise(None)
        if offered is not None and (offered.site, offered.where) == (site, where):
            if offered.pick:  # a pick: the ball clicked first goes back as it was
                self.modes.click(site)
            return self._said(self.modes.click(offered.point))  # the point behind
        outcome = self.modes.click(site)
        if behind is not None and self.position() == where and self.setup is None:
            outcome = self._offer(site, where, behind, outcome)
        return self._said(outcome)

    def _offer(self, site: int, where: Where, behind: SitesBehind, outcome: Outcome) -> Outcome:
        """After a click on ``site`` that changed nothing, ``outcome``: with the empty points
        behind its ball (:func:`empty_behind`); after a click-points task's
        pick of a ball, with the point right behind it (:func:`point_behind`).
        The advice over the scene while the position is the same (the prompt's line)."""
        if isinstance(outcome, Played):
            return outcome
        names = {mode.name for mode in self.modes.chain()}
        ui, game, reach = self.ui, self.session.game, self.words.reach
        pick = isinstance(outcome, Picked)
        if not names & set(NOT_MOVES):

            def playable() -> set[int]:  # the points a click plays now
                return {m.site for m in self.frame().markers if m.style == "target"}

            empty = empty_behind(ui, game, site, behind, playable, reach)
            if empty is None:
                return outcome
            point, found = empty
            if point is not None:
                self.offered = Offer(site, where, point, False)
        elif "lesson" in names and pick:  # a click-points task
            picked = point_behind(ui, game, site, where, behind, reach)
            if picked is None:
                return outcome
            self.offered, found = picked
        else:
            return outcome
        self.play_mode.advise((where, found.advice))
        self.lab.bulletin.show_prompt(self.modes.prompt())
        if pick:
            self.redraw()  # (the legend's words for the piece picked say the offer)
        if isinstance(outcome, Refused):
            return Refused(outcome.why, found)
        return dataclasses.replace(outcome, behind=found)

    def _said(self, outcome: Outcome) -> Outcome:
        """``outcome``, its words said on the status line (when it has any)."""
        words = outcome.words
        if words:
            self.say(words)
        return outcome

    def play(self, move: Move) -> Outcome:
        """Play the move Finish turn, the Analysis dock, a lesson or a page gave (text was
        read where it came in); refused while a mode is busy. What it did, said."""
        busy = self.modes.busy()
        return self._said(Refused(busy) if busy else self.play_mode.play_now(move))

    def finish(self) -> Outcome:
        """Finish turn: the move the turn builder makes of it, played. What it did."""
        answer = self.turn.finish()
        if isinstance(answer, Stepped):
            self.redraw()  # a step of the turn (a part handed in), no move yet
            return Drawn()
        if isinstance(answer, Ready):
            return self.play(answer.move)
        return self._said(Refused(answer.reason))  # the turn builder's why not

    def cancel(self) -> None:
        """Cancel turn: the turn half built goes."""
        self.turn.cancel()
        self.redraw()

    def undo(self) -> None:
        self.modes.undo()

    def redo(self) -> None:
        self.modes.redo()


class UIHost:
    """The board as its game UI sees it (:class:`viewer.lab.game_ui.Host`): the position,
    a redraw, the status line, a position applied, an animation's clock (``clock``), set-up
    mode, the computer, and the front end's name for its controls (``controls``)."""

    def __init__(self, board: Board, clock: ClockMaker, controls: str) -> None:
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


class PlayBoard(Mode):
    """Play, the last board mode: always on, it has the board when no mode before it took
    it. A click is a step of the turn the game UI builds (or the move it completes); Undo
    takes back the turn half built, else the last move; it draws the position."""

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
        """Play ``move`` (the modes were asked already): played, with the game UI's words
        on it, or refused by the rules."""
        lab, board = self.lab, self.board
        mover = lab.session.game.to_move
        try:
            lab.play(move)  # the computer may answer it
        except IllegalMoveError as exc:
            return Refused(reason_of(exc))
        said = board.ui.played(lab.session.game, mover, move)
        moot = board.ui.moot(lab.session.game)
        if moot is not None and lab.session.game.to_move == mover:  # made for them
            lab.play(moot)
            then = board.ui.played(lab.session.game, mover, moot)
            said = M_("{said}; then, for you: {then}", said=said, then=then)
        return Played(move, said)

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
            return Refused(answer.reason)
        return self.play_now(answer.move)

    def undo(self) -> bool:
        board = self.board
        if board.turn.building:  # the turn half built goes first, the last move stays
            board.turn.cancel()
            board.redraw()
            board.say(M_("the turn being built was taken back (Undo again: the last move)"))
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


# ---- the points a ball clicked hides, offered (Board.click) --------------------------------
# A click that lands on a ball in front of empty points and changes nothing learns what would
# reach them (a second click on the ball where one point lies behind it, else the front end's
# way: peel, turn the board); a click-points task's click on a ball learns of the point right
# behind it, which a second click picks instead. Each answers the offer a second click takes
# (modes.Offer) and what the outcome says of it (outcome.Behind).

#: The sites whose points hide behind a site as the front end's view sees it (the board
#: view's ``behind``: the last pick's ray), nearest first.
SitesBehind = Callable[[int], Sequence[int]]
#: The front end's way to points of a level behind balls of a lowest level, in words
#: (:attr:`viewer.lab.board.FrontWords.reach`).
Reach = Callable[[int, int], str]


def _coords(ui: UI, site: int) -> tuple[int, ...] | None:
    """``site``'s point, or None where the UI's board has no coordinates for it."""
    try:
        return tuple(ui.coords_of(site))
    except (KeyError, ValueError, IndexError, NotImplementedError):
        return None


def _piece(ui: UI) -> str:
    """What the game calls one ball ("ball", "sphere"), as the View dock says it."""
    return ui.piece_word.removesuffix("s")


def point_behind(
    ui: UI, game: Game, site: int, where: Where, behind: SitesBehind, reach: Reach
) -> tuple[Offer, Behind] | None:
    """After a click-points task's click on ``site``'s ball: the point right behind it
    (a ball or an empty point: a task may ask for either), picked by a second click there
    instead, or reached the front end's way. None: no ball there, or nothing behind it."""
    coords = _coords(ui, site)
    if coords is None or coords not in {tuple(c) for c, _colour in game.pieces()}:
        return None  # an empty point: nothing drawn in front of the rest
    for other in behind(site):
        point = _coords(ui, other)
        if point is not None:
            break
    else:
        return None
    found = Behind(coords, (point,), _piece(ui), reach(point[-1], coords[-1]), pick=True)
    return Offer(site, where, other, True), found


def empty_behind(
    ui: UI,
    game: Game,
    site: int,
    behind: SitesBehind,
    playable: Callable[[], set[int]],
    reach: Reach,
) -> tuple[int | None, Behind] | None:
    """After a click on ``site`` that changed nothing: the empty points behind its ball
    that a click plays now (``playable``: their sites; a point whose supports are empty is
    no advice). The site a second click plays (None where several lie behind) and the
    offer; None: no ball there, the game over, or no such point."""
    coords = _coords(ui, site)
    taken = {tuple(c) for c, _colour in game.pieces()}
    if coords is None or coords not in taken:
        return None  # not a ball in front
    if game.is_over():
        return None  # nothing to play (a won game's markers are its corners)
    plays = playable()
    empty: list[tuple[int, tuple[int, ...]]] = []
    in_front = [coords[-1]]  # the levels of the balls before the last point listed
    before: list[int] = []  # (the balls passed on the ray so far)
    for other in behind(site):
        point = _coords(ui, other)
        if point is None:
            continue
        if point in taken:
            before.append(point[-1])
        elif other in plays:
            empty.append((other, point))
            in_front += before
            before = []
    if not empty:
        return None
    # a peel to the highest of them keeps every one; it reveals them where every ball in
    # front of them on the ray stands higher (else the board is turned)
    level = max(p[-1] for _s, p in empty)
    found = Behind(coords, tuple(p for _s, p in empty), _piece(ui), reach(level, min(in_front)))
    return (empty[0][0] if len(empty) == 1 else None), found
