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
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from . import files
from .game import (
    Game,
    InvalidMoveError,
    Move,
    PositionFormatError,
    check_keys,
    game_class,
    no_proof_with_chance,
    quote,
    shorten,
)
from .teaching import GoalCheck, describe_result, teaching_for

FORMAT = files.LESSON_FORMAT
SUFFIX = ".lesson.json"
MAX_FILE_BYTES = files.MAX_FILE_BYTES
MAX_STEPS = 100
MAX_TEXT = 2000  # characters of a step's text: a dock without scrolling holds far fewer
#: A new step's text until the teacher writes one (a step has a text); the lesson editor
#: shows it as its Text box's placeholder, so what is typed is not mixed into it.
STARTER_TEXT = "Say one thing about this position."
MAX_WITHIN = 9  # plies of a win-within task: a lesson's, answered in a blink
PROVE_SECONDS = 20.0
MAX_SCAN = 20000  # legal moves tried to see that a goal is not met by every move

KINDS = ("place", "move", "click-points", "win-within")
_KEYS = {"format", "game", "title", "steps", "view"}
#: The view a lesson opens with (``"view"``, optional: none opens every level, nothing
#: peeled or clipped, the "iso" camera): the levels shown, the shells peeled, the axis
#: clip planes and the camera preset.
_VIEW_KEYS = {"levels", "peel", "clips", "camera"}
_CLIP_KEYS = {"axis", "keep", "at"}
CAMERAS = ("iso", "top", "front", "side")
MAX_LEVEL = 99  # a view's level or peel: far more than any board has
_STEP_KEYS = {"title", "text", "position", "moves", "overlays", "highlights", "task"}
_TASK_KEYS = {"kind", "prompt", "goal", "question", "side", "within", "answers", "hint"}
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

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.prompt:
            out["prompt"] = self.prompt
        for key in ("goal", "question", "side", "within"):
            value = getattr(self, key)
            if value is not None:
                out[key] = dict(value) if isinstance(value, Mapping) else value
        out["answers"] = list(self.answers)
        if self.hint:
            out["hint"] = self.hint
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

    def position(self) -> Game:
        return self.game.copy()

    def highlight_points(self) -> list[Point]:
        return [teaching_for(self.game).lesson_point(self.game, text) for text in self.highlights]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title, "text": self.text}
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

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game_name,
            "title": self.title,
            "steps": [step.to_json() for step in self.steps],
            **({"view": self.view} if self.view is not None else {}),
        }


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


# ---- reading -------------------------------------------------------------------------------


def loads(text: str | bytes) -> LessonFile:
    raw = files.loads_json(text, MAX_FILE_BYTES, "lesson file")
    try:
        return from_json(raw)
    except RecursionError:
        raise PositionFormatError("", "lists or objects nested too deeply") from None


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


def is_lesson_path(path: str | os.PathLike[str]) -> bool:
    return os.fspath(path).endswith(SUFFIX)


def lesson_step_document(path: str | os.PathLike[str], index: int = 0) -> files.PositionDocument:
    """A step of a lesson file as a position document (its position, its text as the
    caption, its overlays): what ``render`` and ``export`` draw of a lesson."""
    return step_document(read(path), index)


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


def lesson_folders(root: str | os.PathLike[str]) -> list[str]:
    """The games' lesson folders under ``root`` in the order its ``order.json`` gives
    (``{"games": [...]}``), then any others by name."""
    from pathlib import Path

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


def titles(path: str | os.PathLike[str]) -> tuple[str, str]:
    """The game's title and the lesson's, read from the JSON alone (for menus; the
    file's name where they cannot be read)."""
    stem = os.path.basename(os.fspath(path)).removesuffix(SUFFIX).replace("-", " ")
    try:
        raw = files.read_json(path, MAX_FILE_BYTES, "lesson file")
        game, title = game_class(raw["game"]).title, raw["title"]
    except (PositionFormatError, KeyError, TypeError):
        return "Lessons", stem
    number = stem.split(" ", 1)[0]
    shown = f"{number}. {title}" if number.isdigit() and isinstance(title, str) else stem
    return str(game), shown


def _text(raw: Any, key: str, *, limit: int = MAX_TEXT, empty: bool = False) -> str:
    if not isinstance(raw, str) or (not empty and not raw.strip()):
        raise PositionFormatError(key, "must be a non-empty text" if not empty else "a text")
    if len(raw) > limit:
        raise PositionFormatError(key, f"too long: {len(raw)} characters (at most {limit})")
    return raw


def from_json(raw: Any) -> LessonFile:
    if not isinstance(raw, dict):
        raise PositionFormatError("", "a lesson file must hold one JSON object")
    check_keys(raw, _KEYS, required=("format", "game", "title", "steps"))
    cls = files.document_game(raw, FORMAT)
    title = _text(raw["title"], "title", limit=200)
    steps_raw = raw["steps"]
    if not isinstance(steps_raw, list) or not steps_raw:
        raise PositionFormatError("steps", "must be a non-empty list of steps")
    if len(steps_raw) > MAX_STEPS:
        raise PositionFormatError("steps", f"{len(steps_raw)} steps (at most {MAX_STEPS})")
    steps: list[Step] = []
    previous: Game | None = None
    for index, entry in enumerate(steps_raw):
        step = _read_step(entry, f"steps[{index}]", cls, raw["game"], previous)
        steps.append(step)
        previous = step.game
    view = read_view(raw["view"]) if "view" in raw else None
    return LessonFile(raw["game"], title, steps, view)


def read_view(raw: Any, where: str = "view") -> dict[str, Any]:
    """A lesson's view (``"view"``), checked: ``levels`` [lowest, highest], ``peel``
    (shells), ``clips`` (at most one per axis: ``{"axis": "x", "keep": "below" or "above",
    "at": 2.5}``), ``camera`` (a preset: iso, top, front, side). Returned as written."""
    if not isinstance(raw, dict):
        raise PositionFormatError(where, "must be an object: levels, peel, clips, camera")
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
                f"{where}.levels", f"must be [lowest, highest], whole numbers from 0 to {MAX_LEVEL}"
            )
    if "peel" in raw and not _whole(raw["peel"], MAX_LEVEL):
        raise PositionFormatError(f"{where}.peel", f"must be a whole number from 0 to {MAX_LEVEL}")
    clips = raw.get("clips", [])
    if not isinstance(clips, list) or len(clips) > 3:
        raise PositionFormatError(f"{where}.clips", "must be a list of at most 3 clip planes")
    axes: set[str] = set()
    for index, clip in enumerate(clips):
        at = f"{where}.clips[{index}]"
        if not isinstance(clip, dict):
            raise PositionFormatError(at, 'must be an object: {"axis": "x", "at": 2}')
        check_keys(clip, _CLIP_KEYS, required=("axis", "at"), where=at)
        if clip["axis"] not in ("x", "y", "z") or clip["axis"] in axes:
            raise PositionFormatError(f"{at}.axis", "must be x, y or z, each at most once")
        axes.add(clip["axis"])
        if clip.get("keep", "below") not in ("below", "above"):
            raise PositionFormatError(f"{at}.keep", 'must be "below" or "above"')
        value = clip["at"]
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not -1e3 <= value <= 1e3:
            raise PositionFormatError(f"{at}.at", "must be a number from -1000 to 1000")
    if "camera" in raw and raw["camera"] not in CAMERAS:
        raise PositionFormatError(f"{where}.camera", f"must be one of {', '.join(CAMERAS)}")
    return dict(raw)


def _whole(value: Any, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _read_step(raw: Any, where: str, cls: type[Game], name: str, previous: Game | None) -> Step:
    if not isinstance(raw, dict):
        raise PositionFormatError(where, "must be an object: title, text, position, ...")
    check_keys(raw, _STEP_KEYS, required=("title", "text"), where=where)
    title = _text(raw["title"], f"{where}.title", limit=200)
    text = _text(raw["text"], f"{where}.text")
    raw_position = raw.get("position")
    if raw_position is not None:
        game = read_position(raw_position, name, f"{where}.position")
    elif previous is None:
        raise PositionFormatError(f"{where}.position", "the first step must have a position")
    else:
        game = previous.copy()
    moves = raw.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise PositionFormatError(f"{where}.moves", "must be a list of moves written as strings")
    files.replay(game, moves, f"{where}.moves")
    overlays = files.read_overlays(raw.get("overlays", {}), cls, f"{where}.overlays")
    highlights = raw.get("highlights", [])
    if not isinstance(highlights, list) or not all(isinstance(h, str) for h in highlights):
        raise PositionFormatError(f"{where}.highlights", "must be a list of points as strings")
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
    )


def read_position(raw: Any, game_name: str, where: str) -> Game:
    """A position embedded in a lesson: a position file's object, ``format`` and ``game``
    optional."""
    if not isinstance(raw, dict):
        raise PositionFormatError(where, "must be a position object (options, to_move, pieces)")
    if raw.get("game", game_name) != game_name:
        raise PositionFormatError(f"{where}.game", f"must be the lesson's game, {game_name!r}")
    for key in ("puzzle", "lesson", "variations"):
        if key in raw:
            raise PositionFormatError(f"{where}.{key}", "not part of a lesson's position")
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
        raise PositionFormatError(where, "must be an object: kind, answers, hint, ...")
    check_keys(raw, _TASK_KEYS, where=where)
    kind = raw.get("kind")
    if kind not in KINDS:
        raise PositionFormatError(f"{where}.kind", f"must be one of {', '.join(KINDS)}")
    answers = raw.get("answers", [])
    if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        raise PositionFormatError(f"{where}.answers", "must be a list of texts")
    if not answers and kind != "click-points":  # a click-points answer may be "none"
        raise PositionFormatError(f"{where}.answers", "give the author's answer(s)")
    hint = _text(raw.get("hint", ""), f"{where}.hint", empty=True)
    prompt = _text(raw.get("prompt", ""), f"{where}.prompt", empty=True)
    goal, question, side, within = raw.get("goal"), raw.get("question"), None, None
    wrong = {
        "place": {"question", "side", "within"},
        "move": {"question", "side", "within"},
        "click-points": {"goal", "side", "within"},
        "win-within": {"goal", "question"},
    }[kind] & set(raw)
    if wrong:
        raise PositionFormatError(f"{where}.{sorted(wrong)[0]}", f"not a key of a {kind} task")
    if goal is not None:
        if not isinstance(goal, dict):
            raise PositionFormatError(f"{where}.goal", "must be an object")
        try:
            check_goal(game, goal)
        except ValueError as exc:
            raise PositionFormatError(f"{where}.goal", str(exc)) from None
    if question is not None:
        if not isinstance(question, dict):
            raise PositionFormatError(f"{where}.question", "must be an object")
        try:
            teaching_for(game).lesson_points(game, question)
        except ValueError as exc:
            raise PositionFormatError(f"{where}.question", str(exc)) from None
    if kind == "click-points":
        for index, text in enumerate(answers):
            _point(game, text, f"{where}.answers[{index}]")
    else:
        for index, text in enumerate(answers):
            try:
                game.parse_move(text)
            except InvalidMoveError as exc:
                raise PositionFormatError(f"{where}.answers[{index}]", str(exc)) from None
    if kind == "win-within":
        side = raw.get("side", game.to_move)
        if side not in game.players:
            raise PositionFormatError(
                f"{where}.side",
                f"must be {' or '.join(map(repr, game.players))}, not {quote(side)}",
            )
        within = raw.get("within")
        if not isinstance(within, int) or isinstance(within, bool) or not 1 <= within <= MAX_WITHIN:
            raise PositionFormatError(
                f"{where}.within", f"must be a number of plies from 1 to {MAX_WITHIN}"
            )
    return Task(kind, tuple(answers), goal, question, side, within, hint, prompt)


def check_goal(game: Game, goal: Mapping[str, Any]) -> GoalCheck:
    """Whether ``game`` meets ``goal``: ``{"win": COLOUR}`` here, the others by the game's
    :meth:`~model.teaching.Teaching.lesson_goal`; ValueError for a goal it does not know."""
    if "win" in goal:
        if set(goal) != {"win"} or goal["win"] not in game.players:
            raise ValueError(f'a win goal is {{"win": {" or ".join(map(repr, game.players))}}}')
        outcome = game.outcome()
        if outcome is not None and outcome.winner == goal["win"]:
            return GoalCheck(True, f"{goal['win']} wins")
        return GoalCheck(False, f"{goal['win']} has not won yet")
    return teaching_for(game).lesson_goal(game, goal)


# ---- judging answers -----------------------------------------------------------------------


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


def _judge(wins: WinJudge | None) -> WinJudge:
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
        return Verdict(False, f"{move} cannot be played: {reason}")
    if task.kind == "win-within":
        return _judge(wins).judge_win(task, position, move)
    if task.goal is not None:
        after = position.copy()
        after.push(move)
        result = check_goal(after, task.goal)
        if result.met:
            return Verdict(True, f"{move}: {result.reason}")
        reason = f"after {move}, {result.reason}"
        if "win" in task.goal:  # "has not won yet" says nothing of the move: say what it did
            reason += _did(position, move, "; ")
        return Verdict(False, reason, result.points, result.about)
    if _is_answer(task, position, move):
        return Verdict(True, f"{move} is the move")
    return Verdict(False, f"{move} is not the move this step asks for{_did(position, move, ': ')}")


def _is_answer(task: Task, position: Game, move: Move) -> bool:
    return move in [position.parse_move(a) for a in task.answers]


def _did(position: Game, move: Move, lead: str) -> str:
    """What ``move`` did by the rules (the game's :meth:`~model.teaching.Teaching.explain_move`),
    after ``lead``; '' when the game has nothing to say."""
    said = teaching_for(position).explain_move(position, move)
    return f"{lead}{said}" if said else ""


def judge_points(task: Task, position: Game, clicked: Iterable[Point]) -> Verdict:
    """The points a student clicked, judged against a click-points ``task``."""
    chosen = {tuple(p) for p in clicked}
    right = right_points(task, position)
    if chosen == right:
        return Verdict(True, _names(position, right) if right else "none")
    extra = sorted(chosen - right)
    missing = sorted(right - chosen)
    if extra:
        words = teaching_for(position)
        why = words.lesson_point_reason(position, task.question, extra[0]) if task.question else ""
        return Verdict(
            False,
            f"{_names(position, extra)} {'is' if len(extra) == 1 else 'are'} not one of them"
            + (f" ({why})" if why else ""),
            tuple(extra),
        )
    if not chosen:
        return Verdict(False, f"{len(missing)} to find")
    right_ones = f"{_names(position, chosen)} {'is' if len(chosen) == 1 else 'are'} right"
    return Verdict(False, f"{right_ones}; {len(missing)} more to find", partial=True)


def right_points(task: Task, position: Game) -> frozenset[Point]:
    if task.question is not None:
        return teaching_for(position).lesson_points(position, task.question)
    return frozenset(teaching_for(position).lesson_point(position, a) for a in task.answers)


def _names(game: Game, points: Iterable[Point]) -> str:
    return ", ".join(teaching_for(game).point_name(game, p) for p in sorted(points)) or "none"


# ---- checking a lesson ---------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    step: int  # 0-based
    title: str
    reason: str

    def __str__(self) -> str:
        return f"step {self.step + 1} ({quote(self.title)}): {self.reason}"


def check(lesson: LessonFile, *, wins: WinJudge | None = None) -> list[Problem]:
    """Every task of ``lesson`` proven to have a right answer, the author's accepted (a
    win-within task by ``wins``, the search's judge)."""
    problems = []
    for index, step in enumerate(lesson.steps):
        if step.task is None:
            continue
        reason = check_task(step.task, step.position(), wins=wins)
        if reason is not None:
            problems.append(Problem(index, step.title, reason))
    return problems


def check_task(task: Task, position: Game, *, wins: WinJudge | None = None) -> str | None:
    """Why ``task`` is not sound at ``position``, or None (a win-within task judged by
    ``wins``, the search's judge; ValueError without one)."""
    if position.is_over() and task.kind != "click-points":
        return f"the game is over here ({describe_result(position)}): nothing to play"
    if task.kind == "click-points":
        right = right_points(task, position)
        given = {teaching_for(position).lesson_point(position, a) for a in task.answers}
        if given != right:
            missing, extra = sorted(right - given), sorted(given - right)
            said = []
            if missing:
                said.append(f"the rules also count {_names(position, missing)}")
            if extra:
                said.append(f"the rules do not count {_names(position, extra)}")
            return "the answers are not the rules' answer: " + "; ".join(said)
        return None
    if task.kind == "win-within":
        if position.has_chance:
            return no_proof_with_chance(position.title)
        if position.to_move != task.side:
            return f"{task.side} is not to move"
        winners = _judge(wins).winning_first_moves(task, position)
        if winners is None:
            return f"the prover did not settle it within {PROVE_SECONDS:g} s"
        if not winners:
            return f"{task.side} cannot force a win within {task.within} plies"
        for answer in task.answers:
            if position.parse_move(answer) not in winners:
                return f"the answer {shorten(answer)} does not win within {task.within} plies"
        return None
    for answer in task.answers:
        move = position.parse_move(answer)
        reason = position.why_illegal(move)
        if reason is not None:
            return f"the answer {shorten(answer)} is not legal: {reason}"
        verdict = judge_move(task, position, move)
        if not verdict.correct:
            return f"the answer {shorten(answer)} is not accepted: {verdict.reason}"
    few = position.legal_move_count() <= MAX_SCAN  # simultaneous games: trillions of joint moves
    if task.goal is not None and few and all(right_moves_flags(task, position)):
        return "every legal move meets the goal: nothing to find"
    return None


def right_moves_flags(task: Task, position: Game) -> list[bool]:
    """Per legal move, whether it answers the place/move ``task`` (no words computed)."""
    if task.goal is None:
        return [_is_answer(task, position, m) for m in position.legal_moves()]
    goal, flags, probe = task.goal, [], position.copy()
    for move in position.legal_moves():
        probe.push(move)
        flags.append(check_goal(probe, goal).met)
        probe.pop()
    return flags


def right_moves(task: Task, position: Game) -> list[Move]:
    """Every legal move that answers a place/move task (for hints and tests)."""
    flags = right_moves_flags(task, position)
    return [m for m, right in zip(position.legal_moves(), flags, strict=True) if right]


# ---- the editor's choices and answers ------------------------------------------------------


@dataclass(frozen=True)
class RuleChoice:
    """A goal or a question a teacher may pick, as a game declares it: its name (the key
    that names it in the JSON), what it asks, and the values each of its keys may take
    (empty: the game declares none, the rule is written as JSON)."""

    name: str
    label: str
    keys: Mapping[str, tuple[Any, ...]]

    def rule(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The goal or question with ``values`` for its keys (the first choice of a key
        not given)."""
        return {key: values.get(key, choices[0]) for key, choices in self.keys.items()}

    def matches(self, rule: Mapping[str, Any]) -> bool:
        """``rule`` is this one with values it offers."""
        return (
            bool(self.keys)
            and set(rule) == set(self.keys)
            and all(rule[key] in choices for key, choices in self.keys.items())
        )


def _label(description: str) -> str:
    return description.split(": {", 1)[0]


def goal_choices(game: Game) -> list[RuleChoice]:
    """The goals of a place or move task at ``game``'s position: the generic win (by
    one of the colours playing), then the game's :attr:`~model.teaching.Teaching.lesson_goals`."""
    cls = type(game)
    out = [RuleChoice("win", "a colour wins", {"win": tuple(game.players)})]
    words = teaching_for(cls)
    for name, description in words.lesson_goals.items():
        out.append(RuleChoice(name, _label(description), words.lesson_goal_keys.get(name, {})))
    return out


def question_choices(game: Game) -> list[RuleChoice]:
    """The questions a click-points task may ask in ``game``'s lessons."""
    words = teaching_for(game)
    return [
        RuleChoice(name, _label(description), words.lesson_question_keys.get(name, {}))
        for name, description in words.lesson_questions.items()
    ]


def rule_of(task: Mapping[str, Any]) -> dict[str, Any] | None:
    """A task's goal, question, or for a win-within task its side and plies (as JSON)."""
    if task.get("kind") == "win-within":
        return {k: task[k] for k in ("side", "within") if task.get(k) is not None}
    rule = task.get("goal") or task.get("question")
    return dict(rule) if isinstance(rule, Mapping) else None


def check_rule(game: Game, kind: str, rule: Any) -> str | None:
    """Why ``rule`` cannot be the goal (question, side and plies) of a ``kind`` task at
    ``game``'s position, or None; no proof is tried (that is :func:`check_task`'s)."""
    if rule is None:
        return None
    if not isinstance(rule, dict):
        shapes = {
            "win-within": '{"side": COLOUR, "within": PLIES}',
            "click-points": "a question object",
        }
        return f"a {kind} task's rule must be an object: {shapes.get(kind, 'a goal object')}"
    try:
        if kind == "click-points":
            teaching_for(game).lesson_points(game, rule)
        elif kind == "win-within":
            unknown = sorted(set(rule) - {"side", "within"})
            if unknown:
                return f"{shorten(unknown[0])}: not a key of a win-within task (side, within)"
            side, within = rule.get("side", game.to_move), rule.get("within")
            if side not in game.players:
                return f"side: must be {' or '.join(map(repr, game.players))}, not {quote(side)}"
            if not isinstance(within, int) or isinstance(within, bool):
                return f"within: must be a number of plies from 1 to {MAX_WITHIN}"
            if not 1 <= within <= MAX_WITHIN:
                return f"within: must be a number of plies from 1 to {MAX_WITHIN}"
        else:
            check_goal(game, rule)
    except (ValueError, TypeError, KeyError) as exc:
        return str(exc)
    return None


#: Most moves "Fill answers from the rules" lists (the rest are right too).
MAX_FILLED = 40


def right_answers(task: Task, position: Game, *, wins: WinJudge | None = None) -> list[str]:
    """The answers the rules give for ``task`` at ``position``, as a lesson writes them:
    the points that answer a question, the moves that meet a goal (the first
    :data:`MAX_FILLED`), the first moves that win within the plies (by ``wins``, the
    search's judge). ValueError saying why there are none to give."""
    if task.kind == "click-points":
        if task.question is None:
            raise ValueError("pick a question first: without one the answers are yours")
        return [",".join(map(str, p)) for p in sorted(right_points(task, position))]
    if position.is_over():
        raise ValueError(f"the game is over here ({describe_result(position)})")
    if task.kind == "win-within":
        if position.has_chance:
            raise ValueError(no_proof_with_chance(position.title))
        if position.to_move != task.side:
            raise ValueError(f"{task.side} is not to move")
        winners = _judge(wins).winning_first_moves(task, position)
        if winners is None:
            raise ValueError(f"the prover did not settle it within {PROVE_SECONDS:g} s")
        if not winners:
            raise ValueError(f"{task.side} cannot force a win within {task.within} plies")
        return [str(m) for m in winners]
    if task.goal is None:
        raise ValueError(
            "pick a goal first: without one the answer is yours (play it, Answer from board)"
        )
    if position.legal_move_count() > MAX_SCAN:
        raise ValueError(f"too many moves here to try each ({position.legal_move_count()})")
    right = [str(m) for m in right_moves(task, position)]
    if not right:
        raise ValueError("no move meets the goal here")
    if len(right) == position.legal_move_count():
        raise ValueError("every legal move meets the goal: nothing to find")
    return right[:MAX_FILLED]


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
        return FolderLesson(path, problem=shorten(exc.strerror or str(exc)))
    except (RecursionError, MemoryError) as exc:  # beyond any lesson's: one greyed entry
        return FolderLesson(path, problem=f"cannot be read ({type(exc).__name__})")
    tasks = frozenset(i for i, step in enumerate(lesson.steps) if step.task is not None)
    return FolderLesson(path, lesson.title, tasks=tasks)


# ---- writing -------------------------------------------------------------------------------


def dumps(lesson: LessonFile) -> str:
    import json

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
