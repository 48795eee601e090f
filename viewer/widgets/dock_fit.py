"""Docks that fit the window, and a window that fits its screen.

Qt grows a main window to its layout's minimum size: the docks of one column, stacked, each
at least its contents' minimum height. A game's tall dock (Pyramid Ball's Turn dock, with
its list of a row's lines) made the window taller than the screen when the game came; the
window kept that height after the game went. And until the user drags a dock column's edge,
Qt sizes the column by the widest size hint of its docks, so a dock whose texts change made
the column, and every button in it, move sideways.

:class:`ScrolledBody` holds a dock's contents: all of them where the window has the room,
scrolled where it has not (its minimum height is a few lines); its width hint is the
contents' minimum width, whatever its texts say. After a game's docks came,
:func:`fit_game_docks` gives the window its size back, within the screen's available area
(:func:`keep_on_screen`), the docks of their column the heights they ask for and each
column the width its docks ask for (:func:`dock_widths`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QWidget

from .slots import guarded

#: The least height a scrolled dock body keeps, in lines of text.
MIN_LINES = 4


class ScrolledBody(QScrollArea):
    """A dock's contents, scrolled vertically when the dock is shorter than they are.

    The size hint is the contents' height (the dock gets it where there is room) and their
    minimum width, plus room for the scroll bar: not the width their texts would like, so
    the dock column keeps its width as they change. The minimum height is at most ``lines``
    lines (:data:`MIN_LINES`), so a tall dock never makes the window grow; None keeps the
    contents' own (the dock then never scrolls: it only keeps its width).

    The contents are as wide as the dock and as tall as it is, or as the least they take at
    that width where that is more: QScrollArea's own sizing gives contents with wrapped
    text (a height for their width) their preferred height, so a list in them that may
    shrink made the dock scroll."""

    def __init__(
        self, body: QWidget, parent: QWidget | None = None, lines: int | None = MIN_LINES
    ) -> None:
        super().__init__(parent)
        self._body = body  # the scroll area's widget (set below), never None
        self.lines = lines
        self._least = 0  # the contents' least height at their width now
        #: the contents scroll sideways too, the area as narrow as a screen asks (large
        #: text on a small screen: :func:`scroll_sideways`)
        self.sideways = False
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(body)  # not resizable: sized here
        body.installEventFilter(self)  # its hints change: the dock's follow
        self.viewport().installEventFilter(self)  # a scroll bar came or went: the width

    def _width(self) -> int:
        body = self._body
        width = body.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
        if self.sideways:
            return min(width, sideways_width(self))
        return width

    def _least_height(self, width: int) -> int:
        body = self._body
        layout = body.layout()
        if layout is not None and layout.hasHeightForWidth():
            return layout.minimumHeightForWidth(width)
        return body.minimumSizeHint().height()

    def sizeHint(self) -> QSize:
        return QSize(self._width(), self._body.sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        height = max(self._body.minimumSizeHint().height(), self._least)
        if self.lines is not None:
            height = min(height, self.lines * self.fontMetrics().lineSpacing())
        return QSize(self._width(), height)

    def _fit(self) -> None:
        width = self.viewport().width()
        if self.sideways:  # no narrower than they take: a scroll bar beneath them instead
            width = max(width, self._body.minimumSizeHint().width())
        least = self._least_height(width)
        self._body.resize(width, max(self.viewport().height(), least))
        if least != self._least:
            self._least = least
            self.updateGeometry()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self._body and kind == QEvent.Type.LayoutRequest:
            self.updateGeometry()
            QTimer.singleShot(0, self, self._fit)  # once its layout took the request
        elif watched is self.viewport() and kind == QEvent.Type.Resize:
            self._fit()
        return super().eventFilter(watched, event)


def qt_docks(docks: Iterable[object]) -> list[QDockWidget]:
    """A game UI's docks (``GameUI.docks``: the lab, which imports no Qt, hands them as
    objects) as the window's Qt docks; TypeError on anything else."""
    out = []
    for dock in docks:
        if not isinstance(dock, QDockWidget):
            raise TypeError(f"a game's dock is a QDockWidget, not {type(dock).__name__}")
        out.append(dock)
    return out


def add_game_docks(
    window: QMainWindow,
    docks: Sequence[QDockWidget],
    tabs: Sequence[Sequence[QDockWidget]],
) -> None:
    """A game's ``docks`` join the right side of the window, shown: each comes with its
    game (closed, it stays closed until the next); each group of ``tabs`` shares one place,
    its first dock in front."""
    for dock in docks:
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.show()
    for first, *others in tabs:
        for other in others:
            window.tabifyDockWidget(first, other)
        first.raise_()


def fit_game_docks(
    window: QMainWindow,
    docks: Sequence[QDockWidget],
    size: QSize,
    report: Callable[[str], None],
) -> None:
    """After a game's ``docks`` replaced the last game's: the window in its ``size`` again
    and on its screen (:func:`keep_on_screen`), and the docks of their column at the heights
    they ask for, all shortened alike where the column is shorter; not at the heights the
    last game's docks left them (the Moves dock kept the whole column of a game without
    docks, and a game's Turn dock got the least it takes).

    The size once more when the switch is done: until the last game's board and View dock
    controls went, they and the new docks together may take more room than ``size``. An
    error then is logged and given to ``report`` (no exception leaves a Qt callback)."""
    keep_on_screen(window, size)

    def again() -> None:
        QCoreApplication.sendPostedEvents()  # the layout requests the switch left
        layout = window.layout()
        if layout is not None:
            layout.invalidate()  # its minimum size now, not as the last request left it
            layout.activate()
        keep_on_screen(window, size)
        dock_widths(window)  # the last game's wide docks left their columns wide

    QTimer.singleShot(0, window, lambda: guarded(again, report, "fit the window"))
    dock_heights(window, docks)


def dock_heights(window: QMainWindow, docks: Sequence[QDockWidget]) -> None:
    """The docks of the columns of ``docks`` at the heights they ask for, all shortened
    alike where the column is shorter: a game's docks after a switch, and a window built
    on screen (``pyramid-lab open FILE``), where Qt gave what the opening screen left over
    as it pleased (Pyramid Ball's program dock 335 pixels for the 191 it asks, its Turn
    dock's codes behind a scroll bar)."""
    areas = {window.dockWidgetArea(dock) for dock in docks if not dock.isFloating()}
    column: list[QDockWidget] = []
    heights: list[int] = []
    for dock in window.findChildren(QDockWidget):
        if dock.isFloating() or not dock.isVisible() or window.dockWidgetArea(dock) not in areas:
            continue
        group = [dock, *window.tabifiedDockWidgets(dock)]
        if any(other in column for other in group):
            continue  # tabs share one place: the tallest asks for it
        column.append(dock)
        heights.append(max(other.sizeHint().height() for other in group))
    if column:
        window.resizeDocks(column, heights, Qt.Orientation.Vertical)


def dock_widths(window: QMainWindow) -> None:
    """Each side's dock column as wide as its widest shown dock asks, as a window built
    before it was shown has it: not as wide as the docks it held before (a Partition lesson
    after Pyramid Ball or Rolling Pyramids got a 3D view 130 pixels narrower)."""
    for area in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea):
        docks = [
            dock
            for dock in window.findChildren(QDockWidget)
            if dock.isVisible() and not dock.isFloating() and window.dockWidgetArea(dock) == area
        ]
        if docks:
            width = max(dock.sizeHint().width() for dock in docks)
            window.resizeDocks(docks, [width] * len(docks), Qt.Orientation.Horizontal)


def sideways_width(widget: QWidget) -> int:
    """The least width a dock's contents keep where they scroll sideways: some 16 letters."""
    return 16 * widget.fontMetrics().averageCharWidth()


class SidewaysArea(QScrollArea):
    """A dock's contents in a scroll area of their own, scrolled either way where the dock
    is smaller than they take (:func:`scroll_sideways`)."""

    def __init__(self, body: QWidget) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)  # as wide as the dock, never narrower than they take
        self.setWidget(body)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), sideways_width(self)), hint.height())

    def sizeHint(self) -> QSize:
        body = self.widget()
        return body.sizeHint() if body is not None else super().sizeHint()


def scroll_sideways(window: QMainWindow) -> None:
    """The contents of each docked dock scroll sideways where the dock is narrower than
    they take, so that the window fits a screen its docks side by side are wider than
    (1.5x or 2x text on a 1400-pixel screen: 138 pixels wider than the screen, words
    cut; issue 107 item 6): a dock scrolled already (:class:`ScrolledBody`) scrolls
    sideways too; another's contents go into a :class:`SidewaysArea`."""
    for dock in window.findChildren(QDockWidget):
        body = dock.widget()
        if body is None or isinstance(body, SidewaysArea):
            continue
        if isinstance(body, ScrolledBody):
            body.sideways = True
            body.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            body.updateGeometry()
        elif isinstance(body, QScrollArea):
            body.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        else:
            dock.setWidget(SidewaysArea(body))
    layout = window.layout()
    if layout is not None:
        layout.invalidate()
        layout.activate()


def keep_on_screen(window: QWidget, size: QSize | None = None) -> None:
    """Give ``window`` its ``size`` back (Qt keeps it at least its minimum size), then keep
    its frame within its screen's available area (the desktop less its panels): no taller
    or wider, moved back onto it. A maximized or full-screen window is the window
    manager's to size."""
    if window.isMaximized() or window.isFullScreen():
        return
    if size is not None and window.size() != size:
        window.resize(size)
    screen = window.screen()
    if screen is None or not window.isVisible():
        return
    area = screen.availableGeometry()
    frame = window.frameGeometry()
    extra = frame.size() - window.size()  # the window manager's title bar and borders
    least = window.minimumSizeHint()
    wide = least.width() > area.width() - extra.width()
    if isinstance(window, QMainWindow) and (
        wide or least.height() > area.height() - extra.height()
    ):
        scroll_sideways(window)  # (the docks' least sizes made the window so big)
    width = min(window.width(), area.width() - extra.width())
    height = min(window.height(), area.height() - extra.height())
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
        frame = window.frameGeometry()
    left = max(area.left(), min(frame.left(), area.right() + 1 - frame.width()))
    top = max(area.top(), min(frame.top(), area.bottom() + 1 - frame.height()))
    if (left, top) != (frame.left(), frame.top()):
        window.move(left, top)


def docked_beside(window: QMainWindow, dock: QDockWidget) -> list[QDockWidget]:
    """The other docks shown in the window on ``dock``'s side of it (not floating)."""
    area = window.dockWidgetArea(dock)
    return [
        other
        for other in window.findChildren(QDockWidget)
        if other is not dock
        and other.isVisible()
        and not other.isFloating()
        and window.dockWidgetArea(other) == area
    ]


def present(dock: QDockWidget) -> None:
    """Show and raise ``dock``, with the room it needs beside the docks that share its side
    of the window: they keep what they need (their minimum height), it gets the rest."""
    dock.show()
    dock.raise_()
    window = dock.parentWidget()
    if dock.isFloating() or not isinstance(window, QMainWindow):
        return
    others = docked_beside(window, dock)
    if others:
        sizes = [other.minimumSizeHint().height() for other in others]
        window.resizeDocks([*others, dock], [*sizes, window.height()], Qt.Orientation.Vertical)
