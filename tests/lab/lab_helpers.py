"""What the lab's tests of puzzles and practice share: a lab on a new Partition, a move
played by hand, and Solve mode waited for until its defence has answered."""

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


def settled(lab: Lab, inbox: Any) -> tuple[str, str]:
    """Solve mode's status once the defence has answered."""
    inbox.until(lambda: not lab.solver.runner.thinking)
    return lab.solver.status
