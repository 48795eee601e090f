"""What the lab's tests of puzzles and practice share: a lab on a new Partition, a move
played by hand, Solve mode waited for until its defence has answered, and a hint whose
exact step is short."""

from __future__ import annotations

from typing import Any

from pyramid_lab.model.game import game_class
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.session import Session


def partition_lab(port: Any, inbox: Any) -> Lab:
    """A lab on a new Pyramid Partition, its deliveries through ``inbox``."""
    return Lab(
        Session(game_class("partition").new()), port, post=inbox.post, bulletin=port.bulletin
    )


def play(lab: Lab, text: str) -> None:
    """Play ``text`` by hand, as a click on the board would."""
    lab.play(lab.game.parse_move(text))


def short_exact_step(monkeypatch: Any, seconds: float = 0.05) -> None:
    """The Hint's exact step (``search.exact_choice``: the solver's second of processor
    time on the position, ``HINT_EXACT_SECONDS``) cut to ``seconds``, for a test
    whose hint is not about the game's value and whose position that second does not
    settle (the empty base-5 pyramid, a Pyraos position off its book): the hint is the
    same, without the second spent on a position the solver then gives up."""
    from pyramid_lab.model import search

    full = search.exact_choice

    def exact_choice(game: Any, **kwargs: Any) -> Any:
        return full(game, **{**kwargs, "max_seconds": seconds})

    monkeypatch.setattr(search, "exact_choice", exact_choice)


def settled(lab: Lab, inbox: Any) -> tuple[str, str]:
    """Solve mode's status once the defence has answered."""
    inbox.until(lambda: not lab.solver.runner.thinking)
    return lab.solver.status
