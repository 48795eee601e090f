"""``pyramid-lab desktop install`` / ``uninstall`` (issue 59): the menu entry, its icon and
the MIME types of position and lesson files in the user's own folders (temporary ones
here), the desktop's tools run when present, the same again changing nothing, and
uninstall taking away exactly what install put."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from pyramid_lab.viewer.cli import main
from pyramid_lab.viewer.freedesktop import Places, _exec_word, desktop_entry, entry_of, icon_svg

ROOT = Path(__file__).resolve().parents[2]
MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"
#: What a user already had in mimeapps.list: left as it was
THEIRS = "[Default Applications]\ntext/plain=org.gnome.TextEditor.desktop\n"


class Done(NamedTuple):
    """What ``pyramid-lab desktop ACTION`` answered: its exit code and what it wrote."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def desktop(tmp_path, monkeypatch, capsys) -> Callable[..., Done]:
    """``pyramid-lab desktop ACTION`` run through the command line's ``main`` in this
    process, with the user's home and XDG folders the test's (and PATH where given), as a
    process would have them: what is checked is what the command writes and says, not its
    start (each process cost half a second of processor time before it did anything). The
    desktop's tools it runs are processes of their own, as they are for a user."""

    def run(action: str, path: str | None = None) -> Done:
        with monkeypatch.context() as env:
            for name in [k for k in os.environ if k.startswith("XDG_")]:
                env.delenv(name)
            env.setenv("HOME", str(tmp_path / "home"))
            env.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
            env.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
            if path is not None:
                env.setenv("PATH", path)
            env.chdir(ROOT)
            code = main(["desktop", action])
        out, err = capsys.readouterr()
        return Done(code, out, err)

    return run


def test_install_then_uninstall(tmp_path, desktop):
    places = Places(tmp_path / "data", tmp_path / "config")
    places.config.mkdir()
    places.mimeapps.write_text(THEIRS)
    done = desktop("install")
    assert done.returncode == 0, done.stderr
    for path in places.files():
        assert f"wrote {path}" in done.stdout
    entry = entry_of(places.entry)
    program = entry["Exec"].split()[0]
    assert entry["Exec"] == f"{program} open %f"  # a double-click: pyramid-lab open FILE
    assert Path(program).is_file()
    assert os.access(program, os.X_OK)
    assert program == str(Path(sys.executable).parent / "pyramid-lab")  # beside this Python
    assert entry["Icon"] == "pyramid-lab"
    assert entry["Type"] == "Application"
    assert entry["MimeType"] == (
        "application/x-pyramid-lab-position;application/x-pyramid-lab-lesson;"
    )
    assert places.icon.read_bytes() == icon_svg()
    assert ET.fromstring(icon_svg()).tag == "{http://www.w3.org/2000/svg}svg"
    globs = {
        t.get("type"): t.find(f"{MIME}glob").get("pattern")  # type: ignore[union-attr]
        for t in ET.parse(places.mime).getroot()
    }
    assert globs == {
        "application/x-pyramid-lab-position": "*.pyr.json",
        "application/x-pyramid-lab-lesson": "*.lesson.json",
    }
    if shutil.which("update-mime-database"):  # the database the desktop reads
        assert "ran update-mime-database" in done.stdout
        table = (places.data / "mime" / "globs2").read_text()
        assert "application/x-pyramid-lab-position:*.pyr.json" in table
        assert "application/x-pyramid-lab-lesson:*.lesson.json" in table
    else:
        assert "update-mime-database: not found" in done.stdout
    if shutil.which("xdg-mime"):
        listed = places.mimeapps.read_text()
        assert listed.startswith(THEIRS.splitlines()[0])
        assert "text/plain=org.gnome.TextEditor.desktop" in listed
        assert "application/x-pyramid-lab-position=pyramid-lab.desktop" in listed
        assert "application/x-pyramid-lab-lesson=pyramid-lab.desktop" in listed
    if not shutil.which("update-desktop-database"):
        assert "update-desktop-database: not found (Debian package desktop-file-utils)" in (
            done.stdout
        )
    made = {path: path.read_bytes() for path in places.files()}
    again = desktop("install")  # idempotent: the same files, the same defaults
    assert again.returncode == 0, again.stderr
    assert {path: path.read_bytes() for path in places.files()} == made
    assert places.mimeapps.read_text().count("pyramid-lab.desktop") in (0, 2)

    gone = desktop("uninstall")
    assert gone.returncode == 0, gone.stderr
    for path in places.files():
        assert not path.exists()
        assert f"removed {path}" in gone.stdout
    assert places.mimeapps.read_text() == THEIRS  # the user's own line, as it was
    if shutil.which("update-mime-database"):
        assert "pyramid-lab" not in (places.data / "mime" / "globs2").read_text()
    twice = desktop("uninstall")
    assert twice.returncode == 0, twice.stderr
    assert f"not there: {places.entry}" in twice.stdout


def test_without_the_desktop_tools_it_says_so(tmp_path, desktop):
    done = desktop("install", path=str(tmp_path / "no-tools"))
    assert done.returncode == 0, done.stderr
    for tool in ("update-mime-database", "update-desktop-database", "xdg-mime"):
        assert f"{tool}: not found" in done.stdout
    assert (tmp_path / "data" / "applications" / "pyramid-lab.desktop").is_file()
    assert not (tmp_path / "config" / "mimeapps.list").exists()
    assert desktop("uninstall", path=str(tmp_path / "no-tools")).returncode == 0
    assert not any(p.is_file() for p in (tmp_path / "data").rglob("*"))


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path, desktop):
    (tmp_path / "data").write_text("a file where the folder should be")
    done = desktop("install")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr


def test_exec_quotes_what_the_specification_reserves():
    assert _exec_word("/usr/bin/pyramid-lab") == "/usr/bin/pyramid-lab"
    assert _exec_word("/home/a b/.venv/bin/pyramid-lab") == '"/home/a b/.venv/bin/pyramid-lab"'
    assert _exec_word('/opt/x"$y`z\\/pyramid-lab') == '"/opt/x\\"\\$y\\`z\\\\/pyramid-lab"'
    assert _exec_word("/opt/100% sure/pyramid-lab") == '"/opt/100%% sure/pyramid-lab"'
    entry = desktop_entry(["/home/a b/python", "-m", "pyramid_lab.viewer.cli"])
    assert 'Exec="/home/a b/python" -m pyramid_lab.viewer.cli open %f\n' in entry


@pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="the window needs a display (Xvfb)")
def test_a_file_given_alone_opens_in_the_window(tmp_path):
    """What a file manager runs for a double-click on a position (``Exec``'s ``open %f``),
    and ``pyramid-lab FILE`` alone: the window opens on that file."""
    position = tmp_path / "my position.pyr.json"
    shutil.copy(ROOT / "examples" / "terrace" / "opening.pyr.json", position)
    env = dict(os.environ, HOME=str(tmp_path), QT_API="pyside6")
    env["PYRAMID_LAB_AUTOSAVE"] = str(tmp_path / "autosave")
    shot = tmp_path / "s.png"
    done = subprocess.run(
        [sys.executable, "-m", "pyramid_lab.viewer.cli", str(position), "--screenshot", str(shot)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("my position.pyr.json - Allmer's Pyramid - Pyramid Lab")
    assert shot.stat().st_size > 10_000
