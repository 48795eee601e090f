"""Lessons that answer back, in the window: a lesson file's steps shown one at a time in
the Lesson dock, the step's position on the board, its overlays and highlights drawn, its
task answered on the board (a move through the window's normal click path, or points
clicked) and judged by the rules (:mod:`model.lesson`), with the reason of a wrong answer
and the path it speaks of drawn, a hint, Retry, and progress kept between runs
(:class:`model.lesson_progress.LessonProgress`). Teacher mode edits the lesson in the dock and
saves it.

The window names no game here: points go through the game UI's ``site_of``/``coords_of``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer

from pyramid_lab import i18n
from pyramid_lab.i18n import _
from pyramid_lab.model.lesson_progress import LessonProgress
from pyramid_lab.model.puzzle import puzzle_text

from ..lab.lesson_view import LessonViews, view_now
from ..widgets.later_dock import FirstUse
from ..widgets.lesson_steps import StepPanel
from ..widgets.slots import OnLab, slot

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from ..games import GameUI
    from ..lab import Lab
    from ..lab.board import Board
    from ..lab.lesson import LessonChange
    from ..lab.session import Session
    from ..widgets.lesson_dock import LessonDock
    from .qt_port import QtPort
    from .stage import Stage

#: The lesson progress file (read, merged and written in :mod:`model.userfiles`).
Progress = LessonProgress


class LessonControl(OnLab):
    """The window's binding of the lab's lesson (:class:`viewer.lab.lesson.Lessons`): the
    step panel in the Lesson dock, the step's overlays on the game UI, each lesson's own
    view of the board (``stage``: the view state and the camera), and teacher mode's start.
    (Its highlights and a click that picks a point are the lab's board's
    ``viewer.lab.lesson.LessonBoard``.)"""

    def __init__(
        self,
        lab: Lab,
        port: QtPort,
        board: Board,
        stage: Stage,
        dock: LessonDock,
        setup_dock: QDockWidget,
    ) -> None:
        self.lab, self.port, self.board, self.stage = lab, port, board, stage
        self.dock = dock
        self.state = state = lab.lessons
        state.progress.tell_with(port.tell)  # a damaged file: told once, in a notice
        #: The steps' panel in the Lesson dock, made when a lesson file's step is first
        #: shown (or the panel asked for): a window that opens none builds none.
        self._panel = FirstUse(self._make_panel)
        state.changed.connect(self._changed)
        #: Each lesson opens with its own view (levels, peel, clips, camera), the user's
        #: changes kept for that lesson only.
        self.views = LessonViews(state, stage.view, lambda name: stage.scene.set_camera(name))
        setup_dock.visibilityChanged.connect(self._setup_shown)

    @property
    def panel(self) -> StepPanel:
        """The Lesson dock's panel of a lesson file's steps (made at its first use)."""
        return self._panel()

    def _make_panel(self) -> StepPanel:
        panel = StepPanel(self.state, self._view_now)
        self.dock.add_steps(panel, panel.footer)
        # teacher mode: the editor gets its side's height (the View dock a tab behind it)
        panel.teach.toggled.connect(self.dock.editor_room)
        return panel

    def _view_now(self) -> dict[str, Any]:
        """The board's view as the lesson saves it: its levels, peel and clip planes, and
        the camera preset while the user has not turned it since (else "iso")."""
        camera = self.stage.scene.framing.preset() or "iso"
        return dict(view_now(self.stage.view, camera, self.stage.board.level_count).to_json())

    def _setup_shown(self, visible: bool) -> None:
        """Set-up mode opened during a lesson (a teacher building a step): the Lesson dock
        keeps its room beside the Puzzle dock that set-up mode brings up."""
        if visible and self.state.active:
            QTimer.singleShot(0, self.dock.claim_room)

    @slot
    def _changed(self, what: LessonChange, *args: Any) -> None:
        state, board = self.state, self.board
        if what in ("ended", "title"):  # (no step shown: the panel may not be made)
            self._unshown(what)
            return
        panel = self.panel
        if what == "shown":  # a step: its position, text and overlays
            self.dock.use_steps(True)
            self.dock.editor_room(panel.teach.isChecked())  # (the editor's room kept)
            board.ui.set_overlays(state.step.overlays)
            panel.show_step()
            board.redraw()
        elif what == "answer":
            panel.show_step()
            board.redraw()
        elif what == "reloaded":
            board.ui.set_overlays(state.step.overlays)
            panel.show_step()
        elif what == "step":
            panel.show_step()
        elif what == "edited":
            panel.dirty = True
        elif what == "saved":
            panel.dirty = False
        elif what == "working":
            panel.working(args[0])
        elif what == "report":
            panel.report(args[0], args[1])
        elif what == "filled":
            panel.filled(args[0])

    def _unshown(self, what: LessonChange) -> None:
        """The lesson ended, or its title changed: neither needs the steps' panel."""
        if what == "title":
            self.lab.changed.emit("title")
            return
        board = self.board
        self.dock.use_steps(False)
        self.dock.editor_room(False)  # no editor: the View dock beside the caption again
        self.dock.forget_shown()
        follow_lesson(self.dock, self.lab.session, board.ui)  # a file's caption, if any
        # The board followed the new position before the lesson ended (the session's
        # listeners run in order): drawn again, its marks, picks and legend lines go.
        board.redraw()

    # ---- teacher mode --------------------------------------------------------------------

    @slot
    def teach_new(self) -> None:
        """Lessons > New lesson from this position: one step on the board's position, in
        teacher mode (Save lesson... writes it)."""
        self.state.editor.new_lesson(self.lab.session.game.copy())
        self.panel.dirty = True
        self.panel.teach.setChecked(True)
        self.panel.editor.edit_lesson_title.setFocus()  # the teacher names the lesson first
        self.panel.editor.edit_lesson_title.selectAll()


def play_answer(board: Board, text: str) -> None:
    """Play ``text`` as the student would (tests and screenshot drivers)."""
    board.play(board.session.game.parse_move(text))  # (a move refused is said by the board)


def follow_lesson(dock: LessonDock, session: Session, ui: GameUI[Any]) -> None:
    """The window took in a new position: a newly opened lesson (or a new game UI) sets
    the lesson's overlays on ``ui`` and its caption in the Lesson dock; the dock's note
    says when the board no longer shows the lesson's position. (A lesson file's steps
    are :class:`LessonControl`'s.)"""
    if dock.steps_active:
        return  # a lesson file's step: LessonControl draws it
    lesson = session.lesson
    game = session.game
    position = game.name, game.position_key()
    if lesson is not dock.lesson_shown or ui is not dock.ui_shown:
        dock.lesson_shown, dock.ui_shown = lesson, ui
        ui.set_overlays(lesson.overlays if lesson is not None else {})
        if lesson is None:
            dock.show_lesson("", _("No lesson: open one from the Lessons menu."), None, None)
            dock.hide()
        else:
            title = puzzle_text(session.puzzle, "title", i18n.current())
            dock.show_lesson(title, lesson.caption, session.path, position)
            dock.show()
    dock.follow_position(position)  # a note once it changed
