"""A position text's refusals in the reader's language (issue 108 item 3): each error path
of the text (the line, the game, its options, the board of each game, the side to move,
the fields, a set-up the rules refuse) says where ("character 12") and why in words of the
catalog, the English as before; the pseudo-locale shows that none bypasses it."""

from __future__ import annotations

import re

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.text import read_position_text
from pyramid_lab.model.textcodec import PositionTextError

PARTITION = "partition size=3,version=floating 3/3/3|2/2|1 red"
TERRACE = "terrace last_stones_lose=true,no_push_back=false bbbbbbb/7/7/7/7/7/wwwwwww white"
BALL = (
    "ball mode=basic,offence_may_follow_defender=false,tackle_on_contact=true,restart=sheet "
    "7/7/1l3s1/3m3/3M*3/1L3S1/7/7 red"
)
ROLLING = "rolling players=2,map=inner-factories - blue state={}"

#: A text that goes wrong on each path, with the English said before (its start).
BAD = [
    ("x" * 200_001, "character 200001: too long: a position text is at most 200,000"),
    ("   ", "character 1: empty: a position text starts with the game's name"),
    ("partition\tsize=3", "character 10: '\\t': a position text is one line"),
    ("partition  size=3", "character 11: two spaces: fields are parted by one space"),
    ("chess - x red", "character 1: 'chess' is no game; the games: "),
    ("partition size=3", "character 17: the text ends before its board (GAME OPTIONS BOARD"),
    ("partition size=3 3/3/3|2/2|1", "character 29: the text ends before the side to move"),
    ("partition size 3/3/3|2/2|1 red", "character 11: 'size': an option is written name=value"),
    ("partition size=3,size=3 3/3/3|2/2|1 red", "character 18: the option size is given twice"),
    ("partition size=3 3/3/3|2/2|1 green", "character 30: 'green' is not a player; Pyramid"),
    (PARTITION + " x", "character 51: 'x' is no field: after the side to move come"),
    (PARTITION + " a=1 a=2", "character 55: a is given twice"),
    (PARTITION + " a=1", "character 51: Pyramid Partition has no field 'a'"),
    ("partition size=3 3/3/3|2/2 red", "character 18: a pyramid of base 3 has 3 levels"),
    ("partition size=3 3/3|2/2/2|1 red", "character 18: level 0 has 3 rows parted by '/'"),
    ("partition size=3 3/3/x|2/2|1 red", "character 22: 'x' is no cell here; cells are r, b"),
    ("partition size=3 3/3/0|2/2|1 red", "character 22: a run of empty cells is 1 or more"),
    ("partition size=3 3/3/4|2/2|1 red", "character 22: the row is longer than 3 cells"),
    ("partition size=3 3/3/2|2/2|1 red", "character 22: the row has 2 cells, not 3"),
    ("partition size=3 3/3/3|2/2|r red", "character 18: not a position of the game: pieces: "),
    (TERRACE.replace("7/7/7/7/7/wwwwwww", "7/7/7/7/7"), "character 50: the board has 7 rows"),
    (TERRACE + " no_push=d4", "character 90: no_push is a push written d4>d5: "),
    (TERRACE + " no_push=d4>d5", "character 90: no_push needs the option no_push_back=true"),
    (BALL.replace("1L3S1", "1L*3S1"), "character 108: a second ball on the field ('*' or 'o')"),
    (BALL.replace("3M*3", "3o*3"), "character 103: the loose ball 'o' has no carrier ('*')"),
    (BALL.replace("3M*3/", "3M3/").replace("3m3", "3m*3"), "character 99: blue carries the ball"),
    (BALL + " scores=2", "character 128: scores are written RED-BLUE (2-1), not '2'"),
    (BALL + " specials=dash", "character 130: special moves are written red's/blue's"),
    (ROLLING.removesuffix(" state={}"), "character 45: the text ends before state=...: Rolling"),
    (ROLLING.replace("{}", "{"), "character 53: state is JSON: "),
    (ROLLING.replace(" - ", " 12 "), "character 39: '12' is no garrison: CELL=TROOPS"),
]


def _refusal(text: str) -> PositionTextError:
    with pytest.raises(PositionTextError) as caught:
        read_position_text(text)
    return caught.value


@pytest.fixture
def speaking():
    """Speak a language for the test (a script's ``i18n.use``), English again after."""
    yield i18n.use
    i18n.use(i18n.ENGLISH)


@pytest.mark.parametrize(("text", "english"), BAD, ids=[e.split(":")[1][:40] for _t, e in BAD])
def test_a_position_texts_refusal_is_said_in_the_readers_language(text, english, speaking):
    error = _refusal(text)
    assert str(error).startswith(english)
    assert error.args[0].startswith(english)  # (the language-free form: English)
    speaking(i18n.PSEUDO)
    said = str(error)
    # where and why, each a message of the catalog (the values inside are notation: the
    # text's own characters, the games' names, the options' and fields' names, numbers)
    assert re.fullmatch(r"⟦[^⟧]*⟧: ⟦.*⟧", said, re.DOTALL), said
    speaking("de")
    assert str(error).startswith("Zeichen "), str(error)


def test_a_position_texts_refusal_reads_as_german_says_it():
    error = _refusal("partition size=3 3/3/2|2/2|1 red")
    assert error.reason.said_in("de") == "die Reihe hat 2 Zellen, nicht 3"
    assert (
        _refusal("chess - x red")
        .reason.said_in("fr")
        .startswith("'chess' n'est pas un jeu ; les jeux : ")
    )
