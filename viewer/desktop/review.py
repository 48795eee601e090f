"""The Review dock (Analysis > Review game) in the window: the lab's review
(:mod:`viewer.lab.review`, the one copy of its logic) shown as the win-rate graph (a click
goes to that position), each move's verdict in the dock's table (a click shows the position
before the move) and, on the board, the better move drawn as the Hint's ghost is while
that position shows; Make a puzzle of this, with its progress and Stop."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import _, ngettext, shown
from pyramid_lab.model.game import shorten
from pyramid_lab.model.review import GameReview

from ..lab.table_build import with_build_item
from ..widgets.engine_row import follow_job
from ..widgets.names import colour_word
from ..widgets.review_dock import ReviewDock
from ..widgets.slots import OnLab, slot

if TYPE_CHECKING:
    from ..lab import Lab
    from ..lab.board import Board
    from ..lab.events import PositionChange
    from ..lab.review import ReviewChange
    from .qt_port import QtPort


class ReviewControl(OnLab):
    """The Review dock of the window, bound to the lab's review, and its board layer."""

    def __init__(self, lab: Lab, port: QtPort, board: Board) -> None:
        self.lab, self.port, self.board = lab, port, board
        self.state = lab.review
        self.dock = ReviewDock(port.parent)  # (its widgets made at its first use: _fill)
        self._cleared: str | None = None  # what the dock said when its review last went
        self.state.changed.connect(self._changed)
        self.dock.made.connect(self._fill)

    def _fill(self) -> None:
        """The dock's widgets, made at its first use: bound, and saying what they would
        had they been made with the window."""
        dock = self.dock
        dock.review.clicked.connect(lambda _checked=False: self.review())
        dock.stop.clicked.connect(lambda _checked=False: self.stop())
        dock.graph.picked.connect(self._on_graph_picked)
        dock.table.itemSelectionChanged.connect(self._on_selection_changed)
        dock.make_puzzle.clicked.connect(lambda _checked=False: self.make_puzzle())
        if self._cleared is not None:
            dock.clear(self._cleared)

    # ---- actions ---------------------------------------------------------------------------

    @slot
    def review(self) -> None:
        """Review the current line from its start (a review under way starts again)."""
        self.dock.show()
        self.dock.raise_()
        refused = self.state.review(self.dock.seconds.value())
        if refused:
            self.dock.activity.setText(shown(refused))  # (in the window's language)

    @slot
    def stop(self) -> None:
        """End the review now: the moves judged so far are kept."""
        self.state.stop()

    @slot
    def make_puzzle(self) -> None:
        self.state.make_puzzle()

    def _summary(self, review: GameReview) -> str:
        """The review's summary, and where the book ends (its words end the summary) the
        window's way to build the whole-game table."""
        summary = review.summary()
        return with_build_item(summary, self.lab.words.build_table) if review.book_end else summary

    def refresh(self) -> None:
        """The dock after a change of position or of review: graph, marker, selection."""
        review_now = self.state.current()
        lab = self.lab
        first = lab.game.players[0]
        if review_now is None:
            if not self.state.thinking:
                text = (
                    _("The review was of another line: Review the game again.")
                    if lab.session.review is not None
                    else _("Review the game: each move is judged, the proof search first.")
                )
                self._cleared = text
                if self.dock.is_made:
                    self.dock.clear(text)
            return
        if self.dock.graph.review is not review_now:
            self.dock.show_review(review_now, first, lab.session.ply, self._summary(review_now))
        ply = lab.session.ply
        self.dock.show_current(ply)
        self.dock.select_ply(ply + 1)
        judged = review_now.at(ply + 1)
        spot = review_now.spot(ply)
        detail = shown(judged.text) if judged is not None else ""  # (in the window's language)
        if spot is not None:
            said = ngettext(
                "Here {side} wins within {count} plies with one move only.",
                "Here {side} wins within {count} plies with one move only.",
                spot.within,
            )
            detail += "\n" + said.format(side=colour_word(spot.side), count=spot.within)
        self.dock.detail.setText(detail)
        self.dock.make_puzzle.setEnabled(spot is not None and not self.state.thinking)

    def position_changed(self, reason: PositionChange) -> None:
        """After the lab followed the change (a review of another game was dropped)."""
        if reason == "load" and self.state.current() is not None:
            self.dock.show()  # a file with its review: the graph at once
        self.refresh()

    # ---- the lab's review ----------------------------------------------------------------

    @slot
    def _changed(self, what: ReviewChange, *args: Any) -> None:
        dock = self.dock
        if what == "started":
            count, seconds = args
            dock.set_thinking(True)
            said = ngettext(
                "reviewing {count} positions, about {seconds} s",
                "reviewing {count} positions, about {seconds} s",
                count,
            )
            dock.set_progress(0.0, said.format(count=count, seconds=f"{count * seconds:.0f}"))
        elif follow_job(dock, what, args, _("stopping: the moves judged so far come next")):
            return
        elif what == "dropped":
            dock.set_thinking(False)
            dock.activity.setText(_("the review was dropped: another game is on the board"))
        elif what == "verifying":
            dock.set_thinking(True)
            dock.make_puzzle.setEnabled(False)
        elif what == "puzzle":  # (the status line says where it went, or why not)
            dock.set_thinking(False)
            made = args[0]
            said = _("puzzle made: {name}").format(name=made.name) if made is not None else ""
            dock.activity.setText(said)
            self.refresh()
        elif what == "stale":
            dock.set_thinking(False)
            dock.activity.setText(_("the line changed during the review: Review it again"))
            self.refresh()
        elif what == "reviewed":
            dock.set_thinking(False)
            review = args[0]
            dock.show_review(
                review, self.lab.game.players[0], self.lab.session.ply, self._summary(review)
            )
            dock.activity.setText("")
            self.refresh()
            self.board.redraw()
        elif what == "failed":
            dock.set_thinking(False)
            dock.activity.setText(_("failed: {error}").format(error=shorten(str(args[0]))))

    # ---- browsing ----------------------------------------------------------------------

    @slot
    def _on_graph_picked(self, ply: int) -> None:
        if self.state.current() is None:
            return
        self.lab.session.goto(ply)

    @slot
    def _on_selection_changed(self) -> None:
        """A row: the position before that move (its better move drawn on the board)."""
        rows = self.dock.table.selectionModel().selectedRows()
        if not rows or self.state.current() is None:
            return
        ply = rows[0].row()  # the move numbered row + 1 is played after ply moves
        if ply != self.lab.session.ply:
            self.lab.session.goto(ply)
