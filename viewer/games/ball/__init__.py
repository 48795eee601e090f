"""Pyramid Ball in the window: the 7x8 board with both goal rows tinted, the six pyramids
in their sizes and the ball (a gold sphere) on its carrier; the status bar gives the score,
the ball and the special moves held. Set-up mode places any size: each empty square shows a
small marker per size (Large, Medium, Small from the left).

A turn is programmed in the Program docks (``docks.py``), one per player: three rows
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

After the move the Turn dock replays the turn row by row (``replay.py``; one row every
``ROW_SECONDS``; buttons and the keys [ and ] step back and forth): the board shows the
pieces after that row with each move's trail, the pass line, blocked pyramids rimmed and
labelled; the status bar and the dock list each pyramid's line: its entry, what happened
and why. While a program is edited, its pyramids' planned tracks are drawn in its colour.

:class:`BallUI` answers every hook a host asks of the game in one class (the board's sites
over ``sites.py``'s grid, its words over ``words.py``'s sentences); its parts, each a
concern, are the programming desk and its turn builder (``programs.py``, the docks' covers
too) and the replay (``replay.py``); the Qt docks are made in ``docks.py`` when the window
asks for them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_
from pyramid_lab.model.ball import COLOURS, Program, PyramidBall, SpecialChoice
from pyramid_lab.model.ball.rules import ENTRIES, STAND
from pyramid_lab.model.game import SIMULTANEOUS, Game, Move
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.model.words import colour as side_word
from pyramid_lab.model.words import joined

from ...boards.geometries import GridBoard
from ...lab.frame import Frame, Marker, Path
from ...lab.game_ui import GameUI, Host
from ...lab.game_words import FormPart, MoveForm
from ...lab.outcome_words import word
from ...lab.palette import GOAL_ROW
from .. import register_ui
from .programs import ProgramClock, ProgramDesk, ProgramTurn
from .replay import TurnReplay
from .sites import BOARD, FILE_SIZES, GOAL_ROWS, site_at, site_of, square_name
from .words import (
    CARRIED,
    FORM_KEY,
    SIZE_NAMES,
    SPECIAL_NAMES,
    SPECIAL_SHOWN,
    choice_text,
    tracks,
)

if TYPE_CHECKING:  # Qt: imported where the docks are made (the classroom has no Qt)
    from PySide6.QtWidgets import QDockWidget

    from .docks import ProgramDock, TurnDock


@register_ui
class BallUI(GameUI[ProgramTurn]):
    game_name = PyramidBall.name
    board_kind = "grid"
    piece_word = "pyramids"
    legend_room = 3  # the planned tracks and pass (two lines) come and go while a side programs

    def __init__(self, host: Host | None = None) -> None:
        super().__init__(host)
        self.desk = ProgramDesk(host, self._redraw)
        self.replay = TurnReplay(host, self._redraw)
        self._docks: list[QDockWidget] | None = None
        self.turn_dock: TurnDock | None = None

    # ---- the board's sites --------------------------------------------------------------

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
        """``d4 Large``: a Message, its size a word (said in each reader's language)."""
        # TRANSLATORS: a place of Pyramid Ball's board: its square (d4) and a pyramid's size
        return M_("{square} {size}", square=square_name(site), size=M_(SIZE_NAMES[site % 3]))

    def describe(self, game: Game, turn: ProgramTurn, site: int, shown: Mapping[int, str]) -> str:
        square = site // 3
        here = [s for s in shown if s // 3 == square]
        if not here:
            return M_("{site}, empty", site=square_name(site))
        s = here[0]
        return M_(
            "{square}: {colour} {pyramid}",
            square=square_name(site),
            colour=word(shown[s]),
            pyramid=M_(SIZE_NAMES[s % 3]),
        )

    # ---- words --------------------------------------------------------------------------

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
            planned = game.program_space(side).tracks
            for row in range(3):
                for kind, size in enumerate(SIZE_NAMES):
                    found = {track[row] for track in planned[kind]} | {STAND}
                    choices = tuple(sorted(found, key=lambda e: order.get(e, len(order))))
                    group = M_("{side}'s program", side=word(colour))
                    row_title = M_("row {row}", row=row + 1)
                    parts.append(FormPart(group, row_title, word(size), choices))
        side_text = "/".join([",".join(["{}"] * 3)] * 3)
        return MoveForm(tuple(parts), f"{side_text} | {side_text}", FORM_KEY)

    def legend_words(self, game: Game, frame: Frame) -> Mapping[tuple[str, str], str]:
        words: dict[tuple[str, str], str] = {
            ("path", c): M_("{side}'s planned tracks (each pyramid alone)", side=word(c))
            for c in COLOURS
        }
        words[("path", "hint")] = M_("the hinted program's tracks")
        words[("marker", "carrier")] = M_("the ball (on its carrier, or lying loose)")
        for colour, (row, scorer) in zip(COLOURS, ((1, COLOURS[1]), (8, COLOURS[0])), strict=True):
            words[("decoration", f"{GOAL_ROW}{colour}")] = M_(
                "{side}'s goal row (row {row}): {scorer} scores by carrying the ball onto it "
                "or passing it there",
                side=word(colour),
                row=row,
                scorer=word(scorer),
            )
        return words

    def played(self, game: Game, mover: str, move: Move) -> str:
        """A turn played, in words (Messages: each reader's language; issue 108)."""
        assert isinstance(game, PyramidBall)
        then = choice_text(game) if game.choosing else ""
        granted = [
            M_(
                "{side} gets {special}, the last special move left",
                side=side_word(colour),
                special=word(SPECIAL_SHOWN[special]),
            )
            for colour, special in game.last_granted()
        ]
        if isinstance(move, SpecialChoice):
            then = then or M_("both sides program the next turn")
            chose = M_(
                "{side} takes {special}",
                side=side_word(move.colour),
                special=word(SPECIAL_SHOWN[move.special]),
            )
            return joined([chose, *granted, then], "; ")
        report = game.last_effect()
        what = report.describe() if report is not None else ""
        return M_(
            "the programs resolve: {what} (the Turn dock replays the rows: the [ and ] keys "
            "step back and forth)",
            what=joined([what, *granted, *([then] if then else [])], "; "),
        )

    def move_listed(self, move: Move) -> str:
        """A special move's choice with its name a word ("takes quick pass"); a program as
        written."""
        if isinstance(move, SpecialChoice):
            return M_("takes {special}", special=M_(SPECIAL_NAMES[move.special]))
        return str(move)

    def status(self, game: Game) -> str:
        """The score, the ball, the goal-row rule, the specials held, a special being
        chosen: Messages joined by "; " (said in each reader's language)."""
        assert isinstance(game, PyramidBall)
        scores = game.scores
        score = M_("red {red} - blue {blue}", red=scores["red"], blue=scores["blue"])
        if game.is_over():
            return M_("{result} ({score})", result=word(describe_result(game)), score=score)
        parts = [M_("{score} (first to {target})", score=score, target=game.options.target)]
        carrier = game.carrier
        square = game.ball_square()
        if carrier is None:
            offence = side_word(COLOURS[game.offence])
            parts.append(
                M_("ball loose on {square} ({side} on offence)", square=square, side=offence)
            )
        else:
            side, size = carrier
            parts.append(M_(CARRIED["LMS".index(size)], side=side_word(side), square=square))
        barred = game.goal_row_barred
        if barred is not None:
            row = 8 if barred == "red" else 1
            parts.append(
                M_("{side} kept out of row {row} (goal-row rule)", side=side_word(barred), row=row)
            )
        for c in COLOURS:
            held = game.specials(c)
            if held:
                specials = joined([M_(SPECIAL_NAMES[s]) for s in held], ", ")
                parts.append(M_("{side} holds {specials}", side=side_word(c), specials=specials))
        if game.choosing is not None:
            parts.append(M_("{side} chooses a special move", side=side_word(game.choosing)))
        return joined(parts)

    # ---- docks --------------------------------------------------------------------------

    def docks(self) -> list[QDockWidget]:
        if self._docks is None:
            from PySide6.QtWidgets import QWidget

            from .docks import ProgramDock, TurnDock

            parent = self.host if isinstance(self.host, QWidget) else None
            desk, replay = self.desk, self.replay
            desk.program_docks = [ProgramDock(s, self._edited, parent) for s in (0, 1)]
            for program_dock in desk.program_docks:
                side = program_dock.side
                program_dock.editor.submit.clicked.connect(lambda _c=False, s=side: desk.hand_in(s))
                program_dock.hand_over.clicked.connect(lambda _c=False, s=side: desk.reveal(s))
                program_dock.use_hint.clicked.connect(lambda _c=False, s=side: desk.use_hint(s))
                for name, button in program_dock.choice_buttons.items():
                    button.clicked.connect(lambda _c=False, s=side, n=name: desk.take_special(s, n))
            dock = TurnDock(parent)
            dock.first.clicked.connect(lambda: replay.show_row(0))
            dock.back.clicked.connect(lambda: replay.step_row(-1))
            dock.forward.clicked.connect(lambda: replay.step_row(1))
            dock.last.clicked.connect(lambda: replay.show_row(None))
            dock.back_key.activated.connect(lambda: replay.step_row(-1))
            dock.forward_key.activated.connect(lambda: replay.step_row(1))
            self.turn_dock = desk.turn_dock = replay.turn_dock = dock
            self._docks = [*desk.program_docks, dock]
            if self.host is not None:
                desk.clock = ProgramClock(desk, dock)
            if desk.turn is not None:
                self._new_turn(desk.turn.game)
        return self._docks

    def close(self) -> None:
        self.replay.stop()
        if self.desk.clock is not None:
            self.desk.clock.timer.stop()
        if self._docks is not None:  # they go with the game (they stayed, hidden, wired
            for dock in self._docks:  # to this UI, at every switch); deleted later: the
                dock.close()  # window still removes their View menu entries
                dock.deleteLater()
            self._docks = None
            self.desk.program_docks = []
            self.desk.clock = None  # a child of the Turn dock

    # ---- a position ---------------------------------------------------------------------

    def turn(self, game: Game) -> ProgramTurn:
        assert isinstance(game, PyramidBall)
        self.desk.turn = ProgramTurn(self.desk, game)  # the window asks once per position
        return self.desk.turn

    def position_changed(self, game: Game, reason: str) -> None:
        assert isinstance(game, PyramidBall)
        desk, replay = self.desk, self.replay
        shown = replay.learn(game)
        if game.last_effect() is None:  # a special move's choice: no rows to replay again
            reason = "choice"
        same_turn = desk.turn is not None and desk.turn.game is game and shown == replay.report
        if desk.turn is None or desk.turn.game is not game:
            desk.turn = ProgramTurn(desk, game)
        if reason == "choice" and same_turn and shown is not None:
            # the scored-on side chose a special move (the computer's comes during the
            # replay): the rows shown are the same turn's, so the replay and the row the
            # user went to (|<, [ and ]) stay
            self._new_turn(game)
            return
        replay.restart(reason in ("move", "redo"))
        self._new_turn(game)

    def _new_turn(self, game: PyramidBall) -> None:
        if self._docks is None:
            return
        self.desk.new_turn(game)
        self.replay.show_rows()

    # ---- the engine's hooks (simultaneous node) ------------------------------------------

    def waiting_sides(self, game: Game, turn: ProgramTurn) -> tuple[int, ...]:
        if turn.game is not game or game.is_over():
            return ()
        return tuple(s for s in (0, 1) if s not in turn.programs)

    def hint_side(self, game: Game, turn: ProgramTurn) -> int | None:
        return self.desk.open_side if not game.is_over() else None

    def computer_waits(self, game: Game) -> bool:
        """Two computers: the last turn's rows are watched before the next is programmed."""
        both = all(c in self.desk.computer() for c in COLOURS)
        return both and self.replay.playing()

    def players_changed(self) -> None:
        self.desk.players_changed()

    def setup_changed(self) -> None:
        self.desk.refresh()

    def hinted_move(self, game: Game, move: Move, words: str = "") -> None:
        self.desk.hinted_move(move, words)

    def hint_frame(self, game: Game, move: Move, frame: Frame) -> Frame:
        """A hinted program: its pyramids' tracks in the "hint" style, while the editor it
        was asked for is open."""
        desk = self.desk
        if desk.hinted != (desk.open_side, move) or not isinstance(game, PyramidBall):
            return frame
        side = desk.open_side
        assert side is not None
        assert isinstance(move, Program)
        paths = tuple(Path(p.sites, "hint") for p in tracks(game, side, move))
        return dataclasses.replace(frame, paths=frame.paths + paths)

    def _edited(self) -> None:
        if self.host is None:
            return
        if self.replay.row is not None and self.replay.report is not None:
            self.replay.show_row(None)  # programming the next turn: the position now
        else:
            self.host.redraw()  # the planned tracks follow the buttons

    # ---- drawing -------------------------------------------------------------------------

    def frame(self, game: Game, turn: ProgramTurn) -> Frame:
        assert isinstance(game, PyramidBall)
        setup = self.host is not None and self.host.setup_active()
        shown = None if setup else self.replay.frame()
        if shown is not None:
            return shown
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
        side = self.desk.open_side
        if side is not None and self._docks is not None and not game.is_over():
            paths = planned_paths(game, side, self.desk.program_docks[side])
        return Frame(pieces=pieces, markers=markers, paths=paths, decorations=GOAL_ROWS)

    def prompt(self) -> str:
        return self.replay.row_text() if self.replay.row is not None else ""

    def _redraw(self) -> None:
        if self.host is not None:
            self.host.redraw()


def planned_paths(game: PyramidBall, side: int, dock: ProgramDock) -> tuple[Path, ...]:
    """The tracks the open editor's program plans for ``side``'s pyramids."""
    return tracks(game, side, dock.editor.program())
