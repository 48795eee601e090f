"""``pyramid-lab desktop install`` / ``uninstall``: Pyramid Lab in a Linux desktop's
applications menu, with its icon, and as the program that opens ``*.pyr.json`` and
``*.lesson.json`` files on a double-click (:mod:`viewer.freedesktop`: what goes where)."""

from __future__ import annotations

import argparse

from pyramid_lab.i18n import _

from .common import EXIT_OK, bad_input, system_said


def add_arguments(desktop: argparse.ArgumentParser) -> None:
    actions = desktop.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser(
        "install",
        help=_(
            "write the menu entry, the icon and the MIME types of *.pyr.json and "
            "*.lesson.json under $XDG_DATA_HOME (~/.local/share), and make Pyramid Lab their "
            "default program; again: the same files"
        ),
    )
    actions.add_parser("uninstall", help=_("remove what install wrote"))


def run(args: argparse.Namespace) -> int:
    from ..freedesktop import Places, install, uninstall

    places = Places.of_user()

    def say(text: str) -> None:
        print(text, flush=True)

    try:
        if args.action == "install":
            install(places, say)
        else:
            uninstall(places, say)
    except OSError as exc:
        why = system_said(exc)
        if exc.filename:
            line = _("pyramid-lab: cannot write {path}: {why}").format(path=exc.filename, why=why)
        else:
            line = _("pyramid-lab: cannot write: {why}").format(why=why)
        return bad_input(line)
    return EXIT_OK
