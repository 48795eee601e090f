"""Which symbolic links a save of a position file may write through (:func:`files.write`).

A save writes through a link to the file it names (the link stays). That lets a link
planted in a shared folder turn a script's ``save("game.pyr.json")`` into the replacement
of any file its user can write (``notes.txt``, ``~/.bashrc``). So a save follows a link
only where it ends at a position file's name, and only through links that no one else
could have made: each link owned by the user, in a folder no one else may write to."""

from __future__ import annotations

import errno
import os
import stat

#: Links followed at most before a save gives up (the system's own limit is about 40).
_MOST_LINKS = 40


class UnsafeLinkError(OSError):
    """A save refused: the name is a symbolic link that a save may not follow; nothing is
    written and the link and its target are left as they are."""


def check_links(path: str | os.PathLike[str], suffix: str) -> None:
    """UnsafeLinkError unless every symbolic link that ``path`` names, one after another,
    was made by this user in a folder only this user may write to, and the file they end
    at (which may not exist yet) has a name ending in ``suffix``. A path that is no link
    is left to the save."""
    user = os.fsdecode(os.fspath(path))
    hop = os.path.abspath(user)
    for _ in range(_MOST_LINKS):
        try:
            info = os.lstat(hop)
        except FileNotFoundError:
            break
        if not stat.S_ISLNK(info.st_mode):
            break
        _check_planted(hop, info, user)
        hop = os.path.join(os.path.dirname(hop), os.readlink(hop))
    else:
        raise UnsafeLinkError(errno.ELOOP, "too many symbolic links: not saved", user)
    if hop == os.path.abspath(user):
        return
    real = os.path.realpath(hop)
    if not os.path.basename(real).endswith(suffix):
        raise UnsafeLinkError(
            errno.EPERM,
            f"a symbolic link to {real}, which is not a position file (its name does not end "
            f"in {suffix}): not replaced",
            user,
        )


def _check_planted(link: str, info: os.stat_result, user: str) -> None:
    """UnsafeLinkError where the link at ``link`` could have been made by someone else."""
    uid = os.getuid() if hasattr(os, "getuid") else info.st_uid
    folder = os.path.dirname(link)
    try:
        where = os.stat(folder)
    except OSError:
        return  # (the save itself will say what is wrong with the folder)
    if info.st_uid != uid:
        why = "made by another user"
    elif where.st_uid != uid or stat.S_IMODE(where.st_mode) & 0o022:
        why = f"in a folder others may write to ({folder})"
    else:
        return
    raise UnsafeLinkError(
        errno.EPERM,
        f"a symbolic link {why}: a save does not follow it (save under another name, or "
        "replace the link with the file)",
        user,
    )
