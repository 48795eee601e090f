"""A lesson file's refusals in the lesson editor's words: the file's keys
(``steps[0].task.answers``) are the reader's; the editor says the step and the field as its
form names them ("Step 1, Answers: ...")."""

from __future__ import annotations

import re

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.game import PositionFormatError

from .outcome_words import word

#: A step's keys by the editor's names for them (the labels of its form, or its buttons).
STEP_FIELDS = {
    "title": N_("Step title"),
    "text": N_("Text"),
    "highlights": N_("Highlights"),
    "overlays": N_("Overlays"),
    "position": N_("the step's position (Take position)"),
    "moves": N_("the step's moves"),
    "view": N_("the view (Open the lesson with this view)"),
    "task": N_("Task"),
    "kind": N_("Task"),
    "answers": N_("Answers"),
    "goal": N_("Goal"),
    "question": N_("Question"),
    "side": N_("Goal"),
    "within": N_("Goal"),
    "hint": N_("Hint"),
    "prompt": N_("Prompt"),
}
#: The lesson's own keys.
LESSON_FIELDS = {"title": N_("Lesson title"), "steps": N_("the steps"), "game": N_("the game")}
#: Reasons the editor says otherwise: the file's words ask for a key, the editor's for an act.
REASONS = {
    "give the author's answer(s)": N_(
        "type the answer (several separated by ';'), or press Fill from rules, or play it "
        "and press Answer from board"
    ),
}

_STEP = re.compile(r"steps\[(\d+)\](?:\.(.*))?")
_INDEX = re.compile(r"\[(\d+)\]")


def editor_words(exc: PositionFormatError) -> str:
    """``exc`` (a lesson's reader refusing its JSON) said as the editor names things."""
    reason = word(REASONS.get(exc.reason, exc.reason))
    return M_("{place}: {reason}", place=where(exc.key), reason=reason) if exc.key else reason


def where(key: str) -> str:
    """The place a file's key names, in the editor's words."""
    step = _STEP.fullmatch(key)
    if step is None:
        head = key.split(".")[0].split("[")[0]
        return word(LESSON_FIELDS[head]) if head in LESSON_FIELDS else head
    number = int(step.group(1)) + 1
    rest = step.group(2)
    if not rest:
        return M_("Step {number}", number=number)
    names = [_INDEX.sub("", part) for part in rest.split(".")]
    # the most precise part the form names (task.answers: Answers; position.pieces: the
    # step's position), its place in a list said where it has one (answer 2)
    field = next((word(STEP_FIELDS[n]) for n in reversed(names) if n in STEP_FIELDS), names[0])
    last = rest.split(".")[-1]
    item = _INDEX.search(last) if names[-1] in STEP_FIELDS else None
    said = M_("{field} (item {item})", field=field, item=int(item.group(1)) + 1) if item else field
    return M_("Step {number}, {field}", number=number, field=said)
