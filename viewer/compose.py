"""Puzzles > Compose...: puzzles made on demand for the game on the board (its rules and
options), by :func:`model.search.compose` on a worker thread (an
:class:`~viewer.engine.EngineRunner`, with the dialog's progress bar and Stop: Stop keeps
the puzzles made so far), then written with ``collection.json``
(:func:`model.search.write_collection`) and opened in Practice."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog

from model.game import Game, shorten
from model.search import DIFFICULTIES, compose, unreviewable, write_collection
from model.userfiles import made_puzzles_folder

from .engine import EngineRunner, Job, Progress
from .slots import guarded, slot
from .widgets.compose_dialog import ComposeChoices

if TYPE_CHECKING:
    from .host import PracticeActions
    from .lab import Lab
    from .qt_port import QtPort


class ComposeDialog(ComposeChoices):
    """The Compose dialog: the puzzles of the game shown, opened in Practice
    (``practising``, made on first use) once written."""

    def __init__(self, lab: Lab, port: QtPort, practising: Callable[[], PracticeActions]) -> None:
        super().__init__(port.parent, DIFFICULTIES)
        self.lab, self.port, self.practising = lab, port, practising
        self.start: Game | None = None
        self.seed = 0
        self.written: list[Path] = []  # the files of the last set made (tests)
        self.runner = EngineRunner(self._start_game, self)
        self.runner.progressed.connect(self._on_progress)
        self.runner.answered.connect(self._on_answer)
        self.runner.failed.connect(self._on_failed)
        self.refresh_from_window()

    def show_message(self, text: str) -> None:
        """The dialog's errors (``slot``) go to its line and the window's status bar."""
        self.activity.setText(text)
        self.port.status(text)

    def _start_game(self) -> Game:
        return self.start if self.start is not None else self.lab.session.game

    def refresh_from_window(self) -> None:
        """The puzzles' game: the one on the board, from its start (its options kept)."""
        if self.runner.thinking:
            return
        game = self.lab.session.game
        options = ", ".join(f"{k} {v}" for k, v in game.options.to_json().items())
        why = unreviewable(game) or (
            f"{game.title} plays simultaneous turns" if game.simultaneous_turns else None
        )
        if why:
            self.game.setText(f"No puzzles here: {why}.")
        else:
            self.game.setText(f"Puzzles of {game.title} ({options}), from seeded games.")
        self.compose.setEnabled(why is None)
        stem = self._stem(game)
        self.folder.setText(str(made_puzzles_folder(game.name) / stem))

    @staticmethod
    def _stem(game: Game) -> str:
        values = "-".join(str(v) for v in game.options.to_json().values())
        return f"composed-{values}" if values else "composed"

    @slot
    def browse_pressed(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, "Write the puzzles into", self.folder.text()
        )
        if folder:
            self.folder.setText(folder)

    @slot
    def compose_pressed(self) -> None:
        """Compose with the dialog's choices (in the background)."""
        folder = Path(self.folder.text().strip()).expanduser()
        if not self.folder.text().strip():
            self.activity.setText("Name a folder for the puzzles first")
            return
        if folder.exists() and not folder.is_dir():
            self.activity.setText(f"{shorten(str(folder))} is not a folder")
            return
        board = self.lab.session.game
        start = type(board).new(board.options)  # the puzzles' games begin at the start
        count, within, band, seed = self.count.value(), self.within.value(), self.band(), self.seed
        exact = self.exact.isChecked()

        def task(_copy: Game, progress: Progress, stop: threading.Event) -> Any:
            made = compose(
                start,
                count=count,
                within=within,
                difficulty_band=band,
                exact=exact,
                seed=seed,
                progress=progress,
                stop=stop,
            )
            return made, folder

        self.start = start
        self.runner.run("compose", task)
        self.set_working(True)
        self.set_progress(0.0, f"composing {count} puzzles...")

    @slot
    def stop_pressed(self) -> None:
        """Stop: the puzzles made so far are written."""
        if self.runner.job is not None and not self.runner.job.keep:
            self.runner.finish()
            self.stop.setEnabled(False)
            self.activity.setText("stopping: the puzzles made so far are written")

    @slot
    def _on_progress(self, fraction: float, text: str) -> None:
        self.set_progress(fraction, text)

    @slot
    def _on_answer(self, job: Job, result: Any) -> None:
        self.set_working(False)
        self.start = None
        made, folder = result
        if not made:
            self.set_progress(0.0, "no puzzle found: try more plies, or another difficulty")
            return
        try:
            self.written = write_collection(folder, made, self._stem(made[0].game))
        except OSError as exc:
            self.set_progress(0.0, f"not written: {shorten(str(exc))}")
            return
        text = f"{len(made)} puzzles written in {folder}"
        self.set_progress(1.0, text + "; opened in Practice")
        self.port.status(text)
        self.practising().open_collection(folder)

    @slot
    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self.set_working(False)
        self.start = None
        self.activity.setText(f"failed: {shorten(str(exc))}")

    def closeEvent(self, event: Any) -> None:
        self.runner.shutdown()
        super().closeEvent(event)


def open_compose_dialog(
    lab: Lab, port: QtPort, practising: Callable[[], PracticeActions]
) -> ComposeDialog:
    """Puzzles > Compose...: the dialog, made on first use, shown and raised."""
    dialog = port.parent.findChild(ComposeDialog)
    if not isinstance(dialog, ComposeDialog):
        dialog = ComposeDialog(lab, port, practising)
    guarded(dialog.refresh_from_window, port.status, "compose")
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
