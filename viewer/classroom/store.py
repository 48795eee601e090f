"""A class's results store: its results file (every student's progress and counts, their
keys only as SHA-256 digests, the students the teacher removed), one class's, locked while
the class runs (:class:`ResultsLock`, on the real file however it is spelled), written
atomically with mode 0600 (:func:`write_private`), anything but a regular file of plain
JSON in it refused (:func:`read_results`); and the class code kept beside it (mode 0600:
:func:`kept_code`), so the same command continues the same class. No Qt, no VTK, no web."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import math
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_, N_, Message, _
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.game import PositionFormatError, SaidError, shorten
from pyramid_lab.model.words import reason_of, system_reason
from pyramid_lab.xdg import xdg_home

from .checks import (
    MIN_CHOSEN_CODE,
    MIN_CODE_LETTERS,
    Refused,
    chosen_code,
    code_of,
    make_code,
)

RESULTS_FORMAT = "pyramid-lab-classroom-results/2"
#: The first format kept each student's key in clear: read, and the keys hashed.
RESULTS_FORMAT_1 = "pyramid-lab-classroom-results/1"
MAX_RESULTS_BYTES = 8 * 1024 * 1024


def real_path(path: Path) -> Path:
    """``path`` with every link and ``..`` resolved (a file that is not there yet too)."""
    return Path(os.path.realpath(path))


def results_folder() -> Path:
    """Where classes keep their results by default: ``$XDG_DATA_HOME/pyramid-lab/classroom``
    (``~/.local/share/pyramid-lab/classroom``): the user's own, never the working folder."""
    data = str(xdg_home("XDG_DATA_HOME", ".local", "share"))
    return Path(data) / "pyramid-lab" / "classroom"


def class_name(files: Sequence[Path]) -> str:
    """A class's name when none is given, the same for the same lessons every run (never
    made of a code: the same command continues the same class): the lesson it opens on
    (the first of ``files``, in the class's order: the shipped class's is Partition's
    "Corners and walls"), how many more, and a digest of the lesson files' real paths
    (whatever their order), so two sets of lessons are two classes."""
    stems = [Path(p).name.removesuffix(lessons.SUFFIX) for p in files] or ["class"]
    first = re.sub(r"[^A-Za-z0-9_-]+", "-", stems[0]).strip("-")[:40] or "class"
    more = f"-and-{len(stems) - 1}-more" if len(stems) > 1 else ""
    real = "\0".join(os.path.realpath(p) for p in sorted(files))
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()
    return f"{first}{more}-{digest[:10]}"


def name_ok(name: str) -> str:
    """A class's ``--name``: 1 to 60 letters, digits, dots, dashes and underscores, not
    starting with a dot (it names a file in :func:`results_folder`)."""
    if not re.fullmatch(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,59}", name):
        raise Refused(N_("a class's name is 1 to 60 letters, digits, dots, dashes and underscores"))
    return name


def write_private(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` atomically, readable by this user only (0600), as every
    save is made (:func:`model.files.save_bytes`: its links checked, a temporary file
    beside it, flushed, renamed over it). OSError when it cannot be written (nothing
    half-written is left)."""
    from pyramid_lab.model.files import write_bytes

    write_bytes(path, data, mode=0o600)


class ResultsLock:
    """The results file held by one class: ``.NAME.lock`` beside the real file (a link to
    it, or another spelling of its path, finds the same lock), locked
    (``fcntl.flock``) while the class runs; a second class on the same file is refused
    in words. The lock goes with the process (a killed class leaves none)."""

    def __init__(self, results: Path) -> None:
        real = real_path(results)  # a class however its file is spelled (a link, ..)
        self.path = real.with_name(f".{real.name}.lock")
        self.fd: int | None = None

    def take(self) -> None:
        """Lock; PositionFormatError naming the results file when another class holds
        it, or when it cannot be made."""
        results = self.path.with_name(self.path.name[1:].removesuffix(".lock"))
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError as exc:
            raise PositionFormatError(str(results), _locked(exc)) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise PositionFormatError(
                    str(results),
                    M_(
                        "another class is running on this results file: stop it first, or "
                        "give this class another --name"
                    ),
                ) from None
            raise PositionFormatError(str(results), _locked(exc)) from None
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


def _refuse_constant(name: str) -> Any:
    raise SaidError(M_("{name} is not a number a results file holds", name=name))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SaidError(M_("a number too big for a results file"))
    return value


def read_results(path: Path) -> Any:
    """The JSON of the results file at ``path``: a regular file (a FIFO, a device or a
    folder is refused without being opened for long), at most
    :data:`MAX_RESULTS_BYTES`, plain JSON (no NaN, no infinity, no number too big, no
    nesting deeper than Python's parser takes). PositionFormatError saying why."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise PositionFormatError(str(path), _unread(exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = (
                M_("is a folder, not a results file")
                if stat.S_ISDIR(mode)
                else M_("is a FIFO, not a results file")
                if stat.S_ISFIFO(mode)
                else M_("is a device, not a results file")
                if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                else M_("is not a regular file, not a results file")
            )
            raise PositionFormatError(str(path), kind)
        chunks = []
        left = MAX_RESULTS_BYTES + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise PositionFormatError(str(path), _unread(exc)) from None
    finally:
        os.close(fd)
    if len(data) > MAX_RESULTS_BYTES:
        raise PositionFormatError(str(path), M_("too big for a results file"))
    try:
        return json.loads(data, parse_constant=_refuse_constant, parse_float=_finite)
    except RecursionError:
        raise PositionFormatError(str(path), M_("nested too deep for a results file")) from None
    except SaidError as exc:  # (a number the file may not hold: _refuse_constant, _finite)
        raise PositionFormatError(str(path), shorten(reason_of(exc), 80)) from None
    except ValueError:
        raise PositionFormatError(str(path), M_("not JSON")) from None


def code_path(results: Path) -> Path:
    """Where the class code of the class at ``results`` is kept: ``NAME.json.code``."""
    real = real_path(results)
    return real.with_name(real.name + ".code")


def kept_code(results: Path, chosen: str | None = None, *, new: bool = False) -> tuple[str, str]:
    """The class code of the class at ``results`` and why it is a new one ('' when it is
    not): ``chosen`` when given, else the one kept beside it when it meets the rule of
    every class code (:func:`.checks.chosen_code`), else (or when ``new``) one made up;
    written back (mode 0600) so that the next run continues with it.
    PositionFormatError when it cannot be kept or read."""
    path = code_path(results)
    code = chosen
    why = ""
    if code is None and not new and os.path.lexists(path):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise PositionFormatError(str(path), M_("is not a regular file"))
                text = os.read(fd, 200).decode("ascii", "replace").strip()
            finally:
                os.close(fd)
        except OSError as exc:
            raise PositionFormatError(str(path), _unread(exc)) from None
        try:
            code = chosen_code(code_of(text))
        except Refused:  # (a short code kept by an older class, or written by hand)
            why = _(  # said by the command line, in its language
                "the class code kept in {path} is not one a class may have (at least "
                "{letters} letters and digits, {different} of them different): the class has a "
                "new code, on the teacher's address below (the old one opens the teacher's "
                "page no more)"
            ).format(path=path, letters=MIN_CHOSEN_CODE, different=MIN_CODE_LETTERS)
    if code is None:
        code = make_code()
    try:
        write_private(path, (code + "\n").encode("ascii"))
    except OSError as exc:
        reason = system_reason(exc)
        raise PositionFormatError(
            str(path), M_("cannot be written ({reason})", reason=reason)
        ) from None
    return code, why


def _locked(exc: OSError) -> Message:
    return M_("cannot be locked ({reason})", reason=system_reason(exc))


def _unread(exc: OSError) -> Message:
    return M_("cannot be read ({reason})", reason=system_reason(exc))
