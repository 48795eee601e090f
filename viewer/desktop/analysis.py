"""The Analysis dock's behaviour: the lab's analysis of the position shown
(:mod:`viewer.lab.analysis`, on a runner of its own apart from the computer player's, so
neither stops the other), the moves ranked in the dock, and a heat map on the board.

The heat map is a frame layer: while the analysed position is shown, each move's win rate
goes on its site, in a game whose UI says its moves are placements (``GameUI.heat_map``:
each move puts a piece on a site of its own); otherwise the dock's ranked list says it all.
A new position drops the results (they are never shown for another position); set-up mode
refuses an analysis. The analysis searches on the threads the dock's box says (the
machine's cores unless changed; kept between runs, and a Hint searches on as many).
Clicking a move lights its sites up ("clickable"); double-clicking plays it, as a click on
the board would (:class:`RankedMoves`); the whole-game table's build has its box
(:class:`TableBuildBox`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyramid_lab.i18n import _, shown
from pyramid_lab.model import search
from pyramid_lab.model.game import Move

from ..lab.analysis import DROPPED, refusal
from ..lab.table_build import BuildChange
from ..widgets.analysis_dock import AnalysisDock
from ..widgets.dock_fit import present
from ..widgets.names import colour_word
from ..widgets.slots import OnLab, slot
from .engine import engine_threads, set_engine_threads

if TYPE_CHECKING:
    from ..lab import Lab
    from ..lab.analysis import Analyses
    from ..lab.board import Board
    from ..lab.events import LabChange, PositionChange
    from ..lab.jobs import Job
    from .qt_port import QtPort


class AnalysisControl(OnLab):
    """The Analysis dock of ``window``, its runner and its frame layer."""

    def __init__(self, lab: Lab, port: QtPort, board: Board) -> None:
        self.lab, self.port, self.board = lab, port, board
        self.dock = AnalysisDock(port.parent)  # (its widgets made at its first use: _fill)
        # the state and the search: the lab's (viewer.lab.analysis); the dock shows them
        self.state = lab.analysis
        self.runner = runner = self.state.runner
        self._dropped = ""  # what the dock says of an analysis a move dropped
        self._cleared: str | None = None  # what the dock said when its results last went
        self._threads = engine_threads()  # the box's, as the window was built
        runner.progressed.connect(self._on_progress)
        runner.preparing.connect(self._on_preparing)
        self._asked = ""  # what the analysis under way says it does
        runner.answered.connect(self._on_answer)
        runner.failed.connect(self._on_failed)
        lab.changed.connect(self._lab_changed)
        #: The moves ranked: picked, said, played.
        self.moves = RankedMoves(lab, board, self.dock)
        #: The whole-game table's build (Pyraos): the lab's (viewer.lab.table_build).
        self.table_box = TableBuildBox(lab, self.dock)
        self.dock.made.connect(self._fill)

    def _fill(self) -> None:
        """The dock's widgets, made at its first use: bound, and showing what they would
        had they been made with the window."""
        dock = self.dock
        dock.analyse.clicked.connect(lambda _checked=False: self.analyse())
        dock.stop.clicked.connect(lambda _checked=False: self.stop())
        dock.follow.toggled.connect(self._on_follow_changed)
        dock.threads.setValue(self._threads)  # kept between runs; Hint uses it too
        dock.threads.valueChanged.connect(self._on_threads_changed)
        self.moves.bind()
        self.table_box.bind()
        if self._cleared is not None:
            dock.clear(self._cleared)

    # ---- actions ---------------------------------------------------------------------------

    @slot
    def analyse(self) -> None:
        """Analyse the position shown (an analysis under way starts again)."""
        lab = self.lab
        dock = self.dock
        if not dock.isVisible():
            present(dock)  # the room its moves need, the other docks of its side their least
        dock.raise_()
        seconds = dock.seconds.value()
        said = _("analysing {player} to move ({seconds} s)...")
        self._asked = said.format(player=colour_word(lab.game.to_move), seconds=f"{seconds:g}")
        self._forget(self._asked)
        if not lab.analysing.start(seconds, dock.threads.value()):  # the refusal said
            dock.set_thinking(False)
            self._forget(self._refusal())
            return
        dock.set_thinking(True)

    def _refusal(self) -> str:
        """Why the position cannot be analysed now ('' when it can)."""
        return refusal(self.lab.game, in_setup=self.board.setup is not None)

    @slot
    def stop(self) -> None:
        """End the analysis now: the moves it has weighed so far are shown (an analysis
        that is already ending, or none, is left as it is)."""
        if not self.lab.analysing.stop():
            return
        self.dock.stop.setEnabled(False)
        self.dock.activity.setText(_("stopping: the moves weighed so far come next"))

    def _lab_changed(self, what: LabChange) -> None:
        if what == "analysis dropped":  # (the lab followed the position before the dock)
            if self.dock.is_made:
                self.dock.set_thinking(False)
            self._dropped = DROPPED
        elif what == "table built" and self.dock.isVisible() and not self.runner.thinking:
            self.analyse()  # the position answers from the table now: exact, at once

    def position_changed(self, reason: PositionChange) -> None:
        """After every change of position: the results and a search under way are void;
        with "Keep analysing" the new position is analysed."""
        if reason == "saved":
            return
        if reason in ("new", "load"):  # another game, perhaps: the build's box follows
            self.table_box.show()
        said, self._dropped = self._dropped, ""
        if not self.runner.thinking and self.state.shown() is None:
            self._forget(said)  # results or words about another position go
        following = self.dock.is_made and self.dock.follow.isChecked()
        if following and not self.runner.thinking and self.state.shown() is None:
            if not self._refusal():
                self.analyse()
            else:
                self.dock.clear(self._refusal())

    def _forget(self, text: str = "") -> None:
        had = self.state.forget()  # (and its heat map, and the move picked)
        self._cleared = text
        if self.dock.is_made:
            self.dock.clear(text)
        if had:
            self.board.redraw()

    # ---- answers -----------------------------------------------------------------------

    @slot
    def _on_progress(self, fraction: float, text: str) -> None:
        self.dock.set_progress(fraction, text)

    @slot
    def _on_preparing(self, text: str) -> None:
        """The analysis waits for the compiled search first (its first use in this
        process): the headline says so, and that the analysis's seconds start after it."""
        asked = self._asked.removesuffix("...")
        waits = _("waiting for the search (below); then {asked}, its time from then").format(
            asked=asked
        )
        self.dock.evaluation.setText(waits if text else self._asked)

    @slot
    def _on_answer(self, job: Job, analysis: search.Analysis) -> None:
        lab, board = self.lab, self.board
        self.dock.set_thinking(False)  # (the lab took the answer in, and said it)
        self.state.map_heat(lab.game, board.ui, analysis)
        self.dock.show_results(
            analysis.evaluation_text,
            lab.analysing.proven_words(analysis),  # (where the book ends: the menu item too)
            analysis.moves,
            bool(self.state.heat),
        )
        board.redraw()

    @slot
    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self.dock.set_thinking(False)  # (the lab said it on the status line)
        self.dock.clear(_("the analysis failed: {error}").format(error=exc))

    # ---- the boxes ----------------------------------------------------------------------

    @slot
    def _on_threads_changed(self, threads: int) -> None:
        set_engine_threads(threads)  # the next analysis and hint search on that many

    @slot
    def _on_follow_changed(self, on: bool) -> None:
        if on and not self.runner.thinking and self.state.shown() is None and not self._refusal():
            self.analyse()


class RankedMoves(OnLab):
    """The list of ``dock``'s moves, ranked by the lab's analysis, picked and played: a move
    picked in the list lights its sites up and is said with its win rate; a double-click
    plays it, as a click on the board would."""

    def __init__(self, lab: Lab, board: Board, dock: AnalysisDock) -> None:
        self.lab, self.board, self.dock = lab, board, dock
        self.state: Analyses = lab.analysis

    def bind(self) -> None:
        """The dock's list, made at its first use, picked and played from."""
        self.dock.table.itemSelectionChanged.connect(self._on_selection_changed)
        self.dock.table.cellDoubleClicked.connect(self._on_row_double_clicked)

    def _move_at(self, row: int) -> Move | None:
        analysis = self.state.shown()
        if analysis is None or not 0 <= row < len(analysis.moves):
            return None
        return analysis.moves[row].move

    @slot
    def _on_selection_changed(self) -> None:
        rows = self.dock.table.selectionModel().selectedRows()
        move = self._move_at(rows[0].row()) if rows else None
        if move == self.state.selected:
            return
        self.state.selected = move
        self.board.redraw()
        analysis = self.state.analysis
        if move is not None and analysis is not None:
            stat = analysis.stat(move)
            if stat is not None:
                rate = round(stat.win_rate * 100)
                if stat.proven:
                    said = _("{move}: win rate {rate}%, proven {proven}")
                    self.show_message(said.format(move=move, rate=rate, proven=stat.proven))
                else:
                    self.show_message(_("{move}: win rate {rate}%").format(move=move, rate=rate))

    @slot
    def _on_row_double_clicked(self, row: int, _column: int) -> None:
        """Play the move of ``row``, as a click on the board would."""
        board = self.board
        move = self._move_at(row)
        if move is None:
            return
        if board.setup is not None:
            self.show_message(_("set-up mode: Apply or Cancel it before playing a move"))
            return
        busy = board.ui.busy()
        if busy:
            self.show_message(busy)
            return
        board.play(move)  # refused while the computer or Solve mode's defence moves


class TableBuildBox(OnLab):
    """``dock``'s box of the whole-game table's build (Pyraos): the lab's build
    (:mod:`viewer.lab.table_build`) shown with its progress, Build and Stop."""

    def __init__(self, lab: Lab, dock: AnalysisDock) -> None:
        self.lab, self.dock = lab, dock
        lab.table_build.changed.connect(self._on_build_changed)

    def bind(self) -> None:
        """The dock's box, made at its first use: its buttons bound, showing the build."""
        build = self.lab.table_build
        self.dock.build_table.clicked.connect(lambda _checked=False: self.build())
        self.dock.stop_build.clicked.connect(lambda _checked=False: build.stop())
        self.show()

    @slot
    def build(self) -> None:
        """The dock's Build: the whole-game table of the game's version (a refusal is said)."""
        self.lab.table_build.start()

    @slot
    def show(self) -> None:
        """The build's box as the lab's build is (none for a game without a table, unless
        a build runs: its progress and Stop stay); nothing while the dock's widgets are
        not made (they show it when made)."""
        if not self.dock.is_made:
            return
        build = self.lab.table_build
        offered = build.offered(self.lab.game)
        text = shown(build.text)  # (the lab's words, in the window's language)
        if build.running and build.resuming and build.text != build.resuming:
            text = f"{text}\n{shown(build.resuming)}"
        self.dock.show_table_build(
            offered or build.running, offered, build.running, build.stopping, build.fraction, text
        )

    @slot
    def _on_build_changed(self, what: BuildChange) -> None:
        """The build's box follows the lab's build. A build just started (from the menu
        too) shows the dock and the box in it, wherever the user looked (issue 89: with
        the dock closed it ran unseen); once it stops or ends, its Build (to resume) is
        scrolled into view again (its words grow). Its progress scrolls nothing."""
        self.show()
        if what == "started":
            if not self.dock.isVisible():
                present(self.dock)
            self.dock.raise_()
        if what != "progress" and self.dock.isVisible():
            self.dock.show_build_box()
