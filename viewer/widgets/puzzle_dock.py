"""The Puzzle dock: the widgets of the puzzle of the open file, made, verified and solved
in the window: title, goal (a side "wins within N moves", and the plies it makes), notes
and solution; where the board is from the puzzle position; Verify, its progress and the
verdict; Solve, Try again, Reveal solution and Solve mode's status.

A leaf: what it shows and what its buttons do are the puzzle controller's
(:class:`viewer.desktop.puzzle.PuzzleControl`, which owns it and Solve mode).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import _
from pyramid_lab.model.puzzle import MAX_WITHIN

from .dock_fit import ScrolledBody
from .engine_row import ProgressBar, fit_words
from .keys import pass_history_keys
from .later_dock import LaterDock, Part
from .setup_dock import WrappedLabel, button_row, left_row, rich_label, tipped_button

GREEN, RED, ORANGE, GREY = "#1b7a2e", "#b00020", "#b35c00", "#666666"


class TitleEdit(QLineEdit):
    """The title's field: a title longer than the dock is wide shows its start (QLineEdit
    showed its end: the dock cut the first words off), and whole in its tooltip."""

    def __init__(self) -> None:
        super().__init__()
        self.textChanged.connect(self.setToolTip)
        self.editingFinished.connect(lambda: self.setCursorPosition(0))

    def setText(self, text: str | None) -> None:
        super().setText(text)
        self.setCursorPosition(0)


class PuzzleDock(LaterDock):
    """The puzzle's dock (its widgets made at its first use: a puzzle file opened, set-up
    mode, the View menu)."""

    #: Solve mode began (True) or ended (False): the Game menu's Solve item follows.
    solving = Signal(bool)

    setter = Part[QWidget]()
    title = Part[TitleEdit]()
    side = Part[QComboBox]()
    within = Part[QSpinBox]()
    within_word = Part[QLabel]()
    plies = Part[WrappedLabel]()
    notes = Part[QPlainTextEdit]()
    solution = Part[QLineEdit]()
    from_played = Part[QPushButton]()
    use_line = Part[QPushButton]()
    solution_error = Part[WrappedLabel]()
    where_box = Part[QWidget]()
    where = Part[WrappedLabel]()
    back = Part[QPushButton]()
    here = Part[QPushButton]()
    verify_button = Part[QPushButton]()
    stop_button = Part[QPushButton]()
    bar = Part[ProgressBar]()
    verdict_label = Part[WrappedLabel]()
    brief = Part[WrappedLabel]()
    solve_button = Part[QPushButton]()
    again_button = Part[QPushButton]()
    reveal_button = Part[QPushButton]()
    solve_status = Part[WrappedLabel]()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(_("Puzzle"), "puzzle-dock", parent)

    def make_body(self) -> QWidget:
        body = QWidget(self)
        outer = QVBoxLayout(body)
        self.setter = QWidget()
        form = QFormLayout(self.setter)
        form.setContentsMargins(0, 0, 0, 0)
        self._add_puzzle_rows(form)
        self._add_checks(form)
        outer.addWidget(self.setter)
        self._add_solver(form, outer)
        top = Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft
        for label in (self.verdict_label, self.brief, self.solve_status):
            label.setAlignment(top)  # a label taller than its text keeps it at the top
        # scrolled where the dock is short, never narrower than its rows (a plain scroll
        # area let the dock shrink and cut the goal's words and the fields at the right)
        return ScrolledBody(body)

    def _add_puzzle_rows(self, form: QFormLayout) -> None:
        """The set-up's rows: the title, the goal, the notes and the solution."""
        self.title = TitleEdit()
        self.title.setPlaceholderText(_("e.g. Red to move wins in 2 moves"))
        form.addRow(_("Title"), self.title)
        self.side = QComboBox()
        self.within = QSpinBox()
        self.within.setAccessibleName(_("Goal: wins within this many moves"))
        self.within.setRange(1, (MAX_WITHIN + 1) // 2)
        pass_history_keys(self.within)  # Ctrl+Z there is the window's Undo
        self.within_word = QLabel(_("moves"))
        goal = left_row(self.side, QLabel(_("wins within")), self.within, self.within_word)
        form.addRow(_("Goal"), goal)
        self.plies = WrappedLabel()
        self.plies.setStyleSheet(f"color: {GREY}")
        form.addRow("", self.plies)
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText(_("what the solver should see (shown after solving)"))
        self.notes.setMaximumHeight(72)
        form.addRow(_("Notes"), self.notes)
        self.solution = QLineEdit()
        self.solution.setPlaceholderText(_("moves separated by spaces, the key move first"))
        form.addRow(_("Solution"), self.solution)
        self.from_played = tipped_button(
            _("From the moves played"),
            _(
                "Play the solution on the board from the puzzle position, then press this: "
                "the moves become the solution and the board goes back to the puzzle position"
            ),
        )
        self.use_line = tipped_button(
            _("Use the main line"), _("The verified main line becomes the solution")
        )
        form.addRow("", left_row(self.from_played, self.use_line))
        self.solution_error = WrappedLabel()
        self.solution_error.setStyleSheet(f"color: {RED}")
        form.addRow(self.solution_error)

    def _add_checks(self, form: QFormLayout) -> None:
        """Where the board stands against the puzzle position, and Verify with its verdict."""
        self.where_box = QWidget()
        where = QVBoxLayout(self.where_box)
        where.setContentsMargins(0, 0, 0, 0)
        self.where = WrappedLabel()
        self.where.setStyleSheet(f"color: {ORANGE}")
        where.addWidget(self.where)
        self.back = QPushButton(_("Back to the puzzle position"))
        self.here = QPushButton(_("Make this the puzzle position"))
        where.addLayout(left_row(self.back, self.here))
        form.addRow(self.where_box)
        checks = QHBoxLayout()
        self.verify_button = tipped_button(
            _("Verify"),
            _(
                "Prove the goal against every defence from the puzzle position, check the "
                "solution's key move and list the cooks (in set-up mode the set-up is applied "
                "first)"
            ),
        )
        self.stop_button = QPushButton(_("Stop"))
        fit_words(self.stop_button)
        self.bar = ProgressBar()
        self.bar.setRange(0, 100)
        self.bar.setTextVisible(False)
        checks.addWidget(self.verify_button)
        checks.addWidget(self.stop_button)
        checks.addWidget(self.bar, 1)
        form.addRow(checks)
        self.verdict_label = WrappedLabel()
        self.verdict_label.setTextFormat(Qt.TextFormat.RichText)
        form.addRow(self.verdict_label)

    def _add_solver(self, form: QFormLayout, outer: QVBoxLayout) -> None:
        """Below the set-up: the brief, Solve, Try again, Reveal, and the solver's status."""
        line = QFrame(self.setter)
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        form.addRow(line)  # hidden with the set-up part in Solve mode
        self.brief = rich_label(outer)
        self.solve_button = QPushButton(_("Solve"))
        self.solve_button.setCheckable(True)
        self.solve_button.setToolTip(
            _(
                "Play the puzzle's side from the puzzle position; the computer defends. "
                "Your attempts are not kept: the file stays as it is"
            )
        )
        self.again_button = QPushButton(_("Try again"))
        self.reveal_button = QPushButton(_("Reveal solution"))
        button_row(outer, self.solve_button, self.again_button, self.reveal_button)
        self.solve_status = rich_label(outer)
        outer.addStretch(1)
