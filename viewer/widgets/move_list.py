"""The Moves dock: the current line of moves, with the other lines tried at each move
beneath it. Clicking a move shows the position after it; clicking another line makes it the
current one. Its context menu deletes a line that is not shown (after asking)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QMenu,
    QMessageBox,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from model.tree import Node

from ..session import Session
from ..slots import guarded, slot

NODE = Qt.ItemDataRole.UserRole


class MoveListDock(QDockWidget):
    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__("Moves", parent)
        self.setObjectName("moves-dock")
        self.session = session
        self.tree = QTreeWidget(self)
        self.tree.setHeaderHidden(True)
        self.tree.setIndentation(14)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.setWidget(self.tree)
        self._nodes: list[Node] = []  # an item's NODE data indexes this list
        self.tree.currentItemChanged.connect(self._on_current_changed)

    def refresh(self) -> None:
        session = self.session
        self._nodes = []
        with QSignalBlocker(self.tree):
            self.tree.clear()
            self._add(None, "start", session.node.root())
            movers = session.line()
            for ply, node in enumerate(session.line_nodes(), start=1):
                mover = movers[ply - 1][0]
                item = self._add(None, _label(ply, mover, node), node)
                for other in session.alternatives(node):
                    length = 1 + len(other.continuation())
                    more = f"  (line of {length} moves)" if length > 1 else ""
                    self._add(item, f"or {_label(ply, mover, other)}{more}", other)
                item.setExpanded(True)
            current = self.tree.topLevelItem(session.ply)
            self.tree.setCurrentItem(current)
            self.tree.scrollToItem(current)

    def _add(self, parent: QTreeWidgetItem | None, text: str, node: Node) -> QTreeWidgetItem:
        item = QTreeWidgetItem([text])
        item.setData(0, NODE, len(self._nodes))
        self._nodes.append(node)
        if parent is None:
            self.tree.addTopLevelItem(item)
        else:
            item.setToolTip(0, "another line tried here: click to follow it")
            parent.addChild(item)
        return item

    def node_of(self, item: QTreeWidgetItem) -> Node:
        return self._nodes[item.data(0, NODE)]

    def rows(self) -> int:
        """The number of rows of the current line ('start' included)."""
        return self.tree.topLevelItemCount()

    def select_row(self, ply: int) -> None:
        """Click the row of the current line after ``ply`` moves."""
        self.tree.setCurrentItem(self.tree.topLevelItem(ply))

    @slot
    def _on_current_changed(self, item: QTreeWidgetItem | None, _previous: object) -> None:
        if item is None:
            return
        node = self.node_of(item)
        if node is not self.session.node:
            self.session.goto_node(node)

    @slot
    def _context_menu(self, point: QPoint) -> None:
        item = self.tree.itemAt(point)
        if item is None or item.parent() is None:
            return
        node = self.node_of(item)
        menu = QMenu(self)
        action = menu.addAction("Delete this line...")
        action.triggered.connect(lambda: guarded(lambda: self.ask_delete(node), self.show_message))
        menu.exec(self.tree.viewport().mapToGlobal(point))

    def show_message(self, text: str) -> None:
        self.session.message.emit(text)

    def ask_delete(self, node: Node) -> bool:
        """Delete another line after asking; True when it went."""
        count = 1 + node.size()
        answer = QMessageBox.question(
            self,
            "Delete a line",
            f"Delete the line starting {node.move} ({count} moves)? It cannot be undone.",
        )
        if answer != QMessageBox.StandardButton.Yes:
            return False
        self.session.delete_line(node)
        self.session.message.emit(f"deleted a line of {count} moves")
        return True


def _label(ply: int, mover: str, node: Node) -> str:
    return f"{ply}. {mover} {node.move}".replace("  ", " ")
