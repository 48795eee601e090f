"""Help: every game's rules page in our own words, the Rules dock following the game on the
board, the F1 list of shortcuts made from the menus (no key bound twice), and About."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import shared_window

from pyramid_lab import i18n
from pyramid_lab.model.game import game_class, game_names

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

# the windows on a base-3 Partition are one (shared_window.py); a German window is its own
module_window = shared_window.module_window
fresh_window = shared_window.fresh_window


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_a_rules_page(name):
    from pyramid_lab.viewer.games import ui_class

    page = ui_class(name).rules()
    title = game_class(name).title
    assert page.startswith(f"# {title}\n")
    for section in ("## Goal", "## A turn", "## Options in Pyramid Lab", "## In the window"):
        assert section in page, f"{name}: no '{section}'"
    assert len(page.splitlines()) >= 40


def _shape(page: str) -> list[str]:
    """A page's outline: its headings' levels and its tables' rows and columns."""
    return [
        line.split(" ")[0] if line.startswith("#") else "|" * line.count("|")
        for line in page.splitlines()
        if line.startswith(("#", "|"))
    ]


def _translated_pages() -> list[Path]:
    from pyramid_lab.viewer import games

    return sorted(Path(games.__file__).parent.glob("*/rules.*.md"))


@pytest.mark.parametrize("page", _translated_pages(), ids=lambda p: f"{p.parent.name}-{p.name}")
def test_a_translated_rules_page_has_the_english_pages_title_and_outline(page):
    """``rules.<lang>.md`` beside ``rules.md``: a shipped language, the game's title (a
    name: never translated), the same headings and tables, and none of its sections left
    in English."""
    language = page.name.split(".")[1]
    assert language in i18n.languages()
    english = (page.parent / "rules.md").read_text(encoding="utf-8")
    text = page.read_text(encoding="utf-8")
    assert text.splitlines()[0] == english.splitlines()[0]
    assert _shape(text) == _shape(english)
    headings = re.findall(r"^##+ .*", english, flags=re.MULTILINE)
    assert not set(headings) & set(re.findall(r"^##+ .*", text, flags=re.MULTILINE))


def test_a_rules_page_is_read_in_the_language_asked_else_in_english_said_once(tmp_path):
    from pyramid_lab.viewer.lab.game_ui import NOT_TRANSLATED, rules_page

    (tmp_path / "rules.md").write_text("# Toy\n\nEnglish rules.\n", encoding="utf-8")
    (tmp_path / "rules.de.md").write_text("# Toy\n\nDeutsche Regeln.\n", encoding="utf-8")
    assert rules_page(tmp_path, "toy", "en") == "# Toy\n\nEnglish rules.\n"
    assert rules_page(tmp_path, "toy", "de_AT.UTF-8") == "# Toy\n\nDeutsche Regeln.\n"
    note = i18n.translations("sv").gettext(NOT_TRANSLATED)
    assert note != NOT_TRANSLATED  # said in Swedish
    assert rules_page(tmp_path, "toy", "sv") == f"# Toy\n\n*{note}*\n\nEnglish rules.\n"
    gone = rules_page(tmp_path / "gone", "toy", "de")  # said in German, the title kept
    assert gone.startswith("# toy\n\nDie Regelseite konnte nicht gelesen werden: ")


@pytest.mark.parametrize("language", ["de", "fr", "es", "sv"])
def test_pyramid_partitions_rules_page_is_in_each_language(language):
    from pyramid_lab.viewer.games import ui_class
    from pyramid_lab.viewer.lab.game_ui import NOT_TRANSLATED

    english = ui_class("partition").rules("en")
    page = ui_class("partition").rules(language)
    assert page != english
    assert page.startswith("# Pyramid Partition\n")
    assert i18n.translations(language).gettext(NOT_TRANSLATED) not in page


def test_a_german_window_shows_the_german_rules_page(gl_display, make_window):
    """The Rules dock speaks the window's language: each game's German page."""
    from pyramid_lab.viewer.desktop.language import start_language

    try:
        assert start_language(gl_display, "de") == "de"
        window = make_window()  # Pyramid Partition
        dock = window.parts.rules_dock
        window.menus.actions["rules"].trigger()
        assert "Halte drei der fünf Ecken der Pyramide." in dock.text.toPlainText()
        dock.show_game("terrace")
        assert "Steh mit deinen Steinen gleichzeitig auf allen vier Siegfeldern." in (
            dock.text.toPlainText()
        )
    finally:
        assert start_language(gl_display, i18n.ENGLISH) == i18n.ENGLISH


def _untranslated() -> list[tuple[str, str]]:
    """(game, language) of each shipped language a game's rules page is not written in."""
    written = {(p.parent.name, p.name.split(".")[1]) for p in _translated_pages()}
    return [
        (g, lang) for g in game_names() for lang in i18n.languages() if (g, lang) not in written
    ]


@pytest.mark.parametrize(("name", "language"), _untranslated() or [("partition", "pt")])
def test_a_page_not_written_in_a_language_is_the_english_said_once(name, language):
    """A game whose page is not written in the window's language shows the English page,
    one line under its title saying so in that language (a language without a catalog,
    where every page is written: English, said in English: nothing to say)."""
    from pyramid_lab.viewer.games import ui_class
    from pyramid_lab.viewer.lab.game_ui import NOT_TRANSLATED

    english = ui_class(name).rules("en")
    page = ui_class(name).rules(language)
    if i18n.resolve(language) == i18n.ENGLISH:
        assert page == english
        return
    note = i18n.translations(language).gettext(NOT_TRANSLATED)
    title, rest = english.split("\n", 1)
    assert page == f"{title}\n\n*{note}*\n{rest}"


def test_the_rules_dock_follows_the_game(fresh_window, guard_errors):
    from pyramid_lab.model.pyraos import Pyraos

    window = fresh_window  # Pyramid Partition
    dock = window.parts.rules_dock
    assert not dock.isVisible()
    window.menus.actions["rules"].trigger()
    assert dock.isVisible()
    assert dock.shown == "partition"
    assert "Pyramid Partition" in dock.text.toPlainText()
    window.session.replace_game(Pyraos.new())
    assert dock.shown == "pyraos"
    assert dock.text.toPlainText().startswith("Pyraos")
    dock.show_game("terrace")  # any game's rules can be read
    assert "Allmer's Pyramid" in dock.text.toPlainText()
    assert not guard_errors


def test_f1_lists_every_menu_shortcut_and_none_is_bound_twice(fresh_window, guard_errors):
    from PySide6.QtGui import QKeySequence

    from pyramid_lab.viewer.widgets.help import ShortcutsDialog, menu_shortcuts

    window = fresh_window
    help_key = QKeySequence(QKeySequence.StandardKey.HelpContents)
    assert window.menus.actions["shortcuts"].shortcut() == help_key
    rows = menu_shortcuts(window)
    keys = [key for _menu, _what, key in rows]
    assert len(keys) == len(set(keys)), f"a key bound twice: {sorted(keys)}"
    found = {(what, key) for _menu, what, key in rows}
    assert ("Undo", "Ctrl+Z") in found
    assert ("Hint", "H") in found
    assert ("Set-up mode", "Ctrl+E") in found
    dialog = ShortcutsDialog(window)
    shown = dialog.rows()
    assert len(shown) > len(rows)  # the mouse and the board's keys too
    assert ("Edit", "Undo", "Ctrl+Z") in shown
    dialog.close()
    assert not guard_errors


def test_about_names_the_games_and_the_libraries():
    from pyramid_lab.viewer.widgets.help import about_text

    text = about_text()
    for name in game_names():
        assert game_class(name).title.replace("'", "&#x27;") in text
    assert "VTK" in text
    assert "pyvista" in text


def test_the_view_dock_calls_the_pieces_by_the_games_word(fresh_window, guard_errors):
    from pyramid_lab.model.pyraos import Pyraos
    from pyramid_lab.model.terrace import Terrace

    window = fresh_window
    dock = window.parts.view_dock
    assert dock.ghosts.text() == "Show hidden balls as ghosts"
    window.session.replace_game(Pyraos.new())
    assert dock.ghosts.text() == "Show hidden spheres as ghosts"
    assert "spheres" in dock.peel.toolTip()
    window.session.replace_game(Terrace.new())
    assert dock.cut_open.text() == "Cut stones open on the planes"
    assert "stones" in dock.clip_on[0].toolTip()
    assert not guard_errors


def test_the_legend_says_what_a_ghost_and_the_planned_tracks_mean():
    """A ghost of any colour is named by what it is, not by its colour; Pyramid Ball's
    planned tracks and planned pass say what they are."""
    from pyramid_lab.viewer.games.ball import BallUI
    from pyramid_lab.viewer.lab.frame import Frame, Path
    from pyramid_lab.viewer.lab.legend_entries import legend_entries

    entries = legend_entries(Frame(ghosts={3: "white"}), {})
    assert "move would go" in entries[0].text
    frame = Frame(paths=(Path((0, 3), "red"), Path((3, 6), "planned-pass")))
    texts = {e.text for e in legend_entries(frame, BallUI().legend_words(None, frame))}
    assert texts == {
        "the pass the program plans (it may still be cut)",
        "red's planned tracks (each pyramid alone)",
    }
