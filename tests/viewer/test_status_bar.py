"""The status bar's message label (viewer/widgets/status_bar.py): the lines a message takes,
measured once a text, width and font, are the lines Qt lays it out in."""

from __future__ import annotations

import pytest


@pytest.fixture
def label(qtbot):
    from pyramid_lab.viewer.widgets.status_bar import ElidedLabel

    made = ElidedLabel(lines=3)
    qtbot.addWidget(made)
    made.resize(400, 20)
    return made


def lines_of(label) -> int:
    return (label.wanted_height() - max(label.height() - label.contentsRect().height(), 0)) // (
        label.fontMetrics().lineSpacing()
    )


@pytest.mark.parametrize("text", ["a\nb", "a\u2028b"])
def test_a_short_message_broken_in_two_takes_two_lines(label, text):
    # A text narrower than the label needs no wrapped measure, unless a line break is in
    # it: Qt breaks a line at "\n" and at U+2028 (QChar::LineSeparator) alike.
    label.setText(text)
    assert label.fontMetrics().horizontalAdvance(text) < label.contentsRect().width()
    assert lines_of(label) == 2


def test_a_message_is_measured_anew_in_another_font(label):
    from PySide6.QtGui import QFont

    text = "a long message that wraps in the label " * 2
    label.setText(text)
    before = lines_of(label)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    label.setFont(font)
    assert lines_of(label) > before  # (the same text and width: not the last measure)
