"""The window's status bar: messages that never run into the permanent labels.

QStatusBar paints a temporary message straight over its left part and cuts it off, with no
gap, where the first permanent label (the hover text) begins, so a long message ran into
it. Here the message is a label over a slot in the bar's own layout, a separator before
each permanent label: a long message wraps, up to three lines over the foot of the scene,
the bar keeping its one line (the scene's size never changes with a message), and is
elided with "…" only past them (the whole text in its tooltip). ``showMessage``,
``currentMessage``, ``clearMessage`` and ``messageChanged`` keep QStatusBar's meaning, and
normal widgets give way to a message while it shows, as in QStatusBar. The turn's prompt
is not one of them: it has its own line over the scene (:mod:`.prompt_bar`).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QMoveEvent, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QMainWindow,
    QSizePolicy,
    QStatusBar,
    QWidget,
)

from pyramid_lab.i18n import shown

#: QWidget's own "no maximum" width.
QWIDGETSIZE_MAX = (1 << 24) - 1
#: The hover text's least width while a long message shows.
MIN_HOVER = 120
#: The most lines a message takes in the bar (it is elided only past them).
MESSAGE_LINES = 3
#: The characters Qt breaks a line at (QChar::LineSeparator too): a text holding one takes
#: its wrapped measure however narrow it is.
LINE_BREAKS = frozenset("\n\u2028")


class ElidedLabel(QLabel):
    """A label that shows as much of its text as fits in ``lines`` lines (one by default;
    more: wrapped at words, as tall as it needs up to them), then "…"."""

    def __init__(self, parent: QWidget | None = None, lines: int = 1) -> None:
        super().__init__(parent)
        self.lines = lines
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(0)
        self._measured: tuple[str, int, str, int] = ("", 0, "", 1)  # text, width, font: lines

    def _needed(self, width: int) -> int:
        """The lines the text takes wrapped at ``width`` (measured once a text, width and font:
        a click sets the message and lays it out several times; a wrapped measure is the
        dearest step, and a text narrower than the width needs none)."""
        text = self.text()
        if self.lines <= 1 or not text:
            return 1
        font = self.font().key()
        if self._measured[:3] == (text, width, font):
            return self._measured[3]
        metrics = self.fontMetrics()
        if LINE_BREAKS.isdisjoint(text) and metrics.horizontalAdvance(text) <= width:
            lines = 1
        else:
            flags = int(Qt.TextFlag.TextWordWrap)
            box = metrics.boundingRect(QRect(0, 0, max(width, 1), 1 << 16), flags, text)
            lines = max(1, -(-box.height() // metrics.lineSpacing()))
        self._measured = (text, width, font, lines)
        return lines

    def wanted_height(self) -> int:
        """The height of the text's lines at the width now (up to ``lines``)."""
        shown_lines = min(self._needed(self.contentsRect().width()), self.lines)
        margins = max(self.height() - self.contentsRect().height(), 0)
        return shown_lines * self.fontMetrics().lineSpacing() + margins

    def fit_height(self) -> None:
        """As tall as the text's lines at the width now (up to ``lines``)."""
        if self.lines > 1 and self.minimumHeight() != (wanted := self.wanted_height()):
            self.setMinimumHeight(wanted)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.fit_height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_height()

    def paintEvent(self, _event: object) -> None:
        painter = QPainter(self)
        rect = self.contentsRect()
        metrics = self.fontMetrics()
        if self.lines > 1:  # wrapped; past its lines, the last one elided
            text = self.text()
            if self.elided():
                text = metrics.elidedText(
                    text, Qt.TextElideMode.ElideRight, rect.width() * self.lines
                )
            flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            painter.drawText(rect, int(flags) | int(Qt.TextFlag.TextWordWrap), text)
            return
        text = metrics.elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
        align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        painter.drawText(rect, int(align), text)

    def elided(self) -> bool:
        """The text does not fit (in its lines): "…" shows."""
        width = self.contentsRect().width()
        if self.lines > 1:
            return self._needed(width) > self.lines
        return self.fontMetrics().horizontalAdvance(self.text()) > width


class _Slot(QWidget):
    """The message's one line in the bar's layout; the message itself lies over it (and,
    wrapped, over what is above the bar), placed again as the slot moves."""

    def __init__(self, bar: StatusBar) -> None:
        super().__init__(bar)
        self.bar = bar

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.bar.place_message()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        self.bar.place_message()


class StatusBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # a long message wraps, up to MESSAGE_LINES lines, not cut at the bar's end: its
        # end is often the part to act on (issue 109 item 4). The bar keeps one line's
        # height whatever the message's length: the wrapped lines lie over the foot of the
        # scene (or a dock) above its slot, as a tooltip does; a bar that grew with the
        # message shrank the scene and the board jumped under the mouse (the framing
        # tests: a hint's wait and a device's line moved the camera)
        self.message = ElidedLabel(self, lines=MESSAGE_LINES)
        self.message.setAutoFillBackground(True)
        self.message.setBackgroundRole(self.backgroundRole())
        self.message.hide()
        self._slot = _Slot(self)
        self._slot.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._slot.setFixedHeight(self.message.fontMetrics().lineSpacing())
        self._slot.hide()
        super().addWidget(self._slot, 1)
        self._normal: list[QWidget] = []
        self._text = ""
        self._timer = QTimer(self, singleShot=True)
        self._timer.timeout.connect(self.clearMessage)
        #: The site under the mouse and the game's state (the right, permanent); the
        #: hover text gives way to a message (:meth:`_make_room`).
        self.hover, self.game = ElidedLabel(), QLabel()
        self.hover.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.addPermanentWidget(self.hover)
        self.addPermanentWidget(self.game)

    def addWidget(self, widget: QWidget, stretch: int | None = 0) -> None:
        """A normal widget: it shares the left part and gives way to messages; it may
        shrink (a long prompt is cut, never pushing the permanent labels away)."""
        policy = widget.sizePolicy()
        policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
        widget.setSizePolicy(policy)
        self._normal.append(widget)
        super().addWidget(widget, max(stretch or 0, 1))
        widget.setVisible(not self._text)

    def addPermanentWidget(self, widget: QWidget, stretch: int | None = 0) -> None:
        line = QFrame(self)
        line.setFrameShape(QFrame.Shape.VLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        super().addPermanentWidget(line)
        super().addPermanentWidget(widget, stretch)

    def showMessage(self, text: str, timeout: int | None = 0) -> None:
        text = shown(text)  # (the lab's words, in the window's language: issue 90)
        self._text = text
        self.message.setText(text)
        self.message.setToolTip(text)
        self._slot.setVisible(bool(text))
        self.message.setVisible(bool(text))
        self.place_message()
        for widget in self._normal:
            widget.setVisible(not text)
        if timeout and timeout > 0 and text:
            self._timer.start(timeout)
        else:
            self._timer.stop()
        self._make_room()
        self.messageChanged.emit(text)

    def _make_room(self) -> None:
        """A message is read whole before the hover text: while one shows, the hover
        text gives way (elided, down to :data:`MIN_HOVER`), as far as the message needs
        (a pick's offer of the point behind a ball was cut at "(View do..." beside the
        hover's words on the ball; issue 89's trials)."""
        if not self._text:
            self.hover.setMaximumWidth(QWIDGETSIZE_MAX)
            return
        need = self.message.fontMetrics().horizontalAdvance(self._text) + 24  # its margins
        others = self.game.sizeHint().width() + 40  # the game's label, the separators
        self.hover.setMaximumWidth(max(MIN_HOVER, self.width() - need - others))

    def place_message(self) -> None:
        """The message over its slot, its foot on the slot's, as tall as its lines: a child
        of the window (native as the scene is, so that it lies over the scene's GL window),
        never of the bar's layout, so that the bar and the scene keep their heights."""
        window = self.window()
        message = self.message
        if window is not self and message.parentWidget() is not window:
            visible = bool(self._text)
            message.setParent(window)
            if window.testAttribute(Qt.WidgetAttribute.WA_NativeWindow):
                message.setAttribute(Qt.WidgetAttribute.WA_NativeWindow)
            message.setVisible(visible)
        slot = self._slot
        parent = message.parentWidget()
        if parent is None:
            return
        corner = slot.mapTo(parent, QPoint(0, 0))  # (the bar or the window: its ancestors)
        left, width = corner.x(), slot.width()
        message.resize(width, message.height())
        centre = window.centralWidget() if isinstance(window, QMainWindow) else None
        if message.wanted_height() > slot.height() and centre is not None and parent is window:
            # its lines over the scene alone, never over a dock's foot (the set-up's
            # error the message repeats was under them)
            scene = centre.geometry()
            right = min(left + width, scene.right() + 1)
            left = max(left, scene.left())
            width = max(right - left, 0)
            message.resize(width, message.height())
        height = max(message.wanted_height(), slot.height())
        message.setMinimumHeight(0)
        message.setGeometry(left, corner.y() + slot.height() - height, width, height)
        if message.isVisible():
            message.raise_()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        self.place_message()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.place_message()

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._make_room()
        super().resizeEvent(event)
        self.place_message()

    def clearMessage(self) -> None:
        if self._text:
            self.showMessage("")
        self._timer.stop()

    def currentMessage(self) -> str:
        return self._text
