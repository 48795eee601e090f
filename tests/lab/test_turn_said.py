"""The games' own click refusals and prompts (their turn builders, Qt-free), each a
sentence of the catalog (issue 90, docs/i18n.md): said in the pseudo-locale ``en_XA``
every word is marked ``⟦…⟧``, in German it is German, and the English is as it was."""

from __future__ import annotations

import re

from pyramid_lab import i18n
from pyramid_lab.i18n import M_
from pyramid_lab.model.pyraos import Pyraos
from pyramid_lab.model.terrace import Terrace, fid
from pyramid_lab.viewer.boards.flat import one_label_a_cell
from pyramid_lab.viewer.games.pyraos import PyraosUI
from pyramid_lab.viewer.games.terrace import TerraceTurn
from pyramid_lab.viewer.lab.frame import Frame, Label
from pyramid_lab.viewer.lab.outcome_words import joined
from pyramid_lab.viewer.lab.puzzle_editor import mark_said
from pyramid_lab.viewer.lab.turn_builder import Declined, TurnAnswer


def unmarked(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-locale's marks (nested ones too)."""
    while re.search(r"⟦[^⟦⟧]*⟧", text):
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


def reason(answer: TurnAnswer) -> str:
    assert isinstance(answer, Declined), answer
    return answer.reason


def check(text: str, english: str, german: str) -> None:
    """``text`` is ``english`` as it was, German in German, marked whole in en_XA."""
    assert text == english
    assert isinstance(text, i18n.Message)
    assert i18n.shown(text, "de") == german
    pseudo = i18n.shown(text, "en_XA")
    assert pseudo.startswith("⟦")
    assert not unmarked(pseudo), pseudo


def test_terrace_refusals_and_prompts_are_said_in_each_language():
    game = Terrace.new()
    turn = TerraceTurn(game)
    check(
        reason(turn.click(fid(3, 3))),
        "d4 is empty: first click one of white's stones",
        "d4 ist leer: zuerst einen Stein von Weiß anklicken",
    )
    check(
        reason(turn.finish()),
        "there is no turn to finish: a move is one click on a destination",
        "es gibt keinen Zug zu beenden: ein Zug ist ein Klick auf ein Ziel",
    )
    check(
        turn.prompt(),
        "white: click one of your stones (outlined) to move it",
        "Weiß: einen deiner Steine (umrandet) anklicken, um ihn zu ziehen",
    )


def test_pyraos_refusals_name_the_point_in_each_language():
    game = Pyraos.new()
    ui = PyraosUI()
    turn = ui.turn(game)
    check(
        reason(turn.finish()),
        "there is no turn to finish",
        "es gibt keinen Zug zu beenden",
    )
    top = int(ui.lattice.ids.max())  # the apex: no move reaches it on an empty board
    said = reason(ui.click(game, turn, top))
    assert said.startswith(f"({ui.lattice.point(top)}): ")
    assert isinstance(said, i18n.Message)
    assert not unmarked(i18n.shown(said, "en_XA")), i18n.shown(said, "en_XA")
    assert i18n.shown(said, "de") != said


def test_the_board_s_labels_are_said_where_drawn():
    """A verdict's key and cooks (joined on one site), made in the lab as Messages, and
    a flat board's labels of one cell joined: English as before, German where drawn."""
    marks = [mark_said("key", "1,1,0"), mark_said("cook", "2,0,0")]
    label = joined(marks, " / ")
    assert label == "key 1,1,0 / cook 2,0,0"
    assert i18n.shown(label, "de") == "Schlüsselzug 1,1,0 / Nebenlösung 2,0,0"
    assert not unmarked(i18n.shown(label, "en_XA"))
    frame = Frame(labels=(Label(3, M_("this piece")), Label(4, M_("somewhere here"))))
    (together,) = one_label_a_cell(frame, lambda site: 0, 9).labels
    assert together.text == "this piece, somewhere here"
    assert i18n.shown(together.text, "de") == "dieser Stein, irgendwo hier"
