"""The puzzle verdict's lines (``model.puzzle.Verdict.sentences``, ``reason``) are Messages:
``verify --text`` says them in the command line's language, its error line too, while the
JSON keeps the English; the Puzzle dock says them in the window's. Issue 90."""

from __future__ import annotations

import json
import pathlib

from pyramid_lab import i18n
from pyramid_lab.viewer.cli import main, speak
from tests.viewer.test_cli_i18n import LANGUAGE_VARIABLES

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _puzzle(tmp_path: pathlib.Path, within: int) -> pathlib.Path:
    raw = json.loads((ROOT / "examples/partition/t5-around-a-corner-ball.pyr.json").read_text())
    raw["puzzle"] = {
        "goal": {"side": "red", "result": "win", "within": within},
        "solution": ["2,0,0"],
    }
    path = tmp_path / f"within{within}.pyr.json"
    path.write_text(json.dumps(raw))
    return path


def test_verify_text_says_the_verdict_in_german(monkeypatch, capsys, tmp_path):
    keyed, short = _puzzle(tmp_path, 3), _puzzle(tmp_path, 2)
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    try:
        assert main(["verify", "--text", str(keyed)]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0] == f"{keyed}: Rot gewinnt (höchstens 3 Halbzüge)"
        assert lines[1] == "  Bestätigt, aber mit Nebenlösung"
        assert "  Schlüsselzug 2,0,0: gewinnt" in lines
        assert any(line.startswith("  Nebenlösungen, andere erste Züge") for line in lines)
        assert any(line.startswith("  Hauptvariante, gegen die längste") for line in lines)
        assert "Stellungen in" in lines[-2]
        assert main(["verify", str(short)]) == 2
        out, err = capsys.readouterr()
        assert "das Ziel scheitert: Rot gewinnt (höchstens 2 Halbzüge)" in err
        line = json.loads(out)
        assert line["reason"] == "the goal fails: red wins within 2 plies cannot be forced"
    finally:
        speak(i18n.ENGLISH)


def test_every_word_of_a_verdict_comes_from_the_catalog(tmp_path):
    from pyramid_lab.model.search import knowledge_for, verify
    from pyramid_lab.viewer.lab.reading import read_position

    doc = read_position(str(_puzzle(tmp_path, 3)))
    verdict = verify(doc.game, doc.puzzle, knowledge=knowledge_for(doc.game))
    for _tone, sentence in verdict.sentences():
        assert isinstance(sentence, i18n.Message)
        said = i18n.shown(sentence, i18n.PSEUDO)
        assert said.startswith("⟦"), said
        assert said.endswith("⟧"), said
