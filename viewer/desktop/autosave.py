"""Autosave: while the game has unsaved changes, the window writes it (every line, its
file name, puzzle and lesson) to a file of this process's own a moment after each change;
saving, discarding or quitting removes it. A file left by a process that no longer runs
is what a crash left behind, and the next start offers to recover it.

Qt-free; the window drives it. The folder is ``$PYRAMID_LAB_AUTOSAVE`` or
``$XDG_DATA_HOME/pyramid-lab/autosave`` (``~/.local/share/...`` by default).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import _
from pyramid_lab.model.files import (
    MAX_FILE_BYTES,
    PositionDocument,
    from_json,
    read_json,
    write_text,
)
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.xdg import xdg_home

SUFFIX = ".autosave.json"
FORMAT = "pyramid-lab-autosave/1"
#: Largest autosave read: a position file's size and room for the record around it (the
#: document is written without indentation, so it is smaller than the saved file).
MAX_AUTOSAVE_BYTES = 2 * MAX_FILE_BYTES
_NAME = re.compile(r"([1-9][0-9]{0,9})" + re.escape(SUFFIX))  # a process id, as written


def folder() -> Path:
    if os.environ.get("PYRAMID_LAB_AUTOSAVE"):
        return Path(os.environ["PYRAMID_LAB_AUTOSAVE"])
    data = str(xdg_home("XDG_DATA_HOME", ".local", "share"))
    return Path(data) / "pyramid-lab" / "autosave"


class Autosave:
    """This process's autosave file."""

    def __init__(self, where: Path | None = None, pid: int | None = None) -> None:
        self.folder = where or folder()
        self.file = self.folder / f"{pid or os.getpid()}{SUFFIX}"

    def write(self, document: dict[str, Any], path: Path | None) -> None:
        """Keep ``document`` (a position file's JSON), which came from ``path``."""
        self.folder.mkdir(parents=True, exist_ok=True)
        record = {
            "format": FORMAT,
            "pid": os.getpid(),
            "time": time.time(),
            "path": str(path.resolve()) if path else None,
            "document": document,
        }
        write_text(self.file, json.dumps(record))

    def remove(self) -> None:
        _unlink(self.file)


@dataclass(frozen=True)
class Leftover:
    """An autosave whose process is gone."""

    file: Path
    time: float  # seconds since the epoch; 0 when not known
    path: Path | None  # the file the game came from, if any

    def describe(self) -> str:
        if self.time <= 0:  # not known: the file is damaged
            if self.path is None:
                return _("an untitled game (autosaved at an unknown time)")
            return _("{name} (autosaved at an unknown time)").format(name=self.path.name)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.time))
        if self.path is None:
            return _("an untitled game (autosaved {when})").format(when=when)
        return _("{name} (autosaved {when})").format(name=self.path.name, when=when)

    def load(self) -> PositionDocument:
        """The game it holds; PositionFormatError if the file is damaged, truncated, of
        another kind, or cannot be read (it is read as position files are: a regular file
        of bounded size, numbers and nesting in reason)."""
        record = _read_record(self.file)
        if record.get("format") != FORMAT or "document" not in record:
            raise PositionFormatError(
                "",
                _("not a Pyramid Lab autosave (format {format})").format(format=repr(FORMAT)),
                source=str(self.file),
            )
        try:
            return from_json(record["document"])
        except PositionFormatError as exc:
            raise exc.with_source(str(self.file)) from None
        except RecursionError:  # a document nested far beyond the format's
            raise PositionFormatError(
                "", _("lists or objects nested too deeply"), source=str(self.file)
            ) from None

    def discard(self) -> None:
        _unlink(self.file)

    def set_aside(self) -> Path:
        """Keep a damaged autosave out of the way, under another name; that name (its own
        where it cannot be renamed: a read-only folder)."""
        target = self.file.with_name(self.file.name.removesuffix(SUFFIX) + ".damaged.json")
        try:
            os.replace(self.file, target)
        except OSError:
            return self.file
        return target


def leftovers(where: Path | None = None) -> list[Leftover]:
    """Autosaves of processes that no longer run, newest first. Never raises: a folder
    that cannot be listed has none; a damaged file is offered with what could be read of
    it (loading it says what is wrong)."""
    out = []
    try:
        files = list((where or folder()).glob(f"*{SUFFIX}"))
    except OSError:
        return []
    for file in files:
        match = _NAME.fullmatch(file.name)  # 'N.autosave.json' of this program's writing
        if match is None:
            continue
        pid = int(match.group(1))
        if pid == os.getpid() or _alive(pid):
            continue
        stamp, path = 0.0, None  # offered anyway: loading it says what is wrong
        try:
            record = _read_record(file)
        except PositionFormatError:
            record = {}
        when = record.get("time")
        if isinstance(when, int | float) and not isinstance(when, bool) and 0 < when < 1e11:
            stamp = float(when)  # a time a clock shows (1e11 s is some 3,000 years on)
        text = record.get("path")
        if isinstance(text, str) and text and "\0" not in text and os.path.isabs(text):
            path = Path(text)
        out.append(Leftover(file, stamp, path))
    return sorted(out, key=lambda leftover: -leftover.time)


def _read_record(file: Path) -> dict[str, Any]:
    """The JSON object of an autosave file; PositionFormatError (naming the file) when it
    cannot be read or is not an object."""
    record = read_json(file, MAX_AUTOSAVE_BYTES, "Pyramid Lab autosave")
    if not isinstance(record, dict):
        raise PositionFormatError(
            "",
            _("not a Pyramid Lab autosave (format {format})").format(format=repr(FORMAT)),
            source=str(file),
        )
    return record


def _unlink(file: Path) -> None:
    with contextlib.suppress(OSError):  # gone already, or the folder is unusable
        file.unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    except (OverflowError, OSError):
        return False  # no process has such an id
    return True
