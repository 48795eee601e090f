"""Open, save, the unsaved-changes question and a bad file, through the lab and its port:
every question the user is asked comes through the fake port."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.game import game_class
from pyramid_lab.viewer.lab import CANCEL, DISCARD, SAVE, Lab
from pyramid_lab.viewer.lab.session import Session

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LESSON = next((EXAMPLES.parent / "model" / "data" / "lessons" / "partition").glob("*.lesson.json"))


@pytest.fixture
def lab(port, inbox):
    lab = Lab(Session(game_class("partition").new()), port, post=inbox.post, bulletin=port.bulletin)
    yield lab
    lab.shutdown()


def one_move(lab):
    lab.play(lab.game.legal_moves()[0])


def test_save_as_asks_the_port_for_a_name_and_writes(lab, port, tmp_path):
    one_move(lab)
    port.files = [str(tmp_path / "game")]
    assert lab.documents.save()
    saved = tmp_path / "game.pyr.json"
    assert saved.exists()
    assert json.loads(saved.read_text())["game"] == "partition"
    assert not lab.session.dirty
    assert port.chosen[0][0] == "save"


def test_a_cancelled_save_dialog_writes_nothing(lab, port, tmp_path):
    one_move(lab)
    port.files = [None]
    assert not lab.documents.save()
    assert lab.session.dirty
    assert list(tmp_path.iterdir()) == []


def test_save_then_open_gives_the_same_position(lab, port, tmp_path):
    one_move(lab)
    key = lab.game.position_key()
    port.files = [str(tmp_path / "a.pyr.json")]
    lab.documents.save()
    one_move(lab)  # another move, not saved: dropped without a question
    assert lab.documents.open(tmp_path / "a.pyr.json", ask=False)
    assert lab.game.position_key() == key
    assert lab.session.path == tmp_path / "a.pyr.json"


def test_open_through_the_dialog(lab, port, tmp_path):
    path = tmp_path / "b.pyr.json"
    one_move(lab)
    lab.documents.save_file(path)
    lab.play(lab.game.legal_moves()[0])  # an unsaved change
    port.answers = [DISCARD]
    port.files = [str(path)]
    assert lab.documents.open_dialog()
    assert lab.session.ply == 1
    assert not lab.session.dirty
    assert port.chosen[-1] == ("open", tmp_path)


def test_the_unsaved_question_cancel_keeps_everything(lab, port, tmp_path):
    path = tmp_path / "c.pyr.json"
    lab.documents.save_file(path)
    one_move(lab)
    port.answers = [CANCEL]
    assert not lab.documents.open(path)
    assert lab.session.ply == 1
    assert lab.session.dirty
    ((question, _detail, can_save),) = port.asked
    assert question == "Save the changes to c.pyr.json?"
    assert can_save


def test_the_unsaved_question_and_a_bad_file_are_said_in_the_windows_language(lab, port, tmp_path):
    """The question and the refusal are sentences of the catalog (issue 90): the lab asks
    in English, the window says them in its own language."""
    path = tmp_path / "c.pyr.json"
    lab.documents.save_file(path)
    one_move(lab)
    port.answers = [CANCEL]
    assert not lab.documents.open(path)
    ((question, detail, _can_save),) = port.asked
    assert i18n.shown(question, "de") == "Änderungen an c.pyr.json speichern?"
    said = i18n.shown(detail, "de")
    assert said == (
        "Wenn du c.pyr.json öffnen willst, ohne zu speichern, gehen deine Änderungen verloren."
    )
    assert i18n.shown(detail, "fr").startswith("Si tu ouvres c.pyr.json sans enregistrer")
    bad = tmp_path / "bad.pyr.json"
    bad.write_text("{ not json")
    assert not lab.documents.open(bad)
    title = port.messages[-1][0]
    assert i18n.shown(title, "sv") == "Det går inte att öppna den här filen"
    assert i18n.shown(title, i18n.PSEUDO).startswith("⟦")


def test_the_unsaved_question_save_saves_first(lab, port, tmp_path):
    first, other = tmp_path / "d.pyr.json", tmp_path / "e.pyr.json"
    lab.documents.save_file(other)
    lab.documents.save_file(first)
    one_move(lab)
    port.answers = [SAVE]
    assert lab.documents.open(other)
    assert lab.session.path == other
    assert len(json.loads(first.read_text())["history"]) == 1


def test_no_question_without_changes(lab, port, tmp_path):
    path = tmp_path / "f.pyr.json"
    lab.documents.save_file(path)
    assert lab.documents.open(path)
    assert port.asked == []


def test_a_bad_file_is_explained_and_the_position_stays(lab, port, tmp_path):
    one_move(lab)
    bad = tmp_path / "bad.pyr.json"
    bad.write_text("{ not json")
    assert not lab.documents.open(bad)
    ((title, text),) = port.messages
    assert title == "Cannot open this file"
    assert text
    assert lab.session.ply == 1
    assert lab.session.dirty
    assert port.asked == []  # a bad file asks nothing about unsaved changes


def test_a_file_of_an_unknown_game_is_explained(lab, port, tmp_path):
    bad = tmp_path / "chess.pyr.json"
    bad.write_text(json.dumps({"game": "chess", "moves": []}))
    assert not lab.documents.open(bad)
    assert port.messages
    assert port.messages[0][0] == "Cannot open this file"


def test_a_missing_file_is_explained(lab, port, tmp_path):
    assert not lab.documents.open(tmp_path / "nowhere.pyr.json")
    assert port.messages[0][0] == "Cannot open this file"


def test_opened_files_are_recent(lab, port, tmp_path):
    path = tmp_path / "g.pyr.json"
    lab.documents.save_file(path)
    lab.documents.open(path)
    assert lab.documents.recent.paths()[0] == str(path)


def test_opening_a_file_gives_every_seat_to_a_human(lab, port, tmp_path):
    path = tmp_path / "h.pyr.json"
    lab.documents.save_file(path)
    lab.engine.set_player("blue", "easy")
    assert lab.documents.open(path)
    assert lab.engine.seats.computer == {}
    assert any("played by a human now" in text for text in port.statuses)


def test_a_shipped_example_is_saved_as_a_copy(lab, port, tmp_path):
    example = next((EXAMPLES / "partition").glob("*.pyr.json"))
    assert lab.documents.open(example)
    port.files = [None]
    assert not lab.documents.save()
    assert port.chosen[-1][0] == "save"
    assert "comes with Pyramid Lab" in port.statuses[-1]


def test_a_save_that_fails_is_explained(lab, port, tmp_path):
    assert not lab.documents.save_file(tmp_path / "no-such-folder" / "x.pyr.json")
    assert port.messages[0][0] == "Cannot save"


def test_a_lesson_file_starts_the_lesson(lab, port):
    changes = []
    lab.changed.connect(changes.append)
    assert lab.documents.open(LESSON)
    path = lab.lessons.path
    assert path == LESSON
    assert "lesson" in changes


def test_the_sessions_messages_are_the_status_line(lab, port, tmp_path):
    lab.session.message.emit("hello")
    assert port.statuses[-1] == "hello"
