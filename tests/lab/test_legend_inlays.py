"""A won Allmer's Pyramid lights its victory fields up in gold: the legend's line says so in
the game's words, with a gold swatch (it said "inlays won" by a grey one; issue 77, a whole
game played by hand)."""

from __future__ import annotations

from pyramid_lab.viewer.lab import palette
from pyramid_lab.viewer.lab.frame import Frame
from pyramid_lab.viewer.lab.legend_entries import legend_entries


def test_the_won_victory_fields_are_named_and_gold_in_the_legend() -> None:
    (entry,) = legend_entries(Frame(decorations=frozenset({"inlays-won"})), {})
    assert entry.text == "the victory fields, all four held: the game is won"
    assert entry.colours == (palette.INLAY_WON_RGB,)


def test_a_side_s_pieces_are_named_with_their_colour() -> None:
    """A decoration "pieces-<colour>" (the solo Pharaoh's stacks) has its pieces' colour."""
    words = {("decoration", "pieces-pharaoh"): "the Pharaoh's troops"}
    (entry,) = legend_entries(Frame(decorations=frozenset({"pieces-pharaoh"})), words)
    assert entry.text == "the Pharaoh's troops"
    assert entry.colours == (palette.piece_rgb("pharaoh"),)
