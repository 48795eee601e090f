"""Every ``--help`` page of the command line, as a user asks for it: the argument lists that
show one (the program's, each command's, each action's under a command, ``puzzles
compose``'s), found by walking the parsers, so a command added later is walked too."""

from __future__ import annotations

import argparse
import contextlib
import io

from pyramid_lab.viewer.cli import COMMANDS, build_parser, main

#: The width ``--help`` is written for (argparse reads COLUMNS): the same on every machine.
HELP_COLUMNS = "100"


def help_argvs() -> list[list[str]]:
    """The argument lists that print a ``--help`` page, in a stable order."""
    argvs = [["--help"]]
    for name in COMMANDS:
        argvs.append([name, "--help"])
        argvs.extend([name, *path, "--help"] for path in _actions(build_parser(name), name))
    argvs.append(["puzzles", "compose", "--help"])
    return argvs


def _actions(parser: argparse.ArgumentParser, name: str) -> list[list[str]]:
    """The actions' paths under command ``name``'s parser (``certificate check``, ...)."""
    command = _subparsers(parser).choices[name]
    found: list[list[str]] = []
    with contextlib.suppress(LookupError):
        for action in _subparsers(command).choices:
            found.append([action])
    return found


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction:  # type: ignore[type-arg]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    raise LookupError(parser.prog)


def help_page(argv: list[str]) -> str:
    """What ``pyramid-lab ARGV`` (a ``--help``) prints on stdout."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main(argv)
    return out.getvalue()
