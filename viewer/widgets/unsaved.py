"""The question every desktop editor asks before work would be dropped: Save, Discard or
Cancel. One function, so tests (and the GUI monkey test) can answer it."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from pyramid_lab.i18n import _

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


def ask_unsaved(parent: QWidget, question: str, detail: str, *, can_save: bool = True) -> str:
    """Ask ``question``; the answer is SAVE, DISCARD or CANCEL (Escape cancels)."""
    Button = QMessageBox.StandardButton
    box = QMessageBox(QMessageBox.Icon.Warning, _("Unsaved changes"), question, parent=parent)
    box.setInformativeText(detail)
    buttons = (Button.Save if can_save else Button.NoButton) | Button.Discard | Button.Cancel
    box.setStandardButtons(buttons)
    box.setDefaultButton(Button.Save if can_save else Button.Cancel)
    box.setEscapeButton(Button.Cancel)
    answer = box.exec()
    return {Button.Save: SAVE, Button.Discard: DISCARD}.get(Button(answer), CANCEL)


def ask_go_on(parent: QWidget, title: str, question: str, detail: str, go: str) -> bool:
    """Ask ``question`` with a button that says ``go`` and Cancel (the default; Escape
    cancels): True when ``go`` was pressed."""
    box = QMessageBox(QMessageBox.Icon.Question, title, question, parent=parent)
    box.setInformativeText(detail)
    yes = box.addButton(go, QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.exec()
    return box.clickedButton() is yes


RECOVER, LATER = "recover", "later"


def ask_recover(parent: QWidget, what: str) -> str:
    """After a crash: RECOVER the autosaved game, DISCARD it, or decide LATER."""
    Button = QMessageBox.StandardButton
    box = QMessageBox(
        QMessageBox.Icon.Question,
        _("Recover unsaved work"),
        _("Pyramid Lab closed without saving the changes to {game}. Recover them?").format(
            game=what
        ),
        parent=parent,
    )
    box.setInformativeText(_("Later keeps it for the next start; Discard deletes it."))
    recover = box.addButton(_("Recover"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(Button.Discard)
    later = box.addButton(_("Later"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(recover)
    box.setEscapeButton(later)
    box.exec()
    clicked = box.clickedButton()
    if clicked is recover:
        return RECOVER
    return LATER if clicked is later or clicked is None else DISCARD
