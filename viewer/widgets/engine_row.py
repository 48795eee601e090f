"""The top of an engine dock, shared by the Analysis and the Review docks: a start and a
Stop button, a thinking-time box, and under them a progress bar and a small activity
line (what the engine is doing)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDoubleSpinBox, QLabel, QProgressBar, QPushButton, QSizePolicy

from pyramid_lab.i18n import _

from .keys import pass_history_keys


def start_stop(start: str, start_tip: str, stop_tip: str) -> tuple[QPushButton, QPushButton]:
    """The dock's start button and its Stop button, with their tooltips, each as wide as
    its words (a row's room is not theirs: a Stop 300 px wide in a wide dock)."""
    go = QPushButton(start)
    go.setToolTip(start_tip)
    stop = QPushButton(_("Stop"))
    stop.setToolTip(stop_tip)
    for button in (go, stop):
        fit_words(button)
    return go, stop


def fit_words(button: QPushButton) -> None:
    """``button`` as wide as its words, whatever room its row has."""
    button.setSizePolicy(QSizePolicy.Policy.Fixed, button.sizePolicy().verticalPolicy())


def seconds_box(low: float, high: float, value: float, tip: str) -> QDoubleSpinBox:
    """How long the engine thinks, in seconds to one decimal (the history keys pass)."""
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(1)
    box.setValue(value)
    box.setSuffix(_(" s"))
    box.setToolTip(tip)
    pass_history_keys(box)
    return box


class ProgressBar(QProgressBar):
    """A progress bar drawn with the window's next paint. ``QProgressBar.setValue`` paints
    the bar at once, a step at a time, and in a window with a 3D scene each such paint
    composes the whole window (40 ms a step with software OpenGL, a search's progress
    reports making the window stutter): the value is set with painting off, and turning
    it on again asks for one paint, as any other widget's change does."""

    def setValue(self, value: int) -> None:
        if value == self.value():
            return
        self.setUpdatesEnabled(False)
        try:
            super().setValue(value)
        finally:
            self.setUpdatesEnabled(True)


def progress() -> tuple[QProgressBar, QLabel]:
    """A 0-100 bar without its text, and the activity line under it (small, grey)."""
    bar = ProgressBar()
    bar.setRange(0, 100)
    bar.setTextVisible(False)
    activity = QLabel()
    activity.setStyleSheet("color: #666; font-size: 11px")
    activity.setWordWrap(True)
    return bar, activity


def follow_job(view: Any, what: str, args: tuple[Any, ...], stopping: str) -> bool:
    """The part of a job's announcements that every dock or dialog with a progress bar,
    Stop and an activity line shows alike (``view``: its ``set_progress``, ``stop`` and
    ``activity``): "progress" (fraction, text) on the bar, "stopping" with Stop greyed and
    ``stopping`` said. True when ``what`` was one of them."""
    if what == "progress":
        view.set_progress(*args)
        return True
    if what == "stopping":
        view.stop.setEnabled(False)
        view.activity.setText(stopping)
        return True
    return False
