"""Pyramid Ball in the window: the 7x8 board with both goal rows tinted, the six pyramids
in their sizes and the ball (a gold sphere) on its carrier; the status bar gives the score,
the ball and the special moves held. Set-up mode places any size: each empty square shows a
small marker per size (Large, Medium, Small from the left).

A turn is programmed in the Program docks (``program_dock.py``), one per player: three rows
of direction buttons per pyramid (F B L R S, relative to the player), a pass selector for
the side with the ball, Dash and Blitz when held; "Program in" (or Finish turn) hands a
program in. Hot-seat play shows one editor at a time: once red's program is in, it is hidden
and blue's dock offers a "hand over" button. A colour the computer plays (Game menu or New
game) gets its program from the window's engine (``waiting_sides``: the programs not yet
in; random for easy, the sampling agent above), with the status bar's progress bar and
Stop: Stop hands that colour's editor to the humans for this turn. The joint move is played
when both programs are in (``ProgramTurn.submit``). Hint (H) asks the engine for the open
editor's program: its tracks are drawn dashed in the "hint" style and "Use hint" in the
Program dock loads it. The sheet's one-minute timer is an option of the Turn dock.

After the move the Turn dock replays the turn row by row (one row every ``ROW_SECONDS``;
buttons and the keys [ and ] step back and forth): the board shows the pieces after that
row with each move's trail ("move"/"push" paths), the pass line ("pass-ok" green or
"pass-cut" red, the crossed squares shaded), blocked pyramids rimmed ("blocked") and
labelled; the status bar and the dock list each pyramid's line: its entry, what happened
and why. While a program is edited, its pyramids' planned tracks are drawn in its colour.

Sites are the grid board's ``(row * 7 + col) * 3 + kind``, kind 0 Large, 1 Medium,
2 Small (the size is in the site, so set-up mode can paint each size).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pyramid_lab.model.ball import (
    COLOURS,
    SPECIAL_TITLES,
    Program,
    PyramidBall,
    SpecialChoice,
)
from pyramid_lab.model.ball.report import RowReport, TurnReport
from pyramid_lab.model.ball.rules import (
    ALL_STAND,
    ENTRIES,
    STAND,
    parse_square,
)
from pyramid_lab.model.game import SIMULTANEOUS, Game, JointMove, Move
from pyramid_lab.model.teaching import describe_result

from ...boards.geometries import GridBoard
from ...lab.frame import Frame, Label, Marker, Path, Region, Slide
from ...lab.game_ui import TURN_DOCK, GameUI, Host
from ...lab.game_words import FormPart, MoveForm
from ...lab.palette import GOAL_ROW
from ...lab.turn_builder import STEPPED, Declined, Ready, TurnAnswer
from ...widgets.slots import slot
from .. import register_ui
from .words import SIZE_NAMES, choice_text, explain_row, tracks

if TYPE_CHECKING:  # Qt: imported where the docks are made (the classroom has no Qt)
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QDockWidget, QListWidgetItem

    from ...lab.game_ui import Clock
    from .program_dock import ProgramDock, TurnDock

FILE_SIZES = (3, 2, 1)  # kind -> size number in position files
BOARD = GridBoard(7, 8, kinds=3, goal_rows={0: COLOURS[0], 7: COLOURS[1]}, column_names="abcdefg")
#: The tinted goal rows, named in every frame for the legend (the board always draws them).
GOAL_ROWS = frozenset(f"{GOAL_ROW}{colour}" for colour in COLOURS)
ROW_SECONDS = 0.9  # the replay of a turn: one row this long (0: no replay)
SLIDE_SECONDS = 0.45  # a row's moves and pushes slide this long when the row comes
TIMER_SECONDS = 60  # the sheet's timer
CLICK_TEXT = "program the pyramids in the Program docks on the right (Finish turn hands it in)"
#: The same where the host is not the window (its controls named otherwise: the classroom's
#: page, whose form beside the board plays both programs at once).
CLICK_TEXT_ELSEWHERE = "a click moves nothing: program the pyramids beside the board, then play"
#: What the form's entries mean, under it (the Program dock's words, docs/pyramid-ball.md).
FORM_KEY = (
    "Entries: F forward, B back, L left, R right (each as the pyramid's player sees it), "
    "S stand; >L, >M, >S: a pass, the carrier stands and passes the ball to that pyramid "
    "of its side (the Large, the Medium, the Small): only the carrier, once a turn, in "
    "row 2 or 3 (row 1 with Quick Pass)."
)

Pieces = tuple[tuple[str, str, str, bool], ...]  # (square, colour, size letter, ball)


def site_of(col: int, row: int, size: int) -> int:
    return (row * 7 + col) * 3 + FILE_SIZES.index(size)


def site_at(square: str, size: str) -> int | None:
    """The site of a pyramid of size letter ``size`` on ``square`` ('d4'), or None."""
    try:
        sq = parse_square(square)
    except ValueError:
        return None
    return sq * 3 + "LMS".index(size)


class ProgramTurn:
    """The turn builder: the programs handed in so far (hidden until the rows resolve)."""

    def __init__(self, ui: BallUI, game: PyramidBall) -> None:
        self.ui = ui
        self.game = game
        self.programs: dict[int, Program] = {}
        self.by_computer: set[int] = set()  # the programs in that the computer made
        self.chosen: SpecialChoice | None = None  # the special move a human took (a turn node)
        self._pieces = {site_of(*coords): colour for coords, colour in game.pieces()}

    @property
    def building(self) -> bool:
        """A human's program is in (the computer's part alone is not a turn being built:
        Undo then takes back the last turn)."""
        return bool(set(self.programs) - self.by_computer)

    @property
    def can_finish(self) -> bool:
        if self.game.is_over():
            return False
        if self.game.choosing is not None:
            return self.chosen is not None
        return len(self.programs) == 2 or self.ui.open_side_ready()

    def pieces(self) -> dict[int, str]:
        return self._pieces

    def joint(self) -> JointMove | None:
        if len(self.programs) < 2:
            return None
        return JointMove((self.programs[0], self.programs[1]))

    def click(self, site: int) -> TurnAnswer:
        if self.game.is_over():
            return Declined(f"the game is over: {describe_result(self.game)}")
        if self.game.choosing is not None:
            return Declined(choice_text(self.game))
        return Declined(CLICK_TEXT if self.ui.controls == TURN_DOCK else CLICK_TEXT_ELSEWHERE)

    def submit(self, side: int, part: Move) -> TurnAnswer:
        """The computer's program for ``side``: the joint move once both are in."""
        if self.game.is_over():
            return Declined(f"the game is over: {describe_result(self.game)}")
        if not isinstance(part, Program):
            return Declined(f"not a program: {part}")
        problem = self.game.program_problem(part, side)
        if problem:
            return Declined(problem)
        self.programs[side] = part
        self.by_computer.add(side)
        if self.ui.open_side == side:
            self.ui.open_side = None
        joint = self.joint()
        return STEPPED if joint is None else Ready(joint)

    def finish(self) -> TurnAnswer:
        if self.game.is_over():
            return Declined(f"the game is over: {describe_result(self.game)}")
        if self.game.choosing is not None:
            chosen = self.chosen
            return Declined(choice_text(self.game)) if chosen is None else Ready(chosen)
        joint = self.joint()
        if joint is not None:
            return Ready(joint)
        return self.ui.hand_in_open()

    def cancel(self) -> None:
        """Take the programs handed in back (the computer programs again)."""
        self.programs.clear()
        self.by_computer.clear()
        self.ui.turn_cancelled()

    def prompt(self) -> str:
        if self.game.is_over():
            return ""
        return self.ui.waiting_text()


@register_ui
class BallUI(GameUI[ProgramTurn]):
    game_name = PyramidBall.name
    board_kind = "grid"
    piece_word = "pyramids"
    legend_room = 3  # the planned tracks and pass (two lines) come and go while a side programs

    def __init__(self, host: Host | None = None) -> None:
        super().__init__(host)
        self._turn: ProgramTurn | None = None
        self._docks: list[QDockWidget] | None = None
        self.program_docks: list[ProgramDock] = []
        self.turn_dock: TurnDock | None = None
        self.open_side: int | None = None  # the human side whose editor shows
        self._computer_seen: dict[str, str] = {}
        self.hinted: tuple[int, Program] | None = None  # the engine's hint: (side, program)
        self.hint_words = ""  # what the engine said of it (in the hinted editor, whole)
        self.hinted_choice: SpecialChoice | None = None  # the hint at a special move's choice
        self.report: TurnReport | None = None
        self.before: Pieces = ()
        self.before_ball: str | None = None  # the loose ball's square before the last turn
        self.row: int | None = None  # the row shown (0: before the turn), None: the position
        self._replay: QTimer | None = None
        self._slide: Clock | None = None
        self.slide_t: float | None = None  # a row's slide under way: how far (0..1)
        self._clock: QTimer | None = None
        self._seconds_left = 0

    # ---- the board ----------------------------------------------------------------------

    def geometry(self, game: Game) -> GridBoard:
        return BOARD

    def site_of(self, coords: tuple[int, ...]) -> int:
        return site_of(*coords)

    def cell_of(self, site: int) -> int:
        return BOARD.square_of(site)

    def coords_of(self, site: int) -> tuple[int, ...]:
        square, kind = divmod(site, 3)
        return square % 7, square // 7, FILE_SIZES[kind]

    def site_name(self, site: int) -> str:
        square, kind = divmod(site, 3)
        return f"{'abcdefg'[square % 7]}{square // 7 + 1} {SIZE_NAMES[kind]}"

    def move_form(self, game: Game) -> MoveForm | None:
        """Both programs, an entry per pyramid and row, each offering the entries some
        legal program of that side has there (Stand first); None while a special move is
        chosen. Blitz and Dash are typed."""
        assert isinstance(game, PyramidBall)
        if game.current_player() != SIMULTANEOUS or game.choosing is not None:
            return None
        order = {entry: i for i, entry in enumerate(dict.fromkeys((STAND, *ENTRIES)))}
        parts = []
        for side, colour in enumerate(COLOURS):
            tracks = game.program_space(side).tracks
            for row in range(3):
                for kind, size in enumerate(SIZE_NAMES):
                    found = {track[row] for track in tracks[kind]} | {STAND}
                    choices = tuple(sorted(found, key=lambda e: order.get(e, len(order))))
                    parts.append(FormPart(f"{colour}'s program", f"row {row + 1}", size, choices))
        side_text = "/".join([",".join(["{}"] * 3)] * 3)
        return MoveForm(tuple(parts), f"{side_text} | {side_text}", FORM_KEY)

    # ---- docks --------------------------------------------------------------------------

    def docks(self) -> list[QDockWidget]:
        if self._docks is None:
            from PySide6.QtCore import QTimer
            from PySide6.QtWidgets import QWidget

            from .program_dock import ProgramDock, TurnDock

            parent = self.host if isinstance(self.host, QWidget) else None
            self.program_docks = [ProgramDock(s, self._edited, parent) for s in (0, 1)]
            for program_dock in self.program_docks:
                side = program_dock.side
                program_dock.editor.submit.clicked.connect(lambda _c=False, s=side: self.hand_in(s))
                program_dock.hand_over.clicked.connect(lambda _c=False, s=side: self.reveal(s))
                program_dock.use_hint.clicked.connect(lambda _c=False, s=side: self.use_hint(s))
                for name, button in program_dock.choice_buttons.items():
                    button.clicked.connect(lambda _c=False, s=side, n=name: self.take_special(s, n))
            dock = TurnDock(parent)
            dock.first.clicked.connect(lambda: self.show_row(0))
            dock.back.clicked.connect(lambda: self.step_row(-1))
            dock.forward.clicked.connect(lambda: self.step_row(1))
            dock.last.clicked.connect(lambda: self.show_row(None))
            dock.back_key.activated.connect(lambda: self.step_row(-1))
            dock.forward_key.activated.connect(lambda: self.step_row(1))
            dock.timer.toggled.connect(self._timer_toggled)
            self.turn_dock = dock
            self._docks = [*self.program_docks, dock]
            if self.host is not None:
                self._clock = QTimer(dock, interval=1000)
                self._clock.timeout.connect(self._tick)
            if self._turn is not None:
                self._new_turn(self._turn.game)
        return self._docks

    def close(self) -> None:
        for timer in (self._replay, self._clock):
            if timer is not None:
                timer.stop()
        self._stop_slide()
        if self._docks is not None:  # they go with the game (they stayed, hidden, wired
            for dock in self._docks:  # to this UI, at every switch); deleted later: the
                dock.close()  # window still removes their View menu entries
                dock.deleteLater()
            self._docks = None
            self._clock = None  # a child of the Turn dock

    # ---- a position ---------------------------------------------------------------------

    def turn(self, game: Game) -> ProgramTurn:
        assert isinstance(game, PyramidBall)
        self._turn = ProgramTurn(self, game)  # the window asks once per position
        return self._turn

    def position_changed(self, game: Game, reason: str) -> None:
        assert isinstance(game, PyramidBall)
        shown = self.report
        self.report = game.last_turn()  # the special moves chosen since then aside
        self.before = ()
        self.before_ball = None
        if self.report is not None:
            copy = game.copy()
            while copy.last_effect() is None:  # back over the choices to the turn
                copy.pop()
            copy.pop()
            self.before = tuple(copy.pyramids())
            self.before_ball = copy.loose_ball
        if game.last_effect() is None:  # a special move's choice: no rows to replay again
            reason = "choice"
        same_turn = self._turn is not None and self._turn.game is game and shown == self.report
        if self._turn is None or self._turn.game is not game:
            self._turn = ProgramTurn(self, game)
        if reason == "choice" and same_turn and shown is not None:
            # the scored-on side chose a special move (the computer's comes during the
            # replay): the rows shown are the same turn's, so the replay and the row the
            # user went to (|<, [ and ]) stay
            self._new_turn(game)
            return
        self._stop_replay()
        self._stop_slide()
        self.row = None
        # the replay of the turn, row by row, where a Turn dock plays it (a board with none,
        # the classroom's, shows the position now: row 0 would stay before the turn)
        replays = self.turn_dock is not None and ROW_SECONDS > 0
        if reason in ("move", "redo") and self.report is not None and replays:
            from PySide6.QtCore import QTimer

            self.row = 0
            self._replay = QTimer(self.turn_dock, interval=round(ROW_SECONDS * 1000))
            self._replay.timeout.connect(self._replay_step)
            self._replay.start()
        self._new_turn(game)

    def _new_turn(self, game: PyramidBall) -> None:
        if self._docks is None:
            return
        for dock in self.program_docks:
            dock.editor.set_game(game)
        computer = self.computer()
        humans = [s for s in (0, 1) if COLOURS[s] not in computer]
        programming = not game.is_over() and game.choosing is None
        self.open_side = humans[0] if humans and programming else None
        self._computer_seen = dict(computer)
        self.hinted = None
        self.hinted_choice = None
        self._start_clock()
        self._show_rows()
        self.refresh()

    def computer(self) -> dict[str, str]:
        """colour -> level of the colours the computer plays now (the window's choice)."""
        if self.host is None:
            return {}
        return dict(self.host.computer_players())

    # ---- the engine's hooks (simultaneous node) ------------------------------------------

    def waiting_sides(self, game: Game, turn: Any) -> tuple[int, ...]:
        if not isinstance(turn, ProgramTurn) or turn.game is not game or game.is_over():
            return ()
        return tuple(s for s in (0, 1) if s not in turn.programs)

    def hint_side(self, game: Game, turn: Any) -> int | None:
        return self.open_side if not game.is_over() else None

    def computer_waits(self, game: Game) -> bool:
        """Two computers: the last turn's rows are watched before the next is programmed."""
        both = all(c in self.computer() for c in COLOURS)
        return both and self._replay is not None and self._replay.isActive()

    def players_changed(self) -> None:
        """Who programs which side changed (or the computer started or ended): the open
        editor and the covers follow; the programs already in stay in."""
        turn = self._turn
        if turn is None or self._docks is None:
            return
        computer = self.computer()
        if computer != self._computer_seen:
            self._computer_seen = computer
            for side in list(turn.by_computer):  # a human programs that colour now
                if COLOURS[side] not in computer:
                    turn.programs.pop(side, None)
                    turn.by_computer.discard(side)
            humans = [s for s in (0, 1) if COLOURS[s] not in computer and s not in turn.programs]
            if self.open_side not in humans:
                programming = not turn.game.is_over() and turn.game.choosing is None
                self.open_side = humans[0] if humans and programming else None
            self._start_clock()
        self.refresh()
        self._redraw()

    def setup_changed(self) -> None:
        self.refresh()

    def legend_words(self, game: Game, frame: Frame) -> Mapping[tuple[str, str], str]:
        words = {("path", c): f"{c}'s planned tracks (each pyramid alone)" for c in COLOURS}
        words[("path", "hint")] = "the hinted program's tracks"
        words[("marker", "carrier")] = "the ball (on its carrier, or lying loose)"
        for colour, (row, scorer) in zip(COLOURS, ((1, COLOURS[1]), (8, COLOURS[0])), strict=True):
            words[("decoration", f"{GOAL_ROW}{colour}")] = (
                f"{colour}'s goal row (row {row}): {scorer} scores by carrying the ball onto it "
                "or passing it there"
            )
        return words

    def hinted_move(self, game: Game, move: Any, words: str = "") -> None:
        """The engine's hint came: for the open editor's side, "Use hint" loads it and the
        editor says ``words`` whole (the status bar cut them); a special move's choice is
        marked on its button."""
        if isinstance(move, SpecialChoice):
            self.hinted_choice = move
            self.refresh()
            return
        side = self.open_side
        if not isinstance(move, Program) or side is None or self._docks is None:
            return
        self.hinted = (side, move)
        self.hint_words = words
        self.refresh()

    def hint_frame(self, game: Game, move: Any, frame: Frame) -> Frame:
        """A hinted program: its pyramids' tracks in the "hint" style, while the editor it
        was asked for is open."""
        if self.hinted != (self.open_side, move) or not isinstance(game, PyramidBall):
            return frame
        side = self.open_side
        assert side is not None
        paths = tuple(Path(p.sites, "hint") for p in tracks(game, side, move))
        return dataclasses.replace(frame, paths=frame.paths + paths)

    @slot
    def use_hint(self, side: int) -> None:
        """Load the hinted program into ``side``'s editor (it can still be changed)."""
        if self.hinted is None or self.hinted[0] != side or side != self.open_side:
            self._say("no hint for this editor: Hint (H) asks the engine for one")
            return
        program = self.hinted[1]
        self.hinted = None  # loaded: the editor's own tracks show it from now on
        self.program_docks[side].editor.set_program(program)
        self.refresh()
        self._say(f"the hint {program} is in {COLOURS[side]}'s editor: Program in plays it")

    # ---- programs ------------------------------------------------------------------------

    def _edited(self) -> None:
        if self.host is None:
            return
        if self.row is not None and self.report is not None:
            self.show_row(None)  # programming the next turn: the position now, its tracks
        else:
            self.host.redraw()  # the planned tracks follow the buttons

    def open_side_ready(self) -> bool:
        side = self.open_side
        return side is not None and self.program_docks[side].editor.why_not() is None

    def hand_in_open(self) -> TurnAnswer:
        """Finish turn with an editor open: hand its program in."""
        if self.open_side is None:
            return Declined(self.waiting_text() or "waiting for the programs")
        return self._hand_in(self.open_side, play=False)

    @slot
    def hand_in(self, side: int, play: bool = True) -> TurnAnswer:
        """``side``'s editor's program goes in (hidden): the Program dock's button."""
        return self._hand_in(side, play)

    def _hand_in(self, side: int, play: bool = True) -> TurnAnswer:
        """``side``'s editor's program goes in (hidden); the joint move when both are."""
        turn = self._turn
        if turn is None or turn.game.is_over():
            over = "the game is over" + (f": {describe_result(turn.game)}" if turn else "")
            self._say(f"{over}; Game > New game starts another")  # said, never silent
            return Declined(over)
        editor = self.program_docks[side].editor
        problem = editor.apply_text() or editor.why_not()  # typed and not yet applied
        if problem is not None:
            self._say(f"{COLOURS[side]}'s program: {problem}")
            return Declined(f"{COLOURS[side]}'s program: {problem}")
        return self._program_in(side, editor.program(), play)

    def _program_in(self, side: int, program: Program, play: bool = True) -> TurnAnswer:
        turn = self._turn
        assert turn is not None
        turn.programs[side] = program
        if self.open_side == side:
            self.open_side = None
        self._start_clock()
        self.refresh()
        joint = turn.joint()
        if joint is None:
            self._say(f"{COLOURS[side]}'s program is in")
            self._redraw()
            return STEPPED
        if play and self.host is not None:
            self.host.finish_turn()  # the window plays turn.finish(): the joint move
            return STEPPED
        return Ready(joint)

    @slot
    def take_special(self, side: int, special: str) -> None:
        """``side``'s button on the choice page: it takes that special move."""
        turn = self._turn
        if turn is None or turn.game.choosing != COLOURS[side]:
            self._say("no special move to choose now")
            return
        turn.chosen = SpecialChoice(COLOURS[side], special)
        if self.host is not None:
            self.host.finish_turn()  # the window plays turn.finish(): the choice

    @slot
    def reveal(self, side: int) -> None:
        """The hand-over screen: ``side`` takes the computer and sees its own editor."""
        if self._turn is None or side in self._turn.programs or COLOURS[side] in self.computer():
            return
        self.open_side = side
        self._start_clock()
        self.refresh()
        self._redraw()

    def turn_cancelled(self) -> None:
        if self._turn is not None:
            self._new_turn(self._turn.game)
            if self.host is not None:
                self.host.consider_computer()  # its program went back too: again

    def refresh(self) -> None:
        """The Program docks and the Turn dock's line follow the turn's state."""
        if self._docks is None or self._turn is None:
            return
        game = self._turn.game
        computer = self.computer()
        programs = self._turn.programs
        setup = self.host is not None and self.host.setup_active()
        chooser = game.choosing if not game.is_over() else None
        for side, dock in enumerate(self.program_docks):
            colour = COLOURS[side]
            if setup:
                dock.cover(
                    "Set-up mode: place the pyramids, then Apply or Cancel in the Set-up dock."
                )
            elif game.is_over():
                dock.cover(f"The game is over: {describe_result(game)}.")
            elif chooser is not None:
                self._choice_page(game, side, dock, computer)
            elif side in programs:
                dock.cover(f"{colour.capitalize()}'s program is in, hidden until the rows resolve.")
            elif colour in computer:
                dock.cover(
                    f"The computer ({computer[colour]}) programs {colour}; the program stays "
                    "hidden until the rows resolve. Stop (status bar) lets you program "
                    f"{colour} yourself this turn."
                )
            elif self.open_side == side:
                dock.show_editor()
                hint = self.hinted
                dock.use_hint.setEnabled(hint is not None and hint[0] == side)
                words = self.hint_words if hint is not None and hint[0] == side else ""
                dock.editor.hint_words.setText(words)
                dock.editor.hint_words.setVisible(bool(words))
                dock.use_hint.setToolTip(
                    f"load the hinted program {hint[1]} into the editor"
                    if hint is not None and hint[0] == side
                    else "Hint (H) asks the engine for a program first"
                )
            elif self.open_side is not None:
                dock.cover(
                    f"{colour.capitalize()} programs after "
                    f"{COLOURS[self.open_side]}: look away from the screen."
                )
            else:
                dock.cover(
                    f"Hand over to {colour}: {colour} clicks below to program "
                    "(the other program stays hidden).",
                    hand_over=True,
                )
        assert self.turn_dock is not None
        self.turn_dock.state.setText(self.waiting_text() or describe_result(game))

    def _choice_page(
        self, game: PyramidBall, side: int, dock: ProgramDock, computer: Mapping[str, str]
    ) -> None:
        """A special move is chosen: the chooser's dock offers those left, the other
        dock says who chooses (the computer's choice comes from the engine)."""
        chooser = game.choosing
        colour = COLOURS[side]
        if colour != chooser:
            dock.cover(f"{str(chooser).capitalize()} chooses a special move; then both program.")
        elif colour in computer:
            dock.cover(f"The computer ({computer[colour]}) chooses {colour}'s special move.")
        else:
            hint = self.hinted_choice
            more = game.choices_pending(colour)
            which = f" (the first of {more} to choose)" if more > 1 else ""
            dock.show_choices(
                f"{colour.capitalize()} was scored on: take a special move{which} to keep "
                "until you use it (each is used once).",
                [c.special for c in game.choices()],
                hint.special if hint is not None and hint.colour == colour else None,
            )

    def waiting_text(self) -> str:
        turn = self._turn
        if turn is None or turn.game.is_over():
            return ""
        if turn.game.choosing is not None:
            return choice_text(turn.game)
        missing = [COLOURS[s] for s in (0, 1) if s not in turn.programs]
        if not missing:
            return "both programs are in"
        if self.open_side is not None:
            return f"{COLOURS[self.open_side]}: program your pyramids, then Program in"
        return "waiting for " + " and ".join(f"{c}'s program" for c in missing)

    # ---- the one-minute timer ----------------------------------------------------------

    def _timer_toggled(self, _on: bool) -> None:
        self._start_clock()

    def _start_clock(self) -> None:
        dock, clock = self.turn_dock, self._clock
        if dock is None or clock is None:
            return
        if dock.timer.isChecked() and self.open_side is not None:
            self._seconds_left = TIMER_SECONDS
            dock.clock.setText(f"{self._seconds_left} s left for {COLOURS[self.open_side]}")
            clock.start()
        else:
            clock.stop()
            dock.clock.setText("")

    @slot
    def _tick(self) -> None:
        side = self.open_side
        if side is None or self.turn_dock is None:
            self._start_clock()
            return
        self._seconds_left -= 1
        self.turn_dock.clock.setText(f"{self._seconds_left} s left for {COLOURS[side]}")
        if self._seconds_left <= 0:
            editor = self.program_docks[side].editor
            program = editor.program() if editor.why_not() is None else ALL_STAND
            self._say(f"time is up: {COLOURS[side]}'s program goes in as it stands")
            self._program_in(side, program)

    # ---- the rows of the last turn -------------------------------------------------------

    def row_count(self) -> int:
        return len(self.report.rows) if self.report is not None else 0

    @slot
    def show_row(self, row: int | None) -> None:
        """Show the position after ``row`` rows of the last turn (0: before it; None: the
        position now)."""
        self._stop_replay()
        self._stop_slide()
        if row is not None:
            row = max(0, min(row, self.row_count()))
        self.row = row if self.report is not None else None
        self._show_rows()
        self._redraw()

    def step_row(self, delta: int) -> None:
        count = self.row_count()
        current = count if self.row is None else self.row
        self.show_row(max(0, min(count, current + delta)))
        if delta > 0 and self.row is not None and self.row > current:
            self._start_slide()  # one row on: its pyramids slide there

    @slot
    def _replay_step(self) -> None:
        count = self.row_count()
        if self.row is None or self.row >= count:
            self._stop_replay()
            self.row = None  # the position now: the next turn is programmed on it
            self._show_rows()
            self._redraw()
            if self.host is not None:
                self.host.consider_computer()  # two computers: the next turn now
            return
        self.row += 1
        self._show_rows()
        self._start_slide()

    def _stop_replay(self) -> None:
        if self._replay is not None:
            self._replay.stop()

    def _start_slide(self) -> None:
        """The row shown now: its moved and pushed pyramids slide from where they were."""
        self._stop_slide()
        if self.host is None or SLIDE_SECONDS <= 0 or self.row_report() is None:
            self._redraw()
            return
        self.slide_t = 0.0
        self._slide = self.host.animation(SLIDE_SECONDS, self._slide_step)
        self._slide.start()
        self._redraw()

    def _slide_step(self, t: float) -> None:
        self.slide_t = None if t >= 1.0 else t
        self._redraw()

    def _stop_slide(self) -> None:
        if self._slide is not None:
            self._slide.stop()
            self._slide = None
        self.slide_t = None

    def row_report(self) -> RowReport | None:
        if self.report is None or not self.row:
            return None
        return self.report.rows[self.row - 1]

    def row_text(self) -> str:
        """The status bar's explanation of the row shown."""
        row = self.row_report()
        if row is None:
            if self.row == 0:
                return (
                    f"before the last turn ({self.row_count()} rows): the ] key or Row > "
                    "shows the next row"
                )
            return ""
        return f"row {row.name} of {self.row_count()}: " + "; ".join(row.lines())

    def _show_rows(self) -> None:
        dock = self.turn_dock
        if dock is None:
            return
        self._fill_rows(dock)
        dock.rows_shown()

    def _fill_rows(self, dock: TurnDock) -> None:
        count = self.row_count()
        shown = count if self.row is None else self.row
        for button, on in (
            (dock.first, shown > 0),
            (dock.back, shown > 0),
            (dock.forward, count > 0 and (self.row is not None and shown < count)),
            (dock.last, self.row is not None),
        ):
            button.setEnabled(on)
        dock.lines.clear()
        if self.report is None:
            dock.row_title.setText("No turn played yet.")
            return
        row = self.row_report()
        if self.row is None:
            dock.row_title.setText(f"The position now; last turn: {self.report.describe()}")
            for line in self.report.lines():
                dock.lines.addItem(_item(line))
            return
        if row is None:
            dock.row_title.setText(f"Before the last turn ({count} rows)")
            return
        roles = f", {row.offence} on offence" if row.offence else ""
        dock.row_title.setText(f"Row {row.name} ({self.row} of {count}){roles}")
        for line in explain_row(row):
            dock.lines.addItem(_item(line))

    # ---- drawing -------------------------------------------------------------------------

    def frame(self, game: Game, turn: ProgramTurn) -> Frame:
        assert isinstance(game, PyramidBall)
        if self.row is not None and self.report is not None and not self._setup():
            return self._row_frame()
        pieces = turn.pieces()
        carrier = game.carrier
        markers: tuple[Marker, ...]
        if carrier is None:  # the ball lies loose: a marker on its (empty) square
            loose = site_at(game.ball_square(), "M")
            markers = (Marker(loose, "carrier"),) if loose is not None else ()
        else:
            colour, size = carrier
            carriers = [s for s, c in pieces.items() if c == colour and "LMS"[s % 3] == size]
            markers = tuple(Marker(site, "carrier") for site in carriers)
        paths: tuple[Path, ...] = ()
        if self.open_side is not None and self._docks is not None and not game.is_over():
            paths = planned_paths(game, self.open_side, self.program_docks[self.open_side])
        return Frame(pieces=pieces, markers=markers, paths=paths, decorations=GOAL_ROWS)

    def _setup(self) -> bool:
        return self.host is not None and self.host.setup_active()

    def _row_frame(self) -> Frame:
        assert self.report is not None
        row = self.row_report()
        snapshot = row.after if row is not None else self.before
        loose = row.ball if row is not None else self.before_ball
        pieces: dict[int, str] = {}
        markers = []
        loose_site = site_at(loose, "M") if loose is not None else None
        if loose_site is not None:
            markers.append(Marker(loose_site, "carrier"))
        for square, colour, size, ball in snapshot:
            site = site_at(square, size)
            if site is None:
                continue
            pieces[site] = colour
            if ball:
                markers.append(Marker(site, "carrier"))
        if row is None:
            return Frame(pieces=pieces, markers=tuple(markers), decorations=GOAL_ROWS)
        paths, regions, labels, blocked, slides = [], [], [], [], []
        for p in row.pyramids:
            start, end = site_at(p.source, p.size), site_at(p.end, p.size)
            if start is None or end is None:
                continue
            if p.outcome in ("moved", "pushed") and start != end:
                paths.append(Path((start, end), "move" if p.outcome == "moved" else "push"))
                if self.slide_t is not None:
                    slides.append(Slide(end, start, self.slide_t))
            elif p.outcome == "blocked":
                blocked.append(end)
                labels.append(Label(end, "blocked"))
        line = row.pass_line
        if line is not None:
            a = site_at(line.source, line.passer[-1])
            b = site_at(line.target, line.receiver[-1])
            if a is not None and b is not None:
                paths.append(Path((a, b), "pass-ok" if line.complete else "pass-cut"))
            crossed = tuple(s for s in (site_at(sq, "L") for sq in line.crossed) if s is not None)
            if crossed:
                regions.append(Region(crossed, "crossed" if line.complete else "cut"))
            if line.interceptor:
                for p in row.pyramids:
                    if p.pyramid == line.interceptor:
                        site = site_at(p.end, p.size)
                        if site is not None:
                            labels.append(Label(site, "intercepts"))
        for event in row.events:
            if "tackle" in event or "goal:" in event:
                for site in (m.site for m in markers):
                    labels.append(Label(site, event.split(":")[0].split(" ")[0]))
            elif "recovers the ball" in event or "placed loose" in event:
                for site in (m.site for m in markers):
                    labels.append(Label(site, "recovers" if "recovers" in event else "loose"))
        if blocked:
            regions.append(Region(tuple(blocked), "blocked"))
        return Frame(
            pieces=pieces,
            markers=tuple(markers),
            highlights={"blocked": tuple(blocked)} if blocked else {},
            paths=tuple(paths),
            regions=tuple(regions),
            labels=tuple(labels),
            slides=tuple(slides),
            decorations=GOAL_ROWS,
        )

    # ---- texts ---------------------------------------------------------------------------

    def prompt(self) -> str:
        return self.row_text() if self.row is not None else ""

    def played(self, game: Game, mover: str, move: Move) -> str:
        assert isinstance(game, PyramidBall)
        then = choice_text(game) if game.choosing else ""
        granted = "".join(
            f"; {colour} gets {SPECIAL_TITLES[special]}, the last special move left"
            for colour, special in game.last_granted()
        )
        if isinstance(move, SpecialChoice):
            then = then or "both sides program the next turn"
            return f"{move.words()}{granted}; {then}"
        report = game.last_effect()
        what = report.describe() if report is not None else ""
        then = f"; {then}" if then else ""
        return (
            f"the programs resolve: {what}{granted}{then} (the Turn dock replays the rows: "
            "the [ and ] keys step back and forth)"
        )

    def status(self, game: Game) -> str:
        assert isinstance(game, PyramidBall)
        scores = game.scores
        text = f"red {scores['red']} - blue {scores['blue']}"
        if game.is_over():
            return f"{describe_result(game)} ({text})"
        carrier = game.carrier
        parts = [text + f" (first to {game.options.target})"]
        if carrier is None:
            offence = COLOURS[game.offence]
            parts.append(f"ball loose on {game.ball_square()} ({offence} on offence)")
        else:
            colour, size = carrier
            parts.append(f"ball: {colour} {SIZE_NAMES['LMS'.index(size)]} on {game.ball_square()}")
        if game.goal_row_barred is not None:
            row = 8 if game.goal_row_barred == "red" else 1
            parts.append(f"{game.goal_row_barred} kept out of row {row} (goal-row rule)")
        for c in COLOURS:
            held = game.specials(c)
            if held:
                parts.append(f"{c} holds {', '.join(s.replace('_', ' ') for s in held)}")
        if game.choosing is not None:
            parts.append(f"{game.choosing} chooses a special move")
        return "; ".join(parts)

    def describe(self, game: Game, turn: ProgramTurn, site: int, shown: Mapping[int, str]) -> str:
        square = site // 3
        name = f"{'abcdefg'[square % 7]}{square // 7 + 1}"
        here = [s for s in shown if s // 3 == square]
        if not here:
            return f"{name}, empty"
        s = here[0]
        return f"{name}: {shown[s]} {SIZE_NAMES[s % 3]}"

    def show_message(self, text: str) -> None:
        """The status bar (the slots' error guard reports here too)."""
        if self.host is not None:
            self.host.show_message(text)

    _say = show_message

    def _redraw(self) -> None:
        if self.host is not None:
            self.host.redraw()


def planned_paths(game: PyramidBall, side: int, dock: ProgramDock) -> tuple[Path, ...]:
    """The tracks the open editor's program plans for ``side``'s pyramids."""
    return tracks(game, side, dock.editor.program())


def _item(line: str) -> QListWidgetItem:
    """A line of the replay, its codes spelled out in its tooltip."""
    from PySide6.QtWidgets import QListWidgetItem

    from .program_dock import spelled

    item = QListWidgetItem(line)
    said = spelled(line)
    if said != line:
        item.setToolTip(said)
    return item
