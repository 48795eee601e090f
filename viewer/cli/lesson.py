"""``pyramid-lab lesson check FILE...``: every task of each lesson has a right answer and
the author's answers are accepted."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import EXIT_BAD_INPUT, EXIT_OK


def add_parser(commands: Any) -> None:
    lesson = commands.add_parser("lesson", help="lesson files (*.lesson.json)")
    lesson_commands = lesson.add_subparsers(dest="lesson_command", required=True)
    lesson_check = lesson_commands.add_parser(
        "check",
        help="prove every task of each lesson has a right answer and the author's answers "
        "are accepted (exit 2 naming the step otherwise)",
    )
    lesson_check.add_argument("files", nargs="+", metavar="FILE")


def run(args: argparse.Namespace) -> int:
    """``lesson check FILE...``: one line per file, ``ok`` with its counts or the steps at
    fault; exit 2 when a file is malformed or a task is not sound."""
    from model import PositionFormatError
    from model.game import shorten
    from model.search import check_lesson

    from ..documents import read_lesson

    status = EXIT_OK
    for path in args.files:
        try:
            lesson = read_lesson(path)
        except PositionFormatError as exc:
            print(f"pyramid-lab: {exc}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        problems = check_lesson(lesson)
        for problem in problems:
            print(f"pyramid-lab: {shorten(path)}: {problem}", file=sys.stderr)
        tasks = sum(step.task is not None for step in lesson.steps)
        if problems:
            status = EXIT_BAD_INPUT
            print(f"{shorten(path)}: {len(problems)} of {tasks} tasks fail", flush=True)
        else:
            print(f"{shorten(path)}: ok ({len(lesson.steps)} steps, {tasks} tasks)", flush=True)
    return status
