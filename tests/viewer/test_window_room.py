"""The window's room at 1200x800 (issue 109 items 2-4): a four-player Rolling game keeps
the window within a 1400-pixel screen and gives the room back after it; the Analysis dock
shows its rows beside the Moves and Corners docks; long status lines said whole."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


def rolling(players: int):
    from pyramid_lab.model.rolling import OPTION_SPECS, RollingPyramids

    shown = {spec.name: spec.default for spec in OPTION_SPECS}
    return RollingPyramids.new(RollingPyramids.parse_options({**shown, "players": players}))


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_four_player_rolling_game_keeps_the_window_narrower_than_the_screen(
    make_window, language, guard_errors
):
    """The Turn dock kept room for four dice a row, each "d8: 8 taken by yellow" wide: the
    window's least width 1,120 pixels in German (the lesson's dock beside it: 1,514)."""
    from PySide6.QtCore import QCoreApplication

    from pyramid_lab import i18n

    i18n.use(language)
    try:
        window = make_window(rolling(2))
        window.parts.lesson_dock.show()  # (a lesson's dock on the left, as in a lesson)
        QCoreApplication.processEvents()
        two = window.minimumSizeHint().width()
        window.session.replace_game(rolling(4))
        QCoreApplication.processEvents()
        four = window.minimumSizeHint().width()
        assert four <= 1000, four  # (within 1200x800 with room for the board)
        assert four - two < 60, (two, four)
        window.session.replace_game(rolling(2))
        QCoreApplication.processEvents()
        assert window.minimumSizeHint().width() <= two
        dock = window.board.ui._docks.turn
        assert dock.minimumSizeHint().width() < 400
    finally:
        i18n.use("en")
    assert not guard_errors


def analysed(window, count: int = 20) -> None:
    """The Analysis dock shows ``count`` moves of Partition's first position, proven wins
    and losses within many plies (the longest words the proven column says)."""
    from pyramid_lab.model import search

    game = window.session.game
    moves = game.legal_moves()[:count]
    stats = [
        search.MoveStat(
            m,
            visits=1200 + 37 * i,
            win_rate=1.0 - i / count,
            proven="win" if i % 2 else "loss",
            plies=29 + i,
            exact=False,
        )
        for i, m in enumerate(moves)
    ]
    window.parts.analysis.dock.show_results(
        "Weiß gewinnt: bewiesen, innerhalb von 29 Halbzügen (die Engine hat jeden Zug gewogen)",
        "Bewiesen: 10 Züge gewinnen, 10 verlieren",
        stats,
        heat_map=True,
    )


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_analysis_shows_its_rows_whole_beside_the_moves_and_corners(
    make_window, language, guard_errors
):
    """At 1200x800 beside the Moves and Corners docks the Analysis dock showed none of its
    move rows (the table scrolled below its words), and the proven column was elided
    ("Gewinn innerhalb von 29...")."""
    from PySide6.QtCore import QCoreApplication, Qt

    from pyramid_lab import i18n
    from pyramid_lab.model.partition import Partition, PartitionOptions

    i18n.use(language)
    try:
        window = make_window(Partition(PartitionOptions(4)))
        window.resize(1200, 800)
        from pyramid_lab.viewer.widgets.dock_fit import present

        dock = window.parts.analysis.dock
        dock.body()
        present(dock)
        analysed(window)
        for _ in range(5):
            QCoreApplication.processEvents()
        table = dock.table
        seen = table.viewport().visibleRegion().boundingRect()
        whole = [
            row
            for row in range(table.rowCount())
            if seen.contains(table.visualItemRect(table.item(row, 0)))
        ]
        assert len(whole) >= 4, (len(whole), table.height(), dock.height())
        for row in whole:
            item = table.item(row, 3)
            rect = table.visualItemRect(item)
            text = item.text()
            needed = table.fontMetrics().boundingRect(
                rect.adjusted(0, 0, -6, 0), int(Qt.TextFlag.TextWordWrap), text
            )
            assert needed.height() <= rect.height(), (text, rect, needed)
            assert needed.width() <= rect.width(), (text, rect, needed)
    finally:
        i18n.use("en")
    assert not guard_errors


#: Long lines the status bar cut at 1200x800 (issue 109 item 4): Partition's hidden-point
#: advice, Rolling's fight report, the off-book Hint in German.
LONG_LINES = (
    "Click 2,1,0 again to play 2,1,1, the empty point its ball hides, or peel to level 1 "
    "(View dock: Levels) or turn the board; the points 1,1,1 and 2,2,1 behind it are "
    "empty too",
    "Fight at 12 (hero): red's army 3 + d8 5 = 8 against blue's hero 2 + d4 3 = 5 and "
    "green's footmen 1 + d4 1 = 2: red wins the space, blue loses its hero, green's footmen "
    "go home, and yellow, who was not there, keeps its points",
    "Hinweis: 2,1,0 (die Stellung ist nicht im Eröffnungsbuch; die Engine hat 3,0 Sekunden "
    "nachgedacht und schätzt eine Gewinnchance von 64 %, ohne sie zu beweisen)",
)


@pytest.mark.parametrize("line", LONG_LINES)
def test_a_long_status_line_is_said_whole(make_window, qtbot, line, guard_errors):
    from tests.patience import WAIT_MS

    window = make_window()
    window.resize(1200, 800)
    qtbot.waitUntil(lambda: window.width() == 1200, timeout=WAIT_MS)
    bar = window.statusBar()
    window.parts.status_hover.setText("(1,1,0) level 0, red; group of 3 touching base")
    qtbot.wait(50)
    scene, height = window.plotter.size(), bar.height()
    window.lab.bulletin.say(line)
    qtbot.wait(50)
    # the wrapped lines lie over the scene's foot: the bar and the scene keep their sizes
    # (a bar that grew shrank the scene, and the board jumped: the framing tests)
    assert (window.plotter.size(), bar.height()) == (scene, height)
    assert bar.message.fontMetrics().horizontalAdvance(line) > bar.message.width()
    assert not bar.message.elided()
    assert bar.message.height() >= bar.message.wanted_height()
    bar.clearMessage()
    qtbot.wait(50)
    assert bar.height() < 2 * bar.message.fontMetrics().lineSpacing() + 12
    assert not guard_errors
