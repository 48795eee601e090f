"""Practice in the window: the lab's (:mod:`viewer.lab.practice`, the one copy of its
logic) shown in the Practice dock (a leaf widget made here) and drawn over the board: the
hint (which piece or the area of the corner at stake, then the move) and the refutation of
a wrong move (a label on the computer's answer)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from model.game import Game, Move

from ..lab.frame import Frame, Label, Region
from ..lab.jobs import position_of
from ..lab.modes import Mode
from ..lab.slots import slot
from ..widgets.dock_fit import present
from ..widgets.practice_dock import Attempt, PracticeDock

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from ..games import GameUI
    from ..lab import Lab
    from .host import PuzzleActions
    from .qt_port import QtPort
    from .stage import Stage

#: A placement's first hint with no corner to point at: the site and this many other empty
#: sites nearest to it.
AREA_SITES = 4


def corner_site(game: Game, ui: GameUI, name: str) -> int | None:
    """The board site of the corner called ``name`` (None when the board has no such)."""
    lattice = getattr(game, "lattice", None)
    ids = getattr(lattice, "corner_ids", None)
    if lattice is None or not isinstance(ids, dict):
        return None
    for corner, pid in ids.items():
        if getattr(corner, "value", corner) == name:
            try:
                return ui.site_of(tuple(lattice.point(pid)))
            except (NotImplementedError, KeyError, ValueError):
                return None
    return None


class Practice:
    """The Practice dock of the window, bound to the lab's practice (:attr:`state`), and
    its board layer. Solve mode starts through the lab's puzzle desk (its checks), and the
    Puzzle dock (``puzzle``) hides while Practice says it all."""

    def __init__(
        self, lab: Lab, port: QtPort, stage: Stage, puzzle: PuzzleActions, view_dock: QDockWidget
    ) -> None:
        self.lab, self.port, self.stage = lab, port, stage
        self.view_dock = view_dock  # the Practice dock goes beside it

        def start_solve() -> None:
            lab.puzzle_desk.toggle_solve()
            puzzle.hide()  # the Practice dock says it all (the Puzzle dock shows solutions)

        self.state = state = lab.start_practice(
            start_solve=start_solve,
            moves_piece=lambda game, move: bool(stage.ui.move_from(game, move)),
        )
        state.progress.tell_with(port.tell)  # a damaged ticks file: told once, in a notice
        self.dock = dock = PracticeDock(port.parent)
        state.changed.connect(self.refresh)
        dock.hint_button.clicked.connect(lambda: state.hint())
        dock.retry_button.clicked.connect(lambda: state.retry())
        dock.reveal_button.clicked.connect(lambda: state.solver.reveal())
        dock.next_button.clicked.connect(lambda: state.next_unsolved())
        dock.picked.connect(self._on_picked)
        self.refresh(redraw=False)  # (the window may be being built)

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)

    @slot
    def refresh(self, *, redraw: bool = True) -> None:
        """The dock shows the state again (and the board, with ``redraw``)."""
        state = self.state
        attempt = None
        if state.playing() and state.collection is not None and state.current is not None:
            solver = state.solver
            entry = state.collection.entries[state.current]
            attempt = Attempt(
                index=state.current,
                status=solver.status,
                goal=solver.goal,
                notes=self.lab.session.puzzle.get("notes", ""),
                solution=solver.solution,
                ticked=state.progress.is_solved(entry.key),
                hint_stage=state.hint_stage,
                hint_move=state.hint_move[1] if state.hint_move is not None else None,
                hint_text=state.hint_idea.text if state.hint_idea is not None else "",
                why=state.miss_text(),
            )
        self.dock.show_state(state.collection, state.progress, state.current, attempt)
        if redraw:
            self.stage.redraw()

    @slot
    def _on_picked(self, index: int) -> None:
        if index != self.state.current or not self.state.playing():
            self.state.play(index)

    def open_collection(self, folder: str | Path) -> bool:
        """Read the puzzles of ``folder``, show the dock and play the first unsolved one;
        False, said, when it has none."""
        if not self.state.read_collection(folder):
            return False
        dock = self.dock
        if not dock.isVisible() and self.view_dock.isVisible():
            self.port.parent.tabifyDockWidget(self.view_dock, dock)  # the list needs height
        present(dock)
        return self.state.next_unsolved()

    # ---- the board ----------------------------------------------------------------------

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        """The frame layer: the hint (which piece or the area, then the move) and the
        refutation of a wrong move (a label on the computer's answer)."""
        state = self.state
        if not state.playing():
            return frame
        solver = state.solver
        if solver.refuted is not None and solver.status[0] == "failed" and game.move_stack:
            wrong, answer = solver.refuted
            if answer is not None and game.move_stack[-1] == answer:
                before = game.copy()
                before.pop()
                sites = ui.move_sites(before, answer) or ui.move_from(before, answer)
                if sites:
                    label = Label(sites[0], f"refutes {wrong}")
                    frame = dataclasses.replace(frame, labels=(*frame.labels, label))
            return frame
        if state.hint_move is None or state.hint_stage == 0:
            return frame
        here, move = state.hint_move
        if here != position_of(game):
            return frame
        if state.hint_stage >= 2:
            frame = ui.hint_frame(game, move, frame)
            sites = ui.move_sites(game, move) or ui.move_from(game, move)
            if sites:
                frame = dataclasses.replace(frame, labels=(*frame.labels, Label(sites[0], "hint")))
            return frame
        source = ui.move_from(game, move)
        if source:
            highlights = dict(frame.highlights)
            highlights["selected"] = (*highlights.get("selected", ()), *source)
            labels = (*frame.labels, Label(source[0], "this piece"))
            return dataclasses.replace(frame, highlights=highlights, labels=labels)
        idea = state.hint_idea
        if idea is not None:  # a placement: the idea, not the place
            found = [(corner_site(game, ui, c), c) for c in idea.corners]
            marks = [(site, f"{c} at stake") for site, c in found if site is not None]
            if not marks:
                return frame
            regions = (*frame.regions, Region(tuple(site for site, _ in marks), "hint"))
            labels = (*frame.labels, *(Label(site, text) for site, text in marks))
            return dataclasses.replace(frame, regions=regions, labels=labels)
        area = self._area(game, ui, move)  # no idea found: where it goes, among a few
        if not area:
            return frame
        regions = (*frame.regions, Region(tuple(area), "hint"))
        labels = (*frame.labels, Label(area[0], "somewhere here"))
        return dataclasses.replace(frame, regions=regions, labels=labels)

    def _area(self, game: Game, ui: GameUI, move: Move) -> list[int]:
        """The move's site and the sites of the other legal moves nearest to it (a few):
        where a placement goes, without saying which."""
        target = ui.move_sites(game, move)
        if not target:
            return []
        others: set[int] = set()
        for other in game.legal_moves():
            if other != move:
                others.update(ui.move_sites(game, other))
        others -= set(target)
        centres = np.asarray(self.stage.board.geometry.centres)
        origin = centres[target[0]]
        near = sorted(others, key=lambda s: float(np.linalg.norm(centres[s] - origin)))
        area = [*target, *near[: AREA_SITES - 1]]
        return sorted(area)


class PracticeBoard(Mode):
    """Practice as a board mode: its hints (the area, then the move) over the board while
    a puzzle of the collection is played (Solve mode has the clicks and Undo)."""

    name = "practice"

    def __init__(self, practice: Practice) -> None:
        self.practice = practice

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        return self.practice.layer(game, ui, frame)
