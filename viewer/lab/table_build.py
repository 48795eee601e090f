"""Build the whole-game table of the game shown (issue 76): the window's Analysis > Build the
whole-game table and the Analysis dock's Build, as ``pyramid-lab endgame build
--whole`` builds it, into the same folder of the user's cache
(``tables_for(game).whole.whole_folder``), so either resumes the other's. Qt-free.

The build runs as a job on a :class:`~viewer.lab.jobs.JobRunner` of its own (the lab's one way
to run a long job off the front end's thread); its progress (the step, the layer, how far, the
time left by the build's own estimate) is this part's state, announced with ``changed``; Stop
ends it within seconds (between two units of work), keeping what is done, and the next start
says it resumes. :meth:`TableBuild.start` answers at once (:class:`BuildStarted`, or
:class:`BuildRefused` in words: a game without such a table, a build already running or
stopping, too little memory); the end comes as ``ended(outcome)``: :class:`Built`,
:class:`BuildStopped`, :class:`BuildRefused` (the build's own words: another process holds the
table's lock, a folder of other rules) or :class:`BuildFailed`. A finished table is read by the
book from then on (it stamps the table's header), so the position shown answers exact values and
the fastest win at once: the lab analyses it again."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pyramid_lab.i18n import M_, N_, Message, _, format_number, format_percent, ngettext, number
from pyramid_lab.model import search
from pyramid_lab.model.game import Game
from pyramid_lab.model.words import reason_of, system_reason

from .events import Signal
from .jobs import Job, JobRunner, Post, Progress
from .session import Session

#: The window's menu item that builds the table (viewer.desktop.menus: its menu and text,
#: without the shortcut's &), named where the book ends beside the command.
BUILD_TABLE = N_("Analysis > Build the whole-game table")

#: What ``TableBuild.changed`` says: "started", "progress" (``fraction`` and ``text``
#: moved), "stopping" (Stop asked: the unit of work under way ends first, seconds),
#: "ended" (``outcome``).
BuildChange = Literal["started", "progress", "stopping", "ended"]


@dataclass(frozen=True)
class BuildSaid:
    """An answer or an end of the build: its ``words`` (the status line's) and the table's
    ``folder`` (None where it names none: a refusal, a failure); its class says which."""

    words: str
    folder: Path | None = None


@dataclass(frozen=True)
class BuildStarted(BuildSaid):
    """The build runs: ``words`` say what it builds, how big and how long (an estimate)."""


@dataclass(frozen=True)
class BuildRefused(BuildSaid):
    """No build ran, and ``words`` say why."""


@dataclass(frozen=True)
class Built(BuildSaid):
    """The table is finished in ``folder``: every position's exact value, from now on."""


@dataclass(frozen=True)
class BuildStopped(BuildSaid):
    """Stopped between two units of work: ``folder`` keeps what was done; the next build resumes."""


@dataclass(frozen=True)
class BuildFailed(BuildSaid):
    """The build ended on an error (``words``: which)."""


#: What :meth:`TableBuild.start` answers at once.
BuildAnswer = BuildStarted | BuildRefused
#: How a build ended (``TableBuild.ended``).
BuildEnd = Built | BuildStopped | BuildRefused | BuildFailed


def memory_available() -> int | None:
    """The bytes of memory the system can give now (Linux's MemAvailable), None unknown."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def amount(size: float) -> str:
    """Bytes in words: '6.8 GB', '73 MB', '24,635 bytes'."""
    if size >= 1e9:
        return _("{size} GB").format(size=format_number(size / 1e9, digits=1))
    if size >= 10_000_000:
        return _("{size} MB").format(size=format_number(size / 1e6, digits=0))
    count = round(size)
    return ngettext("{count} byte", "{count} bytes", count).format(count=format_number(count))


def duration(seconds: float) -> str:
    """A time left in words: 'about 1.4 hours', 'about 12 minutes', 'under a minute'."""
    if seconds >= 3600:
        return _("about {hours} hours").format(hours=format_number(seconds / 3600, digits=1))
    if seconds >= 60:
        minutes = round(seconds / 60)
        return ngettext("about {count} minute", "about {count} minutes", minutes).format(
            count=minutes
        )
    return _("under a minute")


def with_build_item(words: str, item: str) -> str:
    """The book's words where it ends (ending with the command that builds the table)
    with the front end's way to build it added (``item``: the window's menu item; '' for a
    front end without one: the words as they are)."""
    if not words or not item:
        return words
    return M_("{words}, or {item} here", words=words, item=Message(item))


#: The build's first words, by whether it resumes a build stopped before and whether it
#: runs on one core.
_STARTED = {
    (False, False): N_(
        "building the whole-game table of the {version} in {folder}: {positions} positions, "
        "{disk} on disk ({building} while it is built), {memory} of memory, {time} on {cores} "
        "idle cores (an estimate: longer on a busy machine); Stop keeps what is done, and "
        "building it again resumes"
    ),
    (False, True): N_(
        "building the whole-game table of the {version} in {folder}: {positions} positions, "
        "{disk} on disk ({building} while it is built), {memory} of memory, {time} on {cores} "
        "idle core (an estimate: longer on a busy machine); Stop keeps what is done, and "
        "building it again resumes"
    ),
    (True, False): N_(
        "resuming the whole-game table of the {version} in {folder}: {positions} positions, "
        "{disk} on disk ({building} while it is built), {memory} of memory, {time} on {cores} "
        "idle cores (an estimate: longer on a busy machine); Stop keeps what is done, and "
        "building it again resumes"
    ),
    (True, True): N_(
        "resuming the whole-game table of the {version} in {folder}: {positions} positions, "
        "{disk} on disk ({building} while it is built), {memory} of memory, {time} on {cores} "
        "idle core (an estimate: longer on a busy machine); Stop keeps what is done, and "
        "building it again resumes"
    ),
}

#: How long closing the front end waits for a build to stop and keep its work (a unit of
#: work is a few seconds on a quiet machine; more on a busy one).
STOP_SECONDS = 60.0


class TableBuild:
    """The whole-game table's build for the game shown (see the module), of the pyramid of
    ``base`` (4, the game's; a test builds the base-3 pyramid's small table) on ``cores``
    cores (the machine's, for the estimate)."""

    def __init__(
        self,
        session: Session,
        say: Callable[[str], None],
        post: Post,
        *,
        base: int = 4,
        cores: int | None = None,
    ) -> None:
        self.session, self.say = session, say
        self.base = base
        self.cores = cores or os.cpu_count() or 1
        #: a copy of the game the build is of: the runner's "position shown", which never
        #: moves, so that the build's end is never dropped as an old position's answer
        self._game = session.game.copy()
        self.runner: JobRunner[BuildEnd] = JobRunner(lambda: self._game, post)
        self.runner.progressed.connect(self._on_progress)
        self.runner.answered.connect(self._on_answer)
        self.runner.failed.connect(self._on_failed)
        self.changed: Signal[[BuildChange]] = Signal()
        self.ended: Signal[[BuildEnd]] = Signal()
        self.folder: Path | None = None  # the table being built (or last built)
        self.fraction: float | None = None  # 0..1 while it runs; None: none runs
        self.text = ""  # what the build is at (its step and layer, or what it said)
        self.said: list[str] = []  # every line of the build under way (resuming, layers)
        self.resuming = ""  # what the build under way said it resumes ('' a new one)
        self.stopping = False
        self.outcome: BuildEnd | None = None  # how the last build ended
        #: The build under way asked whether to stop before a unit of work (a part of a
        #: layer's count or a step's push: Stop ends it within seconds); before that it
        #: compiles or loads its kernels (and the search's), which Stop cannot cut short.
        #: Written on the worker.
        self.begun = False
        self._resumed = False  # the build under way went on from a folder's header

    @property
    def running(self) -> bool:
        return self.runner.thinking

    def offered(self, game: Game) -> bool:
        """Whether ``game`` has a whole-game table to build (Pyraos)."""
        return search.tables_for(game).whole is not None

    def refusal(self, game: Game) -> str:
        """Why no build may start now for ``game`` ('' when one may)."""
        if self.stopping:
            return M_(
                "the whole-game table's build is stopping (in a few seconds); build it again "
                "once it has stopped, and it resumes"
            )
        if self.running:
            return M_("the whole-game table is being built already: Stop ends it (kept, resumable)")
        tables = search.tables_for(game).whole
        if tables is None:
            return M_("{game} has no whole-game table to build (Pyraos has)", game=game.title)
        folder = tables.whole_folder(game.options, self.base)
        if folder.exists():
            try:
                built = tables.whole_open(folder, lookups=True).finished
            except tables.EndgameError:
                built = False  # (unfinished, or damaged: the build says which)
            if built:
                return M_(
                    "the table is built already in {folder}: the Analysis, Hint and review "
                    "answer from it",
                    folder=str(folder),
                )
        positions, _, memory = tables.whole_estimate(self.base, self.cores, True)
        free = memory_available()
        if free is not None and memory > free:
            return M_(
                "the whole-game table needs {memory} of memory while it is built (a byte a "
                "position and a layer's copy, {positions} positions) and {free} are free: "
                "close other programs and build it again",
                memory=amount(memory),
                positions=number(positions),
                free=amount(free),
            )
        return ""

    def toggle(self) -> BuildAnswer | None:
        """The menu item: start the build, or Stop the one under way (None then)."""
        if self.running and not self.stopping:
            self.stop()
            return None
        return self.start()

    def start(self) -> BuildAnswer:
        """Build (or resume) the table of the game shown, said on the status line."""
        game = self.session.game
        refused = self.refusal(game)
        if refused:
            self.say(M_("Build the whole-game table: {words}", words=refused))
            return BuildRefused(refused)
        tables = search.tables_for(game).whole
        assert tables is not None  # (refusal says so otherwise)
        options = game.options
        folder = tables.whole_folder(options, self.base)
        positions, seconds, memory = tables.whole_estimate(self.base, self.cores, True)
        version = tables.whole_version(options.variant, options.removal)
        # a build stopped before leaves its header: this one goes on from what it kept
        resuming = (folder / "table.json").is_file()
        words = Message(
            _STARTED[resuming, self.cores == 1],
            values={
                "version": version,
                "folder": str(folder),
                "positions": number(positions),
                "disk": amount(positions),
                "building": amount(2 * positions),
                "memory": amount(memory),
                "time": duration(seconds),
                "cores": self.cores,
            },
        )
        self._game = game.copy()
        self.folder, self.fraction, self.text = folder, 0.0, words
        self.said, self.stopping, self.outcome = [words], False, None
        self.resuming, self.begun, self._resumed = "", False, resuming
        self.runner.run("table", self._task(folder, options, positions, seconds))
        self.say(words)
        self.changed.emit("started")
        return BuildStarted(folder=folder, words=words)

    def stop(self) -> bool:
        """Stop the build under way after the unit of work it is in (a few seconds; what is
        done is kept: the next build resumes); False when none runs or it is stopping
        already."""
        if not self.runner.finish_once():
            return False
        self.stopping = True
        if self.begun:
            self.text = M_(
                "stopping in a few seconds (what is done is kept; building again resumes)"
            )
        elif self._resumed:  # (the wait of the kernels' compile or load: said, not hidden)
            self.text = M_(
                "stopping once the kernels are ready: a first build compiles them, which "
                "cannot be cut short (a minute or so); what the builds before did is kept"
            )
        else:
            self.text = M_(
                "stopping once the kernels are ready: a first build compiles them, which "
                "cannot be cut short (a minute or so); nothing is built yet"
            )
        self.say(M_("Build the whole-game table: {words}", words=self.text))
        self.changed.emit("stopping")
        return True

    def shutdown(self) -> None:
        """The front end closes: the build stops after the unit of work under way and keeps
        what is done, waited for up to :data:`STOP_SECONDS` (killed sooner, its checkpoint
        is resumed; the folder's lock goes with the process)."""
        self.runner.shutdown(wait=STOP_SECONDS)

    def _task(
        self, folder: Path, options: object, positions: int, seconds: float
    ) -> Callable[[Game, Progress, threading.Event], BuildEnd]:
        """The job: the build with its progress in words, on the worker thread."""
        base = self.base

        def task(copy: Game, progress: Progress, stop: threading.Event) -> BuildEnd:
            tables = search.tables_for(copy).whole
            assert tables is not None
            began = time.perf_counter()
            work = _Work(
                positions,
                seconds,
                progress,
                lambda: {n: size for n, _, size in tables.whole_count(base)},
            )

            def stopped() -> bool:  # asked between units only: the kernels are ready
                self.begun = True
                return stop.is_set()

            try:
                table = tables.whole_build(
                    folder, options, base, None, work.entry, stop=stopped, say=work.say
                )
            except tables.EndgameError as exc:  # the lock held elsewhere, other rules
                return BuildRefused(reason_of(exc))  # (its Message: the window says it)
            except OSError as exc:
                reason = system_reason(exc)
                return BuildFailed(M_("{path}: {reason}", path=str(folder), reason=reason))
            if not table.finished:
                return BuildStopped(folder=folder, words=self._stopped_words(work, folder))
            empty = tables.whole_describe(table.probe(0, 0))
            spent = time.perf_counter() - began
            return Built(
                folder=folder,
                words=M_(
                    "the whole-game table is built in {folder} ({seconds} s, {steps} steps): "
                    "every position's exact value and fastest win from now on; the empty "
                    "pyramid: {empty} for the first player",
                    folder=str(folder),
                    seconds=format(spent, ".0f"),
                    steps=table.rounds,
                    empty=empty,
                ),
            )

        return task

    def _stopped_words(self, work: _Work, folder: Path) -> str:
        """What a build stopped keeps, as it is: the layers and steps it did, what the
        builds before it did, or nothing (stopped before its first unit)."""
        if work.entries:  # (a layer stopped in is counted again: only whole ones kept)
            return M_(
                "stopped; {folder} keeps every layer and step done: build it again to resume",
                folder=str(folder),
            )
        if self._resumed:
            return M_(
                "stopped before this build's first step; {folder} keeps what the builds "
                "before it did: building it again resumes it",
                folder=str(folder),
            )
        return M_("stopped before any layer was built")

    def _on_progress(self, fraction: float, text: str) -> None:
        self.fraction = fraction
        if text:
            if not self.stopping:  # (while it stops, its words say the wait until the end)
                self.text = text
            self.said.append(text)
            if text.startswith("resuming"):  # (the build's words: kept while it runs)
                self.resuming = text
        self.changed.emit("progress")

    def _on_answer(self, job: Job, result: BuildEnd) -> None:
        self._end(result)

    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self._end(BuildFailed(M_("the build failed: {error}", error=reason_of(exc))))

    def _end(self, outcome: BuildEnd) -> None:
        self.outcome, self.fraction, self.stopping = outcome, None, False
        self.text = outcome.words
        self.say(M_("Build the whole-game table: {words}", words=outcome.words))
        self.changed.emit("ended")
        self.ended.emit(outcome)


class _Work:
    """How far a build is, from its layers' entries (on the worker thread). The counting
    pass (every position's children counted, a layer at a time from the top: a resumed
    pass starts below the layers it kept) is taken as the first half of the work, by the
    bytes of the layers done (``layers``: spheres -> positions, asked at the first entry:
    the build has made the table's index by then); the steps as the second, by the
    positions pushed (each decided position once at most, a draw never) of those the pass
    counted (the table's positions where this run did no pass: a step resumed). The time
    left is the build's own estimate of the whole times the share left: at most that,
    since a share is never over-counted."""

    def __init__(
        self,
        positions: int,
        seconds: float,
        progress: Progress,
        layers: Callable[[], Mapping[int, int]],
    ) -> None:
        self.positions, self.seconds, self.progress = max(1, positions), seconds, progress
        self.layers = layers
        self.entries = 0  # the layers' entries this build wrote (each a layer kept)
        self.sizes: Mapping[int, int] = {}
        self.counted = self.pushed = 0
        self.pass_done = False
        self.fraction = 0.0

    def entry(self, entry: Mapping[str, object]) -> None:
        step, layer, done = entry.get("step"), entry.get("layer"), entry.get("evaluated")
        count = done if isinstance(done, int) else 0
        n = layer if isinstance(layer, int) else 0
        self.entries += 1
        if not self.sizes:
            self.sizes = self.layers()
        if step == "count":
            self.counted += count
            self.pass_done = n == 0
            done_layers = [size for spheres, size in self.sizes.items() if spheres >= n]
            share = 0.5 * sum(done_layers) / max(1, sum(self.sizes.values()))
            at = M_(
                "counting every position's moves: down to {spheres} spheres ({done} of "
                "{layers} layers)",
                spheres=n,
                done=len(done_layers),
                layers=len(self.sizes),
            )
        else:
            self.pushed += count
            of = self.counted if self.pass_done else self.positions
            share = 0.5 + 0.5 * min(1.0, self.pushed / max(1, of))
            at = M_(
                "step {step}, the positions decided in that many plies pushed back: "
                "{spheres} spheres done, {pushed} pushed",
                step=str(entry.get("round")),
                spheres=n,
                pushed=number(self.pushed),
            )
        self.fraction = min(0.99, max(self.fraction, share))
        left = duration(self.seconds * (1 - self.fraction))
        said = M_(
            "{step}, {percent}; at most {time} left",
            step=at,
            percent=format_percent(self.fraction),
            time=left,
        )
        self.progress(self.fraction, said)

    def say(self, text: str) -> None:
        self.progress(self.fraction, text)
