"""Start-up with autosave files of every bad kind: corrupt, truncated, foreign, nested too
deep, numbers no clock shows, files that are not files (a FIFO, a folder, /dev/zero),
unreadable files (no read permission; a link to nothing or to itself, which root cannot
read either), names
that are no process id. Finding them never raises or hangs; each is offered, and loading a
bad one is one PositionFormatError that names it, so the window sets it aside and says so.
(Recovering a good one: tests/viewer/test_unsaved.py.)"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from pyramid_lab.model.files import to_json
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.viewer.desktop import autosave
from pyramid_lab.viewer.widgets import unsaved

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


def _ended_pid() -> int:
    """A process's id once it has ended (true(1): no interpreter to start for it)."""
    ended = subprocess.Popen(["true"])
    ended.wait()
    return ended.pid


def _record(**changes):
    game = Partition(PartitionOptions(3))
    game.push(game.parse_move("2,0,0"))
    record = {
        "format": autosave.FORMAT,
        "pid": 1,
        "time": 1.0e9,
        "path": None,
        "document": to_json(game),
    }
    return {**record, **changes}


GOOD = json.dumps(_record())
#: name -> the file's text, and whether it loads
BAD_TEXTS = {
    "corrupt": ("{not json", False),
    "truncated": (GOOD[: len(GOOD) // 2], False),
    "foreign format": (json.dumps(_record(format="someone-else/1")), False),
    "a position file": (json.dumps(_record()["document"]), False),
    "a list": ("[1, 2]", False),
    "no document": (json.dumps({"format": autosave.FORMAT, "time": 1}), False),
    "deep nesting": ("[" * 100_000 + "]" * 100_000, False),  # a RecursionError at start-up
    "deep document": (json.dumps(_record(document=None)).replace("null", "[" * 5000), False),
    "a bad document": (json.dumps(_record(document={"format": "pyramid-lab/1"})), False),
    "huge number": (GOOD.replace("1000000000.0", "9" * 5000), False),
    "time 10**30": (json.dumps(_record(time=10**30)), True),  # localtime() overflowed
    # a number beyond any float is refused wherever the program reads JSON (issue 89: no
    # file is written that it refuses to read): the autosave is set aside with a message
    "time 1e400": (GOOD.replace("1000000000.0", "1e400"), False),
    "time a text": (json.dumps(_record(time="noon")), True),
    "path with NUL": (json.dumps(_record(path="a\x00b")), True),
    "path a number": (json.dumps(_record(path=5)), True),
    "path relative": (json.dumps(_record(path="x.pyr.json")), True),
    "latin-1 bytes": (GOOD.replace("pyramid", "pyr\udcffamid"), False),
}


@pytest.fixture
def bad_autosaves(tmp_path):
    """A folder of autosaves of every bad kind, each of an ended process; name -> file."""
    folder = tmp_path / "autosave"
    folder.mkdir()
    pid = _ended_pid()
    made = {}
    for offset, (name, (text, _)) in enumerate(BAD_TEXTS.items(), start=1000):
        file = folder / f"{pid + offset}{autosave.SUFFIX}"
        file.write_bytes(text.encode("utf-8", "surrogateescape"))
        made[name] = file
    made["a folder"] = folder / f"{pid + 2000}{autosave.SUFFIX}"
    made["a folder"].mkdir()
    if hasattr(os, "mkfifo"):  # reading it would wait for a writer for ever
        made["a FIFO"] = folder / f"{pid + 2001}{autosave.SUFFIX}"
        os.mkfifo(made["a FIFO"])
    if os.path.exists("/dev/zero"):  # reading it would never end
        made["/dev/zero"] = folder / f"{pid + 2002}{autosave.SUFFIX}"
        made["/dev/zero"].symlink_to("/dev/zero")
    # unreadable whoever reads: a link to nothing, a link to itself
    made["a dangling link"] = folder / f"{pid + 2004}{autosave.SUFFIX}"
    made["a dangling link"].symlink_to(folder / "nothing-here.json")
    made["a link loop"] = folder / f"{pid + 2005}{autosave.SUFFIX}"
    made["a link loop"].symlink_to(made["a link loop"])
    unreadable = folder / f"{pid + 2003}{autosave.SUFFIX}"
    unreadable.write_text(GOOD)
    unreadable.chmod(0)
    if os.geteuid() != 0:  # root reads it anyway
        made["unreadable"] = unreadable
    else:
        made["unreadable (root reads it)"] = unreadable
    # names that are no process id of ours: skipped (os.kill once overflowed on the first)
    for name in ("99999999999999999999", "-1", "0", "\u0663", "12 ", "abc"):
        (folder / f"{name}{autosave.SUFFIX}").write_text(GOOD)
    yield made
    if unreadable.exists():  # recovered and removed, or set aside
        unreadable.chmod(0o600)


def test_finding_bad_autosaves_never_raises_and_offers_each(bad_autosaves):
    folder = next(iter(bad_autosaves.values())).parent
    found = autosave.leftovers(folder)
    assert sorted(left.file for left in found) == sorted(bad_autosaves.values())
    for left in found:
        text = left.describe()
        assert text.startswith("an untitled game (autosaved ")
        assert ("unknown time" in text) == (left.time == 0)


def test_loading_a_bad_autosave_is_one_format_error(bad_autosaves):
    loads = {name: ok for name, (_, ok) in BAD_TEXTS.items()}
    loads["unreadable (root reads it)"] = True
    for name, file in bad_autosaves.items():
        left = autosave.Leftover(file, 0.0, None)
        if loads.get(name, False):
            assert left.load().game.move_stack, name
            continue
        with pytest.raises(PositionFormatError) as caught:
            left.load()
        assert str(caught.value).startswith(f"{file}: "), name
        assert "\n" not in str(caught.value)


def test_a_folder_that_cannot_be_listed_has_no_autosaves(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert autosave.leftovers(blocker / "autosave") == []
    assert autosave.leftovers(tmp_path / "missing") == []


def test_start_up_with_bad_autosaves(make_window, bad_autosaves, guard_errors, monkeypatch):
    """What the window does at start-up, once per autosave left: the good ones are
    recovered, the bad ones set aside with a message; nothing reaches the error guard."""
    warnings = []
    monkeypatch.setattr(
        "pyramid_lab.viewer.desktop.qt_port.QMessageBox.warning",
        lambda _p, title, text: warnings.append(text),
    )
    monkeypatch.setattr(unsaved, "ask_recover", lambda parent, what: unsaved.RECOVER)
    window = make_window()
    folder = next(iter(bad_autosaves.values())).parent
    recovered = 0
    for _ in range(len(bad_autosaves) + 1):
        if not autosave.leftovers(folder):
            break
        recovered += window.parts.recovery.offer()
    assert not guard_errors
    assert autosave.leftovers(folder) == []
    loads = sum(ok for _, ok in BAD_TEXTS.values()) + (
        "unreadable (root reads it)" in bad_autosaves
    )
    assert recovered == loads
    assert len(warnings) == len(bad_autosaves) - loads
    assert all("The file is kept as" in text for text in warnings)
    assert len(list(folder.glob("*.damaged.json"))) == len(warnings)
