"""Clicks told from camera drags, and hovering, on the 3D widget: Qt sees every press and
release (VTK does not), so the filter decides here and passes every event on to VTK, which
turns the camera."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal

CLICK_SLOP = 4  # pixels a press may move and still count as a click, not a drag


class PointerFilter(QObject):
    """Calls ``click(x, y)`` for a left click and ``hover(x, y)`` for a move with no button,
    in VTK display pixels (y upwards, device pixels); ``left`` fires when the pointer
    leaves the widget."""

    left = Signal()

    def __init__(
        self,
        widget: Any,
        click: Callable[[float, float], None],
        hover: Callable[[float, float], None],
    ) -> None:
        super().__init__(widget)
        self.widget = widget
        self.click = click
        self.hover = hover
        self.enabled = True
        self._press: QPoint | None = None
        widget.installEventFilter(self)

    def to_display(self, pos: QPoint) -> tuple[float, float]:
        """Qt widget coordinates to VTK display pixels (y upwards, device pixels)."""
        ratio = self.widget.devicePixelRatioF()
        return pos.x() * ratio, (self.widget.height() - pos.y() - 1) * ratio

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if watched is self.widget and self.enabled:
            kind = event.type()
            left = Qt.MouseButton.LeftButton
            if kind == QEvent.Type.MouseButtonPress and event.button() == left:
                self._press = event.position().toPoint()
            elif kind == QEvent.Type.MouseButtonRelease and event.button() == left:
                pos = event.position().toPoint()
                press, self._press = self._press, None
                if press is not None and (pos - press).manhattanLength() <= CLICK_SLOP:
                    self.click(*self.to_display(pos))  # else a drag turned the camera
            elif kind == QEvent.Type.MouseMove and event.buttons() == Qt.MouseButton.NoButton:
                self.hover(*self.to_display(event.position().toPoint()))
            elif kind == QEvent.Type.Leave:
                self.left.emit()
        return False  # VTK gets every event too
