"""The catalogs' articles, gender and agreement where a word fills a placeholder (issue 108
item 7): a noun put in a sentence comes with what its language needs (German's article
and case, French's and Swedish's agreement of a colour with its noun), so no sentence reads
"den Punkt, den Kugel verdeckt", "caché par boule", "une boule noir", "des boules rouge"."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pyramid_lab.viewer.lab.outcome import behind_words

LOCALE = Path(__file__).resolve().parents[2] / "pyramid_lab" / "locale"


@dataclass(frozen=True)
class _Behind:
    clicked: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]
    piece: str
    reach: str = "peel to level 1 (View dock: Levels) or turn the board"
    pick: bool = False


def test_the_piece_that_hides_a_point_has_its_article_and_case():
    one = _Behind((0, 0, 1), ((1, 1, 0),), "ball")
    two = _Behind((0, 0, 1), ((1, 1, 0), (1, 2, 0)), "stone")
    said = {code: behind_words(one).said_in(code) for code in ("en", "de", "fr", "es", "sv")}
    assert said["en"].startswith("Click 0,0,1 again to play 1,1,0, the point its ball hides, or")
    assert "den Punkt, den die Kugel verdeckt, oder" in said["de"]
    assert "le point caché par sa boule, ou" in said["fr"]
    assert "el punto que oculta su bola, o" in said["es"]
    assert "punkten som kulan döljer, eller" in said["sv"]
    many = behind_words(two)
    assert many.startswith("To reach 1,1,0 and 1,2,0, hidden behind the stone at 0,0,1: ")
    assert "die hinter dem Stein auf 0,0,1 verdeckt sind" in many.said_in("de")
    assert "cachés derrière la pierre en 0,0,1" in many.said_in("fr")


#: A colour word (an adjective: "noir", "röd") put after or before a noun it must agree with
#: but cannot (it is the colour's one form); each language says the player's instead.
DISAGREEING = {
    "de": re.compile(r"\{colour\} \{piece\}|\{colour\} (Kugel|Stein|Gruppe)"),
    "fr": re.compile(r"(boules?|pierres?|groupes|pyramides?|\{piece\}|\{pieces\}) \{colour\}"),
    "es": re.compile(r"(bolas?|piedras?|\{piece\}|\{pieces\}) \{colour\}"),
    "sv": re.compile(r"\{colour\} (kulor|grupper|stenar|stenen|kulan|\{piece\}|\{pieces\})"),
}


@pytest.mark.parametrize("language", sorted(DISAGREEING))
def test_no_colour_is_left_to_agree_with_a_noun(language):
    with (LOCALE / language / "LC_MESSAGES" / "pyramid_lab.po").open("rb") as source:
        catalog = read_po(source)
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if s and DISAGREEING[language].search(s)]
    assert not found


#: Words a language's glossary (docs/i18n.md) says otherwise: found once each, in a sentence
#: its other messages say with the glossary's word.
NOT_THE_GLOSSARYS = {
    "de": ("Armeezeile", "Fraktionsbrett"),
    "fr": ("feuille de faction", "chemin d'évasion"),
    "es": ("hoja de facción", "camino de huida"),
    "sv": ("armérad", "fraktionsbräde"),
}


@pytest.mark.parametrize("language", sorted(NOT_THE_GLOSSARYS))
def test_the_glossarys_words_are_used_everywhere(language):
    with (LOCALE / language / "LC_MESSAGES" / "pyramid_lab.po").open("rb") as source:
        catalog = read_po(source)
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if any(w in s for w in NOT_THE_GLOSSARYS[language])]
    assert not found


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "sv"])
def test_a_discarded_autosave_of_an_untitled_game_reads_as_a_sentence(language):
    """The window's start says which autosave it discarded: an untitled game's words go in
    the sentence whole ("von ein Spiel ohne Namen", "de une partie" read wrong)."""
    from pyramid_lab import i18n
    from pyramid_lab.i18n import _

    with i18n.override(language):
        game = _("an untitled game (autosaved {when})").format(when="2026-11-29 10:16")
        said = _("discarded the autosave of {game}").format(game=game)
    assert game in said
    for wrong in ("von ein ", "de une ", "de un "):
        assert wrong not in said, said
