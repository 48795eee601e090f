"""What a game UI hands a host that has no docks of its own (the classroom's page): the
moves offered as buttons under headings (:class:`ChoiceGroup`), a form to write a move
with (:class:`MoveForm`) and the docks' words (:class:`Panel`); the hooks that make them
are :class:`viewer.lab.game_ui.GameUI`'s (its words).

Each sentence is a message of the catalog made language-free
(:func:`pyramid_lab.i18n.M_`): the window says it in its language, a student's page in
the page's (``docs/i18n.md``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from pyramid_lab.model.game import Move

from .said_html import SaidHtml


@dataclasses.dataclass(frozen=True)
class FormPart:
    """One choice of a :class:`MoveForm`: where it stands (``group``, "red's program";
    ``row``, "row 1"), what it is (``label``, "Large") and its choices, the first one the
    default."""

    group: str
    row: str
    label: str
    choices: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class MoveForm:
    """A move written by choosing each of its parts, for a position whose legal moves are
    too many to list (a page's form): the move's text is ``template`` with each ``{}``
    filled by a part's choice, in order."""

    parts: tuple[FormPart, ...]
    template: str
    #: What the choices' letters mean, said under the form ("" none).
    key: str = ""

    def text(self, chosen: Sequence[str]) -> str:
        """The move's text of ``chosen`` (one choice per part); ValueError naming a part
        whose choice is not one of its own."""
        if len(chosen) != len(self.parts):
            raise ValueError(f"the form has {len(self.parts)} parts, not {len(chosen)}")
        for part, value in zip(self.parts, chosen, strict=True):
            if value not in part.choices:
                raise ValueError(
                    f"{part.group}, {part.row}, {part.label}: choose one of "
                    f"{', '.join(part.choices)}"
                )
        return self.template.format(*chosen)


@dataclasses.dataclass(frozen=True)
class ChoiceGroup:
    """Moves offered under one heading ("red d4 = 2, Army line a"), each with the words
    its button shows (written once: the move's text stays the button's tooltip)."""

    title: str
    choices: tuple[tuple[Move, str], ...]


@dataclasses.dataclass(frozen=True)
class Panel:
    """What a game shows beside its board in a dock of the window (Rolling's dice pool, a
    faction board), for a host without docks (the classroom's page): a title and the
    dock's own words as HTML, every word from the rules or a file escaped."""

    title: str
    html: SaidHtml | str  # (its words the catalog's: said in each reader's language)
    open: bool = True  # shown at once (False: folded, a click unfolds it)
