"""Pyramid Lab as a program of a Linux desktop (``pyramid-lab desktop install``): a
freedesktop.org menu entry, its icon and the MIME types of position and lesson files, in
the user's own folders (``$XDG_DATA_HOME``, by default ``~/.local/share``), so the program
is in the applications menu and a double-click on a ``*.pyr.json`` or ``*.lesson.json``
opens it there. Qt-free: plain files, and the desktop's own tools run when present.

What is written (and all that ``uninstall`` removes):

- ``applications/pyramid-lab.desktop``: ``Exec=<the installed pyramid-lab> open %f``;
- ``icons/hicolor/scalable/apps/pyramid-lab.svg``: the icon (package data);
- ``mime/packages/pyramid-lab.xml``: the two MIME types and their glob patterns;
- in ``$XDG_CONFIG_HOME/mimeapps.list`` (by ``xdg-mime default``): the entry as the
  default program of the two types.
"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from pyramid_lab.i18n import _
from pyramid_lab.model.files import write_bytes

APP_ID = "pyramid-lab"
DESKTOP_FILE = f"{APP_ID}.desktop"
#: The MIME types, their file patterns and what a file manager calls them.
MIME_TYPES = (
    ("application/x-pyramid-lab-position", "*.pyr.json", "Pyramid Lab position"),
    ("application/x-pyramid-lab-lesson", "*.lesson.json", "Pyramid Lab lesson"),
)
#: A tool's time limit (seconds): a desktop's database tool hung must not hang the install.
TOOL_SECONDS = 60

Say = Callable[[str], None]


@dataclass(frozen=True)
class Places:
    """Where the files go: the user's data and configuration folders."""

    data: Path
    config: Path

    @classmethod
    def of_user(cls) -> Places:
        from pyramid_lab.xdg import xdg_home

        return cls(
            xdg_home("XDG_DATA_HOME", ".local", "share"), xdg_home("XDG_CONFIG_HOME", ".config")
        )

    @property
    def entry(self) -> Path:
        return self.data / "applications" / DESKTOP_FILE

    @property
    def icon(self) -> Path:
        return self.data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"

    @property
    def mime(self) -> Path:
        return self.data / "mime" / "packages" / f"{APP_ID}.xml"

    @property
    def mimeapps(self) -> Path:
        return self.config / "mimeapps.list"

    def files(self) -> tuple[Path, Path, Path]:
        return self.entry, self.icon, self.mime


def command_line() -> list[str]:
    """How the desktop starts the installed program: the ``pyramid-lab`` script beside
    this Python (a virtual environment's, or the system's), else the one on PATH, else
    this Python running the command line's module."""
    beside = Path(sys.executable).parent / APP_ID
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside.absolute())]
    found = shutil.which(APP_ID)
    if found:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "pyramid_lab.viewer.cli"]


def _exec_word(word: str) -> str:
    """An argument of the entry's Exec key, quoted as the Desktop Entry Specification
    asks when it has a reserved character."""
    if word and not any(c in word for c in " \t\n\"'\\><~|&;$*?#()`="):
        return word
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in word)
    return f'"{escaped.replace("%", "%%")}"'


def desktop_entry(command: list[str]) -> str:
    words = " ".join(_exec_word(w) for w in command)
    types = "".join(f"{mime};" for mime, _glob, _about in MIME_TYPES)
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.5\n"
        "Name=Pyramid Lab\n"
        "GenericName=Pyramid board games\n"
        "Comment=Play, explore, solve and teach pyramid board games in 3D\n"
        f"Exec={words} open %f\n"
        f"TryExec={_exec_word(command[0])}\n"
        f"Icon={APP_ID}\n"
        "Terminal=false\n"
        "Categories=Game;BoardGame;Education;\n"
        "Keywords=pyramid;board game;lesson;puzzle;3D;\n"
        f"MimeType={types}\n"
    )


def mime_package() -> str:
    """The shared-mime-info package of the two types (a glob pattern each, weighted over
    ``*.json``'s, and the program's icon)."""
    types = "".join(
        f'  <mime-type type="{mime}">\n'
        f"    <comment>{about}</comment>\n"
        '    <sub-class-of type="application/json"/>\n'
        f'    <icon name="{APP_ID}"/>\n'
        f'    <glob pattern="{glob}" weight="60"/>\n'
        "  </mime-type>\n"
        for mime, glob, about in MIME_TYPES
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n'
        f"{types}</mime-info>\n"
    )


def icon_svg() -> bytes:
    return (files(__package__ or "pyramid_lab.viewer.freedesktop") / f"{APP_ID}.svg").read_bytes()


def install(places: Places, say: Say, command: list[str] | None = None) -> None:
    """Write the entry, the icon and the MIME types (each atomically; the same again
    changes nothing), then have the desktop read them where its tools are here. OSError
    when a file cannot be written."""
    made = {
        places.entry: desktop_entry(command or command_line()).encode("utf-8"),
        places.icon: icon_svg(),
        places.mime: mime_package().encode("utf-8"),
    }
    for path, data in made.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(path, data)
        say(_("wrote {path}").format(path=path))
    _refresh(places, say)
    default = ["xdg-mime", "default", DESKTOP_FILE, *(mime for mime, _g, _a in MIME_TYPES)]
    if _run(default, places, say):
        say(
            _("{entry} opens *.pyr.json and *.lesson.json files (xdg-mime default)").format(
                entry=DESKTOP_FILE
            )
        )


def uninstall(places: Places, say: Say) -> None:
    """Remove what :func:`install` wrote (the three files and the two default-program
    lines naming the entry), then have the desktop read its folders again."""
    for path in places.files():
        try:
            path.unlink()
        except FileNotFoundError:
            say(_("not there: {path}").format(path=path))
        else:
            say(_("removed {path}").format(path=path))
    if _forget_defaults(places.mimeapps):
        said = _("removed the default-program lines for {entry} from {path}")
        say(said.format(entry=DESKTOP_FILE, path=places.mimeapps))
    _refresh(places, say)


def _refresh(places: Places, say: Say) -> None:
    _run(["update-mime-database", str(places.data / "mime")], places, say)
    _run(["update-desktop-database", str(places.data / "applications")], places, say)


#: What to install when a tool is missing (Debian's package names).
_PACKAGES = {
    "update-mime-database": "shared-mime-info",
    "update-desktop-database": "desktop-file-utils",
    "xdg-mime": "xdg-utils",
}


def _run(command: list[str], places: Places, say: Say) -> bool:
    """Run a desktop tool when it is here (with the places as its XDG folders); say
    what it did, or that it is missing and what that means."""
    tool = command[0]
    if shutil.which(tool) is None:
        said = _(
            "{tool}: not found (Debian package {package}); skipped: the desktop picks the "
            "files up when it next reads its folders (at the latest on the next login)"
        )
        say(said.format(tool=tool, package=_PACKAGES[tool]))
        return False
    env = dict(os.environ, XDG_DATA_HOME=str(places.data), XDG_CONFIG_HOME=str(places.config))
    try:
        done = subprocess.run(
            command, env=env, capture_output=True, text=True, timeout=TOOL_SECONDS
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        say(_("{tool}: could not run ({error})").format(tool=tool, error=exc))
        return False
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        if lines:
            say(_("{tool}: failed: {why}").format(tool=tool, why=lines[-1][:200]))
        else:
            said = _("{tool}: failed: exit status {status}")
            say(said.format(tool=tool, status=done.returncode))
        return False
    say(_("ran {tool}").format(tool=tool))
    return True


def _forget_defaults(mimeapps: Path) -> bool:
    """Drop the lines of ``mimeapps.list`` that give the two types to the entry (in
    [Default Applications] and [Added Associations], as xdg-mime writes them), and a
    section or the file that this leaves empty; the rest stays as it was, byte for byte.
    Whether a line was dropped."""
    try:
        lines = mimeapps.read_text(encoding="utf-8").splitlines(keepends=True)
    except (FileNotFoundError, UnicodeDecodeError):
        return False
    ours = {mime for mime, _glob, _about in MIME_TYPES}
    sections: list[list[str]] = [[]]  # the lines before the first header, then each section
    emptied: set[int] = set()
    for line in lines:
        if line.lstrip().startswith("["):
            sections.append([line])
            continue
        key, value = line.split("=", 1) if "=" in line else ("", "")
        if key.strip() in ours:
            rest = [v for v in value.strip().split(";") if v and v != DESKTOP_FILE]
            if rest:
                sections[-1].append(f"{key.strip()}={';'.join(rest)};\n")
            emptied.add(len(sections) - 1)
            continue
        sections[-1].append(line)
    if not emptied:
        return False
    kept = [
        line
        for number, section in enumerate(sections)
        if not (number in emptied and number and not any(s.strip() for s in section[1:]))
        for line in section
    ]
    if any(line.strip() for line in kept):
        write_bytes(mimeapps, "".join(kept).encode("utf-8"))
    else:
        mimeapps.unlink()
    return True


class _KeysAsWritten(configparser.ConfigParser):
    """A parser that keeps the keys' case (a .desktop file's keys are case-sensitive)."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def entry_of(path: Path) -> dict[str, str]:
    """The [Desktop Entry] keys of a .desktop file (for checks)."""
    parser = _KeysAsWritten(interpolation=None, strict=False)
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])
