"""Pyraos's moves as the status line says them: a move that takes spheres back is written
``2,3,0 x3,2,0`` in the notation; the status line says what the ``x`` means (issue 89's
trials: an unexplained ``x`` in the hint and the move played)."""

from __future__ import annotations

import random

import pytest

from pyramid_lab.model import search
from pyramid_lab.model.pyraos import Pyraos, PyraosMove
from pyramid_lab.viewer.games.pyraos import PyraosUI
from pyramid_lab.viewer.lab.engine_words import hint_words

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


def a_square() -> tuple[Pyraos, PyraosMove]:
    """A position of the standard version where the mover completes a square, and the
    move that takes two spheres back."""
    game = Pyraos.new()
    rng = random.Random(5)
    for _ in range(200):
        squares = [m for m in game.legal_moves() if isinstance(m, PyraosMove) and m.removed]
        if squares:
            return game, max(squares, key=lambda m: len(m.removed))
        game.push(rng.choice(game.legal_moves()))
    raise AssertionError("no square in 200 plies")


def test_a_move_taking_spheres_back_is_said_in_words_beside_its_notation():
    _game, move = a_square()
    ui = PyraosUI()
    assert str(move) == "0,1,0 x1,0,0 x3,0,0"
    said = ui.move_said(move)
    assert said == "0,1,0 x1,0,0 x3,0,0 (place at 0,1,0, take back 1,0,0 and 3,0,0)"
    assert ui.move_said(PyraosMove.parse("1,1,0")) == "1,1,0"  # nothing to explain
    choice = search.Choice(move, "mcts", 0.57, 100, 3, 1.0)
    assert hint_words(choice, "", "", said=said).startswith(f"hint: {said} (win rate 57%")
    assert hint_words(choice, "the book proves ...", "", said=said).startswith(
        f"hint: {said} (win rate 57%)"
    )


def test_the_status_line_says_the_spheres_taken_back_of_a_move_played(make_window, qtbot):
    game, move = a_square()
    window = make_window(game)
    window.board.play(move)  # as the clicks play it
    said = window.statusBar().currentMessage()
    assert "played 0,1,0 x1,0,0 x3,0,0 (place at 0,1,0, take back 1,0,0 and 3,0,0)" in said
