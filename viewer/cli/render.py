"""``pyramid-lab render FILE -o OUT.png``: draw a position to a picture, headless; the view
options and the reading of the file that ``export`` shares."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pyramid_lab.i18n import N_, _, format_list
from pyramid_lab.model.game import Game, game_class, game_names
from pyramid_lab.model.teaching import OverlaySpec, teaching_for

from .argtypes import level_range, non_negative, one_of, size
from .common import EXIT_BAD_INPUT, EXIT_OK, bad_input, cannot_write, error_line, shown, system_said
from .options import FILE, Option, add_options, flag


def overlay_specs() -> dict[str, tuple[OverlaySpec, list[str]]]:
    """Every game's lesson overlays by name, with the titles of the games that have it."""
    specs: dict[str, tuple[OverlaySpec, list[str]]] = {}
    for name in game_names():
        cls = game_class(name)
        for spec in teaching_for(cls).lesson_overlays:
            specs.setdefault(spec.name, (spec, []))[1].append(cls.title)
    return specs


#: The view options of ``render`` and ``export`` before each game's teaching overlays.
VIEW_OPTIONS = (
    Option("--size", type=size, default=(1024, 768), metavar="WxH"),
    Option(
        "--levels",
        type=level_range,
        metavar="LO:HI",
        help=N_("show only levels LO to HI (0 is the base)"),
    ),
    Option(
        "--peel",
        type=non_negative,
        default=0,
        metavar="S",
        help=N_("hide the balls within S steps of any wall"),
    ),
    Option(
        "--clip",
        action="append",
        metavar="PLANE",
        help=N_("hide balls beyond a plane, e.g. x<=2.5 or z>=0.7 (repeatable)"),
    ),
    Option("--view", choices=("iso", "top", "front", "side"), default="iso"),
    flag("--ghost-peeled", N_("draw peeled and clipped balls as faint ghosts")),
    flag("--cut-open", N_("draw the balls a clip plane passes through cut open")),
)

#: The view option of ``render`` and ``export`` after the overlays.
NO_LESSON = flag("--no-lesson", N_("leave out a lesson file's overlays, caption and highlights"))


def overlay_option(spec: OverlaySpec) -> Option:
    """The option that draws a lesson overlay: a choice of its values, or on and off."""
    name = f"--{spec.name.replace('_', '-')}"
    if spec.choices:
        return Option(
            name,
            type=one_of(spec.choices),
            metavar=spec.name.upper(),
            help=N_("{overlay} ({choices})"),
            help_values={"overlay": _(spec.help), "choices": ", ".join(spec.choices)},
        )
    return flag(name, spec.help)


def add_view_options(command: argparse.ArgumentParser) -> None:
    """The view options of ``render`` and ``export``: size, levels, peel, clips, camera,
    ghosts, cut-open balls and each game's teaching overlays."""
    add_options(command, VIEW_OPTIONS)
    by_games: dict[tuple[str, ...], argparse._ArgumentGroup] = {}
    for spec, titles in overlay_specs().values():
        games = tuple(titles)
        if games not in by_games:
            by_games[games] = command.add_argument_group(
                _("{games} overlays (a lesson file's own overlays are drawn as well)").format(
                    games=games[0] if len(games) == 1 else format_list(games)
                )
            )
        add_options(by_games[games], (overlay_option(spec),))
    add_options(command, (NO_LESSON,))


def file_and_output(output: str, help: str) -> tuple[Option, ...]:
    """``render``'s and ``export``'s first arguments: the file to draw and the file to write
    (``output``: its metavar)."""
    return FILE, Option("--output", short="-o", required=True, metavar=output, help=help)


def add_arguments(render: argparse.ArgumentParser) -> None:
    add_options(
        render,
        file_and_output("OUT.png", "the picture to write: .png, .jpg, .jpeg, .bmp, .tif or .tiff"),
    )
    add_view_options(render)


def run(args: argparse.Namespace) -> int:
    from ..pictures.render import check_output, render_game

    read = read_for_drawing(args, check_output)
    if isinstance(read, int):
        return read
    doc, options = read
    plotting_without_charts()
    try:
        written = render_game(doc.game, args.output, options)
    except OSError as exc:  # e.g. the disk is full, or the folder went away meanwhile
        return bad_input(cannot_write(args.output, system_said(exc)))
    print(written)  # the file written: a symbolic link's target, as an absolute path
    return EXIT_OK


def plotting_without_charts() -> None:
    """pyvista's plotting imported as the window imports it (render, export): what it
    imports for charts and downloads a picture never makes (matplotlib's pyplot, pooch)
    left until used (:mod:`viewer.desktop.deferred`: 0.3 s of a render's 1.4 s of
    processor time); nothing where pyvista is imported already."""
    from ..desktop.deferred import PYVISTA_UNUSED, deferred

    with deferred(*PYVISTA_UNUSED):
        import pyvista.plotting  # noqa: F401  (imported here for its deferred imports)


def nothing_to_draw(game: Any, levels: tuple[int, int] | None, peel: int) -> str | None:
    """Why ``--levels`` and ``--peel`` leave no point of ``game``'s board to draw (None:
    some is left), in the words of a bad argument."""
    from ..games import ui_class

    board = ui_class(game)().geometry(game)
    depth = board.wall_distance.min(axis=1)
    lo, hi = levels if levels is not None else (0, 10**6)
    in_range = (board.levels >= lo) & (board.levels <= hi)
    if not board.count or (in_range & (depth >= peel)).any():
        return None
    top = int(board.levels.max())
    if not in_range.any():
        if top == 0:
            said = _(
                "argument --levels: {lo}:{hi} leaves nothing to draw: the board has one level, 0"
            )
        else:
            said = _(
                "argument --levels: {lo}:{hi} leaves nothing to draw: the board has levels 0 to "
                "{top}"
            )
        return said.format(lo=lo, hi=hi, top=top)
    deepest = int(depth[in_range].max())
    if levels is not None:
        said = _(
            "argument --peel: {peel} peels the whole board within --levels, leaving nothing to "
            "draw (at most {deepest} leaves something)"
        )
    else:
        said = _(
            "argument --peel: {peel} peels the whole board, leaving nothing to draw (at most "
            "{deepest} leaves something)"
        )
    return said.format(peel=peel, deepest=deepest)


def chosen_overlays(args: argparse.Namespace, game: Game) -> dict[str, Any] | None:
    """The overlays ``args`` asks for, by name, or None after a one-line message where one
    of them is not an overlay of ``game``."""
    overlays = {
        spec.name: getattr(args, spec.name)
        for spec, _name in overlay_specs().values()
        if getattr(args, spec.name) not in (None, False)
    }
    own = {spec.name for spec in teaching_for(game).lesson_overlays}
    foreign = sorted(set(overlays) - own)
    if foreign:
        flags = ", ".join(f"--{name.replace('_', '-')}" for name in foreign)
        has = ", ".join(f"--{name.replace('_', '-')}" for name in sorted(own))
        said = (
            _("pyramid-lab: {flags}: not an overlay of {game} ({file}); its overlays: {has}")
            if has
            else _("pyramid-lab: {flags}: not an overlay of {game} ({file}); its overlays: none")
        )
        print(
            said.format(flags=flags, game=game.title, file=shown(args.file), has=has),
            file=sys.stderr,
        )
        return None
    return overlays


def read_for_drawing(args: argparse.Namespace, check: Any) -> tuple[Any, Any] | int:
    """``render``'s and ``export``'s common start: the clip planes, the output (``check``
    raises ValueError for a bad one), the file, the overlays, levels and peel that leave
    something to draw. (document, RenderOptions), or the exit status after a one-line
    message."""
    from ..lab.reading import read_step
    from ..pictures.render import RenderOptions, parse_clip
    from ..script.named import read

    try:
        clips = [parse_clip(text) for text in args.clip]
    except ValueError as exc:
        return bad_input(
            error_line(_("argument {flag}: {reason}").format(flag="--clip", reason=exc))
        )
    try:
        check(args.output)
    except ValueError as exc:
        return bad_input(
            error_line(_("argument {flag}: {reason}").format(flag="-o/--output", reason=exc))
        )
    try:
        doc = read(args.file, read_step)  # as pl.load; a lesson file: its first step
    except ValueError as exc:  # PositionFormatError, or a name not shipped
        return bad_input(f"pyramid-lab: {exc}")
    game = doc.game
    overlays = chosen_overlays(args, game)
    if overlays is None:
        return EXIT_BAD_INPUT
    problem = nothing_to_draw(game, args.levels, args.peel)
    if problem is not None:
        return bad_input(error_line(f"{problem} ({shown(args.file)})"))
    options = RenderOptions(
        size=args.size,
        levels=args.levels,
        peel=args.peel,
        clips=clips,
        view=args.view,
        ghost_peeled=args.ghost_peeled,
        cut_open=args.cut_open,
        overlays=overlays,
    )
    if not args.no_lesson:
        options = options.with_lesson(doc.lesson)
    return doc, options
