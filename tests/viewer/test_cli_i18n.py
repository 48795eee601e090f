"""The command line through the catalog (issue 90, docs/i18n.md): English unchanged, byte for
byte; every word of every ``--help`` and of argparse's errors marked in the pseudo-locale;
German, French, Spanish and Swedish spoken as the environment asks."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.viewer.cli import COMMANDS, main, speak
from tests.viewer.cli_help_pages import HELP_COLUMNS, help_argvs, help_page

ENGLISH_PAGES = Path(__file__).parent / "data" / "cli_help_en.json"
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: what may stand unmarked in the pseudo-locale: flags, {choices}, the program, metavars
#: (FILE, OUT.png, WxH, LO:HI), numbers
NOTATION = re.compile(r"-[-\w]+|\{[^}]*\}|pyramid-lab|\b[A-Z0-9][\w.:]*")
#: the commands' and their actions' names (notation: typed as they are)
NAMES = {*COMMANDS, "check", "install", "uninstall", "answers", "compose"}


@pytest.fixture
def speaking(monkeypatch):
    """Speak the language given (as the environment would ask), English again after."""
    monkeypatch.setenv("COLUMNS", HELP_COLUMNS)
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)

    def speak_in(language: str | None) -> None:
        if language is not None:
            monkeypatch.setenv("LANG", f"{language}.UTF-8")

    yield speak_in
    speak(i18n.ENGLISH)


def unmarked_words(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-locale's marks that are not notation."""
    outside = re.sub(r"⟦.*?⟧", " ", text, flags=re.S)
    words = re.findall(r"[A-Za-z]{2,}", NOTATION.sub(" ", outside))
    return [word for word in words if word not in NAMES]


def test_english_help_is_byte_for_byte_what_it_was(speaking):
    speaking(None)
    before = json.loads(ENGLISH_PAGES.read_text())
    now = {" ".join(argv): help_page(argv) for argv in help_argvs()}
    assert sorted(now) == sorted(before)
    changed = [argv for argv, page in now.items() if page != before[argv]]
    assert changed == []


def test_every_help_page_is_marked_in_the_pseudo_locale(speaking):
    speaking(i18n.PSEUDO)
    pages = {" ".join(argv): help_page(argv) for argv in help_argvs()}
    assert len(pages) >= 24
    bypassed = {argv: unmarked_words(page) for argv, page in pages.items()}
    assert {argv: words for argv, words in bypassed.items() if words} == {}
    assert "⟦" in pages["solve --help"]
    assert "%(" not in "".join(pages.values())  # argparse filled every placeholder


#: bad arguments: argparse's own errors and each argument type's (viewer/cli/argtypes.py)
BAD_ARGUMENTS = [
    ["perft"],
    ["solve", "--nonsense", "x"],
    ["nonsense-command"],
    ["render", "a.pyr.json", "-o", "a.png", "--view", "nadir"],
    ["perft", "a.pyr.json", "many"],
    ["perft", "a.pyr.json", "101"],
    ["perft", "a.pyr.json", "-3"],
    ["perft", "a.pyr.json", "1" * 30],
    ["render", "a.pyr.json", "-o", "a.png", "--size", "9x9"],
    ["render", "a.pyr.json", "-o", "a.png", "--levels", "3:1"],
    ["render", "a.pyr.json", "-o", "a.png", "--levels", "low"],
    ["render", "a.pyr.json", "-o", "a.png", "--region", "middle"],
    ["solve", "a.pyr.json", "--max-seconds", "nan"],
    ["solve", "a.pyr.json", "--max-seconds", "9" * 400],
    ["solve", "a.pyr.json", "--max-seconds", "0"],
    ["solve", "a.pyr.json", "--max-seconds", "soon"],
    ["solve", "a.pyr.json", "--table-mb", "1e12"],
    ["solve", "a.pyr.json", "--workers", "0"],
    ["analyze", "--engine", "--seconds", "99999", "a.pyr.json"],
    ["analyze", "--engine", "--threads", "0", "a.pyr.json"],
    ["analyze", "--engine", "--threads", "x", "a.pyr.json"],
    ["endgame", "build", "--min-pieces", "some"],
]


@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=" ".join)
def test_argument_errors_are_marked_in_the_pseudo_locale(speaking, capsys, argv):
    speaking(i18n.PSEUDO)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("⟦") >= 2  # argparse's words and the error's own
    for word in sorted(argv, key=len, reverse=True):  # the user's values, quoted back
        err = err if word.startswith("-") else err.replace(word, " ")
    assert unmarked_words(err) == []


def test_argument_errors_in_english_are_unchanged(speaking, capsys):
    speaking(None)
    for argv, line in [
        (["perft", "a.pyr.json", "101"], "argument DEPTH: must be 0 to 100, not 101"),
        (["render", "a.pyr.json", "-o", "a.png", "--levels", "3:1"],
         "argument --levels: '3:1': the first level must not be above the last"),
        (["solve", "a.pyr.json", "--max-seconds", "9" * 400],
         "argument --max-seconds: must be a finite number, not a number of 400 characters"),
    ]:  # fmt: skip
        with pytest.raises(SystemExit):
            main(argv)
        assert capsys.readouterr().err.splitlines()[-1] == f"pyramid-lab: error: {line}"


def test_argument_errors_in_german(speaking, capsys):
    speaking("de_DE")
    with pytest.raises(SystemExit):
        main(["perft", "a.pyr.json", "101"])
    line = capsys.readouterr().err.splitlines()[-1]
    assert line == "pyramid-lab: Fehler: Argument DEPTH: muss 0 bis 100 sein, nicht 101"


def test_the_environment_chooses_the_language(speaking):
    speaking("de_DE")
    page = help_page(["perft", "--help"])
    assert page.startswith("Aufruf: pyramid-lab perft")
    assert "Optionen:" in page
    assert "0 bis 100" in page


@pytest.mark.parametrize(
    ("environment", "language"),
    [({"LANG": "sv_SE.UTF-8"}, "sv"), ({"LC_ALL": "fr_CA.UTF-8", "LANG": "de_DE"}, "fr"),
     ({"LANGUAGE": "pt:es", "LANG": "de_DE.UTF-8"}, "es"), ({"LANGUAGE": "sv", "LANG": "C"}, "en"),
     ({"LANG": "ja_JP.UTF-8"}, "en"), ({}, "en"), ({"LANGUAGE": "en_GB:de"}, "en"),
     ({"LANG": "en_XA"}, i18n.PSEUDO)],
)  # fmt: skip
def test_language_from_env_reads_gettexts_variables(environment, language):
    assert i18n.language_from_env(environment) == language


@pytest.mark.parametrize(
    ("environment", "language"),
    [({"LANGUAGE": "fr", "LANG": "C.UTF-8"}, "fr"), ({"LANGUAGE": "de", "LC_ALL": "C.utf8"}, "de"),
     ({"LANGUAGE": "pt:sv", "LC_MESSAGES": "C.UTF-8", "LANG": "C"}, "sv"),
     ({"LANGUAGE": "fr", "LANG": "POSIX"}, "en"), ({"LANGUAGE": "fr", "LC_ALL": "C"}, "en"),
     ({"LANGUAGE": "fr"}, "en"), ({"LANGUAGE": "fr", "LANG": "", "LC_ALL": ""}, "en"),
     ({"LANGUAGE": "", "LANG": "C.UTF-8"}, "en"),
     ({"LANGUAGE": "fr", "LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en")],
)  # fmt: skip
def test_language_is_honoured_as_gnu_gettext_honours_it(environment, language):
    """Issue 108 item 5: ``LANGUAGE=fr`` under ``LANG=C.UTF-8`` (a container's and many CI
    machines' default) was ignored, where bash and coreutils on the same machine speak it:
    GNU gettext ignores ``LANGUAGE`` only for the locale ``C`` itself (``POSIX``, or no
    locale set at all)."""
    assert i18n.language_from_env(environment) == language


def test_the_command_line_speaks_language_under_c_utf8(speaking, monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("LANGUAGE", "fr")
    french = i18n.translations("fr").gettext("usage: ")
    assert help_page(["perft", "--help"]).startswith(f"{french}pyramid-lab perft")
    monkeypatch.setenv("LANG", "C")
    assert help_page(["perft", "--help"]).startswith("usage: pyramid-lab perft")


def test_an_error_line_in_swedish_keeps_its_value(speaking, capsys):
    speaking("sv_SE")
    with pytest.raises(SystemExit):
        main(["perft"])
    err = capsys.readouterr().err
    assert err.splitlines()[0].startswith("användning: pyramid-lab perft")
    assert "pyramid-lab: fel: följande argument krävs: FILE, DEPTH" in err


def test_argparse_still_takes_its_words_where_speak_puts_them():
    """``speak`` rebinds argparse's ``_`` and ``ngettext``: a Python whose argparse found
    its words elsewhere would speak English in every language; this says so first."""
    assert callable(argparse._)  # type: ignore[attr-defined]
    assert callable(argparse.ngettext)  # type: ignore[attr-defined]
    speak("de")
    try:
        out = io.StringIO()
        argparse.ArgumentParser(prog="p").print_usage(out)
        assert out.getvalue() == "Aufruf: p [-h]\n"
    finally:
        speak(i18n.ENGLISH)


def test_a_help_page_in_a_language_with_no_catalog_is_english(speaking):
    speaking("ja_JP")
    before = json.loads(ENGLISH_PAGES.read_text())
    assert help_page(["verify", "--help"]) == before["verify --help"]


def test_help_pages_fit_the_columns_in_every_language(speaking):
    """argparse wraps translated words too: no line of a German or French page runs past
    the terminal's width (other than an unbreakable flag list, as in English)."""
    for language in ("de", "fr"):
        speaking(language)
        with contextlib.redirect_stderr(io.StringIO()):
            page = help_page(["solve", "--help"])
        assert max(len(line) for line in page.splitlines()) <= int(HELP_COLUMNS)


def test_desktop_install_and_uninstall_say_everything_through_the_catalog(
    speaking, capsys, monkeypatch, tmp_path
):
    """``desktop``: a command whose every line (each file written or removed, each desktop
    tool run, missing or failed) is the catalog's; the paths, the entry's file name and the
    tools' names are notation."""
    from pyramid_lab.viewer.freedesktop import _PACKAGES, DESKTOP_FILE

    speaking(i18n.PSEUDO)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))  # each tool: "not found"
    for argv in (["desktop", "install"], ["desktop", "uninstall"], ["desktop", "uninstall"]):
        assert main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) >= 12
    assert all("⟦" in line for line in lines)
    for notation in sorted(
        [str(tmp_path), DESKTOP_FILE, *_PACKAGES, *_PACKAGES.values()], key=len, reverse=True
    ):
        out = out.replace(notation, " ")
    assert unmarked_words(out) == []


def test_desktop_says_a_folder_it_cannot_write_in_german(speaking, capsys, monkeypatch, tmp_path):
    speaking("de_DE")
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert main(["desktop", "install"]) == 2
    assert capsys.readouterr().err.startswith("pyramid-lab: kann ")
