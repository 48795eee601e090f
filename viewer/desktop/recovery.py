"""Autosave in the window: a moment after each change, unsaved work goes to this process's
autosave file (:mod:`viewer.desktop.autosave`, Qt-free); saved, discarded or new, the file goes. At
start-up, the newest game a crashed Pyramid Lab left unsaved is offered back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from pyramid_lab.i18n import _, shown
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.words import system_reason

from ..lab.session import document
from ..widgets import unsaved
from ..widgets.slots import OnLab, slot
from .autosave import Autosave, leftovers

if TYPE_CHECKING:
    from ..lab import Lab
    from .qt_port import QtPort

AUTOSAVE_DELAY_MS = 1500


class Recovery(OnLab):
    """Autosave and recovery of ``window``'s session, in ``autosave``."""

    def __init__(self, lab: Lab, port: QtPort, autosave: Autosave) -> None:
        self.lab, self.port = lab, port
        self.autosave = autosave
        self.stopped = False
        self.timer = QTimer(port.parent, singleShot=True, interval=AUTOSAVE_DELAY_MS)
        self.timer.timeout.connect(self.write)

    def schedule(self) -> None:
        """A moment after a change, unsaved work goes to the autosave file; saved or new,
        there is nothing to keep."""
        if self.lab.session.dirty:
            self.timer.start()
        else:
            self.timer.stop()
            self.autosave.remove()

    @slot
    def write(self) -> None:
        session = self.lab.session
        if session.dirty and not self.stopped:
            try:
                self.autosave.write(document(session), session.path)
            except OSError as exc:
                said = _("autosave failed ({error}): save your work")
                self.show_message(said.format(error=shown(system_reason(exc))))

    def stop(self) -> None:
        """The window closed: nothing is written any more."""
        self.stopped = True

    @slot
    def offer(self) -> bool:
        """At start-up: offer the newest game a crashed Pyramid Lab left unsaved. True
        when it was recovered (it is then shown, with unsaved changes)."""
        found = leftovers(self.autosave.folder)
        if not found:
            return False
        leftover = found[0]
        answer = unsaved.ask_recover(self.port.parent, leftover.describe())
        if answer == unsaved.LATER:
            return False
        if answer == unsaved.DISCARD:
            leftover.discard()
            said = _("discarded the autosave of {game}")
            self.show_message(said.format(game=leftover.describe()))
            return False
        try:
            doc = leftover.load()
        except PositionFormatError as exc:
            kept = leftover.set_aside()
            said = _("{error}\nThe file is kept as {path}.").format(error=exc, path=kept)
            self.port.show_message(_("Cannot recover"), said)
            return False
        self.lab.documents.load(doc, leftover.path, dirty=True)
        leftover.discard()  # our own autosave holds it from now on
        said = _("recovered {game}: save it to keep it")
        self.show_message(said.format(game=leftover.describe()))
        return True
