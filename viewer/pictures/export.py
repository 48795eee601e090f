"""Exports of a position (``pyramid-lab export``, File > Export...): the format is chosen by
the output's extension.

- a picture (``.png``, ``.jpg``, ...: see :data:`viewer.pictures.render.IMAGE_FORMATS`) at a size;
- an animation (``.gif``, ``.mp4``, written with imageio; MP4 through its ffmpeg plug-in,
  whose ffmpeg ships inside the ``imageio-ffmpeg`` wheel): a **turntable** (the camera
  orbits the board in N frames) or a **replay** of the game's moves (one picture per
  position from the start of the move stack to its end, each held a few frames, captioned
  with the move);
- an interactive 3D web page (``.html``): the scene serialized for vtk.js by trame-vtk and
  embedded, with vtk.js itself, in one self-contained file that opens offline in any
  browser (drag to turn, scroll to zoom);
- a print sheet of floor plans (``.pdf``, drawn with Qt's QPdfWriter): one small 2D
  diagram per level of the board, the pieces as coloured discs with their coordinates;
  as many pages as the levels need.

The animations are :mod:`.motion`'s, the page :mod:`.web_page`'s and the sheet
:mod:`.sheet`'s. Everything is drawn offscreen through :class:`viewer.pictures.render.Scene`
(the board view and frame the window draws), and every file is replaced atomically (written
beside the target, then renamed over it). Nothing here names a game: positions and levels
come from the board geometry (``centres``, ``levels``, ``count``), pieces from the game UI's
frame.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

import numpy as np

from pyramid_lab.i18n import N_, _
from pyramid_lab.model.files import save_file, write_bytes
from pyramid_lab.model.game import Game, quote
from pyramid_lab.model.review import GameReview

from ..lab.frame import Frame
from .motion import (
    Progress,
    check_replay,
    even_size,
    replay,
    report_progress,
    turntable,
    write_gif,
    write_mp4,
)
from .render import (
    IMAGE_FORMATS,
    ExportOptions,
    RenderOptions,
    Scene,
    check_output,
    encode_picture,
)
from .sheet import floor_plan_sheet, gui_application
from .web_page import web_page

#: What each extension exports.
PICTURE, ANIMATION, PAGE, SHEET = "picture", "animation", "web page", "floor-plan sheet"
EXPORT_FORMATS: dict[str, str] = {
    **dict.fromkeys(IMAGE_FORMATS, PICTURE),
    ".gif": ANIMATION,
    ".mp4": ANIMATION,
    ".html": PAGE,
    ".pdf": SHEET,
}
MOTIONS = ("turntable", "replay")


def check_export(out: str | os.PathLike[str], motion: str | None) -> Path:
    """The file an export to ``out`` goes to (a symbolic link's target), checked before
    anything is drawn: ValueError saying what is wrong with the extension, the folder, an
    existing thing of that name, or the motion for this format."""
    target = check_output(out, EXPORT_FORMATS, "export")
    text = os.fspath(out)
    extension = Path(text).suffix.lower()
    kind = EXPORT_FORMATS[extension]
    if motion is not None and motion not in MOTIONS:
        raise ValueError(
            _("{motion} is not a motion; use one of {motions}").format(
                motion=quote(motion), motions=", ".join(MOTIONS)
            )
        )
    if motion is not None and kind != ANIMATION:
        raise ValueError(_(STILL[kind, motion]).format(path=text, extension=extension))
    if motion is None and kind == ANIMATION:
        raise ValueError(
            _("{path}: a {extension} file is an animation: choose --turntable or --replay").format(
                path=text, extension=extension
            )
        )
    return target


#: What a motion asked of a still export says, for each kind of still and motion.
STILL = {
    (PICTURE, "turntable"): N_(
        "{path}: a {extension} file is a still picture; a turntable needs .gif or .mp4"
    ),
    (PICTURE, "replay"): N_(
        "{path}: a {extension} file is a still picture; a replay needs .gif or .mp4"
    ),
    (PAGE, "turntable"): N_(
        "{path}: a {extension} file is a still web page; a turntable needs .gif or .mp4"
    ),
    (PAGE, "replay"): N_(
        "{path}: a {extension} file is a still web page; a replay needs .gif or .mp4"
    ),
    (SHEET, "turntable"): N_(
        "{path}: a {extension} file is a still floor-plan sheet; a turntable needs .gif or .mp4"
    ),
    (SHEET, "replay"): N_(
        "{path}: a {extension} file is a still floor-plan sheet; a replay needs .gif or .mp4"
    ),
}


def export_game(
    game: Game,
    out: str | os.PathLike[str],
    options: ExportOptions | None = None,
    *,
    frame: Frame | None = None,
    progress: Progress | None = None,
) -> Path:
    """Export ``game`` to ``out`` (the format by extension, :data:`EXPORT_FORMATS`) and
    return the path written. ``frame`` draws the position as given instead of the game
    UI's own frame (the window passes what it shows; a replay draws each position's own).
    ValueError for an output or options :func:`check_export` refuses, or a replay of a
    game without moves; OSError when the file cannot be written."""
    options = options or ExportOptions()
    target = check_export(out, options.motion)
    extension = Path(os.fspath(out)).suffix.lower()
    if options.motion == "replay":
        check_replay(game)
    kind = EXPORT_FORMATS[extension]
    if kind == ANIMATION:
        size = even_size(options.render.size) if extension == ".mp4" else options.render.size
        render = RenderOptions(**{**options.render.__dict__, "size": size})
        if options.motion == "turntable":
            pictures = turntable(game, render, options.frames, frame=frame, progress=progress)
        else:
            pictures = replay(game, render, progress=progress)
        # Frame by frame into the temporary file that the save renames: one picture held
        # at a time, whatever the length (all of a 500-move replay's once took 3.3 GB).
        encode = write_gif if extension == ".gif" else write_mp4

        def fill(tmp: str, out: BinaryIO) -> None:
            out.close()  # the encoder writes the file by its name
            encode(pictures, options, tmp)

        return save_file(target, fill)[0]
    if kind == PICTURE:
        data = picture_bytes(game, extension, options.render, frame)
    elif kind == PAGE:
        data = web_page(game, options, frame=frame).encode("utf-8")
    else:
        data = floor_plan_sheet(game, options, frame=frame)
    report_progress(progress, 1, 1)  # (a still is one frame)
    return write_bytes(target, data)


def picture_bytes(
    game: Game, extension: str, options: RenderOptions, frame: Frame | None = None
) -> bytes:
    """The picture of ``game`` (``frame``, where given, as drawn) encoded for ``extension``."""
    with Scene(game, options) as scene:
        scene.draw(game, frame)
        scene.aim()
        return encode_picture(scene.screenshot(), extension)


REVIEW_GRAPH_SIZE = (800, 240)


def review_graph_png(
    review: GameReview, first: str, size: tuple[int, int] = REVIEW_GRAPH_SIZE
) -> bytes:
    """A game review's win-rate graph (the Review dock's) as PNG bytes: exported beside
    the pictures (``NAME-review.png``) and by ``pyramid-lab review --graph``."""
    from PySide6.QtGui import QImage

    from ..widgets.review_dock import graph_image

    gui_application()
    image = graph_image(review, first, *size).convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    rows = np.frombuffer(image.constBits(), np.uint8, count=stride * height)
    pixels = rows.reshape(height, stride)[:, : width * 3].reshape(height, width, 3)
    return encode_picture(np.ascontiguousarray(pixels), ".png")


def review_graph_path(target: Path) -> Path:
    """Where an export to ``target`` puts the review's graph: ``NAME-review.png``."""
    stem = target.name[: -len(target.suffix)] if target.suffix else target.name
    return target.with_name(f"{stem}-review.png")
