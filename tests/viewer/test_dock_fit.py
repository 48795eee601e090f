"""The window and its docks keep their size: a game's docks never make the window grow off
the screen (Pyramid Ball's made a 1600x1000 screen's window 1208 pixels tall, its status bar
off the screen, and it stayed so after the next game), and the dock column keeps its width
as the texts in it change (Rolling Pyramids' moved by up to 100 pixels as the dice pool came
and went, the Turn dock's buttons under the mouse)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from dockcheck import cut_texts
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QVBoxLayout, QWidget

from pyramid_lab.model.game import CHANCE
from tests.patience import WAIT_MS

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py).
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

#: The five games, each twice (after another game and after itself), Pyramid Ball after
#: each of the others.
ROUND = ("ball", "rolling", "ball", "pyraos", "ball", "terrace", "ball", "partition", "ball")


def settle(qtbot):
    """Let the posted layout requests run (the window lays its docks out on them)."""
    QApplication.sendPostedEvents()
    qtbot.wait(20)


def on_screen(window) -> None:
    area = window.screen().availableGeometry()
    frame = window.frameGeometry()
    assert area.contains(frame), (frame, area)
    bar = window.statusBar()
    corner = bar.mapToGlobal(QPoint(0, bar.height() - 1))
    assert area.contains(corner), "the status bar is off the screen"


@pytest.fixture
def large_font(gl_display):
    """Text a third larger than Xvfb's, as on the trial's desktop (scaled by about a
    third), where Pyramid Ball's docks made the window 1208 pixels tall."""
    font = gl_display.font()
    large = QFont(font)
    if font.pointSizeF() > 0:
        large.setPointSizeF(font.pointSizeF() * 4 / 3)
    else:
        large.setPixelSize(round(font.pixelSize() * 4 / 3))
    gl_display.setFont(large)
    yield
    gl_display.setFont(font)


def test_a_window_as_tall_as_the_screen_keeps_its_size_through_every_game(
    large_font, make_window, new_game, qtbot, guard_errors
):
    window = make_window()
    area = window.screen().availableGeometry()
    window.move(area.topLeft())
    window.resize(min(1200, area.width()), area.height())
    settle(qtbot)
    size = window.size()
    on_screen(window)
    for name in ROUND:
        new_game(window, name)
        on_screen(window)
        assert window.size() == size, name
    assert guard_errors == []


def test_a_small_window_holds_every_game(make_window, new_game, qtbot, guard_errors):
    """1024x600 (a small laptop's screen): no game's docks need more (the least height
    Pyramid Ball's docks took was 695 pixels, its Turn dock alone 277)."""
    window = make_window()
    window.resize(1024, 600)
    settle(qtbot)
    for name in ROUND:
        new_game(window, name)
        assert window.size() == QSize(1024, 600), name
        assert window.minimumSizeHint().height() <= 600, name
    assert guard_errors == []


def test_a_game_after_a_game_without_docks_shows_its_docks_at_their_height(
    make_window, new_game, qtbot, guard_errors
):
    """The Moves dock had the whole column in Pyraos: Pyramid Ball's Turn dock came
    squeezed under a Moves dock of one row with room to spare."""
    window = make_window()
    window.resize(1200, 800)
    new_game(window, "pyraos")
    new_game(window, "ball")
    turn = window.board.ui.turn_dock
    assert turn.height() >= turn.sizeHint().height() * 3 // 4
    assert window.parts.moves_dock.height() <= window.parts.moves_dock.sizeHint().height()
    assert guard_errors == []


def column_width(window, dock) -> tuple[int, int]:
    return window.parts.moves_dock.width(), dock.width()


def test_the_dock_column_keeps_its_width_through_rolling_pyramids_rounds(
    make_window, new_game, qtbot, guard_errors
):
    """A round's decisions (starting areas, the draft's dice taken one by one, the secret
    deployment, the fights), then another line tried in the Moves dock: its rows grow
    longer ("or 12. blue take red d8 4 > a1 = 2  (line of 3 moves)"), the column's width
    stays."""
    window = make_window()
    window.resize(1200, 800)
    new_game(window, "rolling")
    window.session.lines.dice.seed(11)
    turn = window.board.ui._docks.turn
    widths = {column_width(window, turn)}
    rng = random.Random(2)
    phases = set()
    for _ in range(60):  # round 1 whole (about 20 decisions)
        game = window.session.game
        if game.round >= 2:
            break
        phases.add(game.phase)
        if game.current_player() == CHANCE:
            window.board.finish()
        else:
            window.session.play(rng.choice(game.legal_moves()))
        settle(qtbot)
        widths.add(column_width(window, turn))
    assert {"start", "draft", "deploy", "conquest"} <= phases
    assert window.session.game.round == 2
    for _ in range(3):
        window.board.undo()
    game = window.session.game
    window.session.play(game.legal_moves()[-1] if game.current_player() != CHANCE else None)
    settle(qtbot)
    tree = window.parts.moves_dock.tree
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    assert any(
        row.child(k).text(0).startswith("or ") for row in rows for k in range(row.childCount())
    )
    widths.add(column_width(window, turn))
    assert len(widths) == 1, widths
    assert guard_errors == []


def test_the_dock_column_keeps_its_width_as_pyramid_ball_programs_are_handed_in(
    make_window, new_game, qtbot, monkeypatch, guard_errors
):
    """Hot seat: red's editor, both covered, blue's editor, the rows replayed: the
    Program docks' editors were wider than the Turn dock, so the column narrowed by 67
    pixels as soon as red handed its program in."""
    from pyramid_lab.viewer.games.ball import replay

    monkeypatch.setattr(replay, "ROW_SECONDS", 0)
    window = make_window()
    window.resize(1200, 800)
    new_game(window, "ball")
    red, blue = window.board.ui.desk.program_docks
    turn = window.board.ui.turn_dock
    assert red.editing
    widths = {column_width(window, turn)}
    red.editor.submit.click()
    settle(qtbot)
    assert not red.editing
    assert not blue.editing
    widths.add(column_width(window, turn))
    blue.hand_over.click()
    settle(qtbot)
    assert blue.editing
    widths.add(column_width(window, turn))
    blue.editor.submit.click()
    settle(qtbot)
    assert len(window.session.history()) == 1
    window.board.ui.replay.show_row(1)
    settle(qtbot)
    widths.add(column_width(window, turn))
    assert len(widths) == 1, widths
    assert guard_errors == []


def test_a_scrolled_body_asks_for_its_contents_height_and_its_least_width(gl_display, qtbot):
    from pyramid_lab.viewer.widgets.dock_fit import MIN_LINES, ScrolledBody

    body = QWidget()
    layout = QVBoxLayout(body)
    label = QLabel("short")
    label.setWordWrap(True)
    layout.addWidget(label)
    for k in range(30):
        layout.addWidget(QLabel(f"a line of the contents, number {k}"))
    scroll = ScrolledBody(body)
    qtbot.addWidget(scroll)
    lines = scroll.fontMetrics().lineSpacing()
    assert scroll.minimumSizeHint().height() <= MIN_LINES * lines
    assert scroll.sizeHint().height() >= body.sizeHint().height()
    width = scroll.sizeHint().width()
    label.setText("a text long enough to make a label that wraps ask for more room " * 3)
    QApplication.sendPostedEvents()
    assert scroll.sizeHint().width() == width
    assert body.sizeHint().width() > width  # what the label would have had


def test_keep_on_screen_brings_a_window_back_within_the_screen(gl_display, qtbot):
    from pyramid_lab.viewer.widgets.dock_fit import keep_on_screen

    window = QMainWindow()
    qtbot.addWidget(window)
    with qtbot.waitExposed(window, timeout=WAIT_MS):
        window.show()
    area = window.screen().availableGeometry()
    window.resize(area.width() + 200, area.height() + 200)
    keep_on_screen(window)
    assert area.contains(window.frameGeometry())
    window.resize(400, 300)
    window.move(area.right() - 100, area.bottom() - 100)
    keep_on_screen(window, QSize(500, 350))
    assert window.size() == QSize(500, 350)
    assert area.contains(window.frameGeometry())
    window.setWindowState(Qt.WindowState.WindowMaximized)
    keep_on_screen(window, QSize(300, 200))  # the window manager's to size
    assert window.size() != QSize(300, 200)


def test_analysis_and_a_taken_die_in_rolling_pyramids_keep_the_window_on_screen(
    make_window, qtbot, guard_errors
):
    """The trial's steps: a Rolling Pyramids draft, A (the Analysis dock opens), a die
    taken in the Turn dock: the window grew from 1200x800 to 1200x1015, then 1200x1147,
    past a 1000-pixel screen's edge (the docks' least heights: the Turn dock's was all its
    contents', the Analysis dock's its table's). The docks scroll instead."""
    window = make_window()
    window.move(window.screen().availableGeometry().topLeft())
    window.resize(1200, 800)
    window.lab.documents.open("examples/rolling/four-players-round-3-draft.pyr.json", ask=False)
    settle(qtbot)
    window.menus.actions["analyse"].trigger()
    settle(qtbot)
    assert window.size() == QSize(1200, 800)
    turn = next(d for d in window.board.ui.docks() if d.windowTitle() == "Turn")
    die = next(b for b in turn.dice if b.isVisible() and b.isEnabled())
    qtbot.mouseClick(die, Qt.MouseButton.LeftButton)
    settle(qtbot)
    assert window.size() == QSize(1200, 800)
    assert window.minimumSizeHint().height() <= 800
    on_screen(window)
    assert guard_errors == []


def test_a_game_with_narrower_docks_gives_the_view_its_width_back(
    make_window, new_game, qtbot, guard_errors
):
    """The right dock column kept the width of Pyramid Ball's or Rolling Pyramids' docks:
    a Partition game after them had a 3D view 130 pixels narrower than before. (Both wide
    games on one window, each followed by Partition: a window each was twice the cost.)"""
    window = make_window()
    window.resize(1200, 800)
    new_game(window, "terrace")
    new_game(window, "partition")
    before = window.plotter.width()
    for wide in ("ball", "rolling"):
        new_game(window, wide)
        new_game(window, "partition")
        assert window.plotter.width() >= before - 4, wide
    assert guard_errors == []


# ---- every text whole at the default size ------------------------------------------------

SIZES = [(1200, 800), (1280, 800)]
PUZZLES = Path(__file__).resolve().parents[2] / "model" / "data" / "puzzles" / "partition"
LESSON = (
    Path(__file__).resolve().parents[2]
    / "model"
    / "data"
    / "lessons"
    / "partition"
    / "03-a-corner-ball.lesson.json"
)


def alone(window, dock) -> list:
    """Hide the other docks of ``dock``'s side (shown again by the caller's window's end)."""
    from PySide6.QtWidgets import QDockWidget

    side = window.dockWidgetArea(dock)
    others = [
        other
        for other in window.findChildren(QDockWidget)
        if other is not dock and other.isVisible() and window.dockWidgetArea(other) == side
    ]
    for other in others:
        other.hide()
    dock.show()
    dock.raise_()
    return others


@pytest.mark.parametrize("size", SIZES)
def test_practice_opened_from_the_command_line_shows_its_whole_text(
    size, window_folders, qtbot, guard_errors
):
    """``pyramid-lab practice partition`` at the default size: the window opened first,
    the Practice dock came beside the View dock and was squeezed to the column's width,
    its labels and the Next unsolved button cut at its edge, every row cut."""
    from pyramid_lab.model.files import read
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    first = sorted(PUZZLES.glob("*.pyr.json"))[0]
    window = MainWindow(Session.from_document(read(first), str(first)), opening=first.name)
    qtbot.addWidget(window)
    window.resize(*size)
    window.when_built(lambda: window.opened(str(first), None, PUZZLES))
    window.show()
    try:
        qtbot.waitUntil(
            lambda: (
                getattr(window, "parts", None) is not None  # (built)
                and window.parts.commands.practice is not None
                and window.parts.commands.practice.dock.isVisible()
            ),
            timeout=WAIT_MS,  # (a window built at load 10: more than the default 5 s)
        )
        qtbot.waitUntil(lambda: window.parts.commands.practice.state.playing(), timeout=WAIT_MS)
        settle(qtbot)
        qtbot.wait(200)  # the docks' widths once the window is laid out
        settle(qtbot)
        dock = window.parts.commands.practice.dock
        assert cut_texts(dock) == []
        assert "Next unsolved" in dock.next_button.text()
        alone(window, dock)
        settle(qtbot)
        assert cut_texts(dock) == []
    finally:
        window.shutdown()
    assert guard_errors == []


@pytest.mark.parametrize("size", SIZES)
def test_the_analysis_shows_eight_moves_beside_the_moves_and_corners(
    size, make_window, qtbot, monkeypatch, guard_errors
):
    """Analysis > Analyse at the default size: the table showed 2 of 44 moves under the
    Moves dock and over the Corners dock. (The dock as Analyse brings it, the search left
    out: its 44 moves handed in, as many as a loaded machine weighs or not.)"""
    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.model.search import MoveStat

    window = make_window(Partition(PartitionOptions(5)))
    window.resize(*size)
    settle(qtbot)
    monkeypatch.setattr(window.lab.analysing, "start", lambda *_args, **_kw: True)
    window.parts.analysis.analyse()  # the dock comes, with the room its moves need
    dock = window.parts.analysis.dock
    moves = [MoveStat(f"{i % 5},{i // 5},0", 100 - i, 0.5) for i in range(44)]
    dock.show_results("red is winning: 55% (44 moves weighed)", "", moves, False)
    settle(qtbot)
    assert dock.table.rowCount() == 44
    assert window.parts.moves_dock.isVisible()
    assert cut_texts(dock) == []
    alone(window, dock)
    settle(qtbot)
    assert cut_texts(dock) == []
    assert guard_errors == []


@pytest.mark.parametrize("size", SIZES)
def test_the_lesson_editor_shows_its_whole_text(size, make_window, qtbot, guard_errors):
    """Teacher mode on a shipped lesson: the Hint ("SW's far walls are east and north.
    Which empty point ...") was cut in a one-line box, the step's text behind a scroll."""
    window = make_window()
    window.resize(*size)
    assert window.lab.documents.open(LESSON)
    panel = window.parts.lessons.panel
    panel.teach.setChecked(True)
    settle(qtbot)
    dock = window.parts.lesson_dock
    assert panel.editor.edit_hint.text().startswith("SW's far walls")
    for _ in range(2):  # beside the View dock, then alone on its side
        assert cut_texts(dock) == []
        alone(window, dock)
        settle(qtbot)
    assert guard_errors == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["partition", "ball", "rolling"])
def test_every_dock_alone_on_its_side_shows_its_whole_text(
    size, game, make_window, new_game, qtbot, guard_errors
):
    from PySide6.QtWidgets import QDockWidget

    window = make_window()
    window.resize(*size)
    if game != "partition":
        new_game(window, game)
    settle(qtbot)
    cut = {}
    for dock in window.findChildren(QDockWidget):
        shown = dock.isVisible()
        others = alone(window, dock)
        settle(qtbot)
        cut[dock.objectName()] = cut_texts(dock)
        if not shown:
            dock.hide()
        for other in others:
            other.show()
    assert {name: found for name, found in cut.items() if found} == {}
    assert guard_errors == []


def test_a_window_opened_on_a_flat_board_shows_the_view_dock_on_a_pyramid(
    window_folders, new_game, qtbot, guard_errors
):
    """``pyramid-lab open`` on a Rolling Pyramids file, then Allmer's Pyramid: the View
    dock never came back (the window, built on screen, had not shown it yet when the flat
    map put it away, so it was taken for closed by the user)."""
    from pyramid_lab.model.files import read
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    path = Path(__file__).resolve().parents[2] / "examples/rolling/solo-round-4-deploy.pyr.json"
    window = MainWindow(Session.from_document(read(path), str(path)), opening=path.name)
    qtbot.addWidget(window)
    window.show()
    try:
        qtbot.waitUntil(lambda: window.built, timeout=WAIT_MS)
        settle(qtbot)
        assert window.parts.view_dock.isHidden()  # a flat map: nothing to peel or clip
        new_game(window, "terrace")
        settle(qtbot)
        assert not window.parts.view_dock.isHidden()
    finally:
        window.shutdown()
    assert guard_errors == []


def _seen_whole(widget, scroll) -> bool:
    """``widget`` lies within what the scroll area ``scroll`` shows now."""
    from PySide6.QtCore import QRect

    viewport = scroll.viewport()
    top_left = widget.mapTo(viewport, QPoint(0, 0))
    return viewport.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("how", ["new game", "opened"])
def test_pyramid_balls_turn_dock_shows_its_codes_whole(
    size, how, make_window, new_game, qtbot, guard_errors
):
    """Issue 77, item 6: at 1200x800 the Turn dock cut its codes text at the bottom behind
    a scroll bar: a window built on screen (``pyramid-lab open FILE``) gave the program
    dock 335 pixels for the 191 it asks, and the replay's list took 150 pixels at least.
    Opened so, or after File > New game, the codes show whole beside the other docks, and
    the dock does not scroll."""
    from pyramid_lab.model.files import read
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    if how == "new game":
        window = make_window()
        window.resize(*size)
        new_game(window, "ball")
    else:  # (make_window's own settings and folders, no window of its)
        path = Path(__file__).resolve().parents[2] / "examples/ball/setup.pyr.json"
        window = MainWindow(Session.from_document(read(path), str(path)), opening=path.name)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitUntil(lambda: window.built, timeout=WAIT_MS)
    try:
        for _ in range(3):  # the posted layouts and the program dock's fit
            settle(qtbot)
            qtbot.wait(50)
        turn = window.board.ui.turn_dock
        scroll = turn.widget()
        assert turn.codes.text().startswith("Codes:")
        assert _seen_whole(turn.codes, scroll), (turn.height(), turn.codes.geometry())
        assert scroll.verticalScrollBar().maximum() == 0, scroll.verticalScrollBar().maximum()
        assert cut_texts(turn) == []
        red = window.board.ui.desk.program_docks[0]
        assert red.height() <= red.sizeHint().height() + 4  # not the column's spare room
    finally:
        if how == "opened":
            window.shutdown()
    assert guard_errors == []


@pytest.mark.parametrize("size", SIZES)
def test_a_new_lesson_shows_its_whole_editor_without_scrolling(
    size, make_window, qtbot, guard_errors
):
    """Issue 77, item 1: after Lessons > New lesson (teacher mode) at 1200x800 the Lesson
    dock scrolled beside the View dock: "Open the lesson with this view" showed 0 of its
    22 pixels, a task's Goal, Answers, Prompt and Hint rows further down still. The editor
    takes its side's height, the View dock a tab behind it; every field and button is in
    sight, with each kind of task; out of teacher mode the View dock stands beside it
    again."""
    from pyramid_lab.model import lesson as lessons
    from pyramid_lab.model.partition import Partition, PartitionOptions

    window = make_window(Partition(PartitionOptions()))
    window.resize(*size)
    settle(qtbot)
    window.menus.lessons.new_lesson.trigger()
    panel = window.parts.lessons.panel
    dock = window.parts.lesson_dock
    assert panel.teach.isChecked()
    scroll = dock.steps_scroll
    for kind in ("no task", *lessons.KINDS):
        panel.editor.edit_kind.setCurrentText(kind)
        for _ in range(2):
            settle(qtbot)
        assert scroll.verticalScrollBar().maximum() == 0, (kind, dock.height())
        shown = [
            panel.editor.edit_lesson_title,
            panel.editor.edit_title,
            panel.editor.edit_text,
            panel.editor.edit_kind,
            panel.editor.from_board,
            panel.editor.take,
            panel.editor.add,
            panel.editor.remove,
            panel.editor.up,
            panel.editor.down,
            panel.editor.keep_view,
        ]
        if kind != "no task":
            shown += [panel.editor.rule_boxes, panel.editor.edit_prompt, panel.editor.edit_hint]
        for widget in shown:
            assert widget.isVisible(), (kind, widget)
            assert _seen_whole(widget, scroll), (kind, _name_of(widget), dock.height())
        assert panel.footer.apply.isVisible()
        assert panel.footer.save.isVisible()
        assert cut_texts(dock) == [], kind
    view = window.parts.view_dock
    assert dock in window.tabifiedDockWidgets(view)  # one click away, behind the editor
    panel.teach.setChecked(False)
    settle(qtbot)
    assert view.isVisible()
    assert not window.tabifiedDockWidgets(view)
    panel.teach.setChecked(True)
    settle(qtbot)
    assert dock in window.tabifiedDockWidgets(view)
    assert guard_errors == []


def _name_of(widget) -> str:
    text = getattr(widget, "text", None)
    return f"{type(widget).__name__} {text() if callable(text) else ''}"


def test_the_view_dock_comes_back_when_the_lesson_being_edited_ends(
    make_window, qtbot, guard_errors
):
    """A lesson edited in teacher mode (the View dock a tab behind the editor), then a
    position file opened: the lesson ends, and the View dock stands beside the caption again,
    not hidden behind a tab."""
    from pyramid_lab.model.partition import Partition, PartitionOptions

    window = make_window(Partition(PartitionOptions()))
    window.resize(1200, 800)
    settle(qtbot)
    window.menus.lessons.new_lesson.trigger()
    settle(qtbot)
    view = window.parts.view_dock
    assert window.tabifiedDockWidgets(view)
    position = Path(__file__).resolve().parents[2] / "examples/partition/stacking-support.pyr.json"
    assert window.lab.documents.open(position, ask=False)
    settle(qtbot)
    assert not window.parts.lesson_dock.steps_active
    assert not window.tabifiedDockWidgets(view)
    assert view.isVisible()
    assert guard_errors == []


@pytest.mark.parametrize("size", SIZES)
def test_pyramid_balls_turn_dock_stays_whole_after_a_turn(
    size, make_window, new_game, qtbot, monkeypatch, guard_errors
):
    """Issue 89, item 7: at 1200x800 the Turn dock was whole before any turn, but once red
    had programmed, and after a turn was played, its codes text was cut mid-line at the
    window's bottom and the list of the turn's rows showed 4 of its 8 entries."""
    from pyramid_lab.viewer.games.ball import replay

    monkeypatch.setattr(replay, "ROW_SECONDS", 0)
    window = make_window()
    window.resize(*size)
    new_game(window, "ball")
    red, blue = window.board.ui.desk.program_docks
    turn = window.board.ui.turn_dock

    def whole(when: str) -> None:
        for _ in range(3):  # the posted layouts and the program dock's fit
            settle(qtbot)
            qtbot.wait(50)
        scroll = turn.widget()
        assert _seen_whole(turn.codes, scroll), (when, turn.height(), turn.codes.geometry())
        bar = scroll.verticalScrollBar()
        assert bar.maximum() == 0, (when, bar.maximum())
        assert cut_texts(turn) == [], when

    whole("before any turn")
    red.editor.submit.click()
    whole("red programmed")
    blue.hand_over.click()
    settle(qtbot)
    blue.editor.submit.click()
    assert len(window.session.history()) == 1
    whole("after a turn")
    window.board.ui.replay.show_row(1)
    whole("a row shown")
    assert guard_errors == []
