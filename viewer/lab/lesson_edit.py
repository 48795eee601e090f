"""Teacher mode's edits of the lesson shown, Qt-free: a new lesson from a position, the step's
title, text, overlays, highlights and task, its position taken from the board, steps added,
removed and reordered, the view a lesson opens with. Each edit is checked by reading the
lesson anew (:func:`model.lesson.from_json`): a bad one is refused in the editor's words
and the lesson and the step shown keep their old values. The lesson is the one
:class:`~viewer.lab.lesson.Lessons` shows (its ``changed`` says "edited", "shown",
"title")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyramid_lab import i18n
from pyramid_lab.i18n import M_
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.game import Game, PositionFormatError
from pyramid_lab.model.languages import Words, text_json

from .lesson_words import editor_words

if TYPE_CHECKING:
    from .lesson_shown import ShownLesson

#: A new step's text until the teacher writes one (the lesson document's own)
STARTER_TEXT = lessons.STARTER_TEXT


def writing_language(language: str) -> str:
    """The language a teacher speaking ``language`` writes a lesson in: its catalog's
    (``de_AT`` -> ``de``), else English (the pseudo-locale's too)."""
    chosen = i18n.resolve(language)
    return lessons.ENGLISH if chosen == i18n.PSEUDO else chosen


class LessonEditor:
    """The teacher's edits of the lesson ``state`` shows (the step shown, by default);
    each answers None, or why not."""

    def __init__(self, state: ShownLesson) -> None:
        self.state = state
        #: The language the teacher's texts are edited in (a code: en, de, fr, ...): a
        #: text typed goes to that language's, the others' kept (``model.languages``).
        #: The process's (the window's) by default: a teacher writes in their own.
        self.language = writing_language(i18n.current())

    def new_lesson(self, game: Game, title: str = lessons.NEW_LESSON_TITLE) -> None:
        """A lesson of one step on ``game``'s position (the teacher's start), its stand-in
        texts in the language the teacher writes in too (English beside them)."""
        step = lessons.step_from(lessons.FIRST_STEP_TITLE, STARTER_TEXT, game)
        step = replace(
            step, words=self._stand_ins(title=lessons.FIRST_STEP_TITLE, text=STARTER_TEXT)
        )
        lesson = lessons.LessonFile(game.name, title, [step], words=self._stand_ins(title=title))
        self.state.start(lesson, None, 0)

    def _stand_ins(self, **english: str) -> Words:
        """The stand-in texts ``english`` in the language the teacher writes in, by key
        (none in English, or where the catalog has no translation: a title typed)."""
        out: Words = {}
        for key, text in english.items():
            said = lessons.stand_in(text, self.language)
            if said != text:
                out[key] = {self.language: said}
        return out

    def edit_step(self, lesson_title: str | None = None, **changes: object) -> str | None:
        """Change the step shown (title, text, overlays, highlights, task as JSON-like
        values), and the lesson's own title with ``lesson_title``; None, or why not (the
        lesson and the step keep their old values)."""
        assert self.state.lesson is not None
        raw = self.state.lesson.to_json()
        if lesson_title is not None:
            raw["title"] = _merged(raw["title"], lesson_title.strip(), self.language)
        entry = raw["steps"][self.state.index]
        for key, value in changes.items():
            if value is None:
                entry.pop(key, None)  # e.g. task=None: the step asks nothing
            elif key in ("title", "text") and isinstance(value, str):
                entry[key] = _merged(entry.get(key), value, self.language)
            elif key == "task" and isinstance(value, Mapping):
                entry[key] = _task_merged(entry.get("task"), value, self.language)
            else:
                entry[key] = value
        error = self._replace(raw)
        if error is None and lesson_title is not None:
            self.state.changed.emit("title")  # the window's title names the lesson
        return error

    def take_position(self) -> str | None:
        """The session's position (after set-up mode, moves) becomes the step's own."""
        assert self.state.lesson is not None
        raw = self.state.lesson.to_json()
        entry = raw["steps"][self.state.index]
        entry["position"] = lessons.position_json(self.state.session.game)
        entry.pop("moves", None)
        return self._replace(raw, reload=True)

    def add_step(self) -> str | None:
        """A new step after the one shown, on the session's position."""
        lesson, index = self.state.lesson, self.state.index
        assert lesson is not None
        raw = lesson.to_json()
        words = self._stand_ins(title=lessons.NEW_STEP_TITLE, text=STARTER_TEXT)
        new = {
            "title": text_json(lessons.NEW_STEP_TITLE, words.get("title")),
            "text": text_json(STARTER_TEXT, words.get("text")),
            "position": lessons.position_json(self.state.session.game),
        }
        _unchain(raw, lesson, index + 1)  # the next step followed the one shown: it still does
        raw["steps"].insert(index + 1, new)
        return self._replace(raw, index + 1, reload=True)

    def remove_step(self) -> str | None:
        lesson, index = self.state.lesson, self.state.index
        assert lesson is not None
        if len(lesson.steps) == 1:
            return M_("a lesson has at least one step")
        raw = lesson.to_json()
        _unchain(raw, lesson, index + 1)  # the next step may start from this one
        raw["steps"].pop(index)
        return self._replace(raw, min(index, len(raw["steps"]) - 1), reload=True)

    def keep_view(self, view: Mapping[str, object] | None) -> str | None:
        """The lesson opens with ``view`` (a lesson file's ``"view"``: levels, peel, clips,
        camera; None or empty: the defaults); None, or why not."""
        assert self.state.lesson is not None
        raw = self.state.lesson.to_json()
        raw.pop("view", None)
        if view:
            raw["view"] = view
        return self._replace(raw)

    def move_step(self, by: int) -> str | None:
        assert self.state.lesson is not None
        target = self.state.index + by
        if not 0 <= target < len(self.state.lesson.steps):
            return M_("no step there")
        raw = self.state.lesson.to_json()
        steps = raw["steps"]
        for entry, step in zip(steps, self.state.lesson.steps, strict=True):
            entry["position"] = lessons.position_json(step.game)  # none follows another now
            entry.pop("moves", None)
        steps[self.state.index], steps[target] = steps[target], steps[self.state.index]
        return self._replace(raw, target, reload=True)

    def _replace(
        self, raw: dict[str, Any], index: int | None = None, reload: bool = False
    ) -> str | None:
        """The lesson edited to ``raw``, showing step ``index`` (the same one by default);
        when ``raw`` is not a lesson, why not, and the lesson and the step shown stay."""
        try:
            lesson = lessons.from_json(raw)
        except PositionFormatError as exc:
            return editor_words(exc)  # "Step 1, Answers: ...", not the file's keys
        if self.state.lesson is not None:  # the same file, edited: as it was read, for the save
            lesson.fingerprint = self.state.lesson.fingerprint
        self.state.lesson = lesson
        self.state.index = self.state.index if index is None else index
        self.state.changed.emit("edited")
        if reload:
            self.state.go(self.state.index)
        else:
            self.state.changed.emit("shown")
        return None


def _merged(old: object, typed: str, language: str) -> object:
    """A text of the lesson's JSON (a string, English, or an object of languages) with
    ``typed`` as its ``language``'s (none there when empty, but English); a string again
    where English alone is left."""
    texts = dict(old) if isinstance(old, dict) else {lessons.ENGLISH: old or ""}
    if typed or language == lessons.ENGLISH:
        texts[language] = typed
    else:
        texts.pop(language, None)
    if set(texts) == {lessons.ENGLISH}:
        return texts[lessons.ENGLISH]
    return texts


def _task_merged(old: object, new: Mapping[str, object], language: str) -> dict[str, object]:
    """The task as the editor's fields give it, its prompt and hint merged into the old
    task's other languages (:func:`_merged`)."""
    before = old if isinstance(old, dict) else {}
    task = dict(new)
    for key in ("prompt", "hint"):
        typed = task.get(key, "")
        merged = _merged(before.get(key), typed if isinstance(typed, str) else "", language)
        if merged:
            task[key] = merged
        else:
            task.pop(key, None)
    return task


def _unchain(raw: dict[str, Any], lesson: lessons.LessonFile, at: int) -> None:
    """Step ``at`` of ``raw`` (``lesson`` as JSON), when there is one, starts from its own
    position rather than following the step before it (which moves or goes)."""
    if at < len(raw["steps"]):
        following = raw["steps"][at]
        following["position"] = lessons.position_json(lesson.steps[at].game)
        following.pop("moves", None)
