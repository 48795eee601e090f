"""The Practice dock: a puzzle collection in order of difficulty with the solved ones
ticked, the puzzle being played (title, goal, what happened, the notes once solved) and
the buttons Hint, Try again, Show solution and Next unsolved.

A leaf: it shows what it is handed (:meth:`PracticeDock.show_state`) and says what was
pressed (its buttons, and :attr:`PracticeDock.picked` for a row of the list); Practice
(:class:`viewer.desktop.practice.Practice`) owns it and does the work."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab import i18n
from pyramid_lab.i18n import _, ngettext
from pyramid_lab.model.collection import LEVELS, STARS, Collection, Entry, Progress
from pyramid_lab.model.game import Move
from pyramid_lab.model.puzzle import Goal

from .names import colour_word
from .setup_dock import button_row, rich_label, scrolled_body, tipped_button

GREEN, RED, GREY = "#1b7a2e", "#b00020", "#666666"
TICK, OPEN = "\u2714", "\u2003"  # a check mark; an em space where it would stand


def level_key() -> str:
    """'★☆☆ easy, ★★☆ medium, ★★★ hard', the levels' words in the window's language."""
    return ", ".join(f"{stars} {_(name)}" for stars, name in zip(STARS, LEVELS, strict=True))


def level_text(entry: Entry) -> str:
    """'★★☆ medium' ('' for a puzzle without a measure), in the window's language."""
    return f"{entry.stars} {_(entry.level_name)}" if entry.stars else ""


@dataclass(frozen=True)
class Attempt:
    """The puzzle being played, as the dock shows it."""

    index: int  # in the collection
    status: tuple[str, str]  # (kind: "info" / "thinking" / "solved" / "failed", text)
    goal: Goal | None
    notes: str
    solution: list[Move] | None  # revealed
    ticked: bool
    hint_stage: int  # 0: none, 1: which piece or area, 2: the move
    hint_move: Move | None
    hint_text: str = ""  # a placement's first hint: its idea (the corner at stake, ...)
    why: str = ""  # a failed attempt: what the wrong move did, what the goal needed


class PracticeDock(QDockWidget):
    #: a row of the list was clicked or activated: the index of its puzzle
    picked = Signal(int)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(_("Practice"), parent)
        self.setObjectName("practice-dock")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.heading = rich_label(layout)
        self.brief = rich_label(layout)
        self.hint_button = tipped_button(
            _("Hint"), _("First which piece (or where), then the move itself")
        )
        self.retry_button = QPushButton(_("Try again"))
        self.reveal_button = tipped_button(
            _("Show solution"), _("The puzzle is not ticked when the solution was shown")
        )
        self.next_button = tipped_button(
            _("Next unsolved"),
            _(
                "The easiest puzzle not solved yet, other than this one (one skipped comes "
                "back before harder ones)"
            ),
        )
        button_row(
            layout, self.hint_button, self.retry_button, self.reveal_button, self.next_button
        )
        self.status = rich_label(layout)
        self.list = QListWidget()
        self.list.setMinimumHeight(140)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.list.itemActivated.connect(self._on_activated)
        self.list.itemClicked.connect(self._on_activated)
        layout.addWidget(self.list, 1)  # under the attempt: it takes the rest
        scrolled_body(self, body)
        self.show_state(None, None, None, None)

    def _on_activated(self, item: QListWidgetItem) -> None:
        self.picked.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def show_state(
        self,
        collection: Collection | None,
        progress: Progress | None,
        current: int | None,
        attempt: Attempt | None,
    ) -> None:
        """Show the collection (None: none open), its ticks in ``progress``, the puzzle
        ``current`` and the attempt at it (None: no puzzle is being played)."""
        if collection is None or progress is None:
            none = _("No collection open.")
            where = _(
                "Puzzles menu: a shipped collection, or Open collection... for a folder of "
                "puzzle files."
            )
            self.heading.setText(f"<b>{none}</b><br>{where}")
            self.list.clear()
        else:
            solved = progress.count(collection)
            total = len(collection.entries)
            name = html.escape(collection.folder.name)
            said = _("{name}: {solved} of {total} solved").format(
                name=f"<b>{name}</b>", solved=solved, total=total
            )
            order = _(
                "easiest first: {key}, thirds of this collection in the engine's order (a "
                "row's tooltip has the measure)"
            ).format(key=level_key())
            self.heading.setText(f"{said}<br><span style='color:{GREY}'>{order}</span>")
            self._fill(collection, progress, current)
        for button in (self.hint_button, self.retry_button, self.reveal_button):
            button.setEnabled(attempt is not None)
        self.next_button.setEnabled(collection is not None)
        self._show_attempt(collection, attempt)

    def _fill(self, collection: Collection, progress: Progress, current: int | None) -> None:
        texts = []
        for i, entry in enumerate(collection.entries):
            mark = TICK if progress.is_solved(entry.key) else OPEN
            hard = f"{entry.stars} " if entry.stars else ""
            title = entry.title_in(i18n.current())  # (in the window's language)
            texts.append((f"{mark} {i + 1}. {hard}{title}", entry))
        if [self.list.item(i).text() for i in range(self.list.count())] != [t for t, _ in texts]:
            self.list.clear()
            for i, (text, entry) in enumerate(texts):
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, i)
                measure = i18n.shown(entry.measure_text())  # (the window's language)
                level = _(entry.level_name)
                hard = f"; {level}: {measure}" if measure else ""
                goal = i18n.shown(entry.goal)
                # the row's whole text first: a narrow dock elides it in the middle
                item.setToolTip(f"{text.strip()}\n{entry.path.name}: {goal}{hard}")
                self.list.addItem(item)
        if current is not None and self.list.currentRow() != current:
            self.list.setCurrentRow(current)

    def _show_attempt(self, collection: Collection | None, attempt: Attempt | None) -> None:
        if attempt is None or collection is None:
            self.brief.setText("")
            self.status.setText("")
            return
        entry = collection.entries[attempt.index]
        kind, text = attempt.status
        goal = attempt.goal
        goal_text = ""
        if goal is not None:
            moves = (goal.within + 1) // 2
            said = ngettext(
                "Play {side}: win within {moves} move ({plies}, the computer defends)",
                "Play {side}: win within {moves} moves ({plies}, the computer defends)",
                moves,
            )
            plies = ngettext("{count} ply", "{count} plies", goal.within).format(count=goal.within)
            goal_text = said.format(side=colour_word(goal.side), moves=moves, plies=plies)
        level = f" <span style='color:{GREY}'>{level_text(entry)}</span>" if entry.stars else ""
        brief = (
            f"<b style='font-size:14px'>{attempt.index + 1}. "
            f"{html.escape(entry.title_in(i18n.current()))}</b>"
            f"{level}<br>{html.escape(goal_text)}"
        )
        if attempt.notes and (kind == "solved" or attempt.solution is not None):
            brief += "<br><br>" + html.escape(attempt.notes)
        self.brief.setText(brief)
        colour = {"solved": GREEN, "failed": RED, "thinking": GREY}.get(kind, "")
        style = f"color:{colour};" if colour else ""
        if kind in ("solved", "failed"):
            style += "font-weight:bold;"
        said = html.escape(i18n.shown(text))  # (the lab's words, in the window's language)
        shown = f"<span style='{style}'>{said}</span>" if text else ""
        if kind == "failed" and attempt.why:
            shown += f"<br>{html.escape(i18n.shown(attempt.why))}"
        if kind == "failed":
            shown += "<br>" + _("Try again (or Undo) goes back, Show solution plays it.")
        if kind == "solved" and attempt.ticked:
            shown += "<br>" + _("{tick} ticked: Next unsolved goes on.").format(tick=TICK)
        if attempt.solution is not None:
            listed = " ".join(str(m) for m in attempt.solution) or _("(none found)")
            solution = _("Solution:")
            shown += f"<br><b>{solution}</b> {html.escape(listed)}"
        stage = attempt.hint_stage
        if stage and attempt.hint_move is not None and kind == "info":
            step = i18n.shown(attempt.hint_text) or _("which piece, or where")
            if stage != 1:
                step = _("play {move}").format(move=attempt.hint_move)
            hint = _("Hint {stage} of 2: {step}").format(stage=stage, step=step)
            shown += f"<br><span style='color:{GREY}'>{hint}</span>"
        self.status.setText(shown)


def shipped_collections(root: Path) -> list[Path]:
    """The folders of ``root`` (model/data/puzzles) that hold puzzle files."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and any(p.glob("*.pyr.json")))
