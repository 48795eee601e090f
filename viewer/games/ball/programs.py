"""Pyramid Ball's programming, without Qt at import: the turn builder (:class:`ProgramTurn`,
the programs handed in, hidden until the rows resolve) and the desk the Program docks
are worked at (:class:`ProgramDesk`: whose editor is open, the engine's hint, handing a
program in, the sheet's one-minute timer). Hot-seat play shows one editor at a time; a
colour the computer plays gets its program from the window's engine
(:meth:`ProgramTurn.submit`); the joint move is played when both programs are in.

What each Program dock shows (:func:`cover_docks`): the editor of the side programming
now, or a cover saying why not (set-up, the game over, the program in and hidden, the
computer's, a hot seat's hand-over), or the choice page of a special move."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_, N_, _, shown
from pyramid_lab.model.ball import COLOURS, Program, PyramidBall, SpecialChoice
from pyramid_lab.model.ball.rules import ALL_STAND
from pyramid_lab.model.game import JointMove, Move
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.model.words import colour as said_colour

from ...lab.game_ui import TURN_DOCK, Host
from ...lab.level_names import level_name
from ...lab.turn_builder import STEPPED, Declined, Ready, TurnAnswer
from ...widgets.names import COLOUR_WORDS, colour_name, colour_word
from ...widgets.slots import slot
from .sites import site_of
from .words import choice_text

if TYPE_CHECKING:  # Qt: imported where the docks are made (the classroom has no Qt)
    from .docks import ProgramDock, TurnDock

TIMER_SECONDS = 60  # the sheet's timer
CLICK_TEXT = N_("program the pyramids in the Program docks on the right (Finish turn hands it in)")
#: The same where the host is not the window (its controls named otherwise: the classroom's
#: page, whose form beside the board plays both programs at once).
CLICK_TEXT_ELSEWHERE = N_("a click moves nothing: program the pyramids beside the board, then play")


class ProgramTurn:
    """The turn builder: the programs handed in so far (hidden until the rows resolve)."""

    def __init__(self, desk: ProgramDesk, game: PyramidBall) -> None:
        self.desk = desk
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
        return len(self.programs) == 2 or self.desk.open_side_ready()

    def pieces(self) -> dict[int, str]:
        return self._pieces

    def joint(self) -> JointMove | None:
        if len(self.programs) < 2:
            return None
        return JointMove((self.programs[0], self.programs[1]))

    def click(self, site: int) -> TurnAnswer:
        if self.game.is_over():
            return Declined(M_("the game is over: {result}", result=describe_result(self.game)))
        if self.game.choosing is not None:
            return Declined(choice_text(self.game))
        return Declined(CLICK_TEXT if self.desk.controls == TURN_DOCK else CLICK_TEXT_ELSEWHERE)

    def submit(self, side: int, part: Move) -> TurnAnswer:
        """The computer's program for ``side``: the joint move once both are in."""
        if self.game.is_over():
            return Declined(M_("the game is over: {result}", result=describe_result(self.game)))
        if not isinstance(part, Program):
            return Declined(M_("not a program: {move}", move=str(part)))
        problem = self.game.program_problem(part, side)
        if problem:
            return Declined(problem)
        self.programs[side] = part
        self.by_computer.add(side)
        if self.desk.open_side == side:
            self.desk.open_side = None
        joint = self.joint()
        return STEPPED if joint is None else Ready(joint)

    def finish(self) -> TurnAnswer:
        if self.game.is_over():
            return Declined(M_("the game is over: {result}", result=describe_result(self.game)))
        if self.game.choosing is not None:
            chosen = self.chosen
            return Declined(choice_text(self.game)) if chosen is None else Ready(chosen)
        joint = self.joint()
        if joint is not None:
            return Ready(joint)
        return self.desk.hand_in_open()

    def cancel(self) -> None:
        """Take the programs handed in back (the computer programs again)."""
        self.programs.clear()
        self.by_computer.clear()
        self.desk.turn_cancelled()

    def prompt(self) -> str:
        if self.game.is_over():
            return ""
        return self.desk.waiting_text()


class ProgramDesk:
    """The Program docks' state (a part of :class:`BallUI`): the turn being programmed,
    the side whose editor is open, the engine's hint, and handing programs in."""

    def __init__(self, host: Host | None, redraw: Callable[[], None]) -> None:
        self.host = host
        self.redraw = redraw
        self.turn: ProgramTurn | None = None
        self.program_docks: list[ProgramDock] = []
        self.turn_dock: TurnDock | None = None
        self.clock: ProgramClock | None = None
        self.open_side: int | None = None  # the human side whose editor shows
        self.computer_seen: dict[str, str] = {}
        self.hinted: tuple[int, Program] | None = None  # the engine's hint: (side, program)
        self.hint_words = ""  # what the engine said of it (in the hinted editor, whole)
        self.hinted_choice: SpecialChoice | None = None  # the hint at a special move's choice

    @property
    def controls(self) -> str:
        """The host's controls (:attr:`viewer.lab.game_ui.GameUI.controls`)."""
        return self.host.controls if self.host is not None else TURN_DOCK

    def show_message(self, text: str) -> None:
        """The status bar (the slots' error guard reports here too)."""
        if self.host is not None:
            self.host.show_message(text)

    def computer(self) -> dict[str, str]:
        """colour -> level of the colours the computer plays now (the window's choice)."""
        if self.host is None:
            return {}
        return dict(self.host.computer_players())

    def new_turn(self, game: PyramidBall) -> None:
        """A new position to program: the first human side's editor opens."""
        if not self.program_docks:
            return
        for dock in self.program_docks:
            dock.editor.set_game(game)
        computer = self.computer()
        humans = [s for s in (0, 1) if COLOURS[s] not in computer]
        programming = not game.is_over() and game.choosing is None
        self.open_side = humans[0] if humans and programming else None
        self.computer_seen = dict(computer)
        self.hinted = None
        self.hinted_choice = None
        self.start_clock()
        self.refresh()

    def players_changed(self) -> None:
        """Who programs which side changed (or the computer started or ended): the open
        editor and the covers follow; the programs already in stay in."""
        turn = self.turn
        if turn is None or not self.program_docks:
            return
        computer = self.computer()
        if computer != self.computer_seen:
            self.computer_seen = computer
            for side in list(turn.by_computer):  # a human programs that colour now
                if COLOURS[side] not in computer:
                    turn.programs.pop(side, None)
                    turn.by_computer.discard(side)
            humans = [s for s in (0, 1) if COLOURS[s] not in computer and s not in turn.programs]
            if self.open_side not in humans:
                programming = not turn.game.is_over() and turn.game.choosing is None
                self.open_side = humans[0] if humans and programming else None
            self.start_clock()
        self.refresh()
        self.redraw()

    def hinted_move(self, move: Move, words: str) -> None:
        """The engine's hint came: for the open editor's side, "Use hint" loads it and the
        editor says ``words`` whole (the status bar cut them); a special move's choice is
        marked on its button."""
        if isinstance(move, SpecialChoice):
            self.hinted_choice = move
            self.refresh()
            return
        side = self.open_side
        if not isinstance(move, Program) or side is None or not self.program_docks:
            return
        self.hinted = (side, move)
        self.hint_words = words
        self.refresh()

    @slot
    def use_hint(self, side: int) -> None:
        """Load the hinted program into ``side``'s editor (it can still be changed)."""
        if self.hinted is None or self.hinted[0] != side or side != self.open_side:
            self.show_message(N_("no hint for this editor: Hint (H) asks the engine for one"))
            return
        program = self.hinted[1]
        self.hinted = None  # loaded: the editor's own tracks show it from now on
        self.program_docks[side].editor.set_program(program)
        self.refresh()
        said = M_(
            "the hint {program} is in {player}'s editor: Program in plays it",
            program=str(program),
            player=said_colour(COLOURS[side]),
        )
        self.show_message(said)

    def open_side_ready(self) -> bool:
        side = self.open_side
        return side is not None and self.program_docks[side].editor.why_not() is None

    def hand_in_open(self) -> TurnAnswer:
        """Finish turn with an editor open: hand its program in."""
        if self.open_side is None:
            return Declined(self.waiting_text() or N_("waiting for the programs"))
        return self._hand_in(self.open_side, play=False)

    @slot
    def hand_in(self, side: int, play: bool = True) -> TurnAnswer:
        """``side``'s editor's program goes in (hidden): the Program dock's button."""
        return self._hand_in(side, play)

    def _hand_in(self, side: int, play: bool = True) -> TurnAnswer:
        """``side``'s editor's program goes in (hidden); the joint move when both are."""
        turn = self.turn
        if turn is None or turn.game.is_over():
            over = (
                M_("the game is over: {result}", result=describe_result(turn.game))
                if turn
                else N_("the game is over")
            )
            said = M_("{reason}; Game > New game starts another", reason=over)
            self.show_message(said)  # said, never silent
            return Declined(over)
        editor = self.program_docks[side].editor
        problem = editor.apply_text() or editor.why_not()  # typed and not yet applied
        if problem is not None:
            said = M_(
                "{player}'s program: {problem}", player=said_colour(COLOURS[side]), problem=problem
            )
            self.show_message(said)
            return Declined(said)
        return self.program_in(side, editor.program(), play)

    def program_in(self, side: int, program: Program, play: bool = True) -> TurnAnswer:
        """``program`` goes in for ``side``; ``play``: the window plays the joint move once
        both are in (else it is given back)."""
        turn = self.turn
        assert turn is not None
        turn.programs[side] = program
        if self.open_side == side:
            self.open_side = None
        self.start_clock()
        self.refresh()
        joint = turn.joint()
        if joint is None:
            said = M_("{player}'s program is in", player=said_colour(COLOURS[side]))
            self.show_message(said)
            self.redraw()
            return STEPPED
        if play and self.host is not None:
            self.host.finish_turn()  # the window plays turn.finish(): the joint move
            return STEPPED
        return Ready(joint)

    @slot
    def take_special(self, side: int, special: str) -> None:
        """``side``'s button on the choice page: it takes that special move."""
        turn = self.turn
        if turn is None or turn.game.choosing != COLOURS[side]:
            self.show_message(N_("no special move to choose now"))
            return
        turn.chosen = SpecialChoice(COLOURS[side], special)
        if self.host is not None:
            self.host.finish_turn()  # the window plays turn.finish(): the choice

    @slot
    def reveal(self, side: int) -> None:
        """The hand-over screen: ``side`` takes the computer and sees its own editor."""
        if self.turn is None or side in self.turn.programs or COLOURS[side] in self.computer():
            return
        self.open_side = side
        self.start_clock()
        self.refresh()
        self.redraw()

    def turn_cancelled(self) -> None:
        if self.turn is not None:
            self.new_turn(self.turn.game)
            if self.host is not None:
                self.host.consider_computer()  # its program went back too: again

    def refresh(self) -> None:
        """The Program docks and the Turn dock's line follow the turn's state."""
        if not self.program_docks or self.turn is None:
            return
        game = self.turn.game
        setup = self.host is not None and self.host.setup_active()
        cover_docks(self, game, self.turn.programs, setup)
        assert self.turn_dock is not None
        self.turn_dock.state.setText(shown(self.waiting_text()) or describe_result(game))

    def waiting_text(self) -> str:
        turn = self.turn
        if turn is None or turn.game.is_over():
            return ""
        if turn.game.choosing is not None:
            return choice_text(turn.game)
        # (language-free: the prompt bar, the Turn dock, the classroom each say it)
        missing = [M_(COLOUR_WORDS[COLOURS[s]]) for s in (0, 1) if s not in turn.programs]
        if not missing:
            return M_("both programs are in")
        if self.open_side is not None:
            player = M_(COLOUR_WORDS[COLOURS[self.open_side]])
            return M_("{player}: program your pyramids, then Program in", player=player)
        if len(missing) == 1:
            return M_("waiting for {player}'s program", player=missing[0])
        return M_(
            "waiting for {player}'s program and {other}'s program",
            player=missing[0],
            other=missing[1],
        )

    def start_clock(self) -> None:
        if self.clock is not None:
            self.clock.restart()


class ProgramClock:
    """The sheet's one-minute timer (an option of the Turn dock): the open editor's
    program goes in as it stands when its minute is up."""

    def __init__(self, desk: ProgramDesk, dock: TurnDock) -> None:
        from PySide6.QtCore import QTimer

        self.desk = desk
        self.dock = dock
        self.seconds_left = 0
        self.timer = QTimer(dock, interval=1000)  # a child of the Turn dock
        self.timer.timeout.connect(self._tick)
        dock.timer.toggled.connect(self._toggled)

    def show_message(self, text: str) -> None:
        """The status bar (the slots' error guard reports here)."""
        self.desk.show_message(text)

    def _toggled(self, _on: bool) -> None:
        self.restart()

    def restart(self) -> None:
        """A minute for the open editor, when the timer is on; else it stops."""
        side = self.desk.open_side
        if self.dock.timer.isChecked() and side is not None:
            self.seconds_left = TIMER_SECONDS
            said = _("{seconds} s left for {player}")
            self.dock.clock.setText(
                said.format(seconds=self.seconds_left, player=colour_word(COLOURS[side]))
            )
            self.timer.start()
        else:
            self.timer.stop()
            self.dock.clock.setText("")

    @slot
    def _tick(self) -> None:
        desk = self.desk
        side = desk.open_side
        if side is None:
            self.restart()
            return
        self.seconds_left -= 1
        said = _("{seconds} s left for {player}")
        self.dock.clock.setText(
            said.format(seconds=self.seconds_left, player=colour_word(COLOURS[side]))
        )
        if self.seconds_left <= 0:
            editor = desk.program_docks[side].editor
            program = editor.program() if editor.why_not() is None else ALL_STAND
            said = _("time is up: {player}'s program goes in as it stands")
            desk.show_message(said.format(player=colour_word(COLOURS[side])))
            desk.program_in(side, program)


def cover_docks(
    desk: ProgramDesk, game: PyramidBall, programs: Mapping[int, Program], setup: bool
) -> None:
    """Each of ``desk``'s Program docks shows what its side may see of the turn
    (``programs``: those handed in)."""
    computer = desk.computer()
    chooser = game.choosing if not game.is_over() else None
    for side, dock in enumerate(desk.program_docks):
        colour = COLOURS[side]
        if setup:
            dock.cover(
                _("Set-up mode: place the pyramids, then Apply or Cancel in the Set-up dock.")
            )
        elif game.is_over():
            dock.cover(_("The game is over: {result}.").format(result=shown(describe_result(game))))
        elif chooser is not None:
            _choice_page(desk, game, side, dock, computer)
        elif side in programs:
            dock.cover(
                _("{colour}'s program is in, hidden until the rows resolve.").format(
                    colour=colour_name(colour)
                )
            )
        elif colour in computer:
            dock.cover(
                _(
                    "The computer ({level}) programs {colour}; the program stays hidden until "
                    "the rows resolve. Stop (status bar) lets you program {colour} yourself "
                    "this turn."
                ).format(level=level_name(computer[colour]), colour=colour_word(colour))
            )
        elif desk.open_side == side:
            _show_editor(desk, side, dock)
        elif desk.open_side is not None:
            dock.cover(
                _("{colour} programs after {other}: look away from the screen.").format(
                    colour=colour_name(colour), other=colour_word(COLOURS[desk.open_side])
                )
            )
        else:
            dock.cover(
                _(
                    "Hand over to {colour}: {colour} clicks below to program (the other "
                    "program stays hidden)."
                ).format(colour=colour_word(colour)),
                hand_over=True,
            )


def _show_editor(desk: ProgramDesk, side: int, dock: ProgramDock) -> None:
    """The open editor, with the engine's hint for it when one came."""
    dock.show_editor()
    hint = desk.hinted
    ours = hint is not None and hint[0] == side
    dock.use_hint.setEnabled(ours)
    dock.show_hint_words(desk.hint_words if ours else "")
    dock.use_hint.setToolTip(
        _("load the hinted program {program} into the editor").format(program=hint[1])
        if hint is not None and ours
        else _("Hint (H) asks the engine for a program first")
    )


def _choice_page(
    desk: ProgramDesk, game: PyramidBall, side: int, dock: ProgramDock, computer: Mapping[str, str]
) -> None:
    """A special move is chosen: the chooser's dock offers those left, the other dock
    says who chooses (the computer's choice comes from the engine)."""
    chooser = game.choosing
    colour = COLOURS[side]
    if colour != chooser:
        dock.cover(
            _("{colour} chooses a special move; then both program.").format(
                colour=colour_name(str(chooser))
            )
        )
    elif colour in computer:
        dock.cover(
            _("The computer ({level}) chooses {colour}'s special move.").format(
                level=level_name(computer[colour]), colour=colour_word(colour)
            )
        )
    else:
        hint = desk.hinted_choice
        more = game.choices_pending(colour)
        said = (
            _(
                "{colour} was scored on: take a special move (the first of {count} to "
                "choose) to keep until you use it (each is used once)."
            )
            if more > 1
            else _(
                "{colour} was scored on: take a special move to keep until you use it (each "
                "is used once)."
            )
        )
        dock.show_choices(
            said.format(colour=colour_name(colour), count=more),
            [c.special for c in game.choices()],
            hint.special if hint is not None and hint.colour == colour else None,
        )
