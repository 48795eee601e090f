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

Everything is drawn offscreen through :class:`viewer.pictures.render.Scene` (the board view and
frame the window draws), and every file is replaced atomically (written beside the target,
then renamed over it). Nothing here names a game: positions and levels come from the board
geometry (``centres``, ``levels``, ``count``), pieces from the game UI's frame.
"""

from __future__ import annotations

import io
import json
import math
import os
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import numpy as np

from pyramid_lab.model.files import save_file, write_bytes
from pyramid_lab.model.game import Game, quote
from pyramid_lab.model.review import GameReview
from pyramid_lab.model.setup import start_copy

from ..lab import palette
from ..lab.export_plan import DEFAULT_FPS, DEFAULT_FRAMES, DEFAULT_HOLD  # (the dialog's too)
from ..lab.frame import Frame
from .render import IMAGE_FORMATS, RenderOptions, Scene, check_output, encode_picture

if TYPE_CHECKING:
    import pyvista as pv

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

#: Called after each frame drawn: (frames done, frames in all). It may raise to stop the
#: export (nothing is written then).
Progress = Callable[[int, int], None]


@dataclass
class ExportOptions:
    """What to export besides the view (``render``: size, levels, peel, clips, camera)."""

    render: RenderOptions = field(default_factory=RenderOptions)
    motion: str | None = None  # an animation's: "turntable" or "replay"
    frames: int = DEFAULT_FRAMES  # a turntable's frames for one turn
    hold: int = DEFAULT_HOLD  # a replay's frames per position (a GIF shows one as long)
    fps: int = DEFAULT_FPS  # an animation's frames per second
    title: str = ""  # the sheet's and the page's title (a puzzle's title, the file's name)


def export_kind(out: str | os.PathLike[str]) -> str | None:
    """What ``out``'s extension exports (:data:`EXPORT_FORMATS`), None for no format."""
    return EXPORT_FORMATS.get(Path(os.fspath(out)).suffix.lower())


def check_export(out: str | os.PathLike[str], motion: str | None) -> Path:
    """The file an export to ``out`` goes to (a symbolic link's target), checked before
    anything is drawn: ValueError saying what is wrong with the extension, the folder, an
    existing thing of that name, or the motion for this format."""
    target = check_output(out, EXPORT_FORMATS, "export")
    text = os.fspath(out)
    extension = Path(text).suffix.lower()
    kind = EXPORT_FORMATS[extension]
    if motion is not None and motion not in MOTIONS:
        raise ValueError(f"{quote(motion)} is not a motion; use one of {', '.join(MOTIONS)}")
    if motion is not None and kind != ANIMATION:
        raise ValueError(
            f"{text}: a {extension} file is a still {kind}; a {motion} needs .gif or .mp4"
        )
    if motion is None and kind == ANIMATION:
        raise ValueError(
            f"{text}: a {extension} file is an animation: choose --turntable or --replay"
        )
    return target


def check_replay(game: Game) -> None:
    """ValueError when ``game`` has no moves to replay."""
    if not game.move_stack:
        raise ValueError("the game has no moves to replay (its file has no history)")


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
    if kind == PICTURE:
        data = picture_bytes(game, extension, options.render, frame)
        _report(progress, 1, 1)
    elif kind == ANIMATION:
        size = _even(options.render.size) if extension == ".mp4" else options.render.size
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
    elif kind == PAGE:
        data = web_page(game, options, frame=frame).encode("utf-8")
        _report(progress, 1, 1)
    else:
        data = floor_plan_sheet(game, options, frame=frame)
        _report(progress, 1, 1)
    return write_bytes(target, data)


def _report(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)


def _even(size: tuple[int, int]) -> tuple[int, int]:
    """H.264 in the usual pixel format (yuv420p) needs even sides: one pixel less if not."""
    return size[0] - size[0] % 2, size[1] - size[1] % 2


# ---- pictures and animations ---------------------------------------------------------------


def picture_bytes(
    game: Game, extension: str, options: RenderOptions, frame: Frame | None = None
) -> bytes:
    with Scene(game, options) as scene:
        scene.draw(game, frame)
        scene.aim()
        return encode_picture(scene.screenshot(), extension)


#: An animation's pictures as they are drawn (a replay's are held ``hold`` frames each).
Pictures = Iterator[np.ndarray]


def turntable(
    game: Game,
    options: RenderOptions,
    frames: int,
    *,
    frame: Frame | None = None,
    progress: Progress | None = None,
) -> Pictures:
    """``frames`` pictures of the position, the camera orbiting the board once about the
    vertical axis through what it looks at (the first picture is the view as aimed)."""
    with Scene(game, options) as scene:
        scene.draw(game, frame)
        scene.aim()
        for index in range(frames):
            if index:
                orbit(scene.plotter, 360.0 / frames)
            yield scene.screenshot()
            _report(progress, index + 1, frames)


def orbit(plotter: pv.BasePlotter, degrees: float) -> None:
    """Turn the camera ``degrees`` about the vertical (z) axis through its focal point."""
    camera = plotter.camera
    focal = np.array(camera.GetFocalPoint())
    angle = math.radians(degrees)
    c, s = math.cos(angle), math.sin(angle)
    turn = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    camera.SetPosition(*(focal + turn @ (np.array(camera.GetPosition()) - focal)))
    camera.SetViewUp(*(turn @ np.array(camera.GetViewUp())))
    plotter.renderer.ResetCameraClippingRange()


def replay(game: Game, options: RenderOptions, *, progress: Progress | None = None) -> Pictures:
    """One picture per position from the start of ``game``'s move stack to its end (the
    moves replayed on a copy), each captioned with the move that led to it and the
    status after it."""
    check_replay(game)
    moves = list(game.move_stack)
    position = start_copy(game)
    total = len(moves) + 1
    with Scene(position, options) as scene:
        scene.aim()
        last: np.ndarray | None = None
        for index in range(total):
            caption = "Start"
            if index:
                move = moves[index - 1]
                mover = _mover(position)
                position.push(move)
                played = f"{mover} {move}" if mover else f"{move}"
                caption = f"Move {index} of {len(moves)}: {played}"
            scene.draw(position, caption=f"{caption} - {scene.ui.status(position)}")
            picture = scene.screenshot()
            if last is not None and np.array_equal(picture, last):
                # each position's caption is its own, so the same picture is a stale read
                # (a GIF merges equal frames: a loaded machine's replay kept 2 of 6)
                picture = scene.fresh_screenshot(last)
            last = picture
            yield picture
            _report(progress, index + 1, total)


def _mover(game: Game) -> str:
    """The colour to move, or '' where no one player is (a simultaneous turn)."""
    player = game.current_player()
    return game.players[player] if 0 <= player < len(game.players) else ""


def write_gif(pictures: Pictures, options: ExportOptions, path: str) -> None:
    """An endlessly looping GIF at ``path``, written a frame at a time
    (:class:`viewer.pictures.gif_stream.GifStream`): one GIF frame per picture, shown as long as
    its hold."""
    from .gif_stream import GifStream

    hold = options.hold if options.motion == "replay" else 1
    with open(path, "wb") as out:
        gif = GifStream(out, round(1000 * hold / options.fps))
        for image in pictures:
            gif.add(image)
        gif.close()


def _writer(path: str, plugin: str, extension: str, **options: Any) -> Any:
    """imageio's streaming (legacy) writer ``plugin`` of many images at ``path``, a file
    of ``extension`` whatever its name ends with (a temporary file's ends .tmp)."""
    from imageio.core.imopen import imopen

    opener: Any = imopen  # its overloads know "w", not the legacy "wI" (many images)
    resource = opener(path, "wI", plugin=plugin, legacy_mode=True, extension=extension)
    return resource.legacy_get_writer(**options)


def write_mp4(pictures: Pictures, options: ExportOptions, path: str) -> None:
    """An H.264 MP4 (yuv420p, which every player shows) at ``options.fps`` at ``path``,
    each picture repeated for its hold, piped to ffmpeg a frame at a time."""
    hold = options.hold if options.motion == "replay" else 1
    writer = _writer(
        path,
        "FFMPEG",
        ".mp4",
        fps=options.fps,
        codec="libx264",
        pixelformat="yuv420p",
        macro_block_size=2,  # the sides are even: nothing is resized
        quality=7,
        ffmpeg_log_level="error",
        output_params=["-f", "mp4"],  # the temporary file's name ends .tmp
    )
    try:
        for image in pictures:
            for _ in range(hold):
                writer.append_data(image)
    finally:
        writer.close()


# ---- the interactive web page --------------------------------------------------------------

#: Sphere mesh for impostor balls, which vtk.js cannot draw (a point-Gaussian mapper with
#: a sphere shader): each becomes a real sphere of this mesh.
_SPHERE_RESOLUTION = (20, 14)


def web_page(game: Game, options: ExportOptions, *, frame: Frame | None = None) -> str:
    """An HTML page showing the position in 3D with vtk.js (drag to turn, scroll to zoom),
    self-contained: vtk.js and the scene are inline, nothing is fetched when it opens."""
    with Scene(game, options.render) as scene:
        scene.draw(game, frame, caption="")
        scene.aim()
        scene.plotter.render()
        archive = _vtkjs_scene(scene.plotter)
    from trame_vtk.tools.vtksz2html import write_html

    page = io.StringIO()
    write_html(archive, page)
    title = options.title or game.title
    info = f"{game.title}: {scene.ui.status(game)}"
    return _titled(page.getvalue(), title, info)


def _vtkjs_scene(plotter: pv.BasePlotter) -> bytes:
    """The plotter's 3D scene as vtk.js's OfflineLocalView archive (a zip of index.json),
    serialized by trame-vtk: what vtk.js cannot draw is replaced first (impostor balls by
    sphere meshes); text drawn over the picture is left out."""
    from trame_vtk.modules.vtk.serializers import (
        SynchronizationContext,
        extract_array_hash,
        initialize_serializers,
        reference_id,
        serialize,
        skip_light,
    )
    from vtkmodules.vtkRenderingCore import vtkRenderer, vtkRenderWindow

    source = plotter.renderer
    renderer = vtkRenderer()
    renderer.SetBackground(source.GetBackground())
    renderer.SetActiveCamera(source.GetActiveCamera())
    lights = source.GetLights()
    lights.InitTraversal()
    for _ in range(lights.GetNumberOfItems()):
        renderer.AddLight(lights.GetNextItem())
    renderer.SetAutomaticLightCreation(False)
    for actor in _web_actors(source):
        renderer.AddActor(actor)
    window = vtkRenderWindow()
    window.SetOffScreenRendering(True)
    window.SetSize(*plotter.window_size)
    window.AddRenderer(renderer)
    initialize_serializers()
    skip_light(False)  # pyvista's light kit, as the window lights the scene
    context = SynchronizationContext()
    scene = serialize(None, window, "1", context, 1)
    camera = renderer.GetActiveCamera()
    scene["extra"] = {
        "vtkRefId": reference_id(window),
        "centerOfRotation": camera.GetFocalPoint(),
        "camera": reference_id(camera),
    }
    hashes = {}
    for entry in extract_array_hash(scene):
        key = entry["hash"]
        hashes[key] = dict(**entry, content=context.get_cached_data_array(key, False))
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        text = json.dumps({"hashes": hashes, "scene": scene})
        zipped.writestr("index.json", text, compress_type=zipfile.ZIP_DEFLATED)
    return archive.getvalue()


def _web_actors(renderer: Any) -> list[Any]:
    """The renderer's visible 3D actors as vtk.js can draw them."""
    import pyvista as pv
    from vtkmodules.util.numpy_support import numpy_to_vtk
    from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

    from ..boards.meshes import instances, template

    theta, phi = _SPHERE_RESOLUTION
    sphere = template(pv.Sphere(radius=1.0, theta_resolution=theta, phi_resolution=phi))
    actors = []
    collection = renderer.GetActors()
    collection.InitTraversal()
    for _ in range(collection.GetNumberOfItems()):
        actor = collection.GetNextActor()
        mapper = actor.GetMapper()
        if not actor.GetVisibility() or mapper is None:
            continue
        if not mapper.IsA("vtkPointGaussianMapper"):
            actors.append(actor)
            continue
        data = pv.wrap(mapper.GetInput())
        if data is None or data.n_points == 0:
            continue
        radius = np.asarray(data.point_data[mapper.GetScaleArray()], dtype=float)
        rgb = np.asarray(data.point_data.active_scalars)[:, :3]
        shown = radius > 0
        if not shown.any():
            continue
        balls = instances(sphere, data.points[shown], rgb[shown], radius[shown])
        # A unit sphere's normals are its points: smooth shading without computing them.
        normals = numpy_to_vtk(np.tile(sphere[0], (int(shown.sum()), 1)), deep=True)
        normals.SetName("Normals")
        balls.GetPointData().SetNormals(normals)
        ball_mapper = vtkPolyDataMapper()
        ball_mapper.SetInputData(balls)
        ball_mapper.SetScalarModeToUseCellData()
        ball_mapper.SetColorModeToDirectScalars()
        ball_mapper.SelectColorArray("rgb")
        balls_actor = vtkActor()
        balls_actor.SetMapper(ball_mapper)
        balls_actor.GetProperty().SetOpacity(actor.GetProperty().GetOpacity())
        actors.append(balls_actor)
    return actors


def _titled(page: str, title: str, info: str) -> str:
    """The page with ``title`` as its title and a small caption over the scene."""
    from html import escape

    head = f"<title>{escape(title)} - Pyramid Lab</title>"
    start, end = page.find("<title>"), page.find("</title>")
    if start >= 0 and end > start:
        page = page[:start] + head + page[end + len("</title>") :]
    caption = (
        '<div style="position:fixed;top:8px;left:12px;z-index:10;font:14px sans-serif;'
        'color:#222;background:rgba(255,255,255,0.8);padding:4px 8px;pointer-events:none">'
        f"<b>{escape(title)}</b><br>{escape(info)}<br>"
        '<span style="color:#666">drag to turn, scroll to zoom</span></div>'
    )
    # vtk.js fills the element of class "content" (else the body, which it empties).
    viewer = '<div class="content" style="position:fixed;inset:0"></div>'
    at = page.find("<body>")
    if at >= 0:
        at += len("<body>")
        page = page[:at] + "\n" + viewer + "\n" + caption + page[at:]
    return page


# ---- the floor-plan sheet ------------------------------------------------------------------

PAGE_MARGIN = 40.0  # points (1/72 inch) round an A4 page
CELL_GAP = 14.0


@dataclass
class LevelPlan:
    """One level of the board as the sheet draws it: its sites and where they lie."""

    level: int
    sites: np.ndarray  # site ids
    xy: np.ndarray  # (n, 2) plan positions (board units)


def level_plans(geometry: Any, levels: tuple[int, int] | None = None) -> list[LevelPlan]:
    """The board's levels from its geometry (``centres``, ``levels``), lowest first, those
    in ``levels`` (lo, hi) only when given."""
    all_levels = np.asarray(geometry.levels)
    centres = np.asarray(geometry.centres, dtype=float)
    plans = []
    for level in sorted({int(v) for v in all_levels}):
        if levels is not None and not levels[0] <= level <= levels[1]:
            continue
        sites = np.flatnonzero(all_levels == level)
        plans.append(LevelPlan(level, sites, centres[sites, :2]))
    return plans


def _spacing(plans: list[LevelPlan]) -> float:
    """The distance between neighbouring sites (1 on every board so far)."""
    steps = []
    for plan in plans:
        for axis in (0, 1):
            values = np.unique(np.round(plan.xy[:, axis], 6))
            if len(values) > 1:
                steps.append(float(np.diff(values).min()))
    return min(steps) if steps else 1.0


def _cell_name(names: list[str]) -> str:
    """What the names of the sites sharing one spot have in common ("d4 large", "d4
    small" -> "d4"), else the first name."""
    words = [name.split() for name in names]
    common = []
    for column in zip(*words, strict=False):
        if len(set(column)) > 1:
            break
        common.append(column[0])
    return " ".join(common) or names[0]


def floor_plan_sheet(game: Game, options: ExportOptions, *, frame: Frame | None = None) -> bytes:
    """A PDF of floor plans for print: one diagram per level of the board (seen from
    above, the pieces as coloured discs with their coordinates), with the title, the
    game and the side to move; as many A4 pages as the levels need."""
    from ..games import ui_class

    ui = ui_class(game)()
    ui.set_overlays(options.render.overlays)
    geometry = ui.geometry(game)
    if frame is None:
        frame = ui.frame(game, ui.turn(game))
    plans = level_plans(geometry, options.render.levels)
    if not plans:
        raise ValueError("no level of the board is in the level range")
    colours: dict[int, tuple[int, int, int]] = {}
    for site, style in frame.pieces.items():
        rgb = palette.piece_rgb(style) if frame.piece_rgb is None else frame.piece_rgb[site]
        colours[int(site)] = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
    sheet = _Sheet(
        title=options.title or game.title,
        lines=[_game_line(game), _capital(ui.status(game)) + _moves_text(game)],
        legend=[
            (
                colour,
                palette.piece_rgb(colour),
                sum(1 for s in frame.pieces.values() if s == colour),
            )
            for colour in game.players
        ],
    )
    return sheet.draw(plans, colours, frame.pieces, ui.site_name)


def _game_line(game: Game) -> str:
    """The game and its options in words: "Pyramid Partition (size: 5, version: floating)"."""
    options = game.options.to_json() if hasattr(game.options, "to_json") else {}
    words = {True: "yes", False: "no"}
    shown = ", ".join(
        f"{key.replace('_', ' ')}: {words.get(value, value) if isinstance(value, bool) else value}"
        for key, value in options.items()
    )
    return f"{game.title}" + (f" ({shown})" if shown else "")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _moves_text(game: Game) -> str:
    count = len(game.move_stack)
    return f", after {count} move{'s' if count != 1 else ''}" if count else ""


@dataclass
class _Sheet:
    title: str
    lines: list[str]
    legend: list[tuple[str, tuple[int, int, int], int]]

    def draw(
        self,
        plans: list[LevelPlan],
        colours: dict[int, tuple[int, int, int]],
        pieces: Any,
        site_name: Callable[[int], str],
    ) -> bytes:
        from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF
        from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter

        _gui_application()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        writer = QPdfWriter(buffer)
        writer.setResolution(72)  # painter units are points
        writer.setPageLayout(
            QPageLayout(
                QPageSize(QPageSize.PageSizeId.A4),
                QPageLayout.Orientation.Portrait,
                QMarginsF(0, 0, 0, 0),
            )
        )
        writer.setTitle(self.title)
        writer.setCreator("Pyramid Lab")
        page_w, page_h = 595.0, 842.0
        width = page_w - 2 * PAGE_MARGIN
        columns = 1 if len(plans) == 1 else 2 if len(plans) <= 4 else 3
        cell_w = (width - (columns - 1) * CELL_GAP) / columns
        heading_h = 30.0
        cell_h = cell_w + heading_h
        header_h = 86.0
        footer_h = 20.0
        rows = max(
            1,
            int((page_h - 2 * PAGE_MARGIN - header_h - footer_h + CELL_GAP) // (cell_h + CELL_GAP)),
        )
        per_page = rows * columns
        pages = [plans[i : i + per_page] for i in range(0, len(plans), per_page)]

        spacing = _spacing(plans)
        extent = (
            max(float(np.ptp(plan.xy, axis=0).max()) if len(plan.xy) > 1 else 0.0 for plan in plans)
            / spacing
        )
        scale = min(cell_w - 8, cell_h - heading_h - 8) / (extent + 1.0)  # points per step
        radius = 0.44 * scale

        painter = QPainter()
        if not painter.begin(writer):
            raise OSError("Qt could not start the PDF")
        try:
            for number, page in enumerate(pages):
                if number:
                    writer.newPage()
                self._header(painter, number, len(pages), width)
                top = PAGE_MARGIN + header_h
                for index, plan in enumerate(page):
                    row, column = divmod(index, columns)
                    cell = QRectF(
                        PAGE_MARGIN + column * (cell_w + CELL_GAP),
                        top + row * (cell_h + CELL_GAP),
                        cell_w,
                        cell_h,
                    )
                    self._level(
                        painter,
                        cell,
                        heading_h,
                        plan,
                        spacing,
                        scale,
                        radius,
                        colours,
                        pieces,
                        site_name,
                    )
                painter.setPen(QColor(120, 120, 120))
                painter.setFont(_font(QFont, 7))
                painter.drawText(
                    QPointF(PAGE_MARGIN, page_h - PAGE_MARGIN + 4),
                    f"Pyramid Lab - floor plans, seen from above - page {number + 1} of "
                    f"{len(pages)}",
                )
        finally:
            painter.end()
        buffer.close()
        return bytes(data.data())

    def _header(self, painter: Any, number: int, pages: int, width: float) -> None:
        from PySide6.QtCore import QPointF, QRectF, Qt
        from PySide6.QtGui import QColor, QFont, QPen

        y = PAGE_MARGIN
        painter.setPen(QColor(20, 20, 20))
        painter.setFont(_font(QFont, 16, bold=True))
        title = self.title if not number else f"{self.title} (continued)"
        painter.drawText(QRectF(PAGE_MARGIN, y, width, 22), Qt.AlignmentFlag.AlignLeft, title)
        y += 24
        painter.setFont(_font(QFont, 10))
        for line in self.lines:
            painter.drawText(QRectF(PAGE_MARGIN, y, width, 14), Qt.AlignmentFlag.AlignLeft, line)
            y += 15
        x = PAGE_MARGIN
        for name, rgb, count in self.legend:
            painter.setPen(QPen(QColor(60, 60, 60), 0.6))
            painter.setBrush(QColor(*rgb))
            painter.drawEllipse(QPointF(x + 5, y + 7), 5, 5)
            painter.setPen(QColor(20, 20, 20))
            text = f"{name}: {count}"
            painter.drawText(QPointF(x + 14, y + 11), text)
            x += 24 + painter.fontMetrics().horizontalAdvance(text)
        painter.setPen(QPen(QColor(180, 180, 180), 0.5))
        painter.drawLine(QPointF(PAGE_MARGIN, y + 20), QPointF(PAGE_MARGIN + width, y + 20))

    def _level(
        self,
        painter: Any,
        cell: Any,
        heading_h: float,
        plan: LevelPlan,
        spacing: float,
        scale: float,
        radius: float,
        colours: dict[int, tuple[int, int, int]],
        pieces: Any,
        site_name: Callable[[int], str],
    ) -> None:
        from PySide6.QtCore import QPointF, QRectF, Qt
        from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPen

        on_level = [int(s) for s in plan.sites if int(s) in colours]
        counts: dict[str, int] = {}
        for site in on_level:
            counts[pieces[site]] = counts.get(pieces[site], 0) + 1
        painter.setPen(QColor(20, 20, 20))
        painter.setFont(_font(QFont, 11, bold=True))
        painter.drawText(
            QRectF(cell.left(), cell.top(), cell.width(), 15),
            Qt.AlignmentFlag.AlignLeft,
            f"Level {plan.level}",
        )
        painter.setFont(_font(QFont, 8))
        spots = _spots(plan, spacing)
        what = ", ".join(f"{n} {c}" for c, n in sorted(counts.items())) or "no pieces"
        painter.drawText(
            QRectF(cell.left(), cell.top() + 15, cell.width(), 12),
            Qt.AlignmentFlag.AlignLeft,
            f"{len(spots)} place{'s' if len(spots) != 1 else ''}: {what}",
        )
        area = QRectF(cell.left(), cell.top() + heading_h, cell.width(), cell.height() - heading_h)
        painter.setPen(QPen(QColor(215, 215, 215), 0.5))
        painter.setBrush(QColor(250, 250, 248))
        painter.drawRect(area)
        middle = (plan.xy.min(axis=0) + plan.xy.max(axis=0)) / 2 / spacing
        for (x, y), sites in spots.items():
            centre = QPointF(
                area.center().x() + (x - middle[0]) * scale,
                area.center().y() - (y - middle[1]) * scale,  # the plan's y axis points up
            )
            painter.setPen(QPen(QColor(170, 170, 170), 0.6))
            painter.setBrush(QColor(255, 255, 255))
            painter.drawEllipse(centre, radius, radius)
            top_rgb = None
            # Sites sharing a spot (pieces of several sizes on one square) nest, biggest
            # (first) outermost.
            for rank, site in enumerate(sites):
                rgb = colours.get(site)
                if rgb is None:
                    continue
                r = radius * (1.0 - 0.5 * rank / max(1, len(sites) - 1))
                painter.setPen(QPen(QColor(40, 40, 40), 0.7))
                painter.setBrush(QColor(*rgb))
                painter.drawEllipse(centre, r, r)
                top_rgb = rgb
            name = _cell_name([site_name(s) for s in sites])
            size = _fitting_size(QFont, QFontMetricsF, name, 1.75 * radius, 0.7 * radius)
            if size is None:
                continue
            if top_rgb is None:
                painter.setPen(QColor(150, 150, 150))
            else:
                light = 0.299 * top_rgb[0] + 0.587 * top_rgb[1] + 0.114 * top_rgb[2]
                painter.setPen(QColor(20, 20, 20) if light > 150 else QColor(255, 255, 255))
            painter.setFont(_font(QFont, size, bold=top_rgb is not None))
            box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, name)


def _spots(plan: LevelPlan, spacing: float) -> dict[tuple[float, float], list[int]]:
    """The level's sites by plan position (in steps); sites sharing a spot in id order."""
    spots: dict[tuple[float, float], list[int]] = {}
    for site, (x, y) in zip(plan.sites, plan.xy, strict=True):
        key = (round(float(x) / spacing, 4), round(float(y) / spacing, 4))
        spots.setdefault(key, []).append(int(site))
    return spots


#: The sheet's typeface: the first of these the machine has (each has a bold face; a
#: font without one gets a synthetic bold, drawn twice).
SHEET_FONTS = ["Helvetica", "Arial", "Nimbus Sans", "Liberation Sans", "DejaVu Sans"]


def _font(font_class: Any, size: float, *, bold: bool = False) -> Any:
    font = font_class()
    font.setFamilies(SHEET_FONTS)
    font.setStyleHint(font_class.StyleHint.SansSerif)
    font.setPointSizeF(size)
    font.setBold(bold)
    return font


MIN_LABEL_POINTS = 3.0


def _fitting_size(
    font_class: Any, metrics_class: Any, text: str, width: float, largest: float
) -> float | None:
    """The largest font size (at most ``largest`` points) whose ``text`` fits ``width``;
    None when even the smallest legible one does not."""
    size = min(largest, 9.0)
    while size >= MIN_LABEL_POINTS:
        if metrics_class(_font(font_class, size, bold=True)).horizontalAdvance(text) <= width:
            return size
        size *= 0.85
    return None


def _gui_application() -> Any:
    """Qt's application object, which fonts need; made for the command line when there is
    none (on the offscreen platform when there is no display)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication(["pyramid-lab"])
    return app


REVIEW_GRAPH_SIZE = (800, 240)


def review_graph_png(
    review: GameReview, first: str, size: tuple[int, int] = REVIEW_GRAPH_SIZE
) -> bytes:
    """A game review's win-rate graph (the Review dock's) as PNG bytes: exported beside
    the pictures (``NAME-review.png``) and by ``pyramid-lab review --graph``."""
    from PySide6.QtGui import QImage

    from ..widgets.review_dock import graph_image

    _gui_application()
    image = graph_image(review, first, *size).convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    rows = np.frombuffer(image.constBits(), np.uint8, count=stride * height)
    pixels = rows.reshape(height, stride)[:, : width * 3].reshape(height, width, 3)
    return encode_picture(np.ascontiguousarray(pixels), ".png")


def review_graph_path(target: Path) -> Path:
    """Where an export to ``target`` puts the review's graph: ``NAME-review.png``."""
    stem = target.name[: -len(target.suffix)] if target.suffix else target.name
    return target.with_name(f"{stem}-review.png")
