"""Rolling Pyramids' words in each reader's language (issue 90): the panels beside the board
(the dice pool, each faction board: :class:`~viewer.lab.said_html.SaidHtml`), the map and
faction files' errors (:class:`~model.rolling.rules.RollingDataError`, a ``SaidError``) and
the solo Pharaoh's walk. English byte for byte as captured before the change
(``data/rolling_words_en.json``, by ``rolling_english.py``); German said; the pseudo-locale
marks every word the catalog holds, and the panels' markup holds no English word."""

from __future__ import annotations

import functools
import html
import json
import re

import pytest
import rolling_english

from pyramid_lab import i18n
from pyramid_lab.i18n import Message
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.rolling.fights import EMPTY, PHARAOH, Troops, reinforcement_walk
from pyramid_lab.model.rolling.maps import parse_faction, parse_map
from pyramid_lab.model.rolling.rules import DATA, RollingDataError
from pyramid_lab.viewer.games.rolling.panels import pool_html, sheet_html
from pyramid_lab.viewer.lab.said_html import SaidHtml, html_said

BEFORE = json.loads(rolling_english.DATA_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def now() -> dict[str, list[str]]:
    return rolling_english.captured()


@pytest.mark.parametrize("kind", ["pools", "sheets", "walks", "choices", "helps"])
def test_the_english_is_what_it_was(now, kind):
    assert [str(text) for text in now[kind]] == BEFORE[kind]


def test_the_files_errors_in_english_are_what_they_were(now):
    """The same words for every broken file that was refused before; a neighbour that is a
    list (a crash, unhashable, before) is now refused in words too."""
    new = [str(text) for text in now["errors"]]
    assert [e for e in new if e in BEFORE["errors"]] == BEFORE["errors"]
    added = [e for e in new if e not in BEFORE["errors"]]
    assert added
    assert all(e.endswith(".adjacent: [] is no cell of the map") for e in added)


def _game(players: int, seed: int, until) -> RollingPyramids:
    import random

    game = RollingPyramids.new(RollingPyramids.parse_options({"players": players}))
    rng = random.Random(seed)
    while not until(game):
        game.push(rng.choice(sorted(game.legal_moves(), key=repr)))
    return game


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def test_a_faction_board_and_the_pool_are_said_in_german():
    game = _game(
        2, 7, lambda g: g.phase == "draft" and any(d.taker is not None for d in g.state.dice)
    )
    board = sheet_html(game, 0)
    assert isinstance(board, SaidHtml)
    german = _text(board.said_in("de"))
    for said in (
        "Rot: ",
        "Punkte: 0",
        "Helden: ",
        "Entwicklungspaare",
        "Armeelinien",
        "Fußsoldaten",
    ):
        assert said in german, german
    for english in ("Points", "Heroes", "Develop pairs", "Army lines", "Footmen", "Devices"):
        assert english not in german, german
    assert html_said(board, "en") == board == str(board)  # English: as it was
    pool = _text(pool_html(game).said_in("de"))
    assert "genommen von " in pool, pool
    assert "taken by" not in pool
    assert html_said("<b>plain</b>", "de") == "<b>plain</b>"  # (HTML of no Messages as it is)


def test_the_window_s_docks_say_the_boards_in_its_language():
    """The Faction boards dock says the board in the language the window speaks (i18n.use)."""
    game = _game(2, 7, lambda g: g.phase == "draft")
    try:
        i18n.use("sv")
        said = sheet_html(game, 1).said_in(None)
    finally:
        i18n.use("en")
    assert "Poäng: 0" in said
    assert "Arméliner" in said


_NOTATION = {"any", "d4", "d8"}
FOOTMEN = {f"f{group}" for group in range(1, 10)}


@pytest.mark.parametrize("players", [1, 2])
def test_every_word_of_the_panels_is_the_catalog_s(players):
    """In the pseudo-locale every Message of the panels is marked (the catalog holds it);
    the markup between them holds notation only (numbers, [_], ▲2X, f1, d4)."""
    game = _game(players, 11, lambda g: g.round >= 3 or g.is_over())
    found = [sheet_html(game, p) for p in range(len(game.players))] + [pool_html(game)]
    for panel in found:
        for piece in panel.pieces:
            if isinstance(piece, Message):
                assert piece.said_in(i18n.PSEUDO).startswith("⟦"), piece
            else:
                words = set(re.findall(r"[A-Za-z][A-Za-z0-9]+", _text(piece))) - FOOTMEN
                assert words <= _NOTATION, (words, piece)


def test_the_files_errors_are_said_in_the_readers_language():
    with pytest.raises(RollingDataError) as refused:
        parse_map([])
    assert isinstance(refused.value.args[0], Message)
    assert refused.value.args[0].said_in("de") == "map: eine Kartendatei enthält ein JSON-Objekt"
    raw = json.loads(next(DATA.glob("faction-*.json")).read_text(encoding="utf-8"))
    raw["army_lines"][0]["unit"] = "cavalry"
    with pytest.raises(RollingDataError) as wrong:
        parse_faction(raw)
    assert str(wrong.value) == "faction.army_lines[0].unit: must be troops or bomb"
    try:
        i18n.use("fr")
        assert str(wrong.value) == "faction.army_lines[0].unit : doit être troops ou bomb"
    finally:
        i18n.use("en")


def test_the_pharaohs_walk_is_said_in_german_and_marked_in_the_pseudo_locale():
    spaces = [(PHARAOH, Troops(3)), (0, Troops(2, 1)), (EMPTY, Troops(0)), (0, Troops(5))]
    _after, lines = reinforcement_walk(spaces, 7)
    assert [str(line) for line in lines] == [
        "space 1: +1 (4)",
        "space 2: the player's 2+1* destroyed, 1 stays",
        "space 3: +1 (1)",
        "space 4: the player's 5 hold with 4",
    ]
    assert lines[1].said_in("de") == "Feld 2: 2+1* des Spielers vernichtet, 1 bleibt"
    assert all(
        isinstance(line, Message) and line.said_in(i18n.PSEUDO).startswith("⟦") for line in lines
    )
    solo = _game(1, 3, lambda g: any("reinforcements" in line for line in g.state.fights))
    walk = next(line for line in solo.state.fights if "reinforcements" in line)
    assert isinstance(walk, Message)
    german = walk.said_in("de")
    assert german.startswith("die ")
    assert "Verstärkungen des Pharaos: Feld 1: +1" in german, german


def test_the_shipped_factions_words_are_the_catalog_s():
    """A shipped faction file's heroes' text and army lines' names are words of the catalog
    (``panels.FACTION_WORDS``), said on its board; a faction added later shows its own."""
    from pyramid_lab.model.rolling.maps import faction_names, load_faction
    from pyramid_lab.viewer.games.rolling.panels import FACTION_WORDS

    shipped = {load_faction(name) for name in faction_names()}
    written = {f.hero_text for f in shipped} | {line.name for f in shipped for line in f.lines}
    assert written == set(FACTION_WORDS)
    game = _game(2, 7, lambda g: g.phase == "draft")
    german = _text(sheet_html(game, 0).said_in("de"))
    assert "aufsteigende Linie" in german, german
    assert "8-minus-Linie (eine Bombe)" in german, german


def test_the_decisions_are_said_in_each_language():
    """A die's place and the number written, a slot, a box's heading, a develop, a
    conquest, the new soldiers, a starting area, a device: Messages (the Turn dock and
    the classroom's list say them), German said, the pseudo-locale marked."""
    from pyramid_lab.model.rolling import Cross, Develop, Place, Soldiers, StartArea, Take
    from pyramid_lab.viewer.games.rolling.words import box_words, move_words, take_words

    take = Take("red", 4, 3, "f1.5", 2)
    said = [
        take_words(take, True),
        take_words(Take("red", 8, 6, "a2", 4), False),
        box_words("Army line b"),
        move_words(Develop("ram")),
        move_words(Develop("a+")),
        move_words(Cross(1, 3)),
        move_words(Soldiers("12", True)),
        move_words(StartArea("S2")),
        move_words(Place("spikes", "9", "15")),
    ]
    assert [str(text) for text in said] == [
        "footmen f1: cross off ▲2 (box 5) (3, own colour -1)",
        "line a, circle 2: 4 (6, factory -2)",
        "Army line b",
        "develop a ram (breaks defenders in half)",
        "develop line a's next bonus circle",
        "footmen f1: cross off the triangle in box 3",
        "space 12: the soldiers stay there",
        "starting area S2",
        "spikes on the border 9-15 (for the next round's fights)",
    ]
    german = [i18n.shown(text, "de") for text in said]
    assert german[0] == "Fußsoldaten f1: ▲2 abstreichen (Kästchen 5) (3, eigene Farbe -1)"
    assert german[1] == "Linie a, Kreis 2: 4 (6, Fabrik -2)"
    assert german[2] == "Armeelinie b"
    assert german[-1] == "Stacheln an der Grenze 9-15 (für die Kämpfe der nächsten Runde)"
    assert all(isinstance(text, Message) for text in said)
    assert all(i18n.shown(text, i18n.PSEUDO).startswith("⟦") for text in said)


def test_the_turn_docks_tooltips_and_a_spaces_hover_are_said_in_each_language():
    """The Turn dock's tooltips (a die's place, a unit to send, another decision) and a
    space's hover (a white pyramid's points, a factory, who holds it): Messages, said in
    German, every one of them marked in the pseudo-locale."""
    from pyramid_lab.model.rolling import Develop, Soldiers, StartArea, Take
    from pyramid_lab.viewer.games.rolling import RollingUI
    from pyramid_lab.viewer.games.rolling.sites import LAYERS
    from pyramid_lab.viewer.games.rolling.words import (
        PLACE_WORDS,
        move_help,
        take_help,
        unit_help,
        white_pyramid_words,
    )

    said = [
        take_help(Take("red", 8, 6, "a2", 4), False),
        take_help(Take("red", 4, 3, "f1.5", 2), True),
        unit_help("c", "5+2*", True),
        unit_help("f2", "3"),
        move_help(Develop("ram")),
        move_help(Soldiers("12", False)),
        move_help(StartArea("S2")),
        white_pyramid_words(1, 2, 10, "second"),
        white_pyramid_words(1, 2, 10, "both", solo=True),
    ]
    german = [i18n.shown(text, "de") for text in said]
    assert german[0] == (
        "Armeelinie a, Kreis 2: drei Zahlen, die zur Linie passen, ergeben eine Armee, die "
        "diese Runde eingesetzt wird; der Würfel zeigt 6, eingetragen wird 4 (eine Fabrik, "
        "die du hältst, ändert Zahlen in ihrem Abschnitt um bis zu 2)"
    )
    assert german[1].endswith("(ein Würfel deiner Farbe darf sich um 1 ändern)"), german[1]
    assert german[2] == (
        "die Armee der Linie c, ihre drei Kreise gefüllt (eine Bombe: sie darf jedes Feld "
        "treffen, und ihre Überlebenden bleiben nicht); 5+2*: Helden (ein Stern kennzeichnet "
        "Helden)"
    )
    assert german[7] == "weiße Pyramide: 1 Punkt je Runde (Runde 10: 2 Punkte)"
    assert german[8] == "weiße Pyramide: 1 neuer Soldat je Runde für ihren Inhaber"
    # a device to place, in the cleanup's choices: its word, not the rules' name in a sentence
    assert [i18n.shown(PLACE_WORDS[d], "de") for d in ("ram", "spikes", "umbrella")] == [
        "einen Rammbock platzieren",
        "Stacheln platzieren",
        "einen Schirm platzieren",
    ]
    game = _game(1, 3, lambda g: g.round >= 2)
    sites = RollingUI()
    hovers = [sites.describe(game, None, cell * LAYERS, {}) for cell in range(len(game.map.cells))]
    said += hovers
    assert all(isinstance(text, Message) for text in said)
    assert all(i18n.shown(text, i18n.PSEUDO).startswith("⟦") for text in said)
    for text in said:  # (every word marked: outside the marks, notation only)
        outside = i18n.shown(text, i18n.PSEUDO)
        while "⟦" in outside:  # (the innermost marks first: a value is a Message too)
            outside = re.sub(r"⟦[^⟦⟧]*⟧", " ", outside)
        assert not re.findall(r"[A-Za-z]{2,}", outside.replace("S1", "")), outside
    german_hovers = [i18n.shown(text, "de") for text in hovers]
    assert any("; Inhaber: der Pharao mit " in text for text in german_hovers), german_hovers
    factory = next(text for text in german_hovers if "Fabrik" in text)
    assert re.fullmatch(
        r"Feld \d+, Fabrik \((Held|Entw\.|Armee|Fuß) auf der Karte\): ihr Inhaber darf eine "
        r"im Abschnitt \w+ eingetragene Zahl um bis zu 2 ändern(; Inhaber: .*)?",
        factory,
    ), factory


def test_the_prompts_in_english_are_what_they_were(now):
    """The prompt, the Turn dock's question and the refusals naming what to do: the same
    English (captured before they were Messages) for every position of the walk."""
    assert [str(text) for text in now["prompts"]] == BEFORE["prompts"]


@functools.cache
def _asked() -> tuple[str, ...]:
    """The prompt and the Turn dock's question of each position of the walk (asked once:
    each language says the same texts)."""
    import itertools

    from pyramid_lab.viewer.games.rolling import RollingUI

    asked: list[str] = []
    for game in itertools.chain(rolling_english.games(), rolling_english.cleanups()):
        ui = RollingUI()
        ui.seats.seated = game.to_move if game.current_player() >= 0 else None
        turn = ui.turn(game)
        if game.current_player() >= 0 and turn.device is not None and game.phase == "cleanup":
            turn.first = 0
        asked.extend(text for text in (turn.prompt(), turn.ask()) if text)
    return tuple(asked)


def _prompts(language: str) -> list[str]:
    """The prompt and the Turn dock's question of each position of the walk, said."""
    return [i18n.shown(text, language) for text in _asked()]


def test_the_prompts_are_said_in_german():
    """A German window asks in German (the trial's "red: click a free starting area ..."
    and "Rot, deine Entscheidung: click ...": English before), the colour a word too."""
    german = _prompts("de")
    assert "Blau: klicke auf ein freies Startgebiet der Karte (markiert)" in german
    assert any(
        s.startswith("Rot: nimm einen Würfel aus dem Vorrat über das Zug-Dock") for s in german
    )
    assert any("dem der Rammbock zugewandt ist" in s for s in german), german
    for said in german:
        for english in ("click", "choose", "Turn dock", "Finish turn", "red", "blue"):
            assert english not in said, said


def test_the_prompts_are_all_in_the_catalog():
    """The pseudo-locale marks every prompt and question: none bypasses the catalog."""
    marked = _prompts(i18n.PSEUDO)
    assert marked
    for said in marked:
        assert said.startswith("⟦"), said


def test_the_hot_seats_hint_refusal_is_said():
    """Hot seat, a secret deployment: the Hint's refusal names the player as a word (English
    as the f-string wrote it)."""
    from pyramid_lab.viewer.games.rolling import RollingUI

    game = _game(2, 1, lambda g: g.phase == "deploy" and g.current_player() >= 0)
    refusal = RollingUI().seats.hint_refusal(game)
    seat = game.to_move
    assert (
        refusal == f'no hint yet: the screen goes to {seat} first ("I am {seat}" in the Turn dock)'
    )
    german = i18n.shown(refusal, "de")
    assert german.startswith("noch kein Tipp: der Bildschirm geht zuerst an "), german
    assert seat not in german
    assert "Ich bin " in german
