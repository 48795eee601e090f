"""A lesson opens with its own view, Qt-free: the levels, peel, clip planes and camera its
file saves (:func:`model.lesson.read_view`), or the defaults when it saves none (every
level, nothing peeled or clipped, the "iso" camera). What the user changes during a lesson
is kept for that lesson only: the next lesson opens with its own view again, and the view
from before the first lesson comes back when the lesson ends (unless another board reset
it meanwhile). A peel kept from another lesson could hide the very corners the next one
asks for.

:class:`LessonViews` follows a :class:`~viewer.lab.lesson.Lessons` and sets a
:class:`~viewer.lab.view_state.ViewState`; every front end that shows lessons makes one
(the window with its scene's camera, the classroom with its page's)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypedDict, cast

from .view_state import AXES, ClipPlane, ViewState

if TYPE_CHECKING:
    from pyramid_lab.model.lesson import LessonFile

    from .lesson import LessonChange, Lessons

DEFAULT_CAMERA = "iso"


@dataclass(frozen=True)
class LessonView:
    """The view a lesson opens with: ``levels`` (None: every level), ``peel``, ``clips``
    and ``camera`` (a preset of :data:`viewer.lab.palette.VIEWS`)."""

    levels: tuple[int, int] | None = None
    peel: int = 0
    clips: tuple[ClipPlane, ...] = ()
    camera: str = DEFAULT_CAMERA

    def apply(self, view: ViewState) -> None:
        """Set ``view`` to this one (what it does not say, as a reset leaves it)."""
        view.reset()
        if self.levels is not None:
            view.set_levels(*self.levels)
        view.set_peel(self.peel)
        for clip in self.clips:
            view.set_clip(clip.axis, enabled=True, value=clip.value, keep_below=clip.keep_below)

    def to_json(self) -> SavedView:
        """As a lesson file writes it (:func:`model.lesson.read_view`)."""
        out: SavedView = {}
        if self.levels is not None:
            out["levels"] = list(self.levels)
        if self.peel:
            out["peel"] = self.peel
        if self.clips:
            out["clips"] = [
                {"axis": AXES[c.axis], "keep": "below" if c.keep_below else "above", "at": c.value}
                for c in self.clips
            ]
        if self.camera != DEFAULT_CAMERA:
            out["camera"] = self.camera
        return out


class SavedClip(TypedDict):
    """A clip plane as a lesson file keeps it."""

    axis: str  # "x", "y" or "z"
    keep: str  # "below" or "above"
    at: float


class SavedView(TypedDict, total=False):
    """A lesson file's ``"view"``: what it says of the view it opens with."""

    levels: list[int]
    peel: int
    clips: list[SavedClip]
    camera: str


def opening_view(lesson: LessonFile | None) -> LessonView:
    """The view ``lesson`` opens with: its saved one, else the defaults."""
    return view_of(lesson.view if lesson is not None else None)


def view_of(view: Mapping[str, object] | None) -> LessonView:
    """A lesson file's ``"view"`` (as :func:`model.lesson.read_view` checked it) read."""
    if not view:
        return LessonView()
    saved = cast("SavedView", view)  # read_view checked its keys and values
    levels = saved.get("levels")
    clips = tuple(
        ClipPlane(AXES.index(c["axis"]), True, float(c["at"]), c.get("keep", "below") == "below")
        for c in saved.get("clips", [])
    )
    return LessonView(
        (int(levels[0]), int(levels[1])) if levels is not None else None,
        int(saved.get("peel", 0)),
        clips,
        str(saved.get("camera", DEFAULT_CAMERA)),
    )


def view_now(view: ViewState, camera: str = DEFAULT_CAMERA, levels: int = 0) -> LessonView:
    """``view`` as a lesson would save it (the teacher's "Keep this view"); ``levels``: the
    board's count (a range that shows them all is saved as none)."""
    shown = view.levels
    every = shown[0] == 0 and (levels == 0 or shown[1] >= levels - 1)
    return LessonView(
        None if every else shown,
        view.peel,
        tuple(c for c in view.clips if c.enabled),
        camera,
    )


@dataclass(frozen=True)
class _Kept:
    """A view state's fields, to be put back."""

    levels: tuple[int, int]
    peel: int
    ghost_peeled: bool
    clips: tuple[ClipPlane, ...]
    cut_open: bool

    @classmethod
    def of(cls, view: ViewState) -> _Kept:
        return cls(view.levels, view.peel, view.ghost_peeled, tuple(view.clips), view.cut_open)

    def restore(self, view: ViewState) -> None:
        view.reset()
        view.set_levels(*self.levels)
        view.set_peel(self.peel)
        view.set_ghost_peeled(self.ghost_peeled)
        for clip in self.clips:
            view.clips[clip.axis] = replace(clip)
        view.set_cut_open(self.cut_open)
        view.changed.emit("clip")


class LessonViews:
    """Sets ``view`` to each lesson's own as it opens (and the camera, through ``camera``,
    a preset's name), and back to the view from before once the lessons end."""

    def __init__(
        self,
        lessons: Lessons,
        view: ViewState,
        camera: Callable[[str], None] = lambda _name: None,
    ) -> None:
        self.lessons, self.view, self.camera = lessons, view, camera
        self._opened = lessons.opened  # the lesson whose view was set (its opening's number)
        self._before: _Kept | None = None  # the view before the first lesson
        self._setting = False
        lessons.changed.connect(self._changed)
        view.changed.connect(self._view_changed)

    def _changed(self, what: LessonChange, *_args: Any) -> None:
        lessons = self.lessons
        if what == "shown" and lessons.opened != self._opened:
            self._opened = lessons.opened
            if self._before is None:
                self._before = _Kept.of(self.view)
            wanted = opening_view(lessons.lesson)
            self._set(lambda: wanted.apply(self.view))
            self.camera(wanted.camera)
        elif what == "ended" and self._before is not None:
            before, self._before = self._before, None
            self._set(lambda: before.restore(self.view))

    def _set(self, change: Callable[[], None]) -> None:
        self._setting = True
        try:
            change()
        finally:
            self._setting = False

    def _view_changed(self, field: str) -> None:
        if field == "reset" and not self._setting:
            self._before = None  # another board: its own view stands after the lesson
