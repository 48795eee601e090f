"""Puzzles > Compose...: puzzles made on demand for the game on the board (its rules and
options) by the lab's composer (:class:`viewer.lab.puzzle.Composer`: on a runner of its
own, Stop keeps the puzzles made so far, written with ``collection.json``), shown with the
dialog's progress bar and Stop, then opened in Practice."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog

from pyramid_lab.i18n import _, ngettext, shown
from pyramid_lab.model import search
from pyramid_lab.model.game import shorten
from pyramid_lab.model.userfiles import made_puzzles_folder

from ..lab.puzzle import set_stem
from ..widgets.compose_dialog import ComposeChoices
from ..widgets.engine_row import follow_job
from ..widgets.slots import guarded, slot

if TYPE_CHECKING:
    from ..lab import Lab
    from ..lab.puzzle import ComposerChange
    from .host import PracticeActions
    from .qt_port import QtPort


class ComposeDialog(ComposeChoices):
    """The Compose dialog: the puzzles of the game shown, opened in Practice
    (``practising``, made on first use) once written."""

    def __init__(self, lab: Lab, port: QtPort, practising: Callable[[], PracticeActions]) -> None:
        super().__init__(port.parent, search.puzzles.DIFFICULTIES)
        self.lab, self.port, self.practising = lab, port, practising
        self.seed = 0
        self.composer = lab.composer
        self.composer.changed.connect(self._changed)
        self.refresh_from_window()

    def show_message(self, text: str) -> None:
        """The dialog's errors (``slot``) go to its line and the window's status bar."""
        self.activity.setText(text)
        self.lab.bulletin.say(text)

    def refresh_from_window(self) -> None:
        """The puzzles' game: the one on the board, from its start (its options kept)."""
        if self.composer.thinking:
            return
        game = self.lab.session.game
        options = ", ".join(f"{k} {v}" for k, v in game.options.to_json().items())
        why = search.unreviewable(game, knowledge=search.knowledge_for(game)) or (
            _("{game} plays simultaneous turns").format(game=game.title)
            if game.simultaneous_turns
            else None
        )
        if why:
            self.game.setText(_("No puzzles here: {reason}.").format(reason=shown(why)))
        else:
            said = _("Puzzles of {game} ({options}), from seeded games.")
            self.game.setText(said.format(game=game.title, options=options))
        self.compose.setEnabled(why is None)
        self.folder.setText(str(made_puzzles_folder(game.name) / set_stem(game)))

    @slot
    def browse_pressed(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, _("Write the puzzles into"), self.folder.text()
        )
        if folder:
            self.folder.setText(folder)

    @slot
    def compose_pressed(self) -> None:
        """Compose with the dialog's choices (in the background)."""
        folder = Path(self.folder.text().strip()).expanduser()
        if not self.folder.text().strip():
            self.activity.setText(_("Name a folder for the puzzles first"))
            return
        if folder.exists() and not folder.is_dir():
            self.activity.setText(_("{path} is not a folder").format(path=shorten(str(folder))))
            return
        count, within, band, seed = self.count.value(), self.within.value(), self.band(), self.seed
        exact = self.exact.isChecked()
        self.composer.compose(folder, count=count, within=within, band=band, exact=exact, seed=seed)
        self.set_working(True)
        said = ngettext("composing {count} puzzles...", "composing {count} puzzles...", count)
        self.set_progress(0.0, said.format(count=count))

    @slot
    def stop_pressed(self) -> None:
        """Stop: the puzzles made so far are written."""
        self.composer.stop()

    @slot
    def _changed(self, what: ComposerChange, *args: Any) -> None:
        if follow_job(self, what, args, _("stopping: the puzzles made so far are written")):
            return
        if what == "failed":
            self.set_working(False)
            self.activity.setText(_("failed: {error}").format(error=shorten(str(args[0]))))
        elif what == "composed":
            self.set_working(False)
            folder, written = args
            if not written:
                said = _("no puzzle found: try more plies, or another difficulty")
                self.set_progress(0.0, said)
                return
            text = ngettext(
                "{count} puzzles written in {folder}",
                "{count} puzzles written in {folder}",
                len(written),
            ).format(count=len(written), folder=folder)
            opened = ngettext(
                "{count} puzzles written in {folder}; opened in Practice",
                "{count} puzzles written in {folder}; opened in Practice",
                len(written),
            )
            self.set_progress(1.0, opened.format(count=len(written), folder=folder))
            self.lab.bulletin.say(text)
            self.practising().open_collection(folder)

    def closeEvent(self, event: Any) -> None:
        self.composer.shutdown()  # closed: the composing under way stops
        super().closeEvent(event)


def open_compose_dialog(
    lab: Lab, port: QtPort, practising: Callable[[], PracticeActions]
) -> ComposeDialog:
    """Puzzles > Compose...: the dialog, made on first use, shown and raised."""
    dialog = port.parent.findChild(ComposeDialog)
    if not isinstance(dialog, ComposeDialog):
        dialog = ComposeDialog(lab, port, practising)
    guarded(dialog.refresh_from_window, port.bulletin.say, "compose")
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
