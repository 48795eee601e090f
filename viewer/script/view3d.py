"""The 3D view of a position in a notebook, when asked (``pos.view_3d()``): ``pyramid-lab
export``'s web page (vtk.js inline, about 1 MB) in a frame of its own. A position shows
its SVG diagram by default; this object shows the page, and saves it."""

from __future__ import annotations

import html
import os
from pathlib import Path

from pyramid_lab.i18n import _
from pyramid_lab.model.files import write_bytes


class View3D:
    """An interactive 3D page of a position (drag to turn, scroll to zoom): a notebook
    shows it in a frame (:meth:`_repr_html_`); ``page`` is the whole page, :meth:`save`
    writes it as an ``.html`` file."""

    __slots__ = ("page", "size", "title")

    def __init__(self, page: str, size: tuple[int, int], title: str) -> None:
        self.page = page
        self.size = size
        self.title = title

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the page to ``path`` (its name ends in .html), atomically; the path
        written. ValueError for another name."""
        text = os.fspath(path)
        if not text.lower().endswith((".html", ".htm")):
            raise ValueError(_("{path}: a web page's name ends in .html").format(path=text))
        return write_bytes(text, self.page.encode("utf-8"))

    def _repr_html_(self) -> str:
        """The page in a frame of its own (the page is whole: nothing is fetched)."""
        width, height = self.size
        return (
            f'<iframe srcdoc="{html.escape(self.page, quote=True)}" width="{width}" '
            f'height="{height}" style="border:0" title="{html.escape(self.title)}"></iframe>'
        )

    def __repr__(self) -> str:
        return f"<View3D {self.title!r}, {len(self.page):,} characters>"
