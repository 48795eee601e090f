"""The lab's analysis of the position shown: when it may run, its search on the lab's job
runner, Stop (the moves weighed so far are kept), and which position a result is of.
Qt-free: the Analysis dock (viewer.desktop.analysis) shows it."""

from __future__ import annotations

import threading
from typing import Any

from model import search
from model.game import Game
from model.teaching import describe_result

from .jobs import Job, JobRunner, Progress, position_of


def refusal(game: Game, *, in_setup: bool = False) -> str:
    """Why ``game`` cannot be analysed now ('' when it can)."""
    if in_setup:
        return "no analysis in set-up mode: Apply or Cancel the set-up first"
    if game.is_over():
        return f"the game is over ({describe_result(game)}): nothing to analyse"
    return search.unanalysable(game) or ""


class Analyses:
    """An analysis of the position shown, on ``runner`` (a runner of its own, so neither
    the computer player nor the analysis stops the other)."""

    def __init__(self, runner: JobRunner) -> None:
        self.runner = runner
        self.analysis: search.Analysis | None = None
        self.position: tuple[Any, int] | None = None  # (position key, ply) analysed
        self.seed: int | None = None  # tests make the searches repeatable

    @property
    def thinking(self) -> bool:
        return self.runner.thinking

    def start(self, seconds: float, threads: int, *, in_setup: bool = False) -> str:
        """Analyse the position shown for ``seconds`` on ``threads`` threads (one under
        way starts again); the refusal when it may not run ('' when it started), and then
        a search under way is stopped."""
        refused = refusal(self.runner.current(), in_setup=in_setup)
        if refused:
            self.runner.stop()
            return refused
        seed = self.seed

        def task(copy: Game, progress: Progress, stop: threading.Event) -> search.Analysis:
            return search.analyse(
                copy, seconds=seconds, progress=progress, stop=stop, seed=seed, threads=threads
            )

        self.forget()
        self.runner.run("analysis", task)
        return ""

    def stop(self) -> bool:
        """End the analysis now, keeping the moves weighed so far; False when none runs or
        one is already ending."""
        return self.runner.finish_once()

    def answered(self, job: Job, analysis: search.Analysis) -> None:
        self.analysis, self.position = analysis, (job.key, job.ply)

    def shown(self) -> search.Analysis | None:
        """The analysis of the position shown now, or None."""
        if self.analysis is None or position_of(self.runner.current()) != self.position:
            return None
        return self.analysis

    def drop_if_moved(self) -> bool:
        """The position changed: a search of another position is stopped (True then)."""
        job = self.runner.job
        if job is not None and (job.key, job.ply) != position_of(self.runner.current()):
            self.runner.stop()
            return True
        return False

    def forget(self) -> bool:
        """The result goes; True when there was one."""
        had = self.analysis is not None
        self.analysis, self.position = None, None
        return had
