"""The window's composition root: :func:`build_window` builds the lab (:mod:`viewer.lab`, the
application's state and behaviour, Qt-free, with the board on show, :mod:`viewer.lab.board`),
its port (:mod:`viewer.desktop.qt_port`), the stage that draws the board
(:mod:`viewer.desktop.stage`), the docks and the controllers, each with what it needs in its
constructor, in dependency order, and connects them. Each controller takes the lab, the port
and the board (and the docks and parts it uses, made before it), never the window.

:class:`Binding` is what follows the session and the view state: subscribed once to the
lab's ``follows`` (:data:`viewer.lab.events.Following`), it dispatches by the event's type,
once the lab has followed the whole change: another game's UI and docks in the window's
size; a new position taken in by the board, the view and the docks, the docks that
analyse it and the Puzzle dock; the title.
:class:`Commands` are the window's own commands behind menu items (Practice made on first
use, the rules, the shortcuts, Reset view); :class:`Parts` the record of what was made."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt

from pyramid_lab import i18n
from pyramid_lab.i18n import _
from pyramid_lab.i18n import shown as in_language
from pyramid_lab.model.game import Game

from ..games import GameUI, ui_class
from ..lab import Lab
from ..lab.bulletin import Bulletin
from ..lab.documents import RecentFiles
from ..lab.events import Following, PositionKept, PositionTaken, UIChanged
from ..lab.session import Session
from ..lab.view_state import ViewState
from ..widgets.board_words import BoardWordsDock
from ..widgets.dock_fit import add_game_docks, fit_game_docks, qt_docks
from ..widgets.help import RulesDock
from ..widgets.lesson_dock import LessonDock, lesson_files
from ..widgets.move_list import MoveListDock
from ..widgets.setup_dock import SetupDock
from ..widgets.slots import OnLab, guarded, slot
from ..widgets.status_bar import StatusBar
from ..widgets.view_dock import ViewDock
from . import menus as window_menus
from .analysis import AnalysisControl
from .animation import Animation
from .autosave import Autosave
from .board_focus import BoardFocus, Step
from .board_keys import BoardKeys
from .engine import (
    EngineControl,
    engine_threads,
    failure_reported,
    gui_post,
    remember_workers,
    remembered_workers,
)
from .lessons import LessonControl, follow_lesson
from .menus import MenuParts, Menus, menu_bar
from .parts import Commands, Parts
from .puzzle import PuzzleControl
from .qt_port import QtPort
from .recovery import Recovery
from .review import ReviewControl
from .scene import Scene
from .setup_mode import SetupControl
from .stage import Stage
from .window import Built, Window

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel

    from ..lab.board import Board, BoardChange
    from ..lab.events import LabChange, PositionChange
    from ..lab.view_state import ViewField
    from ..widgets.puzzle_dock import PuzzleDock

LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea


@dataclass(frozen=True)
class _Docks:
    """The window's own docks and bars (made first: the lab's port draws on them)."""

    view_dock: ViewDock
    moves_dock: MoveListDock
    setup_dock: SetupDock
    lesson_dock: LessonDock
    rules_dock: RulesDock
    board_words: BoardWordsDock  # View > The board in words: the position as text
    status_hover: QLabel
    status_game: QLabel


def build_window(window: Window, session: Session, view: ViewState, table_base: int = 4) -> Built:
    """Build the lab (and the board on show in it), the port, the stage, the docks and the
    controllers of ``window`` and connect them; what it made, the window keeps as one
    frozen record (:class:`~viewer.desktop.window.Built`: the port, the lab, the board,
    the scene, the stage, the menus, the rest of the parts, :class:`Parts`, and the
    binding); nothing is written onto the window. Each part is made with what it needs,
    in dependency order: the status bar and the port; the lab and its board; the window's
    docks; the controllers over the board and their docks, the game's docks and the Turn
    toolbar; then the scene (framed for the room they left it) and the stage that draws
    the board; the lesson's controller, the window's own commands and the menus; then
    what follows the session, the lab, the board and the view. ``table_base``: the
    pyramid of the whole-game table the window builds (the game's, 4; a test's, 3)."""
    w = window
    bulletin = Bulletin()  # the status line, the prompt, progress: the lab's, observed
    status = StatusBar(w)  # messages elided, never over the hover text
    w.setStatusBar(status)  # (the port's progress box sits on it)
    port = QtPort(w, w.prompt_bar, bulletin)  # the lab asks the user through it
    lab = _lab(w, session, port, bulletin, table_base)
    board = lab.board
    docks = _docks(w, session, view, board, status)
    _lesson_list(lab, docks.lesson_dock)
    setup_mode = SetupControl(lab, board, docks.setup_dock)  # the lab's, bound to the dock
    puzzle = PuzzleControl(lab, port, board)  # made, verified, solved
    docks.setup_dock.visibilityChanged.connect(puzzle.setup_shown)
    _place(w, docks, puzzle.dock)
    lab.puzzle_desk.show_for_puzzle()  # a puzzle file opened: the dock comes
    EngineControl(lab.engine, port, board)  # the bar, Stop, the prompt and redraws
    analysis = AnalysisControl(lab, port, board)  # the Analysis dock, a runner of its own
    w.addDockWidget(RIGHT, analysis.dock)
    analysis.dock.hide()
    reviewer = ReviewControl(lab, port, board)  # Analysis > Review game: the Review dock
    w.addDockWidget(LEFT, reviewer.dock)
    w.tabifyDockWidget(docks.view_dock, reviewer.dock)  # a tab: the height it needs
    reviewer.dock.hide()
    w.addDockWidget(RIGHT, docks.board_words)  # the position as text, for a screen reader
    docks.board_words.hide()
    game_docks = qt_docks(board.ui.docks())  # (made here: dock_tabs groups them after)
    tabs = [qt_docks(tab) for tab in board.ui.dock_tabs()]
    add_game_docks(w, game_docks, tabs)  # the game's own docks
    bar = menu_bar(w.menuBar())  # the menus and the Turn toolbar (filled once all is made)
    toolbar = w.addToolBar(_("Turn"))
    toolbar.setObjectName("turn-toolbar")
    # the scene last of the window's widgets, framed for the room the docks left it
    scene = _scene(w, lab, view)
    stage = Stage(board, scene, port, view, docks.status_hover)
    lessons = LessonControl(lab, port, board, stage, docks.lesson_dock, docks.setup_dock)
    commands = Commands(w, lab, port, scene, view, puzzle, docks.view_dock, docks.rules_dock)
    menu_parts = MenuParts(commands, setup_mode, analysis, reviewer, puzzle, lessons)
    shown = (docks.view_dock, docks.moves_dock, docks.lesson_dock, puzzle.dock)
    extra = (analysis.dock, reviewer.dock, docks.rules_dock, docks.board_words)
    menus = Menus(bar, toolbar, w.close, menu_parts, lab, port, stage, (*shown, *extra))
    parts = _parts(w, lab, port, docks, menu_parts, commands)
    binding = Binding(w, session, view, lab, scene, menus, parts)
    _connect(binding, stage)
    lab.take("load")  # the first position, taken in as a new one is
    return Built(port, lab, board, scene, stage, menus, parts, binding)


def _parts(
    w: Window, lab: Lab, port: QtPort, docks: _Docks, made: MenuParts, commands: Commands
) -> Parts:
    """The record of the parts made (with the autosave and the recovery written a moment
    after each change)."""
    autosave = Autosave()
    return Parts(
        view_dock=docks.view_dock,
        moves_dock=docks.moves_dock,
        setup_dock=docks.setup_dock,
        lesson_dock=docks.lesson_dock,
        rules_dock=docks.rules_dock,
        board_words=docks.board_words,
        puzzle_dock=made.puzzle.dock,
        status_prompt=w.prompt_bar,
        status_hover=docks.status_hover,
        status_game=docks.status_game,
        setup_mode=made.setup_mode,
        puzzle=made.puzzle,
        analysis=made.analysis,
        reviewer=made.reviewer,
        lessons=made.lessons,
        commands=commands,
        autosave=autosave,
        recovery=Recovery(lab, port, autosave),
    )


def _connect(binding: Binding, stage: Stage) -> None:
    """The window follows: the game's docks in the View menu, the rules and the View dock
    for the board on show; then its one subscription to the lab's ``follows`` and what
    follows the stage, the board, the lab and the view."""
    lab, board, menus, parts, scene = (
        binding.lab,
        binding.board,
        binding.menus,
        binding.parts,
        binding.scene,
    )
    menus.game_docks(qt_docks(board.ui.docks()))  # (their View menu entries)
    parts.rules_dock.show_game(board.ui.game_name)
    parts.view_dock.free_plane.toggled.connect(scene.toggle_free_plane)
    parts.view_dock.show_board(scene.board, board.ui.piece_word)
    binding.put_view_dock_away()
    lab.follows.connect(binding.follow)  # the window's one subscription to the lab's order
    stage.drawn.connect(menus.follow_history)
    stage.drawn.connect(binding.follow_turn)  # the status bar's reserve during a turn
    board.changed.connect(binding.board_changed)
    binding.parts.board_words.visibilityChanged.connect(binding.board_words_shown)
    lab.changed.connect(binding.lab_changed)
    binding.view.changed.connect(binding.view_changed)


def _docks(w: Window, session: Session, view: ViewState, board: Board, bar: StatusBar) -> _Docks:
    """The window's own docks and its status bar's labels (the Moves dock lists the
    moves as the board's game UI hides and names them)."""
    return _Docks(
        ViewDock(view, w),
        MoveListDock(
            session,
            w,
            lambda game, line: board.ui.hidden_moves(game, line),
            lambda move: board.ui.move_listed(move),
        ),
        SetupDock(w),
        LessonDock(w),
        RulesDock(lambda name: ui_class(name).rules(), w),  # Help: the rules
        BoardWordsDock(w),
        bar.hover,
        bar.game,
    )


def _lab(
    w: Window,
    session: Session,
    port: QtPort,
    bulletin: Bulletin,
    table_base: int = 4,
) -> Lab:
    """The application's state and behaviour, Qt-free: the documents, the seats, the
    engine and the board on show, with the games' UIs and the window's clock (it follows
    a new position in the lab's one order: the window's steps among them, Binding)."""

    def clock(seconds: float, step: Callable[[float], Any]) -> Animation:
        return Animation(w, seconds, lambda t: guarded(lambda: step(t), bulletin.say))

    lab = Lab(
        session,
        port,
        recent=RecentFiles(QSettings()),
        post=gui_post(None),
        bulletin=bulletin,
        threads=engine_threads,  # the setting kept between runs, else the cores
        engine_failed=failure_reported(bulletin.say),
        workers=remembered_workers(),  # Solve position's, kept between runs
        uis=ui_class,
        clock=clock,
        table_base=table_base,
    )
    remember_workers(lab.value_solve)  # (the next run proposes the last choice)
    return lab


def _lesson_list(lab: Lab, lesson_dock: LessonDock) -> None:
    """The Lessons dock's Previous / Next: the Lessons menu's way in (it asks)."""
    lesson_dock.set_lessons(
        lesson_files(window_menus.LESSON_DIR),  # the Lessons menu's folder, read now
        lambda path: guarded(lambda: lab.documents.open(path), lab.bulletin.say, "open a lesson"),
    )


def _scene(w: Window, lab: Lab, view: ViewState) -> Scene:
    """The 3D scene of the board on show, with the keyboard's point on it and the keys that
    move it; a click on a site goes to the board, with the sites the view sees behind it."""
    board = lab.board

    def clicked(site: int) -> None:
        board.click(site, scene.board.behind)

    focus = BoardFocus(
        board.geometry, view, board.describe, lambda: board.frame().pieces, lab.bulletin.say
    )

    def pressed() -> None:  # Space / Enter: the keyboard's point clicked, as the mouse would
        site = focus.point()
        if site is None:
            focus.move("home")  # (no point yet: the first key shows one)
            return
        scene.aim(site)  # the view's ray through it: what lies behind it, as for a click
        clicked(site)

    def moved(step: Step) -> None:
        guarded(lambda: focus.move(step), lab.bulletin.say)
        w.plotter.setAccessibleDescription(in_language(focus.words()))  # (a screen reader's)

    w.plotter.setAccessibleName(_("Board"))
    w.plotter.setAccessibleDescription(
        _("Arrow keys, Page Up / Page Down, Home and End move the keyboard's point; Space plays it")
    )

    def camera(turn: float, zoom: float) -> None:  # Shift and an arrow key
        cam = w.plotter.camera
        cam.Azimuth(turn)
        cam.Zoom(zoom)
        w.plotter.reset_camera_clipping_range()
        scene.render()

    keys = BoardKeys(w.plotter, moved, lambda: guarded(pressed, lab.bulletin.say), camera)
    geometry = board.geometry()
    scene = Scene(
        w.plotter, view, board.ui.board_kind, geometry, clicked, lab.bulletin.say, focus, keys
    )
    return scene


def _place(w: Window, docks: _Docks, puzzle_dock: PuzzleDock) -> None:
    """The window's own docks in their places, those not shown at first hidden."""
    for area, dock, shown in (
        (LEFT, docks.view_dock, True),
        (RIGHT, docks.moves_dock, True),
        (RIGHT, docks.setup_dock, False),
        (LEFT, docks.lesson_dock, False),
        (LEFT, puzzle_dock, False),  # under the View dock: the right has the game's
        (LEFT, docks.rules_dock, False),
    ):
        w.addDockWidget(area, dock)
        if not shown:
            dock.hide()


class Binding(OnLab):
    """What follows the session, the lab and the view state in ``window``."""

    def __init__(
        self,
        window: Window,
        session: Session,
        view: ViewState,
        lab: Lab,
        scene: Scene,
        menus: Menus,
        parts: Parts,
    ) -> None:
        self.window, self.session, self.view = window, session, view
        self.lab, self.board, self.scene, self.menus = lab, lab.board, scene, menus
        self.parts = parts
        self.flat_board = False  # the board on show is flat (the View dock is put away)
        self.view_dock_wanted = True  # ... and was shown on the last pyramid
        self.placed = False  # the View dock was put away or shown for a board already
        self._size = window.size()  # the window's size as the last game's UI left
        self._game_docks = qt_docks(self.board.ui.docks())  # the game UI's docks in the window

    @slot
    def follow(self, event: Following) -> None:
        """The window's part once the lab has followed a change of the session (its one
        order, :meth:`viewer.lab.Lab.follow`; nothing drawn until the window followed
        too), by the event's type: another document's UI, then the position taken."""
        match event:
            case UIChanged(reason=reason, switched=switched):
                self._ui_changed(reason, switched)
            case PositionTaken(reason=reason):
                self._taken(reason)
            case PositionKept(reason=reason):  # now in a file; puzzle texts; a review
                self.update_title()
                self.parts.recovery.schedule()
                self.parts.puzzle.session_changed(reason)

    def _ui_changed(self, reason: PositionChange, switched: bool) -> None:
        """Another document: the status bar's words on the last go; another kind of
        game's UI came (the last one's docks go, the window's size kept for the next
        one's); the Game menu's computer players for its seats."""
        if reason in ("load", "new"):
            self.window.statusBar().clearMessage()  # it spoke of the position that went
        if switched:  # another kind of game: the last UI's docks go, this one's come
            self._size = self.window.size()
            self.menus.game_docks([])  # (their View menu entries first: the docks go next)
            for dock in self._game_docks:
                self.window.removeDockWidget(dock)
            self._switch_game(self.session.game)
        if reason in ("load", "new"):
            self.menus.seats.computer_players(self.session.game.players)

    def _taken(self, reason: PositionChange) -> None:
        """The lab took a new position in (nothing drawn yet): another board's view, the
        effect under way stopped; what the UI, the docks and the title show of it; then the
        Analysis and Review docks (an analysis of the last is void) and the Puzzle dock."""
        self._take_turn()
        self._told(reason)
        self.parts.analysis.position_changed(reason)
        self.parts.reviewer.position_changed(reason)  # the review's graph marks it
        self.parts.puzzle.session_changed(reason)

    def _take_turn(self) -> None:
        """A new position taken in, nothing drawn yet (a new board's view reset draws
        once, after): another board's view, the effect under way stopped."""
        parts, board, scene = self.parts, self.board, self.scene
        game = self.session.game
        ui = board.ui
        geometry = ui.geometry(game)
        if geometry is not scene.geometry or ui.board_kind != scene.board.kind:
            scene.switch_board(ui.board_kind, geometry)  # another kind or size
            self.view.reset()  # also forgets the hover of the last board
            parts.view_dock.show_board(scene.board, ui.piece_word)
            self.put_view_dock_away()
        scene.stop_effect()

    def _told(self, reason: PositionChange) -> None:
        """The UI told of the new position: the board may be framed again at its size
        (it stays put for a legend shorter within one position), what the move removed
        fades out, and the lesson's caption, the Moves dock, the title and the status bar
        follow."""
        parts, ui, scene = self.parts, self.board.ui, self.scene
        game = self.session.game
        scene.framing.new_position()
        if reason in ("move", "redo"):
            scene.play(ui.vanishing(game))  # what the move removed fades out
        follow_lesson(parts.lesson_dock, self.session, ui)  # a lesson's caption, overlays
        parts.moves_dock.refresh()
        self.say_board()
        self.update_title()
        parts.recovery.schedule()
        self.follow_turn()

    def say_board(self) -> None:
        """The board in words: each piece by its point, as the hover says it (while its
        dock is shown: it is said afresh as it comes, :meth:`board_words_shown`)."""
        board = self.board
        if self.parts.board_words.isHidden():
            return
        pieces = sorted(board.frame().pieces)
        self.parts.board_words.show_lines([i18n.shown(board.describe(s)) for s in pieces])

    @slot
    def board_words_shown(self, shown: bool) -> None:
        if shown:
            self.say_board()

    def follow_turn(self) -> None:
        """The status bar's words on the game, with the turn built so far (at each
        redraw: a Pyraos take-back counts the reserve as the prompt does)."""
        board = self.board
        said = board.ui.turn_status(self.session.game, board.turn)  # (a Message: the lab's)
        self.parts.status_game.setText(i18n.shown(said))  # in the window's language

    def _switch_game(self, game: Game) -> None:
        """Another kind of game: its UI's docks replace the last one's (removed first,
        :meth:`_ui_changed`), in the window's size then (Qt grows it for the docks' minimum size:
        never past the screen's edge)."""
        w, board = self.window, self.board
        self.install_ui(board.ui)
        fit_game_docks(w, qt_docks(board.ui.docks()), self._size, self.lab.bulletin.say)
        self.parts.rules_dock.show_game(game.name)  # the rules follow the game on the board
        self.parts.view_dock.set_words(board.ui.piece_word)  # the same board may follow

    def install_ui(self, ui: GameUI[Any]) -> None:
        """The game UI's docks in the window and the View menu."""
        docks = qt_docks(ui.docks())  # (made here: dock_tabs groups them after)
        self._game_docks = docks
        add_game_docks(self.window, docks, [qt_docks(tab) for tab in ui.dock_tabs()])
        self.menus.game_docks(docks)

    def put_view_dock_away(self) -> None:
        """A flat board has nothing to peel or clip: the View dock goes (it kept the left
        column's width to say so) and comes back with a pyramid if it was shown there.
        View > View still opens it."""
        view_dock = self.parts.view_dock
        flat = self.scene.board.flat
        if flat:
            if not self.flat_board and self.placed:  # (the first board: the dock is wanted;
                # a window built on screen shows its docks only later)
                self.view_dock_wanted = not view_dock.isHidden()
            view_dock.hide()
        elif self.flat_board and self.view_dock_wanted:
            view_dock.show()
        self.flat_board = flat
        self.placed = True

    def update_title(self) -> None:
        session = self.session
        name = session.path.name if session.path else _("untitled")
        dirty = " *" if session.dirty else ""
        lessons = self.lab.lessons
        if lessons.active:  # the lesson followed, by its own title
            language = i18n.current()  # (in the window's language, the lesson's title too)
            name, dirty = i18n.shown(lessons.title(language), language), ""
        self.window.setWindowTitle(f"{name}{dirty} - {session.game.title} - Pyramid Lab")

    @slot
    def lab_changed(self, what: LabChange) -> None:
        if what == "title":
            self.update_title()
        elif what == "players":  # the Game menu, the Moves dock's secrets and the UI
            self.menus.seats.show_players()
            self.parts.moves_dock.refresh()
            self.board.ui.players_changed()

    def board_changed(self, what: BoardChange) -> None:
        if what == "secrets":  # whose secrets may be shown: the Moves dock's hidden moves
            self.parts.moves_dock.refresh()

    @slot
    def view_changed(self, _field: ViewField) -> None:
        self.board.redraw()  # (the scene drops its free plane when the view is reset)
