"""Help: every game's rules page in our own words, the Rules dock following the game on the
board, the F1 list of shortcuts made from the menus (no key bound twice), and About."""

from __future__ import annotations

import pytest

from pyramid_lab.model.game import game_class, game_names


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_a_rules_page(name):
    from pyramid_lab.viewer.games import ui_class

    page = ui_class(name).rules()
    title = game_class(name).title
    assert page.startswith(f"# {title}\n")
    for section in ("## Goal", "## A turn", "## Options in Pyramid Lab", "## In the window"):
        assert section in page, f"{name}: no '{section}'"
    assert len(page.splitlines()) >= 40


def test_the_rules_dock_follows_the_game(make_window, guard_errors):
    from pyramid_lab.model.pyraos import Pyraos

    window = make_window()  # Pyramid Partition
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


def test_f1_lists_every_menu_shortcut_and_none_is_bound_twice(make_window, guard_errors):
    from PySide6.QtGui import QKeySequence

    from pyramid_lab.viewer.widgets.help import ShortcutsDialog, menu_shortcuts

    window = make_window()
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


def test_the_view_dock_calls_the_pieces_by_the_games_word(make_window, guard_errors):
    from pyramid_lab.model.pyraos import Pyraos
    from pyramid_lab.model.terrace import Terrace

    window = make_window()
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
    from pyramid_lab.viewer.widgets.legend import legend_entries

    entries = legend_entries(Frame(ghosts={3: "white"}), {})
    assert "move would go" in entries[0].text
    frame = Frame(paths=(Path((0, 3), "red"), Path((3, 6), "planned-pass")))
    texts = {e.text for e in legend_entries(frame, BallUI().legend_words(None, frame))}
    assert texts == {
        "the pass the program plans (it may still be cut)",
        "red's planned tracks (each pyramid alone)",
    }
