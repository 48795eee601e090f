"""The export's choices (File > Export...), with no Qt in it: the format, an animation's
motion and frames, the size, the file proposed beside the game's file (never into the app's
own examples) and what the export takes of the session (its title, a lesson's overlays).
The window's Export dialog (:mod:`viewer.widgets.export_dialog`) shows them and hands its
widgets' values here; :mod:`viewer.desktop.export_control` exports what they say."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypedDict

from pyramid_lab.i18n import N_, current
from pyramid_lab.model.files import SUFFIX
from pyramid_lab.model.puzzle import puzzle_text

from .session import shipped

if TYPE_CHECKING:
    from .session import Session

#: The formats offered: (text, extension, animated).
FORMATS: tuple[tuple[str, str, bool], ...] = (
    (N_("PNG picture"), ".png", False),
    (N_("JPEG picture"), ".jpg", False),
    (N_("GIF animation"), ".gif", True),
    (N_("MP4 video"), ".mp4", True),
    (N_("3D web page (HTML, opens offline in any browser)"), ".html", False),
    (N_("Floor plans per level for print (PDF)"), ".pdf", False),
)
ANIMATED = frozenset(extension for _text, extension, animated in FORMATS if animated)


def format_of(path: str) -> str | None:
    """The format a file's name asks for (its extension, among :data:`FORMATS`; ".jpeg"
    is JPEG), or None."""
    suffix = Path(path.strip()).suffix.lower()
    suffix = ".jpg" if suffix == ".jpeg" else suffix
    return suffix if any(suffix == extension for _t, extension, _a in FORMATS) else None


#: Limits and defaults of the animation options (the command line and the dialog).
MAX_FRAMES, MAX_HOLD, MAX_FPS = 720, 120, 60
DEFAULT_FRAMES, DEFAULT_HOLD, DEFAULT_FPS = 36, 12, 12
#: The picture's size: (default width, default height), and the least and most of a side
#: (``render --size``, the API's, the Export dialog's). Drawing takes about 50 bytes a
#: pixel at its peak (4096x4096: 1.2 GB, measured; 8192x8192 took 3.7 GB): a side stops
#: at 4096.
DEFAULT_SIZE, SIDES = (1024, 768), (16, 4096)

Motion = Literal["turntable", "replay"]


@dataclass
class ExportPlan:
    """The export's choices, as the dialog last showed them."""

    extension: str = FORMATS[0][1]
    motion: Motion = "turntable"  # an animation's
    frames: int = DEFAULT_FRAMES  # a turntable's, for one turn of the camera
    hold: int = DEFAULT_HOLD  # a replay's, for each position
    size: tuple[int, int] = DEFAULT_SIZE
    path: str = ""  # the file, as typed ('' until one is proposed)
    has_moves: bool = False  # the game has moves: a replay may be chosen

    # ---- which choices apply --------------------------------------------------------------

    @property
    def animated(self) -> bool:
        return self.extension in ANIMATED

    @property
    def frames_apply(self) -> bool:
        return self.animated and self.motion == "turntable"

    @property
    def hold_applies(self) -> bool:
        return self.animated and self.motion == "replay"

    @property
    def size_applies(self) -> bool:
        return self.extension != ".pdf"  # floor plans are drawn for A4

    # ---- the choices followed -------------------------------------------------------------

    def set_format(self, extension: str) -> None:
        """Another format: the file's name follows it."""
        self.extension = extension
        if self.path:
            self.path = str(Path(self.path).with_suffix("")) + extension

    def follow(self, session: Session) -> None:
        """Follow the session's game: a replay needs moves; with no file named yet, one is
        proposed beside the game's file (the working folder for a new game, the home
        folder for one of the app's own examples)."""
        self.has_moves = bool(session.game.move_stack)
        if not self.has_moves:
            self.motion = "turntable"
        if not self.path:
            self.path = str(proposed_folder(session.path) / f"{stem(session)}{self.extension}")
        self.set_format(self.extension)

    def target(self, text: str | None = None) -> Path:
        """The file an export writes: ``text`` (else the file chosen), with the format's
        extension when it has none."""
        target = Path((self.path if text is None else text).strip())
        if not target.suffix:
            target = target.with_name(target.name + self.extension)
        return target

    def motion_for(self, target: Path | None = None) -> Motion | None:
        """The motion of an export to ``target`` (else in the format chosen): its extension
        says whether it is an animation (it may say another format than the one chosen)."""
        animated = self.animated if target is None else target.suffix.lower() in ANIMATED
        return self.motion if animated else None

    def includes(self, session: Session) -> Includes:
        """What the export takes of the session besides the board: its title (a puzzle's,
        else the file's name) and a lesson's overlays."""
        lesson = session.lesson
        return {
            "title": puzzle_text(session.puzzle, "title", current()) or stem(session),
            "overlays": dict(lesson.overlays) if lesson is not None else {},
        }


class Includes(TypedDict):
    """What an export takes of the session besides the board (:meth:`ExportPlan.includes`)."""

    title: str
    overlays: dict[str, object]  # a lesson's overlays, by name (``GameUI.set_overlays``)


def stem(session: Session) -> str:
    """The name of the game's file without its suffix ("position" for a new game)."""
    path = session.path
    return path.name.removesuffix(SUFFIX) if path is not None else "position"


def proposed_folder(path: Path | None) -> Path:
    """Where an export of the game in ``path`` is proposed: beside it, never into the app's
    own examples (the home folder then); the working folder for a new game."""
    if path is None:
        return Path.cwd()
    if shipped(path):
        return Path.home()
    return path.resolve().parent
