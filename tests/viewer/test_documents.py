"""The Qt-free documents (viewer.lab.documents): open good and bad files, save atomically,
Open recent, and the unsaved-changes decision, with a front that answers instead of a
window."""

from __future__ import annotations

import json
import os
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest

from pyramid_lab.model import content
from pyramid_lab.model.files import read
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.lesson import LessonFile
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.viewer.lab import reading
from pyramid_lab.viewer.lab.documents import (
    CANCEL,
    DISCARD,
    SAVE,
    Documents,
    MemoryStore,
    RecentFiles,
)
from pyramid_lab.viewer.lab.session import EXAMPLES_DIR, Session

LESSON = sorted((content.lessons() / "partition").glob("*.lesson.json"))[0]


class Front:
    """Answers the questions from a list, records what the window would have shown."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []
        self.errors: list[tuple[str, str]] = []
        self.messages: list[str] = []
        self.lessons: list[tuple[LessonFile, Path]] = []
        self.paths: list[str | None] = []  # what the Open / Save dialogs answer, in turn
        self.dialogs: list[Path] = []
        self.solve_left: list[str] = []
        self.setup = False
        self.computer = False
        self.holds = 0

    def ask(self, question: str, detail: str, *, can_save: bool = True) -> str:
        assert self.holds > 0  # nothing moves on the board behind the question
        self.asked.append(question)
        return self.answers.pop(0)

    def open_path(self, folder: Path) -> str | None:
        self.dialogs.append(folder)
        return self.paths.pop(0)

    def save_path(self, suggested: Path) -> str | None:
        self.dialogs.append(suggested)
        return self.paths.pop(0)

    def held(self) -> AbstractContextManager[None]:
        @contextmanager
        def hold():
            self.holds += 1
            try:
                yield
            finally:
                self.holds -= 1

        return hold()

    def show_message(self, text: str) -> None:
        self.messages.append(text)

    def show_error(self, title: str, text: str) -> None:
        self.errors.append((title, text))

    def unapplied_setup(self) -> bool:
        return self.setup

    def leave_solve(self, why: str = "") -> None:
        self.solve_left.append(why)

    def start_lesson(self, lesson: LessonFile, path: Path) -> None:
        self.lessons.append((lesson, path))

    def release_players(self) -> bool:
        was, self.computer = self.computer, False
        return was


def make(*answers: str, game=None) -> tuple[Documents, Session, Front]:
    session = Session(game or Partition(PartitionOptions(3)))
    front = Front(*answers)
    return Documents(session, RecentFiles(MemoryStore()), front), session, front


def played(session: Session, *moves: str) -> Session:
    for text in moves:
        session.play(session.game.parse_move(text))
    return session


def saved_file(folder: Path, name: str = "s.pyr.json", *moves: str) -> Path:
    session = played(Session(Partition(PartitionOptions(4)), puzzle={"title": "t"}), *moves)
    return session.save(folder / name)


def test_open_a_good_file_shows_it_and_heads_open_recent(tmp_path):
    path = saved_file(tmp_path, "s.pyr.json", "1,1,1")
    docs, session, front = make()
    assert docs.open(path)
    assert session.game.position_key() == read(path).game.position_key()
    assert session.path == path
    assert session.puzzle == {"title": "t"}
    assert not session.dirty
    assert docs.recent.paths() == [str(path.resolve())]
    assert front.asked == []
    assert front.errors == []


def test_a_bad_file_is_explained_and_the_position_stays(tmp_path):
    docs, session, front = make(DISCARD)
    played(session, "1,1,0")
    bad = tmp_path / "bad.pyr.json"
    bad.write_text('{"format": "pyramid-lab/1", "game": "partition", "options": {"size": 0}}')
    assert not docs.open(bad)
    assert session.game.colour_at((1, 1, 0)) == "red"
    assert session.ply == 1
    assert session.dirty  # the unsaved work is still unsaved, and nobody was asked
    assert front.asked == []
    [(title, text)] = front.errors
    assert title == "Cannot open this file"
    assert "bad.pyr.json" in text
    assert docs.recent.paths() == []
    assert not docs.open(tmp_path / "gone.pyr.json")
    assert "No such file" in front.errors[-1][1]


def test_a_lesson_file_starts_its_lesson(tmp_path):
    docs, _session, front = make()
    assert docs.open(LESSON)
    [(lesson, path)] = front.lessons
    assert path == LESSON
    assert lesson.steps
    assert docs.recent.paths() == [str(LESSON.resolve())]
    broken = tmp_path / "broken.lesson.json"
    broken.write_text("{")
    assert not docs.open(broken)
    assert front.errors[-1][0] == "Cannot open this lesson"


def test_unsaved_changes_are_asked_about_once_the_file_is_good(tmp_path):
    path = saved_file(tmp_path)
    docs, session, front = make(CANCEL, DISCARD)
    played(session, "0,0,0")
    assert not docs.open(path)  # Cancel: the game stays
    assert front.asked == ["Save the changes to this untitled game?"]
    assert session.ply == 1
    assert session.path is None
    assert docs.open(path)  # Discard
    assert session.path == path
    assert not session.dirty
    assert front.solve_left[0] == ""  # Solve mode's attempt went before the question


def test_save_before_open_and_a_cancelled_save_keeps_the_game(tmp_path):
    other = saved_file(tmp_path, "other.pyr.json")
    docs, session, front = make(SAVE, SAVE)
    played(session, "0,0,0")
    front.paths = [None]  # the Save dialog cancelled: nothing opens
    assert not docs.open(other)
    assert session.path is None
    assert session.dirty
    mine = tmp_path / "mine"
    front.paths = [str(mine)]  # saved as mine.pyr.json, then the other file opens
    assert docs.open(other)
    assert read(tmp_path / "mine.pyr.json").game.move_stack
    assert session.path == other
    assert docs.recent.paths() == [
        str(other.resolve()),
        str((tmp_path / "mine.pyr.json").resolve()),
    ]


def test_an_unapplied_setup_is_asked_about_without_save(tmp_path):
    docs, _session, front = make(CANCEL, DISCARD)
    front.setup = True
    assert not docs.confirm_discard("quit")
    assert front.asked == ["Drop the set-up being edited?"]
    assert docs.confirm_discard("quit")  # Discard; the game itself has no changes


def test_save_is_atomic_and_a_failure_leaves_the_old_file(tmp_path, monkeypatch):
    path = saved_file(tmp_path, "s.pyr.json", "1,1,1")
    before = path.read_bytes()
    docs, session, front = make()
    assert docs.open(path)
    played(session, "0,0,0")

    def full_disk(target, data, **how):  # the temporary file cannot be written
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("pyramid_lab.model.files.document.save_bytes", full_disk)
    assert not docs.save()
    assert path.read_bytes() == before  # the old document, whole
    assert session.dirty
    assert front.errors == [("Cannot save", f"{path}: No space left on device")]
    monkeypatch.undo()
    assert docs.save()
    assert not session.dirty
    assert read(path).game.position_key() == session.game.position_key()
    assert [p.name for p in tmp_path.iterdir()] == ["s.pyr.json"]  # no temporary left
    assert front.solve_left[-1] == "Solve mode ended: the file keeps the puzzle"


def test_a_shipped_file_is_saved_as_a_copy(tmp_path):
    docs, session, front = make()
    example = sorted((EXAMPLES_DIR / "partition").glob("*.pyr.json"))[0]
    before = example.read_bytes()
    assert docs.open(example)
    front.paths = [str(tmp_path / "copy.pyr.json")]
    assert docs.save()
    assert example.read_bytes() == before
    assert session.path == tmp_path / "copy.pyr.json"
    assert front.messages[-1] == f"{example.name} comes with Pyramid Lab: save a copy"
    # the Save dialog offered the last folder a file was opened from: not the examples'
    assert front.dialogs[-1] == Path.home() / example.name


def test_opening_removes_what_a_killed_save_of_the_file_left(tmp_path):
    path = saved_file(tmp_path)
    killed = tmp_path / ".s.pyr.json.99999999-abcdefgh.tmp"  # its process is gone
    other = tmp_path / ".t.pyr.json.99999999-abcdefgh.tmp"  # another file's
    for temp in (killed, other):
        temp.write_text("{")
    docs, _, _ = make()
    assert docs.open(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [other.name, "s.pyr.json"]


def test_open_dialog_asks_first_and_starts_in_the_folder_shown(tmp_path):
    path = saved_file(tmp_path)
    docs, session, front = make(CANCEL, DISCARD)
    played(session, "0,0,0")
    assert not docs.open_dialog()  # Cancel: no dialog
    assert front.dialogs == []
    front.paths = [str(path)]
    assert docs.open_dialog()
    assert front.dialogs == [Path.home()]
    assert session.path == path
    front.paths = [None]
    assert not docs.open_dialog()  # nothing to ask now; the dialog starts beside the file
    assert front.dialogs[-1] == tmp_path.resolve()


def test_the_computer_gives_the_board_back_on_a_file(tmp_path):
    path = saved_file(tmp_path)
    docs, _session, front = make()
    front.computer = True
    assert docs.open(path)
    assert front.messages == [
        "s.pyr.json: every side is played by a human now (the computer: Game menu)"
    ]


def test_recent_files_newest_first_without_repeats_and_bounded(tmp_path):
    recent = RecentFiles(MemoryStore(), limit=3)
    seen = []
    recent.changed.connect(lambda: seen.append(1))
    names = [tmp_path / f"{n}.pyr.json" for n in "abcd"]
    for path in [*names, names[1]]:
        recent.remember(path)
    assert recent.paths() == [str(tmp_path / n) for n in ("b.pyr.json", "d.pyr.json", "c.pyr.json")]
    assert len(seen) == 5
    assert recent.folder(None) == tmp_path
    store = MemoryStore()
    store.setValue("recent", "/one/file.pyr.json")  # a store that keeps one as its item
    assert RecentFiles(store).paths() == ["/one/file.pyr.json"]
    store.setValue("folder", str(tmp_path / "gone"))
    assert RecentFiles(store).folder(None) == Path.home()


def test_open_starts_beside_the_file_on_show_save_as_not_among_the_examples(tmp_path):
    from pyramid_lab.viewer.lab.session import EXAMPLES_DIR

    recent = RecentFiles(MemoryStore())
    recent.remember(tmp_path / "mine.pyr.json")
    example = EXAMPLES_DIR / "pyraos" / "endgame-win-in-7.pyr.json"
    assert example.is_file()
    assert recent.folder(example, opening=True) == example.resolve().parent
    assert recent.folder(example) == tmp_path  # Save As: the user's own last folder
    own = tmp_path / "sub" / "x.pyr.json"
    own.parent.mkdir()
    assert recent.folder(own) == recent.folder(own, opening=True) == own.parent


def test_the_unsaved_flag_follows_moves_saves_and_recovery(tmp_path):
    path = saved_file(tmp_path)
    docs, session, _ = make()
    assert not session.dirty
    played(session, "0,0,0")
    assert session.dirty
    assert docs.save_file(tmp_path / "x.pyr.json")
    assert not session.dirty
    docs.load(read(path), path, dirty=True)  # a recovered autosave: changes not in the file
    assert session.dirty
    assert session.path == path


@pytest.mark.parametrize("reader", [reading.read_position, reading.read_any, reading.read_step])
def test_the_readers_name_the_file_and_the_fault(tmp_path, reader):
    bad = tmp_path / "bad.pyr.json"
    bad.write_text(json.dumps({"format": "pyramid-lab/1", "game": "nothing"}))
    with pytest.raises(PositionFormatError, match=r"bad\.pyr\.json"):
        reader(bad)
    assert isinstance(reading.read_any(LESSON), LessonFile)
    assert reading.read_step(LESSON).game.name == reading.read_any(LESSON).steps[0].position().name


def test_the_window_answers_in_the_documents_words():
    from pyramid_lab.viewer.widgets import unsaved

    assert (unsaved.SAVE, unsaved.DISCARD, unsaved.CANCEL) == (SAVE, DISCARD, CANCEL)


def test_a_file_saved_meanwhile_is_not_replaced_the_save_goes_beside_it(tmp_path):
    path = saved_file(tmp_path, "s.pyr.json", "1,1,1")
    docs, session, front = make()
    assert docs.open(path)
    played(session, "0,0,0")
    other = saved_file(tmp_path, "s.pyr.json", "2,2,1")  # another window saved it meanwhile
    theirs = other.read_bytes()
    assert docs.save()
    assert path.read_bytes() == theirs  # kept
    copy = tmp_path / "s (2).pyr.json"
    assert read(copy).game.position_key() == session.game.position_key()
    assert session.path == copy
    assert not session.dirty
    title, text = front.errors[-1]
    assert title == "Saved as a copy"
    assert "s (2).pyr.json" in text
    played(session, "1,0,0")  # the copy is ours now: saved over as usual
    assert docs.save()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s (2).pyr.json", "s.pyr.json"]


def test_a_file_opened_from_the_command_line_and_saved_meanwhile_goes_beside_it(tmp_path):
    # `pyramid-lab open FILE` makes its session from the document it read
    # (Session.from_document): it kept no fingerprint, and its save replaced a file another
    # window had saved meanwhile
    path = saved_file(tmp_path, "s.pyr.json", "1,1,1")
    session = played(Session.from_document(read(path), path), "0,0,0")
    theirs = saved_file(tmp_path, "s.pyr.json", "2,2,1").read_bytes()
    written = session.save()
    assert path.read_bytes() == theirs  # kept
    assert written == tmp_path / "s (2).pyr.json"
    assert read(written).game.position_key() == session.game.position_key()


def test_a_file_touched_but_not_changed_is_saved_over(tmp_path):
    path = saved_file(tmp_path, "s.pyr.json", "1,1,1")
    docs, session, _ = make()
    assert docs.open(path)
    played(session, "0,0,0")
    os.utime(path, (1, 1))
    assert docs.save()
    assert [p.name for p in tmp_path.iterdir()] == ["s.pyr.json"]
    assert read(path).game.position_key() == session.game.position_key()


def test_a_read_only_file_is_refused_and_save_as_offered(tmp_path):
    path = saved_file(tmp_path, "s.pyr.json", "1,1,1")
    before = path.read_bytes()
    path.chmod(0o444)
    docs, session, front = make()
    assert docs.open(path)
    played(session, "0,0,0")
    front.paths = [str(tmp_path / "mine.pyr.json")]
    assert docs.save()
    assert path.read_bytes() == before
    assert front.errors[0][0] == "Cannot save"
    assert "read-only" in front.errors[0][1]
    assert session.path == tmp_path / "mine.pyr.json"
    assert not session.dirty
    # Save as onto the read-only file: refused, Save as offered once more (cancelled)
    played(session, "1,0,0")
    front.paths = [str(path), None]
    assert not docs.save_as()
    assert path.read_bytes() == before
    assert session.dirty
    assert len(front.dialogs) == 3
    assert "read-only" in front.errors[-1][1]
