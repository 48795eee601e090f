"""An export's animations (:mod:`viewer.pictures.export`): a **turntable** (the camera orbits
the board in N frames) or a **replay** of the game's moves (one picture per position from
the start of the move stack to its end, captioned with the move), drawn offscreen through
:class:`viewer.pictures.render.Scene` one picture at a time, and written a frame at a time
as a GIF (:class:`GifStream`) or an H.264 MP4 (imageio's ffmpeg
plug-in, whose ffmpeg ships inside the ``imageio-ffmpeg`` wheel)."""

from __future__ import annotations

import io
import math
import struct
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, BinaryIO

import numpy as np

from pyramid_lab.i18n import _, shown
from pyramid_lab.model.game import Game
from pyramid_lab.model.setup import start_copy
from pyramid_lab.model.words import colour

from .render import ExportOptions, RenderOptions, Scene

if TYPE_CHECKING:
    import pyvista as pv

    from ..lab.frame import Frame

#: Called after each frame drawn: (frames done, frames in all). It may raise to stop the
#: export (nothing is written then).
Progress = Callable[[int, int], None]


def check_replay(game: Game) -> None:
    """ValueError when ``game`` has no moves to replay."""
    if not game.move_stack:
        raise ValueError(_("the game has no moves to replay (its file has no history)"))


def report_progress(progress: Progress | None, done: int, total: int) -> None:
    """Tell ``progress`` (where given) that ``done`` of ``total`` frames are drawn."""
    if progress is not None:
        progress(done, total)


def even_size(size: tuple[int, int]) -> tuple[int, int]:
    """H.264 in the usual pixel format (yuv420p) needs even sides: one pixel less if not."""
    return size[0] - size[0] % 2, size[1] - size[1] % 2


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
            report_progress(progress, index + 1, frames)


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
            caption = _("Start")
            if index:
                move = moves[index - 1]
                mover = mover_of(position)
                position.push(move)
                played = shown(scene.ui.move_listed(move))
                if mover:
                    # TRANSLATORS: a replay's move in its caption: the mover's colour, the move
                    played = _("{mover} {move}").format(mover=shown(colour(mover)), move=played)
                said = _("Move {number} of {count}: {move}")
                caption = said.format(number=index, count=len(moves), move=played)
            status = shown(scene.ui.status(position))
            # TRANSLATORS: a replay's caption: "Move 3 of 9: red 1,1,0", then the status
            scene.draw(
                position, caption=_("{caption} - {status}").format(caption=caption, status=status)
            )
            picture = scene.screenshot()
            if last is not None and np.array_equal(picture, last):
                # each position's caption is its own, so the same picture is a stale read
                # (a GIF merges equal frames: a loaded machine's replay kept 2 of 6)
                picture = scene.fresh_screenshot(last)
            last = picture
            yield picture
            report_progress(progress, index + 1, total)


def mover_of(game: Game) -> str:
    """The colour to move, or '' where no one player is (a simultaneous turn)."""
    player = game.current_player()
    return game.players[player] if 0 <= player < len(game.players) else ""


def write_gif(pictures: Pictures, options: ExportOptions, path: str) -> None:
    """An endlessly looping GIF at ``path``, written a frame at a time
    (:class:`GifStream`): one GIF frame per picture, shown as long as
    its hold."""
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
            for _frame in range(hold):
                writer.append_data(image)
    finally:
        writer.close()


# ---- the GIF, a frame at a time --------------------------------------------------------

#: NETSCAPE2.0 application block: loop for ever (a count of 0).
_LOOP_FOR_EVER = b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"


class GifStream:
    """Frames appended to ``out`` (a seekable binary file) as they come, each shown
    ``delay_ms`` (in the GIF's hundredths of a second); :meth:`close` ends the file. In
    bounded memory (issue 44: a 500-move replay held every frame, 3.3 GB and more).

    Pillow's multi-frame GIF writer keeps every frame until it closes, and imageio's
    streaming GIF-PIL writer stores each frame whole (files five times bigger). Here each
    frame is cut to the rectangle that changed since the one before, its unchanged pixels
    made transparent (255 colours and a see-through index), saved by Pillow as a one-frame
    GIF (its own palette), and that GIF's image block is copied into the animation with its
    place, a delay and "keep what is under it" (disposal 1). Only the previous picture is
    held. (A 40-move replay: 0.24 MB, where Pillow's writer made 1.24 MB.)"""

    def __init__(self, out: BinaryIO, delay_ms: int) -> None:
        self.out = out
        self.delay = max(0, round(delay_ms / 10))
        self.previous: np.ndarray | None = None
        self.last_delay_at = -1  # where the last frame's delay is, to lengthen it
        self.last_delay = 0
        self.frames = 0

    def add(self, image: np.ndarray) -> None:
        image = np.ascontiguousarray(image[..., :3], dtype=np.uint8)
        height, width = image.shape[:2]
        if self.previous is None:
            self.out.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0x70, 0, 0))
            self.out.write(_LOOP_FOR_EVER)
            box = (0, 0, width, height)
        else:
            changed = np.any(image != self.previous, axis=2)
            rows, cols = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
            if rows.size == 0:  # the same picture: the last frame is shown longer
                self._lengthen()
                return
            box = (int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1)
        left, top, right, bottom = box
        crop = image[top:bottom, left:right]
        same = None
        if self.previous is not None:  # unchanged pixels inside the rectangle: see-through
            same = ~changed[top:bottom, left:right]
        table, bits, interlaced, data, clear = _one_frame(crop, same)
        self.last_delay_at = self.out.tell() + 4
        self.last_delay = self.delay
        packed = 1 << 2  # disposal 1: keep the frame, the next one is drawn over it
        if clear is not None:
            packed |= 1
        gce = struct.pack("<BHBB", packed, self.delay, clear or 0, 0)
        self.out.write(b"\x21\xf9\x04" + gce)
        flags = 0x80 | interlaced | bits  # a local colour table of 2 ** (bits + 1)
        self.out.write(
            b"\x2c" + struct.pack("<HHHHB", left, top, right - left, bottom - top, flags)
        )
        self.out.write(table + data)
        self.previous = image
        self.frames += 1

    def _lengthen(self) -> None:
        here = self.out.tell()
        self.last_delay = min(self.last_delay + self.delay, 0xFFFF)
        self.out.seek(self.last_delay_at)
        self.out.write(struct.pack("<H", self.last_delay))
        self.out.seek(here)

    def close(self) -> None:
        self.out.write(b";")


def _one_frame(
    image: np.ndarray, same: np.ndarray | None = None
) -> tuple[bytes, int, int, bytes, int | None]:
    """``image`` as Pillow saves it in a GIF of one frame: its colour table (padded to a
    power of two), the table's size bits, the interlace flag, its image data (the LZW code
    size and the data sub-blocks) and its transparent index: the pixels where ``same``
    is set are transparent (in 255 colours, one index left for them), else None."""
    from PIL import Image

    picture = Image.fromarray(image)
    options = {}
    if same is not None and same.any():
        picture = picture.quantize(255)
        indices = np.asarray(picture).copy()
        indices[same] = 255
        quantized = Image.fromarray(indices, "P")
        palette = picture.getpalette() or []
        quantized.putpalette(palette[: 255 * 3] + [0, 0, 0] * (256 - len(palette[: 255 * 3]) // 3))
        picture, options = quantized, {"transparency": 255}
    buffer = io.BytesIO()
    picture.save(buffer, "GIF", **options)
    blob = buffer.getvalue()
    if blob[:6] not in (b"GIF87a", b"GIF89a") or not blob.endswith(b";"):
        raise ValueError("Pillow wrote no GIF")
    flags = blob[10]
    at = 13
    table, bits = b"", 0
    if flags & 0x80:  # a global colour table: the frame's own in the animation
        bits = flags & 7
        size = 3 * 2 ** (bits + 1)
        table, at = blob[at : at + size], at + size
    clear = None
    while blob[at] == 0x21:  # extensions (a comment, a graphic control): left out
        if blob[at + 1] == 0xF9 and blob[at + 3] & 1:  # but its transparent index
            clear = blob[at + 6]
        at += 2
        while blob[at]:
            at += blob[at] + 1
        at += 1
    if blob[at] != 0x2C:
        raise ValueError("no image in the GIF Pillow wrote")
    image_flags = blob[at + 9]
    at += 10
    if image_flags & 0x80:  # a local table of its own: that one
        bits = image_flags & 7
        size = 3 * 2 ** (bits + 1)
        table, at = blob[at : at + size], at + size
    if not table:
        raise ValueError("no colour table in the GIF Pillow wrote")
    return table, bits, image_flags & 0x40, blob[at:-1], clear
