"""Driving the main window as a user does: real mouse clicks where the board draws a point."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt


def click(qtbot, window, pid):
    """Click point ``pid`` with the mouse where the board draws it."""
    x, y = window.stage.board.display_position(pid)
    ratio = window.plotter.devicePixelRatioF()
    pos = QPoint(round(x / ratio), round(window.plotter.height() - 1 - y / ratio))
    qtbot.mouseClick(window.plotter, Qt.MouseButton.LeftButton, pos=pos)


def under_mouse(window, pid):
    """The point a click on ``pid``'s drawn position would pick."""
    return window.stage.board.pick(*window.stage.board.display_position(pid))


def click_row(qtbot, dock, item) -> QPoint:
    """Click a row of the Moves dock with the mouse (scrolled into view first, as a user
    would); where the click was, in the list's viewport."""
    tree = dock.tree
    tree.scrollToItem(item)
    pos = tree.visualItemRect(item).center()
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    return pos
