"""The lab's puzzle jobs, with no Qt in them: Verify (a puzzle's goal proven from its
position: the unique key move, the cooks, the defence; :func:`model.search.verify`) and
Compose (puzzles made on demand for a game by :func:`model.search.compose`, written with
their ``collection.json``), each on a runner of its own. The Puzzle dock and the Compose
dialog show them.

``verifier.changed(what, *args)``: "progress" (fraction, text), "verified" (verdict,
(position key, ply)), "failed" (exception). ``composer.changed(what, *args)``: "progress"
(fraction, text), "stopping", "composed" (folder, files written; none: none was found),
"failed" (exception, or the reason the set could not be written).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Concatenate, Literal

from pyramid_lab.i18n import M_
from pyramid_lab.model import search
from pyramid_lab.model.game import Game, shorten
from pyramid_lab.model.puzzle import Verdict
from pyramid_lab.model.words import reason_of

from .events import Signal
from .jobs import JOIN_SECONDS, Job, JobRunner, Post, Progress

#: What ``Verifier.changed`` and ``Composer.changed`` name first (the docstring above says
#: what follows each).
VerifierChange = Literal["progress", "verified", "failed", "stopping"]
ComposerChange = Literal["progress", "stopping", "composed", "failed"]

if TYPE_CHECKING:
    from .session import Session


def set_stem(game: Game) -> str:
    """The file names' stem of a set composed for ``game``: its options, in order."""
    values = "-".join(str(v) for v in game.options.to_json().values())
    return f"composed-{values}" if values else "composed"


def _announce(
    runner: JobRunner[Verdict] | JobRunner[list[search.puzzles.Composed]],
    emit: Callable[Concatenate[Literal["progress", "failed"], ...], None],
) -> None:
    runner.progressed.connect(lambda f, text: emit("progress", f, text))
    runner.failed.connect(lambda _job, exc: emit("failed", exc))


class Verifier:
    """Verify on ``session``'s position (``post``: the front end's thread)."""

    def __init__(self, session: Session, post: Post) -> None:
        self.session = session
        self.changed: Signal[Concatenate[VerifierChange, ...]] = Signal()
        self.runner: JobRunner[Verdict] = JobRunner(lambda: session.game, post)
        _announce(self.runner, self.changed.emit)
        self.runner.answered.connect(self._answered)

    @property
    def thinking(self) -> bool:
        return self.runner.thinking

    def verify(self, puzzle: Mapping[str, object]) -> Job:
        """Verify ``puzzle`` (its goal, its written solution) from the position shown."""
        puzzle = dict(puzzle)

        def task(game: Game, progress: Progress, stop: threading.Event) -> Verdict:
            return search.verify(
                game,
                puzzle,
                stop=stop.is_set,
                progress=progress,
                knowledge=search.knowledge_for(game),
            )

        return self.runner.run("verify", task)

    def stop(self) -> bool:
        """Stop the verification under way (False: none ran)."""
        return self.runner.stop() is not None

    def _answered(self, job: Job, verdict: Verdict) -> None:
        self.changed.emit("verified", verdict, (job.key, job.ply))

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        self.runner.shutdown(wait)


class Composer:
    """Compose: puzzles made for a game's start position (its rules and options), on a
    runner of its own; Stop keeps the puzzles made so far (files named by
    :func:`set_stem`)."""

    def __init__(self, session: Session, post: Post) -> None:
        self.session = session
        self.changed: Signal[Concatenate[ComposerChange, ...]] = Signal()
        self.start: Game | None = None  # the game composed for, while at work
        self.written: list[Path] = []  # the files of the last set made
        self.runner: JobRunner[list[search.puzzles.Composed]] = JobRunner(self._start_game, post)
        _announce(self.runner, self.changed.emit)
        self.runner.answered.connect(self._answered)
        self._folder = Path()

    def _start_game(self) -> Game:
        return self.start if self.start is not None else self.session.game

    @property
    def thinking(self) -> bool:
        return self.runner.thinking

    def compose(
        self,
        folder: Path,
        *,
        count: int,
        within: int,
        band: str | None,
        exact: bool,
        seed: int,
    ) -> Job:
        """Compose ``count`` puzzles of the game shown, from its start (its options kept),
        into ``folder``."""
        board = self.session.game
        start = type(board).new(board.options)  # the puzzles' games begin at the start

        def task(
            _copy: Game, progress: Progress, stop: threading.Event
        ) -> list[search.puzzles.Composed]:
            return search.puzzles.compose(
                start,
                count=count,
                within=within,
                difficulty_band=band,
                exact=exact,
                seed=seed,
                progress=progress,
                stop=stop,
                knowledge=search.knowledge_for(start),
            )

        self.start, self._folder = start, folder  # (before the job: its answer reads them)
        return self.runner.run("compose", task)

    def stop(self) -> bool:
        """End now: the puzzles made so far are written (False: none runs, or it ends)."""
        if not self.runner.finish_once():
            return False
        self.changed.emit("stopping")
        return True

    def _answered(self, job: Job, made: list[search.puzzles.Composed]) -> None:
        self.start = None
        folder = self._folder
        if not made:
            self.changed.emit("composed", folder, [])
            return
        try:
            self.written = search.puzzles.write_collection(folder, made, set_stem(made[0].game))
        except OSError as exc:
            self.changed.emit("failed", M_("not written: {error}", error=shorten(reason_of(exc))))
            return
        self.changed.emit("composed", folder, self.written)

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        self.start = None
        self.runner.shutdown(wait)
