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
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from model.files import PositionDocument, from_json, write_text
from model.game import PositionFormatError

SUFFIX = ".autosave.json"
FORMAT = "pyramid-lab-autosave/1"


def folder() -> Path:
    if os.environ.get("PYRAMID_LAB_AUTOSAVE"):
        return Path(os.environ["PYRAMID_LAB_AUTOSAVE"])
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
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
    time: float
    path: Path | None  # the file the game came from, if any

    def describe(self) -> str:
        name = self.path.name if self.path else "an untitled game"
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.time))
        return f"{name} (autosaved {when})"

    def load(self) -> PositionDocument:
        """The game it holds; PositionFormatError if the file is damaged."""
        try:
            record = json.loads(self.file.read_text(encoding="utf-8"))
            document = record["document"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise PositionFormatError(
                "", f"a damaged autosave ({exc})", source=str(self.file)
            ) from None
        try:
            return from_json(document)
        except PositionFormatError as exc:
            raise exc.with_source(str(self.file)) from None

    def discard(self) -> None:
        _unlink(self.file)

    def set_aside(self) -> Path:
        """Keep a damaged autosave out of the way, under another name; that name."""
        target = self.file.with_name(self.file.name.removesuffix(SUFFIX) + ".damaged.json")
        os.replace(self.file, target)
        return target


def leftovers(where: Path | None = None) -> list[Leftover]:
    """Autosaves of processes that no longer run, newest first."""
    out = []
    for file in (where or folder()).glob(f"*{SUFFIX}"):
        try:
            pid = int(file.name.removesuffix(SUFFIX))
        except ValueError:
            continue
        if pid == os.getpid() or _alive(pid):
            continue
        try:
            record = json.loads(file.read_text(encoding="utf-8"))
            stamp = float(record.get("time", 0.0))
            path = Path(record["path"]) if record.get("path") else None
        except (OSError, ValueError, TypeError, AttributeError):
            stamp, path = 0.0, None  # offered anyway: loading it says what is wrong
        out.append(Leftover(file, stamp, path))
    return sorted(out, key=lambda leftover: -leftover.time)


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
    return True
