"""Lessons that answer back: lesson files (``*.lesson.json``, format ``pyramid-lab-lesson/1``).

A lesson is a sequence of short steps. Each step has a title, a text (two or three
sentences), a position, the overlays it needs, points to highlight, and optionally a task
the rules check::

    {"format": "pyramid-lab-lesson/1", "game": "partition", "title": "A corner ball",
     "steps": [
       {"title": "...", "text": "...",
        "position": {"options": {...}, "to_move": "red", "pieces": [...]},
        "overlays": {"walls": true}, "highlights": ["SW", "1,0,0"],
        "task": {"kind": "place", "goal": {"holds": "SW", "by": "red"},
                 "answers": ["1,0,0"], "hint": "..."}},
       {"title": "...", "text": "...", "moves": ["1,0,0"]}]}

``position`` is a position file's object (``format`` and ``game`` may be left out); a step
without one starts from the previous step's position. ``moves`` are played after it.

Tasks (``kind``):

- ``place`` / ``move``: the side to move plays one move. With a ``goal`` (the game's
  :attr:`~model.teaching.Teaching.lesson_goals`, or ``{"win": COLOUR}``) any move that meets it is
  right; without one, the moves in ``answers``. ``answers`` are the author's own.
- ``click-points``: the student clicks points. With a ``question`` (the game's
  :attr:`~model.teaching.Teaching.lesson_questions`) the rules give the right set; ``answers`` must
  equal it. Without one, ``answers`` are the right set.
- ``win-within``: ``side`` (default: the side to move) wins within ``within`` plies; any
  first move the prover finds winning is right, the author's ``answers`` must be among them.

:func:`check` proves each task has a right answer and accepts the author's answers.
Reading has the limits of position files (:mod:`model.files`) and names the key at fault.

The package by concern: :mod:`.document` (the documents: steps, tasks, limits),
:mod:`.reading`, :mod:`.writing`, :mod:`.judging` (a student's answer),
:mod:`.languages` (a text in several languages), :mod:`.checking` (a lesson's tasks
proven answerable; answers from the rules) and
:mod:`.folders` (a folder's lessons, kept while unchanged). This file is its door.
"""

from __future__ import annotations

from ..files import is_lesson_path  # (a lesson by its name, known to the files)
from ..languages import ENGLISH, language_code
from .checking import (
    MAX_FILLED,
    PROGRESS_EVERY_S,
    Problem,
    RuleChoice,
    TryProgress,
    check,
    check_rule,
    check_task,
    goal_choices,
    question_choices,
    right_answers,
    right_moves,
    right_moves_flags,
    rule_of,
)
from .document import (
    CAMERAS,
    FIRST_STEP_TITLE,
    FORMAT,
    KINDS,
    MAX_FILE_BYTES,
    MAX_LEVEL,
    MAX_SCAN,
    MAX_STEPS,
    MAX_TEXT,
    MAX_WITHIN,
    NEW_LESSON_TITLE,
    NEW_STEP_TITLE,
    PROVE_SECONDS,
    STARTER_TEXT,
    SUFFIX,
    LessonFile,
    Point,
    Step,
    Task,
    in_language,
    languages,
    stand_in,
    step_document,
)
from .folders import (
    MAX_FOLDER_LESSONS,
    FolderLesson,
    LessonShelf,
    folder_lessons,
    lesson_folders,
    lesson_tasks,
)
from .judging import (
    Verdict,
    WinJudge,
    check_goal,
    is_answer,
    judge_move,
    judge_points,
    judge_proof,
    point_names,
    right_points,
    verdict_text,
    verdict_word,
)
from .reading import from_json, lesson_step_document, loads, read, read_position, read_view, titles
from .writing import dumps, position_json, step_from, write

__all__ = [
    "CAMERAS",
    "ENGLISH",
    "FIRST_STEP_TITLE",
    "FORMAT",
    "KINDS",
    "MAX_FILE_BYTES",
    "MAX_FILLED",
    "MAX_FOLDER_LESSONS",
    "MAX_LEVEL",
    "MAX_SCAN",
    "MAX_STEPS",
    "MAX_TEXT",
    "MAX_WITHIN",
    "NEW_LESSON_TITLE",
    "NEW_STEP_TITLE",
    "PROGRESS_EVERY_S",
    "PROVE_SECONDS",
    "STARTER_TEXT",
    "SUFFIX",
    "FolderLesson",
    "LessonFile",
    "LessonShelf",
    "Point",
    "Problem",
    "RuleChoice",
    "Step",
    "Task",
    "TryProgress",
    "Verdict",
    "WinJudge",
    "check",
    "check_goal",
    "check_rule",
    "check_task",
    "dumps",
    "folder_lessons",
    "from_json",
    "goal_choices",
    "in_language",
    "is_answer",
    "is_lesson_path",
    "judge_move",
    "judge_points",
    "judge_proof",
    "language_code",
    "languages",
    "lesson_folders",
    "lesson_step_document",
    "lesson_tasks",
    "loads",
    "point_names",
    "position_json",
    "question_choices",
    "read",
    "read_position",
    "read_view",
    "right_answers",
    "right_moves",
    "right_moves_flags",
    "right_points",
    "rule_of",
    "stand_in",
    "step_document",
    "step_from",
    "titles",
    "verdict_text",
    "verdict_word",
    "write",
]
