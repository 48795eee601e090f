"""Per-user files: the small JSON files the program keeps for the user between runs (the
lesson progress, the puzzles solved), read and written in one careful way.

Each is read as position files are (:func:`model.files.read_regular_file` and
:func:`model.files.loads_json`: a regular file only, a size cap, no nesting or numbers
beyond reason), then its ``"format"`` (``NAME/VERSION``) and its whole shape are checked.
What can go wrong, and what happens:

- missing: nothing kept yet; a fresh one starts (written at the first change);
- damaged or foreign (bad JSON, truncated, the wrong shape, another program's format, a
  FIFO, a device, a folder, a link to ``/dev/zero``, too big, nested too deep): it is set
  aside beside itself as ``NAME.damaged.json`` (``NAME.damaged-2.json``, ... when that name
  is taken: an earlier damaged copy is never overwritten), the user is told once, and a
  fresh one starts;
- of a newer format (``NAME/2`` read by a program that writes ``NAME/1``): left as it is,
  never downgraded; the user is told that nothing will be saved this run, and nothing is;
- unreadable (no permission, a folder in the way of the path): left as it is, and the
  same: told, never written.

Nothing is ever replaced silently. A change is written atomically
(:func:`model.files.write_bytes`) and merged with what is on disk: under a lock on the
folder, the file is read again, the change applied to what it holds, and the result
written, so two windows (two processes) never drop each other's ticks.

The user is told through the ``tell`` callback a store is given (the window's notice, a
line on the command line's stderr); without one the text waits in :attr:`UserFile.notice`.
What it is told are Messages of the catalog (issue 90), said in the language of whoever
reads them, the file named for the user and by its path.

Qt-free. The folder is ``$PYRAMID_LAB_CONFIG`` (the tests use a temporary one), else
``$XDG_CONFIG_HOME/pyramid-lab`` (``~/.config/pyramid-lab`` by default).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pyramid_lab.i18n import M_, N_, Message, shown
from pyramid_lab.xdg import xdg_home

from .files import loads_json, read_regular_file, write_bytes
from .game import PositionFormatError, shorten
from .words import system_reason

if sys.platform != "win32":  # on Windows two processes are not kept apart (each write is
    import fcntl  # still atomic)

#: Largest per-user file read: some 70,000 ticks or lessons; far beyond a person's use.
MAX_USER_FILE_BYTES = 4 * 1024 * 1024
#: How long a change waits for another process's change to the same folder to end before
#: it goes ahead unlocked (a process hung while holding the lock must not hang this one).
LOCK_WAIT_SECONDS = 5.0

T = TypeVar("T")


def config_dir() -> Path:
    """The folder of the per-user files: ``$PYRAMID_LAB_CONFIG``, else
    ``$XDG_CONFIG_HOME/pyramid-lab`` (``~/.config/pyramid-lab``)."""
    own = os.environ.get("PYRAMID_LAB_CONFIG")
    if own:
        return Path(own)
    base = str(xdg_home("XDG_CONFIG_HOME", ".config"))
    return Path(base) / "pyramid-lab"


def lessons_folder() -> Path:
    """Where a teacher's lessons are saved by default, and listed in the Lessons menu:
    ``lessons`` in :func:`config_dir`."""
    return config_dir() / "lessons"


#: The environment variable naming the folder of the user's made puzzles (the tests').
PUZZLES_ENV = "PYRAMID_LAB_PUZZLES"


def made_puzzles_root() -> Path:
    """Where "Make a puzzle of this" and Compose keep the puzzles they make, a folder a
    game: ``$PYRAMID_LAB_PUZZLES``, else ``$XDG_DATA_HOME/pyramid-lab/puzzles``
    (``~/.local/share/pyramid-lab/puzzles``)."""
    base = os.environ.get(PUZZLES_ENV)
    if base:
        return Path(base)
    data = str(xdg_home("XDG_DATA_HOME", ".local", "share"))
    return Path(data) / "pyramid-lab" / "puzzles"


def made_puzzles_folder(game_name: str) -> Path:
    """The folder of ``game_name``'s made puzzles, a collection Practice opens."""
    return made_puzzles_root() / game_name


def make_folder(path: Path) -> str | None:
    """Make the user's folder ``path`` (with its parents) when it is missing, so that a
    dialog proposing it opens there and the menus list it: None when it is there, else
    why not, in words."""
    if path.is_dir():
        return None
    if path.exists() or path.is_symlink():
        return M_("{path} is not a folder", path=str(path))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return M_("{path} could not be made: {reason}", path=str(path), reason=_why(exc))
    return None


#: Most puzzle files counted in one folder for a menu (a folder beyond is "N+").
MAX_COUNTED = 999


def made_collections() -> list[tuple[str, Path, int]]:
    """The collections of made puzzles, for Puzzles > My puzzles: (the game's name, the
    folder, how many puzzle files, at most :data:`MAX_COUNTED` + 1) for each game's folder
    and each folder in it (Compose's), those with no puzzle left out. Names only are read,
    never the files: the menu never waits on a big folder's contents."""
    found: list[tuple[str, Path, int]] = []

    def count(folder: Path) -> tuple[int, list[Path]]:
        files, subs = 0, []
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.name.endswith(".pyr.json") and entry.is_file():
                        files += 1
                        if files > MAX_COUNTED:
                            break
                    elif entry.is_dir() and not entry.name.startswith("."):
                        subs.append(Path(entry.path))
        except OSError:
            return 0, []
        return files, subs

    root = made_puzzles_root()
    _, games = count(root)
    for game in sorted(games):
        files, subs = count(game)
        if files:
            found.append((game.name, game, files))
        for sub in sorted(subs)[:MAX_COUNTED]:
            inner, _ = count(sub)
            if inner:
                found.append((game.name, sub, inner))
    return found


class UserFileError(OSError):
    """A change that was not written (the reason is the text); the change is kept in
    memory for this run."""

    def __str__(self) -> str:
        return shown(self.strerror) if self.strerror else super().__str__()


class _Missing:
    pass


class _Damaged:
    def __init__(self, reason: str) -> None:
        self.reason = reason


class _Kept:
    """A file left as it is (newer, unreadable): the text says why nothing is saved."""

    def __init__(self, text: str) -> None:
        self.text = text


class UserFile(Generic[T]):
    """One per-user JSON file of format ``NAME/VERSION``; :attr:`data` is what it holds
    (``T``, as :meth:`parse` reads it). Subclasses name the format and the words."""

    format_name: ClassVar[str]  # 'pyramid-lab-lesson-progress'
    version: ClassVar[int] = 1
    what: ClassVar[str]  # the file in words: 'Your lesson progress'
    lost: ClassVar[str]  # what not writing means: 'progress through lessons is not saved'

    def __init__(self, path: Path, tell: Callable[[str], None] | None = None) -> None:
        self.path = path
        self._tell = tell
        self.notice = ""  # told to no one yet (no ``tell``)
        self.told: set[str] = set()
        self.kept = ""  # why the file is left as it is and never written ('' when it is)
        self.data: T = self.empty()
        try:
            with self._locked():
                self.data = self._current(self.empty())
        except OSError as exc:  # the folder cannot be locked or listed: leave it alone
            self._keep(self._unreadable(_why(exc)))

    # ---- what a subclass says -----------------------------------------------------------

    def empty(self) -> T:
        raise NotImplementedError

    def parse(self, raw: dict[str, Any]) -> T:
        """The data of the file's object (its format checked already); PositionFormatError
        naming the key when its shape is not the format's."""
        raise NotImplementedError

    def dump(self, data: T) -> dict[str, Any]:
        """The file's object for ``data`` (without its ``format``)."""
        raise NotImplementedError

    def legacy(self, raw: dict[str, Any]) -> bool:
        """An object without ``format`` that an earlier version wrote (read as version 1)."""
        return False

    # ---- telling the user ---------------------------------------------------------------

    def tell(self, text: str) -> None:
        """Say ``text`` once (a second time it is not said again)."""
        if text in self.told:
            return
        self.told.add(text)
        if self._tell is not None:
            self._tell(text)
        else:
            said = shown(text)  # (held for the command line or a front end that comes later)
            self.notice = f"{self.notice}\n{said}" if self.notice else said

    def tell_with(self, tell: Callable[[str], None]) -> None:
        """Say what is to be told through ``tell`` from now on; what was held for lack of
        one is said there now (a front end that comes after the store was read)."""
        self._tell = tell
        held = self.take_notice()
        if held:
            tell(held)

    def take_notice(self) -> str:
        """What is to be told and was not (no ``tell`` was given), now taken."""
        text, self.notice = self.notice, ""
        return text

    def _where(self) -> str:
        return M_("{what} ({path})", what=Message(self.what), path=shorten(str(self.path)))

    def _unreadable(self, reason: str) -> str:
        return M_("{file} cannot be read ({reason})", file=self._where(), reason=reason)

    def _keep(self, text: str) -> None:
        self.kept = M_(
            "{problem}; it is left as it is, and {lost}", problem=text, lost=Message(self.lost)
        )
        self.tell(self.kept)

    # ---- reading ------------------------------------------------------------------------

    def _current(self, damaged_base: T) -> T:
        """What the file holds now. A damaged file is set aside (told) and
        ``damaged_base`` is what there is; a newer or unreadable one makes this store
        :attr:`kept` (told) and gives ``damaged_base`` too."""
        found = self._read()
        if isinstance(found, _Missing):
            return self.empty()
        if isinstance(found, _Kept):
            self._keep(found.text)
            return damaged_base
        if isinstance(found, _Damaged):
            try:
                aside = set_aside(self.path)
            except OSError as exc:
                self._keep(
                    M_(
                        "{file} is damaged ({problem}) and could not be set aside ({reason})",
                        file=self._where(),
                        problem=found.reason,
                        reason=_why(exc),
                    )
                )
                return damaged_base
            self.tell(
                M_(
                    "{file} was damaged ({problem}): it is kept as {name} beside it, and a "
                    "fresh one starts",
                    file=self._where(),
                    problem=found.reason,
                    name=shorten(aside.name),
                )
            )
            return damaged_base
        return found

    def _read(self) -> T | _Missing | _Damaged | _Kept:
        try:
            data = read_regular_file(os.fspath(self.path), MAX_USER_FILE_BYTES, "Pyramid Lab file")
        except FileNotFoundError:
            return _Missing()
        except PositionFormatError as exc:  # not a regular file, too big
            return _Damaged(exc.reason)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return _Damaged(M_("a symbolic link that leads round in a loop"))
            return _Kept(self._unreadable(_why(exc)))
        except ValueError as exc:  # a NUL in the name given
            return _Kept(self._unreadable(shorten(str(exc))))
        try:
            raw = loads_json(data, MAX_USER_FILE_BYTES, "Pyramid Lab file")
        except PositionFormatError as exc:
            return _Damaged(exc.reason)
        if not isinstance(raw, dict):
            return _Damaged(M_("not a JSON object, but {kind}", kind=_kind(raw)))
        fmt = raw.get("format")
        if "format" not in raw and self.legacy(raw):
            fmt = f"{self.format_name}/1"
        version = self._version(fmt)
        if version is None:
            wanted = f"{self.format_name}/{self.version}"
            if "format" not in raw:
                return _Damaged(M_("not of the format {format}: format none", format=wanted))
            found = shorten(repr(fmt))
            return _Damaged(
                M_("not of the format {format}: format {found}", format=wanted, found=found)
            )
        if version > self.version:
            return _Kept(
                M_(
                    "{file} was written by a newer Pyramid Lab (format {format})",
                    file=self._where(),
                    format=shorten(str(fmt)),
                )
            )
        try:
            return self.parse({k: v for k, v in raw.items() if k != "format"})
        except PositionFormatError as exc:
            return _Damaged(str(exc))
        except RecursionError:  # (parse walks a bounded shape; a guard all the same)
            return _Damaged(M_("lists or objects nested too deeply"))

    def _version(self, fmt: Any) -> int | None:
        if not isinstance(fmt, str):
            return None
        match = re.fullmatch(re.escape(self.format_name) + r"/([1-9][0-9]{0,8})", fmt)
        return int(match.group(1)) if match else None

    # ---- writing ------------------------------------------------------------------------

    def update(self, change: Callable[[T], None]) -> None:
        """Apply ``change`` to the file as it is on disk now and write it (atomically,
        under the folder's lock): :attr:`data` becomes what was written, so another
        process's changes are kept and seen. UserFileError (an OSError) when it is not
        written: the file is kept as it is (newer, unreadable, damaged and not set aside)
        or cannot be written; the change is then kept in :attr:`data` for this run, and
        the user was told."""
        if self.kept:
            change(self.data)
            raise UserFileError(errno.EPERM, self.kept)
        base, applied = self.data, False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._locked():
                base = self._current(self.data)
                change(base)
                applied = True
                if self.kept:  # it turned out newer, or unreadable, on the way
                    raise UserFileError(errno.EPERM, self.kept)
                self._write(base)
        except UserFileError:
            self.data = base
            raise
        except OSError as exc:
            if not applied:
                change(base)
            self.data = base
            text = M_(
                "{file} could not be written ({reason}), so {lost}",
                file=self._where(),
                reason=_why(exc),
                lost=Message(self.lost),
            )
            self.tell(text)
            raise UserFileError(exc.errno or errno.EIO, text) from None
        self.data = base

    def _write(self, data: T) -> None:
        doc = {"format": f"{self.format_name}/{self.version}", **self.dump(data)}
        text = json.dumps(doc, indent=1, sort_keys=True) + "\n"
        encoded = text.encode("utf-8")
        if len(encoded) > MAX_USER_FILE_BYTES:
            raise OSError(
                errno.EFBIG,
                f"it would be {len(encoded):,} bytes, more than the "
                f"{MAX_USER_FILE_BYTES:,} that are read back",
            )
        write_bytes(self.path, encoded)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """The folder of the file locked against the other processes of this program
        (nothing when it does not exist yet or cannot be locked; after
        :data:`LOCK_WAIT_SECONDS` the change goes ahead unlocked)."""
        fd = -1
        if sys.platform != "win32":
            with contextlib.suppress(OSError, ValueError):
                fd = os.open(self.path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            if fd >= 0:
                deadline = time.monotonic() + LOCK_WAIT_SECONDS
                while True:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        if time.monotonic() > deadline:
                            break
                        time.sleep(0.005)
                    except OSError:  # a file system without locks
                        break
            yield
        finally:
            if fd >= 0:
                os.close(fd)  # (the lock goes with it)


def set_aside(path: Path, suffix: str = ".json") -> Path:
    """Move the file (or link, FIFO, folder) at ``path`` to a free name beside it,
    ``NAME.damaged.json``, else ``NAME.damaged-2.json``, ... (an earlier damaged copy is
    never overwritten), and return that name; ``suffix`` is the ending kept last ('' for a
    folder: ``NAME.damaged``). OSError when it cannot be moved."""
    stem = path.name.removesuffix(suffix) if suffix else path.name
    for n in range(1, 1000):
        mark = ".damaged" if n == 1 else f".damaged-{n}"
        target = path.with_name(f"{stem}{mark}{suffix}")
        try:  # a hard link fails when the name is taken: never a copy overwritten
            os.link(path, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno in (errno.ENOENT, errno.ENAMETOOLONG):
                raise
            # a folder, or a file system without hard links: rename to a name not taken
            if os.path.lexists(target):
                continue
            os.rename(path, target)
            return target
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        return target
    raise OSError(errno.EEXIST, "999 damaged copies are there already", str(path))


def _why(exc: OSError) -> str:
    return shorten(system_reason(exc))  # (the system's failure in the catalog's words)


def is_count(value: Any) -> bool:
    """A whole number of at least 0 (not true or false)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


# ---- the secret that signs a split solve's checkpoint -------------------------------------

CHECKPOINT_KEY_FILE = "checkpoint.key"
#: Bytes of the secret.
SECRET_BYTES = 32


def checkpoint_secret() -> tuple[bytes, str]:
    """The user's secret for the split solve's checkpoint digests (HMAC keys, see
    :mod:`model.search.split_checkpoint`), made on first use in :func:`config_dir`, readable
    by the user only (0600); and '' or, where it cannot be had (a folder not writable, a
    file that is not one), why not: the digests are then unkeyed (they catch a damaged or
    edited unit, not one whose digest was made again by hand)."""
    path = config_dir() / CHECKPOINT_KEY_FILE
    for _ in range(5):  # another solve may be making it at this moment
        try:
            data = read_regular_file(str(path), SECRET_BYTES, "checkpoint key")
        except FileNotFoundError:
            data = b""
        except (OSError, PositionFormatError) as exc:
            why = _why(exc) if isinstance(exc, OSError) else exc.reason
            return b"", M_("{path}: {reason}", path=str(path), reason=shorten(why))
        if len(data) == SECRET_BYTES:
            return data, ""
        if data:
            time.sleep(0.05)  # being written: read it again
            continue
        secret = os.urandom(SECRET_BYTES)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(secret)
        except FileExistsError:  # made meanwhile by another solve: that one is the key
            time.sleep(0.05)
            continue
        except OSError as exc:
            return b"", M_("{path} could not be made: {reason}", path=str(path), reason=_why(exc))
        return secret, ""
    return b"", M_("{path}: not a key of {count} bytes", path=str(path), count=SECRET_BYTES)


def _kind(value: Any) -> str:
    """What a JSON value is, in words (null is notation)."""
    if isinstance(value, list):
        return Message(N_("a list"))
    if isinstance(value, str):
        return Message(N_("a text"))
    if value is None:
        return "null"
    if isinstance(value, bool):
        return Message(N_("true or false"))
    return Message(N_("a number"))
