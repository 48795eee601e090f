"""A lesson file's refusals in the lesson editor's words: the file's keys
(``steps[0].task.answers``) are the reader's; the editor says the step and the field as its
form names them ("Step 1, Answers: ...")."""

from __future__ import annotations

import re

from pyramid_lab.model.game import PositionFormatError

#: A step's keys by the editor's names for them (the labels of its form, or its buttons).
STEP_FIELDS = {
    "title": "Step title",
    "text": "Text",
    "highlights": "Highlights",
    "overlays": "Overlays",
    "position": "the step's position (Take position)",
    "moves": "the step's moves",
    "view": "the view (Open the lesson with this view)",
    "task": "Task",
    "kind": "Task",
    "answers": "Answers",
    "goal": "Goal",
    "question": "Question",
    "side": "Goal",
    "within": "Goal",
    "hint": "Hint",
    "prompt": "Prompt",
}
#: The lesson's own keys.
LESSON_FIELDS = {"title": "Lesson title", "steps": "the steps", "game": "the game"}
#: Reasons the editor says otherwise: the file's words ask for a key, the editor's for an act.
REASONS = {
    "give the author's answer(s)": (
        "type the answer (several separated by ';'), or press Fill from rules, or play it "
        "and press Answer from board"
    ),
}

_STEP = re.compile(r"steps\[(\d+)\](?:\.(.*))?")
_INDEX = re.compile(r"\[(\d+)\]")


def editor_words(exc: PositionFormatError) -> str:
    """``exc`` (a lesson's reader refusing its JSON) said as the editor names things."""
    reason = REASONS.get(exc.reason, exc.reason)
    return f"{where(exc.key)}: {reason}" if exc.key else reason


def where(key: str) -> str:
    """The place a file's key names, in the editor's words."""
    step = _STEP.fullmatch(key)
    if step is None:
        head = key.split(".")[0].split("[")[0]
        return LESSON_FIELDS.get(head, head)
    number = int(step.group(1)) + 1
    rest = step.group(2)
    if not rest:
        return f"Step {number}"
    names = [_INDEX.sub("", part) for part in rest.split(".")]
    # the most precise part the form names (task.answers: Answers; position.pieces: the
    # step's position), its place in a list said where it has one (answer 2)
    field = next((STEP_FIELDS[n] for n in reversed(names) if n in STEP_FIELDS), names[0])
    last = rest.split(".")[-1]
    item = _INDEX.search(last) if names[-1] in STEP_FIELDS else None
    said = f"{field} (item {int(item.group(1)) + 1})" if item is not None else field
    return f"Step {number}, {said}"
