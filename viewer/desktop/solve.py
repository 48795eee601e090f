"""Solve mode and Solve position in the window: the lab's (:mod:`viewer.lab.solve`, the
one copy of their logic) as the board draws them and the Game menu asks. :class:`SolveBoard`
is Solve mode as a board mode: a click waits for the defence, Undo takes back a move and
its reply, and over the board the puzzle's verdict and the revealed solution's next move.
:func:`remembered_workers` and :func:`remember_workers` keep Solve position's number of
worker processes between runs."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from model.game import Game

from ..lab.frame import Frame, Label
from ..lab.modes import Mode
from ..lab.solve import SolveMode, ValueSolve

if TYPE_CHECKING:
    from ..games import GameUI

#: QSettings key: the cores Solve position's long solves use (1: the single search), as
#: the user answered; absent until they were asked.
WORKERS_KEY = "solve/workers"


def remembered_workers() -> int | None:
    """The cores the user chose for Solve position (in this run or an earlier one); None
    when they were never asked."""
    from PySide6.QtCore import QSettings

    settings = QSettings()
    if not settings.contains(WORKERS_KEY):
        return None
    stored = settings.value(WORKERS_KEY, 1, type=int)
    return stored if isinstance(stored, int) and stored >= 1 else None


def remember_workers(value: ValueSolve) -> None:
    """Solve position's choices of workers are kept for the next run."""
    from PySide6.QtCore import QSettings

    value.chose.connect(lambda workers: QSettings().setValue(WORKERS_KEY, workers))


def solution_layer(solver: SolveMode, game: Game, ui: GameUI, frame: Frame) -> Frame:
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


FrameLayer = Callable[[Game, "GameUI", Frame], Frame]


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

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        if not self.solver.active:  # a verdict's marks, while Solve mode is off
            frame = self.verdict(game, ui, frame)
        return solution_layer(self.solver, game, ui, frame)
