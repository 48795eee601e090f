"""File > Export...: the position as the window shows it (its camera, levels, peel and
clip planes, and the frame the board draws) to a picture, a turntable or a replay of the
moves (GIF, MP4), an interactive 3D web page (HTML) or floor plans for print (PDF), through
:mod:`viewer.export`.

The dialog is a tool window (not modal): it stays open beside the board, and each Export
takes the board as it is then. An animation shows a progress dialog that can cancel it;
errors are shown in a message box and nothing is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressDialog,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from model.files import SUFFIX

from ..export import (
    ANIMATION,
    DEFAULT_FRAMES,
    DEFAULT_HOLD,
    MAX_FRAMES,
    MAX_HOLD,
    ExportOptions,
    export_game,
    export_kind,
)
from ..render import RenderOptions
from ..session import shipped
from ..slots import guarded

if TYPE_CHECKING:
    from ..host import ExportHost

#: The formats offered: (text, extension, animated).
FORMATS: tuple[tuple[str, str, bool], ...] = (
    ("PNG picture", ".png", False),
    ("JPEG picture", ".jpg", False),
    ("GIF animation", ".gif", True),
    ("MP4 video", ".mp4", True),
    ("3D web page (HTML, opens offline in any browser)", ".html", False),
    ("Floor plans per level for print (PDF)", ".pdf", False),
)


class _Cancelled(Exception):
    """The user cancelled an export in its progress dialog."""


class ExportDialog(QDialog):
    def __init__(self, window: ExportHost) -> None:
        super().__init__(window.window())
        self.window_ = window
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
        self.frames.setRange(1, MAX_FRAMES)
        self.frames.setValue(DEFAULT_FRAMES)
        self.frames.setToolTip("frames for one turn of the camera")
        form.addRow("Frames:", self.frames)
        self.hold = QSpinBox()
        self.hold.setRange(1, MAX_HOLD)
        self.hold.setValue(DEFAULT_HOLD)
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
        browse.clicked.connect(lambda: guarded(self.browse, window.show_message, "browse"))
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
        self.export_button.clicked.connect(
            lambda: guarded(self.export, window.show_message, "export")
        )
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(buttons)

        self.format.currentIndexChanged.connect(lambda _i: self._follow())
        self.turntable.toggled.connect(lambda _on: self._follow())
        self.refresh()

    # ---- the choices --------------------------------------------------------------------

    def extension(self) -> str:
        return str(self.format.currentData())

    def animated(self) -> bool:
        return FORMATS[self.format.currentIndex()][2]

    def set_format(self, extension: str) -> None:
        self.format.setCurrentIndex(self.format.findData(extension))

    def refresh(self) -> None:
        """Follow the window's game: a replay needs moves; the file name follows the
        game's file."""
        has_moves = bool(self.window_.session.game.move_stack)
        self.replay.setEnabled(has_moves)
        self.replay.setToolTip("" if has_moves else "the position has no moves to replay")
        if not has_moves:
            self.turntable.setChecked(True)
        if not self.path.text():
            path = self.window_.session.path
            if path is None or shipped(path):  # never into the app's own examples
                folder = Path.cwd() if path is None else Path.home()
            else:
                folder = path.resolve().parent
            self.path.setText(str(folder / f"{self._stem()}{self.extension()}"))
        self._follow()

    def _stem(self) -> str:
        path = self.window_.session.path
        return path.name.removesuffix(SUFFIX) if path is not None else "position"

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

    # ---- exporting ----------------------------------------------------------------------

    def options(self, target: Path | None = None) -> ExportOptions:
        """The export options of the dialog's choices and the window's view (for a
        ``target`` whose extension says another format than the dialog's, that one)."""
        window = self.window_
        view = window.view
        levels = None if view.levels == (0, 10**6) else view.levels
        camera = window.plotter.camera
        session = window.session
        render = RenderOptions(
            size=(self.width_.value(), self.height_.value()),
            levels=levels,
            peel=view.peel,
            clips=[(c.axis, c.value, c.keep_below) for c in view.clips if c.enabled],
            ghost_peeled=view.ghost_peeled,
            cut_open=view.cut_open,
            free_plane=view.free_plane,
            overlays=dict(session.lesson.overlays) if session.lesson is not None else {},
            camera=(
                tuple(camera.GetPosition()),
                tuple(camera.GetFocalPoint()),
                tuple(camera.GetViewUp()),
                float(camera.GetViewAngle()),
            ),
        )
        animated = self.animated() if target is None else export_kind(target) == ANIMATION
        motion = None
        if animated:
            motion = "turntable" if self.turntable.isChecked() else "replay"
        title = session.puzzle.get("title") or self._stem()
        return ExportOptions(
            render=render,
            motion=motion,
            frames=self.frames.value(),
            hold=self.hold.value(),
            title=str(title),
        )

    def export(self, path: str | Path | None = None) -> Path | None:
        """Export to ``path`` (default: the dialog's file) and return the path written;
        None when it failed (said in a message box) or was cancelled."""
        window = self.window_
        target = Path(path) if path is not None else Path(self.path.text().strip())
        if not target.suffix:
            target = target.with_name(target.name + self.extension())
        options = self.options(target)
        game = window.session.game
        frame = window.drawn_frame()  # None in set-up mode: the position's own picture
        progress: QProgressDialog | None = None
        report = None
        if options.motion is not None:
            progress = QProgressDialog("Exporting...", "Cancel", 0, 100, window.window())
            progress.setWindowTitle("Export")
            progress.setWindowModality(Qt.WindowModality.WindowModal)
            progress.setMinimumDuration(300)

            def report(done: int, total: int) -> None:
                assert progress is not None
                progress.setMaximum(total)
                progress.setValue(done)
                QApplication.processEvents()
                if progress.wasCanceled():
                    raise _Cancelled

        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            written = export_game(game, target, options, frame=frame, progress=report)
        except _Cancelled:
            window.show_message("export cancelled: nothing was written")
            return None
        except (ValueError, OSError) as exc:
            text = str(exc) if isinstance(exc, ValueError) else f"{target}: {exc.strerror or exc}"
            window.show_error("Cannot export", text)
            return None
        finally:
            QApplication.restoreOverrideCursor()
            if progress is not None:
                progress.close()
                progress.deleteLater()
            window.render()  # the board's own view again
        window.show_message(f"exported {written}")
        return written


def open_export_dialog(window: ExportHost) -> ExportDialog:
    """File > Export...: the window's export dialog, made on first use, shown and raised."""
    dialog: Any = window.window().findChild(ExportDialog)
    if dialog is None:
        dialog = ExportDialog(window)
    dialog.refresh()
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
