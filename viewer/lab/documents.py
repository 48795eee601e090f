"""The document on show and its file: open, save, save as, Open recent and the "unsaved
changes?" decision, in one Qt-free place.

The window's File menu, Open recent, the Lessons menu, a lesson's Next, practice, recovery
after a crash and the command line all come here. What only the window can do (ask the
question, show the Save dialog, end Solve mode, start a lesson in its dock, hand the board
back from the computer) it does through a :class:`Front`; the decisions are made here, so
tests drive them without Qt.

Files are read as :mod:`model.files` and :mod:`model.lesson` read them (a bad one raises
PositionFormatError, whose message names the file and the fault) and saved atomically
(:func:`model.files.write`: the target holds the old document or the new, never half of
one). A file that cannot be opened leaves the position on show as it was.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol

from pyramid_lab.i18n import M_
from pyramid_lab.model.files import SUFFIX, PositionDocument, ReadOnlyError, remove_stale_temps
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.lesson import LessonFile, is_lesson_path
from pyramid_lab.model.words import reason_of, system_reason

from .events import Signal
from .reading import read_any
from .session import Session, shipped

#: The answers to the "unsaved changes?" question.
SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
MAX_RECENT = 8

__all__ = [
    "CANCEL",
    "DISCARD",
    "MAX_RECENT",
    "SAVE",
    "Documents",
    "Front",
    "MemoryStore",
    "RecentFiles",
    "Store",
]


# ---- Open recent -----------------------------------------------------------------------


class Store(Protocol):
    """Where Open recent and the last folder are kept between runs (QSettings in the
    window: the same two methods, under Qt's names)."""

    def value(self, key: str, defaultValue: object = None) -> object: ...

    def setValue(self, key: str, value: object) -> None: ...


class MemoryStore:
    """A :class:`Store` that forgets at exit (tests; a run with no settings)."""

    def __init__(self) -> None:
        self.values: dict[str, object] = {}

    def value(self, key: str, defaultValue: object = None) -> object:
        return self.values.get(key, defaultValue)

    def setValue(self, key: str, value: object) -> None:
        self.values[key] = value


class RecentFiles:
    """The files opened or saved last, newest first (at most ``limit``), and the folder the
    next Open or Save dialog starts in. ``changed`` fires when the list changes."""

    def __init__(self, store: Store, limit: int = MAX_RECENT) -> None:
        self.store = store
        self.limit = limit
        self.changed: Signal[[]] = Signal()

    def paths(self) -> list[str]:
        recent = self.store.value("recent", []) or []
        if isinstance(recent, str):  # a store that keeps a one-item list as its item
            recent = [recent]
        if not isinstance(recent, (list, tuple)):
            return []
        return [p for p in recent if isinstance(p, str)]

    def remember(self, path: str | Path) -> None:
        """``path`` heads the list; its folder (unless it came with Pyramid Lab) is where
        the next dialog starts."""
        path = Path(path)
        full = str(path.resolve())
        if not shipped(path):
            self.store.setValue("folder", str(path.resolve().parent))
        recent = [full] + [p for p in self.paths() if p != full]
        self.store.setValue("recent", recent[: self.limit])
        self.changed.emit()

    def folder(self, shown: Path | None, *, opening: bool = False) -> Path:
        """Where a dialog starts: the folder of ``shown`` (the file on show; for a Save,
        unless it came with Pyramid Lab: Save As never suggests the examples' folder, but
        Open starts beside the example on show, among the others), else the last folder a
        file was opened from or saved to, else the home folder."""
        if shown is not None and (opening or not shipped(shown)) and shown.parent.is_dir():
            return shown.resolve().parent
        last = self.store.value("folder", "")
        if isinstance(last, str) and last and Path(last).is_dir():
            return Path(last)
        return Path.home()


# ---- the window's side -----------------------------------------------------------------


class Front(Protocol):
    """What the documents ask of the window."""

    def ask(self, question: str, detail: str, *, can_save: bool = True) -> str:
        """The "unsaved changes?" question: SAVE, DISCARD or CANCEL."""
        ...

    def open_path(self, folder: Path) -> str | None:
        """The Open dialog, starting in ``folder``: a file name, or None (cancelled)."""
        ...

    def save_path(self, suggested: Path) -> str | None:
        """The Save dialog, suggesting ``suggested``: a file name, or None (cancelled)."""
        ...

    def held(self) -> AbstractContextManager[None]:
        """Nothing moves on the board while a question or a dialog is open."""
        ...

    def show_message(self, text: str) -> None: ...

    def show_error(self, title: str, text: str) -> None: ...

    def unapplied_setup(self) -> bool:
        """Set-up mode has changes not applied (they go with the document)."""
        ...

    def leave_solve(self, why: str = "") -> None:
        """Solve mode ends: its attempt is not the document."""
        ...

    def start_lesson(self, lesson: LessonFile, path: Path) -> None: ...

    def release_players(self) -> bool:
        """A file does not say who plays: the computer plays no side of it. True when it
        played one."""
        ...


class Documents:
    """Open, save, save as, Open recent and "unsaved changes?" for ``session``."""

    def __init__(self, session: Session, recent: RecentFiles, front: Front) -> None:
        self.session = session
        self.recent = recent
        self.front = front

    # ---- the unsaved-changes question --------------------------------------------------

    def confirm_discard(self, doing: str) -> bool:
        """Before ``doing`` drops the document: ask Save / Discard / Cancel if it has
        unsaved changes (Discard / Cancel for an unapplied set-up). True: go ahead (after
        a save, when the answer was Save and the save went through)."""
        with self.front.held():
            return self._confirm_discard(doing)

    def _confirm_discard(self, doing: str) -> bool:
        front = self.front
        front.leave_solve()  # an attempt is not the document: it goes
        if front.unapplied_setup():
            answer = front.ask(
                M_("Drop the set-up being edited?"),
                # TRANSLATORS: {doing} is what the user asked for, as "open another file"
                M_(
                    "Set-up mode has changes that are not applied. If you {doing}, they are lost.",
                    doing=doing,
                ),
                can_save=False,
            )
            if answer != DISCARD:
                return False
        session = self.session
        if not session.dirty:
            return True
        if session.path:
            question = M_("Save the changes to {name}?", name=session.path.name)
        else:
            question = M_("Save the changes to this untitled game?")
        answer = front.ask(
            question,
            # TRANSLATORS: {doing} is what the user asked for, as "open another file"
            M_("If you {doing} without saving, your changes are lost.", doing=doing),
        )
        if answer == SAVE:
            return self.save()  # False when the save is cancelled or fails
        return answer == DISCARD

    # ---- opening ------------------------------------------------------------------------

    def open_dialog(self) -> bool:
        """File > Open: the unsaved-changes question, then the Open dialog, then the file."""
        with self.front.held():  # behind the question and the dialog
            if not self.confirm_discard(M_("open another file")):
                return False
            path = self.front.open_path(self.recent.folder(self.session.path, opening=True))
            return self.open(path, ask=False) if path else False

    def open(self, path: str | Path, *, ask: bool = True) -> bool:
        """Show a position or lesson file. A bad one is explained and the position stays;
        unsaved changes are asked about first (``ask``), once the file is known to be good."""
        path = Path(path)
        try:
            opened = read_any(path)
        except PositionFormatError as exc:
            lesson = is_lesson_path(path)
            title = M_("Cannot open this lesson") if lesson else M_("Cannot open this file")
            self.front.show_error(title, reason_of(exc))
            return False
        if ask and not self.confirm_discard(M_("open {name}", name=path.name)):
            return False
        if isinstance(opened, LessonFile):  # its steps, in the Lesson dock
            self.front.start_lesson(opened, path)
        else:
            computer = self.front.release_players()
            self.load(opened, path)
            if computer:
                self.front.show_message(
                    M_(
                        "{name}: every side is played by a human now (the computer: Game menu)",
                        name=path.name,
                    )
                )
        self.recent.remember(path)
        return True

    def load(self, doc: PositionDocument, path: Path | None, *, dirty: bool = False) -> None:
        """Show ``doc``, read from ``path`` (``dirty``: it has changes not in that file, as a
        recovered autosave has); what a killed save of that file left beside it goes."""
        self.session.load(doc, path, dirty=dirty)
        if path is not None:
            remove_stale_temps(path)

    # ---- saving -------------------------------------------------------------------------

    def save(self) -> bool:
        """File > Save: to the file on show; a new game, a lesson or an example that came
        with Pyramid Lab go through Save as."""
        path = self.session.path
        if path is not None and shipped(path):  # keep it as it came: save a copy
            self.front.show_message(
                M_("{name} comes with Pyramid Lab: save a copy", name=path.name)
            )
            return self.save_as()
        return self.save_as() if path is None else self.save_file(path)

    def save_as(self, *, offer_save_as: bool = True) -> bool:
        current = self.session.path
        folder = self.recent.folder(current)
        path = self.front.save_path(folder / (current.name if current is not None else ""))
        if not path:
            return False
        if not path.endswith(SUFFIX):
            path += SUFFIX
        return self.save_file(path, offer_save_as=offer_save_as)

    def save_file(self, path: str | Path, *, offer_save_as: bool = True) -> bool:
        """Save atomically to ``path``; a failure is explained and nothing is half-written.
        A file changed on disk since it was read is not replaced: the save goes beside it,
        and the user is told; a read-only one is refused, and Save as offered."""
        # The file keeps the puzzle position, not a Solve mode attempt.
        self.front.leave_solve(M_("Solve mode ended: the file keeps the puzzle"))
        try:
            target = self.session.save(path)
        except ReadOnlyError:
            self.front.show_error(
                M_("Cannot save"),
                M_(
                    "{path}: the file is read-only. Choose another name to save to.",
                    path=str(path),
                ),
            )
            return self.save_as(offer_save_as=False) if offer_save_as else False
        except OSError as exc:
            self.front.show_error(
                M_("Cannot save"),
                M_("{path}: {error}", path=str(path), error=system_reason(exc)),
            )
            return False
        if target.name != Path(path).name:
            self.front.show_error(
                M_("Saved as a copy"),
                M_(
                    "{path} changed on disk since it was opened (another program or window "
                    "saved it), so it was not replaced: your game is saved as {name} beside it.",
                    path=str(path),
                    name=target.name,
                ),
            )
        self.recent.remember(target)
        return True
