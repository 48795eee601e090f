"""A position text's refusal on the command line in its language (issue 108 item 3): the
source, where and why, each the catalog's ("der Stellungstext: Zeichen 22: ..."), where
all three were English in every language."""

from __future__ import annotations

import json

import pytest

from pyramid_lab import i18n
from pyramid_lab.viewer.cli import main, speak


@pytest.fixture
def german(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    yield
    speak(i18n.ENGLISH)


def test_verify_says_a_texts_refusal_in_german(capsys, german):
    assert main(["verify", "partition size=3 3/3/2|2/2|1 red"]) == 2
    out, err = capsys.readouterr()
    said = "der Stellungstext: Zeichen 22: die Reihe hat 2 Zellen, nicht 3"
    assert json.loads(out)["error"] == said
    assert err.strip() == f"pyramid-lab: {said}"


def test_verify_says_it_in_english_as_before(capsys):
    assert main(["verify", "partition size=3 3/3/2|2/2|1 red"]) == 2
    out, _err = capsys.readouterr()
    said = "the position text: character 22: the row has 2 cells, not 3"
    assert json.loads(out)["error"] == said
