"""The Practice dock: a puzzle collection in order of difficulty with the solved ones
ticked, the puzzle being played (title, goal, what happened, the notes once solved) and
the buttons Hint, Try again, Show solution and Next unsolved. The work is
:class:`viewer.practice.Practice`'s.

The dock is made when first used (:func:`practice_of`: the Puzzles menu, ``pyramid-lab
practice``): it then joins the window's left docks, its frame layer (hints, refutations)
goes on top of the window's, and the View menu gets its entry."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ..practice import Practice
from ..slots import slot
from .dock_fit import present
from .setup_dock import WrappedLabel

GREEN, RED, GREY = "#1b7a2e", "#b00020", "#666666"
TICK, OPEN = "\u2714", "\u2003"  # a check mark; an em space where it would stand


class PracticeDock(QDockWidget):
    def __init__(self, window: Any) -> None:
        super().__init__("Practice", window.window())
        self.setObjectName("practice-dock")
        self.window_ = window
        self.practice = Practice(window, self.refresh, self)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.heading = WrappedLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.heading)
        self.brief = WrappedLabel()
        self.brief.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.brief)
        row = QHBoxLayout()
        self.hint_button = QPushButton("Hint")
        self.hint_button.setToolTip("First which piece (or where), then the move itself")
        self.hint_button.clicked.connect(lambda: self.practice.hint())
        self.retry_button = QPushButton("Try again")
        self.retry_button.clicked.connect(lambda: self.practice.retry())
        self.reveal_button = QPushButton("Show solution")
        self.reveal_button.setToolTip("The puzzle is not ticked when the solution was shown")
        self.reveal_button.clicked.connect(lambda: self.practice.solver.reveal())
        self.next_button = QPushButton("Next unsolved")
        self.next_button.clicked.connect(lambda: self.practice.next_unsolved())
        for button in (self.hint_button, self.retry_button, self.reveal_button, self.next_button):
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.status = WrappedLabel()
        self.status.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.status)
        self.list = QListWidget()
        self.list.setMinimumHeight(140)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.list.itemActivated.connect(self._on_activated)
        self.list.itemClicked.connect(self._on_activated)
        layout.addWidget(self.list, 1)  # under the attempt: it takes the rest
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self.refresh(redraw=False)  # (the window is being built)

    def show_message(self, text: str) -> None:  # where @slot reports an error
        self.practice.show_message(text)

    @slot
    def _on_activated(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if index != self.practice.current or not self.practice.playing():
            self.practice.play(int(index))

    def open_collection(self, folder: str | Path) -> bool:
        if not self.practice.open_collection(folder):
            return False
        window = self.window_
        if not self.isVisible() and window.view_dock.isVisible():
            window.tabifyDockWidget(window.view_dock, self)  # the list needs the height
        present(self)
        return self.practice.next_unsolved()

    def refresh(self, *, redraw: bool = True) -> None:
        practice = self.practice
        collection = practice.collection
        playing = practice.playing()
        if collection is None:
            self.heading.setText(
                "<b>No collection open.</b><br>Puzzles menu: a shipped collection, or "
                "Open collection... for a folder of puzzle files."
            )
            self.list.clear()
        else:
            solved = practice.progress.count(collection)
            total = len(collection.entries)
            name = html.escape(collection.folder.name)
            self.heading.setText(
                f"<b>{name}</b>: {solved} of {total} solved<br>"
                f"<span style='color:{GREY}'>easiest first: [N] is the playouts the engine "
                "needs to find the key move</span>"
            )
            self._fill(collection)
        for button in (self.hint_button, self.retry_button, self.reveal_button):
            button.setEnabled(playing)
        self.next_button.setEnabled(collection is not None)
        self._show_attempt(playing)
        if redraw:
            self.window_.redraw()

    def _fill(self, collection: Any) -> None:
        progress, current = self.practice.progress, self.practice.current
        texts = []
        for i, entry in enumerate(collection.entries):
            mark = TICK if progress.is_solved(entry.key) else OPEN
            hard = f"[{entry.difficulty}] " if entry.difficulty is not None else ""
            texts.append((f"{mark} {i + 1}. {hard}{entry.title}", entry))
        if [self.list.item(i).text() for i in range(self.list.count())] != [t for t, _ in texts]:
            self.list.clear()
            for i, (text, entry) in enumerate(texts):
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, i)
                hard = f"; difficulty {entry.difficulty} playouts" if entry.difficulty else ""
                item.setToolTip(f"{entry.path.name}: {entry.goal}{hard}")
                self.list.addItem(item)
        if current is not None and self.list.currentRow() != current:
            self.list.setCurrentRow(current)

    def _show_attempt(self, playing: bool) -> None:
        practice = self.practice
        if not playing or practice.collection is None or practice.current is None:
            self.brief.setText("")
            self.status.setText("")
            return
        solver = practice.solver
        puzzle = self.window_.session.puzzle
        entry = practice.collection.entries[practice.current]
        kind, text = solver.status
        goal = solver.goal
        goal_text = ""
        if goal is not None:
            moves = (goal.within + 1) // 2
            goal_text = (
                f"Play {goal.side}: win within {moves} move{'s' * (moves != 1)} "
                f"({goal.within} pl{'ies' if goal.within != 1 else 'y'}, the computer defends)"
            )
        brief = (
            f"<b style='font-size:14px'>{practice.current + 1}. {html.escape(entry.title)}</b>"
            f"<br>{html.escape(goal_text)}"
        )
        notes = puzzle.get("notes", "")
        if notes and (kind == "solved" or solver.solution is not None):
            brief += "<br><br>" + html.escape(notes)
        self.brief.setText(brief)
        colour = {"solved": GREEN, "failed": RED, "thinking": GREY}.get(kind, "")
        style = f"color:{colour};" if colour else ""
        if kind in ("solved", "failed"):
            style += "font-weight:bold;"
        shown = f"<span style='{style}'>{html.escape(text)}</span>" if text else ""
        if kind == "failed":
            shown += "<br>Try again (or Undo) goes back, Show solution plays it."
        if kind == "solved" and practice.progress.is_solved(entry.key):
            shown += f"<br>{TICK} ticked: Next unsolved goes on."
        if solver.solution is not None:
            moves = " ".join(str(m) for m in solver.solution) or "(none found)"
            shown += f"<br><b>Solution:</b> {html.escape(moves)}"
        stage = practice.hint_stage
        if stage and practice.hint_move is not None and kind == "info":
            step = "which piece, or where" if stage == 1 else f"play {practice.hint_move[1]}"
            shown += f"<br><span style='color:{GREY}'>Hint {stage} of 2: {step}</span>"
        self.status.setText(shown)

    def shutdown(self) -> None:
        self.practice.shutdown()


def shipped_collections(root: Path) -> list[Path]:
    """The folders of ``root`` (examples/puzzles) that hold puzzle files."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and any(p.glob("*.pyr.json")))


def practice_of(window: Any) -> PracticeDock:
    """The window's Practice dock, made and installed on first use."""
    dock = window.practice_dock
    if dock is None:
        dock = PracticeDock(window)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        dock.hide()
        window.frame_layers.append(dock.practice.layer)
        window.menus.view_menu.insertAction(window.menus.game_separator, dock.toggleViewAction())
        window.practice_dock = dock
    return dock
