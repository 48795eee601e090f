"""The window speaks the catalog (issue 90, docs/i18n.md): under the pseudo-locale ``en_XA``
every word a person reads in its menus and docks is marked ``⟦…⟧``, for each game (one
window, built in ``en_XA``: this module's own; tests/viewer/test_window_language.py holds
the language menu's)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.game import game_class, game_names
from pyramid_lab.model.puzzle import puzzle_text
from pyramid_lab.viewer.desktop.language import LANGUAGES

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

#: a word a person reads: two letters or more (numbers, moves and single letters aside)
WORD = re.compile(r"[A-Za-z][a-z]+|[A-Z]{2,}[a-z]*")


def unmarked(text: str, names: tuple[str, ...]) -> list[str]:
    """The words of ``text`` outside ``⟦…⟧``, its markup, and ``names`` (the games'
    titles, the program's name: notation)."""
    while "⟦" in text and re.search(r"⟦[^⟦⟧]*⟧", text):  # (a word inside a word: nested)
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    text = re.sub(r"<[^>]*>|&\w+;", " ", text)  # rich text's tags and entities
    text = text.replace("&", "")  # a menu item's accelerator
    for name in names:
        text = text.replace(name, " ")
    return WORD.findall(text)


@pytest.fixture(scope="module")
def pseudo_window(gl_display, tmp_path_factory):
    """One window, built while the window speaks ``en_XA`` (its words are looked up as
    the menus and docks are made), with the user's files in a scratch folder."""
    from PySide6.QtCore import QSettings

    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.desktop.language import start_language
    from pyramid_lab.viewer.lab.session import Session

    scratch = tmp_path_factory.mktemp("pseudo-window")
    with pytest.MonkeyPatch.context() as patch:
        for name, folder in (
            ("PYRAMID_LAB_AUTOSAVE", "autosave"),
            ("PYRAMID_LAB_CONFIG", "config"),
            ("PYRAMID_LAB_PUZZLES", "made-puzzles"),
            ("PYRAMID_LAB_LESSON_PROGRESS", "progress.json"),
        ):
            patch.setenv(name, str(scratch / folder))
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(scratch))
        QSettings().setValue("engine/threads", 1)
        start_language(gl_display, i18n.PSEUDO)
        window = MainWindow(Session(Partition(PartitionOptions(3))))
        window.resize(1200, 800)
        window.show()
        try:
            yield window
        finally:
            window.shutdown()
            window.deleteLater()
            start_language(gl_display, i18n.ENGLISH)


def _menu_texts(menu, where: str, content: set) -> list[tuple[str, str]]:
    """Each item of ``menu`` and its submenus (shown first: some fill as they open), but
    the ``content`` (a lesson by its own title: shown as the lesson wrote it)."""
    menu.aboutToShow.emit()
    out = [(where, menu.title())]
    for action in menu.actions():
        if action.isSeparator() or action in content:
            continue
        sub = action.menu()
        if sub is not None:
            out += _menu_texts(sub, f"{where} > {sub.title()}", content)
        else:
            out.append((f"{where} > {action.text()}", action.text()))
    return out


def _dock_texts(dock) -> list[tuple[str, str]]:
    """Each text ``dock`` shows or tips: its title, its labels', buttons', boxes' and group
    boxes' words, its widgets' tooltips."""
    from PySide6.QtWidgets import QAbstractButton, QComboBox, QGroupBox, QLabel, QWidget

    title = dock.windowTitle()
    out = [(f"{title}: title", title)]
    for widget in dock.findChildren(QWidget):
        name = f"{title}: {type(widget).__name__}"
        if isinstance(widget, QLabel | QAbstractButton):
            out.append((f"{name} {widget.text()[:40]!r}", widget.text()))
        if isinstance(widget, QGroupBox):
            out.append((f"{name} {widget.title()!r}", widget.title()))
        if isinstance(widget, QComboBox):
            out += [(f"{name} item", widget.itemText(i)) for i in range(widget.count())]
        if widget.toolTip():
            out.append((f"{name} tooltip {widget.toolTip()[:40]!r}", widget.toolTip()))
        placeholder = getattr(widget, "placeholderText", None)
        if callable(placeholder) and placeholder():
            out.append((f"{name} placeholder", placeholder()))
    return out


def _names() -> tuple[str, ...]:
    """Notation in the window's words: the games' titles, the program's name."""
    titles = tuple(game_class(name).title for name in game_names())
    from pyramid_lab.viewer.games.ball.docks import SPECIAL_WORDS

    languages = tuple(name for _code, name in LANGUAGES)  # each by its own name
    specials = tuple(title for title, _what in SPECIAL_WORDS.values())  # Pyramid Ball's cards
    return (*sorted(titles, key=len, reverse=True), "Pyramid Lab", *languages, *specials)


@pytest.mark.parametrize("game", game_names())
def test_every_word_of_the_menus_and_docks_is_from_the_catalog(pseudo_window, game, qtbot):
    from PySide6.QtWidgets import QApplication, QDockWidget

    window = pseudo_window
    if window.board.ui.game_name != game:
        window.lab.session.replace_game(game_class(game).new())
        QApplication.sendPostedEvents()
        qtbot.wait(20)
    texts = []
    lessons = window.menus.lessons
    content = {a for a, _path, _title in lessons.lesson_actions + lessons.user_lesson_actions}
    for action in window.menuBar().actions():
        texts += _menu_texts(action.menu(), action.menu().title(), content)
    for dock in window.findChildren(QDockWidget):  # shown or not: each says its words
        if dock is not window.parts.lesson_dock:  # (the lessons' own, issue 90's next)
            texts += _dock_texts(dock)
    texts.append(("status bar", window.statusBar().currentMessage()))
    texts.append(("the game's status", window.parts.status_game.text()))  # (Messages)
    names = _names()
    found = [(where, text) for where, text in texts if unmarked(text, names)]
    assert not found, "\n".join(f"{where}: {text!r}" for where, text in found)


ROOT = Path(__file__).resolve().parents[2]
#: a puzzle of the examples: red wins within 3 plies (2 moves)
PUZZLE = ROOT / "model" / "data" / "puzzles" / "partition" / "floating-3-win-in-2-a.pyr.json"


def test_the_labs_lines_the_window_shows_are_from_the_catalog(pseudo_window, qtbot, tmp_path):
    """The lines the lab makes and the window shows (issue 90: Messages said in the
    window's language): Solve mode's (its start, the attempt's status, the goal, undo at
    the puzzle position), the Puzzle dock's (where the board is, the puzzle set here),
    set-up mode's prompt and its leaving, the review's refusal."""
    from PySide6.QtWidgets import QApplication

    from pyramid_lab.viewer.widgets.review_dock import ReviewDock

    window = pseudo_window
    shutil.copy(PUZZLE, tmp_path / PUZZLE.name)
    assert window.lab.documents.open(tmp_path / PUZZLE.name, ask=False)
    QApplication.sendPostedEvents()
    puzzle, dock = window.parts.puzzle, window.parts.puzzle_dock
    # (the puzzle's own words: the file's, English in the pseudo-locale)
    title = puzzle_text(window.session.puzzle, "title", i18n.PSEUDO)
    texts = []

    def seen(where: str, text: str) -> None:
        assert text, where  # (each line is shown: an empty one checks nothing)
        texts.append((where, text))

    window.menus.actions["solve"].trigger()
    assert puzzle.solver.active
    seen("Solve mode's start", window.statusBar().currentMessage())
    seen("the attempt's status", dock.solve_status.text())
    seen("the goal", dock.brief.text())
    puzzle.solver.undo()
    seen("undo at the puzzle position", window.statusBar().currentMessage())
    dock.solve_button.click()  # Stop solving
    window.session.play(window.session.game.parse_move("2,1,0"))
    QApplication.sendPostedEvents()
    seen("where the board is", dock.where.text())
    puzzle.desk.set_here()
    seen("the puzzle set here", window.statusBar().currentMessage())
    window.menus.actions["setup"].trigger()
    seen("set-up mode's prompt", window.prompt_bar.text())
    window.menus.actions["setup"].trigger()
    seen("set-up left", window.statusBar().currentMessage())
    window.lab.session.replace_game(game_class("partition").new())
    QApplication.sendPostedEvents()
    window.menus.actions["review"].trigger()
    seen("the review's refusal", window.findChild(ReviewDock).activity.text())
    names = (*_names(), title)
    found = [(where, text) for where, text in texts if unmarked(text, names)]
    assert not found, "\n".join(f"{where}: {text!r}" for where, text in found)


def test_an_option_that_does_not_apply_says_why_in_one_sentence(pseudo_window, qtbot):
    """The New game dialog's tooltip of an option the version chosen does not use: the
    option's help and why, one sentence of the catalog (its words, the rules', inside)."""
    from pyramid_lab.viewer.widgets.new_game import NewGameDialog

    dialog = NewGameDialog(pseudo_window, "pyraos")
    qtbot.addWidget(dialog)
    dialog.widget("variant").setCurrentText("children")  # no removals in that version
    tip = dialog.widget("removal").toolTip()
    assert tip.startswith("⟦"), tip
    assert tip.endswith("⟧"), tip
    assert not unmarked(tip, _names()), tip


def _option_texts(dialog) -> list[tuple[str, str]]:
    """What the New game dialog's game pages say (its OK and Cancel are Qt's catalog's),
    each game's page with each choice of each option chosen in turn (a choice's note, an
    option greyed out under another's: its tooltip says why) and each number option at
    its ends."""
    from PySide6.QtWidgets import QComboBox, QSpinBox

    out = [("title", dialog.windowTitle())]
    for name in game_names():
        dialog.choose(name)
        for option, widget in dialog.fields[name].items():
            settings = (
                range(widget.count())
                if isinstance(widget, QComboBox)
                else (widget.minimum(), widget.maximum())
                if isinstance(widget, QSpinBox)
                else ()
            )
            for setting in settings:
                if isinstance(widget, QComboBox):
                    widget.setCurrentIndex(setting)
                else:
                    widget.setValue(setting)
                texts = _dock_texts(dialog.pages)
                out += [(f"{name} {option}={setting}: {w}", t) for w, t in texts]
    return out


def test_every_word_of_the_new_game_dialog_is_from_the_catalog(pseudo_window, qtbot):
    """The options' labels, choices, tooltips and notes are the catalog's (the rules mark
    them N_), and a choice's item keeps the rules' value, language-free, as its data."""
    from PySide6.QtWidgets import QComboBox

    from pyramid_lab.viewer.widgets.new_game import NewGameDialog

    dialog = NewGameDialog(pseudo_window, current="partition")
    try:
        found = [(w, t) for w, t in _option_texts(dialog) if unmarked(t, _names())]
        assert not found, "\n".join(f"{where}: {text!r}" for where, text in found[:40])
        version = dialog.fields["partition"]["version"]
        assert isinstance(version, QComboBox)
        assert version.currentText().startswith("⟦")
        values = [version.itemData(i) for i in range(version.count())]
        assert values == list(game_class("partition").option_specs[1].choices)
        dialog.choose("partition")
        version.setCurrentIndex(values.index("stacking"))
        assert dialog.new_game().options.version == "stacking"  # the value, not its word
    finally:
        dialog.deleteLater()


def test_rolling_s_faction_boards_and_fights_are_from_the_catalog(pseudo_window, qtbot):
    """The Faction boards dock (each board's headings, counts and the factions' own words),
    the Fights dock (the fights and the solo Pharaoh's walk) and the Turn dock's places for
    a die (their boxes' headings) say every word from the catalog: the docks' own words are
    not enough, the boards' HTML and the choices are made by the lab."""
    import random

    from PySide6.QtWidgets import QApplication

    from pyramid_lab.model.rolling import RollingPyramids
    from pyramid_lab.viewer.games.rolling.docks import FightsDock, SheetsDock, TurnDock

    game = RollingPyramids.new(RollingPyramids.parse_options({"players": 1}))
    rng = random.Random(3)
    while game.round < 4 or game.phase != "draft":
        game.push(rng.choice(sorted(game.legal_moves(), key=repr)))
    window = pseudo_window
    window.lab.session.replace_game(game)
    QApplication.sendPostedEvents()
    qtbot.wait(20)
    (sheets,) = window.findChildren(SheetsDock)
    (fights,) = window.findChildren(FightsDock)
    (turn,) = window.findChildren(TurnDock)
    free = next(k for k, die in enumerate(game.state.dice) if die.taker is None)
    turn._take_die(free)  # (a die taken: the places it may go, under their boxes' headings)
    QApplication.sendPostedEvents()
    rows = [turn.choices.item(i).text() for i in range(turn.choices.count())]
    assert len(rows) > 2
    texts = [(f"board {c}", sheets.text(c)) for c in game.players]
    texts += [(f"Turn dock row {k}", row) for k, row in enumerate(rows)]
    texts.append(("fights", fights.text()))
    assert "réîñførçéméñtš" in fights.text()  # (the walk: said, marked)
    assert any("⟦" in text for _where, text in texts)
    names = (*_names(), "Anubians", "Bastet", "any")  # (the factions' names; a shape: notation)
    found = [(where, text) for where, text in texts if unmarked(text, names)]
    assert not found, "\n".join(f"{where}: {unmarked(text, names)}" for where, text in found)


LESSONS = ROOT / "model" / "data" / "lessons"


def test_the_corners_the_editors_boxes_and_a_verdict_are_from_the_catalog(
    pseudo_window, qtbot, tmp_path
):
    """Issue 108: English left in a German window: the Corners dock's walls ("north",
    "south"), the lesson editor's overlay boxes ("walls", "corners", "groups", "region")
    and goals ("a colour wins", "a colour holds a corner"), a click-points task's verdict
    ("is right; 1 more to find")."""
    from PySide6.QtWidgets import QApplication

    from pyramid_lab.viewer.games.partition.docks import CornerDock

    window = pseudo_window
    # a position where red holds NE and AP: the walls its anchors stand on, named
    held = PUZZLE.parent / "floating-3-win-in-1-a.pyr.json"
    shutil.copy(held, tmp_path / held.name)
    assert window.lab.documents.open(tmp_path / held.name, ask=False)
    QApplication.sendPostedEvents()
    (corners,) = window.findChildren(CornerDock)
    cells = [corners.table.item(row, 3) for row in range(corners.table.rowCount())]
    texts = [(f"Corners dock row {r}", c.text()) for r, c in enumerate(cells) if c and c.text()]
    assert texts  # (walls named: a corner is held)
    # the editor's boxes, for each task's kind (its goals and questions listed)
    assert window.lab.documents.open(LESSONS / "partition" / "01-corners-and-walls.lesson.json")
    control = window.parts.lessons
    control.panel.teach.setChecked(True)
    editor = control.panel.editor
    for index in range(editor.edit_kind.count()):
        editor.edit_kind.setCurrentIndex(index)
        QApplication.sendPostedEvents()
        for box in (editor.overlays, editor.rule_boxes):
            texts += [(f"kind {index}: {w}", t) for w, t in _dock_texts(box)]
    control.panel.teach.setChecked(False)
    # a click-points task's verdict, partly right
    lessons = window.lab.lessons
    assert window.lab.documents.open(LESSONS / "pyraos" / "01-squares-and-removals.lesson.json")
    lessons.go(2)
    lessons.pick((0, 1, 0))
    lessons.check()
    QApplication.sendPostedEvents()
    verdict = control.panel.verdict.text()
    assert "0,1,0" in verdict
    texts.append(("the verdict", verdict))
    names = (*_names(), "SW", "SE", "NW", "NE", "AP")  # (the corners' names: notation)
    found = [(where, text) for where, text in texts if unmarked(text, names)]
    assert not found, "\n".join(f"{where}: {text!r}" for where, text in found)


def test_a_pyramid_ball_turn_replayed_in_the_turn_dock_is_from_the_catalog(pseudo_window, qtbot):
    """Issue 108: a replayed row's lines in the Turn dock ("red Large (OL): F (N): moved
    d2 -> d3", "blocked on ...", "stands on ... and passes") were built in English: each
    row's title, lines and the status bar's account of it, and the position now, are the
    catalog's (a pyramid's codes, squares and entries: notation)."""
    from PySide6.QtWidgets import QApplication

    from pyramid_lab.model.ball import PyramidBall, parse_program
    from pyramid_lab.model.game import JointMove

    game = PyramidBall.new()
    # red's Medium carrier steps (blocked by blue's Medium) and passes in row 3; blue's
    # Large moves: moved, blocked, stands, passes and a pass line
    game.push(JointMove((parse_program("S,F,S/S,F,S/S,>L,S"), parse_program("L,S,S/S,S,S/S,S,S"))))
    window = pseudo_window
    window.lab.session.replace_game(game)
    QApplication.sendPostedEvents()
    qtbot.wait(20)
    ui = window.board.ui
    dock = ui.turn_dock
    texts = []
    for row in (*range(ui.replay.row_count() + 1), None):
        ui.replay.show_row(row)
        QApplication.sendPostedEvents()
        lines = [dock.lines.item(i).text() for i in range(dock.lines.count())]
        texts += [(f"row {row} line {k}", line) for k, line in enumerate(lines)]
        texts.append((f"row {row}: title", dock.row_title.text()))
        texts.append((f"row {row}: status", window.statusBar().currentMessage()))
    assert sum(where.startswith("row 1 line") for where, _text in texts) >= 6  # (each pyramid)
    assert any("⟦" in text for _where, text in texts)
    codes = tuple(f"{side}{size}" for side in "OD" for size in "LMS")  # (a pyramid's code)
    found = [(where, text) for where, text in texts if unmarked(text, (*_names(), *codes))]
    assert not found, "\n".join(f"{where}: {text!r}" for where, text in found)
