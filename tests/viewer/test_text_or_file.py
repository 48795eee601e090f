"""A text is a text (issue 109 item 14, S-21): a file whose name is a position text once
won silently over the text, on the command line and in ``pl.load``, and the output was
labelled with the text; now the ambiguity is refused in words (``./NAME`` reads the file,
``pl.from_text`` the text). A mistyped file's name ("my game") says the file is missing,
not "'my' is no game"."""

from __future__ import annotations

import os

import pytest

import pyramid_lab as pl
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.viewer.cli import main

TEXT = pl.new("terrace").to_text()  # "terrace ... bbbbbbb/7/7/7/7/7/wwwwwww white"


@pytest.fixture
def planted(tmp_path, monkeypatch):
    """A Pyramid Ball file saved under the name that is Allmer's opening as a text."""
    monkeypatch.chdir(tmp_path)
    os.makedirs(os.path.dirname(TEXT))
    pl.new("ball").save(TEXT + ".pyr.json")
    os.rename(TEXT + ".pyr.json", TEXT)
    return TEXT


def test_a_file_named_as_a_text_is_refused_in_words_by_load(planted):
    with pytest.raises(PositionFormatError, match="both a file in this folder and a position text"):
        pl.load(planted)
    assert pl.load("./" + planted).game == "ball"  # the file, asked for
    assert pl.from_text(planted).game == "terrace"  # the text, asked for


def test_a_file_named_as_a_text_is_refused_in_words_by_the_command_line(planted, capsys):
    code = main(["analyze", planted])
    err = capsys.readouterr().err
    assert code == 2
    assert "both a file in this folder and a position text" in err
    assert "write ./" in err
    assert main(["analyze", "./" + planted]) == 0


@pytest.mark.parametrize("name", ["my game", "my game.pyr", "notes about it"])
def test_a_mistyped_file_name_says_the_file_is_missing(tmp_path, monkeypatch, capsys, name):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PositionFormatError, match="No such file") as caught:
        pl.load(name)
    assert "is no game" not in str(caught.value)
    assert main(["analyze", name]) == 2
    err = capsys.readouterr().err
    assert "No such file" in err
    assert "is no game" not in err


def test_a_text_naming_no_file_is_still_read_as_a_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert pl.load(TEXT).game == "terrace"
    with pytest.raises(PositionFormatError, match="character"):
        pl.load("terrace - nonsense white")
