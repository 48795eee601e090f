"""An export's animations (:mod:`viewer.pictures.export`): a **turntable** (the camera orbits
the board in N frames) or a **replay** of the game's moves (one picture per position from
the start of the move stack to its end, captioned with the move), drawn offscreen through
:class:`viewer.pictures.render.Scene` one picture at a time, and written a frame at a time
as a GIF (:class:`viewer.pictures.gif_stream.GifStream`) or an H.264 MP4 (imageio's ffmpeg
plug-in, whose ffmpeg ships inside the ``imageio-ffmpeg`` wheel)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

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
            for _frame in range(hold):
                writer.append_data(image)
    finally:
        writer.close()
