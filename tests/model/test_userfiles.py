"""Per-user files (model.userfiles): the lesson progress and the puzzles solved are read
within limits, a damaged or foreign one is set aside beside itself and told once, a newer
or unreadable one is left untouched and never written, and each change is merged with the
file on disk, so two processes never drop each other's ticks (issue 34, items 1-5)."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pyramid_lab.model import userfiles
from pyramid_lab.model.collection import PROGRESS_FILE, Entry, Progress
from pyramid_lab.model.lesson_progress import LESSON_PROGRESS_FILE, LessonProgress
from pyramid_lab.model.userfiles import UserFileError, set_aside


def memory_cap() -> None:
    """In the child: at most 3 GiB of address space (a regression that reads /dev/zero
    ends in MemoryError, not in the machine's memory filled)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))


ROOT = Path(__file__).resolve().parents[2]
DEEP = b"[" * 100_000 + b"]" * 100_000
LESSON = Path("/lessons/a.lesson.json")


def entry(key: str) -> Entry:
    return Entry(Path(f"/puzzles/{key}.pyr.json"), key, "win", None, key)


def puzzles(path: Path) -> Progress:
    return Progress(path)


def lessons(path: Path) -> LessonProgress:
    return LessonProgress(path)


STORES = {
    PROGRESS_FILE: (puzzles, lambda store: store.mark(entry("k1"))),
    LESSON_PROGRESS_FILE: (lessons, lambda store: store.record(LESSON, 3, done=2)),
}


def ticked(store: Progress | LessonProgress) -> bool:
    if isinstance(store, Progress):
        return store.is_solved("k1")
    return store.done(LESSON) == {2} and store.at(LESSON) == 3


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_zero_link(path: Path) -> None:
    path.symlink_to("/dev/zero")


def make_deep(path: Path) -> None:
    path.write_bytes(DEEP)


HOSTILE = {
    "fifo": make_fifo,
    "link to /dev/zero": make_zero_link,
    "nested 100,000 deep": make_deep,
    "not JSON": lambda p: p.write_text("not json"),
    "truncated": lambda p: p.write_text('{"format": "pyramid-lab-lesson-progress/1", "less'),
    "not UTF-8": lambda p: p.write_bytes(b'{"solved": {"\xff": 1}}'),
    "a list": lambda p: p.write_text("[1, 2]"),
    "a folder": lambda p: p.mkdir(),
    "another program's": lambda p: p.write_text('{"format": "other/1", "x": 1}'),
    "a number of 5,000 digits": lambda p: p.write_text('{"solved": ' + "9" * 5000 + "}"),
    "too big": lambda p: p.write_bytes(b" " * (userfiles.MAX_USER_FILE_BYTES + 1)),
}


BLOCKING = ("fifo", "link to /dev/zero")


def run_guarded(code: str, env: dict[str, str], timeout: float = 30) -> str:
    """Run ``code`` in a fresh interpreter (a read that blocks would hang the suite: here
    it fails after ``timeout``); its stdout."""
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=memory_cap,  # reading /dev/zero would fill the machine's memory
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("name", sorted(STORES))
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_damaged_or_foreign_file_is_set_aside_told_once_and_a_fresh_one_starts(
    tmp_path, name, kind
):
    path = tmp_path / name
    HOSTILE[kind](path)
    before = os.lstat(path)
    make, change = STORES[name]
    if kind in BLOCKING:  # a read would hang or fill the memory: a process of its own,
        out = run_guarded(  # with a time limit, so that the test fails, not the suite hangs
            f"""
            from pathlib import Path
            from pyramid_lab.model.collection import Progress
            from pyramid_lab.model.lesson_progress import LessonProgress
            cls = Progress if {name!r} == {PROGRESS_FILE!r} else LessonProgress
            told = []
            store = cls(Path({str(path)!r}), tell=told.append)
            assert not store.data and not store.kept, (store.data, store.kept)
            print(len(told)); print(told[0])
            """,
            {},
        )
    else:
        told: list[str] = []
        store = type(make(tmp_path / "other.json"))(path, tell=told.append)
        assert not store.data
        assert not store.kept
        out = f"{len(told)}\n{told[0]}"
    count, notice = out.splitlines()
    assert count == "1"  # told once
    assert "was damaged" in notice
    assert f"kept as {path.stem}.damaged.json" in notice
    aside = tmp_path / f"{path.stem}.damaged.json"
    assert (os.lstat(aside).st_ino, os.lstat(aside).st_mode) == (before.st_ino, before.st_mode)
    assert not os.path.lexists(path)
    store = make(path)  # the next run: a fresh file, nothing to tell
    assert store.take_notice() == ""
    change(store)
    again = make(path)
    assert ticked(again)
    assert again.take_notice() == ""
    assert os.lstat(aside).st_ino == before.st_ino  # the damaged one is still there


def test_an_earlier_damaged_copy_is_never_overwritten(tmp_path):
    path = tmp_path / PROGRESS_FILE
    (tmp_path / "puzzles-solved.damaged.json").write_text("first")
    (tmp_path / "puzzles-solved.damaged-2.json").write_text("second")
    path.write_text("third")
    store = Progress(path)
    assert "kept as puzzles-solved.damaged-3.json" in store.take_notice()
    assert (tmp_path / "puzzles-solved.damaged.json").read_text() == "first"
    assert (tmp_path / "puzzles-solved.damaged-2.json").read_text() == "second"
    assert (tmp_path / "puzzles-solved.damaged-3.json").read_text() == "third"


def test_set_aside_moves_a_link_or_a_folder_not_what_it_points_to(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep")
    link = tmp_path / "a.json"
    link.symlink_to(target)
    assert set_aside(link) == tmp_path / "a.damaged.json"
    assert (tmp_path / "a.damaged.json").is_symlink()
    assert target.read_text() == "keep"
    folder = tmp_path / "b.json"
    (folder / "inside").mkdir(parents=True)
    assert set_aside(folder) == tmp_path / "b.damaged.json"
    assert (tmp_path / "b.damaged.json" / "inside").is_dir()


@pytest.mark.parametrize("name", sorted(STORES))
def test_a_newer_format_is_left_untouched_and_nothing_is_saved(tmp_path, name):
    path = tmp_path / name
    fmt = (
        "pyramid-lab-puzzles-solved/2"
        if name == PROGRESS_FILE
        else ("pyramid-lab-lesson-progress/2")
    )
    text = json.dumps({"format": fmt, "whatever": {"new": [1, 2]}})
    path.write_text(text)
    make, change = STORES[name]
    told: list[str] = []
    store = type(make(tmp_path / "other.json"))(path, tell=told.append)
    assert len(told) == 1
    assert "newer Pyramid Lab" in told[0]
    assert fmt in told[0]
    assert "is not saved" in told[0] or "not ticked" in told[0]
    if isinstance(store, Progress):
        with pytest.raises(UserFileError):
            change(store)
    else:
        change(store)  # (lesson progress never raises: it was told)
    assert ticked(store)  # kept for this run
    assert path.read_text() == text  # never downgraded
    assert len(told) == 1  # and not told again at each change
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


@pytest.mark.parametrize("name", sorted(STORES))
def test_an_unreadable_file_is_left_untouched_and_not_written(tmp_path, name, monkeypatch):
    path = tmp_path / name
    path.write_text('{"secret": 1}')

    def refuse(*_args):
        raise PermissionError(errno.EACCES, "Permission denied")

    # (the tests run as root, whom no permission bit stops: the read is refused here)
    monkeypatch.setattr(userfiles, "read_regular_file", refuse)
    make, change = STORES[name]
    store = make(path)
    assert "cannot be read (Permission denied)" in store.take_notice()
    assert store.kept
    with pytest.raises(UserFileError) if isinstance(store, Progress) else _nothing():
        change(store)
    assert path.read_text() == '{"secret": 1}'
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_damaged_file_that_cannot_be_set_aside_is_left_and_not_written(tmp_path, monkeypatch):
    path = tmp_path / PROGRESS_FILE
    path.write_text("{broken")

    def refuse(*_args, **_kw):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "link", refuse)
    monkeypatch.setattr(os, "rename", refuse)
    store = Progress(path)
    notice = store.take_notice()
    assert "could not be set aside (Permission denied)" in notice
    assert "left as it is" in notice
    with pytest.raises(UserFileError):
        store.mark(entry("k1"))
    assert path.read_text() == "{broken"


def test_the_old_ticks_without_a_format_are_read_and_kept(tmp_path):
    path = tmp_path / PROGRESS_FILE
    path.write_text(json.dumps({"solved": {"k0": "old.pyr.json"}}))  # as main wrote them
    store = Progress(path)
    assert store.is_solved("k0")
    assert store.take_notice() == ""
    store.mark(entry("k1"))
    doc = json.loads(path.read_text())
    assert doc == {
        "format": "pyramid-lab-puzzles-solved/1",
        "solved": {"k0": "old.pyr.json", "k1": "k1.pyr.json"},
    }


def test_a_change_merges_with_what_another_window_wrote(tmp_path):
    path = tmp_path / "config" / PROGRESS_FILE
    first, second = Progress(path), Progress(path)  # two windows, both started empty
    first.mark(entry("a"))
    second.mark(entry("b"))  # re-reads: a stays
    assert Progress(path).solved.keys() == {"a", "b"}
    assert second.solved.keys() == {"a", "b"}  # and it sees the other's tick now
    first.forget(["a"])
    assert Progress(path).solved.keys() == {"b"}
    one, two = LessonProgress(tmp_path / "l.json"), LessonProgress(tmp_path / "l.json")
    one.record(LESSON, 1, done=0)
    two.record(LESSON, 2, done=1)
    assert LessonProgress(tmp_path / "l.json").done(LESSON) == {0, 1}


WRITER = """
import sys
from pathlib import Path
from pyramid_lab.model.collection import Entry, Progress
from pyramid_lab.model.lesson_progress import LessonProgress
path, who, n = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
progress = Progress(path / "puzzles-solved.json")
lessons = LessonProgress(path / "lesson-progress.json")
for i in range(n):
    key = f"{who}{i}"
    progress.mark(Entry(Path(key), key, "win", None, key))
    lessons.record(Path(f"/lessons/{who}.json"), i, done=i)
"""


def test_two_processes_writing_at_once_lose_no_tick(tmp_path):
    n = 60
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), who, str(n)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stderr=subprocess.PIPE,
            text=True,
        )
        for who in ("a", "b")
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    solved = Progress(tmp_path / PROGRESS_FILE).solved
    assert set(solved) == {f"{who}{i}" for who in "ab" for i in range(n)}
    progress = LessonProgress(tmp_path / LESSON_PROGRESS_FILE)
    for who in "ab":
        assert progress.done(Path(f"/lessons/{who}.json")) == set(range(n))
    assert sorted(p.name for p in tmp_path.iterdir()) == [LESSON_PROGRESS_FILE, PROGRESS_FILE]


def test_a_write_that_fails_leaves_the_file_as_it_was_and_says_so(tmp_path, monkeypatch):
    path = tmp_path / PROGRESS_FILE
    Progress(path).mark(entry("a"))
    before = path.read_bytes()
    told: list[str] = []
    store = Progress(path, tell=told.append)

    def full(*_args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(userfiles, "write_bytes", full)
    with pytest.raises(UserFileError):
        store.mark(entry("b"))
    assert store.is_solved("b")  # for this run
    assert path.read_bytes() == before
    assert told == [
        f"Your puzzle ticks ({path}) could not be written (No space left on device), so "
        "puzzles solved are not ticked in it this run"
    ]


def test_a_file_too_big_to_read_back_is_not_written(tmp_path, monkeypatch):
    monkeypatch.setattr(userfiles, "MAX_USER_FILE_BYTES", 300)
    path = tmp_path / PROGRESS_FILE
    store = Progress(path)
    store.mark(entry("a"))
    for i in range(3):
        store.mark(entry(f"key{i}"))
    before = path.read_bytes()
    with pytest.raises(UserFileError, match="read back"):
        store.mark(entry("a-tick-that-makes-it-too-big" * 3))
    assert path.read_bytes() == before  # the last that fitted is there, whole


def test_where_the_files_are(tmp_path, monkeypatch):
    monkeypatch.delenv("PYRAMID_LAB_CONFIG", raising=False)
    monkeypatch.delenv("PYRAMID_LAB_LESSON_PROGRESS", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert Progress().path == tmp_path / "pyramid-lab" / PROGRESS_FILE
    assert LessonProgress().path == tmp_path / "pyramid-lab" / LESSON_PROGRESS_FILE
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "own"))
    assert LessonProgress().path == tmp_path / "own" / LESSON_PROGRESS_FILE


# ---- the user's folders (issue 46, items 1 and 2) --------------------------------------------


def test_a_users_folder_is_made_on_first_use_and_a_file_in_the_way_is_said(tmp_path):
    folder = tmp_path / "config" / "lessons"
    assert userfiles.make_folder(folder) is None
    assert folder.is_dir()
    assert userfiles.make_folder(folder) is None  # there already: nothing to say
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    said = userfiles.make_folder(blocked / "lessons")
    assert said is not None
    assert said.startswith(f"{blocked / 'lessons'} could not be made: ")
    assert userfiles.make_folder(blocked) == f"{blocked} is not a folder"


def test_made_collections_lists_each_game_and_composed_set_by_names_only(tmp_path, monkeypatch):
    root = tmp_path / "made"
    monkeypatch.setenv(userfiles.PUZZLES_ENV, str(root))
    assert userfiles.made_collections() == []  # no folder yet: none
    assert userfiles.made_puzzles_folder("partition") == root / "partition"
    partition = root / "partition"
    composed = partition / "composed-3-floating"
    composed.mkdir(parents=True)
    for name in ("game-after-move-4.pyr.json", "game-after-move-6.pyr.json", "notes.txt"):
        (partition / name).write_text("{broken: never read}")
    (composed / "p1.pyr.json").write_text("")
    (root / "pyraos").mkdir()  # a game's folder with nothing in it: left out
    (root / "terrace" / "empty-set").mkdir(parents=True)
    assert userfiles.made_collections() == [
        ("partition", partition, 2),
        ("partition", composed, 1),
    ]


def test_made_collections_counts_a_huge_folder_only_so_far(tmp_path, monkeypatch):
    root = tmp_path / "made"
    monkeypatch.setenv(userfiles.PUZZLES_ENV, str(root))
    big = root / "ball"
    big.mkdir(parents=True)
    for i in range(userfiles.MAX_COUNTED + 50):
        (big / f"p{i}.pyr.json").touch()
    assert userfiles.made_collections() == [("ball", big, userfiles.MAX_COUNTED + 1)]


def test_the_made_puzzles_live_under_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv(userfiles.PUZZLES_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert userfiles.made_puzzles_root() == tmp_path / "data" / "pyramid-lab" / "puzzles"


def test_reset_forgets_one_lesson_and_keeps_the_others(tmp_path):
    store = LessonProgress(tmp_path / "progress.json")
    a, b = tmp_path / "a.lesson.json", tmp_path / "b.lesson.json"
    store.record(a, 2, done=1)
    store.record(b, 1, done=0)
    store.reset(a)
    again = LessonProgress(tmp_path / "progress.json")
    assert (again.at(a), again.done(a)) == (0, set())
    assert (again.at(b), again.done(b)) == (1, {0})
    store.reset(tmp_path / "never-seen.lesson.json")  # nothing to forget: nothing happens
    assert LessonProgress(tmp_path / "progress.json").done(b) == {0}
