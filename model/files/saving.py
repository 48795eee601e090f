"""Saving a file atomically: a temporary file beside the target, flushed and renamed
over it, never replacing what was not read (a :class:`.reading.Fingerprint` given), a
read-only file, or a file that is not a regular one; stale temporary files of a save
killed half-way removed later."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from pyramid_lab import i18n
from pyramid_lab.i18n import M_

from ..save_links import DIRECTORY, NOFOLLOW, Place, checked_place, name_for_writer
from ..words import system_reason
from .reading import SUFFIX, FileChangedError, Fingerprint, ReadOnlyError, file_kind


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically: the target holds the old text or the new."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(
    path: str | os.PathLike[str], data: bytes, *, suffix: str | None = None, mode: int | None = None
) -> Path:
    """Replace the file at ``path`` by ``data`` atomically, and return the path written
    (:func:`save_bytes`)."""
    return save_bytes(path, data, suffix=suffix, mode=mode)[0]


def save_bytes(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    read: Fingerprint | None = None,
    beside: bool = False,
    suffix: str | None = None,
    mode: int | None = None,
) -> tuple[Path, Fingerprint]:
    """Replace the file at ``path`` by ``data`` atomically; return the path written and
    its :class:`Fingerprint` (for the next save over it).

    A save never replaces what it did not read: given ``read`` (the fingerprint of the file
    as it was read), a file that changed since is left as it is, and the bytes go beside it
    (``NAME (2).EXT``, the first free name, when ``beside``) or FileChangedError is raised.
    A read-only file (no write permission bit, or none for this user) is never replaced:
    ReadOnlyError. (The check and the rename are two steps: a save landing between them,
    a few microseconds, is not seen.)

    The bytes go to a temporary file beside the target (in a folder of the save's own,
    ``.NAME.PID-XXXXXXXX.tmp/``), are flushed to disk, and the temporary file is renamed
    over the target, so the target holds the old content or the new, never a mix. A
    symbolic link is written through where a save may follow it (:func:`save_file`: its
    target is replaced, the link stays); an existing file keeps its permission bits, a new one gets
    the usual ``0666 & ~umask``. Temporary files that a killed save left beside the same
    target are removed first; this save's own is removed on any error. OSError when the
    target is not a regular file or cannot be written.
    """
    digest = hashlib.sha256(data).hexdigest()

    def fill(tmp: str, out: BinaryIO) -> str:
        out.write(data)
        return digest

    return save_file(path, fill, read=read, beside=beside, size=len(data), suffix=suffix, mode=mode)


def save_file(
    path: str | os.PathLike[str],
    fill: Callable[[str, BinaryIO], str | None],
    *,
    read: Fingerprint | None = None,
    beside: bool = False,
    size: int | None = None,
    suffix: str | None = None,
    mode: int | None = None,
    read_back: bool = True,
) -> tuple[Path, Fingerprint]:
    """:func:`save_bytes` for a file too big to hold in memory (a long animation):
    ``fill(tmp, out)`` writes it, through ``out`` (the temporary file, open for binary
    writing) or by its name ``tmp`` (as a video encoder does; that name is then in a folder
    of the save's own that no one else may change), and returns the SHA-256 of what it wrote
    if it knows it (None: the file is read back, a block at a time, for it). Everything else
    is :func:`save_bytes`'s: the checks, the rename, the fingerprint; a file of other than
    ``size`` bytes (when given) is an error, never a success.

    Every save of the program comes here. The path is resolved once and every symbolic
    link on it checked (:func:`model.save_links.checked_place`: UnsafeLinkError for one
    that someone else could have made, or one at the file's name that ends at a name not
    ending in ``suffix``, by default the extension of ``path``); the temporary file is made
    in the folder so checked, held open, and renamed there: a link made meanwhile is never
    followed. ``mode`` sets the file's permission bits (a private file's 0600);
    ``read_back`` False: a file whose ``fill`` gives no SHA-256 is not read back for one
    (a table of gigabytes: its fingerprint's digest is then '')."""
    with checked_place(path, suffix) as place:
        return _save_in(place, path, fill, read, beside, size, mode, read_back)


def _save_in(
    place: Place,
    path: str | os.PathLike[str],
    fill: Callable[[str, BinaryIO], str | None],
    read: Fingerprint | None,
    beside: bool,
    size: int | None,
    mode: int | None,
    read_back: bool = True,
) -> tuple[Path, Fingerprint]:
    folder, name = place.folder, place.name
    target = place.path
    started = time.time()
    info = _existing_target(folder, name, path)
    if info is not None:
        _check_replaceable(folder, name, info, path)
        if read is not None and not read.matches(target):
            if not beside:
                raise FileChangedError(
                    errno.EEXIST, "changed on disk since it was read: not replaced", os.fspath(path)
                )
            name = free_name_beside(target, folder).name
            target = target.with_name(name)
            info = None
    if mode is None:
        mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    stem = _temp_stem(name)
    _remove_stale_temps(folder, stem, started)  # first: the save may fail (a full disk)
    try:
        tmp = _make_temp(folder, stem)
    except OSError as exc:
        raise _naming(exc, path) from None
    try:
        private = os.open(tmp, DIRECTORY | NOFOLLOW, dir_fd=folder)
        try:
            fd = os.open(
                _INSIDE, os.O_RDWR | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o600, dir_fd=private
            )
            made = os.fstat(fd)
            with os.fdopen(fd, "w+b") as out:
                digest = fill(name_for_writer(private, _INSIDE, place.parent / tmp), out)
                if not out.closed:  # (a writer by name may close it first)
                    out.flush()
            # by name again (``fill`` may have written it so), in the folder of our own
            fd = os.open(_INSIDE, os.O_RDONLY | NOFOLLOW, dir_fd=private)
            with os.fdopen(fd, "rb") as done:
                written = os.fstat(fd)
                if (written.st_dev, written.st_ino) != (made.st_dev, made.st_ino):
                    raise OSError(
                        errno.EIO, M_("the temporary file was replaced: not saved"), os.fspath(path)
                    )
                if digest is None:
                    digest = _digest_of(done) if read_back else ""
                if hasattr(os, "fchmod"):
                    os.fchmod(fd, mode)
                if info is not None and hasattr(os, "fchown"):
                    with contextlib.suppress(OSError):  # only root may give a file away
                        os.fchown(fd, info.st_uid, info.st_gid)
                os.fsync(fd)
                written = os.fstat(fd)
            os.replace(_INSIDE, name, src_dir_fd=private, dst_dir_fd=folder)
        finally:
            os.close(private)
    except BaseException as exc:
        _remove_temp(folder, tmp)
        if isinstance(exc, OSError) and exc.filename in (None, os.fspath(place.parent)):
            raise _naming(exc, path) from None
        raise
    _remove_temp(folder, tmp)
    _fsync_folder(folder)
    _check_written(folder, name, written, written.st_size if size is None else size, path)
    return target, Fingerprint(written.st_size, written.st_mtime_ns, digest)


#: The temporary file's name inside the save's own folder (``.NAME.PID-XXXXXXXX.tmp/``).
_INSIDE = "file"


def _make_temp(folder: int, stem: str) -> str:
    """A new folder ``.STEM.PID-XXXXXXXX.tmp`` in ``folder``, this user's only (0700): the
    save's temporary file is made in it, where no one else may put a link in its way."""
    for _ in range(100):
        name = f".{stem}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
        try:
            os.mkdir(name, 0o700, dir_fd=folder)
        except FileExistsError:
            continue
        return name
    raise FileExistsError(errno.EEXIST, "no free temporary name")


def _remove_temp(folder: int, name: str) -> None:
    """Remove the temporary ``name`` in ``folder``: a save's folder and what is in it, or
    an old-style temporary file. Never follows a link, never raises."""
    try:
        inner = os.open(name, DIRECTORY | NOFOLLOW, dir_fd=folder)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=folder)
        return
    try:
        for entry in os.listdir(inner):
            with contextlib.suppress(OSError):
                os.unlink(entry, dir_fd=inner)
    finally:
        os.close(inner)
    with contextlib.suppress(OSError):
        os.rmdir(name, dir_fd=folder)


def _naming(exc: OSError, path: str | os.PathLike[str]) -> OSError:
    """``exc`` (of the temporary file, or its folder) said of the file the user named: the
    same kind of error (errno picks the subclass), the same reason."""
    return OSError(exc.errno, exc.strerror or str(exc), os.fspath(path))


def _digest_of(handle: BinaryIO) -> str:
    digest = hashlib.sha256()
    for block in iter(lambda: handle.read(1 << 20), b""):
        digest.update(block)
    return digest.hexdigest()


def _check_replaceable(
    folder: int, name: str, info: os.stat_result, path: str | os.PathLike[str]
) -> None:
    """ReadOnlyError when the file a save would replace is read-only: its permission bits
    give no one write access (root included, as editors do), or this user cannot write it.
    The rename needs only the folder's permission, so this is asked here."""
    writable = os.access(name, os.W_OK, dir_fd=folder, follow_symlinks=False)
    if stat.S_IMODE(info.st_mode) & 0o222 == 0 or not writable:
        raise ReadOnlyError(
            errno.EACCES,
            "the file is read-only: not replaced (save it under another name)",
            os.fspath(path),
        )


def free_name_beside(target: Path, folder: int | None = None) -> Path:
    """The first free name beside ``target`` for a copy: ``game (2).pyr.json``, ``(3)``...
    (looked up in the open ``folder`` where given)."""
    name = target.name
    suffix = next((s for s in (SUFFIX, ".lesson.json") if name.endswith(s)), target.suffix)
    stem = name[: len(name) - len(suffix)] if suffix else name
    stem = re.sub(r" \(\d+\)$", "", stem)
    for number in range(2, 10_000):
        candidate = target.with_name(f"{stem} ({number}){suffix}")
        if folder is None:
            if not os.path.lexists(candidate):
                return candidate
            continue
        try:
            os.stat(candidate.name, dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            return candidate
    raise FileExistsError(errno.EEXIST, "no free name beside it", os.fspath(target))


def _existing_target(folder: int, name: str, path: str | os.PathLike[str]) -> os.stat_result | None:
    """The file ``name`` in ``folder`` that a save replaces (None when there is none yet);
    OSError when it is not a regular file (a folder, a device, a FIFO)."""
    try:
        info = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode):
        raise OSError(
            errno.EISDIR if stat.S_ISDIR(info.st_mode) else errno.EINVAL,
            M_("{kind}, not a file to save to", kind=file_kind(info.st_mode)),
            os.fspath(path),
        )
    return info


def _check_written(
    folder: int, name: str, written: os.stat_result, size: int, path: str | os.PathLike[str]
) -> None:
    """OSError unless ``name`` in ``folder`` is now the file just written, whole: a success
    is never claimed for bytes that did not land (a file system that drops them, a rename
    lost)."""
    try:
        now = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except OSError as exc:
        raise OSError(
            errno.EIO,
            M_("not written: it is not there after saving ({reason})", reason=system_reason(exc)),
            os.fspath(path),
        ) from None
    if (now.st_dev, now.st_ino) != (written.st_dev, written.st_ino) or now.st_size != size:
        raise OSError(
            errno.EIO,
            M_(
                "not written as it should be: {there} bytes there, {saved} saved",
                there=i18n.number(now.st_size),
                saved=i18n.number(size),
            ),
            os.fspath(path),
        )


def check_writable(path: str | os.PathLike[str]) -> Path:
    """The file :func:`write_bytes` would replace for ``path``, checked before any work as
    a save checks it (its links: UnsafeLinkError) and by making (and removing) a temporary
    folder beside it; OSError when it cannot be written (a read-only file, a missing or
    read-only folder, a folder or device in the way, a file system such as /proc that
    takes no new files)."""
    with checked_place(path) as place:
        info = _existing_target(place.folder, place.name, path)
        if info is not None:
            _check_replaceable(place.folder, place.name, info, path)
        tmp = _make_temp(place.folder, _temp_stem(place.name))
        _remove_temp(place.folder, tmp)
        return place.path


def remove_stale_temps(path: str | os.PathLike[str]) -> None:
    """Remove the temporary files that killed saves of ``path`` left beside it (see
    :func:`write_bytes`); the window does it when it opens a file. Never raises."""
    try:
        with checked_place(path) as place:
            _remove_stale_temps(place.folder, _temp_stem(place.name), time.time())
    except (OSError, ValueError):
        return


def _temp_stem(name: str) -> str:
    """The target's name as it appears in its temporary files (shortened when it is so long
    that ``.NAME.PID-XXXXXXXX.tmp`` would pass the 255-byte limit on a name)."""
    return name if len(os.fsencode(name)) <= 200 else name[:40]


def _umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # no other way to read it; set it straight back
    os.umask(mask)
    return mask


def _fsync_folder(folder: int) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be synced)."""
    with contextlib.suppress(OSError):
        os.fsync(folder)


#: A temporary file is stale when its writer is gone; failing that, after this many seconds.
_STALE_AFTER = 24 * 3600


def _remove_stale_temps(folder: int, stem: str, started: float) -> None:
    """Remove the temporary files that killed saves of the same target left behind: those
    whose writing process no longer runs, and old-style ones (``.NAME.XXXXXXXX.tmp``, no
    process id) from before this save began. A save in progress elsewhere is left alone."""
    pattern = re.compile(rf"\.{re.escape(stem)}\.(?:(\d+)-)?[a-z0-9_]{{8}}\.tmp")
    try:
        entries = list(os.scandir(folder))  # (of the folder held: names, no paths)
    except OSError:
        return
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match is None:
            continue
        try:
            modified = entry.stat(follow_symlinks=False).st_mtime
            pid = match.group(1)
            if pid is None:
                stale = modified < started
            else:
                stale = modified < started - _STALE_AFTER or not _running(int(pid))
            if stale:
                _remove_temp(folder, entry.name)
        except OSError:
            continue


def _running(pid: int) -> bool:
    """Whether a process with this id runs on this machine (True when it cannot be told)."""
    if pid == os.getpid() or os.name != "posix":  # another thread of ours may be saving
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # e.g. PermissionError: it runs, as another user
    return True
