"""The lab's job runner: every long job (a hint, the computer's move, an analysis, a solve,
a review, a lesson's check) thinks on a worker thread here, and the front end only shows
its progress. Qt-free.

A job runs ``task(view, progress, stop)`` on a ``threading.Thread``, ``view`` being what the
player to move may see of the current game (``model.game.decision_view``). Its progress,
answer or error comes back through ``post``, a callable the front end supplies that runs a
function on the front end's thread (the window queues it to the Qt thread; the tests call
it at once or keep it for later), and is announced with :class:`viewer.lab.events.Signal`:
``progressed(fraction, text)``, ``answered(job, result)``, ``failed(job, exception)``, and
``preparing(text)``: what a job waits for before its search starts (the compiled search
compiling or loading, a process's first use: its words and step), '' once it starts.
``stop()`` sets the search's ``threading.Event``; an answer for a position that is no longer
current (position key and ply compared) or for a job stopped or replaced is dropped."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from pyramid_lab.model import search
from pyramid_lab.model.game import Game, decision_view

from .events import Signal

log = logging.getLogger("pyramid_lab.viewer")
R = TypeVar("R")
Progress = Callable[[float, str], None]
#: A job's work, on the worker thread: its result the runner's answer (``R``).
Task = Callable[[Game, Progress, threading.Event], R]
#: How the front end runs a function on its own thread (the window: a queued Qt signal).
Post = Callable[[Callable[[], None]], None]
JOIN_SECONDS = 5.0


def time_left(seconds: float) -> Callable[[], float]:
    """The seconds left of ``seconds`` from now, each time it is asked (0 once they are
    spent): one bound that several runners' :meth:`JobRunner.shutdown` share."""
    end = time.monotonic() + seconds
    return lambda: max(0.0, end - time.monotonic())


@dataclass
class Job:
    """One search: what it is for, and the position it started on."""

    purpose: str  # "hint" or "play", "analysis", "solve", ...
    level: str
    key: Hashable  # the position's (Game.position_key)
    ply: int
    number: int
    sides: tuple[int, ...] = ()  # at a simultaneous node: whose parts are searched
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    keep: bool = False  # stopped early, but its answer so far is wanted (``finish``)


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """A hint's answer (:func:`hint_answer`): the move hinted and what the game's book says
    of the moves, looked up on the hint's job."""

    choice: search.Choice  # the search's, or the book's best by proof where it proves more
    proven: str  # what the book proves of the moves, in words ('' where nothing or all)
    book_ends: bool  # the book ends at the position: the words say how to know every move


def hint_answer(game: Game, choice: search.Choice) -> HintAnswer:
    """The search's ``choice`` for ``game`` (the position as the window has it) checked
    against the game's book (:func:`model.search.books.proven_choice`: never a move the book
    proves lost while one not proven lost is left), and whether the book ends there. On the
    hint's job, never on the front end's thread: the book's key (Pyraos's
    ``kernel.canonical``) and a whole table's probe are compiled, and a first call takes
    numba's compiler lock, which another job's compile holds for a minute or more."""
    hinted, proven = search.books.proven_choice(game, choice, knowledge=search.knowledge_for(game))
    book = search.books.book_for(game)
    return HintAnswer(hinted, proven, book is not None and bool(book.book_end(game)))


def position_of(game: Game) -> tuple[Hashable, int]:
    return game.position_key(), len(game.move_stack)


def at_once(call: Callable[[], None]) -> None:
    """The simplest ``post``: run the delivery on the worker thread itself (a front end
    with no thread of its own, such as a script)."""
    call()


#: What the engine's searches answer (:meth:`JobRunner.start`, :meth:`JobRunner.start_parts`):
#: a move chosen, a hint's, or at a simultaneous node each side's part.
EngineAnswer = search.Choice | HintAnswer | dict[int, search.Choice]


class JobRunner(Generic[R]):
    """Thinks on a worker thread; ``current`` gives the game shown now: an answer for
    another position is dropped. Each user of the engines (the computer player, the
    analysis, the puzzle, ...) has a runner of its own, so none stops another's job, and
    each runner's answers are of its own type (``R``: ``answered`` carries them, typed)."""

    def __init__(self, current: Callable[[], Game], post: Post = at_once) -> None:
        self.current = current
        self.post = post
        self.progressed: Signal[[float, str]] = Signal()  # (fraction, text)
        self.answered: Signal[[Job, R]] = Signal()  # (job, result: the task's own)
        self.failed: Signal[[Job, BaseException]] = Signal()
        #: what the job waits for before its search starts ('' once it started): each
        #: front shows it where it shows the job's words (the compiled search's first use)
        self.preparing: Signal[[str]] = Signal()
        self.job: Job | None = None  # the search whose answer is awaited
        self._threads: list[threading.Thread] = []
        self._count = 0
        self._closed = False  # shut down with its front end: runs nothing, delivers nothing

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def start(
        self: JobRunner[EngineAnswer],
        purpose: str,
        level: str,
        *,
        seed: int | None = None,
        min_seconds: float = 0.0,
        threads: int = 1,
    ) -> Job:
        """Think on the current position with the agent of ``level`` on ``threads`` threads
        (a search under way is stopped first); the answer is a :class:`Choice`, given no
        sooner than ``min_seconds`` after the start (Stop ends the wait at once); a hint's,
        a :class:`HintAnswer` (the book looked up here too)."""
        game = self.current()
        agent, limits = search.agent_for(
            game, level, knowledge=search.knowledge_for(game), seed=seed, threads=threads
        )
        hinted = game.copy() if purpose == "hint" else None  # the position the book judges

        def task(
            copy: Game, progress: Progress, stop: threading.Event
        ) -> search.Choice | HintAnswer:
            start = time.perf_counter()
            # a hint says the game's value where the solver settles it in its second
            # (issue 45); the computer player plays its level, always by its search
            choice = (
                search.exact_choice(copy, knowledge=search.knowledge_for(copy), stop=stop)
                if hinted is not None
                else None
            )
            if choice is None:
                choice = agent.choose(copy, limits, progress=progress, stop=stop)
                stop.wait(max(0.0, min_seconds - (time.perf_counter() - start)))
            return choice if hinted is None else hint_answer(hinted, choice)

        return self.run(purpose, task, level=level)

    def start_parts(
        self: JobRunner[EngineAnswer],
        purpose: str,
        levels: Mapping[int, str],
        *,
        seed: int | None = None,
        min_seconds: float = 0.0,
    ) -> Job:
        """At a simultaneous node: each side's part of the joint move, side -> level, one
        side after the other on one worker thread (progress runs over all of them); the
        answer is a dict side -> :class:`Choice` whose ``move`` is that side's part."""
        game = self.current()
        knowledge = search.knowledge_for(game)
        agents = {
            side: search.agent_for(game, level, knowledge=knowledge, seed=seed, player=side)
            for side, level in levels.items()
        }

        def task(copy: Game, progress: Progress, stop: threading.Event) -> dict[int, search.Choice]:
            start = time.perf_counter()
            out: dict[int, search.Choice] = {}
            for index, (side, (agent, limits)) in enumerate(agents.items()):

                def part(fraction: float, text: str, i: int = index) -> None:
                    progress((i + fraction) / len(agents), text)

                view = copy.information_state(side)  # what this side may see
                out[side] = agent.choose(view, limits, progress=part, stop=stop)
                if stop.is_set():
                    break
            stop.wait(max(0.0, min_seconds - (time.perf_counter() - start)))
            return out

        job = self.run(purpose, task, level=",".join(dict.fromkeys(levels.values())))
        job.sides = tuple(levels)
        return job

    def run(self, purpose: str, task: Task[R], *, level: str = "") -> Job:
        """Run ``task(view, progress, stop)`` on a worker thread (a job under way is
        stopped first); its result comes as ``answered(job, result)``, an exception as
        ``failed(job, exception)``, both through ``post``."""
        self.stop()
        game = self.current()
        self._count += 1
        key, ply = position_of(game)
        job = Job(purpose, level, key, ply, self._count)
        if self._closed:  # asked after its front end closed (a last queued event): no run
            job.stop.set()
            return job
        copy = decision_view(game)
        post = self.post

        def work() -> None:
            def progress(fraction: float, text: str) -> None:
                post(lambda: self._on_progress(job, fraction, text))

            said: list[str] = []

            def preparing(fraction: float, text: str) -> None:
                said.append(text)
                post(lambda: self._on_preparing(job, text))
                progress(fraction, text)

            try:
                # the compiled core, where this process has not loaded it yet: said at
                # once, with its steps (a minute or two of compiling where the set-up or
                # the window's warm-up has not done it yet), and not on the search's clock
                search.warm_up(copy, preparing, knowledge=search.knowledge_for(copy))
                if said:
                    post(lambda: self._on_preparing(job, ""))
                result = task(copy, progress, job.stop)
            except search.SearchStopped as exc:
                if job.stop.is_set() and not job.keep:  # the Stop asked for: no error
                    log.info("engine job %d (%s) stopped", job.number, job.purpose)
                    return
                log.exception("engine error")
                stopped: BaseException = exc  # the name ``exc`` ends with its block
                post(lambda: self._on_error(job, stopped))
            except Exception as exc:  # reported on the front end's thread
                log.exception("engine error")
                error: BaseException = exc
                post(lambda: self._on_error(job, error))
            else:
                post(lambda: self._on_done(job, result))

        job.thread = threading.Thread(target=work, name=f"engine-{job.number}", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [job.thread]
        self.job = job
        job.thread.start()
        return job

    def stop(self) -> Job | None:
        """Stop the search under way (its answer will be dropped); the job stopped."""
        job, self.job = self.job, None
        if job is not None:
            job.stop.set()
        return job

    def finish(self) -> Job | None:
        """Ask the search under way to end now and answer with what it found so far (an
        analysis's moves after Stop); the job asked."""
        job = self.job
        if job is not None:
            job.keep = True
            job.stop.set()
        return job

    def finish_once(self) -> bool:
        """:meth:`finish` the job under way; False when none runs or it is ending already
        (Stop of an analysis, a review or Compose: asked twice, it ends once)."""
        job = self.job
        if job is None or job.keep:
            return False
        self.finish()
        return True

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        """Stop and wait for every worker thread (``wait`` seconds each at most); from now on
        the runner runs nothing and delivers nothing (a thread still finishing, a job asked
        by a late event: their words would reach a front end that is gone)."""
        self._closed = True
        self.stop()
        for thread in self._threads:
            thread.join(wait)
        self._threads = [t for t in self._threads if t.is_alive()]

    def alive(self) -> int:
        return sum(t.is_alive() for t in self._threads)

    def _current_job(self, job: Job) -> bool:
        return not self._closed and job is self.job and (job.keep or not job.stop.is_set())

    def _on_progress(self, job: Job, fraction: float, text: str) -> None:
        if self._current_job(job):
            self.progressed.emit(fraction, text)

    def _on_preparing(self, job: Job, text: str) -> None:
        if self._current_job(job):
            self.preparing.emit(text)

    def _on_done(self, job: Job, result: R) -> None:
        if not self._current_job(job):
            return  # stopped or replaced
        self.job = None
        if position_of(self.current()) != (job.key, job.ply):
            log.info("engine answer for an old position dropped")
            return
        self.answered.emit(job, result)

    def _on_error(self, job: Job, exc: BaseException) -> None:
        if self._current_job(job):
            self.job = None
            self.failed.emit(job, exc)
