"""Where a save writes: the path resolved once, every symbolic link on it checked, and the
folder it ends in held open (:func:`checked_place`), so that what is written is what was
checked (:func:`model.files.save_file`, through which every writer of the program goes).

A save writes through a link (the link stays). That lets a link planted in a shared folder
turn a script's ``save("game.pyr.json")`` or ``render("share/pic.png")`` into the
replacement of any file its user can write (``notes.txt``, ``~/.bashrc``), and a link
among the folders (``share/sub -> victim/docs``) into a file made in someone else's
folder. So a save follows a link, wherever it stands on the path, only where no one else
could have made it: owned by the user (or root), in a folder that only the user (or root)
may change (its owner is one of them and no one else may write to it, or it is sticky and
the link is theirs). A link at the file's own name is followed only to a name of the same
kind (its name ends as the name saved to does). The walk opens each folder from the one
before it without following a link (``O_NOFOLLOW``), so a link made between the check and
the write is never followed: the save renames its temporary file into the folder held."""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from pyramid_lab.i18n import M_

#: Links followed at most before a save gives up (the system's own limit is about 40).
_MOST_LINKS = 40
#: (POSIX: the walk opens folders from a folder held, which other systems cannot do)
DIRECTORY = os.O_RDONLY | os.O_DIRECTORY
NOFOLLOW = os.O_NOFOLLOW
#: How the walk holds a folder on the way: by its place only where the system can
#: (Linux's O_PATH), so that a folder one may pass through but not list (0711) is passed as
#: the system passes it.
_PASS = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY


class UnsafeLinkError(OSError):
    """A save refused: the path holds a symbolic link that a save may not follow; nothing
    is written and the link and its target are left as they are."""


@dataclass
class Place:
    """Where a save writes: the name ``name`` in the folder open as ``folder`` (a file
    descriptor, closed by :meth:`close`), which is ``path`` as a person reads it."""

    folder: int
    name: str
    path: Path
    #: the folder's own path (for messages and the writers that need a name).
    parent: Path = field(init=False)

    def __post_init__(self) -> None:
        self.parent = self.path.parent

    def close(self) -> None:
        os.close(self.folder)

    def __enter__(self) -> Place:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def name_for_writer(folder: int, name: str, shown: Path) -> str:
    """A path to ``name`` in the folder open as ``folder`` (which is ``shown``), for a
    writer that opens files by name (an encoder): through the held descriptor where the
    system lists them (/proc), so that it names the folder checked whatever has been
    renamed since."""
    fds = f"/proc/{os.getpid()}/fd"
    if os.path.isdir(fds):
        return f"{fds}/{folder}/{name}"
    return os.path.join(shown, name)


def check_links(path: str | os.PathLike[str], suffix: str | None = None) -> None:
    """UnsafeLinkError unless a save of ``path`` may follow every link on it
    (:func:`checked_place`)."""
    checked_place(path, suffix).close()


def checked_place(path: str | os.PathLike[str], suffix: str | None = None) -> Place:
    """The folder a save of ``path`` writes in, open, and the name it writes there: ``path``
    resolved one name at a time from ``/`` (or the current folder), each folder opened from
    the one before without following a link, each link checked before it is followed
    (UnsafeLinkError: made by someone else, or in a folder others may change). A link at the
    file's own name must end at a name ending in ``suffix`` (by default the extension of
    the name given). OSError as the system says it (a missing folder, a file in the way),
    naming ``path``."""
    user = os.fsdecode(os.fspath(path))
    if suffix is None:
        suffix = Path(user).suffix
    if not user:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), user)
    absolute = user.startswith("/")
    todo = [part for part in user.split("/") if part]
    fd = os.open("/" if absolute else ".", _PASS)
    shown = [] if absolute else [part for part in os.getcwd().split("/") if part]
    hops = 0
    through_link = False
    try:
        while todo:
            part = todo.pop(0)
            if part == ".":
                continue
            if part == "..":
                fd = _enter(fd, "..", None, user)
                if shown:
                    shown.pop()
                continue
            last = not todo
            try:
                info = os.stat(part, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                if not last:
                    raise
                info = None
            if info is not None and stat.S_ISLNK(info.st_mode):
                hops += 1
                if hops > _MOST_LINKS:
                    raise UnsafeLinkError(
                        errno.ELOOP, M_("too many symbolic links: not saved"), user
                    )
                _check_planted(fd, shown, part, info, user)
                through_link = through_link or last
                target = os.readlink(part, dir_fd=fd)
                if target.startswith("/"):
                    fd = _enter(fd, "/", None, user)
                    shown = []
                todo = [piece for piece in target.split("/") if piece] + todo
                continue
            if last:
                fd = _readable(fd)
                place = Place(fd, part, Path("/" + "/".join([*shown, part])))
                if through_link and suffix and not part.lower().endswith(suffix.lower()):
                    raise _not_of_kind(place.path, suffix, user)
                return place
            assert info is not None
            if not stat.S_ISDIR(info.st_mode):
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), user)
            fd = _enter(fd, part, info, user)
            shown.append(part)
        # the path named a folder itself ("/", "a/.."): nothing to name inside it
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), user)
    except UnsafeLinkError:
        os.close(fd)
        raise
    except OSError as exc:  # said of the user's path, not of one name on it
        os.close(fd)
        raise OSError(exc.errno, exc.strerror, user) from None
    except BaseException:
        os.close(fd)
        raise


def _readable(fd: int) -> int:
    """The folder ``fd`` holds, opened again for reading where it may be (its temporary
    files listed, its rename made durable); else ``fd`` itself, which still names it."""
    try:
        new = os.open(".", DIRECTORY, dir_fd=fd)
    except OSError:
        return fd
    os.close(fd)
    return new


def _enter(fd: int, name: str, info: os.stat_result | None, user: str) -> int:
    """The folder ``name`` in the folder ``fd`` opened (``fd`` closed), never through a
    link; UnsafeLinkError when it is no longer the folder ``info`` checked."""
    flags = _PASS if name in ("..", "/") else _PASS | NOFOLLOW
    try:
        new = os.open(name, flags, dir_fd=None if name == "/" else fd)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.ELOOP, errno.ENOTDIR) and info is not None:
            raise _changed(user) from None
        raise OSError(exc.errno, exc.strerror, user) from None
    os.close(fd)
    if info is not None:
        now = os.fstat(new)
        if (now.st_dev, now.st_ino) != (info.st_dev, info.st_ino):
            os.close(new)
            raise _changed(user)
    return new


def _changed(user: str) -> UnsafeLinkError:
    return UnsafeLinkError(
        errno.EAGAIN, M_("a folder on the path changed while it was checked: not saved"), user
    )


def _not_of_kind(real: Path, suffix: str, user: str) -> UnsafeLinkError:
    if suffix == ".pyr.json":
        said = M_(
            "a symbolic link to {real}, which is not a position file (its name does not end "
            "in {suffix}): not replaced",
            real=str(real),
            suffix=suffix,
        )
    else:
        said = M_(
            "a symbolic link to {real}, whose name does not end in {suffix} as the name "
            "saved to does: not replaced",
            real=str(real),
            suffix=suffix,
        )
    return UnsafeLinkError(errno.EPERM, said, user)


def trusted_owner(uid: int) -> bool:
    """Whether a file of ``uid`` could only have been made by this user (or root)."""
    return uid in (os.getuid(), 0) if hasattr(os, "getuid") else True


def _private_group(gid: int) -> bool:
    """Whether the group ``gid`` is this user's own: their primary group, named as they
    are, with no other member (a user private group, where a folder made under umask 002
    is group-writable yet no one else's)."""
    try:
        import grp
        import pwd

        user = pwd.getpwuid(os.getuid())
        group = grp.getgrgid(gid)
    except (ImportError, KeyError, OSError):
        return False
    others = [member for member in group.gr_mem if member != user.pw_name]
    return gid == user.pw_gid and group.gr_name == user.pw_name and not others


def _check_planted(fd: int, shown: list[str], name: str, info: os.stat_result, user: str) -> None:
    """UnsafeLinkError where the link ``name`` in the folder ``fd`` could have been made or
    replaced by someone other than this user or root."""
    where = os.fstat(fd)
    folder = "/" + "/".join(shown)
    mode = stat.S_IMODE(where.st_mode)
    if mode & 0o020 and _private_group(where.st_gid):
        mode &= ~0o020  # the user's own group (Debian's user private groups, umask 002)
    sticky = bool(mode & stat.S_ISVTX)
    if not trusted_owner(info.st_uid):
        why = M_("a symbolic link made by another user ({link})", link=f"{folder}/{name}")
    elif not trusted_owner(where.st_uid) or (mode & 0o022 and not sticky):
        why = M_("a symbolic link in a folder others may write to ({folder})", folder=folder)
    else:
        return
    raise UnsafeLinkError(
        errno.EPERM,
        M_(
            "{why}: a save does not follow it (save under another name, or replace the link "
            "with the file or folder it names)",
            why=why,
        ),
        user,
    )
