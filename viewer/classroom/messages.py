"""The messages a page sends (text frames of JSON objects, each with an ``id`` the answer
repeats), each a typed class, parsed and bounded here, in one place: a new message is one
class here, each of its fields naming its reader (:func:`checked`), and one handler in
:mod:`.handlers` (``@handles``). Nothing else of a page's text is read anywhere.

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

Any message may say the language its page reads (``"lang": "de"``: :func:`language_of`):
the server's words to the page are in it from then on (:mod:`.words`).

Who may send each (:attr:`Message.WHO`, the class keyword ``who``): a page of no one yet,
a student's page, the teacher's page; the server checks it before any handler runs.

Each is a typed class of one of two bases: :class:`Message` (its fields read by name from
the JSON object a page sent) and :class:`Values` (an action's or an order's list of
values, read in order), each field naming its reader (:func:`checked`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import Field, dataclass, field, fields
from typing import Any, ClassVar, Literal, Self, TypeVar, dataclass_transform

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.game import shorten
from pyramid_lab.model.words import reason_of

from ..lab.outcome_words import word
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
from .words import chosen

Who = Literal["anyone", "student", "teacher"]
T = TypeVar("T")
#: Where a field keeps its reader (:func:`checked`) in its metadata.
_READ = "read"


def checked(read: Callable[[Any], T], default: T) -> T:
    """A message's field, read by ``read`` from the value the page sent for it (Refused in
    words when it is none): the value under the field's name (:meth:`Message.read`), or
    the value in the field's place (:meth:`Values.from_values`)."""
    return field(default=default, metadata={_READ: read})


def _read(found: Field[Any], value: Any) -> object:
    """``value`` read by the reader of the field ``found`` (:func:`checked`)."""
    read: Callable[[Any], object] = found.metadata[_READ]
    return read(value)


@dataclass_transform(frozen_default=True)
class _Frozen:
    """A base whose every class is a frozen dataclass (PEP 681: type checkers know it)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True)(cls)


class Message(_Frozen):
    """A page's message, ``who`` may send it (:attr:`WHO`, a class keyword): each field
    read from the JSON's value under its name, by its reader (:func:`checked`); a message
    of no fields reads nothing more."""

    WHO: ClassVar[Who] = "anyone"

    def __init_subclass__(cls, who: Who | None = None, **kwargs: object) -> None:
        if who is not None:
            cls.WHO = who
        super().__init_subclass__(**kwargs)

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        """The message of that class in ``raw`` (its fields checked); Refused in words."""
        return cls(*(_read(f, raw.get(f.name)) for f in fields(cls)))


class Values(_Frozen):
    """What a list of values reads to (an action's, a teacher's order's): its fields, one
    value each in order, each read by its reader (:func:`checked`); :attr:`ASKS` (a class
    keyword, ``asks``) when the values are more or fewer than the fields (one of no
    fields ignores any sent)."""

    ASKS: ClassVar[str] = ""

    def __init_subclass__(cls, asks: str | None = None, **kwargs: object) -> None:
        if asks is not None:
            cls.ASKS = asks
        super().__init_subclass__(**kwargs)

    @classmethod
    def from_values(cls, values: list[Any]) -> Self:
        found = fields(cls)
        if found and len(values) != len(found):
            raise Refused(cls.ASKS)
        return cls(*(_read(f, value) for f, value in zip(found, values, strict=False)))


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
UNKNOWN = N_("the page sent a message this class does not know")
#: What a page is told when a value it sent is not the one list awaited.
POINT = N_("a point is a list of three whole numbers")
CHOICES = N_("the form sends a list of choices")
STUDENTS = N_("which students? (a list of them)")


def _door(value: Any) -> str | None:
    return None if value in (None, "") else door_of(value)


def language_of(raw: dict[str, Any]) -> str | None:
    """The language a message says its page reads (``"lang": "de"``, any message; the
    page's picker or its browser's), resolved to one the class speaks; None when it says
    none or no such name (the page's language is then as it was)."""
    return chosen(raw.get("lang"))


class Join(Message):
    name: str = checked(name_of, "")
    door: str | None = checked(_door, None)  # a door number the teacher gave (the class closed)


class Resume(Message):
    key: str = checked(token_of, "")


class Poll(Message, who="student"):
    """The student's page anew, when it changed since the version it shows."""


class Action(Values):
    """A student's action: ``{"do": "act", "action": NAME, "args": [...]}`` (its
    :attr:`NAME`, a class keyword, ``name``), read from its values by
    :meth:`~Values.from_values` (a new action: a class here, a function in
    :data:`.service.ACTIONS`)."""

    NAME: ClassVar[str] = ""

    def __init_subclass__(cls, name: str = "", asks: str | None = None) -> None:
        cls.NAME = name
        super().__init_subclass__(asks=asks)


class Check(Action, name="check"):
    """Check the points the step asks for."""


class Hint(Action, name="hint"):
    """The step's hint."""


class Retry(Action, name="retry"):
    """The step again, from its start."""


class Next(Action, name="next"):
    """The next step (after the last, the class's next lesson)."""


class Previous(Action, name="previous"):
    """The step before."""


def _vector(value: Any) -> tuple[float, ...]:
    if not isinstance(value, list) or len(value) != 3:
        raise Refused(N_("a click is a ray: two lists of three numbers"))
    found = []
    for number in value:
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise Refused(N_("a click is a ray: two lists of three numbers"))
        if not -1e6 < number < 1e6:
            raise Refused(N_("a click's ray is out of the scene"))
        found.append(float(number))
    return tuple(found)


def _whole(what: str, low: int, high: int) -> Callable[[Any], int]:
    """The reader of a whole number from ``low`` to ``high`` (``what``: its name in words)."""
    return lambda value: whole_number(value, what, low, high)


def _point(value: Any) -> tuple[int, ...]:
    return tuple(whole_number(v, N_("a coordinate"), 0, 99) for v in _list(value, POINT))


def _move(value: Any) -> str:
    text = bounded_text(value, N_("the move"), 60).strip()
    if not text:
        raise Refused(N_("type the move first"))
    return text


def _choices(value: Any) -> tuple[str, ...]:
    chosen = _list(value, CHOICES)
    if len(chosen) > MAX_FORM_PARTS:
        raise Refused(N_("the form sent too many choices"))
    return tuple(bounded_text(v, N_("a choice"), 8) for v in chosen)


def _clip(value: Any) -> int | None:
    return None if value is None else whole_number(value, N_("the clip"), 0, 99)


class Click(Action, name="click", asks=N_("a click is a ray: a start and a direction")):
    """The view ray under the pixel clicked: its start and its direction."""

    origin: tuple[float, ...] = checked(_vector, ())
    direction: tuple[float, ...] = checked(_vector, ())


class Point(Action, name="point", asks=POINT):
    """A point by its coordinates (the keyboard's way)."""

    point: tuple[int, ...] = checked(_point, ())


class Move(Action, name="move", asks=N_("type the move")):
    """A move typed (or a move's button)."""

    text: str = checked(_move, "")


class Form(Action, name="form", asks=CHOICES):
    """A move written with the form: a choice per part."""

    chosen: tuple[str, ...] = checked(_choices, ())


class Lesson(Action, name="lesson", asks=N_("which lesson?")):
    """Another lesson of the class (its number; the class checks it is one)."""

    index: int = checked(_whole(N_("the lesson"), -(10**6), 10**6), 0)


class View(Action, name="view", asks=N_("the view is a top level, a peel and a clip")):
    """The board's view: the top level shown, the peel, the clip (or none)."""

    top: int = checked(_whole(N_("the top level"), 0, 99), 99)
    peel: int = checked(_whole(N_("the peel"), 0, 9), 0)
    clip: int | None = checked(_clip, None)


#: The students' actions by name.
ACTIONS: dict[str, type[Action]] = {
    kind.NAME: kind
    for kind in (Check, Hint, Retry, Next, Previous, Click, Point, Move, Form, Lesson, View)
}


def action_of(name: Any, args: Any) -> Action:
    """A student's action from its name and values; Refused in words."""
    name = bounded_text(name, N_("the action"), 20)
    values = args_of(args)
    kind = ACTIONS.get(name)
    if kind is None:
        raise Refused(M_("no such action: {name}", name=shorten(name, 20)))
    return kind.from_values(values)


class Act(Message, who="student"):
    action: Action = field(default_factory=Action)

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        return cls(action_of(raw.get("action"), raw.get("args", [])))


class Code(Message):
    code: str = checked(code_of, "")


class Lines(Message, who="teacher"):
    """The teacher's lines: a student each."""


class Csv(Message, who="teacher"):
    """The class's results, as CSV text."""


class Order(Message, Values, who="teacher"):
    """A teacher's order with values (``"args"``, at most :attr:`CHARS` as JSON), read as
    :meth:`~Values.from_values` reads them."""

    CHARS: ClassVar[int] = MAX_ARGS_CHARS

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        return cls.from_values(order_args(raw, cls.CHARS))


class Everyone(Order, asks=N_("everyone to which lesson and step?")):
    lesson: int = checked(_whole(N_("the lesson"), 0, 10**6), 0)
    step: int = checked(_whole(N_("the step"), 0, 10**6), 0)


def _ticked(given: list[Any], asks: str, most: int, what: str) -> tuple[str, ...]:
    """The ticked (``what``: one in words), each once: Refused ``asks`` when they are
    none or more than ``most``."""
    if not given:
        raise Refused(M_("{asks} (tick them first)", asks=word(asks)))
    if len(given) > most:
        raise Refused(M_("{asks} (at most {most} at once)", asks=word(asks), most=most))
    return tuple(dict.fromkeys(bounded_text(v, what, 24) for v in given))


class Chosen(Order, asks=N_("which students?")):
    """An order on students the teacher ticked (their rows' ids)."""

    CHARS: ClassVar[int] = MAX_CHOSEN_CHARS
    ids: tuple[Any, ...] = ()

    @classmethod
    def from_values(cls, values: list[Any]) -> Self:
        chosen = _list(_one(values, cls.ASKS), STUDENTS)
        return cls(_ticked(chosen, cls.ASKS, MAX_CHOSEN, N_("a student")))


class Remove(Chosen, asks=N_("remove which students?")):
    """Take the ticked students out of the class."""


class BringBack(Chosen, asks=N_("bring back which students?")):
    """Bring the ticked students removed back into the class."""


def _yes_or_no(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Refused(N_("close the class or open it? (true or false)"))
    return value


class Close(Order, asks=N_("close the class or open it?")):
    closed: bool = checked(_yes_or_no, False)


class Answer(Order, asks=N_("which pages waiting?")):
    """The teacher's answer to joins waiting: their handles, one (``"h"``) or the ticked
    (``["h", ...]``: at most :data:`.checks.MAX_WAITING`, each once), answered at once."""

    handles: tuple[str, ...] = ()

    @classmethod
    def from_values(cls, values: list[Any]) -> Self:
        chosen = _one(values, cls.ASKS)
        given = chosen if isinstance(chosen, list) else [chosen]
        return cls(_ticked(given, cls.ASKS, MAX_WAITING, N_("a page waiting")))


class Door(Message, who="teacher"):
    """A door number for a late student: the teacher reads it out, the student types it
    and comes in though the class is closed (however many pages wait)."""


class Admit(Answer, asks=N_("let in which pages waiting?")):
    """Let the joins waiting in."""


class Refuse(Answer, asks=N_("refuse which pages waiting?")):
    """Refuse the joins waiting."""


def args_of(value: Any, chars: int = MAX_ARGS_CHARS) -> list[Any]:
    """An action's or an order's values: a list of at most :data:`MAX_ARGS`, plain data of
    at most ``chars`` as JSON (:data:`MAX_ARGS_CHARS`)."""
    if not isinstance(value, list) or len(value) > MAX_ARGS:
        raise Refused(N_("the page sent too many values"))
    try:
        size = len(json.dumps(value))
    except (TypeError, ValueError):
        raise Refused(N_("the page sent values that are not plain data")) from None
    if size > chars:
        raise Refused(N_("the page sent too much"))
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
        super().__init__(reason_of(why))
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
            raise Unread(ident, Refused(N_("no such order")), kind)
        raise Unread(ident, Unknown(UNKNOWN), kind)
    return ident, found, raw
