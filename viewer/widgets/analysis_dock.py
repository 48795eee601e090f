"""The Analysis dock's widgets: Analyse and Stop, the thinking time and the threads the
engine searches on (the Analysis and Hint), a progress bar, the position's evaluation, the
moves ranked best first, and the forced win the prover found.
:mod:`viewer.desktop.analysis` drives it; the dock only shows what it is handed."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import N_, _, format_number, format_percent, pgettext, shown
from pyramid_lab.model import search

from ..lab.analysis_words import row_words
from ..lab.palette import HEAT_STOPS, heat_rgb, scale_moves
from .dock_fit import ScrolledBody
from .engine_row import progress, seconds_box, start_stop
from .keys import pass_history_keys
from .later_dock import LaterDock, Part
from .tables import row_table

COLUMNS = (
    N_("move"),
    N_("win %"),
    N_("visits"),
    N_("proven"),
)  # "visits" is "score" for alpha-beta
DEFAULT_SECONDS = 3.0
ROWS = 8  # the moves the table asks room for (its size hint, some 190 pixels)
MIN_ROWS = 4  # the moves it shows at least (the dock scrolls below that)


def _heat_gradient() -> str:
    """The heat scale as a Qt style sheet gradient, lost (left) to won (right)."""
    stops = ", ".join(f"stop:{s:g} rgb{tuple(rgb)}" for s, rgb in HEAT_STOPS)
    return f"qlineargradient(x1:0, y1:0, x2:1, y2:0, {stops})"


class AnalysisDock(LaterDock):
    """The engine's view of the position (starts hidden; View menu, or Edit > Analyse;
    its widgets made at its first use)."""

    analyse = Part[QPushButton]()
    stop = Part[QPushButton]()
    seconds = Part[QDoubleSpinBox]()
    threads = Part[QSpinBox]()
    follow = Part[QCheckBox]()
    table_box = Part[QWidget]()
    build_table = Part[QPushButton]()
    stop_build = Part[QPushButton]()
    build_bar = Part[QProgressBar]()
    build_activity = Part[QLabel]()
    bar = Part[QProgressBar]()
    activity = Part[QLabel]()
    evaluation = Part[QLabel]()
    proven = Part[QLabel]()
    table = Part[QTableWidget]()
    legend = Part[QWidget]()
    scale = Part[QLabel]()
    worst = Part[QLabel]()
    best = Part[QLabel]()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Analysis"), "analysis-dock", parent)

    def make_body(self) -> QWidget:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.addLayout(self._controls())
        self.follow = QCheckBox(_("Keep analysing"))
        self.follow.setToolTip(_("Analyse every new position as it is shown"))
        layout.addWidget(self.follow)
        # (near the top: a build of an hour shows its progress and Stop however small the
        # dock, the moves' table scrolled below it)
        self.table_box = self._table_box()
        layout.addWidget(self.table_box)
        self.bar, self.activity = progress()  # the activity: what the engine is doing
        layout.addWidget(self.bar)
        layout.addWidget(self.activity)
        self.evaluation = QLabel(_("Analyse the position to see the engine's view of it."))
        self.evaluation.setWordWrap(True)
        layout.addWidget(self.evaluation)
        self.proven = QLabel()
        self.proven.setWordWrap(True)
        self.proven.setStyleSheet("font-weight: bold")
        layout.addWidget(self.proven)
        self.proven.setVisible(False)  # (shown with its words)
        self._add_table()
        layout.addWidget(self.table, 1)
        self._add_legend()
        layout.addWidget(self.legend)
        # all of it where there is room, else scrolled: its least height (the table's and
        # the controls') beside a game's docks grew the window past the screen's edge
        scrolled = ScrolledBody(body)
        self.set_thinking(False)
        self.legend.setVisible(False)
        return scrolled

    def _controls(self) -> QHBoxLayout:
        """Analyse and its Stop, the seconds and the threads the engine searches on."""
        row = QHBoxLayout()
        self.analyse, self.stop = start_stop(
            _("Analyse"),
            _("The engine judges the position and every legal move (A)"),
            _("Stop the analysis (its results are dropped)"),
        )
        self.seconds = seconds_box(
            0.5,
            600.0,
            DEFAULT_SECONDS,
            _("How long the engine thinks (the prover takes a quarter)"),
        )
        self.seconds.setSingleStep(1.0)
        self.seconds.setAccessibleName(_("Seconds to think"))
        self.threads = QSpinBox()
        self.threads.setRange(1, search.computer.MAX_THREADS)
        self.threads.setValue(search.computer.default_threads())
        self.threads.setSuffix(_(" threads"))
        self.threads.setAccessibleName(_("Threads"))
        said = _(
            "How many cores the engine searches on at once, in the Analysis and for a Hint "
            "(this machine has {count}; 1: one search, repeatable)"
        )
        self.threads.setToolTip(said.format(count=search.computer.default_threads()))
        pass_history_keys(self.threads)
        for widget in (self.analyse, self.stop, self.seconds, self.threads):
            row.addWidget(widget)
        row.addStretch(1)  # the boxes keep their size in a wide dock
        return row

    def _add_table(self) -> None:
        """The moves ranked, a line of text each, room for :data:`ROWS` of them."""
        self.table = row_table(0, tuple(_(column) for column in COLUMNS))
        self.table.setAccessibleName(_("The moves analysed"))
        header = self.table.horizontalHeader()
        # the moves always show whole; a long proven value ("win within 41 plies") takes
        # what is left, on two lines where one is too short (it was elided: "Gewinn
        # innerhalb von 29...", issue 109 item 2), its whole text in its tooltip too
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        # rows as high as their words, room for ROWS of a line each where the dock has it,
        # and at least MIN_ROWS: the table scrolls its own rows, not the dock it out of view
        # beside the Moves and a game's docks at 1200x800 (issue 109 item 2)
        rows = self.table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        line = self.table.fontMetrics().height() + 6
        rows.setMinimumSectionSize(line)
        self.table.setMinimumHeight(MIN_ROWS * line + header.sizeHint().height() + 4)
        self.table.setToolTip(_("Click a move to see it on the board; double-click plays it"))

    def _add_legend(self) -> None:
        """The heat map's scale, worst to best (shown while the board shows a heat map)."""
        self.legend = QWidget()
        legend = QHBoxLayout(self.legend)
        legend.setContentsMargins(0, 0, 0, 0)
        self.scale = scale = QLabel()  # the estimates' colours, worst to best
        scale.setFixedHeight(12)
        scale.setStyleSheet(f"background: {_heat_gradient()}; border: 1px solid #999")
        self.worst, self.best = QLabel(_("worst")), QLabel(_("best"))
        legend.addWidget(self.worst)
        legend.addWidget(scale, 1)
        legend.addWidget(self.best)
        self.legend.setToolTip(
            _(
                "The heat map on the board: each estimated move between the worst and the "
                "best estimate shown; grey: within the estimates' noise (from the playouts "
                "behind them); cyan: a proven win; near black: a proven loss"
            )
        )

    def _table_box(self) -> QWidget:
        """The whole-game table's build (a game that has one: Pyraos): Build and its
        Stop, its progress and what it is at (shown by :meth:`show_table_build`)."""
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 4, 0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel(_("Whole-game table:")))
        self.build_table, self.stop_build = start_stop(
            _("Build"),
            _(
                "Build the whole-game table of this version (Analysis > Build the whole-game "
                "table): every position's exact value and fastest win; hours, resumable"
            ),
            _("Stop the build in a few seconds (what is done is kept: Build resumes it)"),
        )
        self.stop_build.setText(_("Stop build"))
        self._build_tip = self.build_table.toolTip()  # (while none runs)
        self.build_table.setObjectName("build-table")
        row.addWidget(self.build_table)
        row.addWidget(self.stop_build)
        row.addStretch(1)
        column.addLayout(row)
        self.build_bar, self.build_activity = progress()
        column.addWidget(self.build_bar)
        column.addWidget(self.build_activity)
        box.setVisible(False)
        return box

    # ---- shown state --------------------------------------------------------------------

    def show_table_build(
        self,
        shown: bool,
        offered: bool,
        running: bool,
        stopping: bool,
        fraction: float | None,
        text: str,
    ) -> None:
        """The table's build: the box where ``shown`` (the game has a table, or one is
        being built), Build where the game has one (``offered``) and none runs, Stop while
        one runs and is not stopping, the bar while it runs, and what it is at (or how it
        ended)."""
        self.table_box.setVisible(shown)
        self.build_table.setEnabled(offered and not running)
        # (a Build that stays dead while a build stops says why, and for how long)
        tip = self._build_tip
        if stopping:
            tip = _(
                "The build is stopping: Build comes back once it has stopped (in a few "
                "seconds, or once its kernels are ready on a first build: a minute or so)"
            )
        elif running:
            tip = _("The build runs: Stop ends it, keeping what is done; Build then resumes it")
        self.build_table.setToolTip(tip)
        self.stop_build.setEnabled(running and not stopping)
        self.build_bar.setVisible(running)
        if fraction is not None:
            self.build_bar.setValue(round(max(0.0, min(1.0, fraction)) * 100))
        self.build_activity.setVisible(bool(text))
        self.build_activity.setText(text)

    def show_build_box(self) -> None:
        """The table's box, its Build and Stop, scrolled into view (the dock may be short
        beside others, and the build's words grow)."""
        body = self.widget()
        if isinstance(body, ScrolledBody) and self.table_box.isVisible():
            body.ensureWidgetVisible(self.build_table, 0, 8)

    def set_thinking(self, on: bool) -> None:
        self.stop.setEnabled(on)
        self.bar.setVisible(on)
        self.activity.setVisible(False)  # (shown with its first words: an empty line is room
        if on:  # the moves' rows lack beside the Moves and a game's docks)
            self.bar.setValue(0)
            self.activity.setText("")

    def set_progress(self, fraction: float, text: str) -> None:
        self.bar.setValue(round(max(0.0, min(1.0, fraction)) * 100))
        if text:
            self.activity.setText(shown(text))  # (a search's words, in the window's language)
            self.activity.setVisible(self.bar.isVisible())

    def clear(self, evaluation: str = "", proven: str = "") -> None:
        """No results (a new position, or a refusal said in ``evaluation``)."""
        with QSignalBlocker(self.table):
            self.table.setRowCount(0)
        self.table.setColumnHidden(1, False)  # a perfect-play table hid them
        self.table.setColumnHidden(2, False)
        self.evaluation.setText(shown(evaluation))  # (the lab's words, in the window's language)
        self.proven.setText(shown(proven))
        self.proven.setVisible(bool(proven))  # (no empty line over the moves)
        self.legend.setVisible(False)

    def show_results(
        self, evaluation: str, proven: str, moves: Sequence[search.MoveStat], heat_map: bool
    ) -> None:
        """An analysis: its lines, and its moves best first (``heat_map``: the board shows
        them as a heat map, so the legend is shown)."""
        self.evaluation.setText(shown(evaluation))  # (the lab's words, in the window's language)
        self.proven.setText(shown(proven))
        self.proven.setVisible(bool(proven))  # (no empty line over the moves)
        self.legend.setVisible(heat_map)
        values, ends = scale_moves(  # as the board shows them
            [s.win_rate for s in moves],
            [s.visits for s in moves],
            [s.proven if s.proven in ("win", "loss") else None for s in moves],
        )
        colours = heat_rgb(values)  # (0, 3) for no moves
        self.scale.setVisible(ends is not None)  # every move proven: no estimate to scale
        if ends is not None:
            self.worst.setText(_("worst {rate}%").format(rate=round(100 * ends[0])))
            self.best.setText(_("best {rate}%").format(rate=round(100 * ends[1])))
        else:
            self.worst.setText(_("proven loss: black"))
            self.best.setText(_("proven win: cyan"))
        scored = any(s.score is not None for s in moves)
        # perfect-play values (a book, a solved endgame): nothing was sampled, so the win
        # rate and visits columns say nothing the proven column does not
        perfect = bool(moves) and all(s.visits == 0 and s.proven for s in moves)
        self.table.setColumnHidden(1, perfect)
        self.table.setColumnHidden(2, perfect)
        header = self.table.horizontalHeaderItem(2)
        if header is not None:
            # TRANSLATORS: the Analysis dock's column head: a move's value as the alpha-beta
            # search scores it (an evaluation, not a player's points)
            header.setText(pgettext("a move's value", "score") if scored else _("visits"))
        with QSignalBlocker(self.table):
            self.table.setRowCount(len(moves))
            for row, stat in enumerate(moves):
                # the window's language's numbers (issue 108: "1,234" beside German "1.234")
                rate = QTableWidgetItem(format_percent(round(stat.win_rate * 100) / 100))
                rate.setData(Qt.ItemDataRole.DecorationRole, QColor(*map(int, colours[row])))
                _kind, words = row_words(stat)  # the lab's words, as the command line marks them
                said = shown(words)  # (a Message: in the window's language)
                proof = QTableWidgetItem(said)
                proof.setToolTip(
                    said
                    if stat.proven
                    else _("{value}: the engine's win rate, not a proven value").format(value=said)
                )
                cells = (
                    QTableWidgetItem(str(stat.move)),
                    rate,
                    QTableWidgetItem(_work(stat)),
                    proof,
                )
                for column, item in enumerate(cells):
                    if column:
                        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    self.table.setItem(row, column, item)
            self.table.clearSelection()
        self.table.scrollToTop()

    def move_text(self, row: int) -> str:
        item = self.table.item(row, 0)
        return item.text() if item is not None else ""


def _work(stat: search.MoveStat) -> str:
    """Visits (MCTS) or the score (alpha-beta; none shown for a proven result)."""
    if stat.score is None:
        if stat.visits == 0 and stat.proven is not None:
            return ""  # a perfect-play value: no search behind it
        return format_number(stat.visits)
    if abs(stat.score) >= 1000:  # a mate score: the proven column says it
        return ""
    sign = "+" if math.copysign(1.0, stat.score) > 0 else ""  # (-0.0 as "-0.00", as before)
    return sign + format_number(stat.score, digits=2)
