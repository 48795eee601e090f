"""The legend's entries: what each overlay drawn means, with its colour (no Qt: the window's
legend, :mod:`viewer.widgets.legend`, and the classroom's page show them).

They are made from the :class:`~viewer.lab.frame.Frame` the board was handed (paths, regions,
rims, pointers, labels, decorations, group colours, ghosts, heat, markers of a kind) and the
palette the board draws it with, so they list exactly what is drawn: a style with no site
drawn is left out. The words come from the game UI (``GameUI.legend_words``), falling back
on the palette's meaning of each style: each a message of the catalog, language-free
(:class:`pyramid_lab.i18n.Message`), said in the language of whoever reads the legend.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from pyramid_lab.i18n import M_, N_

from . import palette
from .frame import Frame
from .outcome_words import word

RGB = tuple[int, int, int]
#: Markers every frame has (the empty points that take a click): not an overlay.
PLAIN_MARKERS = frozenset({"target", "setup"})
MAX_GROUP_SWATCHES = 6

#: What a style means when the game UI says nothing of it, by (kind, style).
DEFAULT_WORDS: dict[tuple[str, str], str] = {
    ("rim", "clickable"): N_("takes a click now"),
    ("rim", "group"): N_("a holding group"),
    ("rim", "anchor"): N_("its anchors"),
    ("rim", "selected"): N_("selected; where a hinted move comes from"),
    ("rim", "remove"): N_("taken off by the hinted move"),
    ("rim", "blocked"): N_("a piece whose move failed"),
    ("path", "pass-ok"): N_("a pass that arrives"),
    ("path", "pass-cut"): N_("a pass that is intercepted"),
    ("path", "move"): N_("a piece's step"),
    ("path", "push"): N_("a piece shoved by another"),
    ("path", "hint"): N_("the engine's hint"),
    ("region", "crossed"): N_("squares a pass crosses"),
    ("region", "cut"): N_("squares of an intercepted pass"),
    ("region", "blocked"): N_("the square of a piece whose move failed"),
    ("marker", "run"): N_("a run"),
    ("marker", "jump"): N_("a jump"),
    ("marker", "push"): N_("a push"),
    ("marker", "smash"): N_("a smash"),
    ("marker", "landing"): N_("where a pushed piece lands"),
    ("marker", "landing-smash"): N_("where a pushed piece lands and smashes"),
    ("marker", "fall"): N_("a pushed piece falls off here"),
    ("marker", "carrier"): N_("the ball, on the piece that carries it"),
    ("pointer", "none"): N_("nobody's"),
    ("pointer", "fall"): N_("a piece falls off here"),
    ("ghost", ""): N_("a piece where a move would go: the hint, a puzzle's key move or cook"),
    ("hover", ""): N_("a dashed ring: the piece under the mouse pointer, or the keyboard's point"),
    ("path", "planned-pass"): N_("the pass the program plans (it may still be cut)"),
    ("heat", ""): N_(
        "a move's estimated value: purple the worst shown, amber between, green the best"
    ),
    ("heat", "proven win"): N_("a move proven to win (the game's value, not an estimate)"),
    ("heat", "proven loss"): N_("a move proven to lose (the game's value, not an estimate)"),
    ("heat", "noise"): N_("an estimate within the noise of the others (too few playouts to tell)"),
    ("labels", ""): N_("names"),
    ("piece-colours", ""): N_("each group in its own colour"),
    ("decoration", "walls"): N_("the walls"),
    ("decoration", "inlays-won"): N_("the victory fields, all four held: the game is won"),
    ("marker", "lesson"): N_("what this step of the lesson is about"),
    ("rim", "lesson"): N_("what this step of the lesson is about"),
    ("marker", "lesson-pick"): N_("a point you picked (click again to let go)"),
    ("rim", "lesson-pick"): N_("a piece you picked (click again to let go)"),
    ("path", "lesson-wrong"): N_("why the answer is wrong: the way it leaves open"),
}


@dataclass(frozen=True)
class Entry:
    """One line of the legend: a swatch of ``kind`` in ``colours`` and what it means."""

    kind: str  # path, region, rim, pointer, marker, ghost, heat, labels, decoration, piece-colours
    style: str
    colours: tuple[RGB, ...]
    text: str


def _rgb(value: Iterable[float]) -> RGB:
    """A palette colour as 0..255 integers (rims are 0..1 floats for the shader)."""
    v = tuple(value)
    if all(isinstance(c, float) for c in v) and max(v) <= 1.0:
        return (round(255 * v[0]), round(255 * v[1]), round(255 * v[2]))
    return (int(v[0]), int(v[1]), int(v[2]))


def _ordered(styles: Iterable[str], table: Mapping[str, object]) -> list[str]:
    """The distinct styles, in the order of their palette table (unknown ones last)."""
    order = {style: i for i, style in enumerate(table)}
    return sorted(dict.fromkeys(styles), key=lambda s: order.get(s, len(order)))


_last_colours: list[tuple[object, object, tuple[RGB, ...]]] = []  # (array, pieces, colours)


def _group_colours(frame: Frame) -> tuple[RGB, ...]:
    """A few of the colours ``frame.piece_rgb`` gives the pieces (the last answer is kept:
    the window redraws the same position's frame on every hover)."""
    assert frame.piece_rgb is not None
    if _last_colours:
        rgb, pieces, colours = _last_colours[0]
        if rgb is frame.piece_rgb and pieces is frame.pieces:
            return colours
    colours = _first_colours(frame)
    _last_colours[:] = [(frame.piece_rgb, frame.pieces, colours)]
    return colours


def _first_colours(frame: Frame) -> tuple[RGB, ...]:
    assert frame.piece_rgb is not None
    sites = np.fromiter(frame.pieces, dtype=np.int64, count=len(frame.pieces))
    sites = sites[sites < len(frame.piece_rgb)]
    rows = np.asarray(frame.piece_rgb)[np.sort(sites)]
    if not len(rows):
        return ()
    _, first = np.unique(rows, axis=0, return_index=True)
    picked = rows[np.sort(first)][:MAX_GROUP_SWATCHES]
    return tuple(_rgb(int(c) for c in row) for row in picked)


#: What a (kind, style) of overlay means, in the game's words else the palette's.
Text = Callable[[str, str], str]


def legend_entries(frame: Frame, words: Mapping[tuple[str, str], str]) -> tuple[Entry, ...]:
    """The legend of ``frame``: one entry per style of overlay it draws, in a fixed order
    (walls, corners and names, group colours, regions, paths, rims, markers, ghosts, heat).
    ``words`` maps (kind, style) to what it means in the game's words; the frame's own
    ``legend_words`` (a layer's, e.g. a lesson's wrong answer) come before them."""
    if frame.legend_words:
        words = {**words, **frame.legend_words}
    text = _texts(words)
    entries = [*_decorations(frame, text), *_lines_and_rims(frame, text)]
    entries += _markers(frame, text, entries)
    for style in _ordered(frame.ghosts.values(), palette.PIECE_RGB):
        entries.append(Entry("ghost", style, (palette.piece_rgb(style),), text("ghost", style)))
    entries += _heat(frame, text)
    return tuple(entries)


def with_hover(entries: tuple[Entry, ...]) -> tuple[Entry, ...]:
    """``entries`` and, where rims are among them, the line of the ring a board draws round
    the piece under the mouse (dashed, :data:`palette.HOVER_RIM_RGB`): Partition's hover
    ring read as one more of the winner's gold corners (issue 89)."""
    if not any(entry.kind == "rim" for entry in entries):
        return entries
    said = word(DEFAULT_WORDS[("hover", "")])
    return (*entries, Entry("hover", "", (_rgb(palette.HOVER_RIM_RGB),), said))


def _texts(words: Mapping[tuple[str, str], str]) -> Text:
    """What each (kind, style) means: the style's words, else the kind's (a ghost of any
    colour), the game's before the palette's; else a side's ("red's") or the style's name."""

    def text(kind: str, style: str) -> str:
        said = (
            words.get((kind, style))
            or DEFAULT_WORDS.get((kind, style))
            or words.get((kind, ""))
            or DEFAULT_WORDS.get((kind, ""))
        )
        if said:
            return word(said)
        if kind in ("path", "region", "pointer") and style in palette.PIECE_RGB:
            return M_("{side}'s", side=word(style))
        return style.replace("-", " ")

    return text


def _decorations(frame: Frame, text: Text) -> list[Entry]:
    """The board's decorations (walls, gold inlays, goal rows, a side's pieces), each in
    the colours it is drawn."""
    entries: list[Entry] = []
    for name in sorted(frame.decorations):
        colours: tuple[RGB, ...] = (palette.EDGE_RGB,)
        if name == "walls":
            colours = tuple(palette.WALL_RGB.values())
        elif name == "inlays-won":  # lit up in gold, as drawn
            colours = (palette.INLAY_WON_RGB,)
        elif name.startswith(palette.GOAL_ROW):  # a goal row, tinted in its side's colour
            side = name.removeprefix(palette.GOAL_ROW)
            colours = (palette.goal_row_rgb(side, palette.SQUARE_LIGHT),)
            colours += (palette.goal_row_rgb(side, palette.SQUARE_DARK),)
        elif name.startswith(palette.PIECES_OF):  # a side's pieces, in their colour
            colours = (palette.piece_rgb(name.removeprefix(palette.PIECES_OF)),)
        entries.append(Entry("decoration", name, colours, text("decoration", name)))
    return entries


def _lines_and_rims(frame: Frame, text: Text) -> list[Entry]:
    """The pointers, the names, the groups' colours, the regions, the paths and the rims
    drawn."""
    entries: list[Entry] = []
    for style in _ordered((p.style for p in frame.pointers), palette.POINTER_RGB):
        colour = palette.POINTER_RGB.get(style, palette.EDGE_RGB)
        entries.append(Entry("pointer", style, (colour,), text("pointer", style)))
    if frame.labels:
        entries.append(Entry("labels", "", (palette.LABEL_RGB,), text("labels", "")))
    if frame.piece_rgb is not None and frame.pieces:
        colours = _group_colours(frame)
        if colours:
            entries.append(Entry("piece-colours", "", colours, text("piece-colours", "")))
    for style in _ordered((r.style for r in frame.regions if r.sites), palette.REGION_RGB):
        colour = palette.REGION_RGB.get(style, palette.EDGE_RGB)
        entries.append(Entry("region", style, (colour,), text("region", style)))
    for style in _ordered((p.style for p in frame.paths if len(p.sites) >= 2), palette.PATH_RGB):
        colour = palette.PATH_RGB.get(style, palette.EDGE_RGB)
        entries.append(Entry("path", style, (colour,), text("path", style)))
    rims = {**palette.RIM_RGB, **palette.SQUARE_RIM_RGB}  # a flat board frames its squares
    for style in _ordered((s for s, sites in frame.highlights.items() if sites), rims):
        colour = _rgb(rims.get(style, palette.EDGE_RGB))
        entries.append(Entry("rim", style, (colour,), text("rim", style)))
    return entries


def _markers(frame: Frame, text: Text, before: list[Entry]) -> list[Entry]:
    """The markers drawn, but one that means what a rim listed ``before`` means."""
    entries: list[Entry] = []
    for style in _ordered(
        (m.style for m in frame.markers if m.style not in PLAIN_MARKERS), palette.MARKER_RGB
    ):
        said = text("marker", style)
        if any(e.kind == "rim" and e.text == said for e in before):
            continue  # a rim round a piece, a marker on an empty point: one meaning, one line
        colour = palette.MARKER_RGB.get(style, palette.MARKER_RGB["target"])
        entries.append(Entry("marker", style, (colour,), said))
    return entries


def _heat(frame: Frame, text: Text) -> list[Entry]:
    """The heat map: its scale of estimates (with the colour bar's ends in win rates), then
    the noise and the proven wins and losses it shows."""
    if not frame.heat:
        return []
    entries: list[Entry] = []
    shown = set(frame.heat.values())
    if shown - set(palette.HEAT_SPECIAL):  # estimates on the scale
        colours = tuple(rgb for _, rgb in palette.HEAT_STOPS)
        said = text("heat", "")
        if frame.heat_scale is not None:  # the colour bar's ends, in win rates
            worst, best = (round(100 * v) for v in frame.heat_scale)
            said = M_(
                "the moves' estimated win rates, worst (purple) {worst}% to best (green) {best}%",
                worst=worst,
                best=best,
            )
        entries.append(Entry("heat", "", colours, said))
    for value, style in (
        (palette.HEAT_NOISE, "noise"),
        (palette.HEAT_PROVEN_WIN, "proven win"),
        (palette.HEAT_PROVEN_LOSS, "proven loss"),
    ):
        if value in shown:
            colour = palette.HEAT_SPECIAL[value]
            entries.append(Entry("heat", style, (colour,), text("heat", style)))
    return entries
