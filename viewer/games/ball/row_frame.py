"""The board during the replay of Pyramid Ball's last turn, without Qt: the pieces after a
row with each move's trail ("move"/"push" paths), the pass line ("pass-ok" green or
"pass-cut" red, the crossed squares shaded), blocked pyramids rimmed ("blocked") and
labelled, and the events' labels on the ball."""

from __future__ import annotations

from dataclasses import dataclass, field

from pyramid_lab.model.ball.report import RowReport

from ...lab.frame import Frame, Label, Marker, Path, Region, Slide
from .sites import GOAL_ROWS, site_at

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
