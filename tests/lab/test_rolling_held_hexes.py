"""A hex's holder is said by more than its tint (issue 107 item 5): the tints of Rolling
Pyramids' held hexes are too near for a colour-blind player (tests/palette_pairs.py), so
a hex held with no stack on it (a starting area chosen) carries its holder's name."""

from __future__ import annotations

import importlib
from pathlib import Path

from pyramid_lab.model.files import read
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.viewer.games.rolling.sites import hex_map

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
    assert named == [f"{colour}'s"], named
