"""The messages a page sends (text frames of JSON objects, each with an ``id`` the answer
repeats), each a typed class, parsed and bounded here, in one place: a new message is one
class here and one handler in :mod:`.web` (``@handles``). Nothing else of a page's text is
read anywhere.

- ``{"do": "join", "name": N}`` (:class:`Join`): a new student; when the class is closed to
  new students the join waits for the teacher's yes (``waiting``), then is answered, or
  comes in at once with a door number the teacher gave (``"door": "482913750"``).
- ``{"do": "resume", "key": K}`` (:class:`Resume`): the student whose key it is.
- ``{"do": "poll", "version": V}`` (:class:`Poll`): the page anew when it changed (the
  pages are pushed what changed: a poll is for a page that missed it).
- ``{"do": "act", "action": A, "args": [...]}`` (:class:`Act`): a student's action, each
  a class of its own (:class:`Action`: :class:`Click`, :class:`Check`, :class:`Move`,
  :class:`Form`, :class:`View` ...).
- ``{"do": "teacher", "code": C}`` (:class:`Code`) once, then ``{"do": "teacher", "order":
  O, "args": [...]}``: the lines (:class:`Lines`, no order), :class:`Everyone`,
  :class:`Csv`, :class:`Remove`, :class:`BringBack` (any number ticked, in one message),
  :class:`Close`, :class:`Admit`, :class:`Refuse` (one join waiting, or the ticked at
  once), :class:`Door` (a door number for a late student).

Who may send each (:attr:`Message.WHO`): a page of no one yet, a student's page, the
teacher's page; the server checks it before any handler runs."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pyramid_lab.model.game import shorten

from .checks import (
    MAX_WAITING,
    Refused,
    bounded_text,
    code_of,
    door_of,
    name_of,
    token_of,
    whole_number,
)

#: The most students an order may name at once: a full class and every student removed
#: (room.MAX_STUDENTS + room.MAX_REMOVED).
MAX_CHOSEN = 1200
#: An action's or an order's values: at most this many, this long as JSON ...
MAX_ARGS = 4
MAX_ARGS_CHARS = 2000
#: ... but the students ticked, at most MAX_CHOSEN ids of 12 characters (16 as JSON).
MAX_CHOSEN_CHARS = 16 * MAX_CHOSEN + 100
#: The largest message a page may send (an action: a name, a ray, a move, a form; the
#: teacher's order on every student ticked, MAX_CHOSEN_CHARS and the rest of it).
MAX_MESSAGE = 24 * 1024
#: The most parts a move form sends (Pyramid Ball's two programs: 18).
MAX_FORM_PARTS = 40
UNKNOWN = "the page sent a message this class does not know"
#: What a page is told when a value it sent is not the one list awaited.
POINT = "a point is a list of three whole numbers"
CHOICES = "the form sends a list of choices"
STUDENTS = "which students? (a list of them)"

Who = Literal["anyone", "student", "teacher"]


@dataclass(frozen=True)
class Message:
    WHO: ClassVar[Who] = "anyone"

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        """The message of that class in ``raw`` (its fields checked); Refused in words."""
        return cls()


@dataclass(frozen=True)
class Join(Message):
    name: str = ""
    door: str | None = None  # a door number the teacher gave (the class closed)

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        door = raw.get("door")
        return cls(name_of(raw.get("name")), None if door in (None, "") else door_of(door))


@dataclass(frozen=True)
class Resume(Message):
    key: str = ""

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        return cls(token_of(raw.get("key")))


@dataclass(frozen=True)
class Poll(Message):
    WHO: ClassVar[Who] = "student"


@dataclass(frozen=True)
class Action:
    """A student's action: ``{"do": "act", "action": NAME, "args": [...]}``, read from its
    values by :meth:`read` (a new action: a class here, a function in
    :data:`.service.ACTIONS`)."""

    NAME: ClassVar[str] = ""

    @classmethod
    def read(cls, args: list[Any]) -> Action:
        return cls()


@dataclass(frozen=True)
class Check(Action):
    NAME: ClassVar[str] = "check"


@dataclass(frozen=True)
class Hint(Action):
    NAME: ClassVar[str] = "hint"


@dataclass(frozen=True)
class Retry(Action):
    NAME: ClassVar[str] = "retry"


@dataclass(frozen=True)
class Next(Action):
    NAME: ClassVar[str] = "next"


@dataclass(frozen=True)
class Previous(Action):
    NAME: ClassVar[str] = "previous"


@dataclass(frozen=True)
class Click(Action):
    """The view ray under the pixel clicked: its start and its direction."""

    NAME: ClassVar[str] = "click"
    origin: tuple[float, ...] = ()
    direction: tuple[float, ...] = ()

    @classmethod
    def read(cls, args: list[Any]) -> Action:
        if len(args) != 2:
            raise Refused("a click is a ray: a start and a direction")
        return cls(_vector(args[0]), _vector(args[1]))


@dataclass(frozen=True)
class Point(Action):
    """A point by its coordinates (the keyboard's way)."""

    NAME: ClassVar[str] = "point"
    point: tuple[int, ...] = ()

    @classmethod
    def read(cls, args: list[Any]) -> Action:
        point = _list(_one(args, POINT), POINT)
        return cls(tuple(whole_number(v, "a coordinate", 0, 99) for v in point))


@dataclass(frozen=True)
class Move(Action):
    """A move typed (or a move's button)."""

    NAME: ClassVar[str] = "move"
    text: str = ""

    @classmethod
    def read(cls, args: list[Any]) -> Action:
        if len(args) != 1:
            raise Refused("type the move")
        text = bounded_text(args[0], "the move", 60).strip()
        if not text:
            raise Refused("type the move first")
        return cls(text)


@dataclass(frozen=True)
class Form(Action):
    """A move written with the form: a choice per part."""

    NAME: ClassVar[str] = "form"
    chosen: tuple[str, ...] = ()

    @classmethod
    def read(cls, args: list[Any]) -> Action:
        chosen = _list(_one(args, CHOICES), CHOICES)
        if len(chosen) > MAX_FORM_PARTS:
            raise Refused("the form sent too many choices")
        return cls(tuple(bounded_text(v, "a choice", 8) for v in chosen))


@dataclass(frozen=True)
class Lesson(Action):
    """Another lesson of the class (its number; the class checks it is one)."""

    NAME: ClassVar[str] = "lesson"
    index: int = 0

    @classmethod
    def read(cls, args: list[Any]) -> Action:
        if len(args) != 1:
            raise Refused("which lesson?")
        if isinstance(args[0], bool) or not isinstance(args[0], int | float):
            raise Refused("the lesson must be a whole number")
        return cls(whole_number(args[0], "the lesson", -(10**6), 10**6))


@dataclass(frozen=True)
class View(Action):
    """The board's view: the top level shown, the peel, the clip (or none)."""

    NAME: ClassVar[str] = "view"
    top: int = 99
    peel: int = 0
    clip: int | None = None

    @classmethod
    def read(cls, args: list[Any]) -> Action:
        if len(args) != 3:
            raise Refused("the view is a top level, a peel and a clip")
        top = whole_number(args[0], "the top level", 0, 99)
        peel = whole_number(args[1], "the peel", 0, 9)
        clip = None if args[2] is None else whole_number(args[2], "the clip", 0, 99)
        return cls(top, peel, clip)


#: The students' actions by name.
ACTIONS: dict[str, type[Action]] = {
    kind.NAME: kind
    for kind in (Check, Hint, Retry, Next, Previous, Click, Point, Move, Form, Lesson, View)
}


def action_of(name: Any, args: Any) -> Action:
    """A student's action from its name and values; Refused in words."""
    name = bounded_text(name, "the action", 20)
    values = args_of(args)
    kind = ACTIONS.get(name)
    if kind is None:
        raise Refused(f"no such action: {shorten(name, 20)}")
    return kind.read(values)


def _vector(value: Any) -> tuple[float, ...]:
    if not isinstance(value, list) or len(value) != 3:
        raise Refused("a click is a ray: two lists of three numbers")
    found = []
    for number in value:
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise Refused("a click is a ray: two lists of three numbers")
        if not -1e6 < number < 1e6:
            raise Refused("a click's ray is out of the scene")
        found.append(float(number))
    return tuple(found)


@dataclass(frozen=True)
class Act(Message):
    WHO: ClassVar[Who] = "student"
    action: Action = field(default_factory=Action)

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        return cls(action_of(raw.get("action"), raw.get("args", [])))


@dataclass(frozen=True)
class Code(Message):
    code: str = ""

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        return cls(code_of(raw.get("code")))


@dataclass(frozen=True)
class Lines(Message):
    WHO: ClassVar[Who] = "teacher"


@dataclass(frozen=True)
class Csv(Message):
    WHO: ClassVar[Who] = "teacher"


@dataclass(frozen=True)
class Everyone(Message):
    WHO: ClassVar[Who] = "teacher"
    lesson: int = 0
    step: int = 0

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        args = order_args(raw)
        if len(args) != 2:
            raise Refused("everyone to which lesson and step?")
        return cls(
            whole_number(args[0], "the lesson", 0, 10**6),
            whole_number(args[1], "the step", 0, 10**6),
        )


@dataclass(frozen=True)
class Chosen(Message):
    """An order on students the teacher ticked (their rows' ids)."""

    WHO: ClassVar[Who] = "teacher"
    ASKS: ClassVar[str] = "which students?"
    ids: tuple[Any, ...] = ()

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        chosen = _list(_one(order_args(raw, MAX_CHOSEN_CHARS), cls.ASKS), STUDENTS)
        if not chosen:
            raise Refused(f"{cls.ASKS} (tick them first)")
        if len(chosen) > MAX_CHOSEN:
            raise Refused(f"{cls.ASKS} (at most {MAX_CHOSEN} at once)")
        return cls(tuple(dict.fromkeys(bounded_text(v, "a student", 24) for v in chosen)))


@dataclass(frozen=True)
class Remove(Chosen):
    ASKS: ClassVar[str] = "remove which students?"


@dataclass(frozen=True)
class BringBack(Chosen):
    ASKS: ClassVar[str] = "bring back which students?"


@dataclass(frozen=True)
class Close(Message):
    WHO: ClassVar[Who] = "teacher"
    closed: bool = False

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        closed = _one(order_args(raw), "close the class or open it?")
        if not isinstance(closed, bool):
            raise Refused("close the class or open it? (true or false)")
        return cls(closed)


@dataclass(frozen=True)
class Answer(Message):
    """The teacher's answer to joins waiting: their handles, one (``"h"``) or the ticked
    (``["h", ...]``: at most :data:`.checks.MAX_WAITING`, each once), answered at once."""

    WHO: ClassVar[Who] = "teacher"
    ASKS: ClassVar[str] = "which pages waiting?"
    handles: tuple[str, ...] = ()

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        chosen = _one(order_args(raw), cls.ASKS)
        given = chosen if isinstance(chosen, list) else [chosen]
        if not given:
            raise Refused(f"{cls.ASKS} (tick them first)")
        if len(given) > MAX_WAITING:
            raise Refused(f"{cls.ASKS} (at most {MAX_WAITING} at once)")
        handles = (bounded_text(h, "a page waiting", 24) for h in given)
        return cls(tuple(dict.fromkeys(handles)))


@dataclass(frozen=True)
class Door(Message):
    """A door number for a late student: the teacher reads it out, the student types it
    and comes in though the class is closed (however many pages wait)."""

    WHO: ClassVar[Who] = "teacher"


@dataclass(frozen=True)
class Admit(Answer):
    ASKS: ClassVar[str] = "let in which pages waiting?"


@dataclass(frozen=True)
class Refuse(Answer):
    ASKS: ClassVar[str] = "refuse which pages waiting?"


def args_of(value: Any, chars: int = MAX_ARGS_CHARS) -> list[Any]:
    """An action's or an order's values: a list of at most :data:`MAX_ARGS`, plain data of
    at most ``chars`` as JSON (:data:`MAX_ARGS_CHARS`)."""
    if not isinstance(value, list) or len(value) > MAX_ARGS:
        raise Refused("the page sent too many values")
    try:
        size = len(json.dumps(value))
    except (TypeError, ValueError):
        raise Refused("the page sent values that are not plain data") from None
    if size > chars:
        raise Refused("the page sent too much")
    return value


def order_args(raw: dict[str, Any], chars: int = MAX_ARGS_CHARS) -> list[Any]:
    args = raw.get("args")
    return args_of([] if args is None else args, chars)


def _one(args: list[Any], what: str) -> Any:
    """The one value of ``args``; Refused ``what`` when there are more or none."""
    if len(args) != 1:
        raise Refused(what)
    return args[0]


def _list(value: Any, what: str) -> list[Any]:
    """``value``, a list; Refused ``what`` when it is none."""
    if not isinstance(value, list):
        raise Refused(what)
    return value


#: The teacher's orders by name (none: the lines).
ORDERS: dict[str | None, type[Message]] = {
    None: Lines,
    "everyone": Everyone,
    "csv": Csv,
    "remove": Remove,
    "bring_back": BringBack,
    "close": Close,
    "admit": Admit,
    "refuse": Refuse,
    "door": Door,
}


def _teacher(raw: dict[str, Any]) -> type[Message] | None:
    if "code" in raw:
        return Code
    order = raw.get("order")
    return ORDERS.get(order) if order is None or isinstance(order, str) else None


#: Each message's class by its ``do`` (the teacher's: by its ``code`` or ``order``).
KINDS: dict[str, Callable[[dict[str, Any]], type[Message] | None]] = {
    "join": lambda raw: Join,
    "resume": lambda raw: Resume,
    "poll": lambda raw: Poll,
    "act": lambda raw: Act,
    "teacher": _teacher,
}


class Unknown(Refused):
    """A message of no kind this class knows (logged once a connection)."""


class Unread(Exception):
    """A message not read: its id, why, and the kind it claimed (for the log)."""

    def __init__(self, ident: int | None, why: Refused, kind: Any = None) -> None:
        super().__init__(str(why))
        self.ident, self.why, self.kind = ident, why, kind


def read(text: str | None) -> tuple[int | None, type[Message], dict[str, Any]]:
    """A page's message: its ``id`` (None when it has none fit to repeat), its class (who
    may send it is checked before its fields are read: :meth:`Message.read`), and its
    JSON; :class:`Unread` (its id, and why in words) when it is none."""
    try:
        raw = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):
        raw = None
    if not isinstance(raw, dict):
        raise Unread(None, Unknown(UNKNOWN))
    ident = raw.get("id")
    if isinstance(ident, bool) or not isinstance(ident, int) or not 0 <= ident < 2**53:
        ident = None
    kind = raw.get("do")
    classify = KINDS.get(kind) if isinstance(kind, str) else None
    found = classify(raw) if classify is not None else None
    if found is None:
        if classify is not None:  # (the teacher's: an order of no kind)
            raise Unread(ident, Refused("no such order"), kind)
        raise Unread(ident, Unknown(UNKNOWN), kind)
    return ident, found, raw
