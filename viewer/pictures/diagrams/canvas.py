"""A small SVG writer for the boards' diagrams: shapes in board units (a ball's diameter,
a square's side), written with one decimal at :data:`UNIT` drawing units to the board unit,
so a position of a hundred pieces stays a few KB. Colours come from the window's colour
table (:mod:`viewer.lab.palette`); nothing here knows a game."""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Iterable, Sequence

from ...lab import palette

RGB = palette.RGB
#: What a board's drawing gives back: the box drawn in (x, y, width, height, board units)
#: and where each piece shows its colour (site -> x, y).
Drawn = tuple[tuple[float, float, float, float], dict[int, tuple[float, float]]]
#: Drawing units to a board unit: one decimal of it is a 200th of a ball.
UNIT = 20.0
#: Text, and text with a halo that keeps it readable on anything (class "t").
TEXT = "font-family:sans-serif;fill:#3c3c3c;text-anchor:middle"
HALO = "paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round"
#: Stands for the picture's own prefix in the names of its definitions until it is made.
SCOPE = "\x00"


def num(value: float) -> str:
    """``value`` in drawing units, one decimal, no trailing zero ("12", "12.5", "-3")."""
    text = f"{value * UNIT:.1f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return "0" if text in ("-0", "") else text


def hex_colour(rgb: Sequence[float]) -> str:
    """``#rrggbb`` of an RGB triple of 0-255 values."""
    r, g, b = (min(255, max(0, round(c))) for c in rgb[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def shade(rgb: Sequence[float], factor: float) -> RGB:
    """``rgb`` darker (factor below 1) or lighter towards white (above 1)."""
    if factor <= 1:
        return (round(rgb[0] * factor), round(rgb[1] * factor), round(rgb[2] * factor))
    t = min(1.0, factor - 1)
    return (
        round(rgb[0] + (255 - rgb[0]) * t),
        round(rgb[1] + (255 - rgb[1]) * t),
        round(rgb[2] + (255 - rgb[2]) * t),
    )


def mix(a: Sequence[float], b: Sequence[float], t: float) -> RGB:
    """``a`` mixed with ``t`` of ``b``."""
    return (
        round(a[0] * (1 - t) + b[0] * t),
        round(a[1] * (1 - t) + b[1] * t),
        round(a[2] * (1 - t) + b[2] * t),
    )


def rim_rgb(style: str) -> RGB:
    """A rim's colour by its meaning (the window's rims are 0-1 floats for its shader)."""
    if style in palette.SQUARE_RIM_RGB:
        return palette.SQUARE_RIM_RGB[style]
    r, g, b = palette.RIM_RGB.get(style, palette.RIM_RGB["clickable"])
    return (round(r * 255), round(g * 255), round(b * 255))


class Canvas:
    """The shapes of one picture, in board units, in the order drawn (later on top)."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._classes: dict[str, str] = {}  # a paint's declarations -> its class's name
        self._defs: dict[str, str] = {}  # a shape drawn many times, by its id
        self._words: dict[int, tuple[float, float]] = {}  # a text's part -> its middle

    def paint(self, fill: str, stroke: str = "", width: float = 0.0, opacity: float = 1.0) -> str:
        """`` class="x"``: the class of this paint, one rule in the style sheet for every
        shape painted alike."""
        parts = [f"fill:{fill}"] if fill else []
        if stroke:
            parts.append(f"stroke:{stroke};stroke-width:{num(width)}")
        if opacity < 1:
            parts.append(f"opacity:{opacity:.2g}")
        rule = ";".join(parts)
        name = self._classes.get(rule)
        if name is None:
            name = self._classes[rule] = _class_name(len(self._classes))
        return f' class="{name}"'

    def define(self, name: str, shape: str) -> None:
        """``shape`` (SVG drawn at the origin) once in the picture's definitions, as
        ``name``, for :meth:`use`."""
        self._defs.setdefault(name, f'<g id="{SCOPE}{name}">{shape}</g>')

    def use(self, name: str, x: float, y: float, *, scale: float = 1.0, paint: str = "") -> None:
        """The definition ``name`` drawn at (x, y), ``scale`` times its size."""
        if scale == 1.0:
            where = f' x="{num(x)}" y="{num(y)}"'
        else:
            where = f' transform="translate({num(x)} {num(y)}) scale({scale:.3g})"'
        self._parts.append(f'<use href="#{SCOPE}{name}"{where}{paint}/>')

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        fill: str,
        *,
        stroke: str = "",
        width: float = 0.0,
        opacity: float = 1.0,
    ) -> None:
        paint = self.paint(fill, stroke, width, opacity)
        self._parts.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}"{paint}/>')

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str,
        *,
        stroke: str = "",
        width: float = 0.0,
        opacity: float = 1.0,
    ) -> None:
        self._parts.append(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"'
            f"{self.paint(fill, stroke, width, opacity)}/>"
        )

    def polygon(
        self,
        points: Iterable[tuple[float, float]],
        fill: str,
        *,
        stroke: str = "",
        width: float = 0.0,
    ) -> None:
        where = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self._parts.append(f'<polygon points="{where}"{self.paint(fill, stroke, width)}/>')

    def lines(
        self, segments: Iterable[tuple[float, float, float, float]], stroke: str, width: float
    ) -> None:
        """Straight segments (x0, y0, x1, y1), all in one path."""
        d = "".join(f"M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}" for x0, y0, x1, y1 in segments)
        if d:
            self._parts.append(f'<path d="{d}"{self.paint("none", stroke, width)}/>')

    def polyline(self, points: Sequence[tuple[float, float]], stroke: str, width: float) -> None:
        where = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self._parts.append(
            f'<polyline points="{where}"{self.paint("none", stroke, width)}'
            ' stroke-linecap="round" stroke-linejoin="round"/>'
        )

    def text(
        self,
        x: float,
        y: float,
        words: str,
        size: float,
        *,
        anchor: str = "middle",
        halo: bool = False,
        fill: str = "",
    ) -> None:
        """``words`` centred on (x, y) (its baseline a third of ``size`` below), lines
        split at newlines; ``halo``: a white outline that keeps it readable on anything."""
        attrs = f' font-size="{num(size)}"'
        if anchor != "middle":
            attrs += f' text-anchor="{anchor}"'
        if halo:
            attrs += ' class="t"'
        if fill:
            attrs += f' style="fill:{fill}"'
        lines = words.split("\n")
        top = y + size / 3 - (len(lines) - 1) * size * 0.55
        for n, line in enumerate(lines):
            self._words[len(self._parts)] = (x, top + n * size * 1.1 - size / 3)
            self._parts.append(
                f'<text x="{num(x)}" y="{num(top + n * size * 1.1)}"{attrs}>{xml_text(line)}</text>'
            )

    def svg(
        self,
        box: tuple[float, float, float, float],
        side: int,
        title: str,
        *,
        turned: bool = False,
    ) -> str:
        """The whole picture: what is drawn within ``box`` (x, y, width, height in board
        units), its longer side ``side`` pixels, ``title`` its tooltip and its name for a
        screen reader; ``turned``: turned half round about the box's middle, each text
        kept upright about its own."""
        x, y, w, h = box
        scale = side / max(w, h)
        width, height = round(w * scale), round(h * scale)
        rules = "".join(f"{SCOPE} .{name}{{{rule}}}" for rule, name in self._classes.items())
        defs = f"<defs>{''.join(self._defs.values())}</defs>" if self._defs else ""
        parts = self._parts
        if turned:
            parts = [
                part
                if n not in self._words
                else part.replace("<text ", _upright(self._words[n]), 1)
                for n, part in enumerate(parts)
            ]
            middle = f"{num(x + w / 2)} {num(y + h / 2)}"
            parts = [f'<g transform="rotate(180 {middle})">', *parts, "</g>"]
        body = defs + "".join(parts)
        # A page (a notebook) holds many pictures in one document: their style sheets
        # and names apply to all of it, so each picture's are its own, by its content.
        scope = "d" + hashlib.sha1((rules + body).encode("utf-8")).hexdigest()[:8]
        sheet = f"#{scope} text{{{TEXT}}}#{scope} .t{{{HALO}}}" + rules.replace(SCOPE, f"#{scope}")
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" id="{scope}" width="{width}" '
            f'height="{height}" viewBox="{num(x)} {num(y)} {num(w)} {num(h)}" role="img">'
            f"<title>{xml_text(title)}</title>"
        )
        return head + f"<style>{sheet}</style>" + body.replace(SCOPE, scope + "-") + "</svg>"


def _upright(middle: tuple[float, float]) -> str:
    """A text's opening turned back half round about its ``middle`` (in a turned picture)."""
    return f'<text transform="rotate(180 {num(middle[0])} {num(middle[1])})" '


#: What XML 1.0 does not allow in a document: the control characters but tab, line break
#: and carriage return, the lone halves of a surrogate pair, U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """``text`` as the content of an XML element: ``&``, ``<`` and ``>`` escaped, and each
    character XML does not allow (a title's control characters or lone surrogates) shown
    as the replacement character U+FFFD, so the document is well-formed whatever the
    title."""
    return _NOT_XML.sub("\ufffd", html.escape(text, quote=False))


def _class_name(n: int) -> str:
    """The ``n``-th class's name: A, B, ... Z, BA, BB, ..."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # (the fixed classes are small letters)
    name = letters[n % 26]
    while n >= 26:
        n //= 26
        name = letters[n % 26] + name
    return name
