"""The Moves dock: the current line of moves, with the other lines tried at each move
beneath it. Clicking a move shows the position after it; clicking another line makes it the
current one. Its context menu deletes a line that is not shown (after asking).

The list is rebuilt after every change of position, a click's too: Qt's mouse press makes
the row current (the dock goes there and rebuilds the list) and only then selects the row
under the pointer. So a rebuild keeps the list where it was scrolled to, and the highlighted
row is always the current one (the position shown), whatever the press selected after it.

Secret moves (a game's hidden orders before their reveal: ``hidden``, the game UI's
``hidden_moves``) are listed in the words it gives, and so are the other lines tried at
them, so that a hot-seat player cannot read them here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from PySide6.QtCore import QItemSelectionModel, QPoint, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QMenu,
    QMessageBox,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from pyramid_lab.i18n import N_, _, ngettext, shown
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.tree import Node

from ..lab.events import Signal
from .names import colour_word
from .slots import guarded, slot

#: a hidden move's tooltip
SECRET_TIP = N_("a secret move: listed in full once it is revealed, until then hidden")

NODE = Qt.ItemDataRole.UserRole
#: The moves of a line that may not be read yet, by index, with the words shown instead.
Hidden = Callable[[Game, Sequence[tuple[str, Move]]], Mapping[int, str]]
#: A move as a row names it (the game UI's ``move_listed``: its notation, its words said).
Listed = Callable[[Move], str]
Row = tuple[str, Node, "str | None", list[tuple[str, Node]]]  # label, node, secret, others
RowKey = tuple[str, int, "str | None", tuple[tuple[str, int], ...]]


class MoveTree(Protocol):
    """The tree of moves the dock lists and walks (``viewer.lab.session.Lines``)."""

    def line(self) -> list[tuple[str, Move]]: ...

    def line_nodes(self) -> list[Node]: ...

    def alternatives(self, node: Node) -> list[Node]: ...

    def goto_node(self, node: Node) -> None: ...

    def delete_line(self, node: Node) -> int: ...


class Lines(Protocol):
    """The game the dock lists (``viewer.lab.session.Session``): its tree of moves."""

    message: Signal[[str]]  # text for the status bar

    @property
    def game(self) -> Game: ...

    @property
    def node(self) -> Node: ...

    @property
    def ply(self) -> int: ...

    @property
    def lines(self) -> MoveTree: ...


class MoveListDock(QDockWidget):
    def __init__(
        self,
        session: Lines,
        parent: QWidget | None = None,
        hidden: Hidden | None = None,
        listed: Listed = str,
    ) -> None:
        super().__init__(_("Moves"), parent)
        self.setObjectName("moves-dock")
        self.session = session
        self.hidden: Hidden = hidden or (lambda _game, _line: {})
        self.listed = listed  # a move as a row names it (its notation, its words said)
        self.tree = QTreeWidget(self)
        self.tree.setAccessibleName(_("Moves"))
        self.tree.setHeaderHidden(True)
        self.tree.setIndentation(14)
        self.tree.setUniformRowHeights(True)  # one line a row: a long list lays out at once
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.setWidget(self.tree)
        self._nodes: list[Node] = []  # an item's NODE data indexes this list
        self._secret: dict[int, str] = {}  # node index -> the words shown for a secret move
        self._row_keys: list[RowKey] = []  # what each top-level row shows now
        # the rows of the line's moves with no other line beside them, by their node's id
        self._made: dict[int, tuple[Node, tuple[int, str, str | None], Row, RowKey]] = {}
        self.tree.currentItemChanged.connect(self._on_current_changed)
        self.tree.itemSelectionChanged.connect(self._select_current)

    def refresh(self) -> None:
        """The rows of the current line and the other lines at each ply. Rows already shown
        as they should be stay; from the first that differs on, rows are made anew (a move
        played adds one row, not the whole list again: rebuilding cost a game of Rolling
        Pyramids' 170 moves some seconds)."""
        session = self.session
        rows, keys = self._rows()
        keep = 0
        for old, key, new in zip(self._row_keys, keys, rows, strict=False):
            if old != key and not self._relabel(keep, old, key, new):
                break
            keep += 1
        scroll = self.tree.verticalScrollBar()
        top = scroll.value()  # a rebuilt list scrolls to the top: rows would move under a click
        with QSignalBlocker(self.tree):
            while self.tree.topLevelItemCount() > keep:
                self.tree.takeTopLevelItem(keep)
            del self._row_keys[keep:]
            size = sum(1 + len(key[3]) for key in self._row_keys)  # nodes of the kept rows
            del self._nodes[size:]
            self._secret = {i: text for i, text in self._secret.items() if i < size}
            for row, key in zip(rows[keep:], keys[keep:], strict=True):
                label, node, secret, others = row
                item = self._add(None, label, node, secret)
                for other_label, other in others:
                    self._add(item, other_label, other, secret)
                item.setExpanded(True)
                self._row_keys.append(key)
            current = self.tree.topLevelItem(session.ply)
            if current is not None and self.tree.currentItem() is not current:
                self.tree.setCurrentItem(current)
            self.tree.doItemsLayout()  # the scroll range of the new rows, for the value
            scroll.setValue(top)
            if current is not None:
                self.tree.scrollToItem(current)

    def _relabel(self, index: int, old: RowKey, key: RowKey, row: Row) -> bool:
        """Row ``index`` shows the same nodes with other words (a secret move revealed,
        Rolling Pyramids' deployments at the fights): its words changed in place, True;
        False when its nodes differ (it and the rows after it are made anew)."""
        if old[1] != key[1] or [n for _, n in old[3]] != [n for _, n in key[3]]:
            return False
        item = self.tree.topLevelItem(index)
        if item is None or item.childCount() != len(key[3]):
            return False
        label, _node, secret, others = row
        children = [item.child(i) for i in range(item.childCount())]
        item.setText(0, label)
        for child, (text, _other) in zip(children, others, strict=True):
            if child is not None:
                child.setText(0, text)
        for it in (item, *children):
            if it is None:
                continue
            number = it.data(0, NODE)
            if secret:
                self._secret[number] = secret
            else:
                self._secret.pop(number, None)
        item.setToolTip(0, _(SECRET_TIP) if secret else "")
        self._row_keys[index] = key
        return True

    def _rows(self) -> tuple[list[Row], list[RowKey]]:
        """What each top-level row shows (its label, node, secret words and other lines)
        and its key. A row of a move with no other line tried beside it is made once while
        its node, ply, mover and words stay (the rows were all made anew on every move: a
        long game's moves grew with it)."""
        session = self.session
        start: Row = (_("start"), session.node.root(), None, [])
        rows, keys = [start], [_key(start)]
        movers = session.lines.line()
        hidden = self.hidden(session.game, movers)
        made, self._made = self._made, {}
        for ply, node in enumerate(session.lines.line_nodes(), start=1):
            mover = movers[ply - 1][0]
            secret = hidden.get(ply - 1)
            alone = node.parent is None or len(node.parent.children) == 1
            kept = made.get(id(node)) if alone else None
            if kept is not None and kept[0] is node and kept[1] == (ply, mover, secret):
                row, key = kept[2], kept[3]
            else:
                label = f"{ply}. {secret}" if secret else _label(ply, mover, node, self.listed)
                others = []
                for other in session.lines.alternatives(node):
                    length = 1 + len(other.continuation())
                    text = f"{ply}. {secret}" if secret else _label(ply, mover, other, self.listed)
                    said = (
                        ngettext(
                            "or {move}  (line of {count} move)",
                            "or {move}  (line of {count} moves)",
                            length,
                        )
                        if length > 1
                        else _("or {move}")
                    )
                    others.append((said.format(move=text, count=length), other))
                row = (label, node, secret, others)
                key = _key(row)
            if alone:  # (kept with its node: no id is reused while it is here)
                self._made[id(node)] = (node, (ply, mover, secret), row, key)
            rows.append(row)
            keys.append(key)
        return rows, keys

    def _add(
        self, parent: QTreeWidgetItem | None, text: str, node: Node, secret: str | None = None
    ) -> QTreeWidgetItem:
        item = QTreeWidgetItem([text])
        item.setData(0, NODE, len(self._nodes))
        if secret:
            self._secret[len(self._nodes)] = secret
        self._nodes.append(node)
        if secret:
            item.setToolTip(0, _(SECRET_TIP))
        if parent is None:
            self.tree.addTopLevelItem(item)
        else:
            item.setToolTip(0, _("another line tried here: click to follow it"))
            parent.addChild(item)
        return item

    def node_of(self, item: QTreeWidgetItem) -> Node:
        return self._nodes[int(item.data(0, NODE))]

    def rows(self) -> int:
        """The number of rows of the current line ('start' included)."""
        return self.tree.topLevelItemCount()

    def select_row(self, ply: int) -> None:
        """Click the row of the current line after ``ply`` moves."""
        row = self.tree.topLevelItem(ply)
        if row is None:
            raise IndexError(f"no row after {ply} moves")
        self.tree.setCurrentItem(row)

    @slot
    def _on_current_changed(self, item: QTreeWidgetItem | None, _previous: object) -> None:
        if item is None:
            return
        node = self.node_of(item)
        if node is not self.session.node:
            self.session.lines.goto_node(node)

    @slot
    def _select_current(self) -> None:
        """Only the current row is highlighted: a click's press selects the row under the
        pointer after the list was rebuilt for the current one (another line followed moves
        the rows), and ctrl+click would leave none."""
        current = self.tree.currentItem()
        if current is not None and self.tree.selectedItems() != [current]:
            self.tree.selectionModel().select(
                self.tree.currentIndex(), QItemSelectionModel.SelectionFlag.ClearAndSelect
            )

    @slot
    def _context_menu(self, point: QPoint) -> None:
        item = self.tree.itemAt(point)
        if item is None or item.parent() is None:
            return
        node = self.node_of(item)
        secret = self._secret.get(item.data(0, NODE))
        menu = QMenu(self)
        action = menu.addAction(_("Delete this line..."))
        action.triggered.connect(
            lambda: guarded(lambda: self.ask_delete(node, secret), self.show_message)
        )
        menu.exec(self.tree.viewport().mapToGlobal(point))

    def show_message(self, text: str) -> None:
        self.session.message.emit(text)

    def ask_delete(self, node: Node, secret: str | None = None) -> bool:
        """Delete another line after asking (naming its first move by ``secret`` when that
        is hidden); True when it went."""
        count = 1 + node.size()
        first = f"'{secret}'" if secret else str(node.move)
        said = ngettext(
            "Delete the line starting {move} ({count} moves)? It cannot be undone.",
            "Delete the line starting {move} ({count} moves)? It cannot be undone.",
            count,
        )
        answer = QMessageBox.question(
            self, _("Delete a line"), said.format(move=first, count=count)
        )
        if answer != QMessageBox.StandardButton.Yes:
            return False
        self.session.lines.delete_line(node)
        said = ngettext("deleted a line of {count} moves", "deleted a line of {count} moves", count)
        self.session.message.emit(said.format(count=count))
        return True


def _key(row: Row) -> RowKey:
    """A row compared by its nodes' identity (the rows shown hold those nodes, so an id
    is not reused while compared) and its words."""
    label, node, secret, others = row
    return (label, id(node), secret, tuple((text, id(other)) for text, other in others))


def _label(ply: int, mover: str, node: Node, listed: Listed) -> str:
    """A row's words: the ply, the mover's colour and the move (said as ``listed`` names it)."""
    move = shown(listed(node.move)) if node.move is not None else ""
    return f"{ply}. {colour_word(mover)} {move}".replace("  ", " ")
