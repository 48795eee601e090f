"""What a game UI says in its own words (:class:`GameWords`, a part of
:class:`viewer.lab.game_ui.GameUI`): the status line, a move played, hover text on a
site, the legend, and the moves offered to a host that lists them (:class:`ChoiceGroup`,
:class:`MoveForm`) or the docks' words for a host without docks (:class:`Panel`).

Each sentence is a message of the catalog made language-free
(:func:`pyramid_lab.i18n.M_`): the window says it in its language, a student's page in
the page's (``docs/i18n.md``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Generic

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.teaching import describe_result

from .frame import Frame
from .outcome_words import word
from .said_html import SaidHtml
from .turn_builder import Turn


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


class GameWords(Generic[Turn]):
    """A game UI's words (defaults: the side to move, the notation, the palette's legend)."""

    def status(self, game: Game) -> str:
        """The side to move, or how the game ended."""
        if game.is_over():
            return describe_result(game)
        return M_("{side} to move", side=word(game.to_move))

    def turn_status(self, game: Game, turn: Turn) -> str:
        """The status bar's words with ``turn`` built so far (the window asks at each
        redraw): :meth:`status` by default."""
        return self.status(game)

    def move_words(self, game: Game, move: Move) -> str:
        """``move`` in the game's words, beside its notation ('' when the notation says it
        all): a list of moves to choose from shows them."""
        return ""

    def move_groups(self, game: Game, moves: Sequence[Move]) -> list[ChoiceGroup] | None:
        """``moves`` (legal in ``game``) grouped under headings with the words of the
        window's Turn dock, for a host that lists them as buttons; None: a plain list."""
        return None

    def panels(self, game: Game) -> list[Panel]:
        """What the game's docks show beside the board, for a host without them: none by
        default."""
        return []

    def move_form(self, game: Game) -> MoveForm | None:
        """A form to write the move of ``game`` with, where its legal moves are too many
        to list (None: list them, or type one)."""
        return None

    def played(self, game: Game, mover: str, move: Move) -> str:
        """The status-bar line after ``mover`` played ``move`` (``game`` is after it)."""
        effect = game.last_effect()
        what = effect.describe() if effect is not None else ""
        if what:
            return M_(
                "{mover} played {move}: {effect}",
                mover=word(mover),
                move=self.move_said(move),
                effect=word(what),
            )
        return M_("{mover} played {move}", mover=word(mover), move=self.move_said(move))

    def move_listed(self, move: Move) -> str:
        """``move`` as the Moves dock lists it after its mover: its notation by default; a
        game whose notation holds words says them in the reader's language (a Message whose
        English is the notation)."""
        return str(move)

    def move_said(self, move: Move) -> str:
        """``move`` as a status line names it (a hint, a move played): its notation, with
        its words where the notation needs a key a newcomer lacks (Pyraos's ``x``)."""
        return str(move)

    def hidden_moves(self, game: Game, line: Sequence[tuple[str, Move]]) -> Mapping[int, str]:
        """Moves of the current ``line`` (each with its mover; ``game`` shows the position
        after the first ``len(game.move_stack)`` of them) that the players at the board
        may not read yet, by index into ``line``, with the words the Moves dock shows
        instead ("red: deploys a (hidden)"): secret orders before their
        reveal. The dock hides the other lines tried at those moves too. None by default."""
        return {}

    def legend_words(self, game: Game, frame: Frame) -> Mapping[tuple[str, str], str]:
        """What the overlays of ``frame`` mean in the game's words, for the scene's legend,
        by (kind, style) as ``viewer.widgets.legend`` names them; the palette's meanings
        stand for the rest. Once the game is over nothing takes a click: a piece still
        outlined in gold is the winner's (a game outlines them, or nothing)."""
        if game.is_over():
            return {("rim", "clickable"): M_("the winner's pieces that won the game")}
        return {}
