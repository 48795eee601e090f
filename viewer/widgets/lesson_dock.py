"""The Lesson dock: the caption of the lesson being shown, beside the scene, with Previous /
Next through the Lessons menu's lessons and a note once the board no longer shows the
lesson's own position (a move, Fill at random, a set-up)."""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import N_, _
from pyramid_lab.model.files import SUFFIX

from .dock_fit import docked_beside

CHANGED_NOTE = N_(
    "This caption describes the lesson's position; the board has changed since "
    "(Undo, or reopen the lesson)."
)
OPENING_HEIGHT = 2000  # pixels asked for when it first shows: all the room its neighbours spare


def lesson_files(folder: Path) -> list[Path]:
    """The lessons in ``folder``, in the Lessons menu's order (by file name)."""
    return sorted(folder.glob(f"*{SUFFIX}"))


def _text(text: str) -> str:
    return html.escape(text, quote=False)


def caption_html(title: str, caption: str) -> str:
    """A caption as rich text: paragraphs at blank lines; a line starting "- " is a
    bullet, its words before the first ": " in bold (a term of the glossary); a paragraph
    that is one line ending in ":" ("Terms:") is a heading."""
    parts = [f"<p><b>{_text(title)}</b></p>"] if title else []
    for paragraph in caption.strip().split("\n\n"):
        bullets: list[str] = []
        lines: list[str] = []
        for line in paragraph.splitlines():
            line = line.strip()
            if line.startswith("- "):
                term, *meaning = line[2:].split(": ", 1)  # "- term: what it means"
                item = f"<b>{_text(term)}</b>: {_text(meaning[0])}" if meaning else _text(term)
                bullets.append(f"<li>{item}</li>")
            elif line:
                lines.append(_text(line))
        if len(lines) == 1 and lines[0].endswith(":") and bullets:
            parts.append(f"<p style='margin-bottom: 0'><b>{lines[0]}</b></p>")
        elif lines:
            parts.append("<p>" + "<br>".join(lines) + "</p>")
        if bullets:
            parts.append("<ul style='margin-left: 12px; -qt-list-indent: 0'>")
            parts.append("".join(bullets) + "</ul>")
    return "".join(parts)


class _StepsScroll(QScrollArea):
    """The steps' scroll area: as wide as the dock column was with a caption (its buttons
    may squeeze, so its own hint would make the column narrow)."""

    WIDTH = 420
    MINIMUM = 380  # the step's buttons whole beside a scroll bar

    def sizeHint(self) -> QSize:
        return QSize(self.WIDTH, super().sizeHint().height())


class LessonDock(QDockWidget):
    """The caption of the lesson being shown, beside the scene."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Lesson"), parent)
        self.setObjectName("lesson-dock")
        self.lesson_shown: object = object()  # no lesson shown yet, not even None
        self.ui_shown: object = None  # the game UI its overlays were set on
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        steps = QHBoxLayout()
        self.previous = QPushButton(_("< Previous"))
        self.previous.setToolTip(_("Open the previous lesson of the Lessons menu"))
        self.number = QLabel()
        self.number.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.next = QPushButton(_("Next >"))
        self.next.setToolTip(_("Open the next lesson of the Lessons menu"))
        steps.addWidget(self.previous)
        steps.addWidget(self.number, 1)
        steps.addWidget(self.next)
        layout.addLayout(steps)
        # Over the caption once the board left the lesson's position, with a way back.
        self.note = QFrame()
        self.note.setObjectName("lesson-changed")
        self.note.setStyleSheet(
            "#lesson-changed { background: rgb(255, 243, 196);"
            " border: 1px solid rgb(215, 180, 60); border-radius: 3px }"
            " QLabel { color: rgb(90, 60, 0) }"
        )
        note_layout = QVBoxLayout(self.note)
        note_layout.setContentsMargins(6, 4, 6, 4)
        self.changed_note = QLabel(_(CHANGED_NOTE))
        self.changed_note.setWordWrap(True)
        self.reopen = QPushButton(_("Reopen the lesson"))
        self.reopen.setToolTip(_("Open the lesson's file again (unsaved changes are asked about)"))
        note_layout.addWidget(self.changed_note)
        note_layout.addWidget(self.reopen, 0, Qt.AlignmentFlag.AlignRight)
        self.note.hide()
        layout.addWidget(self.note)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setTextFormat(Qt.TextFormat.RichText)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.caption.setStyleSheet("font-size: 14px; padding: 6px")
        # A long caption scrolls instead of being cut off at the dock's bottom edge.
        self.caption_scroll = QScrollArea(body)
        self.caption_scroll.setWidgetResizable(True)
        self.caption_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.caption_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.caption_scroll.setWidget(self.caption)
        layout.addWidget(self.caption_scroll, 1)
        self.steps_panel: QWidget | None = None  # a lesson file's steps (viewer.desktop.lessons)
        self._body_layout = layout
        self.setWidget(body)
        self.previous.clicked.connect(lambda: self._step(-1))
        self.next.clicked.connect(lambda: self._step(+1))
        self.reopen.clicked.connect(self._reopen)
        self.lessons: list[Path] = []
        self._open: Callable[[Path], object] | None = None
        self.path: Path | None = None  # the lesson shown
        self._position: Hashable = None  # the lesson's own position (None: no lesson)
        self._sized = False
        #: The docks teacher mode's editor put in tabs behind this one (see editor_room).
        self._tabbed_for_editor: list[QDockWidget] = []
        self._show_steps()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        window = self.parentWidget()
        if not self._sized and isinstance(window, QMainWindow) and not self.isFloating():
            # Shown the first time: room for a caption's first paragraphs, beside the View
            # dock's controls (later the user's size stays).
            self._sized = True
            window.resizeDocks([self], [OPENING_HEIGHT], Qt.Orientation.Vertical)

    def add_steps(self, panel: QWidget, footer: QWidget | None = None) -> None:
        """The panel of stepped lessons (lesson files), shown instead of a caption while
        one is open; ``footer`` (teacher mode's Apply and Save) under it, out of the
        scrolling, so that it is in sight whatever the dock's height."""
        self.steps_panel = panel
        # Scrolled only where the window is short (teacher mode's editor is tall): the
        # dock never makes the window grow past the screen.
        self.steps_scroll = _StepsScroll(self)
        self.steps_scroll.setWidgetResizable(True)
        self.steps_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.steps_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.steps_scroll.setWidget(panel)
        self.steps_scroll.setMinimumWidth(_StepsScroll.MINIMUM)
        self._body_layout.addWidget(self.steps_scroll, 1)
        self.steps_scroll.hide()
        self.steps_footer = QWidget(self)
        holder = QVBoxLayout(self.steps_footer)
        holder.setContentsMargins(0, 0, 0, 0)
        if footer is not None:
            holder.addWidget(footer)
        self._body_layout.addWidget(self.steps_footer)
        self.steps_footer.hide()

    def use_steps(self, on: bool) -> None:
        """Show the stepped lesson (``on``) or the captions of position files."""
        if self.steps_panel is None:
            return
        was = not self.steps_scroll.isHidden()
        self.steps_scroll.setVisible(on)
        self.steps_footer.setVisible(on)
        if on and not was:
            self.claim_room()  # a lesson file opened: its steps get the room spared
        self.caption_scroll.setVisible(not on)
        self._show_steps()  # Previous / Next: with the captions, when there are lessons to walk
        if on:
            self.note.hide()
            self.show()
            self.raise_()

    def claim_room(self) -> None:
        """All the height the docks beside it can spare (a lesson file opened; set-up
        mode's Puzzle dock came up under it while a teacher builds a step)."""
        window = self.parentWidget()
        if isinstance(window, QMainWindow) and not self.isFloating():
            window.resizeDocks([self], [OPENING_HEIGHT], Qt.Orientation.Vertical)

    def editor_room(self, on: bool) -> None:
        """Teacher mode's editor (``on``) takes its side's whole height: the tallest dock
        beside it there (the View dock) becomes a tab behind it, one click away, so that the form
        and its buttons are in sight at 1200x800 (beside the View dock they scrolled, "Open
        the lesson with this view" out of sight). Off: it stands under them again. A floating
        dock, or docks the user put in tabs already, are left as they are."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow):
            return
        if on:
            if self.isFloating() or self._tabbed_for_editor:
                return
            others = [
                other
                for other in docked_beside(window, self)
                if not window.tabifiedDockWidgets(other)
            ]
            if not others or window.tabifiedDockWidgets(self):
                return
            tallest = max(others, key=lambda other: other.height())  # the View dock
            window.tabifyDockWidget(tallest, self)
            self._tabbed_for_editor = [tallest]
            self.show()
            self.raise_()
            return
        others, self._tabbed_for_editor = self._tabbed_for_editor, []
        if not any(other in window.tabifiedDockWidgets(self) for other in others):
            return  # the user moved them meanwhile: theirs to place
        if self.isFloating():
            return
        area = window.dockWidgetArea(self)  # (split from a tab, it would be another tab)
        window.removeDockWidget(self)
        window.addDockWidget(area, self, Qt.Orientation.Vertical)  # under them, as before
        self.show()
        self.claim_room()

    def forget_shown(self) -> None:
        """The next :meth:`follow` sets the overlays and caption again."""
        self.lesson_shown = object()

    @property
    def steps_active(self) -> bool:
        return self.steps_panel is not None and not self.steps_scroll.isHidden()

    def set_lessons(self, lessons: Sequence[Path], open_lesson: Callable[[Path], object]) -> None:
        """Previous / Next walk ``lessons`` and open one through ``open_lesson`` (the
        window's open, which asks about unsaved changes first)."""
        self.lessons = [Path(p) for p in lessons]
        self._open = open_lesson
        self._show_steps()

    def show_caption(self, title: str, caption: str) -> None:
        self.caption.setText(caption_html(title, caption))
        self.caption_scroll.verticalScrollBar().setValue(0)  # a new caption starts at its top

    def show_lesson(self, title: str, caption: str, path: Path | None, position: Hashable) -> None:
        """A lesson opened from ``path``; ``position`` stands for its own position (the
        caption describes that one)."""
        self.show_caption(title, caption)
        self.path = path
        self._position = position
        self.note.hide()
        self.reopen.setVisible(path is not None)
        self._show_steps()

    def follow_position(self, position: Hashable) -> None:
        """The board shows ``position``: the note says so when it is not the lesson's."""
        self.note.setVisible(self._position is not None and position != self._position)

    @property
    def position_changed(self) -> bool:
        """The board shows another position than the lesson's (the note is up)."""
        return not self.note.isHidden()

    def index(self) -> int | None:
        """The lesson shown's place in the list (None: not one of them)."""
        if self.path is None:
            return None
        shown = self.path.resolve()
        for i, path in enumerate(self.lessons):
            if path.resolve() == shown:
                return i
        return None

    def _show_steps(self) -> None:
        index = self.index()
        count = len(self.lessons)
        if index is None:  # no lesson, or one of the user's own: Next opens the first
            self.number.setText(_("a lesson of your own") if self._position is not None else "")
            self.next.setText(_("Lesson 1 >"))
        else:
            said = _("Lesson {number} of {count}").format(number=index + 1, count=count)
            self.number.setText(said)
            self.next.setText(_("Next >"))
        self.previous.setEnabled(self._open is not None and index is not None and index > 0)
        can_next = count > 0 if index is None else index < count - 1
        self.next.setEnabled(self._open is not None and can_next)
        walk = bool(self.lessons) and not self.steps_active  # no caption lessons: none
        for widget in (self.previous, self.next, self.number):
            widget.setVisible(walk)

    def _step(self, by: int) -> None:
        index = self.index()
        target = 0 if index is None else index + by
        if self._open is not None and 0 <= target < len(self.lessons):
            self._open(self.lessons[target])

    def _reopen(self) -> None:
        if self._open is not None and self.path is not None:
            self._open(self.path)
