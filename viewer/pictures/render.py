"""Headless pictures of a position (``pyramid-lab render``): the same board view and frame
as the window, drawn offscreen (EGL when there is no display), for documentation and
puzzle sheets. :class:`Scene` is that offscreen drawing, shared with ``export``
(:mod:`viewer.pictures.export`: animations, web pages), and :class:`RenderOptions` what it
draws; an export's options (:class:`ExportOptions`) hold them with what an export draws
besides the view, read by the export, its motions, its sheet and its page."""

from __future__ import annotations

import contextlib
import ctypes
import functools
import gc
import io
import os
import re
import textwrap
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from pyramid_lab.i18n import M_, N_, _, shown
from pyramid_lab.model.files import Lesson, write_bytes
from pyramid_lab.model.game import Game, SaidError, quote
from pyramid_lab.model.save_links import UnsafeLinkError, checked_place

from ..lab.export_plan import DEFAULT_FPS, DEFAULT_FRAMES, DEFAULT_HOLD
from ..lab.frame import Frame
from ..lab.view_state import AXES, ViewState

#: The picture formats ``render`` writes, by file extension (Pillow's format names).
IMAGE_FORMATS = {
    ".png": "PNG",
    ".jpg": "JPEG",
    ".jpeg": "JPEG",
    ".bmp": "BMP",
    ".tif": "TIFF",
    ".tiff": "TIFF",
}

#: Draws and reads of a picture that came back stale before a replay gives up, and the
#: pause before the second (growing with each try, at most half a second).
FRESH_TRIES, FRESH_PAUSE_S = 40, 0.02
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
    #: A lesson step's highlighted points, drawn in magenta as the window's Lesson dock
    #: draws them (:func:`~viewer.lab.lesson_marks.lesson_frame`).
    highlights: tuple[tuple[int, ...], ...] = ()
    #: A camera of its own instead of the preset ``view`` (the window's, for an export of
    #: what it shows): position, focal point, view up, view angle in degrees.
    camera: tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], float] | None = None
    #: The window's free clip plane: (normal, origin), the normal pointing to the hidden side.
    free_plane: tuple[tuple[float, ...], tuple[float, ...]] | None = None

    def with_lesson(self, lesson: Lesson | None) -> RenderOptions:
        """These options plus what a lesson asks for: its overlays, its caption and its
        step's highlights."""
        if lesson is None:
            return self
        overlays = {**lesson.overlays, **{k: v for k, v in self.overlays.items() if v}}
        return replace(
            self,
            overlays=overlays,
            caption=self.caption or lesson.caption,
            highlights=self.highlights or lesson.highlights,
        )


@dataclass
class ExportOptions:
    """What to export besides the view (``render``: size, levels, peel, clips, camera)."""

    render: RenderOptions = field(default_factory=RenderOptions)
    motion: str | None = None  # an animation's: "turntable" or "replay"
    frames: int = DEFAULT_FRAMES  # a turntable's frames for one turn
    hold: int = DEFAULT_HOLD  # a replay's frames per position (a GIF shows one as long)
    fps: int = DEFAULT_FPS  # an animation's frames per second
    title: str = ""  # the sheet's and the page's title (a puzzle's title, the file's name)


def parse_clip(text: str) -> tuple[int, float, bool]:
    """``x<=2.5`` keeps pieces with centre x at most 2.5; ``z>=1`` those at least 1 high."""
    match = _CLIP_RE.fullmatch(text)
    if match is None:
        raise ValueError(
            _("{text} is not a clip plane; write e.g. x<=2.5 or z>=0.7").format(text=quote(text))
        )
    axis, op, value = match.groups()
    return AXES.index(axis), float(value), op.startswith("<")


def check_output(
    out: str | os.PathLike[str],
    formats: Mapping[str, object] = IMAGE_FORMATS,
    kind: str = "picture",
) -> Path:
    """The file a ``kind`` for ``out`` goes to (a symbolic link's target), checked before
    anything is drawn: ValueError saying what is wrong with the extension (one of
    ``formats``), a link on the path that a save may not follow
    (:func:`model.save_links.checked_place`), the folder or an existing thing of that name."""
    text = os.fspath(out)
    extension = Path(text).suffix.lower()
    said = OUTPUT_WORDS[kind]
    if extension not in formats:
        wrong = said["extension"] if extension else N_("{path}: no extension; use one of {known}")
        raise ValueError(
            _(wrong).format(path=text, extension=quote(extension), known=", ".join(formats))
        )
    try:  # the links on the path, as the save will check them (a planted one refused now)
        with checked_place(text) as place:
            target = place.path
    except UnsafeLinkError as exc:
        raise ValueError(f"{text}: {shown(exc.strerror or '')}") from None
    except OSError:  # a missing folder, a file in the way: said below, in these words
        target = Path(os.path.realpath(text))
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(
            _("{path}: the folder {folder} does not exist").format(path=text, folder=folder)
        )
    if os.path.lexists(target) and not target.is_file():
        taken = said["folder"] if target.is_dir() else said["not regular"]
        raise ValueError(_(taken).format(path=text))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(
            _("{path}: the folder {folder} is not writable").format(path=text, folder=folder)
        )
    return target


#: What :func:`check_output` says of a wrong name for each kind of file it checks.
OUTPUT_WORDS = {
    "picture": {
        "extension": N_("{path}: {extension} is not a picture extension; use one of {known}"),
        "folder": N_("{path}: a folder, cannot be replaced by a picture"),
        "not regular": N_("{path}: not a regular file, cannot be replaced by a picture"),
    },
    "export": {
        "extension": N_("{path}: {extension} is not an export extension; use one of {known}"),
        "folder": N_("{path}: a folder, cannot be replaced by an export"),
        "not regular": N_("{path}: not a regular file, cannot be replaced by an export"),
    },
}


def view_state_for(options: RenderOptions) -> ViewState:
    view = ViewState()
    if options.levels is not None:
        view.set_levels(*options.levels)
    view.set_peel(options.peel)
    view.set_ghost_peeled(options.ghost_peeled)
    view.set_cut_open(options.cut_open)
    for axis, value, below in options.clips:
        view.set_clip(axis, enabled=True, value=value, keep_below=below)
    if options.free_plane is not None:
        view.set_free_plane(*options.free_plane)
    return view


#: How much of the picture's longer way an export's content fills.
FILL = 0.88
#: A window's camera is kept unless what it shows, whole, fills less than this of the
#: picture's longer way (then it is framed, seen from the same side).
SMALL = 0.7


class Scene:
    """A game's board view drawn offscreen (EGL when there is no display), as the window
    draws it: ``render`` takes one picture of it, ``export`` pictures, turntables, replays
    and web pages. Close it (or use it as a context manager) to free the GL context."""

    def __init__(self, game: Game, options: RenderOptions | None = None) -> None:
        self.options = options = options or RenderOptions()
        if not os.environ.get("DISPLAY"):
            os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")
        import pyvista as pv

        from ..boards import make_board_view
        from ..games import ui_class
        from ..lab import palette

        self.ui = ui_class(game)()
        self.ui.set_overlays(options.overlays)  # ValueError naming an overlay the game lacks
        self.view = view_state_for(options)
        self._current = CurrentGL()
        with self._own_gl():  # (a new render window lets go of the context current)
            self.plotter = pv.Plotter(off_screen=True, window_size=list(options.size))
            try:
                if self.plotter.ren_win is not None:  # (None only once closed)
                    self.plotter.ren_win.SetMultiSamples(0)
                self.plotter.renderers.set_background(palette.BACKGROUND)
                self.geometry = self.ui.geometry(game)
                self.board = make_board_view(self.ui.board_kind, self.plotter, self.geometry)
            except BaseException:
                self.plotter.close()
                raise

    @contextlib.contextmanager
    def _own_gl(self) -> Iterator[None]:
        """The scene's GL work, the thread's GL context as it was put back afterwards (see
        :class:`CurrentGL`), and the cyclic collector, whose GL guard puts the window's
        context aside and back (viewer/desktop/gl_guard.py), held meanwhile."""
        held = gc.isenabled()
        gc.disable()
        try:
            with self._current.kept():
                yield
        finally:
            if held:
                gc.enable()

    def __enter__(self) -> Scene:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def frame(self, game: Game) -> Frame:
        """The picture of ``game``'s position, as the game UI makes it, with the lesson
        step's highlights as the window's Lesson dock adds them."""
        frame = self.ui.frame(game, self.ui.turn(game))
        if not self.options.highlights:
            return frame
        from ..lab.lesson_marks import lesson_frame

        return lesson_frame(frame, self.ui, highlights=self.options.highlights)

    def draw(self, game: Game, frame: Frame | None = None, caption: str | None = None) -> None:
        """Show ``frame`` (default: ``game``'s) under the view options, with ``caption``
        (default: the options' caption) at the top."""
        with self._own_gl():  # (an actor replaced frees its GL objects in the scene's context)
            self.board.show(frame if frame is not None else self.frame(game), self.view)
            self.set_caption(self.options.caption if caption is None else caption)

    def aim(self) -> None:
        """The camera of the options: their own camera (a window's, kept as it was), or
        their preset view framed on what is drawn (:meth:`frame_drawn`)."""
        self.board.set_view(self.options.view)
        camera = self.options.camera
        if camera is not None:
            position, focal_point, up, angle = camera
            cam = self.plotter.camera
            cam.SetPosition(*position)
            cam.SetFocalPoint(*focal_point)
            cam.SetViewUp(*up)
            cam.SetViewAngle(angle)
            self.plotter.renderer.ResetCameraClippingRange()
            # The window's scene is shaped otherwise (a tall, narrow scene between docks
            # framed the board by its width; the same angle over a wide picture left it a
            # third of it): what is drawn, wholly in the picture and small, is framed.
            box = self._drawn_box()
            if box is not None and _whole_and_small(box, SMALL):
                self.frame_drawn()
            return
        self.frame_drawn()

    def _drawn_box(self) -> tuple[float, ...] | None:
        """Where the picture shows something (normalised device coordinates), the caption
        left out; None where nothing is drawn."""
        from ..lab import palette

        caption = self.plotter.actors.get("caption")
        if caption is not None:
            caption.SetVisibility(False)
        try:
            return content_box(self.screenshot(), palette.BACKGROUND)
        finally:
            if caption is not None:
                caption.SetVisibility(True)

    def frame_drawn(self, fill: float = FILL) -> None:
        """Centre the picture on what is drawn and fill ``fill`` of its longer way with it.
        The preset view frames every point a board has (a Pyraos pyramid's empty top
        included: its picture sat 10 % low); this looks at the picture itself, the caption
        left out, and pans and dollies the camera (twice: a perspective's second look is
        exact to a pixel or two)."""
        for _look in range(2):
            box = self._drawn_box()
            if box is None:
                return  # nothing drawn
            _pan_and_dolly(self.plotter, box, fill)

    def set_caption(self, text: str) -> None:
        from ..boards.meshes import remove_actor

        if not text:
            remove_actor(self.plotter, "caption")
            return
        width = max(30, self.options.size[0] // 11)  # characters per line at this font size
        self.plotter.add_text(
            textwrap.fill(text, width),
            position="upper_left",
            font_size=8,
            color=(30, 30, 30),
            name="caption",
        )

    def screenshot(self) -> np.ndarray:
        """The picture as shown now: (height, width, 3) RGB bytes, from a render asked for
        here, in this scene's own GL context. In the window's process another context may
        be current (the window repaints while an export's progress shows), and VTK skips
        making its own current where it believes it still is: its render went elsewhere
        and the read gave the last picture again. So the context is made current
        unconditionally, VTK's record of its GL state is read again from the context
        (:meth:`_take_context`), and the context current before is current again after
        the read (:meth:`_own_gl`)."""
        with self._own_gl():
            self._take_context()
            self.plotter.render()  # (pyvista leaves the first render to the screenshot)
            return np.asarray(self.plotter.screenshot(None, return_img=True))[..., :3]

    def _take_context(self) -> None:
        """The scene's context made current, and VTK's record of that context's state (what
        it binds, enables, masks) read again from it. VTK owns the context and trusts its
        record, so a state another hand left in it (a colour mask, a scissor box) kept
        every later render out of the picture: each read gave the same picture again
        however often it was drawn, the message of issue 109 item 7 word for word (a test
        leaves such a state between two pictures). The likeliest hand is the window's
        own: Qt, which had not seen VTK switch contexts behind it, took its own context
        for still current and could compose the window in the scene's while it was left
        current (:class:`CurrentGL` now puts the context before back)."""
        window = self.plotter.ren_win
        if window is None:
            return
        window.SetForceMakeCurrent()  # (the next MakeCurrent skips VTK's cache)
        window.MakeCurrent()
        if window.GetInitialized():  # (the first render makes the context: none to read yet)
            window.GetState().Reset()

    def fresh_screenshot(self, stale: np.ndarray) -> np.ndarray:
        """The picture again, where :meth:`screenshot` gave ``stale``, the picture of
        another scene (an animation's last frame, where the caption changed since): drawn
        and read again until it differs, up to :data:`FRESH_TRIES` times, each try harder
        than the last (every actor marked changed, the window rendered by itself and read
        from its back buffer, a growing pause for a loaded machine's drawing to land: beside
        four busy processes three tries were not enough); ValueError only if it stays the
        same through them all."""
        for attempt in range(FRESH_TRIES):
            if attempt:
                time.sleep(min(FRESH_PAUSE_S * attempt, 0.5))
            if attempt % 2:
                picture = self._redrawn()
            else:
                self.plotter.render()  # (every actor drawn again, not only what changed)
                picture = self.screenshot()
            if not np.array_equal(picture, stale):
                return picture
        raise SaidError(
            M_(
                "a picture came out the same as the one before it although the scene changed, "
                "drawn and read {count} times (the render was never read afresh); nothing was "
                "written",
                count=FRESH_TRIES,
            )
        )

    def _redrawn(self) -> np.ndarray:
        """The picture drawn afresh by the window itself: every actor marked changed, the
        window's context made current, rendering enabled, and the picture read by a filter
        that renders before it reads (pyvista's read does not)."""
        from vtkmodules.util.numpy_support import vtk_to_numpy
        from vtkmodules.vtkRenderingCore import vtkWindowToImageFilter

        renderer = self.plotter.renderer
        renderer.Modified()
        for actor in self.plotter.actors.values():
            actor.Modified()
        window = self.plotter.ren_win
        if window is None:  # (closed: the plain read says so)
            return self.screenshot()
        with self._own_gl():
            self._take_context()
            interactor = window.GetInteractor()
            if interactor is not None:
                interactor.EnableRenderOn()
            window.Render()
            grab = vtkWindowToImageFilter()
            grab.SetInput(window)
            grab.SetInputBufferTypeToRGB()
            grab.ShouldRerenderOn()
            grab.ReadFrontBufferOn()  # (as pyvista reads: the resolved picture)
            grab.Update()
            image = grab.GetOutput()
            width, height, _depth = image.GetDimensions()
            pixels = vtk_to_numpy(image.GetPointData().GetScalars()).reshape(height, width, -1)
            return np.ascontiguousarray(pixels[::-1, :, :3])

    def close(self) -> None:
        plotter = getattr(self, "plotter", None)
        if plotter is not None:
            # (nothing is current afterwards: its own context goes, and the one current
            # before made current again by GLX crashed the window's next render in Mesa)
            plotter.close()
            del self.plotter  # closed: a second close does nothing


class CurrentGL:
    """The GLX context current on this thread, kept while a scene works and made current
    again afterwards (:meth:`kept`). VTK makes its scene's context current by GLX behind
    Qt's back (and a new render window lets go of the one current), and Qt, which notes
    the context it made current itself, takes its own for still current: its next
    composition of the window skipped making it current and drew in the scene's context
    (and its state stayed there: :meth:`Scene._take_context`). With the context Qt made
    current current again, Qt's note holds. Without a display (EGL) or libGL, nothing is
    kept."""

    def __init__(self) -> None:
        self._gl = _glx() if os.environ.get("DISPLAY") else None

    @contextlib.contextmanager
    def kept(self) -> Iterator[None]:
        gl = self._gl
        if gl is None:
            yield
            return
        context = gl.glXGetCurrentContext()
        display = gl.glXGetCurrentDisplay()
        draw, read = gl.glXGetCurrentDrawable(), gl.glXGetCurrentReadDrawable()
        try:
            yield
        finally:
            now = gl.glXGetCurrentContext()
            if context and display:
                if now != context:
                    gl.glXMakeContextCurrent(display, draw, read, context)
            elif now:  # none was current: none is
                gl.glXMakeContextCurrent(gl.glXGetCurrentDisplay(), 0, 0, None)


@functools.cache
def _glx() -> Any:
    """libGL's GLX calls that :class:`CurrentGL` makes, typed (None without libGL)."""
    try:
        gl = ctypes.CDLL("libGL.so.1")
    except OSError:
        return None
    pointer, xid = ctypes.c_void_p, ctypes.c_ulong
    for name, result, arguments in (
        ("glXGetCurrentContext", pointer, []),
        ("glXGetCurrentDisplay", pointer, []),
        ("glXGetCurrentDrawable", xid, []),
        ("glXGetCurrentReadDrawable", xid, []),
        ("glXMakeContextCurrent", ctypes.c_int, [pointer, xid, xid, pointer]),
    ):
        function = getattr(gl, name)
        function.restype, function.argtypes = result, arguments
    return gl


def content_box(image: np.ndarray, background: tuple[int, int, int]) -> tuple[float, ...] | None:
    """Where ``image`` differs from its plain ``background``, in normalised device
    coordinates (x and y from -1 to 1, y upwards): (x0, y0, x1, y1); None where nothing is."""
    differs = np.abs(image.astype(np.int16) - np.array(background, dtype=np.int16)).sum(axis=2)
    rows = np.flatnonzero((differs > 24).any(axis=1))
    cols = np.flatnonzero((differs > 24).any(axis=0))
    if not len(rows) or not len(cols):
        return None
    height, width = differs.shape
    x0, x1 = cols[0] / width * 2 - 1, (cols[-1] + 1) / width * 2 - 1
    y0, y1 = 1 - (rows[-1] + 1) / height * 2, 1 - rows[0] / height * 2
    return x0, y0, x1, y1


def _whole_and_small(box: tuple[float, ...], small: float) -> bool:
    """``box`` (NDC) touches no edge of the picture and fills less than ``small`` of its
    longer relative way (a camera zoomed into a detail is left as it is)."""
    x0, y0, x1, y1 = box
    whole = x0 > -0.99 and y0 > -0.99 and x1 < 0.99 and y1 < 0.99
    return whole and max(x1 - x0, y1 - y0) / 2 < small


def _pan_and_dolly(plotter: Any, box: tuple[float, ...], fill: float) -> None:
    """Move the camera in its view plane so that ``box`` (NDC) is centred, then dolly it
    so that the box fills ``fill`` of the picture's longer relative way."""
    from ..boards.meshes import pan_camera

    x0, y0, x1, y1 = box
    camera = plotter.camera
    renderer = plotter.renderer
    width, height = renderer.GetSize()
    aspect = width / height if width > 0 and height > 0 else 4 / 3
    pan_camera(camera, aspect, ((x0 + x1) / 2, (y0 + y1) / 2))
    extent = max((x1 - x0) / 2, (y1 - y0) / 2)
    if extent > 0:
        camera.Dolly(float(np.clip(fill / extent, 0.6, 1.8)))
    renderer.ResetCameraClippingRange()


def encode_picture(image: np.ndarray, extension: str) -> bytes:
    """``image`` as the bytes of a picture file of ``extension`` (see IMAGE_FORMATS)."""
    from PIL import Image

    encoded = io.BytesIO()
    Image.fromarray(image).save(encoded, format=IMAGE_FORMATS[extension.lower()])
    return encoded.getvalue()


def render_game(game: Game, out: str | Path, options: RenderOptions | None = None) -> Path:
    """Draw ``game`` to the picture file ``out`` (format by extension, see IMAGE_FORMATS) and
    return the path written. The file is replaced atomically, so a failed or interrupted
    render leaves what was there. ValueError for an output :func:`check_output` refuses,
    OSError when the picture cannot be written."""
    options = options or RenderOptions()
    target = check_output(out)
    with Scene(game, options) as scene:
        scene.draw(game)
        scene.aim()
        image = scene.screenshot()
    return write_bytes(target, encode_picture(image, Path(out).suffix))
