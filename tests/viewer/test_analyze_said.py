"""``pyramid-lab analyze --text`` in the reader's language (issue 90): who is to move or who
won (a colour said as a word), and each game's own lines (Pyramid Partition's corners and
groups, Rolling Pyramids' round, phase, points, factions and fights: Messages made by the
rules). English as captured before (``data/analyze_text_en.json``, by
``analyze_english.py``), but for a count of one now singular ("1 point", not "1 points");
German said; every line of the rules marked in the pseudo-locale."""

from __future__ import annotations

import json
import re

import analyze_english
import pytest

from pyramid_lab import i18n
from pyramid_lab.i18n import Message
from pyramid_lab.model.files import read
from pyramid_lab.model.teaching import teaching_for
from pyramid_lab.viewer.cli.analyze import _explain

BEFORE = json.loads(analyze_english.DATA_FILE.read_text(encoding="utf-8"))
EXAMPLES = analyze_english.EXAMPLES


@pytest.fixture(scope="module")
def positions():
    return list(analyze_english.positions())


def _without_options(text: str) -> str:
    return re.sub(r"(?m)^  game: .*$", "  game: ...", text)


def test_the_english_is_what_it_was_with_a_count_of_one_singular(positions):
    """As captured, but for a count of one now singular and the options in words (below)."""
    now = [_without_options(_explain(label, game)) for label, game in positions]
    singular = [re.sub(r"(?<![\d,.])1 (point|ball|space)s\b", r"1 \1", text) for text in BEFORE]
    assert now == [_without_options(text) for text in singular]
    assert singular != BEFORE  # (the examples hold "isolated region: 1 point")


def test_the_options_are_said_in_words_not_as_a_python_dict():
    """Each option by the New game dialog's label and word for its value; an option the
    dialog does not offer as the file writes it."""
    partition = _explain("p", read(EXAMPLES / "partition/empty-base3-floating.pyr.json").game)
    assert (
        partition.splitlines()[1] == "  game: Pyramid Partition (Base size: 3, Version: floating)"
    )
    ball = _explain("b", read(EXAMPLES / "ball/setup.pyr.json").game).splitlines()[1]
    assert ball == (
        "  game: Pyramid Ball (Length: basic, Offence may follow a defender: no, "
        "Tackle on contact: yes, Restart after a point: sheet)"
    )
    rolling = _explain("r", read(EXAMPLES / "rolling/ram-against-space-9.pyr.json").game)
    assert "Players: 2, " in rolling.splitlines()[1]
    assert "rotate_first_player=false" in rolling.splitlines()[1]
    try:
        i18n.use("de")
        german = _explain("p", read(EXAMPLES / "partition/empty-base3-floating.pyr.json").game)
    finally:
        i18n.use("en")
    assert (
        german.splitlines()[1]
        == "  Spiel: Pyramid Partition (Größe der Grundfläche: 3, Version: schwebend)"
    )


def unmarked(text: str) -> list[str]:
    while re.search(r"⟦[^⟦⟧]*⟧", text):
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


def test_every_line_of_the_rules_is_the_catalog_s(positions):
    """Each game's lines are Messages, marked whole in the pseudo-locale; outside the
    marks only notation: a faction's name (the file's), a unit's, a space's."""
    notation = {"Anubians", "Bastet", "Hyskos", "Apophis", "heroes", "reserve", "SW", "SE"}
    notation |= {"NW", "NE", "AP", "dash", "quick_pass", "blitz"}  # (Pyramid Ball's specials)
    for _label, game in positions:
        for line in teaching_for(game).explain(game):
            assert isinstance(line, Message), line
            pseudo = i18n.shown(line, i18n.PSEUDO)
            assert pseudo.startswith(("⟦", "  ⟦")), pseudo
            assert set(unmarked(pseudo)) <= notation, pseudo


def test_analyze_text_in_german():
    try:
        i18n.use("de")
        partition = _explain("p", read(EXAMPLES / "partition/full-base4-blue-wins.pyr.json").game)
        rolling = _explain("r", read(EXAMPLES / "rolling/ram-against-space-9.pyr.json").game)
        terrace = _explain("t", read(EXAMPLES / "terrace/opening.pyr.json").game)
    finally:
        i18n.use("en")
    assert "  Spiel vorbei: Blau (corners)" in partition.splitlines()
    assert (
        "  Ecke NE (3,3,0): gehalten von Blau mit einer Gruppe aus 12 Kugeln, die Grundfläche, "
        "West, Ost, Süd, Nord berührt; verankert an 0,0,0, 1,0,0, 1,0,1, 0,0,2 ...; isolierte "
        "Region: 1 Punkt"
    ) in partition.splitlines()
    assert "  Gruppen (4):" in partition.splitlines()
    assert "    Rot x1, berührt Grundfläche, Ost, Nord" in partition.splitlines()
    assert rolling.splitlines()[2:] == [
        "  Rot am Zug, 18 regelgerechte Züge",
        "  Runde 1 von 10, Phase: Aufstellen",
        "  Punkte: Rot 0, Blau 0",
        "  Rot (Anubier): 1 Feld (8); einzusetzende Einheiten: a 7, f1 1, f2 1",
        "  Blau (Bastet): 1 Feld (9); einzusetzende Einheiten: f1 1, f2 1",
    ]
    assert "  Weiß am Zug, 17 regelgerechte Züge" in terrace.splitlines()
