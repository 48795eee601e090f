"""The searches' errors and summaries the command line passes on, in its language (issue 90,
docs/i18n.md): a whole-game table's error, a book's, the split solve's scheduler's, a
certificate's summary and a certificate file's refusal, one line each: English as it was,
German in German, every word marked in the pseudo-locale. In process (``main``), each
refused before any work."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.viewer.cli import main, speak
from tests.viewer.test_cli_i18n import LANGUAGE_VARIABLES

ROOT = Path(__file__).resolve().parents[2]
TINY = str(ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json")
CERTIFICATE = str(ROOT / "model" / "data" / "certificates" / "empty-base3-stacking.cert.gz")


@pytest.fixture
def speaking(monkeypatch):
    """``speaking(language)``: the command line in that language, as the environment asks
    for it; English again after."""
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)

    def chosen(language: str) -> None:
        monkeypatch.setenv("LANG", f"{language}.UTF-8")

    yield chosen
    speak(i18n.ENGLISH)


def said(capsys, argv: list[str], stream: str = "err") -> str:
    """The last line ``argv`` writes on ``stream`` (its status 2 for an error; ``err_ok``:
    a warning on stderr, status 0)."""
    status = main(argv)
    assert status == (0 if stream in ("out", "err_ok") else 2)
    return getattr(capsys.readouterr(), stream.removesuffix("_ok")).splitlines()[-1]


def marked_whole(line: str, *notation: str) -> bool:
    """``line`` (after the program's name) marked, no word outside the marks but
    ``notation`` (a line shortened to its length with ``…`` has its marks closed)."""
    body = line.removeprefix("pyramid-lab: ")
    body += "⟧" * (body.count("⟦") - body.count("⟧"))  # (a line shortened: its marks open)
    for value in notation:
        body = body.replace(value, " ")
    while body != (body := re.sub(r"⟦[^⟦⟧]*⟧", " ", body)):
        pass
    return re.findall(r"[A-Za-z]{3,}", body) == []


def test_a_whole_game_tables_error(speaking, capsys, tmp_path):
    (tmp_path / "table.json").write_text('{"format": "another"}')
    argv = ["endgame", "verify", "--table", str(tmp_path)]
    assert said(capsys, argv) == (
        f"pyramid-lab: {tmp_path}: not a whole-game Pyraos table (table.json of another kind)"
    )
    speaking("de_DE")
    assert said(capsys, argv) == (
        f"pyramid-lab: {tmp_path}: keine Pyraos-Tabelle des ganzen Spiels (table.json einer "
        "anderen Art)"
    )
    speaking("en_XA")
    assert marked_whole(said(capsys, argv), str(tmp_path), "table.json")
    speaking("de_DE")
    assert said(capsys, ["endgame", "verify", "--table", str(tmp_path / "none")]) == (
        f"pyramid-lab: {tmp_path / 'none'}: kein solcher Ordner"
    )


def test_a_books_error(speaking, capsys, tmp_path):
    book = tmp_path / "book.json"
    book.write_text('{"format": "another"}')
    argv = ["book", "show", "--book", str(book)]
    assert said(capsys, argv) == f"pyramid-lab: {book}: not a book of partition or pyraos"
    speaking("de_DE")
    assert said(capsys, argv) == f"pyramid-lab: {book}: kein Buch von partition oder pyraos"
    speaking("en_XA")
    assert marked_whole(said(capsys, argv), str(book), "partition", "pyraos")


def test_the_split_solves_scheduler_error(speaking, capsys):
    argv = ["solve", "--scheduler", "tcp://127.0.0.1:1", TINY]
    english = said(capsys, argv)
    assert english.startswith(
        "pyramid-lab: error: --scheduler: tcp://127.0.0.1:1 is not a tls:// address: anyone "
        "who reaches a plain scheduler can run code on its workers"
    )
    speaking("de_DE")
    assert said(capsys, argv).startswith(
        "pyramid-lab: Fehler: --scheduler: tcp://127.0.0.1:1 ist keine tls://-Adresse: wer "
        "einen unverschlüsselten Scheduler erreicht"
    )
    speaking("en_XA")
    flags = ("--scheduler", "--tls-ca-file", "--tls-cert", "--tls-key", "--insecure-scheduler")
    notation = ("tcp://127.0.0.1:1", "tls://", "distributed.comm.tls", "pyramid-lab")
    inner = said(capsys, argv).split("--scheduler: ", 1)[1]  # (inside the error line's mark)
    assert inner.startswith("⟦")
    assert marked_whole(inner, *flags, *notation)


def test_a_certificates_summary(speaking, capsys):
    argv = ["certificate", "check", "--quiet", CERTIFICATE]
    english = re.sub(r"[\d.,]+ s$", "N s", said(capsys, argv, "out"))
    assert english == (
        "certificate checked: Pyramid Partition base 3 stacking, red to move, blue wins; 217 "
        "positions with blue to move and 420 replies checked against the rules; 217 lines, "
        "every line used; N s"
    )
    speaking("de_DE")
    german = said(capsys, argv, "out")
    assert re.fullmatch(r".*; \d+,\d\d s", german), german  # (a decimal comma)
    assert german.startswith(
        "Zertifikat geprüft: Pyramid Partition Grundfläche 3 stapelnd, Rot am Zug, Blau "
        "gewinnt; 217 Stellungen mit Blau am Zug und 420 Antworten an den Regeln geprüft; "
        "217 Zeilen, jede Zeile verwendet; "
    )
    speaking("en_XA")
    assert marked_whole(said(capsys, argv, "out"), "Pyramid Partition")


def test_a_certificate_files_refusal(speaking, capsys, tmp_path):
    with gzip.open(CERTIFICATE, "rt") as source:
        header = source.readline().strip()
    certificate = tmp_path / "x.cert.gz"
    with gzip.open(certificate, "wt") as out:
        out.write(f"{header}\n{'.' * 14} 0,0,0\n")
    argv = ["certificate", "check", str(certificate)]
    assert said(capsys, argv) == (
        f"pyramid-lab: error: {certificate}: does not check: line 2: '..............' is no "
        "position with blue to move after the header's (0 red and 0 blue balls; such a "
        "position has +1 red against blue and at least 1 ball)"
    )
    speaking("de_DE")
    assert said(capsys, argv) == (
        f"pyramid-lab: Fehler: {certificate}: besteht die Prüfung nicht: Zeile 2: "
        "'..............' ist keine Stellung mit Blau am Zug nach der des Kopfes (0 rote und "
        "0 blaue Kugeln; eine solche Stellung hat +1 Rot gegenüber Blau und mindestens 1 Kugel)"
    )
    speaking("en_XA")
    assert marked_whole(said(capsys, argv), str(certificate))
    speaking("de_DE")
    (tmp_path / "bad.cert.gz").write_text("no gzip")
    assert said(capsys, ["certificate", "check", str(tmp_path / "bad.cert.gz")]) == (
        f"pyramid-lab: Fehler: {tmp_path / 'bad.cert.gz'}: kein gzip-komprimiertes Zertifikat "
        "(beschädigt oder abgeschnitten)"
    )


def test_a_split_solves_checkpoint_note(speaking, capsys, tmp_path):
    finished = str(ROOT / "examples" / "partition" / "t6-full-red-wins.pyr.json")
    folder = tmp_path / "ck"
    folder.mkdir()
    (folder / "x.txt").write_text("mine")
    argv = ["solve", finished, "--workers", "2", "--checkpoint", str(folder)]
    assert said(capsys, argv, "err_ok") == (
        f"pyramid-lab: warning: checkpoint {folder}: holds files but no checkpoint.json: not a "
        "checkpoint; not trusted (not read, not written)"
    )
    speaking("de_DE")
    assert said(capsys, argv, "err_ok") == (
        f"pyramid-lab: Warnung: Sicherungspunkt {folder}: enthält Dateien, aber kein "
        "checkpoint.json: kein Sicherungspunkt; nicht vertraut (nicht gelesen, nicht "
        "geschrieben)"
    )
    speaking("en_XA")
    assert marked_whole(said(capsys, argv, "err_ok"), str(folder), "checkpoint.json")
    assert (folder / "x.txt").read_text() == "mine"
