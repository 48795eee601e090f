"""File > Export... driven: the position as the window shows it (its camera, levels, peel
and clip planes, and the frame the board draws) exported through :mod:`viewer.pictures.export`
with the choices of the Export dialog (``viewer.widgets.export_dialog``, a leaf). An
animation shows a progress dialog that can cancel it; errors are shown in a message box
and nothing is written; each Export takes the board as it is then.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog

from pyramid_lab.i18n import _, shown
from pyramid_lab.model.files import write_bytes
from pyramid_lab.model.words import system_reason

from ..lab.session import saved_review
from ..pictures.export import export_game, review_graph_path, review_graph_png
from ..pictures.render import ExportOptions, RenderOptions
from ..widgets.export_dialog import ExportChoices
from ..widgets.slots import guarded

if TYPE_CHECKING:
    from ..lab import Lab
    from .qt_port import QtPort
    from .stage import Stage


class _Cancelled(Exception):
    """The user cancelled an export in its progress dialog."""


class ExportDialog(ExportChoices):
    """The Export dialog: its choices, and the export they ask for."""

    def __init__(self, lab: Lab, port: QtPort, stage: Stage) -> None:
        super().__init__(port.parent, lab.export_plan)
        self.lab, self.port, self.stage = lab, port, stage
        self.refresh_from_window()

    def browse_pressed(self) -> None:
        guarded(self.browse, self.lab.bulletin.say, "browse")

    def export_pressed(self) -> None:
        guarded(self.export, self.lab.bulletin.say, "export")

    def refresh_from_window(self) -> None:
        """Follow the window's game: a replay needs moves; the file name follows the
        game's file (never into the app's own examples)."""
        self.take().follow(self.lab.session)
        self.show_plan()

    def options(self, target: Path | None = None) -> ExportOptions:
        """The export options of the dialog's choices and the window's view (for a
        ``target`` whose extension says another format than the dialog's, that one)."""
        plan = self.take()
        includes = plan.includes(self.lab.session)  # its title, a lesson's overlays
        view = self.stage.view
        levels = None if view.levels == (0, 10**6) else view.levels
        camera = self.stage.scene.plotter.camera
        render = RenderOptions(
            size=plan.size,
            levels=levels,
            peel=view.peel,
            clips=[(c.axis, c.value, c.keep_below) for c in view.clips if c.enabled],
            ghost_peeled=view.ghost_peeled,
            cut_open=view.cut_open,
            free_plane=view.free_plane,
            overlays=includes["overlays"],
            camera=(
                tuple(camera.GetPosition()),
                tuple(camera.GetFocalPoint()),
                tuple(camera.GetViewUp()),
                float(camera.GetViewAngle()),
            ),
        )
        return ExportOptions(
            render=render,
            motion=plan.motion_for(target),
            frames=plan.frames,
            hold=plan.hold,
            title=includes["title"],
        )

    def export(self, path: str | Path | None = None) -> Path | None:
        """Export to ``path`` (default: the dialog's file) and return the path written;
        None when it failed (said in a message box) or was cancelled."""
        lab, port, stage = self.lab, self.port, self.stage
        target = self.take().target(None if path is None else str(path))
        options = self.options(target)
        game = lab.session.game
        frame = stage.drawn_frame()  # None in set-up mode: the position's own picture
        progress: QProgressDialog | None = None
        report = None
        if options.motion is not None:
            progress = QProgressDialog(_("Exporting..."), _("Cancel"), 0, 100, port.parent)
            progress.setWindowTitle(_("Export"))
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
            port.bulletin.say(_("export cancelled: nothing was written"))
            return None
        except (ValueError, OSError) as exc:
            reason = shown(system_reason(exc))
            text = str(exc) if isinstance(exc, ValueError) else _("{path}: {reason}")
            text = text.format(path=target, reason=reason)
            port.show_message(_("Cannot export"), text)
            return None
        finally:
            QApplication.restoreOverrideCursor()
            if progress is not None:
                progress.close()
                progress.deleteLater()
            stage.render_now()  # the board's own view again
        review = saved_review(lab.session)
        if review is not None and review.moves:  # the game's review: its graph beside
            graph = review_graph_path(written)
            try:
                write_bytes(graph, review_graph_png(review, game.players[0]))
            except OSError as exc:
                said = _("{path}: {reason}").format(path=graph, reason=shown(system_reason(exc)))
                port.show_message(_("Cannot export"), said)
                return written
            said = _("exported {path} and the review's graph {graph}")
            port.bulletin.say(said.format(path=written, graph=graph.name))
            return written
        port.bulletin.say(_("exported {path}").format(path=written))
        return written


def open_export_dialog(lab: Lab, port: QtPort, stage: Stage) -> ExportDialog:
    """File > Export...: the window's export dialog, made on first use, shown and raised."""
    dialog = port.parent.findChild(ExportDialog)
    if not isinstance(dialog, ExportDialog):
        dialog = ExportDialog(lab, port, stage)
    dialog.refresh_from_window()
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
