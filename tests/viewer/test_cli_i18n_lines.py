"""The command line's own lines through the catalog (issue 90, docs/i18n.md): in the
pseudo-locale a sample error, progress and result line of each command comes out marked,
no unmarked word a person reads left (notation, the user's values, file names and the
rules' words aside); English as it was; German spoken. In process (``main``), cheap: the
errors said before any work, the progress lines fed what a search would feed them."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from pyramid_lab import i18n
from pyramid_lab.viewer.cli import main, speak
from tests.viewer.test_cli_i18n import LANGUAGE_VARIABLES, unmarked_words

ROOT = Path(__file__).resolve().parents[2]
TINY = str(ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json")


@pytest.fixture
def pseudo(monkeypatch):
    """The pseudo-locale, as the environment would ask for it; English again after."""
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_XA.UTF-8")
    speak(i18n.PSEUDO)
    yield
    speak(i18n.ENGLISH)


def marked(line: str, *notation: str) -> bool:
    """``line`` is the catalog's: marked, and no word outside the marks but ``notation``
    (the user's values, paths, a game's title) and what the pseudo-locale keeps."""
    for value in sorted(notation, key=len, reverse=True):
        line = line.replace(value, " ")
    return "⟦" in line and unmarked_words(line) == []


def a_lesson() -> str:
    from pyramid_lab.viewer.cli.lesson import shipped_lessons

    return shipped_lessons()[0]


#: (argv, the stream its line is on, the line's index there) of an error each command says
#: itself, before any work: the line must be marked.
ERRORS = [
    (["analyze", "--seconds", "1", TINY], "err", -1),
    (["review", TINY], "err", -1),
    (["resolve", TINY, "S", "S"], "err", -1),
    (["export", TINY, "-o", "a.gif", "--hold", "2"], "err", -1),
    (["export", TINY, "-o", "a.gif", "--fps", "2"], "err", -1),
    (["export", TINY, "-o", "a.html", "--turntable"], "err", -1),
    (["render", TINY, "-o", "a.txt"], "err", -1),
    (["render", TINY, "-o", "a.png", "--clip", "w<3"], "err", -1),
    (["render", TINY, "-o", "a.png", "--levels", "5:6"], "err", -1),
    (["puzzles", "compose", "--game", "partition"], "err", -1),
    (["puzzles", "partition", "--count", "3"], "err", -1),
    (["book", "show", "--book", " "], "err", -1),
    (["endgame", "probe"], "err", -1),
    (["endgame", "build", "--min-pieces", "40"], "err", -1),
    (["endgame", "build", "--option", "nonsense"], "err", -1),
    (["endgame", "book", "--spheres", "40"], "err", -1),
    (["endgame", "build", "--whole", "--workers", "-1"], "err", -1),
    (["classroom", "--port", "70000"], "err", -1),
    (["classroom", "--code", "abcdefgh", "--new-code"], "err", -1),
    (["classroom", "--code", "ab"], "err", -1),
    (["open", TINY], "err", 0),
    (["open", TINY], "err", 1),
    (["open", TINY], "err", 3),
    (["practice", "partition"], "err", 0),
]


@pytest.mark.parametrize(("argv", "stream", "index"), ERRORS, ids=lambda v: str(v))
def test_each_commands_own_error_is_marked(pseudo, capsys, monkeypatch, argv, stream, index):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    status = main(argv)
    assert status == 2
    line = getattr(capsys.readouterr(), stream).splitlines()[index]
    shown = [repr(word) for word in argv]  # (a value quoted back)
    notation = ["Pyramid Partition", "pyraos", "xvfb-run", "pyramid-lab", ".gif", ".mp4"]
    assert marked(line, *shown, *argv, *notation, str(Path.cwd()))


def test_lesson_answers_and_check_are_marked(pseudo, capsys):
    lesson = a_lesson()
    assert main(["lesson", "answers", lesson, "--step", "999"]) == 2
    assert marked(capsys.readouterr().err.splitlines()[-1], lesson)
    assert main(["lesson", "check", lesson]) == 0
    assert marked(capsys.readouterr().out.splitlines()[-1], lesson)


def test_analyze_texts_own_lines_are_marked(pseudo, capsys):
    from pyramid_lab.viewer.script.named import read

    game = read(TINY).game
    assert main(["analyze", "--text", TINY]) == 0
    lines = capsys.readouterr().out.splitlines()
    title, options = game.title, game.options.to_json()
    assert marked(lines[1], title, str(options), *re.findall(r"\{.*\}", lines[1]))
    assert marked(lines[2])  # the side to move a word of the catalog too (not its notation)


def test_the_shipped_collections_and_the_hint_after_them_are_marked(pseudo, capsys):
    assert main(["puzzles"]) == 0
    said = capsys.readouterr()
    first = said.out.splitlines()[0]
    folder = re.search(r"\((.*)\)", first)
    assert folder is not None
    assert marked(first, Path(folder.group(1)).name, folder.group(1))
    assert marked(said.err.splitlines()[-1])


def test_the_progress_and_result_lines_are_marked(pseudo, capsys):
    """What the searches feed the progress lines (a solve's depth, a split solve's status,
    a table's sweep, round and check against the solver, a certificate's check), fed."""
    from pyramid_lab.viewer.cli import certificate, endgame, solve

    solve._progress_lines()(7, 123_456, 2.5, 4096)
    status = SimpleNamespace(
        settled=3, total=9, from_checkpoint=1, proven=2, running=4, workers=2,
        positions=99_999, seconds=12.5, rate=8000.0, memory_mb=512.0, seconds_left=30.0,
    )  # fmt: skip
    solve._split_progress(status)
    solve._warn(i18n._("interrupted while the cluster shut down, after the answer: it stands"))
    certificate.progress(5000, 1.5)
    endgame._whole_progress(
        {"round": 2, "layer": 13, "evaluated": 5000, "decided": 100, "seconds": 2.0, "wall": 1.0}
    )
    endgame._whole_progress(
        {"round": 2, "layer": 13, "evaluated": 5000, "seconds": 2.0, "wall": 1.0, "step": "push"}
    )
    row = SimpleNamespace(
        n=20, sampled=10, agree=9, disagree=1, unsettled=0, draws=2, seconds=3.0,
        given_up=True, settled=10,
    )  # fmt: skip
    print(endgame.agreement_line(row))
    print(endgame.agreements_line([row], 10))
    print(endgame.stopped_words(Path("/tmp/table"), 0, False))
    print(endgame.value_for("win", "white", 15))
    said = capsys.readouterr()
    lines = said.err.splitlines() + said.out.splitlines()
    assert len(lines) == 10
    for line in lines:
        assert marked(line, "white", "MB", "/s", "/tmp/table"), line


def test_english_lines_are_as_they_were(capsys):
    """English: the numbers as Python writes them, the words the same (a plural now
    singular for one)."""
    from pyramid_lab.viewer.cli import endgame, solve

    speak(i18n.ENGLISH)
    solve._progress_lines()(7, 123_456, 2.5, 4096)
    err = capsys.readouterr().err
    assert err.startswith("solve: within 7 plies, 123,456 positions, 2.5 s, 49,382/s, table 4,096")
    endgame._whole_progress(
        {"round": 2, "layer": 13, "evaluated": 5000, "decided": 100, "seconds": 2.0, "wall": 1.0}
    )
    assert capsys.readouterr().out == (
        "round 2, 13 spheres: 5,000 evaluated, 100 decided in 1.0 s (2,500 a second a core)\n"
    )
    assert endgame.value_for("loss", "black", 14) == "loss for black in 14 plies"
    assert endgame.value_for("draw", "white") == "draw for white"
    assert main(["endgame", "probe"]) == 2
    assert capsys.readouterr().err == "pyramid-lab: endgame probe: name a position FILE\n"


def test_german_lines_and_numbers(monkeypatch, capsys):
    from pyramid_lab.viewer.cli import endgame

    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    try:
        assert main(["classroom", "--port", "70000"]) == 2
        assert capsys.readouterr().err == (
            "pyramid-lab: --port 70000: ein Port liegt zwischen 0 und 65535\n"
        )
        endgame._whole_progress(
            {"round": 2, "layer": 13, "evaluated": 5000, "decided": 100, "seconds": 2.0,
             "wall": 1.5}
        )  # fmt: skip
        assert capsys.readouterr().out == (
            "Runde 2, 13 Kugeln: 5.000 bewertet, 100 entschieden in 1,5 s (2.500 je Sekunde "
            "und Kern)\n"
        )
        assert main(["analyze", "--text", TINY]) == 0  # the side to move a word: a colour
        assert capsys.readouterr().out.splitlines()[2] == "  Blau am Zug, 13 regelgerechte Züge"
    finally:
        speak(i18n.ENGLISH)


def test_reviews_puzzle_lines_are_marked(pseudo, capsys, tmp_path):
    """Issue 108 item 3: a review's puzzle lines named the side in English ("red wins
    within 3 plies") and said why a puzzle was not kept in English (a colour, a reason:
    English inside a marked line, so every word is looked at, marked or not)."""
    from pyramid_lab.model.files import write
    from tests.model.test_review import missed_win_game

    game, _ply, _ = missed_win_game()
    path = tmp_path / "game.pyr.json"
    write(path, game)
    folder = tmp_path / "made"
    argv = ["review", str(path), "--seconds", "0.1", "--puzzles", str(folder), "--seed", "1"]
    assert main(argv) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "⟦" in line]
    assert lines
    written = sorted((str(p) for p in folder.iterdir()), key=len, reverse=True)
    for line in lines:
        outside = line
        for value in (*written, str(path), str(folder)):
            outside = outside.replace(value, " ")
        # a word put in a sentence is said too: no plain English word, inside marks or out
        assert re.findall(r"(?<!\w)[A-Za-z]{2,}(?!\w)", outside) == [], line
    assert any(p in line for p in written for line in lines)  # (a puzzle's line: checked)
