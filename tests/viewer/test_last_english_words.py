"""The places that still printed English whatever the language after issue 90's last lines
(``docs/i18n.md``): a practice collection's folder refusals, a save's check that its bytes
landed, the split solve's resource tracker, and the compiled core's own progress words
(compiling, loading, waiting for another process, each step). Each English as it was; a
German reader gets German; the pseudo-locale marks each."""

from __future__ import annotations

import contextlib
import errno
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.model import lesson_check
from pyramid_lab.model.collection import NotAFolderError, load
from pyramid_lab.model.files import saving
from pyramid_lab.model.search.compiled import first_use
from pyramid_lab.model.words import reason_of, system_reason

GERMAN_NO_FILE = "Datei oder Ordner nicht gefunden"


def _german(text: str) -> str:
    return i18n.shown(text, "de")


# ---- a practice collection's folder --------------------------------------------------------


def test_a_collection_that_is_no_folder_is_refused_in_the_readers_language(tmp_path, german):
    (tmp_path / "file").write_text("x")
    for name in ("none", "file"):
        with pytest.raises(NotADirectoryError) as caught:  # (what every caller catches)
            load(tmp_path / name)
        assert isinstance(caught.value, NotAFolderError)
        words = reason_of(caught.value)
        assert words == f"{tmp_path / name}: not a folder"  # the English as it was
        assert str(caught.value) == f"{tmp_path / name}: kein Ordner"  # this process's
        assert i18n.shown(words, "fr") == f"{tmp_path / name} : pas un dossier"  # a window's


def test_a_collection_folder_that_cannot_be_looked_at_says_why_in_german(tmp_path, german):
    name = tmp_path / ("x" * 5000)  # a name too long: the system refuses to look
    with pytest.raises(NotAFolderError) as caught:
        load(name)
    english = reason_of(caught.value)
    assert english.endswith(": cannot be opened as a folder (File name too long)")
    assert str(caught.value).endswith(": kann nicht als Ordner geöffnet werden (Dateiname zu lang)")
    assert "…" in str(caught.value)  # the name cut to a line, as before


def test_the_practice_command_says_the_refusal_in_its_language(tmp_path, monkeypatch, capsys):
    from pyramid_lab.viewer.cli import main

    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    try:
        assert main(["puzzles", str(tmp_path / "none")]) != 0
    finally:
        i18n.use("en")
    err = capsys.readouterr().err
    assert f"{tmp_path / 'none'}: kein Ordner" in err
    assert "not a folder" not in err


# ---- a save whose bytes did not land -------------------------------------------------------


@contextlib.contextmanager
def _folder(path: Path) -> Iterator[int]:
    """The folder ``path`` held open, as a save holds the folder it writes in."""
    folder = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        yield folder
    finally:
        os.close(folder)


def _stat_of(path: Path) -> os.stat_result:
    path.write_bytes(b"12345")
    return os.stat(path)


def test_a_save_that_is_not_there_afterwards_says_so_in_german(tmp_path):
    written = _stat_of(tmp_path / "a")
    with (
        pytest.raises(OSError, match="not there after saving") as caught,
        _folder(tmp_path) as folder,
    ):
        saving._check_written(folder, "gone", written, 5, tmp_path / "board.pyr.json")
    error = caught.value
    assert error.errno == errno.EIO
    assert error.filename == str(tmp_path / "board.pyr.json")
    said = system_reason(error)  # what the window's and the command line's refusals say
    assert said == "not written: it is not there after saving (No such file or directory)"
    assert _german(said) == (
        f"nicht geschrieben: die Datei ist nach dem Speichern nicht da ({GERMAN_NO_FILE})"
    )


def test_a_save_that_landed_otherwise_writes_its_sizes_the_languages_way(tmp_path):
    target = tmp_path / "a"
    written = _stat_of(target)
    target.write_bytes(b"x" * 1234)  # the same file, other bytes than were saved
    with pytest.raises(OSError, match="as it should be") as caught, _folder(tmp_path) as folder:
        saving._check_written(folder, "a", written, 5, target)
    said = system_reason(caught.value)
    assert said == "not written as it should be: 1,234 bytes there, 5 saved"  # as before
    assert _german(said) == (
        "nicht geschrieben, wie es sein sollte: 1.234 Bytes vorhanden, 5 gespeichert"
    )


def test_a_folder_in_the_way_of_a_save_is_named_in_german(tmp_path):
    (tmp_path / "board.pyr.json").mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        saving.write_text(tmp_path / "board.pyr.json", "{}")
    said = system_reason(caught.value)
    assert said == "a directory, not a file to save to"
    assert _german(said) == "ein Verzeichnis, keine Datei, in die gespeichert werden kann"
    assert i18n.pseudo("{kind}, not a file to save to").split("{kind}")[1] in i18n.shown(
        said, i18n.PSEUDO
    )


# ---- the split solve's resource tracker ----------------------------------------------------


def test_no_resource_tracker_apart_says_why_in_german(monkeypatch):
    import subprocess
    from multiprocessing import resource_tracker

    from pyramid_lab.model.search import split_cluster

    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(resource_tracker, "_resource_tracker", resource_tracker.ResourceTracker())
    monkeypatch.setattr(split_cluster, "_TRACKER", None)
    monkeypatch.setattr(subprocess, "Popen", refused)
    why = split_cluster._tracker_apart()
    assert why == "no resource tracker apart: Permission denied"
    assert _german(why) == "kein eigener Ressourcen-Tracker: Keine Berechtigung"


# ---- the compiled core's first use ---------------------------------------------------------


def test_the_first_uses_words_are_the_english_they_were_and_german_said(monkeypatch, tmp_path):
    # a fresh process's state, its compile's lock its own, the parts not in the cache
    monkeypatch.setattr(first_use, "_state", first_use._State())
    monkeypatch.setattr(first_use, "_lock_path", lambda: tmp_path / "compiled-warm.lock")
    monkeypatch.setattr(first_use, "compiled", lambda parts=first_use.PARTS: False)
    said: list[str] = []
    first_use.foretell(["proof"], lambda fraction, text: said.append(text))
    first_use._make_ready(
        lambda step, parts: step(0.0, first_use.PART_WORDS["proof"]),
        ["proof"],
        lambda fraction, text: said.append(text),
    )
    head = (
        "compiling the search for its first use (a minute or two on an idle machine, longer "
        "on a busy one; once)"
    )
    assert said == [f"{head}: starting", f"{head}: the proof searches"]  # as before
    german = (
        "die Suche wird für ihre erste Verwendung kompiliert (ein bis zwei Minuten auf einem "
        "freien Rechner, länger auf einem ausgelasteten; einmalig)"
    )
    assert [_german(text) for text in said] == [
        f"{german}: wird gestartet",
        f"{german}: die Beweissuchen",
    ]
    waiting = first_use.step(first_use.COMPILING, first_use.WAITING)
    assert waiting == f"{head}: another process is compiling it, waiting for it"
    assert (
        _german(waiting)
        == f"{german}: ein anderer Prozess kompiliert die Suche, es wird auf ihn gewartet"
    )


def test_a_compile_logged_for_the_command_line_is_said_in_its_language(caplog, german):
    with caplog.at_level(logging.WARNING, logger=first_use.log.name):
        first_use._log(0.0, first_use.step(first_use.COMPILING, first_use.STARTING))
    assert caplog.messages == [
        "die Suche wird für ihre erste Verwendung kompiliert (ein bis zwei Minuten auf einem "
        "freien Rechner, länger auf einem ausgelasteten; einmalig): wird gestartet"
    ]


def test_the_windows_child_prints_english_and_the_window_says_it_in_its_language():
    # the child (``warm --steps``) speaks no language: its line is the English, which the
    # window reads back as the words it was made of
    line = str(first_use.step(first_use.LOADING, first_use.PART_WORDS["tree"]))
    assert line == "loading the compiled search: the tree search"
    heard = first_use.heard(line)
    assert _german(heard) == "die kompilierte Suche wird geladen: die Baumsuche"
    assert i18n.shown(heard, "sv") == "laddar den kompilerade sökningen: trädsökningen"
    assert first_use.heard("Warning: something else") == "Warning: something else"


def test_the_warm_up_alone_speaks_the_environments_language(monkeypatch, capsys):
    from pyramid_lab.model.search.compiled import warm

    def steps(progress=None, parts=first_use.PARTS):
        for part in ("tree", "proof"):
            progress(0.5, first_use.step(first_use.COMPILING, first_use.PART_WORDS[part]))
        progress(1.0, first_use.step(first_use.COMPILING, first_use.LAST_STEP))
        return 12.5

    monkeypatch.setattr(warm, "ready", steps)
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    try:
        assert warm.main([]) == 0
    finally:
        i18n.use("en")
    assert capsys.readouterr().out.splitlines() == [
        "die Suche wird für ihre erste Verwendung kompiliert (ein bis zwei Minuten auf einem "
        "freien Rechner, länger auf einem ausgelasteten; einmalig):",
        "  die Baumsuche",
        "  die Beweissuchen",
        "die kompilierte Suche ist bereit (12,5 s)",
    ]


def test_the_pseudo_locale_marks_every_word_of_the_first_use():
    for words in (
        first_use.COMPILING,
        first_use.LOADING,
        first_use.WAITING,
        first_use.STARTING,
        first_use.LAST_STEP,
        *first_use.PART_WORDS.values(),
    ):
        assert i18n.shown(words, i18n.PSEUDO) == i18n.pseudo(words)


# ---- a lesson's check (``lesson check``, the lesson editor's Check and Fill) ---------------


def _lesson_position():
    import json

    from pyramid_lab.model import lesson as lessons

    position = {
        "options": {"size": 3, "version": "floating"},
        "to_move": "red",
        "study": True,
        "pieces": [[0, 0, 0, "red"], [1, 0, 0, "red"]],
    }
    step = {"title": "Hold SW", "text": "Place the ball.", "position": position}
    doc = {"format": lessons.FORMAT, "game": "partition", "title": "Test", "steps": [step]}
    return lessons.loads(json.dumps(doc)).steps[0].position()


def test_a_lessons_check_says_why_in_the_readers_language():
    from pyramid_lab.model import lesson as lessons

    position = _lesson_position()
    not_to_move = lesson_check.check_task(
        lessons.Task("win-within", (), side="blue", within=3), position
    )
    assert not_to_move == "blue is not to move"  # the English as it was
    assert _german(not_to_move) == "Blau ist nicht am Zug"
    illegal = lesson_check.check_task(
        lessons.Task("place", ("0,0,0",), {"holds": "SW", "by": "red"}), position
    )
    assert illegal.startswith("the answer 0,0,0 is not legal: ")
    assert _german(illegal).startswith("die Antwort 0,0,0 ist nicht regelgerecht: ")
    problem = lesson_check.Problem(0, "Hold SW", illegal)
    assert problem.words() == str(problem)  # the command line's line, English as before
    assert _german(problem.words()).startswith("Schritt 1 ('Hold SW'): die Antwort 0,0,0 ")
    assert i18n.shown(problem.words(), i18n.PSEUDO).startswith("⟦")


def test_the_rules_answers_refused_in_the_readers_language(german):
    from pyramid_lab.model import lesson as lessons

    with pytest.raises(ValueError, match="Ziel") as caught:  # (what the callers catch)
        lesson_check.right_answers(lessons.Task("move", ()), _lesson_position())
    assert str(caught.value) == (
        "wähle zuerst ein Ziel: ohne Ziel ist die Antwort deine (spiele den Zug, Antwort vom Brett)"
    )
    assert reason_of(caught.value) == (
        "pick a goal first: without one the answer is yours (play it, Answer from board)"
    )


# ---- Pyramid Ball's resolve, a document that cannot be saved -------------------------------


def test_pyramid_balls_resolve_refuses_in_the_readers_language(german):
    from pyramid_lab.model.game import IllegalMoveError, game_class

    game = game_class("ball").new(game_class("ball").parse_options({}))
    with pytest.raises(IllegalMoveError) as caught:
        game.resolve_text("S", "S", ["dash"])
    assert reason_of(caught.value) == "--choose dash: no special move to choose now"
    assert str(caught.value) == "--choose dash: jetzt ist kein Spezialzug zu wählen"


def test_a_document_not_finite_is_refused_in_the_readers_language(tmp_path, german):
    import math

    from pyramid_lab.model import files
    from pyramid_lab.model.game import game_class
    from pyramid_lab.model.review import GameReview

    game = game_class("partition").new(game_class("partition").parse_options({"size": 3}))
    path = tmp_path / "inf.pyr.json"
    with pytest.raises(ValueError, match="nicht gespeichert") as caught:
        files.write(path, game, review=GameReview((), (), math.inf))
    assert reason_of(caught.value).startswith(f"{path}: not saved: the document holds a number")
    assert str(caught.value).startswith(f"{path}: nicht gespeichert: das Dokument enthält")
    assert list(tmp_path.iterdir()) == []


def test_a_typed_point_and_a_lesson_rule_are_refused_in_the_readers_language(german):
    from pyramid_lab.model.game import InvalidMoveError

    position = _lesson_position()
    with pytest.raises(InvalidMoveError) as caught:
        position.parse_move("a1")
    assert reason_of(caught.value) == "'a1' is not a point; write it as i,j,k, e.g. 1,0,2"
    assert str(caught.value) == "'a1' ist kein Punkt; schreib ihn als i,j,k, z. B. 1,0,2"
    refused = lesson_check.check_rule(position, "place", {"holds": "XX", "by": "red"})
    assert refused == "holds must be a corner: SW, SE, NW, NE or AP, not 'XX'"
    assert _german(refused) == "holds muss eine Ecke sein: SW, SE, NW, NE oder AP, nicht 'XX'"


def test_a_win_within_rule_is_refused_in_the_readers_language():
    """Issue 108 item 3: a win-within task's rule (the lesson editor's Goal JSON) was refused
    in English in every language: its side, its plies, a key it does not take, its shape."""

    position = _lesson_position()
    refusals = {
        "shape": lesson_check.check_rule(position, "win-within", [1, 2]),
        "key": lesson_check.check_rule(position, "win-within", {"sides": "red", "within": 1}),
        "side": lesson_check.check_rule(position, "win-within", {"side": "green", "within": 1}),
        "plies": lesson_check.check_rule(position, "win-within", {"side": "red", "within": 99}),
        "goal": lesson_check.check_rule(position, "place", []),
    }
    assert refusals == {  # the English as it was
        "shape": 'a win-within task\'s rule must be an object: {"side": COLOUR, "within": PLIES}',
        "key": "sides: not a key of a win-within task (side, within)",
        "side": "side: must be 'red' or 'blue', not 'green'",
        "plies": "within: must be a number of plies from 1 to 9",
        "goal": "a place task's rule must be an object: a goal object",
    }
    german = {name: _german(text) for name, text in refusals.items()}
    assert german["shape"].startswith("die Regel einer Aufgabe vom Typ win-within muss ein")
    assert german["key"] == "sides: kein Schlüssel einer Aufgabe vom Typ win-within (side, within)"
    assert german["side"] == "side: muss 'red' oder 'blue' sein, nicht 'green'"
    assert german["plies"] == "within: muss eine Zahl von Halbzügen von 1 bis 9 sein"
    for text in refusals.values():
        assert i18n.shown(text, i18n.PSEUDO).startswith("⟦"), text


def test_a_set_up_piece_refused_is_named_in_the_readers_language():
    """The Set-up dock names the piece a refusal is about ("the red piece on 1,1,0") and its
    way round ('tick "Study" above'): English in every language before (issue 108 item 3)."""
    from pyramid_lab.i18n import M_
    from pyramid_lab.model.game import STUDY_HINT, PositionFormatError
    from pyramid_lab.viewer.lab.setup_editor import _in_dock

    hint = PositionFormatError("study", M_("x {hint}", hint=STUDY_HINT))
    said = _in_dock(hint.reason)
    assert said == 'x tick "Study" above'
    assert "„Studie“" in i18n.shown(said, "de")


def test_the_rules_answers_progress_is_said_in_the_readers_language(monkeypatch):
    """Fill answers from the rules says how far it got ("(1 of 2 moves tried)"): English
    in every language before (issue 108 item 3), its counts the language's way."""
    from pyramid_lab.model import lesson as lessons

    monkeypatch.setattr(lesson_check, "PROGRESS_EVERY_S", 0.0)
    said: list[str] = []
    task = lessons.Task("place", (), {"holds": "SW", "by": "red"})
    lesson_check.right_answers(
        task, _lesson_position(), progress=lambda _f, text: said.append(text)
    )
    assert said
    assert said[0] == f"(1 of {len(_lesson_position().legal_moves())} moves tried)"
    assert _german(said[0]).startswith("(1 von ")
    assert _german(said[0]).endswith(" Zügen probiert)")


def test_a_pyramid_ball_place_is_named_in_the_readers_language():
    """A Pyramid Ball place ("d4 Large": the Set-up dock's refusal, the board in words)
    named its size in English in every language (issue 108 item 3)."""
    from pyramid_lab.viewer.games.ball import BallUI

    name = BallUI().site_name(3 * 24)  # d4, its Large
    assert name == "d4 Large"  # the English as it was
    assert i18n.shown(name, "de") == "d4 Groß"
    assert i18n.shown(name, "fr") == "d4 Grande"
