"""The rules' and the files' own words reach the command line and the scripting API in the
language spoken (issue 90, docs/i18n.md): a refusal of each game's rules, how a game
ended, and what a bad file is told, in German and in the pseudo-locale; English as it
always was. The rules make them language-free (``i18n.Message``); an error says its
Message in the language of the process that reads it."""

from __future__ import annotations

import json
import re

import pytest

import pyramid_lab as pl
from pyramid_lab import i18n
from pyramid_lab.model.game import IllegalMoveError, PositionFormatError
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.viewer.cli import main, speak
from tests.viewer.test_cli_i18n import LANGUAGE_VARIABLES, unmarked_words

#: Per game: a position (the moves from the start) and a move its rules refuse there, the
#: refusal in English and in German (the catalog's words, the colours and notation put in).
REFUSALS = {
    "partition": (
        ["0,0,0"],
        "0,0,0",
        "0,0,0 already holds a red ball",
        "auf 0,0,0 liegt schon eine rote Kugel",
    ),
    "pyraos": (
        [],
        "3,3,0>0,0,1",
        "3,3,0 holds no white sphere to lift",
        "auf 3,3,0 liegt keine Kugel von Weiß zum Heben",
    ),
    "terrace": (
        [],
        "a1-a2",
        "the stone on a1 is black's; white is to move",
        "der Stein auf a1 gehört Schwarz; Weiß ist am Zug",
    ),
    "ball": (
        [],
        "takes dash",
        "no special move to choose now: the players program a turn",
        "jetzt ist kein Spezialzug zu wählen: die Spieler programmieren einen Zug",
    ),
    "rolling": (
        [],
        "done",
        "done is not a move of the start phase",
        "done ist kein Zug der Phase start",
    ),
}


@pytest.fixture
def spoken(monkeypatch):
    """Speak a language as the command line would (its environment and the process's
    language); English again after."""

    def speak_in(language: str) -> None:
        for name in LANGUAGE_VARIABLES:
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("LANG", f"{language}.UTF-8")
        speak(i18n.resolve(language))

    yield speak_in
    speak(i18n.ENGLISH)


def position(game: str, moves: list[str]) -> pl.Position:
    pos = pl.new(game)
    for move in moves:
        pos = pos.play(move)
    return pos


def refusal(game: str) -> IllegalMoveError:
    moves, bad, _english, _german = REFUSALS[game]
    with pytest.raises(IllegalMoveError) as caught:
        position(game, moves).play(bad)
    return caught.value


def marked(line: str, *notation: str) -> bool:
    """``line`` is the catalog's: marked, and no word outside the marks but ``notation``."""
    for value in sorted(notation, key=len, reverse=True):
        line = line.replace(value, " ")
    if "⟦" not in line:
        return False
    while re.search(r"⟦[^⟦⟧]*⟧", line):  # (a sentence inside a sentence: marks nest)
        line = re.sub(r"⟦[^⟦⟧]*⟧", " ", line)
    return unmarked_words(line) == []


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_a_refusal_of_each_games_rules_is_said_in_english_as_before(game):
    assert str(refusal(game)) == REFUSALS[game][2]


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_a_refusal_of_each_games_rules_reaches_the_api_in_german(spoken, game):
    spoken("de")
    assert str(refusal(game)) == REFUSALS[game][3]


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_a_refusal_made_in_english_is_said_in_the_language_that_reads_it(spoken, game):
    """The error keeps the rules' Message: made while English is spoken, it is said in
    German where German is spoken when it is read (and the other way round)."""
    error = refusal(game)
    spoken("de")
    assert str(error) == REFUSALS[game][3]
    assert isinstance(error.args[0], i18n.Message)
    assert error.args[0] == REFUSALS[game][2]


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_a_refusal_of_each_games_rules_reaches_the_command_line_in_the_pseudo_locale(
    spoken, capsys, tmp_path, game
):
    """A position file whose history the rules refuse: ``analyze`` says why in the
    pseudo-locale, every word the rules' marked (the move, the key and the file's name
    are notation)."""
    moves, bad, _english, _german = REFUSALS[game]
    path = position(game, []).save(tmp_path / f"{game}.pyr.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    document["history"] = [*moves, bad]
    path.write_text(json.dumps(document), encoding="utf-8")
    spoken(i18n.PSEUDO)
    assert main(["analyze", str(path)]) == 2
    line = capsys.readouterr().err.strip().splitlines()[-1]
    assert marked(line, "pyramid-lab", str(path), repr(bad), f"history[{len(moves)}]", bad)


def test_a_bad_files_error_reaches_the_command_line_and_the_api_in_german(spoken, capsys, tmp_path):
    broken = tmp_path / "broken.pyr.json"
    broken.write_text('{"format": "pyramid-lab/1", "game": ', encoding="utf-8")
    empty = tmp_path / "empty.pyr.json"
    empty.write_text("  \n", encoding="utf-8")
    with pytest.raises(PositionFormatError) as english:
        pl.load(broken)
    assert "not valid JSON: Expecting value at line 1, column 37" in str(english.value)
    spoken("de")
    with pytest.raises(PositionFormatError) as german:
        pl.load(broken)
    assert "kein gültiges JSON: Expecting value in Zeile 1, Spalte 37" in str(german.value)
    assert str(german.value).startswith(str(broken))
    assert main(["analyze", str(empty)]) == 2
    said = capsys.readouterr().err
    assert "die Datei ist leer (nur Leerraum)" in said
    assert "the file is empty" not in said


def test_a_bad_files_error_reaches_the_command_line_in_the_pseudo_locale(spoken, capsys, tmp_path):
    folder = tmp_path / "a-folder.pyr.json"
    folder.mkdir()
    bad_key = tmp_path / "bad-key.pyr.json"
    document = json.loads(pl.new("terrace").save(tmp_path / "t.pyr.json").read_text("utf-8"))
    document["study"] = "yes"
    bad_key.write_text(json.dumps(document), encoding="utf-8")
    spoken(i18n.PSEUDO)
    for path in (folder, bad_key):
        assert main(["analyze", str(path)]) == 2
        line = capsys.readouterr().err.strip().splitlines()[-1]
        assert marked(line, "pyramid-lab", str(path), "study", "'yes'"), line


def test_how_a_game_ended_is_said_in_the_language_spoken(spoken):
    """A finished game's ending (``describe_result``) is a Message: English as before, and
    said in German with its words (the winner's colour among them) translated."""
    from pyramid_lab.model.game import game_class

    finished = game_class("terrace").from_setup(
        None, "white", [((3, 3), "white"), ((0, 0), "black")]
    )
    said = describe_result(finished)
    assert said == "both sides have fewer than four stones: a draw"
    assert i18n.shown(said, "de") == "beide Seiten haben weniger als vier Steine: Remis"
    spoken("de")
    with pytest.raises(IllegalMoveError) as caught:
        finished.push(finished.parse_move("d4-d5"))
    assert str(caught.value) == (
        "das Spiel ist vorbei (beide Seiten haben weniger als vier Steine: Remis)"
    )


def test_the_rules_words_said_in_every_language_keep_no_english_sentence():
    """Each game's refusal said in each shipped language differs from the English (its
    sentence translated), and every placeholder is filled."""
    for game in sorted(REFUSALS):
        error = refusal(game)
        for language in i18n.languages():
            said = i18n.shown(error.args[0], language)
            assert said != REFUSALS[game][2], (game, language)
            assert "{" not in said, (game, language, said)
