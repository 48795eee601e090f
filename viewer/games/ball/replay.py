"""The replay of Pyramid Ball's last turn, row by row (one row every ``ROW_SECONDS``; the
Turn dock's buttons and the keys [ and ] step back and forth): which row shows, its
pyramids' slide, and the Turn dock's lines. Qt is imported where a timer is made (the
classroom, with no Qt, shows the position now).

The board during the replay (:func:`row_frame`): the pieces after a row with each move's
trail ("move"/"push" paths), the pass line ("pass-ok" green or "pass-cut" red, the crossed
squares shaded), blocked pyramids rimmed ("blocked") and labelled, and the events' labels
on the ball."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pyramid_lab.i18n import _, ngettext, shown
from pyramid_lab.model.ball import PyramidBall
from pyramid_lab.model.ball.report import RowReport, TurnReport

from ...lab.frame import Frame, Label, Marker, Path, Region, Slide
from ...lab.game_ui import Host
from ...widgets.names import colour_word
from ...widgets.slots import slot
from .sites import GOAL_ROWS, site_at
from .words import explain_row

if TYPE_CHECKING:  # Qt: imported where the docks are made (the classroom has no Qt)
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QListWidgetItem

    from ...lab.game_ui import Clock
    from .docks import TurnDock

ROW_SECONDS = 0.9  # the replay of a turn: one row this long (0: no replay)
SLIDE_SECONDS = 0.45  # a row's moves and pushes slide this long when the row comes


class TurnReplay:
    """The last turn's rows on the board (a part of :class:`BallUI`): ``row`` is the row
    shown (0: before the turn), None the position now."""

    def __init__(self, host: Host | None, redraw: Callable[[], None]) -> None:
        self.host = host
        self.redraw = redraw
        self.turn_dock: TurnDock | None = None  # where the rows are listed (the window's)
        self.report: TurnReport | None = None
        self.before: Pieces = ()
        self.before_ball: str | None = None  # the loose ball's square before the last turn
        self.row: int | None = None
        self.timer: QTimer | None = None
        self._slide: Clock | None = None
        self.slide_t: float | None = None  # a row's slide under way: how far (0..1)

    def show_message(self, text: str) -> None:
        """The status bar (the slots' error guard reports here)."""
        if self.host is not None:
            self.host.show_message(text)

    def learn(self, game: PyramidBall) -> TurnReport | None:
        """``game``'s last turn becomes the one replayed; the one shown before is given."""
        shown = self.report
        self.report = game.last_turn()  # the special moves chosen since then aside
        self.before = ()
        self.before_ball = None
        if self.report is not None:
            copy = game.copy()
            while copy.last_effect() is None:  # back over the choices to the turn
                copy.pop()
            copy.pop()
            self.before = tuple(copy.pyramids())
            self.before_ball = copy.loose_ball
        return shown

    def restart(self, replay: bool) -> None:
        """Show the position now, or (``replay``, where a Turn dock plays it) the rows
        from before the turn, one by one."""
        self.stop()
        self.row = None
        # a board with no Turn dock (the classroom's) shows the position now: row 0 would
        # stay before the turn
        if replay and self.report is not None and self.turn_dock is not None and ROW_SECONDS > 0:
            from PySide6.QtCore import QTimer

            self.row = 0
            self.timer = QTimer(self.turn_dock, interval=round(ROW_SECONDS * 1000))
            self.timer.timeout.connect(self._replay_step)
            self.timer.start()

    def playing(self) -> bool:
        return self.timer is not None and self.timer.isActive()

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        self._stop_slide()

    def row_count(self) -> int:
        return len(self.report.rows) if self.report is not None else 0

    @slot
    def show_row(self, row: int | None) -> None:
        """Show the position after ``row`` rows of the last turn (0: before it; None: the
        position now)."""
        self.stop()
        if row is not None:
            row = max(0, min(row, self.row_count()))
        self.row = row if self.report is not None else None
        self.show_rows()
        self.redraw()

    def step_row(self, delta: int) -> None:
        count = self.row_count()
        current = count if self.row is None else self.row
        self.show_row(max(0, min(count, current + delta)))
        if delta > 0 and self.row is not None and self.row > current:
            self._start_slide()  # one row on: its pyramids slide there

    @slot
    def _replay_step(self) -> None:
        count = self.row_count()
        if self.row is None or self.row >= count:
            if self.timer is not None:
                self.timer.stop()
            self.row = None  # the position now: the next turn is programmed on it
            self.show_rows()
            self.redraw()
            if self.host is not None:
                self.host.consider_computer()  # two computers: the next turn now
            return
        self.row += 1
        self.show_rows()
        self._start_slide()

    def _start_slide(self) -> None:
        """The row shown now: its moved and pushed pyramids slide from where they were."""
        self._stop_slide()
        if self.host is None or SLIDE_SECONDS <= 0 or self.row_report() is None:
            self.redraw()
            return
        self.slide_t = 0.0
        self._slide = self.host.animation(SLIDE_SECONDS, self._slide_step)
        self._slide.start()
        self.redraw()

    def _slide_step(self, t: float) -> None:
        self.slide_t = None if t >= 1.0 else t
        self.redraw()

    def _stop_slide(self) -> None:
        if self._slide is not None:
            self._slide.stop()
            self._slide = None
        self.slide_t = None

    def row_report(self) -> RowReport | None:
        if self.report is None or not self.row:
            return None
        return self.report.rows[self.row - 1]

    def frame(self) -> Frame | None:
        """The board at the row shown (None: the position now is shown)."""
        if self.row is None or self.report is None:
            return None
        row = self.row_report()
        if row is None:
            return snapshot_frame(self.before, self.before_ball)
        return row_frame(row, self.slide_t)

    def row_text(self) -> str:
        """The status bar's explanation of the row shown."""
        row = self.row_report()
        if row is None:
            if self.row == 0:
                said = ngettext(
                    "before the last turn ({count} rows): the ] key or Row > shows the next row",
                    "before the last turn ({count} rows): the ] key or Row > shows the next row",
                    self.row_count(),
                )
                return said.format(count=self.row_count())
            return ""
        said = _("row {row} of {count}: {lines}")
        return said.format(row=row.name, count=self.row_count(), lines="; ".join(row.lines()))

    def show_rows(self) -> None:
        """The Turn dock's buttons and lines follow the row shown."""
        dock = self.turn_dock
        if dock is None:
            return
        self._fill_rows(dock)
        dock.rows_shown()

    def _fill_rows(self, dock: TurnDock) -> None:
        count = self.row_count()
        shown = count if self.row is None else self.row
        for button, on in (
            (dock.first, shown > 0),
            (dock.back, shown > 0),
            (dock.forward, count > 0 and (self.row is not None and shown < count)),
            (dock.last, self.row is not None),
        ):
            button.setEnabled(on)
        dock.lines.clear()
        if self.report is None:
            dock.row_title.setText(_("No turn played yet."))
            return
        row = self.row_report()
        if self.row is None:
            said = _("The position now; last turn: {turn}")
            dock.row_title.setText(said.format(turn=self.report.describe()))
            for line in self.report.lines():
                dock.lines.addItem(_item(line))
            return
        if row is None:
            said = ngettext(
                "Before the last turn ({count} rows)", "Before the last turn ({count} rows)", count
            )
            dock.row_title.setText(said.format(count=count))
            return
        said = (
            _("Row {row} ({shown} of {count}), {player} on offence")
            if row.offence
            else _("Row {row} ({shown} of {count})")
        )
        player = colour_word(row.offence) if row.offence else ""
        dock.row_title.setText(
            said.format(row=row.name, shown=self.row, count=count, player=player)
        )
        for line in explain_row(row):
            dock.lines.addItem(_item(line))


def _item(message: str) -> QListWidgetItem:
    """A line of the replay (a Message: said in the window's language), its codes spelled
    out in its tooltip."""
    from PySide6.QtWidgets import QListWidgetItem

    from .docks import spelled

    line = shown(message)
    item = QListWidgetItem(line)
    said = spelled(line)
    if said != line:
        item.setToolTip(said)
    return item


Pieces = tuple[tuple[str, str, str, bool], ...]  # (square, colour, size letter, ball)


@dataclass
class _Marks:
    """What a row draws over its pieces, gathered step by step."""

    paths: list[Path] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    blocked: list[int] = field(default_factory=list)
    slides: list[Slide] = field(default_factory=list)


def snapshot_frame(snapshot: Pieces, loose: str | None) -> Frame:
    """The pyramids of ``snapshot`` and the ball (a marker on its carrier, or on the
    square where it lies ``loose``)."""
    pieces: dict[int, str] = {}
    markers = []
    loose_site = site_at(loose, "M") if loose is not None else None
    if loose_site is not None:
        markers.append(Marker(loose_site, "carrier"))
    for square, colour, size, ball in snapshot:
        site = site_at(square, size)
        if site is None:
            continue
        pieces[site] = colour
        if ball:
            markers.append(Marker(site, "carrier"))
    return Frame(pieces=pieces, markers=tuple(markers), decorations=GOAL_ROWS)


def row_frame(row: RowReport, slide_t: float | None) -> Frame:
    """The board after ``row``, its moves, pass and events drawn; ``slide_t``: how far its
    moved and pushed pyramids have slid there (None: they stand)."""
    shown = snapshot_frame(row.after, row.ball)
    marks = _Marks()
    _draw_moves(row, slide_t, marks)
    _draw_pass(row, marks)
    _label_events(row, shown.markers, marks)
    if marks.blocked:
        marks.regions.append(Region(tuple(marks.blocked), "blocked"))
    return Frame(
        pieces=shown.pieces,
        markers=shown.markers,
        highlights={"blocked": tuple(marks.blocked)} if marks.blocked else {},
        paths=tuple(marks.paths),
        regions=tuple(marks.regions),
        labels=tuple(marks.labels),
        slides=tuple(marks.slides),
        decorations=GOAL_ROWS,
    )


def _draw_moves(row: RowReport, slide_t: float | None, marks: _Marks) -> None:
    for p in row.pyramids:
        start, end = site_at(p.source, p.size), site_at(p.end, p.size)
        if start is None or end is None:
            continue
        if p.outcome in ("moved", "pushed") and start != end:
            marks.paths.append(Path((start, end), "move" if p.outcome == "moved" else "push"))
            if slide_t is not None:
                marks.slides.append(Slide(end, start, slide_t))
        elif p.outcome == "blocked":
            marks.blocked.append(end)
            marks.labels.append(Label(end, "blocked"))


def _draw_pass(row: RowReport, marks: _Marks) -> None:
    line = row.pass_line
    if line is None:
        return
    a = site_at(line.source, line.passer[-1])
    b = site_at(line.target, line.receiver[-1])
    if a is not None and b is not None:
        marks.paths.append(Path((a, b), "pass-ok" if line.complete else "pass-cut"))
    crossed = tuple(s for s in (site_at(sq, "L") for sq in line.crossed) if s is not None)
    if crossed:
        marks.regions.append(Region(crossed, "crossed" if line.complete else "cut"))
    if line.interceptor:
        for p in row.pyramids:
            if p.pyramid == line.interceptor:
                site = site_at(p.end, p.size)
                if site is not None:
                    marks.labels.append(Label(site, "intercepts"))


def _label_events(row: RowReport, markers: tuple[Marker, ...], marks: _Marks) -> None:
    for event in row.events:
        if "tackle" in event or "goal:" in event:
            for site in (m.site for m in markers):
                marks.labels.append(Label(site, event.split(":")[0].split(" ")[0]))
        elif "recovers the ball" in event or "placed loose" in event:
            for site in (m.site for m in markers):
                marks.labels.append(Label(site, "recovers" if "recovers" in event else "loose"))
