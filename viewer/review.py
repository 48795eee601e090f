"""The Review dock's behaviour (Analysis > Review game): the game's line judged move by
move by :func:`model.search.review` on a worker thread of its own (an
:class:`~viewer.engine.EngineRunner`, as the Analysis dock's, with progress and Stop; Stop
keeps the moves judged so far), then the win-rate graph (a click goes to that position),
each move's verdict in the dock's table (a click shows the position before the move) and,
on the board, the better move drawn as the Hint's ghost is while that position shows.

The review belongs to the session (``Session.review``): saved into the file, so opening it
again shows the graph at once; it stands while the current line begins with the moves it
judged. "Make a puzzle of this" makes a puzzle of the position shown where the review found
a missed win, or a mistake that one move refutes: verified as Verify does (unique key move,
no cooks; :func:`model.search.make_puzzle`, on the runner) before it is written into the
folder of made puzzles (:func:`made_puzzles_folder`), which Practice then opens.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from model.files import SUFFIX, write
from model.game import Game, shorten
from model.review import FLAWED, GameReview
from model.search import make_puzzle, review, unreviewable
from model.userfiles import made_puzzles_folder

from .engine import EngineRunner, Job, Progress
from .frame import Frame
from .modes import Mode
from .slots import guarded, slot
from .widgets.review_dock import ReviewDock

if TYPE_CHECKING:
    from .games import GameUI
    from .lab import Lab
    from .qt_port import QtPort
    from .stage import Stage


class ReviewControl:
    """The Review dock of ``window``, its runner and its board layer."""

    def __init__(self, lab: Lab, port: QtPort, stage: Stage) -> None:
        self.lab, self.port, self.stage = lab, port, stage
        self.dock = ReviewDock(port.parent)
        self._line_end: Game | None = None  # the reviewed line's last position, while busy
        self.runner = EngineRunner(self._runner_game, port.parent)
        self.runner.progressed.connect(self._on_progress)
        self.runner.answered.connect(self._on_answer)
        self.runner.failed.connect(self._on_failed)
        self.seed: int | None = None  # tests make the searches repeatable
        self.last_puzzle: Path | None = None  # the last puzzle made (tests, the message)
        self._pending: tuple[Game, int, Path | None] | None = None  # the puzzle verified
        dock = self.dock
        dock.review.clicked.connect(lambda _checked=False: self.review())
        dock.stop.clicked.connect(lambda _checked=False: self.stop())
        dock.graph.picked.connect(self._on_graph_picked)
        dock.table.itemSelectionChanged.connect(self._on_selection_changed)
        dock.make_puzzle.clicked.connect(lambda _checked=False: self.make_puzzle())

    def _runner_game(self) -> Game:
        """The runner's position: the reviewed line's end while a review runs (browsing the
        game meanwhile drops nothing), else the position shown."""
        return self._line_end if self._line_end is not None else self.lab.session.game

    def show_message(self, text: str) -> None:
        self.port.status(text)

    @property
    def thinking(self) -> bool:
        return self.runner.thinking

    def current(self) -> GameReview | None:
        """The session's review while it judges the current line, else None."""
        return self.lab.session.saved_review()

    # ---- actions ---------------------------------------------------------------------------

    def _refusal(self) -> str:
        lab, stage = self.lab, self.stage
        if stage.setup is not None:
            return "no review in set-up mode: Apply or Cancel the set-up first"
        game = lab.game
        why = unreviewable(game)
        if why is not None:
            return f"no review: {why}"
        if not lab.session.history():
            return "no review: the game has no moves yet"
        return ""

    @slot
    def review(self) -> None:
        """Review the current line from its start (a review under way starts again)."""
        dock = self.dock
        dock.show()
        dock.raise_()
        refused = self._refusal()
        if refused:
            self.show_message(refused)
            dock.activity.setText(refused)
            return
        session = self.lab.session
        end = session.game.start_copy()
        for move in session.history():
            end.push(move)
        seconds = dock.seconds.value()
        seed = self.seed
        count = len(end.move_stack) + 1

        def task(_copy: Game, progress: Progress, stop: threading.Event) -> GameReview:
            return review(end.copy(), seconds=seconds, progress=progress, stop=stop, seed=seed)

        self.runner.stop()
        self._line_end = end
        self.runner.run("review", task)
        dock.set_thinking(True)
        dock.set_progress(0.0, f"reviewing {count} positions, about {count * seconds:.0f} s")
        self.show_message(f"reviewing the game: {count} positions, {seconds:g} s each")

    @slot
    def stop(self) -> None:
        """End the review now: the moves judged so far are kept."""
        job = self.runner.job
        if job is None or job.keep:
            return
        self.runner.finish()
        self.dock.stop.setEnabled(False)
        self.dock.activity.setText("stopping: the moves judged so far come next")
        self.show_message("review stopped: the moves judged so far are shown")

    def shown_ply(self) -> int | None:
        """The ply of the position shown, when it lies on the reviewed line."""
        if self.current() is None:
            return None
        return self.lab.session.ply

    def refresh(self) -> None:
        """The dock after a change of position or of review: graph, marker, selection."""
        review_now = self.current()
        lab = self.lab
        first = lab.game.players[0]
        if review_now is None:
            if not self.thinking:
                text = (
                    "The review was of another line: Review the game again."
                    if lab.session.review is not None
                    else "Review the game: each move is judged, the proof search first."
                )
                self.dock.clear(text)
            return
        if self.dock.graph.review is not review_now:
            self.dock.show_review(review_now, first, lab.session.ply)
        ply = lab.session.ply
        self.dock.show_current(ply)
        self.dock.select_ply(ply + 1)
        judged = review_now.at(ply + 1)
        spot = review_now.spot(ply)
        detail = judged.text if judged is not None else ""
        if spot is not None:
            detail += f"\nHere {spot.side} wins within {spot.within} plies with one move only."
        self.dock.detail.setText(detail)
        self.dock.make_puzzle.setEnabled(spot is not None and not self.thinking)

    def position_changed(self, reason: str) -> None:
        if reason in ("load", "new") and self.thinking:  # another game: its work is void
            self.runner.stop()
            self._line_end = self._pending = None
            self.dock.set_thinking(False)
            self.dock.activity.setText("the review was dropped: another game is on the board")
        if reason == "load" and self.current() is not None:
            self.dock.show()  # a file with its review: the graph at once
        self.refresh()

    # ---- answers -----------------------------------------------------------------------

    @slot
    def _on_progress(self, fraction: float, text: str) -> None:
        self.dock.set_progress(fraction, text)

    @slot
    def _on_answer(self, job: Job, result: Any) -> None:
        self._line_end = None
        self.dock.set_thinking(False)
        if job.purpose == "puzzle":
            self._keep_puzzle(result)
            self.refresh()
            return
        session = self.lab.session
        if not result.covers(session.history()):
            self.dock.activity.setText("the line changed during the review: Review it again")
            self.refresh()
            return
        session.set_review(result)
        self.dock.show_review(result, self.lab.game.players[0], session.ply)
        self.dock.activity.setText("")
        self.refresh()
        self.stage.redraw()
        stopped = " (stopped: the moves reached)" if result.stopped else ""
        self.show_message(f"review{stopped}: {result.summary()} (saved with the file)")

    @slot
    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self._line_end = None
        self.dock.set_thinking(False)
        self.dock.activity.setText(f"failed: {shorten(str(exc))}")

        def fail() -> None:
            raise exc

        guarded(fail, self.show_message, job.purpose)

    # ---- browsing ----------------------------------------------------------------------

    @slot
    def _on_graph_picked(self, ply: int) -> None:
        if self.current() is None:
            return
        self.lab.session.goto(ply)

    @slot
    def _on_selection_changed(self) -> None:
        """A row: the position before that move (its better move drawn on the board)."""
        rows = self.dock.table.selectionModel().selectedRows()
        if not rows or self.current() is None:
            return
        ply = rows[0].row()  # the move numbered row + 1 is played after ply moves
        if ply != self.lab.session.ply:
            self.lab.session.goto(ply)

    # ---- puzzles -------------------------------------------------------------------------

    @slot
    def make_puzzle(self) -> None:
        """A puzzle of the position shown (a puzzle spot of the review), verified on the
        runner, then written into the folder of made puzzles."""
        if self.thinking:
            self.show_message("the review is at work: wait for it, or Stop it, first")
            return
        review_now = self.current()
        ply = self.lab.session.ply
        spot = review_now.spot(ply) if review_now is not None else None
        if spot is None:
            self.show_message(
                "no puzzle here: pick a missed win or a mistake one move refutes "
                "(the position before the missed win, after the mistake)"
            )
            return
        position = self.lab.session.game.copy()
        source = self.lab.session.path

        def task(_copy: Game, progress: Progress, stop: threading.Event) -> Any:
            progress(0.1, "verifying the puzzle: unique key move, no cooks")
            return make_puzzle(position, spot.within, spot.key, max_nodes=None, stop=stop)

        self._line_end = position
        self.runner.run("puzzle", task)
        self.dock.set_thinking(True)
        self.dock.make_puzzle.setEnabled(False)
        self.show_message("verifying the puzzle...")
        self._pending = (position, ply, source)

    def _keep_puzzle(self, made: tuple[dict[str, Any] | None, str]) -> None:
        puzzle, why = made
        if self._pending is None:
            return
        position, ply, source = self._pending
        self._pending = None
        if puzzle is None:
            self.show_message(f"not kept: {why}")
            return
        where = source.name.removesuffix(SUFFIX) if source is not None else "a game"
        puzzle["notes"] = f"From {where}, after move {ply}."
        folder = made_puzzles_folder(position.name)
        # named after the game (its file, else the game's name) and the move
        stem = source.name.removesuffix(SUFFIX) if source is not None else position.name
        path = folder / f"{stem}-after-move-{ply}{SUFFIX}"
        number = 1
        while path.exists():
            number += 1
            path = folder / f"{stem}-after-move-{ply}-{number}{SUFFIX}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write(path, position, puzzle)
        except OSError as exc:
            self.show_message(f"puzzle not written: {shorten(str(exc))}")
            return
        self.last_puzzle = path
        self.show_message(
            f"puzzle made and verified: {path.name}, in Puzzles > My puzzles > "
            f"{position.title} (made) to practise"
        )

    def shutdown(self) -> None:
        self.runner.shutdown()

    # ---- the board ---------------------------------------------------------------------

    def better_layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        """The better move of the move played from the position shown, drawn as the
        Hint's ghost (a flawed move of the reviewed line)."""
        review_now = self.current()
        if review_now is None or self.stage.setup is not None:
            return frame
        judged = review_now.at(len(game.move_stack) + 1)
        if judged is None or judged.verdict not in FLAWED or not judged.better:
            return frame
        try:
            move = game.parse_move(judged.better)
        except ValueError:
            return frame
        return ui.hint_frame(game, move, frame)


class ReviewBoard(Mode):
    """The review as a board mode: never has the board, only draws the better move."""

    name = "review"

    def __init__(self, review: ReviewControl) -> None:
        self.review = review

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        return self.review.better_layer(game, ui, frame)
