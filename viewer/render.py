"""Headless pictures of a position (``pyramid-lab render``): the same board view and frame
as the window, drawn offscreen (EGL when there is no display), for documentation and
puzzle sheets."""

from __future__ import annotations

import io
import os
import re
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from model.files import Lesson, write_bytes
from model.game import Game

from .view_state import AXES, ViewState

#: The picture formats ``render`` writes, by file extension (Pillow's format names).
IMAGE_FORMATS = {
    ".png": "PNG",
    ".jpg": "JPEG",
    ".jpeg": "JPEG",
    ".bmp": "BMP",
    ".tif": "TIFF",
    ".tiff": "TIFF",
}

_CLIP_RE = re.compile(r"\s*([xyz])\s*(<=|>=|<|>)\s*(-?\d+(?:\.\d+)?)\s*")


@dataclass
class RenderOptions:
    size: tuple[int, int] = (1024, 768)
    levels: tuple[int, int] | None = None
    peel: int = 0
    clips: list[tuple[int, float, bool]] = field(default_factory=list)  # axis, value, below
    view: str = "iso"
    ghost_peeled: bool = False
    cut_open: bool = False
    overlays: Mapping[str, Any] = field(default_factory=dict)  # the game's lesson overlays
    caption: str = ""  # text drawn at the top of the picture (a lesson's caption)

    def with_lesson(self, lesson: Lesson | None) -> RenderOptions:
        """These options plus what a lesson asks for: its overlays and its caption."""
        if lesson is None:
            return self
        overlays = {**lesson.overlays, **{k: v for k, v in self.overlays.items() if v}}
        return replace(self, overlays=overlays, caption=self.caption or lesson.caption)


def parse_clip(text: str) -> tuple[int, float, bool]:
    """``x<=2.5`` keeps pieces with centre x at most 2.5; ``z>=1`` those at least 1 high."""
    match = _CLIP_RE.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not a clip plane; write e.g. x<=2.5 or z>=0.7")
    axis, op, value = match.groups()
    return AXES.index(axis), float(value), op.startswith("<")


def check_output(out: str | Path) -> Path:
    """The file a picture for ``out`` goes to (a symbolic link's target), checked before
    anything is drawn: ValueError saying what is wrong with the extension, the folder or an
    existing thing of that name."""
    text = os.fspath(out)
    extension = Path(text).suffix.lower()
    if extension not in IMAGE_FORMATS:
        known = ", ".join(IMAGE_FORMATS)
        what = f"{extension!r} is not a picture extension" if extension else "no extension"
        raise ValueError(f"{text}: {what}; use one of {known}")
    target = Path(os.path.realpath(text))
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(f"{text}: the folder {folder} does not exist")
    if os.path.lexists(target) and not target.is_file():
        kind = "a folder" if target.is_dir() else "not a regular file"
        raise ValueError(f"{text}: {kind}, cannot be replaced by a picture")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"{text}: the folder {folder} is not writable")
    return target


def view_state_for(options: RenderOptions) -> ViewState:
    view = ViewState()
    if options.levels is not None:
        view.set_levels(*options.levels)
    view.set_peel(options.peel)
    view.set_ghost_peeled(options.ghost_peeled)
    view.set_cut_open(options.cut_open)
    for axis, value, below in options.clips:
        view.set_clip(axis, enabled=True, value=value, keep_below=below)
    return view


def render_game(game: Game, out: str | Path, options: RenderOptions | None = None) -> Path:
    """Draw ``game`` to the picture file ``out`` (format by extension, see IMAGE_FORMATS) and
    return the path written. The file is replaced atomically, so a failed or interrupted
    render leaves what was there. ValueError for an output :func:`check_output` refuses,
    OSError when the picture cannot be written."""
    options = options or RenderOptions()
    target = check_output(out)
    image_format = IMAGE_FORMATS[Path(out).suffix.lower()]
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")
    import pyvista as pv

    from . import palette
    from .boards import make_board_view
    from .games import ui_class

    ui = ui_class(game)()
    ui.set_overlays(options.overlays)  # ValueError naming an overlay the game lacks
    plotter = pv.Plotter(off_screen=True, window_size=options.size)
    try:
        plotter.ren_win.SetMultiSamples(0)
        plotter.set_background(palette.BACKGROUND)
        board = make_board_view(ui.board_kind, plotter, ui.geometry(game))
        board.show(ui.frame(game, ui.turn(game)), view_state_for(options))
        board.set_view(options.view)
        if options.caption:
            width = max(30, options.size[0] // 11)  # characters per line at this font size
            plotter.add_text(
                textwrap.fill(options.caption, width),
                position="upper_left",
                font_size=8,
                color=(30, 30, 30),
            )
        image = plotter.screenshot(None, return_img=True)
    finally:
        plotter.close()
    from PIL import Image

    encoded = io.BytesIO()
    Image.fromarray(image).save(encoded, format=image_format)
    return write_bytes(target, encoded.getvalue())
