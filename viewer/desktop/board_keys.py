"""The keyboard on the 3D board (issue 107 item 2): with the scene focused, the arrow keys,
Page Up / Page Down, Home and End move the keyboard's point
(:mod:`.board_focus`), Space (and Enter, while no turn waits to be finished:
Enter is Finish turn then) plays or picks it as a click would; Shift with an arrow key turns
the camera (left, right) or zooms it (up, down: VTK's own Up and Down zoomed, and the
arrows are the point's now). Every other key goes on to VTK as before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt

from .board_focus import Step

Key = Qt.Key

#: The keys that move the point, and where.
STEP_KEYS: dict[Key, Step] = {
    Key.Key_Left: "left",
    Key.Key_Right: "right",
    Key.Key_Up: "up",
    Key.Key_Down: "down",
    Key.Key_PageUp: "level_up",
    Key.Key_PageDown: "level_down",
    Key.Key_Home: "home",
    Key.Key_End: "end",
}
#: The keys that play or pick the point.
PRESS_KEYS = (Key.Key_Space, Key.Key_Return, Key.Key_Enter)


#: Shift and an arrow: the camera's turn (degrees about the board's up axis) and zoom.
CAMERA_KEYS: dict[Key, tuple[float, float]] = {
    Key.Key_Left: (-15.0, 1.0),
    Key.Key_Right: (15.0, 1.0),
    Key.Key_Up: (0.0, 1.1),
    Key.Key_Down: (0.0, 1 / 1.1),
}


class BoardKeys(QObject):
    """On ``widget`` (the scene): ``move(step)`` for a step key, ``press()`` for Space or
    Enter, ``camera(turn, zoom)`` for Shift and an arrow (a key with Ctrl, Alt or Meta held
    is the window's)."""

    def __init__(
        self,
        widget: Any,
        move: Callable[[Step], None],
        press: Callable[[], None],
        camera: Callable[[float, float], None] | None = None,
    ) -> None:
        super().__init__(widget)
        self.widget = widget
        self.move = move
        self.press = press
        self.camera = camera
        widget.installEventFilter(self)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if watched is not self.widget or event.type() != QEvent.Type.KeyPress:
            return False
        held = event.modifiers() & ~(
            Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
        )
        if held != Qt.KeyboardModifier.NoModifier:
            return False
        key = Key(event.key())
        shifted = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if shifted and key in CAMERA_KEYS and self.camera is not None:
            self.camera(*CAMERA_KEYS[key])
            return True
        if key in STEP_KEYS:
            self.move(STEP_KEYS[key])
            return True
        if key in PRESS_KEYS:
            self.press()
            return True
        return False
