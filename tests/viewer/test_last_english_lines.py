"""The last lines that printed English whatever the language (issue 90): Pyramid Ball's
``analyze --text`` lines, ``analyze``'s options and legal-move count, the Moves list's verbs,
the system's failures (``model.words.system_reason``), the checkpoint key's reason and a
diagram's caption. Each English as it was; German said; the pseudo-locale marks each. (The
whole-table build's step lines: ``tests/model/test_pyraos_whole_resume.py``.)"""

from __future__ import annotations

import errno
import os
import random
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.files import read
from pyramid_lab.model.game import game_class
from pyramid_lab.model.words import colour, system_reason
from pyramid_lab.viewer.cli.analyze import _explain

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_pyramid_balls_lines_in_german(german):
    text = _explain("b", read(EXAMPLES / "ball/advanced-specials.pyr.json").game)
    assert text.splitlines()[1:] == [
        "  Spiel: Pyramid Ball (Länge: Fortgeschritten, Angriff darf einem Verteidiger folgen: "
        "nein, Tackling bei Berührung: ja, Neustart nach einem Punkt: Regelblatt)",
        "  Blau am Zug, 209.808.349.609.375 regelgerechte Züge",  # (English: 209808349609375)
        "  Stand Rot 3 - Blau 2 (Ziel: 6)",
        "  Ball: Mittlere von Blau auf d5",
        "  Rot hält dash, quick_pass",  # (the specials by the rules' names: notation)
        "  Blau hält dash, quick_pass, blitz",
    ]


def test_the_moves_list_says_rolling_pyramids_verbs_and_keeps_the_english_notation():
    """Every legal move of random games: its listed words in English are its notation
    exactly (what the list showed, what a person types); in German no English verb."""
    from pyramid_lab.viewer.games.rolling.words import move_listed

    cls = game_class("rolling")
    verbs = set()
    for players in (1, 2):
        game = cls.new(cls.parse_options({"players": players}))
        rng = random.Random(players)
        for _ply in range(300):
            if game.is_over():
                break
            moves = sorted(game.legal_moves(), key=repr)
            for move in moves:
                listed = move_listed(move)
                assert listed == str(move)
                verbs.add(str(move).split()[0])
                said = i18n.shown(listed, "de").split()
                assert said[0] not in {"take", "roll", "deploy", "cross", "develop", "stay"}
            game.push(rng.choice(moves))
    assert {"take", "roll", "deploy", "develop", "done"} <= verbs
    from pyramid_lab.model.rolling import Take

    take = Take("red", 4, 2, "a1", 2)
    assert i18n.shown(move_listed(take), "de") == "nimmt Rot d4 2 > a1"
    assert i18n.shown(move_listed(take), i18n.PSEUDO).startswith("⟦")


def test_pyramid_balls_special_choice_is_a_word():
    from pyramid_lab.model.ball import SpecialChoice
    from pyramid_lab.viewer.games.ball import BallUI

    choice = SpecialChoice("red", "quick_pass")
    listed = BallUI().move_listed(choice)
    assert listed == str(choice) == "takes quick pass"
    assert i18n.shown(listed, "de") == "nimmt Quick Pass"


def test_a_system_failure_is_said_in_the_catalogs_words():
    missing = OSError(errno.ENOENT, os.strerror(errno.ENOENT), "/nowhere")
    said = system_reason(missing)
    assert said == os.strerror(errno.ENOENT)  # (English: the system's own, as before)
    assert i18n.shown(said, "de") == "Datei oder Ordner nicht gefunden"
    assert i18n.shown(said, "fr") == "Aucun fichier ou dossier de ce nom"
    own = OSError(errno.EEXIST, "999 damaged copies are there already")
    assert system_reason(own) == "999 damaged copies are there already"  # (its own words)
    assert system_reason(ValueError("a NUL in the name")) == "a NUL in the name"


def test_the_checkpoint_keys_reason_is_said(tmp_path, monkeypatch):
    from pyramid_lab.model.userfiles import checkpoint_secret

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("mine")
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(blocker))
    secret, note = checkpoint_secret()
    assert secret == b""
    assert note == f"{blocker / 'checkpoint.key'}: Not a directory"
    assert i18n.shown(note, "de") == f"{blocker / 'checkpoint.key'}: Ist kein Ordner"


def test_a_diagrams_caption_is_said_in_the_language_spoken(german):
    from pyramid_lab.viewer.pictures.diagrams import diagram

    game = read(EXAMPLES / "partition/empty-base3-floating.pyr.json").game
    assert "<title>Pyramid Partition: Rot ist am Zug</title>" in diagram(game).svg


def test_the_print_sheets_lines_are_said_in_the_language_spoken(german):
    from pyramid_lab.viewer.pictures.sheet import _game_line, _status_line

    game = read(EXAMPLES / "partition/stacking-support.pyr.json").game
    assert _game_line(game) == "Pyramid Partition (Größe der Grundfläche: 3, Version: stapelnd)"
    status = i18n.M_("{side} to move", side=colour("blue"))
    assert _status_line(game, status) == "Blau ist am Zug, nach 5 Zügen"


def test_the_print_sheets_english_names_the_options_by_their_labels():
    from pyramid_lab.viewer.pictures.sheet import _game_line, _status_line

    game = read(EXAMPLES / "partition/stacking-support.pyr.json").game
    assert _game_line(game) == "Pyramid Partition (Base size: 3, Version: stacking)"
    status = i18n.M_("{side} to move", side=colour("blue"))
    assert _status_line(game, status) == "Blue to move, after 5 moves"  # (as before)


def test_glibc_s_french_found_under_a_test_s_language_is_forgotten_after_it(monkeypatch):
    """A worker read "Aucun fichier ou dossier de ce type" for ENOENT in the test above:
    an earlier test had raised an OSError under ``LANGUAGE=fr`` (tests/c_locale.py)."""
    import locale

    from tests import c_locale

    locale.setlocale(locale.LC_ALL, "C.UTF-8")  # (what Qt's first QApplication sets here)
    found = c_locale.kept()
    monkeypatch.setenv("LANGUAGE", "fr")
    french = os.strerror(errno.ENOENT)
    monkeypatch.delenv("LANGUAGE")
    if french == "No such file or directory":
        pytest.skip("glibc's French messages are not installed (Debian's libc-l10n)")
    assert os.strerror(errno.ENOENT) == french  # (the environment restored: still French)
    c_locale.restored(found)  # (what the autouse fixture does after every test)
    assert c_locale.kept() == found
    assert os.strerror(errno.ENOENT) == "No such file or directory"
