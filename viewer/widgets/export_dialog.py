"""The Export dialog (File > Export...): the choices of an export of the board as the
window shows it: a picture, a turntable or a replay of the moves (GIF, MP4), an
interactive 3D web page (HTML) or floor plans for print (PDF), its size and its file.

A leaf: it shows the choices, which are the lab's :class:`~viewer.lab.export_plan.ExportPlan`
(what applies, the file proposed and following the format), and hands them its widgets'
values; the export itself (the window's view and frame, the progress, the errors) is
:class:`viewer.desktop.export_control.ExportDialog`'s, which adds it.
The dialog is a tool window (not modal): it stays open beside the board.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import _

from ..lab.export_plan import FORMATS, MAX_FRAMES, MAX_HOLD, SIDES, ExportPlan, format_of


class ExportChoices(QDialog):
    """The choices of ``plan``, shown. Browse... and Export call :meth:`browse` and
    :meth:`export_pressed` (a subclass does the export)."""

    def __init__(self, parent: QWidget, plan: ExportPlan) -> None:
        super().__init__(parent)
        self.plan = plan
        self.setWindowTitle(_("Export"))
        self.setModal(False)
        form = QFormLayout()
        self.format = QComboBox()
        for text, extension, _animated in FORMATS:
            self.format.addItem(_(text), extension)  # (marked N_ where it is declared)
        form.addRow(_("Format:"), self.format)

        self._add_motion_rows(form, plan)
        self._add_size_row(form, plan)
        self._add_file_row(form)

        self.note = QLabel(
            _("The board as the window shows it: its camera, levels, peel and clip planes.")
        )
        self.note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.export_button = buttons.addButton(_("Export"), QDialogButtonBox.ButtonRole.ActionRole)
        self.export_button.setDefault(True)
        self.export_button.clicked.connect(lambda: self.export_pressed())
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(buttons)

        self.format.currentIndexChanged.connect(lambda _i: self._follow())
        # a name typed with another format's extension: the format follows it (a ".html"
        # typed with GIF chosen wrote a web page while the dialog said GIF)
        self.path.textEdited.connect(self._named)
        self.turntable.toggled.connect(lambda _on: self._follow())

    def _add_motion_rows(self, form: QFormLayout, plan: ExportPlan) -> None:
        """An animation's motion, a turntable's frames and a replay's frames per move."""
        self.turntable = QRadioButton(_("Turntable (the camera orbits the board)"))
        self.replay = QRadioButton(_("Replay of the moves, from the start"))
        self.turntable.setChecked(True)
        self.motion = QButtonGroup(self)
        self.motion.addButton(self.turntable)
        self.motion.addButton(self.replay)
        motion = QVBoxLayout()
        motion.addWidget(self.turntable)
        motion.addWidget(self.replay)
        self.motion_box = QWidget()
        self.motion_box.setLayout(motion)
        form.addRow(_("Animation:"), self.motion_box)
        self.frames = QSpinBox()
        self.frames.setRange(1, MAX_FRAMES)
        self.frames.setValue(plan.frames)
        self.frames.setToolTip(_("frames for one turn of the camera"))
        form.addRow(_("Frames:"), self.frames)
        self.hold = QSpinBox()
        self.hold.setRange(1, MAX_HOLD)
        self.hold.setValue(plan.hold)
        self.hold.setToolTip(_("frames each position is shown (12 frames a second)"))
        form.addRow(_("Frames per move:"), self.hold)

    def _add_size_row(self, form: QFormLayout, plan: ExportPlan) -> None:
        self.width_ = QSpinBox()
        self.height_ = QSpinBox()
        for spin, value in zip((self.width_, self.height_), plan.size, strict=True):
            spin.setRange(*SIDES)
            spin.setValue(value)
        size = QHBoxLayout()
        size.addWidget(self.width_)
        size.addWidget(QLabel("x"))
        size.addWidget(self.height_)
        size.addStretch(1)
        self.size_box = QWidget()
        self.size_box.setLayout(size)
        form.addRow(_("Size (pixels):"), self.size_box)

    def _add_file_row(self, form: QFormLayout) -> None:
        self.path = QLineEdit()
        browse = QPushButton(_("Browse..."))
        browse.clicked.connect(lambda: self.browse_pressed())
        where = QHBoxLayout()
        where.addWidget(self.path, 1)
        where.addWidget(browse)
        form.addRow(_("File:"), where)

    # ---- the choices --------------------------------------------------------------------

    def extension(self) -> str:
        return str(self.format.currentData())

    def animated(self) -> bool:
        return self.take().animated

    def set_format(self, extension: str) -> None:
        self.format.setCurrentIndex(self.format.findData(extension))

    def take(self) -> ExportPlan:
        """The plan, with the values the widgets show."""
        plan = self.plan
        plan.extension = self.extension()
        plan.motion = "replay" if self.replay.isChecked() else "turntable"
        plan.frames, plan.hold = self.frames.value(), self.hold.value()
        plan.size = (self.width_.value(), self.height_.value())
        plan.path = self.path.text()
        return plan

    def show_plan(self) -> None:
        """Show the plan: what applies, the motion, the file."""
        plan = self.plan
        self.replay.setEnabled(plan.has_moves)
        self.replay.setToolTip("" if plan.has_moves else _("the position has no moves to replay"))
        if plan.motion == "turntable" and not self.turntable.isChecked():
            self.turntable.setChecked(True)
        self.motion_box.setEnabled(plan.animated)
        self.frames.setEnabled(plan.frames_apply)
        self.hold.setEnabled(plan.hold_applies)
        self.size_box.setEnabled(plan.size_applies)
        if self.path.text() != plan.path:
            self.path.setText(plan.path)

    def browse_pressed(self) -> None:
        """Browse... (a subclass guards it)."""
        self.browse()

    def export_pressed(self) -> None:
        """Export (a subclass exports)."""

    def _follow(self) -> None:
        """The format or the motion changed: the file's name follows the format."""
        plan = self.take()
        plan.set_format(plan.extension)
        self.show_plan()

    def _named(self, text: str) -> None:
        extension = format_of(text)
        if extension is not None and extension != self.extension():
            self.set_format(extension)

    def browse(self) -> None:
        extension = self.extension()
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Export to"), self.path.text(), f"{self.format.currentText()} (*{extension})"
        )
        if path:
            if not path.lower().endswith(extension):
                path += extension
            self.path.setText(path)
