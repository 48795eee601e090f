"""The window's language (issue 90, docs/i18n.md): the language menu keeps the choice for
the next start and says so; the system's language is the window's where none was chosen;
Qt's own dialogs get Qt's catalog (tests/viewer/test_window_pseudo.py walks the window in
the pseudo-locale)."""

from __future__ import annotations

import numpy as np
import pytest
from window_helpers import click, under_mouse

from pyramid_lab import i18n

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


def test_the_language_menu_keeps_the_choice_for_the_next_start(gl_display, make_window):
    from PySide6.QtCore import QSettings

    from pyramid_lab.viewer.desktop import language

    window = make_window()
    menu = window.menus.language
    assert [a.text() for a in menu.menu.actions()] == [
        "System language",
        "English",
        "Deutsch",
        "Français",
        "Español",
        "Svenska",
    ]
    assert menu.actions[""].isChecked()  # nothing chosen yet: the system's
    menu.actions["de"].trigger()
    assert QSettings().value(language.LANGUAGE_KEY) == "de"
    assert window.statusBar().currentMessage() == ("The window speaks Deutsch from its next start.")
    assert i18n.current() == i18n.ENGLISH  # the window made stays in its language
    assert language.window_language({"LANG": "sv_SE.UTF-8"}) == "de"  # the choice wins
    menu.actions[""].trigger()
    assert language.window_language({"LANG": "sv_SE.UTF-8"}) == "sv"
    assert language.window_language({"LANG": "C"}) == "en"
    assert "system's language" in window.statusBar().currentMessage()


def test_a_language_other_than_english_loads_qts_own_words(gl_display):
    from PySide6.QtCore import QCoreApplication

    from pyramid_lab.viewer.desktop.language import start_language
    from pyramid_lab.viewer.widgets.engine_row import seconds_box

    try:
        assert start_language(gl_display, "de_DE.UTF-8") == "de"
        assert i18n._("&File") == "&Datei"
        # Qt's standard buttons in German, from PySide6's qtbase_de.qm
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"
        # a box of seconds writes its number as German does (the Analysis dock's "3.0 s"
        # beside German words: Qt's numbers followed the system's locale, not the window's)
        assert seconds_box(0.5, 600.0, 3.0, "").text() == "3,0 s"
    finally:
        assert start_language(gl_display, i18n.ENGLISH) == i18n.ENGLISH
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"
    assert seconds_box(0.5, 600.0, 3.0, "").text() == "3.0 s"
    assert i18n._("&File") == "&File"


def test_a_german_window_says_the_labs_lines_in_german(gl_display, make_window, qtbot):
    """The lab makes its lines language-free (``i18n.Message``); the window says each in
    its own language: the status bar's "played" line, the legend."""
    from PySide6.QtWidgets import QApplication, QLabel

    from pyramid_lab.model.game import game_class
    from pyramid_lab.viewer.desktop.language import start_language

    try:
        assert start_language(gl_display, "de") == "de"
        window = make_window()
        shown = window.stage.board.shown
        pid = next(p for p in np.flatnonzero(shown) if under_mouse(window, p) == p)
        click(qtbot, window, pid)  # a move played as a person plays it
        point = ",".join(map(str, window.session.game.lattice.point(pid)))
        assert window.statusBar().currentMessage() == f"Rot hat {point} gespielt"
        window.lab.session.replace_game(game_class("terrace").new())
        QApplication.sendPostedEvents()
        assert "takes a click now" in window.scene.legend.texts()  # (the lab's: English)
        words = [label.text() for label in window.scene.legend.findChildren(QLabel)]
        assert "nimmt jetzt einen Klick an" in words
        assert "takes a click now" not in words
    finally:
        assert start_language(gl_display, i18n.ENGLISH) == i18n.ENGLISH


def test_a_german_windows_lessons_menu_names_the_lessons_in_german(gl_display, make_window):
    """The shipped lessons' titles are the lesson files' own, in several languages: the
    Lessons menu names each in the window's language (English where a file lacks it)."""
    from pyramid_lab.viewer.desktop.language import start_language

    try:
        assert start_language(gl_display, "de") == "de"
        window = make_window()
        lessons = window.menus.lessons
        named = [action.text() for action, _path, _title in lessons.lesson_actions]
        assert "01. Ecken und Wände" in named  # Pyramid Partition's first lesson
        assert "01. Corners and walls" not in named
        lessons.show_lesson_progress()  # the progress shown keeps the title's language
        assert "01. Ecken und Wände" in [action.text() for action, _p, _t in lessons.lesson_actions]
    finally:
        assert start_language(gl_display, i18n.ENGLISH) == i18n.ENGLISH
