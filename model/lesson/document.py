"""A lesson file's documents (``*.lesson.json``, :mod:`model.lesson`): its limits and keys, its
steps and tasks, and its writing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pyramid_lab import i18n
from pyramid_lab.i18n import N_

from .. import files
from ..game import (
    Game,
)
from ..languages import ENGLISH, Words, pick, text_json
from ..teaching import teaching_for

FORMAT = files.LESSON_FORMAT


SUFFIX = files.LESSON_SUFFIX


MAX_FILE_BYTES = files.MAX_FILE_BYTES


MAX_STEPS = 100


MAX_TEXT = 2000  # characters of a step's text: a dock without scrolling holds far fewer


#: A new step's text until the teacher writes one (a step has a text); the lesson editor
#: shows it as its Text box's placeholder, so what is typed is not mixed into it. Its
#: translation is the new step's text in the language the teacher writes in (issue 108).
STARTER_TEXT = N_("Say one thing about this position.")
#: A new lesson's title, its first step's and a step added's, until the teacher names them.
NEW_LESSON_TITLE = N_("My lesson")
FIRST_STEP_TITLE = N_("First step")
NEW_STEP_TITLE = N_("New step")


def stand_in(text: str, language: str) -> str:
    """A stand-in text (a new step's text, a title above) in ``language``."""
    return text if language == ENGLISH else i18n.translations(language).gettext(text)


MAX_WITHIN = 9  # plies of a win-within task: a lesson's, answered in a blink


PROVE_SECONDS = 20.0


MAX_SCAN = 20000  # legal moves tried to see that a goal is not met by every move


KINDS = ("place", "move", "click-points", "win-within")


CAMERAS = ("iso", "top", "front", "side")


MAX_LEVEL = 99  # a view's level or peel: far more than any board has


Point = tuple[int, ...]


@dataclass(frozen=True)
class Task:
    kind: str
    answers: tuple[str, ...] = ()
    goal: Mapping[str, Any] | None = None
    question: Mapping[str, Any] | None = None
    side: str | None = None
    within: int | None = None
    hint: str = ""
    prompt: str = ""
    #: The prompt and hint in other languages (:mod:`.languages`): key -> language -> text.
    words: Words = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.prompt:
            out["prompt"] = text_json(self.prompt, self.words.get("prompt"))
        for key in ("goal", "question", "side", "within"):
            value = getattr(self, key)
            if value is not None:
                out[key] = dict(value) if isinstance(value, Mapping) else value
        out["answers"] = list(self.answers)
        if self.hint:
            out["hint"] = text_json(self.hint, self.words.get("hint"))
        return out

    def asks_for_points(self) -> bool:
        return self.kind == "click-points"


@dataclass
class Step:
    title: str
    text: str
    game: Game  # the step's position (its moves on the stack); use position() for a copy
    overlays: dict[str, Any] = field(default_factory=dict)
    highlights: tuple[str, ...] = ()  # as written; points() reads them
    task: Task | None = None
    raw_position: dict[str, Any] | None = None  # as written (None: the previous step's)
    moves: tuple[str, ...] = ()
    #: The title and text in other languages (:mod:`.languages`): key -> language -> text.
    words: Words = field(default_factory=dict)

    def position(self) -> Game:
        return self.game.copy()

    def highlight_points(self) -> list[Point]:
        return [teaching_for(self.game).lesson_point(self.game, text) for text in self.highlights]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "title": text_json(self.title, self.words.get("title")),
            "text": text_json(self.text, self.words.get("text")),
        }
        if self.raw_position is not None:
            out["position"] = self.raw_position
        if self.moves:
            out["moves"] = list(self.moves)
        if self.overlays:
            out["overlays"] = dict(self.overlays)
        if self.highlights:
            out["highlights"] = list(self.highlights)
        if self.task is not None:
            out["task"] = self.task.to_json()
        return out


@dataclass
class LessonFile:
    game_name: str
    title: str
    steps: list[Step]
    #: The view the lesson opens with, as written (``{"levels": [0, 2], "peel": 1, "clips":
    #: [{"axis": "x", "keep": "below", "at": 2.5}], "camera": "top"}``, every key optional);
    #: None: the defaults.
    view: dict[str, Any] | None = None
    # The file as it was read or last saved (None: not from a file): a save over it checks
    # it first (model.files.save_bytes).
    fingerprint: files.Fingerprint | None = field(default=None, compare=False, repr=False)
    #: The title in other languages (:mod:`.languages`): "title" -> language -> text.
    words: Words = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game_name,
            "title": text_json(self.title, self.words.get("title")),
            "steps": [step.to_json() for step in self.steps],
            **({"view": self.view} if self.view is not None else {}),
        }


def step_document(lesson: LessonFile, index: int = 0) -> files.PositionDocument:
    """Step ``index`` of ``lesson`` (the last where there are fewer) as a position document:
    :func:`lesson_step_document` of a lesson read."""
    step = lesson.steps[min(index, len(lesson.steps) - 1)]
    caption = f"{step.title}: {step.text}"
    try:
        highlights = tuple(tuple(point) for point in step.highlight_points())
    except ValueError:  # (a point the game cannot read: ``lesson check`` says so)
        highlights = ()
    return files.PositionDocument(
        step.position(),
        {"title": lesson.title},
        files.Lesson(caption, step.overlays, highlights),
    )


def languages(lesson: LessonFile) -> list[str]:
    """The languages a lesson has a text in: English first, then the others by code."""
    found: set[str] = set()
    for words in _all_words(lesson):
        for texts in words.values():
            found.update(texts)
    return [ENGLISH, *sorted(found - {ENGLISH})]


def _all_words(lesson: LessonFile) -> list[Words]:
    out = [lesson.words]
    for step in lesson.steps:
        out.append(step.words)
        if step.task is not None:
            out.append(step.task.words)
    return out


def in_language(lesson: LessonFile, language: str) -> tuple[LessonFile, bool]:
    """``lesson`` as a reader in ``language`` sees it (a copy: each text in that language,
    English where it has none), and whether every text was there (False: say once that
    the lesson is shown partly in English). The copy keeps the steps' positions."""
    complete = True

    def shown(english: str, words: Words, key: str) -> str:
        nonlocal complete
        text, found = pick(english, words.get(key), language)
        complete = complete and found
        return text

    steps = []
    for step in lesson.steps:
        task = step.task
        if task is not None:
            task = replace(
                task,
                prompt=shown(task.prompt, task.words, "prompt"),
                hint=shown(task.hint, task.words, "hint"),
            )
        steps.append(
            replace(
                step,
                title=shown(step.title, step.words, "title"),
                text=shown(step.text, step.words, "text"),
                task=task,
            )
        )
    title = shown(lesson.title, lesson.words, "title")
    return replace(lesson, title=title, steps=steps), complete
