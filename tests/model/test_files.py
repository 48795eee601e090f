"""Position files: round trips, every malformed case named, atomic saving."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from pyramid_lab.model import files
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.setup import started_from_setup
from tests.conftest import make_partition

SHIPPED = Path(__file__).resolve().parents[2] / "model" / "data"  # the lessons, the puzzles


def doc(**changes):
    base = {
        "format": "pyramid-lab/1",
        "game": "partition",
        "options": {"size": 3, "version": "stacking"},
        "to_move": "blue",
        "pieces": [[0, 0, 0, "red"]],
    }
    base.update(changes)
    return {k: v for k, v in base.items() if v is not None}


def load(raw):
    return files.loads(json.dumps(raw))


def test_reads_the_spec_example():
    text = json.dumps(
        {
            "format": "pyramid-lab/1",
            "game": "partition",
            "options": {"size": 5, "version": "floating"},
            "to_move": "red",
            "pieces": [[0, 0, 0, "red"], [1, 0, 0, "blue"]],
            "history": [],
            "puzzle": {"title": "Seal the apex", "goal": "red wins in 2", "notes": "..."},
        }
    )
    d = files.loads(text)
    assert d.game.to_move == "red"
    assert d.game.colour_at((1, 0, 0)) == "blue"
    assert d.puzzle["title"] == "Seal the apex"


def test_defaults_from_empty_options():
    d = load(doc(options={}, to_move="red", pieces=[]))
    assert d.game.options == PartitionOptions(5, "floating")


@pytest.mark.parametrize(
    ("raw", "key", "words"),
    [
        (doc(format="pyramid-lab/2"), "format", "must be 'pyramid-lab/1'"),
        (doc(game="chess"), "game", "unknown game 'chess'"),
        (doc(options=None), "options", "required key is missing"),
        (doc(options=[]), "options", "must be a JSON object"),
        (doc(options={"size": 1}), "options.size", "from 2 to"),
        (doc(options={"size": True}), "options.size", "integer"),
        (doc(options={"version": "flying"}), "options.version", "floating or stacking"),
        (doc(options={"colour": 1}), "options", "unknown option"),
        (doc(to_move="green"), "to_move", "'red' or 'blue'"),
        (doc(pieces={"a": 1}), "pieces", "must be a list"),
        (doc(pieces=[[0, 0, "red"]]), "pieces[0]", "must be [int, int, int, colour]"),
        (doc(pieces=[[0, 0, 0.5, "red"]]), "pieces[0]", "must be [int, int, int, colour]"),
        (doc(pieces=[[0, 0, 0, "green"]]), "pieces[0]", "colour must be"),
        (doc(pieces=[[0, 0, 3, "red"]]), "pieces[0]", "outside the base-3 pyramid"),
        (doc(pieces=[[2, 0, 1, "red"]]), "pieces[0]", "outside the base-3 pyramid"),
        (doc(pieces=[[0, 0, 0, "red"], [0, 0, 0, "blue"]]), "pieces[1]", "also given as pieces[0]"),
        (doc(pieces=[[0, 0, 1, "red"]]), "pieces[0]", "not supported"),
        (doc(pieces=[[0, 0, 0, "red"], [1, 0, 0, "red"]]), "pieces", "red has 2 balls and blue 0"),
        (doc(history="0,0,0"), "history", "list of moves"),
        (
            doc(history=["0,0,0", "0,0,0"], to_move="red", pieces=[]),
            "history[1]",
            "already holds a red ball",
        ),
        (doc(history=["0,0,1"], pieces=[[0, 0, 1, "red"]]), "history[0]", "not supported"),
        (doc(history=["nonsense"]), "history[0]", "not a point"),
        (doc(history=["1,0,0"]), "history", "does not give the position"),
        (doc(start="middle"), "start", "only value is 'pieces'"),
        (doc(study="yes"), "study", "true or false"),
        (doc(puzzle={"title": 3}), "puzzle.title", "must be a text"),
        (doc(colour="red"), "colour", "unknown key"),
    ],
)
def test_malformed_documents_are_named(raw, key, words):
    with pytest.raises(PositionFormatError) as info:
        load(raw)
    assert info.value.key == key
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "^the file is empty$"),
        (b"", "^the file is empty$"),
        (" \n\t", r"^the file is empty \(only white space\)$"),
        ("{", "not valid JSON: Expecting property name"),
        ('{"a": "b', "Unterminated string starting at line 1, column 7$"),  # one "at"
        ("[1, 2]", "one JSON object"),
        (b"\xff\xfe{", "not"),
    ],
)
def test_unreadable_text(text, words):
    with pytest.raises(PositionFormatError, match=words):
        files.loads(text)


def test_an_unknown_game_is_said_before_the_keys_it_would_need():
    with pytest.raises(PositionFormatError, match=r"^game: unknown game 'chess'; known games: "):
        files.from_json({"format": "pyramid-lab/1", "game": "chess"})


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("lessons/terrace/01-pushes.lesson.json", "this is a lesson file.*pyramid-lab open FILE"),
        ("puzzles/terrace/collection.json", "this is a puzzle collection's index"),
    ],
)
def test_another_document_of_the_app_is_named(path, words):
    with pytest.raises(PositionFormatError, match=rf"^format: {words}"):
        files.loads((SHIPPED / path).read_bytes())


def test_read_names_the_file(tmp_path):
    path = tmp_path / "bad.pyr.json"
    path.write_text("{}")
    with pytest.raises(PositionFormatError, match=rf"^{path}: format: required key is missing"):
        files.read(path)
    with pytest.raises(PositionFormatError, match="No such file"):
        files.read(tmp_path / "missing.pyr.json")


def played_game():
    g = Partition(PartitionOptions(4, "stacking"))
    for text in ["0,0,0", "1,0,0", "0,1,0", "1,1,0", "0,0,1", "3,3,0"]:
        g.push_text(text)
    return g


def test_round_trip_of_a_played_game(tmp_path):
    g = played_game()
    path = tmp_path / "game.pyr.json"
    files.write(path, g, {"title": "six moves"})
    d = files.read(path)
    assert d.game.position_key() == g.position_key()
    assert [str(m) for m in d.game.move_stack] == [str(m) for m in g.move_stack]
    assert d.puzzle == {"title": "six moves"}
    assert not started_from_setup(d.game)
    d.game.pop()  # the loaded history can be taken back
    assert d.game.colour_at((3, 3, 0)) is None
    assert files.dumps(files.read(path).game, {"title": "six moves"}) == path.read_text()


def test_round_trip_of_a_set_up_position_with_moves(tmp_path):
    g = make_partition(4, [(0, 0, 0)], [(3, 3, 0)], study=False)
    g.push_text("1,1,1")
    path = tmp_path / "p.pyr.json"
    files.write(path, g)
    raw = json.loads(path.read_text())
    assert raw["start"] == "pieces"
    assert raw["history"] == ["1,1,1"]
    assert [0, 0, 0, "red"] in raw["pieces"]
    assert [1, 1, 1, "red"] not in raw["pieces"]
    d = files.read(path)
    assert d.game.position_key() == g.position_key()
    assert started_from_setup(d.game)


def test_round_trip_of_a_study(tmp_path):
    g = make_partition(3, [(0, 0, 0), (1, 0, 0), (2, 0, 0)], [], study=True)
    path = tmp_path / "s.pyr.json"
    files.write(path, g)
    assert json.loads(path.read_text())["study"] is True
    assert files.read(path).game.position_key() == g.position_key()


def test_save_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / "keep.pyr.json"
    files.write(path, played_game())
    before = path.read_bytes()

    def broken_replace(src, dst, **_):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        files.write(path, Partition(PartitionOptions(3)))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.pyr.json"]  # no temp left


# ---- lessons -------------------------------------------------------------------------------


def test_lesson_round_trip(tmp_path):
    game = Partition.new(PartitionOptions(3))
    lesson = files.Lesson("Look at SW.", {"walls": True, "region": "SW"})
    path = tmp_path / "l.pyr.json"
    files.write(path, game, {"title": "L"}, lesson)
    raw = json.loads(path.read_text())
    assert raw["lesson"] == {"caption": "Look at SW.", "overlays": {"walls": True, "region": "SW"}}
    back = files.read(path)
    assert back.lesson == lesson
    assert back.puzzle == {"title": "L"}
    assert files.read(path).lesson is not None
    assert files.loads(files.dumps(game)).lesson is None


@pytest.mark.parametrize(
    ("lesson", "key", "words"),
    [
        ("hello", "lesson", "must be an object"),
        ({"caption": ""}, "lesson.caption", "non-empty"),
        ({"caption": "x", "colour": 1}, "lesson.colour", "unknown key"),
        ({"caption": "x", "overlays": {"walls": "yes"}}, "lesson.overlays.walls", "true or false"),
        ({"caption": "x", "overlays": {"region": "XX"}}, "lesson.overlays.region", "one of SW, SE"),
        ({"caption": "x", "overlays": {"glow": True}}, "lesson.overlays.glow", "unknown overlay"),
    ],
)
def test_malformed_lessons_are_named(lesson, key, words):
    with pytest.raises(PositionFormatError) as info:
        load(doc(lesson=lesson))
    assert info.value.key == key
    assert words in str(info.value)


def test_partition_overlays_on_another_game_are_refused():
    raw = {
        "format": "pyramid-lab/1",
        "game": "pyraos",
        "options": {},
        "to_move": "white",
        "pieces": [],
        "lesson": {"caption": "Pylos-like", "overlays": {"walls": True}},
    }
    with pytest.raises(PositionFormatError) as info:
        load(raw)
    assert info.value.key == "lesson.overlays.walls"
    assert "Pyraos has none" in str(info.value)
    raw["lesson"]["overlays"] = {}
    assert load(raw).lesson.caption == "Pylos-like"


# ---- nothing malformed escapes, nothing but a regular file is read (issue 12) ------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 1000 + "]" * 1000, "nested too deeply"),
        ('{"a": ' * 5000 + "1" + "}" * 5000, "nested too deeply"),
        (
            json.dumps(doc(puzzle={"a": "b"}))[:-1] + ', "x": ' + "[" * 3000 + "]" * 3000 + "}",
            "nested too deeply",
        ),
        ('{"format": ' + "1" * 5000 + "}", "a number of 5000 digits"),
        ('{"options": {"size": -' + "9" * 4400 + "}}", "a number of 4400 digits"),
        ('{"format": NaN}', "NaN is not a JSON number"),
        ('{"format": -Infinity}', "-Infinity is not a JSON number"),
        (json.dumps(doc())[:-1] + ', "to_move": "red"}', "'to_move' is given twice"),
    ],
)
def test_every_malformed_text_is_a_format_error(text, words):
    with pytest.raises(PositionFormatError, match=words):
        files.loads(text)
    with pytest.raises(PositionFormatError, match=words):
        files.loads(text.encode())


def test_a_document_over_the_size_cap_is_refused(tmp_path):
    text = json.dumps(doc(puzzle={"notes": "x" * files.MAX_FILE_BYTES}))
    with pytest.raises(PositionFormatError, match="at most 4,194,304 bytes"):
        files.loads(text)
    big = tmp_path / "big.pyr.json"
    with open(big, "wb") as out:
        out.truncate(files.MAX_FILE_BYTES + 1)  # sparse: nothing is written
    with pytest.raises(PositionFormatError, match=rf"^{big}: too big: 4,194,305 bytes"):
        files.read(big)


def test_read_refuses_a_directory_and_devices(tmp_path):
    with pytest.raises(PositionFormatError, match=rf"^{tmp_path}: a directory, not a position"):
        files.read(tmp_path)
    if os.path.exists("/dev/zero"):  # read to the end, it never ends
        with pytest.raises(PositionFormatError, match="a character device"):
            files.read("/dev/zero")
    with pytest.raises(PositionFormatError, match="embedded null"):
        files.read("a\0b.pyr.json")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_read_refuses_a_fifo_without_waiting_for_a_writer(tmp_path):
    import threading

    fifo = tmp_path / "pipe.pyr.json"
    os.mkfifo(fifo)
    outcome = []

    def attempt():
        try:
            files.read(fifo)
        except PositionFormatError as exc:
            outcome.append(str(exc))

    reader = threading.Thread(target=attempt, daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # let the blocked reader go before failing
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("read() waited for a writer on a FIFO")
    assert outcome == [f"{fifo}: a named pipe (FIFO), not a position file"]


# ---- saving keeps modes, links, and leaves no temporary files (issue 12) -------------------


def test_save_keeps_the_file_mode(tmp_path):
    path = tmp_path / "shared.pyr.json"
    for mode in (0o644, 0o640, 0o600):
        files.write(path, played_game())
        os.chmod(path, mode)
        files.write(path, played_game())
        assert path.stat().st_mode & 0o7777 == mode


def test_a_new_file_gets_the_umask_mode(tmp_path):
    old = os.umask(0o027)
    try:
        files.write(tmp_path / "new.pyr.json", played_game())
        files.write_text(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert (tmp_path / "new.pyr.json").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o640


def test_save_writes_through_a_symlink(tmp_path):
    real = tmp_path / "real" / "game.pyr.json"
    real.parent.mkdir()
    files.write(real, Partition(PartitionOptions(4, "stacking")))
    link = tmp_path / "link.pyr.json"
    link.symlink_to(real)
    files.write(link, played_game())
    assert link.is_symlink()
    assert os.readlink(link) == str(real)
    assert files.read(real).game.move_stack == played_game().move_stack
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.pyr.json", "real"]
    assert sorted(p.name for p in real.parent.iterdir()) == ["game.pyr.json"]


def test_save_refuses_a_directory_in_the_way(tmp_path):
    (tmp_path / "dir.pyr.json").mkdir()
    with pytest.raises(IsADirectoryError, match="a directory, not a file to save to"):
        files.write(tmp_path / "dir.pyr.json", played_game())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.pyr.json"]


def test_save_removes_temporary_files_that_killed_saves_left(tmp_path):
    path = tmp_path / "game.pyr.json"
    files.write(path, played_game())
    dead = tmp_path / ".game.pyr.json.99999999-abcdefgh.tmp"  # no such process id
    old_style = tmp_path / ".game.pyr.json.k3j_x9q2.tmp"  # before process ids were named
    running = tmp_path / f".game.pyr.json.{os.getppid()}-abcdefgh.tmp"  # a save under way
    other = tmp_path / ".other.pyr.json.99999999-abcdefgh.tmp"  # another file's
    for stale in (dead, old_style, running, other):
        stale.write_text("{")
    os.utime(old_style, (1_000_000_000, 1_000_000_000))
    files.write(path, played_game())
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(["game.pyr.json", running.name, other.name])


def test_a_failed_save_removes_the_stale_temps_and_its_own(tmp_path, monkeypatch):
    path = tmp_path / "game.pyr.json"
    files.write(path, played_game())
    dead = tmp_path / ".game.pyr.json.99999999-abcdefgh.tmp"  # a killed save's
    dead.write_text("{")

    def full_disk(src, dst, **_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError, match="No space left"):
        files.write(path, played_game())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.pyr.json"]


def test_opening_removes_what_killed_saves_left(tmp_path):
    path = tmp_path / "game.pyr.json"
    files.write(path, played_game())
    dead = tmp_path / ".game.pyr.json.99999999-abcdefgh.tmp"
    running = tmp_path / f".game.pyr.json.{os.getppid()}-abcdefgh.tmp"  # a save under way
    for temp in (dead, running):
        temp.write_text("{")
    files.remove_stale_temps(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["game.pyr.json", running.name])
    files.remove_stale_temps(tmp_path / "gone" / "x.pyr.json")  # never raises
    files.remove_stale_temps("bad\0name")


def test_a_save_that_did_not_land_is_an_error(tmp_path, monkeypatch):
    """A file system that drops the rename (or the bytes) must not give a false success:
    'render -o /dev/full.png' once said it wrote a picture that was not there."""
    path = tmp_path / "lost.png"
    monkeypatch.setattr(
        os, "replace", lambda src, dst, **at: os.unlink(src, dir_fd=at["src_dir_fd"])
    )
    with pytest.raises(OSError, match="not written: it is not there"):
        files.write_bytes(path, b"picture")
    monkeypatch.undo()
    path.write_bytes(b"old")
    monkeypatch.setattr(
        os, "replace", lambda src, dst, **at: os.unlink(src, dir_fd=at["src_dir_fd"])
    )  # the old one stays
    with pytest.raises(OSError, match="not written as it should be: 3 bytes there, 7 saved"):
        files.write_bytes(path, b"picture")


def test_check_writable_tries_the_folder_before_any_work(tmp_path):
    assert files.check_writable(tmp_path / "new.json") == tmp_path / "new.json"
    assert list(tmp_path.iterdir()) == []  # its trial file is gone
    with pytest.raises(FileNotFoundError):
        files.check_writable(tmp_path / "no" / "new.json")
    with pytest.raises(IsADirectoryError, match="a directory, not a file to save to"):
        files.check_writable(tmp_path)
    if os.path.isdir("/proc/self"):  # writable by its mode for root, yet it takes no files
        # (the system's words for it are in the process's language: a Qt test before this
        # one in the worker may have set the C library's locale from a French environment)
        with pytest.raises(OSError) as refused:  # noqa: PT011 (its errno is read below)
            files.check_writable("/proc/book.json")
        assert refused.value.errno in (errno.ENOENT, errno.EACCES), refused.value


# ---- sizes: bounded in files, and in memory (issue 12) -------------------------------------


def test_partition_size_is_bounded_and_the_maximum_named():
    from pyramid_lab.model.lattice import MAX_SIZE

    assert MAX_SIZE == 50
    with pytest.raises(PositionFormatError, match=r"options\.size: .* from 2 to 50"):
        load(doc(options={"size": 100}))
    spec = next(s for s in Partition.option_specs if s.name == "size")
    assert (spec.minimum, spec.maximum) == (2, MAX_SIZE)  # the New game dialog's range


def test_lattices_of_many_sizes_are_not_all_kept():
    from pyramid_lab.model.lattice import CACHED_SIZES, lattice

    for n in range(2, 16):
        load(doc(options={"size": n}, to_move="red", pieces=[]))
    assert lattice.cache_info().currsize <= CACHED_SIZES


def test_a_document_too_big_to_read_back_is_not_saved(tmp_path, monkeypatch):
    import errno

    import pyramid_lab.model.files as files

    path = tmp_path / "big.pyr.json"
    game = Partition(PartitionOptions(3))
    files.write(path, game)
    before = path.read_bytes()
    monkeypatch.setattr(files.document, "MAX_FILE_BYTES", 100)
    with pytest.raises(OSError, match="could not be read back") as caught:
        files.write(path, game, puzzle={"notes": "x" * 200})
    assert caught.value.errno == errno.EFBIG
    assert path.read_bytes() == before


def test_a_save_never_replaces_a_file_changed_since_it_was_read(tmp_path):
    path = tmp_path / "g.pyr.json"
    files.write_bytes(path, b"old")
    seen = files.fingerprint(path)
    assert seen is not None
    assert seen.matches(path)
    os.utime(path, (5, 5))  # touched, same bytes: still what was read
    assert seen.matches(path)
    files.write_bytes(path, b"new")  # saved meanwhile by someone else
    assert not seen.matches(path)
    with pytest.raises(files.FileChangedError):
        files.save_bytes(path, b"mine", read=seen)
    assert path.read_bytes() == b"new"
    written, _seen = files.save_bytes(path, b"mine", read=seen, beside=True)
    assert written == tmp_path / "g (2).pyr.json"
    assert written.read_bytes() == b"mine"
    assert files.save_bytes(path, b"mine", read=seen, beside=True)[0].name == "g (3).pyr.json"
    assert path.read_bytes() == b"new"
    # a file gone since it was read replaces nothing: written where it was
    path.unlink()
    assert files.save_bytes(path, b"mine", read=seen)[0] == path


def test_save_bytes_returns_the_fingerprint_of_what_it_wrote(tmp_path):
    path, seen = files.save_bytes(tmp_path / "a.json", b"abc")
    assert seen == files.fingerprint(path)
    files.save_bytes(path, b"abd", read=seen)  # the next save over it checks against it


def test_a_read_document_carries_its_fingerprint(tmp_path):
    path = tmp_path / "g.pyr.json"
    files.write(path, Partition(PartitionOptions(3)))
    doc = files.read(path)
    assert doc.fingerprint == files.fingerprint(path)


def test_a_read_only_file_is_never_replaced(tmp_path):
    path = tmp_path / "ro.pyr.json"
    path.write_bytes(b"theirs")
    path.chmod(0o444)
    for save in (
        lambda: files.write_bytes(path, b"mine"),
        lambda: files.save_bytes(path, b"mine", read=files.fingerprint(path), beside=True),
        lambda: files.check_writable(path),
    ):
        with pytest.raises(files.ReadOnlyError, match="read-only"):
            save()
    assert path.read_bytes() == b"theirs"
    assert [p.name for p in tmp_path.iterdir()] == ["ro.pyr.json"]


@pytest.mark.parametrize(
    ("name", "beside"),
    [
        ("g.pyr.json", "g (3).pyr.json"),  # (2) is taken
        ("g (2).pyr.json", "g (3).pyr.json"),
        ("l.lesson.json", "l (2).lesson.json"),
        ("picture.png", "picture (2).png"),
        ("noext", "noext (2)"),
    ],
)
def test_the_name_beside(tmp_path, name, beside):
    (tmp_path / name).write_bytes(b"")
    (tmp_path / "g (2).pyr.json").write_bytes(b"")
    assert files.free_name_beside(tmp_path / name).name == beside
