"""Solve mode and Solve position, with no Qt in them.

:class:`SolveMode`: the user plays a puzzle's side, the computer defends. The attempt is
played on the session like any moves (so the board, the turn builder and the Moves dock
all work as usual), from the puzzle position. After each of the user's moves the defence
is searched on a worker thread with the prover (``model.search.Prover``): if the side still
wins within the plies left, the computer plays the reply that resists longest; if not, the
user's move let the defence escape, and the computer plays the escape (or, when it has
one, the defender's own forced win: the refutation): failed. The side winning within the
bound is solved. Nothing of an attempt stays: the session's tree and unsaved flag are
snapshotted when Solve mode starts and restored when it ends (Try again, Reveal, Stop
solving, Save, or anything that asks about unsaved work), so the document is as it was.

:class:`ValueSolve` is the Game menu's Solve position: the value of the position shown
(``model.search.solve``: the book, then a few seconds of the single search; then, asked
through the port, the single search or the split solve on a local Dask cluster,
``model.search.split_solve``, resumable from its checkpoint under the user's cache), with
its progress (units, positions, rate, memory, time left) on the status line.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyramid_lab.model import search
from pyramid_lab.model.game import Game, IllegalMoveError, InvalidMoveError, Move
from pyramid_lab.model.puzzle import Goal, goal_of, moves_text, plies_text, solution_of
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.model.tree import Node

from .events import Signal
from .frame import Frame, Label
from .jobs import Job, JobRunner, Post, Progress
from .modes import Mode
from .pace import DepthPace
from .session import KEEPS_POSITION, PositionChange

if TYPE_CHECKING:
    from .bulletin import Say
    from .engine import Engine
    from .game_ui import UI
    from .port import Port
    from .session import Session, Snapshot

#: Each search's table (MiB): the single search's, or each worker's.
VALUE_TABLE_MB = 512.0
#: The most worker processes Solve position offers.
MAX_WORKERS = 256


#: The refutation of a wrong move is the defender's own forced win when it has one within
#: this many plies (its moves and the side's replies), else any escape.
REFUTE_PLIES = 5


@dataclass(frozen=True)
class Defence:
    """The computer's answer: ``move`` resists longest and the side still wins in
    ``plies`` (counting from before it), or, with ``plies`` None, ``move`` escapes; with
    ``wins`` set, ``move`` starts the defender's own forced win in that many plies."""

    move: Move | None
    plies: int | None
    wins: int | None = None


def defend(side: str, left: int) -> Callable[[Game, Progress, threading.Event], Defence]:
    """The task that finds the defence to play with ``left`` plies left for ``side``."""

    def task(game: Game, progress: Progress, stop: threading.Event) -> Defence:
        knowledge = search.knowledge_for(game)
        prover = search.Prover(game, side, stop=stop, knowledge=knowledge)
        plies = prover.shortest(left) if left > 0 else None
        if plies is not None:
            line = prover.line(plies)
            return Defence(line[0] if line else None, plies)
        # the side cannot win: the refutation is the defender's own win, when it has one
        defender = search.Prover(game, game.to_move, stop=stop, knowledge=knowledge)
        wins = defender.shortest(REFUTE_PLIES)
        if wins is not None:
            line = defender.line(wins)
            if line:
                return Defence(line[0], None, wins)
        if left <= 0:  # the attempt failed already: only a win of the defender shows
            return Defence(None, None)
        for move in game.legal_moves():  # else show a way out
            prover.game.push(move)
            try:
                holds = prover.wins_within(left - 1)
            finally:
                prover.game.pop()
            if not holds:
                return Defence(move, None)
        return Defence(None, None)

    return task


class SolveMode:
    """Solve mode: the user plays the puzzle's side in ``session``, the defence answers on
    a runner of its own (``post``: the front end's thread). ``changed()`` is announced
    whenever its status (what the Puzzle and Practice docks show) changes."""

    def __init__(self, session: Session, engine: Engine, say: Say, post: Post) -> None:
        self.session, self.engine, self.say = session, engine, say
        self.changed: Signal[[]] = Signal()  # the status, the attempt or Solve mode itself changed
        self.runner = JobRunner(lambda: session.game, post)
        self.runner.answered.connect(self._on_answer)
        self.runner.failed.connect(self._on_failed)
        self.active = False
        self.goal: Goal | None = None
        self.anchor: Node | None = None  # the puzzle position
        self.snapshot: Snapshot | None = None  # the document before Solve mode
        self.final: tuple[Node, str, str] | None = None  # node, "solved"/"failed", text
        self.status = ("", "")  # (kind, text) the dock shows
        self.solution: list[Move] | None = None  # revealed: the moves from the anchor
        self._quiet = False  # the solver is moving the session: no evaluation meanwhile
        self._pending_fail: str | None = None  # the escape being played fails the attempt
        #: (the wrong move, the computer's answer) of the last refuted attempt (the
        #: answer None: the attempt failed with no answer to show), or None
        self.refuted: tuple[Move | None, Move | None] | None = None

    def show_message(self, text: str) -> None:
        self.say(text)

    # ---- starting and ending ------------------------------------------------------------

    def start(self, anchor: Node) -> bool:
        """Solve the puzzle of the session from ``anchor`` (the puzzle position, shown
        first). False, with a message, when the puzzle states no goal."""
        session = self.session
        goal = goal_of(session.puzzle)
        if goal is None:
            self.show_message("this puzzle states no goal to solve (set one in the Puzzle dock)")
            return False
        if self.active:
            self.leave()
        engine = self.engine
        engine.stop()
        computer = list(engine.computer)
        for colour in computer:
            engine.set_player(colour, None)
        self.goal, self.anchor = goal, anchor
        self.snapshot = session.snapshot()
        self.final, self.solution, self._pending_fail = None, None, None
        self.refuted = None
        self.active = True
        if session.node is not anchor:
            self._move(lambda: session.lines.goto_node(anchor))
        note = " (the computer player is off)" if computer else ""
        self.show_message(f"Solve mode: play {goal.side}, the computer defends{note}")
        self._evaluate()
        return True

    def leave(self) -> None:
        """End Solve mode: the attempt goes, the position and the file are as before."""
        if not self.active:
            return
        snapshot = self._drop_attempt()
        if snapshot is not None:
            with contextlib.suppress(ValueError):  # another game came: nothing to restore
                self.session.restore(snapshot)
        self.changed.emit()

    def _drop_attempt(self) -> Snapshot | None:
        """Stop the defence and forget the attempt (Solve mode is off after it)."""
        self.runner.stop()
        self.active = False
        snapshot, self.snapshot = self.snapshot, None
        self.final, self.solution = None, None
        self._set_status("", "")
        return snapshot

    def restart(self) -> None:
        """Try again: back to the puzzle position, the last attempt gone."""
        if not self.active or self.snapshot is None or self.anchor is None:
            return
        self.runner.stop()
        self.final, self._pending_fail, self.refuted = None, None, None
        snapshot, anchor = self.snapshot, self.anchor
        self._move(lambda: self.session.restore(snapshot, anchor))
        self._evaluate()

    def reveal(self) -> None:
        """Back to the puzzle position with the solution listed and its next move shown
        on the board while the attempt follows it."""
        if not self.active or self.goal is None:
            return
        self.restart()
        solution = self._written_solution()
        if solution is not None:
            self._revealed(solution)
            return
        goal = self.goal

        def task(game: Game, progress: Progress, stop: threading.Event) -> Any:
            proof = search.prove(
                game, goal.side, goal.within, stop=stop, knowledge=search.knowledge_for(game)
            )
            return _replay(game, list(proof.line))

        self.runner.run("reveal", task)
        self._set_status("thinking", "looking for the solution...")

    def _written_solution(self) -> list[Move] | None:
        """The puzzle's solution as moves from the puzzle position (None when it has none
        or it does not replay)."""
        texts = solution_of(self.session.puzzle)
        if not texts:
            return None
        try:
            return _replay(self.session.game, texts)
        except (InvalidMoveError, IllegalMoveError):
            return None

    def _revealed(self, solution: list[Move]) -> None:
        self.solution = solution
        if solution:
            moves = " ".join(map(str, solution))
            self.show_message(f"the solution: {moves} (back at the puzzle position)")
        else:
            self.show_message("no solution found: the goal cannot be forced")
        self._evaluate()

    def session_changed(self, reason: PositionChange) -> None:
        """The session changed (after the window followed it)."""
        if not self.active or self._quiet:
            return
        session = self.session
        if reason in ("load", "new"):  # another document: nothing to restore
            self.runner.stop()
            self.active, self.snapshot, self.final, self.solution = False, None, None, None
            self._set_status("", "")
            self.show_message("Solve mode ended: another position came")
            return
        if reason in ("saved", "puzzle", "lines"):
            return
        if not self._inside(session.node):  # the Moves dock went elsewhere
            snapshot = self._drop_attempt()
            if snapshot is not None:
                try:
                    session.restore(snapshot, move=False)
                except ValueError as exc:  # (another game came meanwhile: nothing to restore)
                    self.show_message(f"Solve mode: {exc}")
            self.show_message("Solve mode ended: you left the puzzle position")
            return
        self._evaluate()

    def _move(self, action: Any) -> None:
        self._quiet = True
        try:
            action()
        finally:
            self._quiet = False

    def _inside(self, node: Node) -> bool:
        """``node`` is the puzzle position or after it."""
        walk: Node | None = node
        while walk is not None:
            if walk is self.anchor:
                return True
            walk = walk.parent
        return False

    # ---- the attempt --------------------------------------------------------------------

    def _plies(self) -> int:
        assert self.anchor is not None
        return self.session.ply - len(self.anchor.path())

    def _side_move_count(self) -> int:
        session, goal = self.session, self.goal
        assert goal is not None
        line = session.lines.line()[session.ply - self._plies() : session.ply]
        return sum(1 for mover, _ in line if mover == goal.side)

    def _evaluate(self) -> None:
        """Say where the attempt stands, and let the defence move when it is to move."""
        if not self.active or self.goal is None:
            return
        session, goal = self.session, self.goal
        game, node = session.game, session.node
        if self._pending_fail is not None:
            self.final = (node, "failed", self._pending_fail)
            self._pending_fail = None
        if self.final is not None and self.final[0] is node:
            self._set_status(self.final[1], self.final[2])
            return
        self.final = None
        left = goal.within - self._plies()
        outcome = game.outcome()
        if outcome is not None:
            if outcome.winner == goal.side:
                count = self._side_move_count()
                helped = " (with the solution shown)" if self.solution is not None else ""
                self._finish("solved", f"Solved in {moves_text(count)}{helped}!")
            else:
                self._finish("failed", f"Failed: {describe_result(game)}")
            return
        if left <= 0 and game.to_move != goal.side and self.refuted is None:
            self.runner.run("refute", defend(goal.side, left))  # the defender's winning answer
            self._set_status("thinking", f"{game.to_move} looks for its answer...")
            return
        if left <= 0:
            count = self._side_move_count()
            self._finish("failed", f"Failed: {goal.side} has not won within {moves_text(count)}.")
            return
        if game.to_move == goal.side:
            moves = -(-left // len(game.players))  # the side's turns in the plies left
            self._set_status(
                "info",
                f"Your move: {goal.side} to win within {moves_text(moves)} "
                f"({plies_text(left)} left).",
            )
            return
        self.runner.run("defend", defend(goal.side, left))
        self._set_status("thinking", f"{game.to_move} looks for the best defence...")

    def _finish(self, kind: str, text: str) -> None:
        self.final = (self.session.node, kind, text)
        self._set_status(kind, text)

    def _set_status(self, kind: str, text: str) -> None:
        self.status = (kind, text)
        self.changed.emit()

    def _on_answer(self, job: Job, result: Any) -> None:
        if not self.active or self.goal is None:
            return
        if job.purpose == "reveal":
            self._revealed(result)
            return
        defence: Defence = result
        session, goal = self.session, self.goal
        if defence.move is None and job.purpose == "refute":
            self.refuted = (session.node.move, None)
            count = self._side_move_count()
            self._finish("failed", f"Failed: {goal.side} has not won within {moves_text(count)}.")
            return
        if defence.move is None:
            self._finish("failed", "Failed: the defence has no move")
            return
        mover = session.game.to_move
        if defence.plies is None and defence.wins is not None:
            last = session.node.move
            self.refuted = (last, defence.move)
            self._pending_fail = (
                f"Refuted: after {last}, {mover} answers {defence.move} and wins "
                f"within {moves_text(-(-defence.wins // len(session.game.players)))}."
            )
        elif defence.plies is None:
            last = session.node.move
            left = goal.within - self._plies()
            self.refuted = (last, defence.move)
            self._pending_fail = (
                f"Failed: after {last}, {mover} escapes with {defence.move}: "
                f"{goal.side} can no longer win in time ({plies_text(left - 1)} left)."
            )
        session.play(defence.move)  # the window follows; then _evaluate
        self.show_message(self.engine.table.played(session.game, mover, defence.move))

    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self._set_status("failed", f"The search failed: {exc}")

    # ---- the window's questions ---------------------------------------------------------

    def busy(self) -> str:
        """Why a move on the board waits ('' when it does not)."""
        if not self.active or self.goal is None:
            return ""
        if self.runner.thinking:
            return "the defence is thinking: wait for its move"
        session = self.session
        if self.final is not None and self.final[0] is session.node:
            return f"{self.final[2]} Try again, Reveal the solution, or Stop solving"
        if not session.game.is_over() and session.game.to_move != self.goal.side:
            return "wait for the defence's move"
        return ""

    def undo(self) -> None:
        """Undo in Solve mode: take back your last move and the defence's reply."""
        session = self.session
        if self.anchor is None or session.node is self.anchor:
            self.show_message("at the puzzle position: nothing to undo")
            return
        self.runner.stop()
        self._pending_fail, self.refuted = None, None
        assert self.goal is not None
        side = self.goal.side

        def back() -> None:
            session.undo()
            while session.node is not self.anchor and (
                session.game.to_move != side or session.game.is_over()
            ):
                session.undo()

        self._move(back)
        self._evaluate()

    def shutdown(self) -> None:
        self.runner.shutdown()


def units_text(status: search.cluster.SplitStatus) -> str:
    """A split solve's progress in words (the status bar's line)."""
    left = "" if status.seconds_left is None else f", about {status.seconds_left:,.0f} s left"
    return (
        f"Solving: units {status.settled}/{status.total} settled ({status.proven} proven now, "
        f"{status.from_checkpoint} from the checkpoint) on {status.workers} workers, "
        f"{status.positions:,} positions, {status.rate:,.0f}/s, memory "
        f"{status.memory_mb:,.0f} MB, {status.seconds:.0f} s{left}"
    )


#: Solve position's answer: the value, and the split solve's run where it answered
SolveAnswer = tuple["search.SolveResult", "search.cluster.SplitResult | None"]

#: Seconds of Solve position's first try (the book, then the single search) before it asks
#: for worker processes: what it settles needs no cluster (as the command line's solve).
QUICK_SECONDS = 3.0


def value_task(
    workers: int, table_mb: float = VALUE_TABLE_MB, max_seconds: float | None = None
) -> Callable[[Game, Progress, threading.Event], SolveAnswer]:
    """The task that solves the position: the single search (``workers`` 1, for at most
    ``max_seconds``) or the split solve; its answer is (SolveResult, SplitResult or None).
    The runner's stop ends it (the split solve's settled units stay in its checkpoint)."""

    def task(game: Game, progress: Progress, stop: threading.Event) -> SolveAnswer:
        if workers <= 1:
            pace = DepthPace()

            def tick(depth: int, nodes: int, seconds: float, entries: int) -> None:
                if stop.is_set():
                    raise search.SearchStopped("interrupted")
                pace.update(depth, seconds)
                progress(
                    0.0,
                    f"Solving: within {depth} plies, {nodes:,} positions, {seconds:.0f} s"
                    + pace.words(seconds),
                )

            return search.solve(
                game,
                knowledge=search.knowledge_for(game),
                table_mb=table_mb,
                progress=tick,
                max_seconds=max_seconds,
            ), None

        def report(status: search.cluster.SplitStatus) -> None:
            progress(status.settled / max(1, status.total), units_text(status))

        split = search.cluster.split_solve(
            game,
            knowledge_of=search.knowledge_for,
            workers=workers,
            checkpoint=True,
            table_mb=table_mb,
            progress=report,
            stop=stop,
            warn=lambda line: progress(0.0, line),
        )
        return split.result, split

    return task


def value_text(
    game: Game, result: search.SolveResult, split: search.cluster.SplitResult | None
) -> str:
    """The answer of Solve position in words."""
    side = game.to_move
    if result.value == "unknown":
        text = f"Solve position: not settled ({result.stopped or 'unknown'})"
    else:
        verb = {"win": "wins", "loss": "loses", "draw": "draws"}[result.value]
        within = f" within {result.plies} plies" if result.plies and result.value == "win" else ""
        best = f", best {result.best_move}" if result.best_move else ""
        text = f"Solved: {side} to move {verb}{within}{best}"
    if result.path == "book":
        return f"{text} (from the book)"
    if split is not None:
        units = split.units
        text += (
            f"; {units.total} units: {units.proven} proven now, {units.from_checkpoint} from "
            f"the checkpoint, on {split.workers} workers"
        )
    return f"{text}, {result.nodes:,} positions, {result.seconds:.1f} s"


#: The session's changes that leave the position shown as it was.


class ValueSolve:
    """Solve position (the Game menu): :meth:`toggle` starts the solve, or stops the one
    under way. The book answers at once where it has the position; else the single
    search runs, and where it has not settled the position in :data:`QUICK_SECONDS` the
    user is asked, once, how many cores a long solve may use (:meth:`ask_workers`, in
    words: how long it may take, what more cores give, that it can be stopped and
    resumed) while it goes on. The answer is kept (``workers``; ``chose(workers)`` says
    it, the front end keeps it between runs) until it is changed (:meth:`change_workers`);
    a machine of one core has nothing to choose and is never asked. One core: the single
    search goes on, nothing starts again; more: the split solve takes over (resumable
    from its checkpoint). After an answer nothing starts by itself."""

    def __init__(
        self, session: Session, port: Port, say: Say, post: Post, workers: int | None = None
    ) -> None:
        self.session, self.port, self.say, self.post = session, port, say, post
        #: The cores a long solve uses, as the user answered (None: not asked yet).
        self.workers = workers
        self.cores = os.cpu_count() or 1  # this machine's (one: nothing to ask)
        self.chose: Signal[[int]] = Signal()  # (workers): the user chose a number of workers
        self.runner = JobRunner(lambda: session.game, post)
        self.runner.answered.connect(self._on_answer)
        self.runner.failed.connect(self._on_failed)
        self.runner.progressed.connect(self._on_progress)
        self.last = ""  # the last line shown (progress or answer)
        self._timer: threading.Timer | None = None  # the question's, after QUICK_SECONDS
        self._cores = 1  # the cores of the solve under way (more: the split solve)

    @property
    def running(self) -> bool:
        return self.runner.thinking

    def _workers_now(self) -> int | None:
        """The cores a long solve uses without asking: the answer kept, or 1 on a machine
        of one core; None: the user is asked."""
        if self.cores <= 1:
            return 1
        return self.workers

    def toggle(self) -> None:
        """Game > Solve position: the book, then the single search; the question only
        where the answer matters (:meth:`ask_workers`). Again while it runs: Stop."""
        if self.running:
            self.stop()
            return
        game = self.session.game
        reason = search.unsolvable(game)
        if reason is not None:
            self._say(f"Solve position: {reason}")
            return
        workers = self._workers_now()
        if workers is not None and workers > 1:  # the split solve, once a quick try fails
            self.runner.run("quick", value_task(1, max_seconds=QUICK_SECONDS))
            self._cores = 1
            self._say(
                f"Solving the position: the book, then {QUICK_SECONDS:g} s on one core, "
                f"then on {workers} cores..."
            )
            return
        job = self.runner.run("value", value_task(1))
        self._cores = 1
        self._say("Solving the position: the book, then the search on one core...")
        if workers is None:  # asked once the search has had its few seconds
            self._ask_after(job)

    def _ask_after(self, job: Job) -> None:
        self._cancel_timer()
        timer = threading.Timer(QUICK_SECONDS, lambda: self.post(lambda: self._quick_over(job)))
        timer.daemon = True
        self._timer = timer
        timer.start()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _quick_over(self, job: Job) -> None:
        """The search has had its few seconds and goes on: the question, while it does."""
        if self.runner.job is not job or not self.running:
            return  # answered, stopped or another position meanwhile: nothing to ask
        chosen = self.ask_workers()
        if chosen is None:
            self.runner.stop()
            self._say(
                f"Solve position stopped: not settled in {QUICK_SECONDS:g} s "
                "(Solve position asks again)"
            )
        elif self.runner.job is not job or not self.running:
            return  # answered while the question was open: nothing starts again
        elif chosen > 1:
            self.start(chosen)  # the split solve takes over
        else:
            self._say("Solve position: the search goes on, on one core (Stop thinking ends it)")

    def question(self, *, after_search: bool = True) -> str:
        """What the question says, in the user's words: ``after_search``, asked when a
        solve's few seconds did not settle the position; else asked from the menu, with
        no solve (or one whose cores are chosen already) running."""
        if after_search:
            why = (
                f"This position is not in the book, and {QUICK_SECONDS:g} seconds of search "
                "did not settle it.\nA full solve may take minutes, hours or longer (the "
                "status bar shows how far it got).\n\n"
            )
        else:
            why = (
                "Solve position first looks in the book and searches a few seconds on one "
                "core;\na position that takes longer is solved on the cores chosen here "
                "(minutes, hours or longer).\n\n"
            )
        return why + (
            "On how many cores should it run? On 1 the rest of the machine stays free. More "
            "cores finish\nsooner (up to about that many times as fast) and use more memory; "
            f"this machine has {self.cores}.\n\n"
            "Edit > Stop thinking stops it at any time; on more than one core it resumes where "
            "it stopped\nthe next time you solve this position. Your answer is kept: Game > "
            "Cores for Solve position... changes it."
        )

    def ask_workers(self, *, after_search: bool = True) -> int | None:
        """How many cores a long solve uses (the last answer proposed, else 1): kept and
        said with ``chose``; None when the user cancelled. ``after_search``: asked because
        a solve's few seconds did not settle the position (the question says so)."""
        proposed = self.workers if self.workers is not None else 1
        chosen = self.port.ask_number(
            "Solve position",
            self.question(after_search=after_search),
            max(1, min(proposed, MAX_WORKERS)),
            1,
            MAX_WORKERS,
        )
        if chosen is not None:
            self.workers = chosen
            self.chose.emit(chosen)
        return chosen

    def change_workers(self) -> None:
        """Game > Cores for Solve position...: the question again, for the next solves
        (in words that fit with no solve running: nothing was searched)."""
        chosen = self.ask_workers(after_search=False)
        if chosen is not None:
            cores = "1 core" if chosen == 1 else f"{chosen} cores"
            self._say(f"Solve position will search on {cores}")

    def start(self, workers: int) -> bool:
        """Solve the position shown with ``workers`` processes; False, with a message, for
        a game the solver cannot prove."""
        game = self.session.game
        reason = search.unsolvable(game)
        if reason is not None:
            self._say(f"Solve position: {reason}")
            return False
        self._cancel_timer()
        self.runner.run("value", value_task(workers))
        self._cores = workers
        how = "one core" if workers <= 1 else f"{workers} cores (stopped, it resumes later)"
        self._say(f"Solving the position on {how}...")
        return True

    def stop(self) -> None:
        self._cancel_timer()
        if self.runner.stop() is not None:
            resumes = self._cores > 1  # the split solve: its checkpoint stays
            self._say(
                "Solve position stopped"
                + ("; solved again on more than one core, it resumes here" if resumes else "")
            )

    def position_changed(self, reason: PositionChange) -> None:
        """The solve belongs to the position it started on: another position or game ends
        it (its search stops within a second; nothing of it is said on the new game's
        status line), a move in the same game ends it with a word."""
        if reason in KEEPS_POSITION:
            return
        self._cancel_timer()
        if self.runner.stop() is None:
            return
        if reason not in ("load", "new"):
            self._say("Solve position stopped: the position changed")

    def _say(self, text: str) -> None:
        self.last = text
        self.say(text)

    def show_message(self, text: str) -> None:  # what a guarded slot reports to
        self._say(text)

    def _on_progress(self, fraction: float, text: str) -> None:
        self._say(text)

    def _on_answer(self, job: Job, answer: Any) -> None:
        self._cancel_timer()
        result, split = answer
        if job.purpose == "quick" and result.value == "unknown" and result.stopped == "time limit":
            workers = self._workers_now()  # the answer kept: the split solve, asking nothing
            self.start(workers if workers is not None else 1)
            return
        self._say(value_text(self.session.game, result, split))

    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self._cancel_timer()
        self._say(f"Solve position failed: {exc}")

    def shutdown(self) -> None:
        self._cancel_timer()
        self.runner.shutdown()


def _replay(game: Game, texts: list[str]) -> list[Move]:
    """``texts`` as moves, replayed from ``game`` (left unchanged)."""
    copy = game.copy()
    return [copy.push_text(text) for text in texts]


def solution_layer(solver: SolveMode, game: Game, ui: UI, frame: Frame) -> Frame:
    """Once revealed, the solution's next move as a ghost while the attempt follows
    the solution."""
    if not solver.active or not solver.solution or solver.goal is None or solver.anchor is None:
        return frame
    if game.is_over() or game.to_move != solver.goal.side:
        return frame
    played = [n.move for n in solver.session.node.path()[len(solver.anchor.path()) :]]
    if len(played) >= len(solver.solution) or played != solver.solution[: len(played)]:
        return frame
    move = solver.solution[len(played)]
    sites = ui.move_sites(game, move)
    if not sites:
        return frame
    ghosts = {**frame.ghosts, **{site: solver.goal.side for site in sites}}
    text = "key" if not played else "next"
    labels = (*frame.labels, Label(sites[0], f"{text} {move}"))
    return dataclasses.replace(frame, ghosts=ghosts, labels=labels)


FrameLayer = Callable[[Game, "UI", Frame], Frame]


class SolveBoard(Mode):
    """Solve mode as a board mode: while on, a click waits for the defence (or for Try
    again once the attempt is over), Undo takes back your move and the defence's reply;
    over the board, a puzzle's verdict (``verdict``: the key move and the cooks, while
    Solve mode is off) and the revealed solution's next move."""

    name = "solve"

    def __init__(self, solver: SolveMode, verdict: FrameLayer) -> None:
        self.solver = solver
        self.verdict = verdict

    def active(self) -> bool:
        return self.solver.active

    def busy(self) -> str:
        return self.solver.busy()

    def undo(self) -> bool:
        if not self.solver.active:
            return False
        self.solver.undo()
        return True

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        if not self.solver.active:  # a verdict's marks, while Solve mode is off
            frame = self.verdict(game, ui, frame)
        return solution_layer(self.solver, game, ui, frame)
