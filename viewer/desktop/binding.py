"""The window's composition root: :func:`build_window` builds the lab (:mod:`viewer.lab`, the
application's state and behaviour, Qt-free, with the board on show, :mod:`viewer.lab.board`),
its port (:mod:`viewer.desktop.qt_port`), the stage that draws the board
(:mod:`viewer.desktop.stage`), the docks and the controllers, each with what it needs in its
constructor, in dependency order, and connects them. Each controller takes the lab, the port
and the board (and the docks and parts it uses, made before it), never the window.

:class:`Binding` is what follows the session and the view state: a new position taken in
by the game UI, the board, the view and the docks, then the lab and the docks that analyse
it, then one redraw; another game's UI and docks in the window's size; the title; Practice
made on first use."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt

from model.game import Game

from ..games import GameUI, ui_class
from ..lab import Lab
from ..lab.bulletin import Bulletin
from ..lab.documents import RecentFiles
from ..lab.session import Session
from ..lab.slots import guarded, slot
from ..lab.view_state import ViewState
from ..widgets.dock_fit import add_game_docks, fit_game_docks
from ..widgets.help import RulesDock, ShortcutsDialog
from ..widgets.lesson_dock import LessonDock, lesson_files
from ..widgets.move_list import MoveListDock
from ..widgets.setup_dock import SetupDock
from ..widgets.status_bar import StatusBar
from ..widgets.view_dock import ViewDock
from .analysis import AnalysisControl
from .animation import Animation
from .autosave import Autosave
from .engine import EngineControl, engine_threads, failure_reported, gui_post
from .lessons import LessonControl, follow_lesson
from .menus import LESSON_DIR, MenuParts, Menus
from .practice import Practice
from .puzzle import PuzzleControl
from .qt_port import QtPort
from .recovery import Recovery
from .review import ReviewControl
from .scene import Scene
from .setup_mode import SetupControl
from .solve import remember_workers, remembered_workers
from .stage import Stage

if TYPE_CHECKING:
    from ..lab.board import BoardChange
    from ..lab.lab import LabChange
    from ..lab.session import PositionChange
    from ..lab.view_state import ViewField
    from .window import Window

LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea


def build_window(window: Window, session: Session, view: ViewState) -> Binding:
    """Build the lab (and the board on show in it), the port, the stage, the docks and the
    controllers of ``window`` and connect them (each kept on the window by name: its parts,
    for the tests and tools). Each part is made with what it needs, in dependency order:
    the docks and the bars; the lab and its board; the scene and the stage that draws the
    board; the controllers; the menus; then what follows the session, the lab, the board
    and the view."""
    w = window
    bulletin = _docks(w, session, view)
    lab = _lab(w, session, bulletin)
    board = lab.board
    stage = _stage(w, lab, view)
    _controllers(w, lab)
    w.binding = binding = Binding(w, session, view)
    _menus(w, lab, binding)
    binding.install_ui(board.ui)
    w.rules_dock.show_game(board.ui.game_name)
    w.view_dock.free_plane.toggled.connect(w.scene.toggle_free_plane)
    w.view_dock.show_board(stage.board, board.ui.piece_word)
    binding.put_view_dock_away()
    w.autosave = Autosave()
    w.recovery = Recovery(lab, w.port, w.autosave)  # written a moment after each change
    session.changed.connect(binding.position_changed)  # the window's one listener
    stage.drawn.connect(w.menus.follow_history)
    board.changed.connect(binding.board_changed)
    lab.changed.connect(binding.lab_changed)
    view.changed.connect(binding.view_changed)
    binding.follow("load")
    return binding


def _docks(w: Window, session: Session, view: ViewState) -> Bulletin:
    """The window's own docks, its status bar and its port (with the lab's bulletin it
    draws)."""
    w.view_dock = ViewDock(view, w)
    w.moves_dock = MoveListDock(session, w, lambda game, line: w.board.ui.hidden_moves(game, line))
    w.setup_dock = SetupDock(w)
    w.lesson_dock = LessonDock(w)
    w.rules_dock = RulesDock(lambda name: ui_class(name).rules(), w)  # Help: the rules
    bar = StatusBar(w)  # messages elided, never over the hover text
    w.setStatusBar(bar)
    w.status_prompt, w.status_hover, w.status_game = w.prompt_bar, bar.hover, bar.game
    bulletin = Bulletin()  # the status line, the prompt, progress: the lab's, observed
    w.port = QtPort(w, w.prompt_bar, bulletin)  # the lab asks the user through it
    return bulletin


def _lab(w: Window, session: Session, bulletin: Bulletin) -> Lab:
    """The application's state and behaviour, Qt-free: the documents, the seats, the
    engine and the board on show, with the games' UIs and the window's clock (the board
    follows a new position first: the lab's position_changed after)."""

    def clock(seconds: float, step: Callable[[float], Any]) -> Animation:
        return Animation(w, seconds, lambda t: guarded(lambda: step(t), bulletin.say))

    w.lab = lab = Lab(
        session,
        w.port,
        recent=RecentFiles(QSettings()),
        post=gui_post(None),
        follow=False,
        bulletin=bulletin,
        threads=engine_threads,  # the setting kept between runs, else the cores
        engine_failed=failure_reported(bulletin.say),
        workers=remembered_workers(),  # Solve position's, kept between runs
        uis=ui_class,
        clock=clock,
    )
    w.documents, w.engine, w.board = lab.documents, lab.engine, lab.board
    remember_workers(lab.value_solve)  # (the next run proposes the last choice)
    w.lesson_dock.set_lessons(  # Previous / Next: the Lessons menu's way in (it asks)
        lesson_files(LESSON_DIR),
        lambda path: guarded(lambda: lab.documents.open(path), bulletin.say, "open a lesson"),
    )
    return lab


def _stage(w: Window, lab: Lab, view: ViewState) -> Stage:
    """The 3D scene of the board on show, and the stage that draws the board in it; a
    click on a site goes to the board, with the sites the view sees behind it."""
    board = lab.board

    def clicked(site: int) -> None:
        board.click(site, scene.board.behind)

    w.scene = scene = Scene(
        w.plotter, view, board.ui.board_kind, board.geometry(), clicked, lab.bulletin.say
    )
    w.legend, w.pointer = scene.legend, scene.pointer  # the scene's parts, at hand
    w.clip_planes, w.free_plane = scene.clip_planes, scene.free_plane
    w.stage = stage = Stage(board, scene, w.port, view, w.status_hover)
    return stage


def _controllers(w: Window, lab: Lab) -> None:
    """The controllers over the board, their docks placed."""
    port, board = w.port, lab.board
    w.setup_mode = SetupControl(lab, board, w.setup_dock)  # the lab's, bound to the dock
    w.puzzle = PuzzleControl(lab, port, board)  # made, verified, solved
    w.puzzle_dock = w.puzzle.dock
    w.practice = None  # made when first used (practising)
    w.setup_dock.visibilityChanged.connect(w.puzzle.setup_shown)
    for area, dock, shown in (
        (LEFT, w.view_dock, True),
        (RIGHT, w.moves_dock, True),
        (RIGHT, w.setup_dock, False),
        (LEFT, w.lesson_dock, False),
        (LEFT, w.puzzle_dock, False),  # under the View dock: the right has the game's
        (LEFT, w.rules_dock, False),
    ):
        w.addDockWidget(area, dock)
        if not shown:
            dock.hide()
    lab.puzzle_desk.show_for_puzzle()  # a puzzle file opened: the dock comes
    EngineControl(lab.engine, port, board)  # the bar, Stop, the prompt and redraws
    w.analysis = AnalysisControl(lab, port, board)  # the Analysis dock, a runner of its own
    w.addDockWidget(RIGHT, w.analysis.dock)
    w.analysis.dock.hide()
    w.reviewer = ReviewControl(lab, port, board)  # Analysis > Review game: the Review dock
    w.addDockWidget(LEFT, w.reviewer.dock)
    w.tabifyDockWidget(w.view_dock, w.reviewer.dock)  # a tab: the height it needs
    w.reviewer.dock.hide()
    w.lessons = LessonControl(lab, port, board, w.stage, w.lesson_dock, w.setup_dock)  # steps


def _menus(w: Window, lab: Lab, binding: Binding) -> None:
    """The menus and the Turn toolbar, each item a verb of the lab, its board or a
    controller."""
    docks = (w.view_dock, w.moves_dock, w.lesson_dock, w.puzzle_dock)
    extra = (w.analysis.dock, w.reviewer.dock, w.rules_dock)
    toolbar = w.addToolBar("Turn")
    toolbar.setObjectName("turn-toolbar")
    parts = MenuParts(binding, w.setup_mode, w.analysis, w.reviewer, w.puzzle, w.lessons)
    w.menus = Menus(w.menuBar(), toolbar, w.close, parts, lab, w.port, w.stage, (*docks, *extra))


class Binding:
    """What follows the session, the lab and the view state in ``window``."""

    def __init__(self, window: Window, session: Session, view: ViewState) -> None:
        self.window = window
        self.session = session
        self.view = view
        self.flat_board = False  # the board on show is flat (the View dock is put away)
        self.view_dock_wanted = True  # ... and was shown on the last pyramid
        self.placed = False  # the View dock was put away or shown for a board already

    def position_changed(self, reason: PositionChange) -> None:
        """A change of the session, followed in this order: the board, the docks and the
        lab (:meth:`follow`), then the Puzzle dock, then the lesson (its answer judged on
        the position as all of them show it)."""
        self.follow(reason)
        self.window.puzzle.session_changed(reason)
        self.window.lab.lessons.position_changed(reason)

    @slot
    def follow(self, reason: PositionChange) -> None:
        w, board = self.window, self.window.board
        if reason == "review":  # a review of the line: the board draws its better moves
            self.update_title()
            w.recovery.schedule()
            board.redraw()
            return
        if reason in ("saved", "puzzle"):  # the same position, now in a file; puzzle texts
            self.update_title()
            w.recovery.schedule()
            return
        with board.held():  # nothing draws until the UI, board, view and docks all follow
            self._take_position(reason)
        w.lab.position_changed(reason)  # a search for the last position is void
        w.analysis.position_changed(reason)  # and so is an analysis of it
        w.reviewer.position_changed(reason)  # the review's graph marks the position
        board.redraw()  # after them: no "thinking" text of a search that was stopped

    def _take_position(self, reason: PositionChange) -> None:
        w, board, scene = self.window, self.window.board, self.window.scene
        game = self.session.game
        if reason in ("load", "new"):
            w.statusBar().clearMessage()  # it spoke of the position that went
            if board.setup is not None:  # another position arrived: the set-up is void
                w.lab.setup_mode.close(consider=False)  # (the engine follows the position)
        if board.ui.game_name != game.name:
            self._switch_game(game)
        if reason in ("load", "new"):
            w.menus.computer_players(game.players)
        board.new_turn()  # before a new board's view reset redraws
        ui = board.ui
        geometry = ui.geometry(game)
        if geometry is not scene.geometry or ui.board_kind != scene.board.kind:
            scene.switch_board(ui.board_kind, geometry)  # another kind or size
            self.view.reset()  # also forgets the hover of the last board
            w.view_dock.show_board(scene.board, ui.piece_word)
            self.put_view_dock_away()
        scene.stop_effect()
        ui.position_changed(game, reason)
        if reason in ("move", "redo"):
            scene.play(ui.vanishing(game))  # what the move removed fades out
        follow_lesson(w.lesson_dock, self.session, ui)  # a lesson's caption, overlays
        w.moves_dock.refresh()
        self.update_title()
        w.recovery.schedule()
        w.status_game.setText(ui.status(game))

    def _switch_game(self, game: Game) -> None:
        """Another kind of game: its UI and docks replace the last one's, in the window's
        size (Qt grows it for the docks' minimum size: never past the screen's edge)."""
        w, board = self.window, self.window.board
        size = w.size()
        for dock in board.ui.docks():
            w.removeDockWidget(dock)
        board.switch_ui(game)
        self.install_ui(board.ui)
        fit_game_docks(w, board.ui.docks(), size, w.lab.bulletin.say)
        w.rules_dock.show_game(game.name)  # the rules follow the game on the board
        w.view_dock.set_words(board.ui.piece_word)  # the same board may follow

    def install_ui(self, ui: GameUI) -> None:
        """The game UI's docks in the window and the View menu."""
        add_game_docks(self.window, ui.docks(), ui.dock_tabs())
        self.window.menus.game_docks(ui.docks())

    def put_view_dock_away(self) -> None:
        """A flat board has nothing to peel or clip: the View dock goes (it kept the left
        column's width to say so) and comes back with a pyramid if it was shown there.
        View > View still opens it."""
        w = self.window
        flat = w.scene.board.flat
        if flat:
            if not self.flat_board and self.placed:  # (the first board: the dock is wanted;
                # a window built on screen shows its docks only later)
                self.view_dock_wanted = not w.view_dock.isHidden()
            w.view_dock.hide()
        elif self.flat_board and self.view_dock_wanted:
            w.view_dock.show()
        self.flat_board = flat
        self.placed = True

    def update_title(self) -> None:
        w, session = self.window, self.session
        name = session.path.name if session.path else "untitled"
        dirty = " *" if session.dirty else ""
        lessons = w.lab.lessons
        if lessons.active:  # the lesson followed, by its own title
            name, dirty = lessons.title(), ""
        w.setWindowTitle(f"{name}{dirty} - {session.game.title} - Pyramid Lab")

    @slot
    def lab_changed(self, what: LabChange) -> None:
        w = self.window
        if what == "title":
            self.update_title()
        elif what == "players":  # the Game menu, the Moves dock's secrets and the UI
            w.menus.show_players()
            w.moves_dock.refresh()
            w.board.ui.players_changed()

    def board_changed(self, what: BoardChange) -> None:
        if what == "secrets":  # whose secrets may be shown: the Moves dock's hidden moves
            self.window.moves_dock.refresh()

    @slot
    def view_changed(self, _field: ViewField) -> None:
        self.window.board.redraw()  # (the scene drops its free plane when the view is reset)

    def show_message(self, text: str) -> None:
        self.window.lab.bulletin.say(text)

    # ---- the menus' own commands -----------------------------------------------------------

    def practising(self) -> Practice:
        """Practice, made on first use: its dock joins the left docks and the View menu
        (the lab puts its board mode before the lesson's)."""
        w = self.window
        if w.practice is None:
            practice = Practice(w.lab, w.port, w.board, w.puzzle, w.view_dock)
            w.addDockWidget(LEFT, practice.dock)
            practice.dock.hide()
            w.menus.add_view_entry(practice.dock)
            w.practice = practice
        return w.practice

    @slot
    def show_rules(self) -> None:
        """Help: the rules of the game on the board, in the Rules dock."""
        self.window.rules_dock.present(self.window.board.ui.game_name, beside=self.window.view_dock)

    @slot
    def show_shortcuts(self) -> None:
        ShortcutsDialog(self.window).exec()

    @slot
    def reset_view(self) -> None:
        w = self.window
        self.view.reset()
        w.view_dock.show_board(w.scene.board, w.board.ui.piece_word)
        w.scene.set_camera("iso")
