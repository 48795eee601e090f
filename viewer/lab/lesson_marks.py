"""A lesson's marks over a game's frame, as the window and the classroom draw them: the
step's highlights and the points picked (a rim round a piece, a marker on an empty site),
and a wrong answer's path (a red tube) with the rules' words on it for the legend.

No Qt: the window's lesson layer (:mod:`viewer.desktop.lessons`) and the classroom's boards of
sites (:mod:`viewer.classroom.sites`) both draw with it. Points go through the game UI's
``site_of``; no game is named here."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Protocol

from pyramid_lab.i18n import M_
from pyramid_lab.model.lesson import Verdict

from .frame import Frame, Marker
from .frame import Path as Tube


class Sites(Protocol):
    """A game UI as the marks ask it: the site of a point (``GameUI.site_of``)."""

    def site_of(self, coords: tuple[int, ...]) -> int: ...


def site_of(ui: Sites, point: Iterable[int]) -> int | None:
    """The site of a lesson's point on the game UI's board (None: not one of its sites)."""
    try:
        return int(ui.site_of(tuple(point)))
    except (KeyError, ValueError, IndexError, TypeError, NotImplementedError):
        return None


def offer_words(offered: tuple[int, ...], picked: int) -> str:
    """The legend's words for the pieces picked while a second click on ``offered`` picks
    the point it hides instead (``picked``: how many pieces are picked)."""
    if picked == 1:
        return M_("a piece you picked (click it again to pick the point it hides instead)")
    name = ",".join(map(str, offered))
    return M_(
        "a piece you picked (click again to let go; {name} again picks the point it hides)",
        name=name,
    )


def lesson_frame(
    frame: Frame,
    ui: Sites,
    *,
    highlights: Iterable[tuple[int, ...]] = (),
    picked: Iterable[tuple[int, ...]] = (),
    verdict: Verdict | None = None,
    offered: tuple[int, ...] | None = None,
) -> Frame:
    """``frame`` with the step's highlights (violet), the points picked (dark teal) and a wrong
    answer's path (a red tube, its words in the legend). ``offered``: the piece picked
    whose second click picks the point it hides instead (the board's offer), which the
    legend's words for the pieces picked then say."""
    markers = list(frame.markers)
    rims = {k: tuple(v) for k, v in frame.highlights.items()}
    for points, style in ((highlights, "lesson"), (picked, "lesson-pick")):
        for point in points:
            site = site_of(ui, point)
            if site is None:
                continue
            if site in frame.pieces:  # a piece gets a rim, an empty point a marker
                rims[style] = (*rims.get(style, ()), site)
            else:
                markers.append(Marker(site, style))
    paths = list(frame.paths)
    legend = dict(frame.legend_words)
    picked_rims = rims.get("lesson-pick", ())
    if offered is not None and site_of(ui, offered) in picked_rims:
        legend[("rim", "lesson-pick")] = offer_words(offered, len(picked_rims))
    if verdict is not None and verdict.points:
        tube = tuple(s for s in (site_of(ui, p) for p in verdict.points) if s is not None)
        if len(tube) > 1:
            paths.append(Tube(tube, "lesson-wrong"))
            if verdict.about:  # what the path is, in the rules' words
                legend[("path", "lesson-wrong")] = verdict.about
    return dataclasses.replace(
        frame,
        markers=tuple(markers),
        paths=tuple(paths),
        highlights=rims,
        legend_words=legend,
    )
