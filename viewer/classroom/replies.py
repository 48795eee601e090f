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
- :class:`CsvText`: the results as CSV.

What they carry is typed too, all the way down (no ``dict[str, Any]``): a student's page
(:class:`StudentPage`: its task, verdict, view, the moves offered and their form, the
game's panels), their board (:class:`BoardShown`: its parts, each part's state as vtk.js
takes it, the legend, labels and camera) and the teacher's lines (:class:`Row`,
:class:`Waiting`, :class:`DoorOpen`, :class:`RemovedShown`, :class:`Lesson`);
``tests/web/test_replies.py`` checks every reply against them, as the page reads it."""

# (no postponed annotations: the keys NotRequired are known at run time, as a test reads them)
from typing import Literal, NotRequired, TypedDict, final

# ---- what the replies carry: a student's page, their board, the teacher's lines ------------


class Lesson(TypedDict):
    """A lesson of the class, as a page lists it."""

    title: str
    steps: int


class Task(TypedDict):
    """The step's task: its kind, what it asks, whether it asks for points, its hint
    ('' until asked for)."""

    kind: str
    prompt: str
    points: bool
    hint: str


class VerdictShown(TypedDict):
    """The answer judged: right, right so far, the word before the reason, the reason."""

    correct: bool
    partial: bool
    word: str
    reason: str


class View(TypedDict):
    """The page's view of the board: its top level, its peel and its clip (None: none)."""

    top: int
    peel: int
    clip: float | None


class MoveShown(TypedDict):
    """A move the page offers: its text and the game's words for it."""

    text: str
    words: str


class MoveGroup(TypedDict):
    """The moves under one heading (the window's Turn dock's)."""

    title: str
    moves: list[MoveShown]


class FormPart(TypedDict):
    """One choice of a move's form: its place in the move's text, its label, its choices."""

    index: int
    label: str
    choices: list[str]


class FormRow(TypedDict):
    title: str
    parts: list[FormPart]


class FormGroup(TypedDict):
    title: str
    rows: list[FormRow]


class Form(TypedDict):
    """A move written by choosing each of its parts: the parts by group and row, each
    part's default, and what the choices' letters mean."""

    groups: list[FormGroup]
    defaults: list[str]
    key: str


class Moves(TypedDict):
    """The moves the page offers (those of the site last clicked: ``about``), as buttons
    or a list, under the Turn dock's headings, and the form of a position with too many."""

    moves: list[MoveShown]
    groups: list[MoveGroup]
    about: str
    buttons: bool
    form: Form | None


class Panel(TypedDict):
    """What a game's dock shows beside the board: a title, its words as HTML, unfolded."""

    title: str
    html: str
    open: bool


class StudentPage(TypedDict):
    """What a student's page shows, apart from the board (:func:`.student.page_of`;
    the moves to play and the game's panels added by :class:`.service.Service`)."""

    name: str
    lessons: list[Lesson]
    lesson: int
    lesson_title: str
    step: int
    steps: int
    done: list[int]
    title: str
    text: str
    task: Task | None
    picked: list[str]
    moved: bool
    played: str  # the move moved names ('' none): its text and the game's words for it
    verdict: VerdictShown | None
    said: str
    last: bool
    end: str
    ended: bool
    view: View
    version: int
    play: NotRequired[Moves]
    panels: NotRequired[list[Panel]]
    #: The lesson's texts in its other languages, by language (:mod:`.words`):
    #: replaced by the page's own as the page is sent, never sent.
    texts: NotRequired[dict[str, "LessonWords"]]
    #: Said above the lesson's texts on its first step where the lesson lacks the page's
    #: language (its texts shown in English), in that language.
    note: NotRequired[str]


class LessonWords(TypedDict):
    """A page's lesson texts in one language (English where the lesson lacks one)."""

    lesson_title: str
    lessons: list[str]
    title: str
    text: str
    prompt: str
    hint: str
    complete: bool


class Values(TypedDict):
    """An array's values, base64, and their numpy type."""

    bvals: str
    dtype: str


class Geometry(TypedDict):
    """A vtk.js polydata's points and triangles (``port`` 1: a glyphs' shape)."""

    points: Values
    polys: NotRequired[Values]
    port: NotRequired[int]


class PointArray(TypedDict):
    """A vtk.js point array: colours, radii or normals."""

    name: str
    type: str
    numberOfComponents: int
    registration: NotRequired[str]
    values: Values


class PartState(TypedDict):
    """The state of a board's part as trame-vtk's ``vtk-mesh`` takes it."""

    mesh: Geometry
    pointArrays: list[PointArray]


class Part(TypedDict):
    """A part of the board: its name, look, kind, key and, for glyphs, its shape's key."""

    name: str
    look: str
    kind: str
    key: str
    shape: NotRequired[str]


class LegendLine(TypedDict):
    colour: str
    words: str
    kind: str


class Label(TypedDict):
    """A name on the board or a frame's label, over the point ``at``."""

    text: str
    at: list[float]
    kind: str


class Spot(TypedDict):
    """A site the page's keyboard focus point stops at (issue 107): its point's name, its
    centre, and what it is in words (what holds it, what hides it)."""

    point: list[int]
    at: list[float]
    words: str
    held: bool  # whether a piece holds it (the page lists those: the board in words)


class Camera(TypedDict):
    focalPoint: list[float]
    position: list[float]
    viewUp: list[float]


class BoardShown(TypedDict):
    """A student's board (:meth:`.scene.Board.state`; the camera and the board's key added
    by :class:`.service.Service`): its parts, the states the page lacks by key (None: a
    part with nothing to draw), every part's key by name, the legend, levels, labels."""

    parts: list[Part]
    meshes: dict[str, PartState | None]
    keys: dict[str, str]
    legend: list[LegendLine]
    levels: int
    flat: bool
    clips: bool
    labels: list[Label]
    spots: NotRequired[list[Spot]]  # (left out where the page has them: keys["spots"])
    camera: NotRequired[Camera]
    key: NotRequired[str]


class Row(TypedDict):
    """The teacher's line for a student (:func:`.student.row_of`)."""

    id: str
    name: str
    tag: str
    lesson: int
    lesson_title: str
    step: int
    steps: int
    step_title: str
    tries: int
    right: int
    wrong: int
    lesson_right: int
    lesson_wrong: int
    done: list[int]
    end: str
    last_wrong: str
    reason: str
    seconds: int
    away: int
    open: bool  # a page of theirs is connected (else: closed, or its connection lost)


class Waiting(TypedDict):
    """A join waiting for the teacher's yes: its handle and the name given."""

    id: str
    name: str


class DoorOpen(TypedDict):
    """A door number still good, and its seconds left."""

    number: str
    seconds: int


class RemovedShown(TypedDict):
    """A student removed (to bring back)."""

    id: str
    name: str
    tag: str


# ---- the replies -------------------------------------------------------------------------


class Envelope(TypedDict, total=False):
    """What any reply may carry besides its own."""

    id: int  # the message it answers (a push answers none)
    ms: float  # its work's time on the threads


@final
class StudentAnswer(Envelope):
    page: StudentPage
    board: BoardShown
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
    rows: list[Row]
    waiting: list[Waiting]
    waiting_max: int
    doors: list[DoorOpen]
    removed: list[RemovedShown]
    closed: bool
    lessons: list[Lesson]
    alarm: str
    said: NotRequired[str]
    push: NotRequired[Literal["lines"]]
    #: The lessons' and steps' names in the lessons' other languages (:mod:`.words`):
    #: replaced by the page's own as the page is sent, never sent.
    texts: NotRequired[dict[str, "TeacherWords"]]
    #: Said where some of the class's lessons lack the page's language, in it.
    note: NotRequired[str]


class TeacherWords(TypedDict):
    """The class's lessons' names and each lesson's steps' names in one language, and
    whether every lesson has it."""

    lessons: list[str]
    steps: list[list[str]]
    complete: bool


@final
class CsvText(Envelope):
    csv: str


#: Any reply (the module's text).
Reply = StudentAnswer | Same | Forget | Unbound | Closed | Failed | TeacherLines | CsvText
