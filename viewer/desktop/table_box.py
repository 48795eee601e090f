"""The Analysis dock's box of the whole-game table's build (Pyraos;
:mod:`viewer.desktop.analysis`): the lab's build (:mod:`viewer.lab.table_build`) shown with
its progress, Build and Stop."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyramid_lab.i18n import shown

from ..lab.table_build import BuildChange
from ..widgets.analysis_dock import AnalysisDock
from ..widgets.dock_fit import present
from ..widgets.slots import slot

if TYPE_CHECKING:
    from ..lab import Lab


class TableBuildBox:
    """``dock``'s box of the lab's table build."""

    def __init__(self, lab: Lab, dock: AnalysisDock) -> None:
        self.lab, self.dock = lab, dock
        lab.table_build.changed.connect(self._on_build_changed)

    def bind(self) -> None:
        """The dock's box, made at its first use: its buttons bound, showing the build."""
        build = self.lab.table_build
        self.dock.build_table.clicked.connect(lambda _checked=False: self.build())
        self.dock.stop_build.clicked.connect(lambda _checked=False: build.stop())
        self.show()

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)

    @slot
    def build(self) -> None:
        """The dock's Build: the whole-game table of the game's version (a refusal is said)."""
        self.lab.table_build.start()

    @slot
    def show(self) -> None:
        """The build's box as the lab's build is (none for a game without a table, unless
        a build runs: its progress and Stop stay); nothing while the dock's widgets are
        not made (they show it when made)."""
        if not self.dock.is_made:
            return
        build = self.lab.table_build
        offered = build.offered(self.lab.game)
        text = shown(build.text)  # (the lab's words, in the window's language)
        if build.running and build.resuming and build.text != build.resuming:
            text = f"{text}\n{shown(build.resuming)}"
        self.dock.show_table_build(
            offered or build.running, offered, build.running, build.stopping, build.fraction, text
        )

    @slot
    def _on_build_changed(self, what: BuildChange) -> None:
        """The build's box follows the lab's build. A build just started (from the menu
        too) shows the dock and the box in it, wherever the user looked (issue 89: with
        the dock closed it ran unseen); once it stops or ends, its Build (to resume) is
        scrolled into view again (its words grow). Its progress scrolls nothing."""
        self.show()
        if what == "started":
            if not self.dock.isVisible():
                present(self.dock)
            self.dock.raise_()
        if what != "progress" and self.dock.isVisible():
            self.dock.show_build_box()
