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

:func:`model.lesson_check.check` proves each task has a right answer and accepts the
author's answers.
Reading has the limits of position files (:mod:`model.files`) and names the key at fault.

The lesson file in this order: the documents (steps, tasks, limits); a student's answer
judged by the task's goal, question or the author's answers; the file read strictly (every
problem a :class:`~model.game.PositionFormatError` naming the key at fault) and written
(checked as it will be read before a byte is written, saved atomically; a step made from
the window's position); a folder's lessons (listed, read once and kept while their files
are unchanged). A lesson checked for its author is :mod:`model.lesson_check`'s; a text in
several languages is :mod:`model.languages`'s, a puzzle's too.
"""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, TypeGuard

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, N_, Message

from . import files
from .errors import not_a_player
from .files import is_lesson_path as is_lesson_path  # (a lesson by its name, known to the files)
from .game import (
    Game,
    InvalidMoveError,
    Move,
    PositionFormatError,
    check_keys,
    game_class,
    shorten,
)
from .languages import ENGLISH as ENGLISH
from .languages import Words, pick, read_text, text_json
from .languages import language_code as language_code
from .teaching import GoalCheck, teaching_for
from .words import colour, joined, reason_of, system_reason

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


@dataclass(frozen=True)
class Verdict:
    """A student's answer judged: right or not, the reason in the rules' words, and the
    points the reason speaks of (an escape path, to be drawn)."""

    correct: bool
    reason: str
    points: tuple[Point, ...] = ()
    #: What the points are, for the legend beside the drawn path ('' for the plain words).
    about: str = ""
    #: Not all of a many-answer task, but all picked are right: right so far, some missing.
    partial: bool = False


def verdict_word(verdict: Verdict) -> str:
    """The word before a verdict's reason (``Verdict.reason``), the same in the window and
    the classroom's page: right, right so far (a many-answer task with some still to find),
    or not."""
    if verdict.correct:
        return "Right!"
    return "Right so far:" if verdict.partial else "Not yet:"


def verdict_text(verdict: Verdict) -> str:
    """A verdict in words: its word, then the rules' reason."""
    return f"{verdict_word(verdict)} {verdict.reason}"


def check_goal(game: Game, goal: Mapping[str, Any]) -> GoalCheck:
    """Whether ``game`` meets ``goal``: ``{"win": COLOUR}`` here, the others by the game's
    :meth:`~model.teaching.Teaching.lesson_goal`; ValueError for a goal it does not know."""
    if "win" in goal:
        if set(goal) != {"win"} or goal["win"] not in game.players:
            raise ValueError(f'a win goal is {{"win": {" or ".join(map(repr, game.players))}}}')
        outcome = game.outcome()
        if outcome is not None and outcome.winner == goal["win"]:
            return GoalCheck(True, M_("{colour} wins", colour=colour(goal["win"])))
        return GoalCheck(False, M_("{colour} has not won yet", colour=colour(goal["win"])))
    return teaching_for(game).lesson_goal(game, goal)


class WinJudge(Protocol):
    """What judges a win-within task: the search's
    (``wins=model.search.Judge(model.search.knowledge_for)``), since whether a side wins
    within some plies takes a proof; this module reads and writes lessons and never imports
    the search."""

    def winning_first_moves(self, task: Task, position: Game) -> list[Move] | None:
        """Every first move winning within the task's plies (None: not settled in
        :data:`PROVE_SECONDS`)."""
        ...

    def judge_win(self, task: Task, position: Game, move: Move) -> Verdict:
        """A legal ``move`` at ``position`` judged against the win-within ``task``."""
        ...


def judge_proof(wins: WinJudge | None) -> WinJudge:
    if wins is None:
        raise ValueError(
            "a win-within task takes a proof: judge it through the search "
            "(wins=model.search.Judge(model.search.knowledge_for))"
        )
    return wins


def judge_move(
    task: Task, position: Game, move: Move | str, *, wins: WinJudge | None = None
) -> Verdict:
    """A move played at the step's ``position`` (left unchanged) judged against ``task``;
    a win-within task by ``wins`` (the search's judge; ValueError without one)."""
    if isinstance(move, str):
        move = position.parse_move(move)
    reason = position.why_illegal(move)
    if reason is not None:
        return Verdict(
            False, M_("{move} cannot be played: {reason}", move=str(move), reason=reason)
        )
    if task.kind == "win-within":
        return judge_proof(wins).judge_win(task, position, move)
    if task.goal is not None:
        after = position.copy()
        after.push(move)
        result = check_goal(after, task.goal)
        if not isinstance(result.reason, Message):  # (a game's goal not yet in the catalog)
            if result.met:
                return Verdict(True, f"{move}: {result.reason}")
            return Verdict(False, f"after {move}, {result.reason}", result.points, result.about)
        if result.met:
            return Verdict(True, M_("{move}: {reason}", move=str(move), reason=result.reason))
        reason = M_("after {move}, {reason}", move=str(move), reason=result.reason)
        if "win" in task.goal:  # "has not won yet" says nothing of the move: say what it did
            said = teaching_for(position).explain_move(position, move)
            reason = joined([reason, said]) if said else reason
        return Verdict(False, reason, result.points, result.about)
    if is_answer(task, position, move):
        return Verdict(True, M_("{move} is the move", move=str(move)))
    what = teaching_for(position).explain_move(position, move)
    if not what:
        return Verdict(False, M_("{move} is not the move this step asks for", move=str(move)))
    return Verdict(
        False,
        M_("{move} is not the move this step asks for: {what}", move=str(move), what=what),
    )


def is_answer(task: Task, position: Game, move: Move) -> bool:
    return move in [position.parse_move(a) for a in task.answers]


def judge_points(task: Task, position: Game, clicked: Iterable[Point]) -> Verdict:
    """The points a student clicked, judged against a click-points ``task``."""
    chosen = {tuple(p) for p in clicked}
    right = right_points(task, position)
    if chosen == right:
        return Verdict(True, point_names(position, right) if right else M_("none"))
    extra = sorted(chosen - right)
    missing = sorted(right - chosen)
    if extra:
        words = teaching_for(position)
        why = words.lesson_point_reason(position, task.question, extra[0]) if task.question else ""
        points = point_names(position, extra)
        if why:
            if len(extra) == 1:
                reason = M_("{points} is not one of them ({why})", points=points, why=why)
            else:
                reason = M_("{points} are not one of them ({why})", points=points, why=why)
        elif len(extra) == 1:
            reason = M_("{points} is not one of them", points=points)
        else:
            reason = M_("{points} are not one of them", points=points)
        return Verdict(False, reason, tuple(extra))
    if not chosen:
        return Verdict(False, M_("{count} to find", count=len(missing)))
    points, count = point_names(position, chosen), len(missing)
    if len(chosen) == 1:
        reason = M_("{points} is right; {count} more to find", points=points, count=count)
    else:
        reason = M_("{points} are right; {count} more to find", points=points, count=count)
    return Verdict(False, reason, partial=True)


def right_points(task: Task, position: Game) -> frozenset[Point]:
    if task.question is not None:
        return teaching_for(position).lesson_points(position, task.question)
    return frozenset(teaching_for(position).lesson_point(position, a) for a in task.answers)


def point_names(game: Game, points: Iterable[Point]) -> str:
    return ", ".join(teaching_for(game).point_name(game, p) for p in sorted(points)) or M_("none")


_KEYS = {"format", "game", "title", "steps", "view"}
#: The view a lesson opens with (``"view"``, optional: none opens every level, nothing
#: peeled or clipped, the "iso" camera): the levels shown, the shells peeled, the axis
#: clip planes and the camera preset.
_VIEW_KEYS = {"levels", "peel", "clips", "camera"}
_CLIP_KEYS = {"axis", "keep", "at"}
_STEP_KEYS = {"title", "text", "position", "moves", "overlays", "highlights", "task"}
_TASK_KEYS = {"kind", "prompt", "goal", "question", "side", "within", "answers", "hint"}


def loads(text: str | bytes) -> LessonFile:
    raw = files.loads_json(text, MAX_FILE_BYTES, "lesson file")
    try:
        return from_json(raw)
    except RecursionError:
        raise PositionFormatError("", M_("lists or objects nested too deeply")) from None


def read(path: str | os.PathLike[str]) -> LessonFile:
    """Load a lesson file; PositionFormatError naming the file and the key on any problem."""
    source = os.fspath(path)
    data, seen = files.read_fingerprinted(source, MAX_FILE_BYTES, "lesson file")
    try:
        lesson = loads(data)
    except PositionFormatError as exc:
        raise exc.with_source(source) from None
    lesson.fingerprint = seen
    return lesson


def lesson_step_document(path: str | os.PathLike[str], index: int = 0) -> files.PositionDocument:
    """A step of a lesson file as a position document (its position, its text as the
    caption, its overlays): what ``render`` and ``export`` draw of a lesson."""
    return step_document(read(path), index)


def titles(path: str | os.PathLike[str], language: str = "en") -> tuple[str, str]:
    """The game's title and the lesson's (in ``language`` where the file has it), read from
    the JSON alone (for menus; the file's name where they cannot be read). A file is read
    again only when its size or time changed (every window's Lessons menu lists them)."""
    try:
        seen = os.stat(path)
    except OSError:
        return _titles(os.fspath(path), language, None)
    return _titles(os.fspath(path), language, (seen.st_size, seen.st_mtime_ns))


@functools.lru_cache(maxsize=256)
def _titles(path: str, language: str, _stamp: tuple[int, int] | None) -> tuple[str, str]:
    stem = os.path.basename(path).removesuffix(SUFFIX).replace("-", " ")
    try:
        raw = files.read_json(path, MAX_FILE_BYTES, "lesson file")
        game, title = game_class(raw["game"]).title, raw["title"]
        if isinstance(title, dict):
            title = pick(title.get("en", ""), title, language)[0]
    except (PositionFormatError, KeyError, TypeError):
        return "Lessons", stem
    number = stem.split(" ", 1)[0]
    shown = f"{number}. {title}" if number.isdigit() and isinstance(title, str) else stem
    return str(game), shown


def _text(
    raw: Any,
    key: str,
    words: dict[str, dict[str, str]],
    name: str,
    *,
    limit: int = MAX_TEXT,
    empty: bool = False,
) -> str:
    """A text (a string, English, or an object of languages): the English returned, the
    other languages kept in ``words[name]``."""
    english, others = read_text(raw, key, limit, empty=empty)
    if others:
        words[name] = others
    return english


def from_json(raw: Any) -> LessonFile:
    if not isinstance(raw, dict):
        raise PositionFormatError("", M_("a lesson file must hold one JSON object"))
    check_keys(raw, _KEYS, required=("format", "game", "title", "steps"))
    cls = files.document_game(raw, FORMAT)
    words: dict[str, dict[str, str]] = {}
    title = _text(raw["title"], "title", words, "title", limit=200)
    steps_raw = raw["steps"]
    if not isinstance(steps_raw, list) or not steps_raw:
        raise PositionFormatError("steps", M_("must be a non-empty list of steps"))
    if len(steps_raw) > MAX_STEPS:
        raise PositionFormatError(
            "steps",
            M_("{count} steps (at most {most})", count=len(steps_raw), most=MAX_STEPS),
        )
    steps: list[Step] = []
    previous: Game | None = None
    for index, entry in enumerate(steps_raw):
        step = _read_step(entry, f"steps[{index}]", cls, raw["game"], previous)
        steps.append(step)
        previous = step.game
    view = read_view(raw["view"]) if "view" in raw else None
    return LessonFile(raw["game"], title, steps, view, words=words)


def read_view(raw: Any, where: str = "view") -> dict[str, Any]:
    """A lesson's view (``"view"``), checked: ``levels`` [lowest, highest], ``peel``
    (shells), ``clips`` (at most one per axis: ``{"axis": "x", "keep": "below" or "above",
    "at": 2.5}``), ``camera`` (a preset: iso, top, front, side). Returned as written."""
    if not isinstance(raw, dict):
        raise PositionFormatError(where, M_("must be an object: levels, peel, clips, camera"))
    check_keys(raw, _VIEW_KEYS, where=where)
    if "levels" in raw:
        levels = raw["levels"]
        if (
            not isinstance(levels, list)
            or len(levels) != 2
            or not all(whole_within(v, MAX_LEVEL) for v in levels)
            or levels[0] > levels[1]
        ):
            raise PositionFormatError(
                f"{where}.levels",
                M_("must be [lowest, highest], whole numbers from 0 to {most}", most=MAX_LEVEL),
            )
    if "peel" in raw and not whole_within(raw["peel"], MAX_LEVEL):
        raise PositionFormatError(
            f"{where}.peel", M_("must be a whole number from 0 to {most}", most=MAX_LEVEL)
        )
    clips = raw.get("clips", [])
    if not isinstance(clips, list) or len(clips) > 3:
        raise PositionFormatError(f"{where}.clips", M_("must be a list of at most 3 clip planes"))
    axes: set[str] = set()
    for index, clip in enumerate(clips):
        at = f"{where}.clips[{index}]"
        if not isinstance(clip, dict):
            raise PositionFormatError(at, M_('must be an object: {"axis": "x", "at": 2}'))
        check_keys(clip, _CLIP_KEYS, required=("axis", "at"), where=at)
        if clip["axis"] not in ("x", "y", "z") or clip["axis"] in axes:
            raise PositionFormatError(f"{at}.axis", M_("must be x, y or z, each at most once"))
        axes.add(clip["axis"])
        if clip.get("keep", "below") not in ("below", "above"):
            raise PositionFormatError(f"{at}.keep", M_('must be "below" or "above"'))
        value = clip["at"]
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not -1e3 <= value <= 1e3:
            raise PositionFormatError(f"{at}.at", M_("must be a number from -1000 to 1000"))
    if "camera" in raw and raw["camera"] not in CAMERAS:
        raise PositionFormatError(
            f"{where}.camera", M_("must be one of {choices}", choices=", ".join(CAMERAS))
        )
    return dict(raw)


def whole_within(value: Any, most: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _read_step(raw: Any, where: str, cls: type[Game], name: str, previous: Game | None) -> Step:
    if not isinstance(raw, dict):
        raise PositionFormatError(where, M_("must be an object: title, text, position, ..."))
    check_keys(raw, _STEP_KEYS, required=("title", "text"), where=where)
    words: dict[str, dict[str, str]] = {}
    title = _text(raw["title"], f"{where}.title", words, "title", limit=200)
    text = _text(raw["text"], f"{where}.text", words, "text")
    raw_position = raw.get("position")
    if raw_position is not None:
        game = read_position(raw_position, name, f"{where}.position")
    elif previous is None:
        raise PositionFormatError(f"{where}.position", M_("the first step must have a position"))
    else:
        game = previous.copy()
    moves = raw.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise PositionFormatError(
            f"{where}.moves", M_("must be a list of moves written as strings")
        )
    files.replay(game, moves, f"{where}.moves")
    overlays = files.read_overlays(raw.get("overlays", {}), cls, f"{where}.overlays")
    highlights = raw.get("highlights", [])
    if not isinstance(highlights, list) or not all(isinstance(h, str) for h in highlights):
        raise PositionFormatError(f"{where}.highlights", M_("must be a list of points as strings"))
    for index, text_point in enumerate(highlights):
        _point(game, text_point, f"{where}.highlights[{index}]")
    task = _read_task(raw["task"], f"{where}.task", game) if "task" in raw else None
    return Step(
        title,
        text,
        game,
        overlays,
        tuple(highlights),
        task,
        dict(raw_position) if raw_position is not None else None,
        tuple(moves),
        words,
    )


def read_position(raw: Any, game_name: str, where: str) -> Game:
    """A position embedded in a lesson: a position file's object, ``format`` and ``game``
    optional."""
    if not isinstance(raw, dict):
        raise PositionFormatError(where, M_("must be a position object (options, to_move, pieces)"))
    if raw.get("game", game_name) != game_name:
        raise PositionFormatError(
            f"{where}.game", M_("must be the lesson's game, {game}", game=repr(game_name))
        )
    for key in ("puzzle", "lesson", "variations"):
        if key in raw:
            raise PositionFormatError(f"{where}.{key}", M_("not part of a lesson's position"))
    document = {"format": files.FORMAT, "game": game_name, "history": [], **raw}
    try:
        return files.from_json(document).game
    except PositionFormatError as exc:
        key = f"{where}.{exc.key}" if exc.key else where
        raise PositionFormatError(key, exc.reason) from None


def _point(game: Game, text: str, where: str) -> Point:
    try:
        return teaching_for(game).lesson_point(game, text)
    except ValueError as exc:
        raise PositionFormatError(where, str(exc)) from None


def _read_task(raw: Any, where: str, game: Game) -> Task:
    if not isinstance(raw, dict):
        raise PositionFormatError(where, M_("must be an object: kind, answers, hint, ..."))
    check_keys(raw, _TASK_KEYS, where=where)
    kind = raw.get("kind")
    if kind not in KINDS:
        raise PositionFormatError(
            f"{where}.kind", M_("must be one of {choices}", choices=", ".join(KINDS))
        )
    answers = raw.get("answers", [])
    if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        raise PositionFormatError(f"{where}.answers", M_("must be a list of texts"))
    if not answers and kind != "click-points":  # a click-points answer may be "none"
        raise PositionFormatError(f"{where}.answers", M_("give the author's answer(s)"))
    words: dict[str, dict[str, str]] = {}
    hint = _text(raw.get("hint", ""), f"{where}.hint", words, "hint", empty=True)
    prompt = _text(raw.get("prompt", ""), f"{where}.prompt", words, "prompt", empty=True)
    goal, question = raw.get("goal"), raw.get("question")
    side: str | None = None
    within: int | None = None
    wrong = {
        "place": {"question", "side", "within"},
        "move": {"question", "side", "within"},
        "click-points": {"goal", "side", "within"},
        "win-within": {"goal", "question"},
    }[kind] & set(raw)
    if wrong:
        raise PositionFormatError(
            f"{where}.{sorted(wrong)[0]}", M_("not a key of a {kind} task", kind=kind)
        )
    if goal is not None:
        if not isinstance(goal, dict):
            raise PositionFormatError(f"{where}.goal", M_("must be an object"))
        try:
            check_goal(game, goal)
        except ValueError as exc:
            raise PositionFormatError(f"{where}.goal", reason_of(exc)) from None
    if question is not None:
        if not isinstance(question, dict):
            raise PositionFormatError(f"{where}.question", M_("must be an object"))
        try:
            teaching_for(game).lesson_points(game, question)
        except ValueError as exc:
            raise PositionFormatError(f"{where}.question", reason_of(exc)) from None
    if kind == "click-points":
        for index, text in enumerate(answers):
            _point(game, text, f"{where}.answers[{index}]")
    else:
        for index, text in enumerate(answers):
            try:
                game.parse_move(text)
            except InvalidMoveError as exc:
                raise PositionFormatError(f"{where}.answers[{index}]", reason_of(exc)) from None
    if kind == "win-within":
        side, within = _side_and_within(raw, where, game)
    return Task(kind, tuple(answers), goal, question, side, within, hint, prompt, words)


def _side_and_within(raw: dict[str, Any], where: str, game: Game) -> tuple[str, int]:
    """A win-within task's side (the side to move by default) and its plies."""
    side = raw.get("side", game.to_move)
    if side not in game.players:
        raise PositionFormatError(f"{where}.side", not_a_player(game.players, side))
    within = raw.get("within")
    if not whole_within(within, MAX_WITHIN) or within == 0:
        raise PositionFormatError(
            f"{where}.within", M_("must be a number of plies from 1 to {most}", most=MAX_WITHIN)
        )
    return side, within


def dumps(lesson: LessonFile) -> str:
    return json.dumps(lesson.to_json(), indent=2, ensure_ascii=False) + "\n"


def write(path: str | os.PathLike[str], lesson: LessonFile) -> None:
    """Save atomically (as position files are); a lesson that does not read back is refused."""
    text = dumps(lesson)
    loads(text)  # PositionFormatError: nothing is written
    files.write_text(path, text)


def position_json(game: Game) -> dict[str, Any]:
    """A game's position as a lesson step embeds it (no format or game keys)."""
    doc = files.to_json(game)
    doc.pop("format")
    doc.pop("game")
    return doc


def step_from(
    title: str,
    text: str,
    game: Game,
    *,
    overlays: Mapping[str, Any] | None = None,
    highlights: Sequence[str] = (),
    task: Task | None = None,
) -> Step:
    """A step on a copy of ``game``'s position, embedded (the teacher's set-up)."""
    return Step(
        title,
        text,
        game.copy(),
        dict(overlays or {}),
        tuple(highlights),
        task,
        position_json(game),
    )


def lesson_folders(root: str | os.PathLike[str]) -> list[str]:
    """The games' lesson folders under ``root`` in the order its ``order.json`` gives
    (``{"games": [...]}``), then any others by name."""
    base = Path(root)
    present = sorted(p.name for p in base.iterdir() if p.is_dir()) if base.is_dir() else []
    try:
        order = files.read_json(base / "order.json", 64 * 1024, "lesson order").get("games", [])
    except (PositionFormatError, AttributeError):
        order = []
    first = [name for name in order if isinstance(name, str) and name in present]
    return first + [name for name in present if name not in first]


def lesson_tasks(path: str | os.PathLike[str]) -> set[int]:
    """The numbers of the steps with a task, read from the JSON alone (for the menu's
    progress; none where the file cannot be read)."""
    try:
        steps = files.read_json(path, MAX_FILE_BYTES, "lesson file")["steps"]
        return {i for i, step in enumerate(steps) if isinstance(step, dict) and step.get("task")}
    except (PositionFormatError, KeyError, TypeError):
        return set()


#: Most lesson files a menu lists from one folder of the user's.
MAX_FOLDER_LESSONS = 200


@dataclass(frozen=True)
class FolderLesson:
    """A lesson file of a folder, as a menu lists it: its title and the numbers of its
    steps with a task (for the progress shown), or what is wrong with it (one line)."""

    path: Path
    title: str = ""
    problem: str | None = None
    tasks: frozenset[int] = frozenset()
    #: The title in the lesson's other languages: (language, text) pairs.
    titles: tuple[tuple[str, str], ...] = ()

    def title_in(self, language: str) -> str:
        """The title in ``language`` (a menu's: the window's), English where it lacks it."""
        return pick(self.title, dict(self.titles), language)[0]


def folder_lessons(folder: str | os.PathLike[str]) -> list[FolderLesson]:
    """The lesson files in ``folder`` by name, each read whole: its title, or why it
    cannot be opened (a bad file never hides the others). A folder that is missing or
    cannot be listed has none."""
    return LessonShelf().read(folder)


class LessonShelf:
    """The lesson folders as a menu lists them, each file read once and kept until it
    changes (its size or modification time): reading a folder again costs a listing and a
    look at each file, not a read of each. Safe to use from another thread than the one
    that asks for :meth:`kept` (the window reads off its GUI thread)."""

    def __init__(self) -> None:
        self._files: dict[Path, tuple[tuple[int, int], FolderLesson]] = {}
        self._folders: dict[Path, list[FolderLesson]] = {}
        self._lock = threading.Lock()

    def kept(self, folder: str | os.PathLike[str]) -> list[FolderLesson] | None:
        """What :meth:`read` last found in ``folder`` (None: not read yet); no disk read."""
        with self._lock:
            found = self._folders.get(Path(folder))
        return None if found is None else list(found)

    def read(self, folder: str | os.PathLike[str]) -> list[FolderLesson]:
        """The lesson files in ``folder`` by name (at most :data:`MAX_FOLDER_LESSONS`):
        those unchanged since the last read as they were, the others read again. A file
        too big or broken is an entry with its problem; a folder that is missing or cannot
        be listed has none."""
        base = Path(folder)
        try:
            paths = sorted(p for p in base.glob(f"*{SUFFIX}"))[:MAX_FOLDER_LESSONS]
        except OSError:
            paths = []
        out = []
        for path in paths:
            try:
                info = os.stat(path)
                stamp = (info.st_size, info.st_mtime_ns)
            except OSError:
                stamp = (-1, -1)
            with self._lock:
                known = self._files.get(path)
            if known is not None and known[0] == stamp and stamp != (-1, -1):
                out.append(known[1])
                continue
            entry = _folder_lesson(path)
            with self._lock:
                self._files[path] = (stamp, entry)
            out.append(entry)
        with self._lock:
            self._folders[base] = out
            for path in [p for p in self._files if p.parent == base and p not in paths]:
                del self._files[path]  # gone from the folder
        return list(out)


def _folder_lesson(path: Path) -> FolderLesson:
    """One file of a folder of lessons: its title and tasks, or its problem."""
    try:
        data = files.read_limited(os.fspath(path), MAX_FILE_BYTES, "lesson file")
        lesson = loads(data)
    except PositionFormatError as exc:  # (said without the path: the menu names it)
        return FolderLesson(path, problem=str(PositionFormatError(exc.key, exc.reason)))
    except OSError as exc:
        return FolderLesson(path, problem=shorten(system_reason(exc)))
    except (RecursionError, MemoryError) as exc:  # beyond any lesson's: one greyed entry
        return FolderLesson(path, problem=f"cannot be read ({type(exc).__name__})")
    tasks = frozenset(i for i, step in enumerate(lesson.steps) if step.task is not None)
    titles = tuple(sorted(lesson.words.get("title", {}).items()))
    return FolderLesson(path, lesson.title, tasks=tasks, titles=titles)
