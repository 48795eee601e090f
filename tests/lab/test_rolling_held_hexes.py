"""A hex's holder is said by more than its tint (issue 107 item 5): the tints of Rolling
Pyramids' held hexes are too near for a colour-blind player (tests/palette_pairs.py), so
a hex held with no stack on it (a starting area chosen) carries its holder's name."""

from __future__ import annotations

import importlib
from pathlib import Path

from pyramid_lab.i18n import languages, shown
from pyramid_lab.model.files import read
from pyramid_lab.model.rolling import COLOURS, RollingPyramids
from pyramid_lab.viewer.games.rolling import RollingUI
from pyramid_lab.viewer.games.rolling.sites import hex_map
from pyramid_lab.viewer.games.rolling.words import INITIALS

ROOT = Path(__file__).resolve().parents[2]
map_frame = importlib.import_module("pyramid_lab.viewer.games.rolling.map_frame").map_frame


def test_a_starting_area_held_without_a_stack_names_its_holder() -> None:
    game = read(ROOT / "examples/rolling/two-players-new.pyr.json").game
    assert isinstance(game, RollingPyramids)
    mover = game.to_move
    game.push(game.legal_moves()[0])  # a starting area chosen: held, nothing on it yet
    [(_cell, colour)] = game.pieces()
    assert colour == mover
    board = hex_map(game.map)
    frame = map_frame(game, board, (), ((), {}))
    held = [region for region in frame.regions if region.style == colour]
    [site] = held[0].sites
    named = [label.text for label in frame.labels if label.site == site]
    assert named == [INITIALS[colour]], named


def test_a_holders_initial_is_as_narrow_as_a_stacks_number_in_every_language() -> None:
    """The holder's cue on a starting area stands over the hex's stack spot, as a stack's
    number does ("2+9*"): "green's", "von Gelb" ran over the next hexes' numbers on the
    page (hex 20's "20", hex 28's "1/2"). Each side's initial is short and its own in
    every language."""
    for language in ("en", *languages()):
        said = [shown(INITIALS[colour], language) for colour in COLOURS]
        assert all(1 <= len(text) <= 2 for text in said), (language, said)
        assert len(set(said)) == len(said), (language, said)


def test_the_legend_says_whose_initial_is_shown() -> None:
    game = read(ROOT / "examples/rolling/two-players-new.pyr.json").game
    assert isinstance(game, RollingPyramids)
    mover = game.to_move
    game.push(game.legal_moves()[0])
    frame = map_frame(game, hex_map(game.map), (), ((), {}))
    said = RollingUI().legend_words(game, frame)
    held = said[("region", mover)]
    assert held == f"held by {mover} ({INITIALS[mover]} on a starting area)", held
    assert len(shown(held, "de")) <= 48, shown(held, "de")  # a line of the legend
    others = [c for c in COLOURS if c != mover]
    assert all(said[("region", c)] == f"held by {c}" for c in others)
