"""The docks' tables of rows (the Analysis dock's moves, the Review dock's, Partition's
corners): read only, a whole row picked at a time."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget


def row_table(rows: int, columns: Sequence[str], *, stretch: bool = False) -> QTableWidget:
    """A table of ``rows`` rows under the headers ``columns``, without row numbers, read
    only, where a click picks one whole row; its columns as wide as their contents and the
    last one taking what is left, or with ``stretch`` all sharing the width."""
    table = QTableWidget(rows, len(columns))
    header = table.horizontalHeader()
    if stretch:
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    else:
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
    table.setHorizontalHeaderLabels(list(columns))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    return table
