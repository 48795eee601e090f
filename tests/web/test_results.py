"""A class's results file (issue 55, data): one class's, in the user's data folder by
default, locked while the class runs, written whole and private, keys kept as digests;
anything but a regular file of plain JSON in it refused with one line (exit status 2),
through the command as a teacher runs it."""

from __future__ import annotations

import hashlib
import json
import os
import stat

import pytest
from classroom_helpers import CODE, LESSON, SECOND

from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.viewer.classroom.checks import Refused
from pyramid_lab.viewer.classroom.room import Classroom, csv_text
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.classroom.store import RESULTS_FORMAT_1, class_name, results_folder
from pyramid_lab.viewer.cli import main


def run(capsys, *args: str) -> tuple[int, list[str]]:
    status = main(["classroom", str(LESSON), "--code", CODE, *args])
    err = capsys.readouterr().err
    return status, err.splitlines()


def student_entry(**changes) -> dict:
    entry = {"key_sha256": "0" * 64, "name": "Ada", "lesson": 0, "step": 0, "steps": []}
    entry.update(changes)
    return entry


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda p: os.mkfifo(p), "is a FIFO, not a results file"),
        (lambda p: p.mkdir(), "is a folder, not a results file"),
        (lambda p: p.write_text("[" * 100_000 + "]" * 100_000), "nested too deep"),
        (lambda p: p.write_text('{"format": NaN}'), "NaN is not a number a results file"),
        (
            lambda p: p.write_text(
                json.dumps(
                    {
                        "format": "pyramid-lab-classroom-results/2",
                        "lessons": [str(LESSON)],
                        "students": [student_entry(steps=[{"lesson": 0, "step": 0}])],
                    }
                ).replace('"step": 0}]', '"step": 0, "seconds": 1e999}]')
            ),
            "a number too big for a results file",
        ),
        (
            lambda p: p.write_text(
                json.dumps(
                    {
                        "format": "pyramid-lab-classroom-results/2",
                        "lessons": [str(LESSON)],
                        "students": [
                            student_entry(steps=[{"lesson": 0, "step": 0, "tries": 10**40}])
                        ],
                    }
                )
            ),
            "tries must be from 0 to 1000000000",
        ),
    ],
    ids=["fifo", "folder", "deep", "nan", "huge-float", "huge-int"],
)
def test_a_results_file_that_is_not_one_is_refused_in_one_line(tmp_path, capsys, make, said):
    path = tmp_path / "results.json"
    make(path)
    status, lines = run(capsys, "--results", str(path))
    assert status == 2
    assert len(lines) == 1, lines
    assert said in lines[0]
    assert "Traceback" not in lines[0]


def test_a_device_is_refused(capsys):
    status, lines = run(capsys, "--results", os.devnull)
    assert (status, len(lines)) == (2, 1)
    assert "is a device, not a results file" in lines[0]


def test_results_go_to_the_users_data_folder_by_the_class_name(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert results_folder() == tmp_path / "data" / "pyramid-lab" / "classroom"
    one = class_name([LESSON])
    assert one.startswith("01-corners-and-walls-")
    assert class_name([LESSON]) == one  # the same lessons, the same class: every run
    assert class_name([SECOND]) != one  # other lessons, another class, another file
    assert class_name([LESSON, SECOND]).startswith("01-corners-and-walls-and-1-more-")


def test_the_shipped_class_is_named_after_the_lesson_it_opens_on():
    """The shipped class's results file was "01-programming-and-19-more-...json" (Pyramid
    Ball's first lesson, first by path) while the class opens on Partition's "Corners and
    walls" (issue 89, item 9): named after the lesson it opens on; the digest is the same
    lessons' whatever their order."""
    from pyramid_lab.model import content
    from pyramid_lab.viewer.classroom.room import find_lessons

    found = find_lessons([content.lessons()])
    assert found[0].name == "01-corners-and-walls.lesson.json"
    name = class_name(found)
    assert name.startswith(f"01-corners-and-walls-and-{len(found) - 1}-more-"), name
    assert "programming" not in name
    assert class_name([SECOND, LESSON]).startswith("03-a-corner-ball-and-1-more-")
    digest = class_name([LESSON, SECOND]).rsplit("-", 1)[1]
    assert class_name([SECOND, LESSON]).rsplit("-", 1)[1] == digest


def test_a_second_class_on_the_same_results_file_is_refused_while_the_first_runs(tmp_path):
    path = tmp_path / "results.json"
    first = Classroom.open([LESSON], CODE, path, on_board, lock=True)
    try:
        with pytest.raises(PositionFormatError, match="another class is running on this"):
            Classroom.open([LESSON], CODE, path, on_board, lock=True)
    finally:
        first.close()
    again = Classroom.open([LESSON], CODE, path, on_board, lock=True)  # the first ended
    again.close()


def test_keys_in_clear_of_the_first_format_are_read_and_kept_as_digests(tmp_path):
    token = "k" * 24
    path = tmp_path / "results.json"
    old = {
        "format": RESULTS_FORMAT_1,
        "lessons": [str(LESSON)],
        "students": [{"token": token, "name": "Ada", "lesson": 0, "step": 1, "steps": []}],
    }
    path.write_text(json.dumps(old))
    room = Classroom.open([LESSON], CODE, path, on_board)
    assert room.student(token).step_index == 1
    room.save()
    text = path.read_text()
    assert token not in text
    assert hashlib.sha256(token.encode()).hexdigest() in text
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_the_teacher_removes_a_student_from_the_class_and_its_results(tmp_path):
    path = tmp_path / "results.json"
    room = Classroom.open([LESSON], CODE, path, on_board)
    ada, bo = room.join("Ada"), room.join("Bo")
    assert room.remove([bo.id]) == ["Bo"]
    with pytest.raises(Refused, match="the teacher has taken you out of this class"):
        room.student(bo.token)
    with pytest.raises(Refused, match="no such student"):
        room.remove([bo.id])
    room.save()
    saved = json.loads(path.read_text())
    assert [s["name"] for s in saved["students"]] == ["Ada"]
    assert [s["name"] for s in saved["removed"]] == ["Bo"]  # kept aside, not in the CSV
    assert "Bo" not in csv_text(room)
    assert room.student(ada.token) is ada
    # removed stays removed over a restart; the teacher may still bring Bo back
    room.close()
    again = Classroom.open([LESSON], CODE, path, on_board)
    with pytest.raises(Refused, match="the teacher has taken you out of this class"):
        again.student(bo.token)
    (gone,) = again.lines()["removed"]
    assert gone["name"] == "Bo"
    assert again.bring_back([gone["id"]]) == (["Bo"], 0)
    assert again.student(bo.token).name == "Bo"


def test_a_class_closed_to_new_students_lets_in_whom_the_teacher_says(tmp_path):
    room = Classroom.open([LESSON], CODE, tmp_path / "results.json", on_board)
    room.admission.set_closed(True)
    with pytest.raises(Refused, match="closed to new students"):
        room.join("Mallory")
    asked = room.admission.wait("Cy")
    mallory = room.admission.wait("Mallory")
    assert [w["name"] for w in room.lines()["waiting"]] == ["Cy", "Mallory"]
    cy = room.admit(asked)
    assert room.admission.forget_waiting(mallory) == "Mallory"
    assert [row["name"] for row in room.rows()] == ["Cy"]
    assert room.student(cy.token) is cy
    room.save()
    room.close()
    assert Classroom.open([LESSON], CODE, tmp_path / "results.json", on_board).admission.closed


def test_a_results_file_that_cannot_be_written_is_said(tmp_path):
    path = tmp_path / "results.json"
    room = Classroom.open([LESSON], CODE, path, on_board)
    room.join("Ada")
    path.mkdir()  # (root writes anywhere: a folder in the file's place cannot be replaced)
    with pytest.raises(IsADirectoryError):
        room.save()
    assert room.save_failed.startswith("the results file cannot be written (")
    assert str(tmp_path) not in room.save_failed  # said without the path
    assert room.ever_failed
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_results_file_behind_a_link_anyone_could_have_planted_is_refused(tmp_path, capsys):
    """Issue 109 item 13: the class's results (and its code beside them) are saved as every
    file is, through the link check: a link in a folder others may write to is not
    followed, and the file it names keeps its bytes."""
    share = tmp_path / "share"
    share.mkdir()
    kept = tmp_path / "notes.txt"
    kept.write_text("my notes")
    (share / "results.json").symlink_to(kept)
    share.chmod(0o777)
    status, lines = run(capsys, "--results", str(share / "results.json"))
    assert status == 2
    assert len(lines) == 1, lines
    assert "in a folder others may write to" in lines[0]
    assert kept.read_text() == "my notes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "share"]
