"""``pyramid-lab open [FILE]``: the desktop app, on FILE (a position or a lesson) or on
Lesson 1; :func:`open_window` also opens it for ``practice``."""

from __future__ import annotations

import argparse
import errno
import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pyramid_lab.i18n import N_, _
from pyramid_lab.model import content
from pyramid_lab.model.game import game_class, game_names

from .common import EXIT_BAD_INPUT, bad_input, cannot_write, runnable, system_said
from .options import Option, add_options

if TYPE_CHECKING:
    from pyramid_lab.model.files import PositionDocument
    from pyramid_lab.model.game import Game
    from pyramid_lab.model.lesson import LessonFile

    from ..lab.session import Session

#: The command runs the window (SIGTERM keeps its default: see ``viewer.cli.main``).
WINDOW = True


def first_lesson() -> Path | None:
    """The file the app opens without one: the first lesson file of the first game that
    has lessons (in the shipped lessons' order.json's order); None when there is none."""
    from pyramid_lab.model.lesson import SUFFIX as LESSON_SUFFIX
    from pyramid_lab.model.lesson import lesson_folders

    folder = content.lessons()  # (found now, not at import: a file opened draws sooner)
    for name in lesson_folders(folder):
        lessons = sorted((folder / name).glob(f"*{LESSON_SUFFIX}"))
        if lessons:
            return lessons[0]
    return None


#: The window's picture, for ``open`` and ``practice``.
SCREENSHOT = Option(
    "--screenshot",
    metavar="PNG",
    help=N_(
        "once the window is up, save a picture of it to PNG, print the window's title "
        "and quit (for documentation and for checking an install)"
    ),
)

#: ``open``'s arguments, in order.
ARGUMENTS = (Option("file", nargs="?", metavar="FILE"), SCREENSHOT)


def add_arguments(open_: argparse.ArgumentParser) -> None:
    add_options(open_, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    from pyramid_lab.model import PositionFormatError

    from ..lab.reading import read_any

    path = args.file
    if not path:  # (the lessons' folders read only then: a file opened draws sooner)
        lesson = first_lesson()
        path = str(lesson) if lesson else None
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        shown = [path] if path else []  # (none shipped: the window's new game)
        print(
            _("pyramid-lab: there is no display to open the window on (DISPLAY is not set).")
            + "\n"
            + _("Draw the position to a picture instead:")
            + f"\n    {runnable('render', *shown)} -o position.png\n"
            + _("or run the window on a virtual display:")
            + f"\n    xvfb-run -a {runnable('open', *shown)}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    document = None
    if path is not None:
        try:
            document = read_any(path)  # a bad file is said before a window opens
        except PositionFormatError as exc:
            return bad_input(f"pyramid-lab: {exc}")
    os.environ.setdefault("QT_API", "pyside6")
    game = None if path else game_class(game_names()[0]).new()
    return open_window(path, game, screenshot=args.screenshot, document=document)


#: How long the window settles (the scene drawn, a collection opened) before --screenshot.
SETTLE_MS = 1500


def _opening(
    path: str | None, document: PositionDocument | LessonFile | None, game: Game | None
) -> tuple[Callable[[], Session], LessonFile | None]:
    """What the window opens on: what makes its session (the position ``path`` holds, or a
    lesson's first step, or ``game``), called once the window's first frame is shown (the
    session's modules load after it), and the lesson ``path`` is, if it is one.
    ``document``: ``path`` as the caller read it (else it is read here)."""
    from pyramid_lab.model.files import PositionDocument

    from ..lab.reading import read_any

    opened = read_any(path) if document is None and path is not None else document

    def session() -> Session:
        from ..lab.session import Session

        if isinstance(opened, PositionDocument):
            return Session.from_document(opened, path)
        if opened is not None:  # a lesson (its modules loaded only for one)
            return Session(opened.steps[0].position())  # the lesson's step comes next
        assert game is not None
        return Session(game)

    return session, None if isinstance(opened, PositionDocument) else opened


def open_window(
    path: str | None,
    game: Game | None = None,
    practice: Path | None = None,
    screenshot: str | None = None,
    document: PositionDocument | LessonFile | None = None,
) -> int:
    """Open the main window on ``path`` (or ``game``) and run the Qt event loop; with
    ``practice``, practising that collection (the Practice dock); with ``screenshot``, a
    picture of the window saved there once it settled, its title printed, and the end;
    ``document``: ``path`` read (:func:`_opening`). The cyclic collector waits until the
    window is built (Qt's and the scene's modules make much and free little)."""
    gc.disable()
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QTimer
    from PySide6.QtWidgets import QApplication

    from pyramid_lab.model.files import write_bytes

    from ..desktop.app import MainWindow
    from ..desktop.language import start_language

    app = QApplication.instance() or QApplication([])
    app.setOrganizationName("Pyramid Lab")
    app.setApplicationName("Pyramid Lab")
    start_language(app)  # the settings' (View > Language), else the system's
    session, lesson = _opening(path, document, game)
    window = MainWindow(session, opening=Path(path).name if path else "")

    def ready() -> None:  # the window's parts are built: what opens in them
        window.opened(str(path) if path is not None else None, lesson, practice)
        if screenshot is not None:
            QTimer.singleShot(SETTLE_MS, shoot)
        else:  # the compiled search made ready now, not at the first click (issue 63)
            from pyramid_lab.model import search

            search.warm_up(background=True, knowledge=None)  # the core, whatever the game

    def shoot() -> None:
        assert screenshot is not None
        window.plotter.render()
        app.processEvents()
        # from the screen: the scene's OpenGL picture is not in the widgets' own painting
        picture = window.screen().grabWindow(window.winId())
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        try:  # through the save every file goes through (its links checked)
            if not picture.save(buffer, "PNG"):
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            write_bytes(screenshot, bytes(data.data()))
        except OSError as exc:
            print(cannot_write(screenshot, system_said(exc)), file=sys.stderr)
            app.exit(EXIT_BAD_INPUT)
            return
        print(window.windowTitle(), flush=True)
        window.close()

    window.when_built(gc.enable)
    window.when_built(ready)
    window.show()  # the first frame now; the scene and the docks once it is on screen
    status = app.exec()
    gc.enable()  # (a window closed before it was built)
    # The window is closed and its jobs stopped. The interpreter's exit would still walk
    # every object the window loaded (Qt, VTK, numba: some 300,000) in its full collections,
    # to free memory the process gives back anyway: 0.6 s of a core after each Quit, seconds
    # on a busy machine. Frozen, they are left out of them (nothing else of the exit changes).
    gc.freeze()
    return status
