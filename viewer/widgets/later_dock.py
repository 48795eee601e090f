"""A dock whose body is made at its first use: the dock itself (its title, its name, its place
among the window's docks, its View menu toggle, its part of a saved layout) is made with the
window, its widgets when it is first shown or one of them is first asked for (a verb that
needs them, a test that reads them). Most windows never show the Analysis, Review, Puzzle,
Set-up and Rules docks: 179 of a Partition window's 322 widgets.

A subclass makes its widgets in ``make_body`` and declares each that others read as a
:class:`Part` (reading it makes the body); its controller fills a body made late from its
own state when ``made`` goes out (before the dock is shown), and writes into the widgets
only where ``is_made``. Made into a built window, the body joins the focus chain where a
body made with its dock stood (lesson 69), not at the window's end.

A part other than a dock's body is made at its first use the same way, by a
:class:`FirstUse` of the maker its owner was handed (or holds) when it was made: a window
that never shows the part never builds it (the Lesson dock's steps and the teacher's lesson
editor: 123 of a Partition window's 429 widgets). Made once; nothing is written into it
afterwards but by its owner, as into a part made at once."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Generic, TypeVar, overload

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDockWidget, QWidget

T = TypeVar("T")
W = TypeVar("W")
_BUILT = itertools.count()  # (LaterDock.built_as)


class FirstUse(Generic[T]):
    """``make()``'s part, made at the first call and the same one at every call after."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._made: T | None = None

    def __call__(self) -> T:
        if self._made is None:
            self._made = self._make()
        return self._made

    @property
    def made(self) -> T | None:
        """The part if it was made (None: nobody used it yet)."""
        return self._made


class LaterDock(QDockWidget):
    """A dock whose body (``make_body``'s) is made at its first show or first use."""

    #: The body was made (its controller fills it now; the dock is not shown yet).
    made = Signal()

    def __init__(self, title: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.setObjectName(name)
        self._body = FirstUse(self._make)
        self._in_dock = False  # the body is set into the dock (its controller may fill it)
        #: The dock's place in the order the docks were built (its body joins the focus
        #: chain before the bodies of the docks built after it, whenever they were made).
        self.built_as = next(_BUILT)

    def make_body(self) -> QWidget:
        """The dock's widgets, in the body set into the dock (the subclass's)."""
        raise NotImplementedError(type(self).__name__)

    @property
    def is_made(self) -> bool:
        """Whether the body is made (else nothing reads or shows it yet); true from the
        moment it is set into the dock, as ``made`` goes out."""
        return self._in_dock

    def body(self) -> QWidget:
        """The body, made now if it is not yet."""
        return self._body()

    def setVisible(self, visible: bool) -> None:
        if visible:
            self._body()  # (shown by the View menu, a verb, a restored layout: made first)
        super().setVisible(visible)

    def showEvent(self, event: QShowEvent) -> None:
        self._body()  # (shown some way that did not ask setVisible: made now)
        super().showEvent(event)

    def _make(self) -> QWidget:
        body = self.make_body()
        self.setWidget(body)
        self._in_dock = True
        if self.isVisible():  # (a dock shown by a way that skips setVisible: shown now)
            body.show()
        follow_in_tabs(_before(self), body)
        self.made.emit()
        return body


class Part(Generic[W]):
    """A widget of a :class:`LaterDock`'s body: reading it makes the body (once)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, dock: None, owner: type) -> Part[W]: ...

    @overload
    def __get__(self, dock: LaterDock, owner: type) -> W: ...

    def __get__(self, dock: LaterDock | None, owner: type) -> Part[W] | W:
        if dock is None:
            return self
        made: dict[str, W] = dock.__dict__
        if self._name not in made:
            dock.body()  # (which sets it)
        return made[self._name]

    def __set__(self, dock: LaterDock, widget: W) -> None:
        made: dict[str, W] = dock.__dict__
        made[self._name] = widget


def follow_in_tabs(before: QWidget | None, widget: QWidget) -> None:
    """``widget`` and its children, in their order, next after ``before`` in the focus
    chain (a widget made into a built window is put at the end of the window's)."""
    block, at = [widget], widget.nextInFocusChain()
    while at is not None and widget.isAncestorOf(at):
        block.append(at)
        at = at.nextInFocusChain()
    for each in block:
        if each.focusPolicy() != Qt.FocusPolicy.NoFocus:  # (Qt moves only those)
            if before is not None:
                QWidget.setTabOrder(before, each)
            before = each


def _before(dock: LaterDock) -> QWidget | None:
    """The widget that takes focus last before ``dock`` in the chain, as its window was
    built: a body made earlier of a dock built after this one (put before its own dock)
    does not count. (Only the chain just before the dock is walked: a walk over the rest of
    the window's chain, its menus among them, left the Game menu's players' submenus dead
    under their Python names in the tests after it, test_ball_window.py.)"""
    window = dock.window()
    later = [d for d in window.findChildren(LaterDock) if d.built_as > dock.built_as]
    at = dock.previousInFocusChain()
    while at is not None and at is not dock and at is not window:
        if at.focusPolicy() != Qt.FocusPolicy.NoFocus and not any(
            d.isAncestorOf(at) for d in later
        ):
            return at
        at = at.previousInFocusChain()
    return None
