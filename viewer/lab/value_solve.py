"""Solve position (the Game menu), with no Qt in it: the value of the position shown
(``model.search.solve``: the book, then a few seconds of the single search; then, asked
through the port, the single search or the split solve on a local Dask cluster,
``model.search.split_solve``, resumable from its checkpoint under the user's cache), with
its progress (units, positions, rate, memory, time left) on the status line.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_, N_, Message, Mn_, Value, number
from pyramid_lab.model import search
from pyramid_lab.model.game import Game
from pyramid_lab.model.words import reason_of

from .events import PositionChange, Signal
from .jobs import JOIN_SECONDS, Job, JobRunner, Post, Progress
from .outcome_words import word
from .pace import DepthPace
from .session import KEEPS_POSITION

if TYPE_CHECKING:
    from .bulletin import Say
    from .port import Port
    from .session import Session

#: Each search's table (MiB): the single search's, or each worker's.
VALUE_TABLE_MB = 512.0
#: The most worker processes Solve position offers.
MAX_WORKERS = 256


def units_text(status: search.cluster.SplitStatus) -> str:
    """A split solve's progress in words (the status bar's line)."""
    left = ""
    if status.seconds_left is not None:
        # TRANSLATORS: a clause added at the end of a search's progress line
        left = M_(", about {seconds} s left", seconds=number(status.seconds_left, digits=0))
    return M_(
        "Solving: units {settled}/{total} settled ({proven} proven now, {kept} from the "
        "checkpoint) on {workers} workers, {positions} positions, {rate}/s, memory {memory} "
        "MB, {seconds} s{left}",
        settled=status.settled,
        total=status.total,
        proven=status.proven,
        kept=status.from_checkpoint,
        workers=status.workers,
        positions=number(status.positions),
        rate=number(status.rate, digits=0),
        memory=number(status.memory_mb, digits=0),
        seconds=format(status.seconds, ".0f"),
        left=left,
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
                said = Mn_(
                    "Solving: within {depth} ply, {nodes} positions, {seconds} s{pace}",
                    "Solving: within {depth} plies, {nodes} positions, {seconds} s{pace}",
                    depth,
                    depth=depth,
                    nodes=number(nodes),
                    seconds=format(seconds, ".0f"),
                    pace=pace.words(seconds),
                )
                progress(0.0, said)

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
    if result.value == "unknown":
        text = M_("Solve position: not settled ({reason})", reason=result.stopped or "unknown")
    else:
        within = bool(result.plies) and result.value == "win"
        best = str(result.best_move) if result.best_move else ""
        values: dict[str, Value] = {"side": word(game.to_move), "move": best}
        values["plies"] = result.plies or 0
        text = (
            _solved_within(result.plies or 0, best, values)
            if within
            else Message(_SOLVED[result.value, False, bool(best)], values=values)
        )
    if result.path == "book":
        return M_("{solved} (from the book)", solved=text)
    if split is not None:
        units = split.units
        text = M_(
            "{solved}; {total} units: {proven} proven now, {kept} from the checkpoint, on "
            "{workers} workers",
            solved=text,
            total=units.total,
            proven=units.proven,
            kept=units.from_checkpoint,
            workers=split.workers,
        )
    return M_(
        "{solved}, {positions} positions, {seconds} s",
        solved=text,
        positions=number(result.nodes),
        seconds=number(result.seconds, digits=1),
    )


#: Solve position's value in words, by the value, whether the plies to the win are said
#: (:func:`_solved_within` where they are), and whether the best move is.
_SOLVED = {
    ("win", False, True): N_("Solved: {side} to move wins, best {move}"),
    ("win", False, False): N_("Solved: {side} to move wins"),
    ("loss", False, True): N_("Solved: {side} to move loses, best {move}"),
    ("loss", False, False): N_("Solved: {side} to move loses"),
    ("draw", False, True): N_("Solved: {side} to move draws, best {move}"),
    ("draw", False, False): N_("Solved: {side} to move draws"),
}


def _solved_within(plies: int, best: str, values: dict[str, Value]) -> Message:
    """Solve position's win within ``plies`` in words, with the ``best`` move where known."""
    if best:
        return Mn_(
            "Solved: {side} to move wins within {plies} ply, best {move}",
            "Solved: {side} to move wins within {plies} plies, best {move}",
            plies,
            **values,
        )
    return Mn_(
        "Solved: {side} to move wins within {plies} ply",
        "Solved: {side} to move wins within {plies} plies",
        plies,
        **values,
    )


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
        self.runner: JobRunner[SolveAnswer] = JobRunner(lambda: session.game, post)
        self.runner.answered.connect(self._on_answer)
        self.runner.failed.connect(self._on_failed)
        self.runner.progressed.connect(self._on_progress)
        self.runner.preparing.connect(self._on_preparing)
        self.last = ""  # the last line shown (progress or answer)
        self._timer: threading.Timer | None = None  # the question's, after QUICK_SECONDS
        # the job whose search, once it reports (the book did not know the position; the
        # compiled search's load and a busy machine's slow book are no search), starts the
        # question's timer; and whether the job is preparing (loading its search) now
        self._asking: Job | None = None
        self._preparing = False
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
            self._say(M_("Solve position: {reason}", reason=reason))
            return
        workers = self._workers_now()
        if workers is not None and workers > 1:  # the split solve, once a quick try fails
            self.runner.run("quick", value_task(1, max_seconds=QUICK_SECONDS))
            self._cores = 1
            self._say(
                M_(
                    "Solving the position: the book, then {seconds} s on one core, then on "
                    "{workers} cores...",
                    seconds=format(QUICK_SECONDS, "g"),
                    workers=workers,
                )
            )
            return
        job = self.runner.run("value", value_task(1))
        self._cores = 1
        self._say(M_("Solving the position: the book, then the search on one core..."))
        if workers is None:  # asked once the search has had its few seconds
            self._asking = job  # (its clock starts with the search, after the book)

    def _ask_after(self, job: Job) -> None:
        self._cancel_timer()
        timer = threading.Timer(QUICK_SECONDS, lambda: self.post(lambda: self._quick_over(job)))
        timer.daemon = True
        self._timer = timer
        timer.start()

    def _cancel_timer(self) -> None:
        self._asking = None
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
                M_(
                    "Solve position stopped: not settled in {seconds} s (Solve position asks "
                    "again)",
                    seconds=format(QUICK_SECONDS, "g"),
                )
            )
        elif self.runner.job is not job or not self.running:
            return  # answered while the question was open: nothing starts again
        elif chosen > 1:
            self.start(chosen)  # the split solve takes over
        else:
            self._say(M_("Solve position: the search goes on, on one core (Stop thinking ends it)"))

    def question(self, *, after_search: bool = True) -> str:
        """What the question says, in the user's words: ``after_search``, asked when a
        solve's few seconds did not settle the position; else asked from the menu, with
        no solve (or one whose cores are chosen already) running."""
        if after_search:
            why = M_(
                "This position is not in the book, and {seconds} seconds of search did not "
                "settle it.\nA full solve may take minutes, hours or longer (the status bar "
                "shows how far it got).",
                seconds=format(QUICK_SECONDS, "g"),
            )
        else:
            why = M_(
                "Solve position first looks in the book and searches a few seconds on one "
                "core;\na position that takes longer is solved on the cores chosen here "
                "(minutes, hours or longer)."
            )
        how = M_(
            "On how many cores should it run? On 1 the rest of the machine stays free. More "
            "cores finish\nsooner (up to about that many times as fast) and use more memory; "
            "this machine has {cores}.",
            cores=self.cores,
        )
        stop = M_(
            "Edit > Stop thinking stops it at any time; on more than one core it resumes where "
            "it stopped\nthe next time you solve this position. Your answer is kept: Game > "
            "Cores for Solve position... changes it."
        )
        # TRANSLATORS: the question's three paragraphs: why it is asked, how, how to stop
        return M_("{why}\n\n{how}\n\n{stop}", why=why, how=how, stop=stop)

    def ask_workers(self, *, after_search: bool = True) -> int | None:
        """How many cores a long solve uses (the last answer proposed, else 1): kept and
        said with ``chose``; None when the user cancelled. ``after_search``: asked because
        a solve's few seconds did not settle the position (the question says so)."""
        proposed = self.workers if self.workers is not None else 1
        chosen = self.port.ask_number(
            M_("Solve position"),
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
            if chosen == 1:
                self._say(M_("Solve position will search on 1 core"))
            else:
                self._say(M_("Solve position will search on {count} cores", count=chosen))

    def start(self, workers: int) -> bool:
        """Solve the position shown with ``workers`` processes; False, with a message, for
        a game the solver cannot prove."""
        game = self.session.game
        reason = search.unsolvable(game)
        if reason is not None:
            self._say(M_("Solve position: {reason}", reason=reason))
            return False
        self._cancel_timer()
        self.runner.run("value", value_task(workers))
        self._cores = workers
        if workers <= 1:
            self._say(M_("Solving the position on one core..."))
        else:
            self._say(
                M_(
                    "Solving the position on {count} cores (stopped, it resumes later)...",
                    count=workers,
                )
            )
        return True

    def stop(self) -> None:
        self._cancel_timer()
        if self.runner.stop() is not None:
            resumes = self._cores > 1  # the split solve: its checkpoint stays
            if resumes:
                self._say(
                    M_(
                        "Solve position stopped; solved again on more than one core, it "
                        "resumes here"
                    )
                )
            else:
                self._say(M_("Solve position stopped"))

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
            self._say(M_("Solve position stopped: the position changed"))

    def _say(self, text: str) -> None:
        self.last = text
        self.say(text)

    def _on_preparing(self, text: str) -> None:
        self._preparing = bool(text)  # ("": the compiled search is loaded)

    def _on_progress(self, fraction: float, text: str) -> None:
        if not self._preparing:  # the search's own progress: it has started
            job, self._asking = self._asking, None
            if job is not None and self.runner.job is job:
                self._ask_after(job)
        self._say(text)

    def _on_answer(self, job: Job, solved: SolveAnswer) -> None:
        self._cancel_timer()
        result, split = solved  # value_task's
        if job.purpose == "quick" and result.value == "unknown" and result.stopped == "time limit":
            workers = self._workers_now()  # the answer kept: the split solve, asking nothing
            self.start(workers if workers is not None else 1)
            return
        self._say(value_text(self.session.game, result, split))

    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self._cancel_timer()
        self._say(M_("Solve position failed: {error}", error=reason_of(exc)))

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        self._cancel_timer()
        self.runner.shutdown(wait)
