"""The Export dialog (File > Export...): the choices of an export of the board as the
window shows it: a picture, a turntable or a replay of the moves (GIF, MP4), an
interactive 3D web page (HTML) or floor plans for print (PDF), its size and its file.

A leaf: it holds the choices; the export itself (the window's view and frame, the
progress, the errors) is :class:`viewer.desktop.export_control.ExportDialog`'s, which adds it.
The dialog is a tool window (not modal): it stays open beside the board.
"""

from __future__ import annotations

from pathlib import Path

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

#: The formats offered: (text, extension, animated).
FORMATS: tuple[tuple[str, str, bool], ...] = (
    ("PNG picture", ".png", False),
    ("JPEG picture", ".jpg", False),
    ("GIF animation", ".gif", True),
    ("MP4 video", ".mp4", True),
    ("3D web page (HTML, opens offline in any browser)", ".html", False),
    ("Floor plans per level for print (PDF)", ".pdf", False),
)


class ExportChoices(QDialog):
    """The choices; ``frames`` and ``hold`` are (default, most) of the turntable's frames
    and of the frames a replay shows each position. Browse... and Export call
    :meth:`browse` and :meth:`export_pressed` (a subclass does the export)."""

    def __init__(self, parent: QWidget, frames: tuple[int, int], hold: tuple[int, int]) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export")
        self.setModal(False)
        form = QFormLayout()
        self.format = QComboBox()
        for text, extension, _animated in FORMATS:
            self.format.addItem(text, extension)
        form.addRow("Format:", self.format)

        self.turntable = QRadioButton("Turntable (the camera orbits the board)")
        self.replay = QRadioButton("Replay of the moves, from the start")
        self.turntable.setChecked(True)
        self.motion = QButtonGroup(self)
        self.motion.addButton(self.turntable)
        self.motion.addButton(self.replay)
        motion = QVBoxLayout()
        motion.addWidget(self.turntable)
        motion.addWidget(self.replay)
        self.motion_box = QWidget()
        self.motion_box.setLayout(motion)
        form.addRow("Animation:", self.motion_box)
        self.frames = QSpinBox()
        self.frames.setRange(1, frames[1])
        self.frames.setValue(frames[0])
        self.frames.setToolTip("frames for one turn of the camera")
        form.addRow("Frames:", self.frames)
        self.hold = QSpinBox()
        self.hold.setRange(1, hold[1])
        self.hold.setValue(hold[0])
        self.hold.setToolTip("frames each position is shown (12 frames a second)")
        form.addRow("Frames per move:", self.hold)

        self.width_ = QSpinBox()
        self.height_ = QSpinBox()
        for spin, value in ((self.width_, 1024), (self.height_, 768)):
            spin.setRange(16, 8192)
            spin.setValue(value)
        size = QHBoxLayout()
        size.addWidget(self.width_)
        size.addWidget(QLabel("x"))
        size.addWidget(self.height_)
        size.addStretch(1)
        self.size_box = QWidget()
        self.size_box.setLayout(size)
        form.addRow("Size (pixels):", self.size_box)

        self.path = QLineEdit()
        browse = QPushButton("Browse...")
        browse.clicked.connect(lambda: self.browse_pressed())
        where = QHBoxLayout()
        where.addWidget(self.path, 1)
        where.addWidget(browse)
        form.addRow("File:", where)

        self.note = QLabel(
            "The board as the window shows it: its camera, levels, peel and clip planes."
        )
        self.note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.export_button = buttons.addButton("Export", QDialogButtonBox.ButtonRole.ActionRole)
        self.export_button.setDefault(True)
        self.export_button.clicked.connect(lambda: self.export_pressed())
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(buttons)

        self.format.currentIndexChanged.connect(lambda _i: self._follow())
        self.turntable.toggled.connect(lambda _on: self._follow())

    # ---- the choices --------------------------------------------------------------------

    def extension(self) -> str:
        return str(self.format.currentData())

    def animated(self) -> bool:
        return FORMATS[self.format.currentIndex()][2]

    def set_format(self, extension: str) -> None:
        self.format.setCurrentIndex(self.format.findData(extension))

    def refresh(self, has_moves: bool, folder: Path, stem: str) -> None:
        """Follow the window's game: a replay needs moves (``has_moves``); an empty file
        name becomes ``stem`` in ``folder``."""
        self.replay.setEnabled(has_moves)
        self.replay.setToolTip("" if has_moves else "the position has no moves to replay")
        if not has_moves:
            self.turntable.setChecked(True)
        if not self.path.text():
            self.path.setText(str(folder / f"{stem}{self.extension()}"))
        self._follow()

    def browse_pressed(self) -> None:
        """Browse... (a subclass guards it)."""
        self.browse()

    def export_pressed(self) -> None:
        """Export (a subclass exports)."""

    def _follow(self) -> None:
        animated = self.animated()
        self.motion_box.setEnabled(animated)
        self.frames.setEnabled(animated and self.turntable.isChecked())
        self.hold.setEnabled(animated and self.replay.isChecked())
        self.size_box.setEnabled(self.extension() != ".pdf")
        text = self.path.text()
        if text:  # the file name follows the format
            self.path.setText(str(Path(text).with_suffix("")) + self.extension())

    def browse(self) -> None:
        extension = self.extension()
        path, _ = QFileDialog.getSaveFileName(
            self, "Export to", self.path.text(), f"{self.format.currentText()} (*{extension})"
        )
        if path:
            if not path.lower().endswith(extension):
                path += extension
            self.path.setText(path)
