"""The split solve's checkpoint (:mod:`.split`): the settled units of one solve in a
folder, one small JSON file a unit written atomically, under a header naming the format,
its version and the solve's key; a folder that is not one is named and not trusted.

The folder is read as the per-user files are (:mod:`model.userfiles`): regular files only
(a FIFO, a device such as a link to ``/dev/zero``, a folder in a file's place are refused
before a byte is read, never waited on), each of at most :data:`MAX_UNIT_BYTES`, JSON within
the position files' limits (no nesting beyond reason). A header that fails makes the whole
folder untrusted, named in one line. The solve's own folder (the default one, under the
user's cache) is then set aside as a damaged per-user file is (``NAME.damaged``, never
overwritten) and a fresh one starts; a folder the user named (``--checkpoint``) may be
anything of the user's, and is neither read further nor written nor moved.

A unit is written in place of its name, never through it: a link, a FIFO, a folder or a
device found where a unit is to be written is set aside first (``NAME.damaged.json``), so
a link planted in the folder cannot have the solve overwrite the file it points to.

Each unit carries a digest of its content and of the solve's key: an HMAC-SHA256 keyed with
the user's secret (:func:`model.userfiles.checkpoint_secret`, made on first use, readable
by the user only), so a unit edited by hand, damaged, or copied from another solve does not
match; such a unit is not trusted but proven again, and the solve says how many units it
trusted and how many it proved again. Where the secret cannot be had the digest is unkeyed
(it still catches damage and a hand edit, not a digest made again on purpose)."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import stat
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_, Mn_, number
from pyramid_lab.xdg import xdg_home

from ..files import loads_json, read_regular_file, write_bytes
from ..game import Game, PositionFormatError, shorten
from ..userfiles import checkpoint_secret, set_aside
from ..words import system_reason
from .symmetry import Key

#: The checkpoint's header: its format and version (2: units carry their digest).
FORMAT = "pyramid-lab split checkpoint"
VERSION = 2
HEADER = "checkpoint.json"
#: The largest header or unit file read (a unit is some 200 bytes).
MAX_UNIT_BYTES = 64 * 1024
#: The most unit files read from one folder (a frontier has at most some thousands).
MAX_UNITS = 100_000
#: A unit file set aside (:func:`model.userfiles.set_aside`): not a unit, never read.
_SET_ASIDE = re.compile(r".*\.damaged(-[0-9]+)?\.json")


def stable(key: Hashable) -> str:
    """A text of ``key`` equal in every process and run (sets sorted: the order of a set of
    strings changes with the interpreter's hash seed)."""
    if isinstance(key, (frozenset, set)):
        return "{" + ",".join(sorted(stable(k) for k in key)) + "}"
    if isinstance(key, tuple | list):
        return "(" + ",".join(stable(k) for k in key) + ")"
    return repr(key)


def solve_key(
    game: Game, plies: int, max_depth: int, table_mb: float, *, key: Key
) -> dict[str, Any]:
    """What a checkpoint must have been made for to be trusted: the game, its rule options,
    the root position (up to the symmetries: ``key``, the game's symmetry key), the
    frontier's plies and the depth asked (``table_mb`` changes no proven value and is left
    out)."""
    del table_mb
    return {
        "game": game.name,
        "options": stable(game.options),
        "position": stable(key(game)),
        "plies": plies,
        "max_depth": max_depth,
    }


def default_checkpoint(game: Game, plies: int, max_depth: int, *, key: Key) -> Path:
    """The checkpoint folder of this solve under the user's cache (``XDG_CACHE_HOME``, else
    ``~/.cache``): ``pyramid-lab/solve/<game>-<digest of the key>``."""
    solve = solve_key(game, plies, max_depth, 0, key=key)
    # the version too: a folder of an older format is another folder (left as it was)
    made = json.dumps([FORMAT, VERSION, solve], sort_keys=True)
    digest = hashlib.sha256(made.encode()).hexdigest()[:16]
    cache = str(xdg_home("XDG_CACHE_HOME", ".cache"))
    return Path(cache) / "pyramid-lab" / "solve" / f"{game.name}-{digest}"


def _read_json(path: Path) -> Any:
    """A checkpoint file's JSON, read within the limits (PositionFormatError or OSError)."""
    data = read_regular_file(str(path), MAX_UNIT_BYTES, "checkpoint file")
    return loads_json(data, MAX_UNIT_BYTES, "checkpoint file")


class Checkpoint:
    """The units settled so far, in ``folder`` (see the module)."""

    def __init__(self, folder: Path, key: dict[str, Any], own: bool = False) -> None:
        self.folder = folder
        self.key = key
        #: the solve's own folder (the default, under the user's cache): one that is
        #: damaged is set aside and a fresh one starts (see the module)
        self.own = own
        #: where a damaged own folder was set aside ('' when none was)
        self.aside = ""
        self._damaged = ""  # why the folder is damaged (not merely another's or unreadable)
        self.secret, self.secret_note = checkpoint_secret()
        self._keyed = json.dumps(key, sort_keys=True).encode()
        #: The unit files found but not trusted at :meth:`open` (damaged, or whose digest
        #: does not match): their units are proven again.
        self.rejected: list[str] = []

    def digest(self, unit: str, value: str, plies: int | None) -> str:
        """The unit's digest: of the solve's key and its content (see the module)."""
        content = json.dumps([unit, value, plies]).encode()
        return hmac.new(self.secret, self._keyed + b"\0" + content, hashlib.sha256).hexdigest()

    def _untrusted(self, why: str) -> str:
        return M_(
            "checkpoint {folder}: {reason}; not trusted (not read, not written)",
            folder=shorten(str(self.folder)),
            reason=why,
        )

    def _unit(self, name: str) -> tuple[str, str, int | None] | None:
        """The unit in file ``name`` (id, value, plies) when it is whole and its digest
        matches; None otherwise."""
        try:
            data = _read_json(self.folder / name)
            uid, value, plies = data["unit"], data["value"], data["plies"]
            ok = (
                isinstance(uid, str)
                and name == f"{uid}.json"
                and value in ("win", "loss", "draw")
                and (plies is None or (type(plies) is int and 0 <= plies <= 10_000))
                and isinstance(data.get("digest"), str)
                and hmac.compare_digest(data["digest"], self.digest(uid, value, plies))
            )
        except (OSError, PositionFormatError, KeyError, TypeError):
            return None
        return (uid, value, plies) if ok else None

    def open(self) -> tuple[dict[str, tuple[str, int | None]], str]:
        """The units settled in the folder whose digests match (id -> value, plies), made
        ready for more; or nothing and the line saying why the folder is not trusted. The
        unit files not trusted are in :attr:`rejected` (their units are proven again). The
        solve's own folder, damaged, is set aside and a fresh one made: nothing is read
        from it, the line says where it went, and the checkpoint is written as usual
        (:attr:`aside` names it)."""
        settled, note = self._open()
        if not note or not self.own or self.aside or not self._damaged:
            return settled, note
        try:
            aside = set_aside(self.folder, "")
        except OSError as exc:
            said = M_(
                "checkpoint {folder}: {reason}; not trusted (not read, not written; it could "
                "not be set aside: {why})",
                folder=shorten(str(self.folder)),
                reason=self._damaged,
                why=shorten(system_reason(exc)),
            )
            return {}, shorten(said, 400)  # (a Message where it is short enough)
        self.aside, why = str(aside), self._damaged
        fresh, again = self._open()
        if again:
            return {}, again
        return fresh, M_(
            "checkpoint {folder} was damaged ({reason}): it is kept as {name} beside it, and a "
            "fresh one starts",
            folder=shorten(str(self.folder), 110),
            reason=shorten(why, 110),
            name=shorten(aside.name, 60),
        )

    def _open(self) -> tuple[dict[str, tuple[str, int | None]], str]:
        header = self.folder / HEADER
        self._damaged = ""  # why the folder is damaged (not merely another's or unreadable)
        self.rejected = []
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # a name with a dot first is a write's temporary file (model.files.write_bytes),
            # never renamed where a kill stopped it: not a unit
            names = []
            with os.scandir(self.folder) as entries:
                for entry in entries:
                    if not entry.name.startswith(".") and not _SET_ASIDE.fullmatch(entry.name):
                        names.append(entry.name)
                        if len(names) > MAX_UNITS:
                            self._damaged = M_("holds over {count} files", count=number(MAX_UNITS))
                            return {}, self._untrusted(self._damaged)
            if not names:
                made = {"format": FORMAT, "version": VERSION, "key": self.key}
                write_bytes(header, json.dumps(made).encode())
                return {}, ""
            if HEADER not in names:
                self._damaged = M_("holds files but no {header}: not a checkpoint", header=HEADER)
                return {}, self._untrusted(self._damaged)
            try:
                head = _read_json(header)
            except PositionFormatError as exc:
                self._damaged = f"{HEADER}: {shorten(str(exc), 200)}"  # (said as read)
                return {}, self._untrusted(self._damaged)
            # in the solve's own folder (named after the format, version and key) each of
            # these is damage too; in a folder the user named, another's folder
            if not isinstance(head, dict) or head.get("format") != FORMAT:
                self._damaged = M_("not a split solve's checkpoint")
            elif head.get("version") != VERSION:
                version = shorten(repr(head.get("version")), 40)
                self._damaged = M_("version {version}", version=version)
            elif head.get("key") != self.key:
                self._damaged = M_("made for another position or other options")
            if self._damaged:
                return {}, self._untrusted(self._damaged)
            settled: dict[str, tuple[str, int | None]] = {}
            for name in sorted(names):
                if name == HEADER:
                    continue
                unit = self._unit(name)
                if unit is None:
                    self.rejected.append(name)
                    continue
                uid, value, plies = unit
                settled[uid] = (value, plies)
            return settled, ""
        except OSError as exc:
            return {}, self._untrusted(shorten(system_reason(exc)))

    def rejected_note(self) -> str:
        """The line saying which unit files were not trusted ('' when none was)."""
        if not self.rejected:
            return ""
        count = len(self.rejected)
        shown = ", ".join(shorten(n, 40) for n in self.rejected[:3])
        folder = shorten(str(self.folder))
        if count > 3:
            return M_(
                "checkpoint {folder}: {count} unit files damaged or changed ({names} and "
                "{more} more); not trusted, proven again where needed",
                folder=folder,
                count=count,
                names=shown,
                more=count - 3,
            )
        return Mn_(
            "checkpoint {folder}: {count} unit file damaged or changed ({names}); not "
            "trusted, proven again where needed",
            "checkpoint {folder}: {count} unit files damaged or changed ({names}); not "
            "trusted, proven again where needed",
            count,
            folder=folder,
            count=count,
            names=shown,
        )

    def write(self, unit: str, value: str, plies: int | None, nodes: int, seconds: float) -> None:
        """Keep a settled unit (atomically: a kill leaves it whole or absent), in place of
        whatever has its name: a link, FIFO, folder or device there is set aside first,
        never written through (see the module). OSError when it cannot be written."""
        path = self.folder / f"{unit}.json"
        try:
            there = os.lstat(path)
        except FileNotFoundError:
            pass
        else:
            if not stat.S_ISREG(there.st_mode):
                set_aside(path)
        data = {
            "unit": unit,
            "value": value,
            "plies": plies,
            "nodes": nodes,
            "seconds": seconds,
            "digest": self.digest(unit, value, plies),
        }
        write_bytes(path, json.dumps(data).encode())
