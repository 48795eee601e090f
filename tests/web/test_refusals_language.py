"""The class's refusals of a page's malformed message (issue 90): Messages whose English the
class's log keeps, sent to each page in its own language (issue 108: one path, no matcher)."""

from __future__ import annotations

from typing import Any

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.words import reason_of
from pyramid_lab.viewer.classroom import words
from pyramid_lab.viewer.classroom.checks import Refused, seconds_of
from pyramid_lab.viewer.classroom.messages import action_of, args_of, order_args
from pyramid_lab.viewer.classroom.store import name_ok

#: A malformed value and the English refusal it has always had.
REFUSED: list[tuple[Any, str]] = [
    (
        lambda: action_of("click", [[0, 0], [0, 0, 1]]),
        "a click is a ray: two lists of three numbers",
    ),
    (lambda: action_of("click", [[0, 0, 1e9], [0, 0, 1]]), "a click's ray is out of the scene"),
    (lambda: action_of("form", [["a"] * 41]), "the form sent too many choices"),
    (lambda: action_of("dance", []), "no such action: dance"),
    (lambda: action_of("point", [5]), "a point is a list of three whole numbers"),
    (lambda: action_of("point", [[1, 2, 200]]), "a coordinate must be from 0 to 99"),
    (lambda: action_of("view", [1]), "the view is a top level, a peel and a clip"),
    (lambda: args_of([1, 2, 3, 4, 5]), "the page sent too many values"),
    (lambda: args_of([{1, 2}]), "the page sent values that are not plain data"),
    (lambda: order_args({"args": ["x" * 3000]}), "the page sent too much"),
    (lambda: seconds_of("soon"), "seconds must be a number"),
    (
        lambda: name_ok(".hidden"),
        "a class's name is 1 to 60 letters, digits, dots, dashes and underscores",
    ),
]


@pytest.mark.parametrize(("refuse", "english"), REFUSED)
def test_a_malformed_message_is_refused_in_english_and_said_in_german(refuse, english):
    with pytest.raises(Refused) as refused:
        refuse()
    made = reason_of(refused.value)
    assert made == str(refused.value) == english  # (the class's log, an English page: as before)
    assert words.said(made, i18n.ENGLISH) == english
    german = words.said(made, "de")
    assert german  # (found in the catalog: German indeed)
    assert german != english
    assert words.said(made, "fr") not in ("", english)


def test_an_orders_ticks_are_refused_with_what_it_asks_in_german():
    from pyramid_lab.viewer.classroom.messages import Remove

    with pytest.raises(Refused) as refused:
        Remove.from_values([[]])
    made = reason_of(refused.value)
    assert made == "remove which students? (tick them first)"
    said = i18n.translations("de").gettext
    assert words.said(made, "de") == said("{asks} (tick them first)").format(
        asks=said("remove which students?")
    )
