"""What the server answers a page (or pushes to it): one typed class per kind of reply,
each a JSON object as the page reads it (``classroom.js``), sent in one place
(:func:`.pushes.send`, ``json.dumps``). Each may carry the ``id`` of the message it answers
and the ``ms`` its work took on the threads (:class:`Envelope`).

- :class:`StudentAnswer`: a student's page and board (a join's with their ``token``; a
  refusal of an action with its ``error``; pushed with ``push``).
- :class:`Same`: a student's page asked again, unchanged.
- :class:`Forget`: a key that acts no more (``removed``: the teacher removed the student,
  who may come back, and the page keeps it).
- :class:`Unbound`: a student's message from a page that has not joined.
- :class:`Closed`: a join while the class is closed (``waiting``: the page waits for the
  teacher's yes).
- :class:`Failed`: a refusal, or a fault of ours, in words.
- :class:`TeacherLines`: the teacher's page (pushed with ``push`` "lines").
- :class:`CsvText`: the results as CSV."""

# (no postponed annotations: the keys NotRequired are known at run time, as a test reads them)
from typing import Any, Literal, NotRequired, TypedDict, final


class Envelope(TypedDict, total=False):
    """What any reply may carry besides its own."""

    id: int  # the message it answers (a push answers none)
    ms: float  # its work's time on the threads


@final
class StudentAnswer(Envelope):
    page: dict[str, Any]  # (student.Student.page, and the moves and panels listed)
    board: dict[str, Any]  # (scene.Board.state, and the camera and the board's key)
    error: NotRequired[str]
    token: NotRequired[str]
    push: NotRequired[bool]


@final
class Same(Envelope):
    same: Literal[True]


@final
class Forget(Envelope):
    forget: Literal[True]
    removed: bool
    error: str
    push: NotRequired[bool]


@final
class Unbound(Envelope):
    unbound: Literal[True]
    error: str


@final
class Closed(Envelope):
    closed: Literal[True]
    waiting: NotRequired[bool]
    error: str


@final
class Failed(Envelope):
    error: str
    push: NotRequired[bool]


@final
class TeacherLines(Envelope):
    rows: list[dict[str, Any]]  # (student.Student.row, each student's)
    waiting: list[dict[str, str]]
    waiting_max: int
    doors: list[dict[str, Any]]
    removed: list[dict[str, str]]
    closed: bool
    lessons: list[dict[str, Any]]
    alarm: str
    said: NotRequired[str]
    push: NotRequired[Literal["lines"]]


@final
class CsvText(Envelope):
    csv: str


#: Any reply (the module's text).
Reply = StudentAnswer | Same | Forget | Unbound | Closed | Failed | TeacherLines | CsvText
