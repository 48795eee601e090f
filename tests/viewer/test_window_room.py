"""The window's room at 1200x800 (issue 109 items 2-4): a four-player Rolling game keeps
the window within a 1400-pixel screen and gives the room back after it; the Analysis dock
shows its rows beside the Moves and Corners docks; long status lines said whole."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


def rolling(players: int):
    from pyramid_lab.model.rolling import RollingPyramids
    from pyramid_lab.model.rolling.option_specs import OPTION_SPECS

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
