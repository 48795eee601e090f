"""Each board's hover text in each reader's language (issue 90): a point of Pyramid
Partition's and Pyraos's lattice (with its ball's group), a field of Terrace (with what a
move there does), a square of Pyramid Ball. English byte for byte as captured before the
change (``data/hover_words_en.json``, by ``hover_english.py``); every word marked in the
pseudo-locale; German said."""

from __future__ import annotations

import json
import re

import hover_english
import pytest

from pyramid_lab import i18n
from pyramid_lab.i18n import Message

BEFORE = json.loads(hover_english.DATA_FILE.read_text(encoding="utf-8"))


def unmarked(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-locale's marks (nested ones too)."""
    while re.search(r"⟦[^⟦⟧]*⟧", text):
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.fixture(scope="module")
def said() -> dict[str, list[str]]:
    return {name: hover_english.hovers(name) for name in hover_english.GAMES}


@pytest.mark.parametrize("name", hover_english.GAMES)
def test_the_english_is_what_it_was(said, name):
    assert [str(text) for text in said[name]] == BEFORE[name]


@pytest.mark.parametrize("name", hover_english.GAMES)
def test_every_word_of_a_hover_is_the_catalog_s(said, name):
    for text in said[name]:
        assert isinstance(text, Message), text
        pseudo = i18n.shown(text, i18n.PSEUDO)
        assert pseudo.startswith("⟦"), pseudo
        assert not unmarked(pseudo), pseudo


def test_the_hovers_are_said_in_german(said):
    german = {name: [i18n.shown(text, "de") for text in said[name]] for name in said}
    assert "(0,0,0) Ebene 0, leer" in german["partition"]
    assert any(
        re.fullmatch(r"\(\d,\d,\d\) Ebene \d, Blau; Gruppe von \d+, die .*berührt", text)
        for text in german["partition"]
    ), german["partition"][-3:]
    assert "a1 Ebene 0, weißer Stein" in german["terrace"]
    assert "c3 Ebene 2, Siegfeld, leer" in german["terrace"], german["terrace"][:30]
    assert any(text.startswith("a2 Ebene 0, leer: Lauf a1-a2") for text in german["terrace"])
    assert "a1, leer" in german["ball"]
    assert any(
        re.fullmatch(r"[a-g]\d: (Groß|Mittel|Klein) \((Rot|Blau)\)", t) for t in german["ball"]
    )


def test_why_a_fill_has_nothing_to_do_is_said_in_german():
    """Pyramid Partition's Fill at random, refused at the end (its tooltip, the status line)."""
    from pyramid_lab.model.files import read
    from pyramid_lab.viewer.games.partition.fill import why_not

    game = read(hover_english.EXAMPLES / "partition/full-base4-blue-wins.pyr.json").game
    said = why_not(game)
    assert isinstance(said, Message)
    assert str(said).endswith("): nothing to fill (Undo goes back)")
    assert str(said).startswith("the game is over (")
    german = i18n.shown(said, "de")
    assert german.startswith("das Spiel ist vorbei ("), german
    assert german.endswith("): nichts zu füllen (Rückgängig geht zurück)"), german
    assert not unmarked(i18n.shown(said, i18n.PSEUDO))


def test_a_click_on_a_partition_ball_describes_its_group_in_german():
    """The refusal of a click on a ball (its group described, selected), as the status
    line and the classroom's page say it: a Message, English as before."""
    from pyramid_lab.model.files import read
    from pyramid_lab.viewer.games import ui_class
    from pyramid_lab.viewer.lab.turn_builder import Declined

    game = read(hover_english.EXAMPLES / "partition/t1-red-wins-small.pyr.json").game
    ui = ui_class("partition")()
    ball = next(iter(ui.sites(game)))
    answer = ui.click(game, ui.turn(game), ball)
    assert isinstance(answer, Declined)
    assert isinstance(answer.reason, Message)
    assert re.fullmatch(
        r"\(\d,\d,\d\): group of \d+ touching .* \(selected\)(; .*)?", answer.reason
    )
    german = i18n.shown(answer.reason, "de")
    assert re.fullmatch(
        r"\(\d,\d,\d\): Gruppe von \d+, die .* berührt \(ausgewählt\)(; .*)?", german
    )
    assert not unmarked(i18n.shown(answer.reason, i18n.PSEUDO))
