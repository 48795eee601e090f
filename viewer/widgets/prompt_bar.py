"""The turn's prompt in a place of its own: a line over the scene that says what to do
next. It used to share the status bar's left part and gave way to every message for 8 s
(Pyraos' "square completed: click up to two of your free spheres..." hidden behind
"black played 2,3,0"); messages now never cover it.

Its room is kept whether there is a prompt or not, two lines high (more only for a longer
prompt): a prompt that came and went, or grew from one line to two, shrank the scene under
it, and the board jumped under the mouse between a click that selects and the click that
plays (a Pyraos lift, an Allmer's stone: the destinations moved 10-30 pixels)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from pyramid_lab.i18n import _, shown

from ..lab import palette

LINES = 2  # the lines of room kept over the scene
_STYLE = "QLabel#prompt {{ background: {background}; color: #222; padding: 4px 10px; {border}}}"
_SHOWN = _STYLE.format(
    background="#fbf6e3", border="border-bottom: 1px solid #d8cfae; font-weight: 600; "
)
_EMPTY = _STYLE.format(  # the room only, in the colour of the scene's top
    background="rgb({}, {}, {})".format(*palette.BACKGROUND_TOP),
    border="border-bottom: 1px solid transparent; font-weight: 600; ",
)


class PromptBar(QLabel):
    """One or two lines of plain text over the scene, their room kept while there is
    nothing to prompt (an empty line in the scene's colour)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("prompt")
        self.setAccessibleName(_("What to do next"))
        self.setWordWrap(True)
        self.setTextFormat(self.textFormat().PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Maximum)
        self.setStyleSheet(_EMPTY)

    def room(self) -> int:
        """The height of :data:`LINES` lines of the prompt, with its padding and rule."""
        return LINES * self.fontMetrics().lineSpacing() + 2 * 4 + 1

    def heightForWidth(self, width: int) -> int:
        return max(self.room(), super().heightForWidth(width))

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), max(self.room(), hint.height()))

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(hint.width(), max(self.room(), hint.height()))

    def setText(self, text: str) -> None:
        text = shown(text)  # (the lab's words, in the window's language)
        if bool(text) != bool(self.text()):
            self.setStyleSheet(_SHOWN if text else _EMPTY)
        super().setText(text)
        self.setToolTip(text)
        parent = self.parentWidget()
        layout = parent.layout() if parent is not None else None
        if layout is not None:  # laid out now, as a prompt shown from hidden was
            layout.activate()
