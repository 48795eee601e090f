"""A student's hand on their board (:class:`Hand`): what a page does to the board goes
there as the window's does. A click as a site (``board.click(site)``: the turn built, a
move played, a point picked for a click-points task), a move typed or written with a form
as a move (``board.play``); a move played is judged by the lab's lesson state. The board
answers what each did (:mod:`viewer.lab.outcome`): a refusal's words are the page's. The
student sits one seat (:meth:`Hand.seat`): what the page lists beside the board is made
from the position as that seat may see it (:mod:`.choices`). No Qt, no web."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.game import Game, Move, quote, shorten
from pyramid_lab.model.words import reason_of

from ..lab import Lab
from ..lab.board import Board as LabBoard
from ..lab.events import Following, PositionChange, PositionKept, PositionTaken
from ..lab.lesson_marks import site_of
from ..lab.outcome import Outcome, Picked, Played
from .checks import Refused
from .choices import Choices

#: Whether a point (a position file's coordinates) is a site of the game's board.
OnBoard = Callable[[Game, tuple[int, ...]], bool]


class Hand:
    """The student's hand on the board of their ``lab``: every call is made under the
    student's lock. ``changed`` is told of a step of a turn drawn (the page draws it);
    ``visits`` says which showing of a step the board is in (a Retry starts afresh)."""

    def __init__(
        self, lab: Lab, on_board: OnBoard, changed: Callable[[], None], visits: Callable[[], int]
    ) -> None:
        self.lab = lab
        self.on_board = on_board
        self.changed = changed
        self.visits = visits
        #: The site last clicked, at the position it was clicked in (the page lists the
        #: moves that involve it).
        self.clicked: tuple[Hashable, int] | None = None
        # the lab's typed events, as the window's (the board has its new UI and turn)
        lab.follows.connect(self.follow)

    @property
    def board(self) -> LabBoard:
        """The board on show: the student's lab's (:mod:`viewer.lab.board`)."""
        return self.lab.board

    def answering(self) -> None:
        """Refused in words unless the step waits for an answer: it has a task, not yet
        answered right, and no move is on the board (Retry takes a wrong one back)."""
        shown = self.lab.lessons
        if shown.step.task is None:
            raise Refused(N_("this step asks nothing: read it and go on with Next"))
        if shown.verdict is not None and shown.verdict.correct:
            raise Refused(N_("answered right already: go on with Next"))
        if len(self.lab.session.game.move_stack) > shown.base_ply:
            raise Refused(N_("a move is on the board already: Retry to answer again"))

    def takes_clicks(self) -> bool:
        """Whether the step waits for an answer (:meth:`answering`): the board takes a
        click."""
        try:
            self.answering()
        except Refused:
            return False
        return True

    def answer_text(self) -> str:
        """The student's answer as the teacher reads it: the points picked, else the move
        played."""
        shown = self.lab.lessons
        if shown.picked:
            return "; ".join(",".join(map(str, p)) for p in shown.picked)
        stack = self.lab.session.game.move_stack
        if len(stack) > shown.base_ply:
            return str(stack[shown.base_ply])
        return ""

    def seat(self) -> int:
        """The seat the student plays at this step: the player to move in the step's
        position (-1 at a simultaneous node: every side is the student's)."""
        return max(-1, self.lab.lessons.step.game.current_player())

    def follow(self, event: Following) -> None:
        """The lab followed a change of the session: a position taken in or kept (below);
        another document's UI is the board's own."""
        if isinstance(event, (PositionTaken, PositionKept)):
            self.position_changed(event.reason)

    def position_changed(self, reason: PositionChange) -> None:
        """A new position on the board: a step's overlays, and the student seated
        (below)."""
        board = self.board
        if reason in ("load", "new") and self.lab.lessons.lesson is not None:
            board.ui.set_overlays(self.lab.lessons.step.overlays)  # a step's, as the window's
        seat = self.seat()
        if seat >= 0 and self.lab.session.game.current_player() == seat:
            # The student sits at their own screen: a UI that waits for the player
            # deciding to take the screen (Rolling's hot seat, "I am red" in the window's
            # Turn dock, which the page has not) has them seated, so the board takes their
            # clicks and shows their own secret orders (and no one else's).
            board.ui.take_seat()

    def where(self) -> Hashable:
        """The position on the board as the page shows it: a click's site and the moves
        listed hold while it is the same (a Retry starts afresh)."""
        game = self.lab.session.game
        return (self.visits(), len(game.move_stack), game.position_key())

    def choices(self) -> Choices:
        """What the page lists beside the board, from the position as the student's seat
        may see it (:mod:`.choices`)."""
        clicked = self.clicked
        site = clicked[1] if clicked is not None and clicked[0] == self.where() else None
        return Choices.of(self.board, self.seat(), site)

    def at_board(self, verb: Callable[[LabBoard], Outcome], site: int | None = None) -> None:
        """A hand on the student's board (``verb``: a click on ``site``, a move played), as
        the window forwards one, while the step waits for an answer (:meth:`answering`).
        What the board answers decides (:mod:`viewer.lab.outcome`): a move played is
        judged by the lesson, a point picked is kept (the words offering the point its
        ball hides are the page's message); a step of a turn is drawn, and what the board
        said of it (a ball's group described, why no ball goes there) or of a refusal is
        the page's refusal."""
        self.answering()
        if site is not None:
            self.clicked = (self.where(), site)
        outcome = verb(self.board)
        if isinstance(outcome, Picked) and outcome.offer:
            raise Refused(outcome.words)  # a ball picked, the point behind it offered
        if isinstance(outcome, (Played, Picked)):
            return  # a move played (and judged), a point picked: the lesson said so
        self.changed()  # a step of the turn drawn (a stone selected, a group shown)
        if outcome.words:
            raise Refused(outcome.words)  # why no move (the ball's group described, ...)

    def click_point(self, point: tuple[int, ...]) -> None:
        """A point by its coordinates (a script's way to click): the site at that point,
        clicked."""
        self.answering()
        game, ui = self.lab.session.game, self.board.ui
        site = site_of(ui, point) if self.on_board(game, point) else None
        if site is None:
            raise Refused(
                M_("{point} is not a point of this board", point=",".join(map(str, point)))
            )
        self.at_board(lambda board: board.click(site), site)

    def play(self, move: Move) -> None:
        """``move`` (typed, a button's, a form's) played on the board, judged by the
        lesson; refused in words where the step asks for points or the rules forbid it."""
        self.answering()
        if self.lab.lessons.asks_for_points():
            raise Refused(N_("this step asks for points on the board, not a move"))
        why = self.lab.session.game.why_illegal(move)
        if why is not None:
            raise Refused(why)
        self.at_board(lambda board: board.play(move))

    def read_move(self, text: str) -> Move:
        """The move written ``text`` in the game's notation (typed, a button's, the form's
        choices written); refused in words when it is none."""
        self.answering()
        if self.lab.lessons.asks_for_points():
            raise Refused(N_("this step asks for points on the board, not a move"))
        try:
            return self.lab.session.game.parse_move(text)
        except ValueError as exc:
            said = reason_of(exc)  # (the game's words name the text already: not said twice)
            if quote(text) in said:
                raise Refused(said) from None
            raise Refused(M_("{move}: {reason}", move=shorten(text, 40), reason=said)) from None

    def check(self) -> None:
        """The points picked, judged."""
        shown = self.lab.lessons
        if not shown.asks_for_points():
            raise Refused(N_("this step is answered on the board: no points to check"))
        if not shown.picked:
            raise Refused(N_("click the points first, then Check"))
        shown.check()
