"""Words that fit one front end only: a lesson is read in the window and in the classroom's
page, so its text, prompts and hints may not name a control that one of them lacks (the
window's docks, its menus, Undo, a hot seat's hand-over). What a player chooses beside the
board is named through the host (``GameUI.controls``: "the Turn dock" in the window, "the
moves listed beside the board" in the page), never in a lesson's words.

``pyramid-lab lesson check`` reports :func:`host_problems` with a task's soundness."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pyramid_lab.i18n import N_, _
from pyramid_lab.model.game import shorten

if TYPE_CHECKING:
    from pyramid_lab.model.lesson import LessonFile

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
