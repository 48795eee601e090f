"""Reading a lesson file (:mod:`model.lesson`): strictly, every problem a
:class:`~model.game.PositionFormatError` naming the key at fault."""

from __future__ import annotations

import functools
import os
from typing import Any

from pyramid_lab.i18n import M_

from .. import files
from ..errors import not_a_player
from ..game import (
    Game,
    InvalidMoveError,
    PositionFormatError,
    check_keys,
    game_class,
)
from ..languages import pick, read_text
from ..teaching import teaching_for
from ..words import reason_of
from .document import (
    CAMERAS,
    FORMAT,
    KINDS,
    MAX_FILE_BYTES,
    MAX_LEVEL,
    MAX_STEPS,
    MAX_TEXT,
    MAX_WITHIN,
    SUFFIX,
    LessonFile,
    Point,
    Step,
    Task,
    step_document,
)
from .judging import check_goal

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
            or not all(_whole(v, MAX_LEVEL) for v in levels)
            or levels[0] > levels[1]
        ):
            raise PositionFormatError(
                f"{where}.levels",
                M_("must be [lowest, highest], whole numbers from 0 to {most}", most=MAX_LEVEL),
            )
    if "peel" in raw and not _whole(raw["peel"], MAX_LEVEL):
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


def _whole(value: Any, most: int) -> bool:
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
    if not isinstance(within, int) or isinstance(within, bool) or not 1 <= within <= MAX_WITHIN:
        raise PositionFormatError(
            f"{where}.within", M_("must be a number of plies from 1 to {most}", most=MAX_WITHIN)
        )
    return side, within
