"""``pyramid-lab lesson check [FILE...]``: every task of each lesson has a right answer and
the author's answers are accepted. ``pyramid-lab lesson answers FILE``: the answers the
rules give for each task (what the lesson editor's Fill from rules writes in).

``lesson check`` says too the words that fit one front end only (:func:`host_problems`): a
lesson is read in the window and in the classroom's page, so its text, prompts and hints
may not name a control that one of them lacks (the window's docks, its menus, Undo, a hot
seat's hand-over). What a player chooses beside the board is named through the host
(``GameUI.controls``: "the Turn dock" in the window, "the moves listed beside the board"
in the page), never in a lesson's words."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import N_, _, current, ngettext, shown
from pyramid_lab.model.game import shorten

from .common import EXIT_BAD_INPUT, EXIT_OK, bad_input
from .options import FILE, Option, add_options

if TYPE_CHECKING:
    from pyramid_lab.model.lesson import LessonFile

#: ``lesson check``'s arguments.
CHECK = (
    Option("files", nargs="*", metavar="FILE", help=N_("lesson files (none: the shipped lessons)")),
)

#: ``lesson answers``'s arguments, in order.
ANSWERS = (FILE, Option("--step", type=int, metavar="N", help=N_("only step N (1 is the first)")))


def add_arguments(lesson: argparse.ArgumentParser) -> None:
    lesson_commands = lesson.add_subparsers(dest="lesson_command", metavar="ACTION", required=True)
    lesson_check = lesson_commands.add_parser(
        "check",
        help=_(
            "prove every task of each lesson has a right answer and the author's answers "
            "are accepted (exit 2 naming the step otherwise)"
        ),
    )
    add_options(lesson_check, CHECK)
    lesson_answers = lesson_commands.add_parser(
        "answers",
        help=_(
            "the answers the rules give for each task of a lesson: the moves that meet its "
            "goal, the points that answer its question, the first moves that win"
        ),
    )
    add_options(lesson_answers, ANSWERS)


def run(args: argparse.Namespace) -> int:
    if args.lesson_command == "answers":
        return run_answers(args)
    return run_check(args)


def run_answers(args: argparse.Namespace) -> int:
    """``lesson answers FILE [--step N]``: a line per task, its answers from the rules
    (``;`` between them, as the editor writes them) or why there are none; exit 2 for a
    file that is not a lesson or a step it does not have."""
    from pyramid_lab.model import PositionFormatError, lesson_check
    from pyramid_lab.model import lesson as lessons
    from pyramid_lab.model.game import shorten
    from pyramid_lab.model.search import Judge, knowledge_for

    try:
        lesson = lessons.read(args.file)
    except PositionFormatError as exc:
        return bad_input(f"pyramid-lab: {exc}")
    count = len(lesson.steps)
    named = lessons.in_language(lesson, current())[0].steps  # (the steps' titles: said's)
    if args.step is not None and not 1 <= args.step <= count:
        refused = _("pyramid-lab: {file}: --step {step}: the lesson has steps 1 to {count}")
        return bad_input(refused.format(file=shorten(args.file), step=args.step, count=count))
    for index, step in enumerate(lesson.steps):
        if step.task is None or (args.step is not None and index + 1 != args.step):
            continue
        task = step.task
        rule = lesson_check.rule_of(task.to_json())
        asked = f"{task.kind} {json.dumps(rule)}" if rule else task.kind
        said = unasked(task)
        try:
            said = said or (
                "; ".join(
                    lesson_check.right_answers(task, step.position(), wins=Judge(knowledge_for))
                )
                or _("none")
            )
        except ValueError as exc:
            said = _("none from the rules: {reason}").format(reason=exc)
        line = _("step {number} ({title}): {asked}: {answers}").format(
            number=index + 1, title=shorten(named[index].title), asked=asked, answers=said
        )
        print(line, flush=True)
    return EXIT_OK


def unasked(task: Any) -> str | None:
    """Why the rules give no answers to ``task``, in the file's terms (the window's "pick a
    question first" names its editor's controls): a click-points task without a
    ``"question"``, a move task without a ``"goal"``; None where it has one."""
    if task.kind == "click-points" and task.question is None:
        key = "question"
    elif task.kind not in ("click-points", "win-within") and task.goal is None:
        key = "goal"
    else:
        return None
    kept = "; ".join(task.answers) or _("none")
    return _(
        'none from the rules: the task has no "{key}" for them to answer (add one to the '
        "step's task in the file: docs/file-formats.md, Lesson files); the file's own "
        "answers: {answers}"
    ).format(key=key, answers=kept)


def run_check(args: argparse.Namespace) -> int:
    """``lesson check FILE...``: one line per file, ``ok`` with its counts or the steps at
    fault; exit 2 when a file is malformed or a task is not sound."""
    from pyramid_lab.model import PositionFormatError, lesson_check
    from pyramid_lab.model import lesson as lessons
    from pyramid_lab.model.game import shorten
    from pyramid_lab.model.search import Judge, knowledge_for

    status = EXIT_OK
    for path in args.files or shipped_lessons():
        try:
            lesson = lessons.read(path)
        except PositionFormatError as exc:
            print(f"pyramid-lab: {exc}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        problems = lesson_check.check(lesson, wins=Judge(knowledge_for))
        words = host_problems(lesson)  # a control one front end lacks, named
        for problem in [*(p.words() for p in problems), *words]:
            print(f"pyramid-lab: {shorten(path)}: {shown(problem)}", file=sys.stderr)
        tasks = sum(step.task is not None for step in lesson.steps)
        if problems or words:
            status = EXIT_BAD_INPUT
            print(_faults(shorten(path), len(problems), tasks, len(words)), flush=True)
        else:
            steps = len(lesson.steps)
            # TRANSLATORS: {steps} and {tasks} are "3 steps" and "2 tasks" (the next two)
            said = _("{path}: ok ({steps}, {tasks})").format(
                path=shorten(path),
                steps=ngettext("{count} step", "{count} steps", steps).format(count=steps),
                tasks=ngettext("{count} task", "{count} tasks", tasks).format(count=tasks),
            )
            print(said, flush=True)
    return status


def _faults(path: str, failing: int, tasks: int, words: int) -> str:
    """``lesson check``'s line for a file at fault: its tasks that fail, the controls it
    names that one front end lacks."""
    said = []
    if failing:
        said.append(
            ngettext(
                "{failing} of {tasks} task fails", "{failing} of {tasks} tasks fail", tasks
            ).format(failing=failing, tasks=tasks)
        )
    if words:
        said.append(
            ngettext(
                "{count} control named that one front end lacks",
                "{count} controls named that one front end lacks",
                words,
            ).format(count=words)
        )
    return f"{path}: {'; '.join(said)}"


def shipped_lessons() -> list[str]:
    """The lessons that come with Pyramid Lab, a game after another in the Lessons menu's
    order."""
    from pyramid_lab.model import content
    from pyramid_lab.model.lesson import SUFFIX, lesson_folders

    root = content.lessons()
    return [
        str(path)
        for name in lesson_folders(root)
        for path in sorted((root / name).glob(f"*{SUFFIX}"))
    ]


#: A phrase a lesson may not use (a regular expression, case ignored), and why: what it
#: names and which front end lacks it.
ONE_HOST_ONLY: dict[str, str] = {
    r"\bdocks?\b": N_("a dock of the window (the classroom's page has none)"),
    r"\bfill at random\b": N_("the window's Corners dock (the classroom's page has none)"),
    r"\bundo\b": N_("the window's Undo (the classroom's page has Retry)"),
    r"\bhot[ -]seat\b": N_("the window's hand-over at one screen (a page is one student's own)"),
    r"\bfinish turn\b": N_("the window's Finish turn (the classroom's page plays a move at once)"),
    r"\bmenus?\b": N_("the window's menus (the classroom's page has none)"),
}


def host_problems(lesson: LessonFile) -> list[str]:
    """Each step whose text, prompt or hint names a control one front end lacks, in words
    ("step 10 ('A full pyramid'): 'Corners dock' names a dock of the window ...")."""
    found = []
    for index, step in enumerate(lesson.steps):
        task = step.task
        texts = [step.text]
        if task is not None:
            texts += [task.prompt or "", task.hint or ""]
        for text in texts:
            for pattern, why in ONE_HOST_ONLY.items():
                match = re.search(pattern, text, re.IGNORECASE)
                if match is not None:
                    said = _(
                        "step {number} ({title}): {phrase} names {what}; say it in words both "
                        "front ends fit"
                    )
                    found.append(
                        said.format(
                            number=index + 1,
                            title=shorten(step.title),
                            phrase=repr(match.group(0)),
                            what=_(why),
                        )
                    )
    return found
