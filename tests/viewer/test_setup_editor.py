"""Set-up mode's editor (Qt-free, but the games' boards import pyvista): a position left
as it was comes back as itself, whatever the board's sites say of its pieces, and leaving
the window's set-up mode with nothing changed is no new position."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyramid_lab.model import files
from pyramid_lab.model.setup import file_state
from pyramid_lab.viewer.games import ui_class
from pyramid_lab.viewer.lab.setup_editor import SetupEditor

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SOLO = EXAMPLES / "rolling" / "solo-round-4-deploy.pyr.json"
BALL_GOAL = EXAMPLES / "ball" / "s12-pass-to-the-goal-row.pyr.json"


def test_every_shipped_position_comes_back_from_the_editor_unchanged():
    for path in sorted(EXAMPLES.rglob("*.pyr.json")):
        game = files.read(path).game
        editor = SetupEditor(game, ui_class(game)())
        assert not editor.changed, path
        built = editor.build()
        assert sorted(built.pieces()) == sorted(game.pieces()), path
        assert (built.to_move, file_state(built)) == (game.to_move, file_state(game)), path


def test_a_rolling_garrison_keeps_its_troops_and_heroes_when_another_is_painted():
    game = files.read(SOLO).game
    ui = ui_class(game)()
    editor = SetupEditor(game, ui)
    red_hero = next(coords for coords, colour in game.pieces() if coords[2])  # 8: 2 + 14 heroes
    site = ui.site_of(red_hero)
    editor.brush = "red"
    editor.click(site)  # erased (red on red) ...
    assert editor.changed
    editor.undo()  # ... and back: as it was
    assert not editor.changed
    pharaoh = next(s for s, colour in editor.pieces.items() if colour == "pharaoh")
    editor.brush = "pharaoh"
    editor.click(pharaoh)  # a pharaoh garrison erased: a real change
    built = editor.build()
    assert (red_hero, "red") in built.pieces()
    assert len(built.pieces()) == len(game.pieces()) - 1


def test_leaving_set_up_unchanged_is_no_new_position(make_window, qtbot):
    document = files.read(BALL_GOAL)
    game = document.game
    game.push_text("F,B,R/R,B,R/F,>S,F | F,F,F/R,F,R/L,S,S")  # blue scores: game over
    assert game.is_over()
    window = make_window(game, str(BALL_GOAL))
    window.session.dirty = False
    before = window.session.game
    window.menus.actions["setup"].trigger()
    assert window.board.setup is not None
    window.menus.actions["setup"].trigger()  # Ctrl+E again, no edits
    assert window.board.setup is None
    assert window.session.game is before
    assert not window.session.dirty
    assert "set-up applied" not in window.statusBar().currentMessage()


def test_a_position_set_up_from_an_example_is_a_new_untitled_document(make_window, monkeypatch):
    # Save As proposed ~/empty-base3-floating.pyr.json and the Notes still described the
    # example after a puzzle was set up from it (issue 59, item 3)
    path = EXAMPLES / "partition" / "empty-base3-floating.pyr.json"
    window = make_window(files.read(path).game, str(path))
    window.session.load(files.read(path), str(path))
    assert window.session.puzzle["notes"].startswith("Red moves first.")
    window.parts.puzzle.dock.title.setText("My corner")  # typed before the set-up: kept
    window.parts.puzzle.dock.title.textEdited.emit("My corner")
    assert window.session.puzzle["title"] == "My corner"
    window.menus.actions["setup"].trigger()
    window.board.setup.brush = "red"
    window.board.click(window.board.ui.site_of((0, 0, 0)))
    window.board.setup.brush = "blue"
    window.board.click(window.board.ui.site_of((2, 2, 0)))
    window.menus.actions["setup"].trigger()  # applied
    assert window.board.setup is None, (
        window.parts.setup_dock.error.text(),
        window.statusBar().currentMessage(),
    )
    assert ((0, 0, 0), "red") in window.session.game.pieces()
    assert window.session.path is None
    assert window.session.puzzle == {"title": "My corner"}  # the example's notes went
    assert window.parts.puzzle.dock.notes.toPlainText() == ""
    assert window.windowTitle().startswith("untitled *"), window.windowTitle()
    assert "a new, untitled position" in window.statusBar().currentMessage()
    proposed = []
    monkeypatch.setattr(window.lab.documents.front, "save_path", lambda s: proposed.append(s))
    window.lab.documents.save()  # a new document: Save as, the example's name not proposed
    assert proposed == [window.lab.documents.recent.folder(None)]  # a folder, no name in it
    assert path.read_text().count("Red moves first.") == 1  # the example as it came
