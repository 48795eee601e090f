"""``pyramid-lab export FILE -o OUT.EXT``: a picture, a turntable or replay (GIF, MP4), a 3D
web page (HTML) or floor plans for print (PDF), headless."""

from __future__ import annotations

import argparse
from pathlib import Path

# export's limits and defaults (the lab's: the window's Export dialog offers the same)
from pyramid_lab.i18n import N_, _, current
from pyramid_lab.model.puzzle import puzzle_text

from ..lab.export_plan import (
    DEFAULT_FPS,
    DEFAULT_FRAMES,
    DEFAULT_HOLD,
    MAX_FPS,
    MAX_FRAMES,
    MAX_HOLD,
)
from .argtypes import bounded
from .common import EXIT_OK, bad_input, cannot_write, error_line, shown, system_said
from .options import Option, add_options
from .render import add_view_options, file_and_output, plotting_without_charts, read_for_drawing

#: ``export``'s file to draw and file to write.
FILE_AND_OUTPUT = file_and_output(
    "OUT.EXT",
    "the file to write, its format by extension: a picture (.png, .jpg, ...), an "
    "animation (.gif, .mp4: with --turntable or --replay), an interactive 3D web page "
    "(.html, opens offline in any browser) or a sheet of floor plans per level (.pdf)",
)

#: The animations, one at the most.
MOTIONS = (
    Option(
        "--turntable",
        dest="motion",
        action="store_const",
        const="turntable",
        help=N_("an animation of the camera orbiting the board"),
    ),
    Option(
        "--replay",
        dest="motion",
        action="store_const",
        const="replay",
        help=N_("an animation of the game's moves from the start of the file's history"),
    ),
)


def _count(flag: str, most: int, help: str, default: int) -> Option:
    """An animation's number ``N``, 1 to ``most`` (not given: the export plan's ``default``,
    said in ``help`` as ``{default}``)."""
    return Option(
        flag, type=bounded(1, most), metavar="N", help=help, help_values={"default": default}
    )


#: The animations' frames and a page's title (the view options follow them).
ARGUMENTS = (
    _count(
        "--frames",
        MAX_FRAMES,
        N_("with --turntable: frames for one turn (default {default})"),
        DEFAULT_FRAMES,
    ),
    _count(
        "--hold",
        MAX_HOLD,
        N_("with --replay: frames each position is shown (default {default})"),
        DEFAULT_HOLD,
    ),
    _count(
        "--fps", MAX_FPS, N_("an animation's frames per second (default {default})"), DEFAULT_FPS
    ),
    Option(
        "--title",
        metavar="TEXT",
        help=N_(
            "the title of a web page or floor-plan sheet (default: the puzzle's title, "
            "else the file's name)"
        ),
    ),
)


def add_arguments(export: argparse.ArgumentParser) -> None:
    add_options(export, FILE_AND_OUTPUT)
    add_options(export.add_mutually_exclusive_group(), MOTIONS)
    add_options(export, ARGUMENTS)
    add_view_options(export)


def run(args: argparse.Namespace) -> int:
    for flag, value, motion in (
        ("--frames", args.frames, "turntable"),
        ("--hold", args.hold, "replay"),
    ):
        if value is not None and args.motion != motion:
            said = _("argument {flag}: only with --{motion}").format(flag=flag, motion=motion)
            return bad_input(error_line(said))
    if args.fps is not None and args.motion is None:
        return bad_input(error_line(_("argument --fps: only with --turntable or --replay")))
    from ..pictures.export import check_export, export_game
    from ..pictures.motion import check_replay
    from ..pictures.render import ExportOptions

    read = read_for_drawing(args, lambda out: check_export(out, args.motion))
    if isinstance(read, int):
        return read
    doc, render = read
    plotting_without_charts()
    game = doc.game
    if args.motion == "replay":
        try:
            check_replay(game)
        except ValueError as exc:
            return bad_input(error_line(f"{shown(args.file)}: {exc}"))
    title = (
        args.title
        or puzzle_text(doc.puzzle, "title", current())
        or Path(args.file).name.removesuffix(".pyr.json")
    )
    options = ExportOptions(
        render=render,
        motion=args.motion,
        frames=args.frames or DEFAULT_FRAMES,
        hold=args.hold or DEFAULT_HOLD,
        fps=args.fps or DEFAULT_FPS,
        title=str(title),
    )
    try:
        written = export_game(game, args.output, options)
    except ValueError as exc:  # e.g. a level range with no level of this board
        return bad_input(error_line(f"{shown(args.file)}: {exc}"))
    except OSError as exc:  # e.g. the disk is full, or the folder went away meanwhile
        return bad_input(cannot_write(args.output, system_said(exc)))
    except (MemoryError, RuntimeError) as exc:  # the encoder's: out of memory, ffmpeg gone
        why = _("out of memory") if isinstance(exc, MemoryError) else str(exc).splitlines()[0]
        return bad_input(cannot_write(args.output, why))
    print(written)  # the file written: a symbolic link's target, as an absolute path
    return EXIT_OK
