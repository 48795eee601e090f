"""A position the game produced passes its own set-up check: every shipped example
(positions, puzzles, the lessons' steps) and positions of random play, at every point of
their histories, come back from their pieces, side to move and file ``state`` through
:func:`model.setup.from_setup_state` (the round trip set-up mode makes on leaving) as the
same position."""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import pytest

from pyramid_lab.model import files, lesson
from pyramid_lab.model.game import CHANCE, Game, game_class, game_names
from pyramid_lab.model.setup import file_state, from_setup_state

#: the shipped lessons, puzzles and examples (package data)
SHIPPED = Path(__file__).resolve().parents[2] / "model" / "data"


def set_up_again(game: Game) -> Game:
    """``game``'s position set up from what a file says of it (raises PositionFormatError
    where the set-up check refuses it)."""
    state = file_state(game)
    cls = type(game)
    if state is None:
        return cls.from_setup(game.options, game.to_move, game.pieces(), study=game.study)
    return from_setup_state(cls, game.options, game.to_move, game.pieces(), state, study=game.study)


def check_round_trip(game: Game, where: str) -> None:
    again = set_up_again(game)
    assert sorted(map(repr, again.pieces())) == sorted(map(repr, game.pieces())), where
    assert again.to_move == game.to_move, where
    assert file_state(again) == file_state(game), where


def every_point(game: Game, where: str) -> None:
    """The round trip at each point of ``game``'s history."""
    game = game.copy()
    # (the moves counted once: a Pyraos move stack is built anew each time it is read)
    for moves in range(len(game.move_stack), -1, -1):
        check_round_trip(game, f"{where} after {moves} moves")
        if moves:
            game.pop()
    assert not game.move_stack


@functools.cache
def shipped_games() -> tuple[tuple[Path, Game], ...]:
    """Every shipped position, puzzle and example as read, read once for this file and
    test_position_text (the walks work on copies). The examples are read once, as
    shipped (model/data/examples: the same files as examples/,
    tests/viewer/test_api_shipped.py keeps the two alike)."""
    paths = sorted(SHIPPED.rglob("*.pyr.json"))
    assert len(paths) > 100
    assert any(path.parent.parent.name == "examples" for path in paths)
    return tuple((path, files.read(path).game) for path in paths)


@functools.cache
def shipped_lesson_steps() -> tuple[tuple[Path, int, Game], ...]:
    """Each step of every shipped lesson, (its lesson, its index, its position), read once."""
    paths = sorted(SHIPPED.rglob("*.lesson.json"))
    assert len(paths) > 10
    return tuple(
        (path, index, step.game)
        for path in paths
        for index, step in enumerate(lesson.read(path).steps)
    )


def test_shipped_positions_and_puzzles_pass_their_set_up_check() -> None:
    for path, game in shipped_games():
        every_point(game, str(path))


def test_shipped_lesson_steps_pass_their_set_up_check() -> None:
    for path, index, game in shipped_lesson_steps():
        every_point(game, f"{path.relative_to(SHIPPED)} step {index + 1}")


def random_move(game: Game, rng: random.Random) -> Any:
    own = getattr(game, "random_move", None)
    if own is not None:
        return own(rng)
    if game.current_player() == CHANCE:
        outcomes = game.chance_outcomes()
        return rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(list(game.legal_moves()))


#: Options worth playing at random beyond each game's default.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "ball": [{"mode": "basic"}, {"mode": "advanced"}, {"mode": "advanced", "restart": "sheet"}],
    "rolling": [{"players": 1}, {"players": 3}],
}


@pytest.mark.parametrize("name", game_names())
def test_positions_of_random_play_pass_their_set_up_check(name: str) -> None:
    cls = game_class(name)
    variants = [{}, *VARIANTS.get(name, [])]
    for raw in variants:
        options = cls.parse_options(raw)
        for seed in range(3):
            rng = random.Random(seed)
            game = cls.new(options)
            for ply in range(400):
                check_round_trip(game, f"{name} {raw} seed {seed} ply {ply}")
                if game.is_over():
                    break
                game.push(random_move(game, rng))
