"""The View dock: level range, peeling, ghosts, and the three axis clip planes.

Two-way binding without loops: the view state's changes reach the widgets with their
signals blocked; the widgets' changes reach the view state through ``_on_*_changed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QWidget,
)

from pyramid_lab.i18n import _, format_number

from ..lab.view_state import AXES, ViewState
from .keys import pass_history_keys
from .names import piece_word

if TYPE_CHECKING:
    from ..boards import BoardView

SLIDER_STEPS = 4  # slider positions per unit of length (a ball's diameter)


class ViewDock(QDockWidget):
    def __init__(self, view: ViewState, parent: QWidget | None = None) -> None:
        super().__init__(_("View"), parent)
        self.setObjectName("view-dock")
        self.view = view
        body = QWidget(self)
        form = QFormLayout(body)
        self.form = form
        self.flat_note = QLabel(
            _(
                "A flat board: nothing to peel or clip here. The View menu's camera presets "
                "and the mouse turn and zoom it."
            )
        )
        self.flat_note.setWordWrap(True)
        form.addRow(self.flat_note)
        self.level_lo, self.level_hi = QSpinBox(), QSpinBox()
        levels = QHBoxLayout()
        levels.addWidget(self.level_lo)
        levels.addWidget(self.level_hi)
        form.addRow(_("Levels"), levels)
        self.level_lo.setAccessibleName(_("Lowest level shown"))
        self.level_hi.setAccessibleName(_("Highest level shown"))
        self.peel = QSpinBox()
        form.addRow(_("Peel shells"), self.peel)
        self.peel.setAccessibleName(_("Peel shells"))
        self.ghosts = QCheckBox()
        form.addRow(self.ghosts)
        self.clip_on: list[QCheckBox] = []
        self.clip_slider: list[QSlider] = []
        self.clip_flip: list[QCheckBox] = []
        self.clip_value: list[QLabel] = []  # "x <= 2.25": the plane's place, in words
        for axis, name in enumerate(AXES):
            row = QHBoxLayout()
            on, slider, flip = QCheckBox(), QSlider(Qt.Orientation.Horizontal), QCheckBox(_("flip"))
            flip.setToolTip(_("Keep the other side"))
            value = QLabel()
            value.setMinimumWidth(64)
            value.setToolTip(_("where the plane stands and which side is kept"))
            row.addWidget(on)
            row.addWidget(slider, 1)
            row.addWidget(value)
            row.addWidget(flip)
            self.clip_value.append(value)
            form.addRow(_("Clip {axis}").format(axis=name), row)
            on.setAccessibleName(_("Clip {axis}").format(axis=name))
            slider.setAccessibleName(_("Clip {axis}: where the plane stands").format(axis=name))
            flip.setAccessibleName(_("Clip {axis}: flip").format(axis=name))
            self.clip_on.append(on)
            self.clip_slider.append(slider)
            self.clip_flip.append(flip)
            on.toggled.connect(lambda checked, a=axis: self._on_clip_changed(a))
            slider.valueChanged.connect(lambda _v, a=axis: self._on_clip_changed(a))
            flip.toggled.connect(lambda _c, a=axis: self._on_clip_changed(a))
        self.free_plane = QCheckBox(_("Free plane (drag it in the scene)"))
        form.addRow(self.free_plane)
        self.cut_open = QCheckBox()
        form.addRow(self.cut_open)
        self.set_words("balls")
        self.setWidget(body)
        pass_history_keys(self.level_lo, self.level_hi, self.peel)
        self.level_lo.valueChanged.connect(self._on_levels_changed)
        self.level_hi.valueChanged.connect(self._on_levels_changed)
        self.peel.valueChanged.connect(self._on_peel_changed)
        self.ghosts.toggled.connect(self._on_ghosts_changed)
        self.cut_open.toggled.connect(self.view.set_cut_open)
        view.changed.connect(self._on_view_changed)
        self._peel_tip = ""  # (set_words says it)

    def set_words(self, pieces: str) -> None:
        """Call the pieces what the game calls them (balls, spheres, stones)."""
        words = piece_word(pieces)
        self._peel_tip = _("Hide the {pieces} within this many steps of any wall").format(
            pieces=words
        )
        if self.peel.isEnabled():  # else it says why there is nothing to peel
            self.peel.setToolTip(self._peel_tip)
        self.ghosts.setText(_("Show hidden {pieces} as ghosts").format(pieces=words))
        for on, name in zip(self.clip_on, AXES, strict=True):
            said = _("Hide the {pieces} beyond a plane across the {axis} axis")
            on.setToolTip(said.format(pieces=words, axis=name))
        self.cut_open.setText(_("Cut {pieces} open on the planes").format(pieces=words))

    def show_board(self, board: BoardView, pieces: str) -> None:
        """The ranges and words of ``board`` (a new board, or the view reset), whose pieces
        the game calls ``pieces``."""
        hi = board.geometry.centres.max(axis=0)
        extent = (float(hi[0]), float(hi[1]), float(hi[2]))
        self.set_words(pieces)
        self.set_board(board.level_count, extent, board.peel_max, flat=board.flat)
        self.cut_open.setEnabled(board.supports_cut_open)

    def set_board(
        self,
        levels: int,
        extent: tuple[float, float, float],
        peel_max: int | None = None,
        *,
        flat: bool | None = None,
    ) -> None:
        """Ranges for a board with ``levels`` levels and centres spanning ``extent``; peeling
        takes off at most ``peel_max`` shells (half the levels unless given). A ``flat``
        board (the board view's kind says so; unless given, one level without height)
        shows only the note that there is nothing to peel or clip."""
        if flat is None:
            flat = levels <= 1 and not peel_max and extent[2] == 0
        self.flat = flat
        for row in range(self.form.rowCount()):  # a flat board shows only its note
            self.form.setRowVisible(row, flat if row == 0 else not flat)
        for box in (self.level_lo, self.level_hi):
            with QSignalBlocker(box):
                box.setRange(0, levels - 1)
        deepest = max(0, levels // 2 if peel_max is None else peel_max)
        with QSignalBlocker(self.peel):
            self.peel.setRange(0, deepest)  # only depths that leave something to see
        self.peel.setEnabled(deepest > 0)
        self.peel.setToolTip(
            self._peel_tip
            if deepest > 0
            else _(
                "Nothing to peel: every point here lies on a wall (a bigger pyramid has an inside)"
            )
        )
        for axis, slider in enumerate(self.clip_slider):
            with QSignalBlocker(slider):
                slider.setRange(0, round(extent[axis] * SLIDER_STEPS))
        self.view.set_levels(0, levels - 1)
        self._on_view_changed("reset")

    def _on_view_changed(self, _field: str) -> None:
        view = self.view
        for box, value in (
            (self.level_lo, view.levels[0]),
            (self.level_hi, view.levels[1]),
            (self.peel, view.peel),
        ):
            with QSignalBlocker(box):
                box.setValue(min(value, box.maximum()))
        with QSignalBlocker(self.ghosts):
            self.ghosts.setChecked(view.ghost_peeled)
        with QSignalBlocker(self.cut_open):
            self.cut_open.setChecked(view.cut_open)
        with QSignalBlocker(self.free_plane):
            self.free_plane.setChecked(view.free_plane is not None)
        for axis, clip in enumerate(view.clips):
            sign = "<=" if clip.keep_below else ">="
            self.clip_value[axis].setText(
                f"{AXES[axis]} {sign} {format_number(clip.value, digits=2)}"
            )
            self.clip_value[axis].setEnabled(clip.enabled)
            for widget, setter, value in (
                (self.clip_on[axis], "setChecked", clip.enabled),
                (self.clip_slider[axis], "setValue", round(clip.value * SLIDER_STEPS)),
                (self.clip_flip[axis], "setChecked", not clip.keep_below),
            ):
                with QSignalBlocker(widget):
                    getattr(widget, setter)(value)

    def _on_levels_changed(self) -> None:
        self.view.set_levels(self.level_lo.value(), self.level_hi.value())

    def _on_peel_changed(self, value: int) -> None:
        self.view.set_peel(value)

    def _on_ghosts_changed(self, on: bool) -> None:
        self.view.set_ghost_peeled(on)

    def _on_clip_changed(self, axis: int) -> None:
        self.view.set_clip(
            axis,
            enabled=self.clip_on[axis].isChecked(),
            value=self.clip_slider[axis].value() / SLIDER_STEPS,
            keep_below=not self.clip_flip[axis].isChecked(),
        )
