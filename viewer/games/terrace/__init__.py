"""Allmer's Pyramid in the window: stones on the stepped pyramid. Click one of your stones
(outlined), and its destinations light up by kind (run, jump, push with where the pushed
stone lands, smash; a cone where a pushed stone falls off); click a destination to move.
What a move removed flashes and fades out.

Sites are the model's field ids ``r * 7 + c``; field (r, c) stands at x = c, y = 6 - r,
so White, who starts on row 7, sits nearest the default camera.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game, IllegalMoveError
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.model.terrace import (
    DIRECTIONS,
    LEVEL,
    SIZE,
    VICTORY_FIELDS,
    Kind,
    Terrace,
    TerraceMove,
    fid,
    field_name,
)

from ...boards.geometries import SteppedBoard
from ...lab.frame import Frame, Marker, Pointer, Vanish
from ...lab.game_ui import GameUI
from ...lab.outcome_words import word
from ...lab.turn_builder import STEPPED, Declined, Ready, TurnAnswer
from .. import register_ui

BOARD = SteppedBoard(SIZE, LEVEL, inlays=VICTORY_FIELDS, column_names="abcdefg")


def direction_xy(d: int) -> tuple[float, float]:
    """The model's direction ``d`` (towards row 0, row 6, column a, column g) in x, y."""
    dr, dc = DIRECTIONS[d]
    return float(dc), float(-dr)


class TerraceTurn:
    """Select a stone, then click one of its destinations."""

    can_finish = False

    def __init__(self, game: Terrace) -> None:
        self.game = game
        self.selected: int | None = None
        self._pieces = {fid(r, c): colour for (r, c), colour in game.pieces()}

    def pieces(self) -> dict[int, str]:
        return self._pieces

    def moves(self) -> list[TerraceMove]:
        """The selected stone's legal moves."""
        if self.selected is None:
            return []
        return self.game.moves_from(*divmod(self.selected, SIZE))

    def destinations(self) -> dict[int, Kind]:
        """Field -> kind of the move that a click there plays, for the selected stone."""
        return {m.target: m.kind for m in self.moves()}

    def push_landings(self) -> dict[int, tuple[int, int]]:
        """For each push of the selected stone: the pushed stone's field -> (where it lands,
        -1 when it falls off the board; the direction of the push)."""
        out = {}
        for m in self.moves():
            if m.kind is Kind.PUSH:
                pushed = self.game.preview(m).pushed
                assert pushed is not None
                out[m.target] = (pushed[1], m.direction)
        return out

    def movable(self) -> list[int]:
        """Fields of the stones of the side to move that have a legal move."""
        return sorted({m.source for m in self.game.legal_moves() if isinstance(m, TerraceMove)})

    def winning_fields(self) -> tuple[int, ...]:
        """The four victory fields once a colour holds them all, else ()."""
        outcome = self.game.outcome()
        if outcome is None or outcome.winner is None:
            return ()
        if all(self._pieces.get(v) == outcome.winner for v in VICTORY_FIELDS):
            return VICTORY_FIELDS
        return ()

    def highlighted(self) -> tuple[int, ...]:
        """The selected stone; else every stone that can move; after a win on the victory
        fields, the winner's stones there."""
        winning = self.winning_fields()
        if winning:
            return winning
        if self.selected is not None:
            return (self.selected,)
        return tuple(self.movable())

    @property
    def building(self) -> bool:
        return self.selected is not None

    def prompt(self) -> str:
        if self.game.is_over():
            return ""
        if self.selected is None:
            return M_(
                "{player}: click one of your stones (outlined) to move it",
                player=word(str(self.game.to_move)),
            )
        return M_(
            "{field} selected: click a destination (green run, blue jump, orange push, red "
            "smash; Esc deselects)",
            field=field_name(self.selected),
        )

    def click(self, pid: int) -> TurnAnswer:
        game = self.game
        if game.is_over():
            return Declined(M_("the game is over: {result}", result=describe_result(game)))
        name = field_name(pid)
        if self.selected is not None:
            if pid == self.selected:
                self.selected = None
                return STEPPED
            move = next((m for m in self.moves() if m.target == pid), None)
            if move is not None:
                self.selected = None
                return Ready(move)
        colour = self._pieces.get(pid)
        if colour == game.to_move:
            if pid in self.movable():
                self.selected = pid
                return STEPPED
            return Declined(M_("the stone on {field} has no legal move", field=name))
        if self.selected is not None:
            return Declined(
                game.why_illegal(TerraceMove(Kind.RUN, self.selected, pid))
                or M_("{field}: no move here", field=name)
            )
        if colour is not None:
            return Declined(
                M_(
                    "the stone on {field} is {colour}'s; {player} is to move",
                    field=name,
                    colour=word(str(colour)),
                    player=word(str(game.to_move)),
                )
            )
        return Declined(
            M_(
                "{field} is empty: first click one of {player}'s stones",
                field=name,
                player=word(str(game.to_move)),
            )
        )

    def finish(self) -> TurnAnswer:
        return Declined(M_("there is no turn to finish: a move is one click on a destination"))

    def cancel(self) -> None:
        self.selected = None


@register_ui
class TerraceUI(GameUI[TerraceTurn]):
    game_name = Terrace.name
    board_kind = "stepped"
    piece_word = "stones"

    def legend_words(self, game: Game, frame: Frame) -> Mapping[tuple[str, str], str]:
        """Once the game is won on the victory fields, the gold rims are the winner's
        stones there; during play, what takes a click."""
        if game.is_over():
            return {("rim", "clickable"): "the winner's stones on the victory fields"}
        return {}

    def geometry(self, game: Game) -> SteppedBoard:
        return BOARD

    def site_of(self, coords: tuple[int, ...]) -> int:
        return fid(*coords)

    def coords_of(self, site: int) -> tuple[int, ...]:
        return divmod(site, SIZE)

    def site_name(self, site: int) -> str:
        return field_name(site)

    def turn(self, game: Game) -> TerraceTurn:
        assert isinstance(game, Terrace)
        return TerraceTurn(game)

    def frame(self, game: Game, turn: TerraceTurn) -> Frame:
        pieces = turn.pieces()
        markers = [Marker(f, kind.name.lower()) for f, kind in turn.destinations().items()]
        pointers = []
        for pushed, (landing, d) in turn.push_landings().items():
            if landing >= 0:
                style = "landing-smash" if landing in pieces else "landing"
                markers.append(Marker(landing, style))
            else:  # it falls off a corner: a cone just past the edge, pointing down
                pointers.append(Pointer(pushed, "fall", direction_xy(d)))
        return Frame(
            pieces=pieces,
            markers=tuple(markers),
            highlights={"clickable": turn.highlighted()},
            pointers=tuple(pointers),
            decorations=frozenset({"inlays-won"}) if turn.winning_fields() else frozenset(),
        )

    def move_sites(self, game: Game, move: Any) -> tuple[int, ...]:
        """The moving stone's destination (where a push's pushed stone stood)."""
        assert isinstance(move, TerraceMove)
        return (move.target,)

    def move_from(self, game: Game, move: Any) -> tuple[int, ...]:
        """The moving stone's field."""
        assert isinstance(move, TerraceMove)
        return (move.source,)

    def move_removes(self, game: Game, move: Any) -> tuple[int, ...]:
        """The stones the move smashes, pushes off the board or lets Osiris take."""
        assert isinstance(game, Terrace)
        assert isinstance(move, TerraceMove)
        try:
            effect = game.preview(move)
        except IllegalMoveError:
            return ()
        return tuple(f for f, _ in (*effect.smashed, *effect.fallen, *effect.osiris))

    def setup_frame(self, pieces: Mapping[int, str], geometry: object) -> Frame:
        return Frame(pieces=dict(pieces))  # every field takes a click: no markers needed

    def describe(self, game: Game, turn: TerraceTurn, site: int, shown: Mapping[int, str]) -> str:
        """Name, level and content of a field; for a destination, what moving there does."""
        parts = [f"{field_name(site)} level {LEVEL[site]}"]
        if site in VICTORY_FIELDS:
            parts.append("victory field")
        colour = shown.get(site)
        parts.append(f"{colour} stone" if colour else "empty")
        text = ", ".join(parts)
        assert isinstance(game, Terrace)
        move = next((m for m in turn.moves() if m.target == site), None)
        if move is not None:
            effect = game.preview(move).describe()
            text += f": {move.kind.name.lower()} {move}" + (f" ({effect})" if effect else "")
        return text

    def vanishing(self, game: Game) -> list[Vanish]:
        """Smashed stones sink, fallen ones drop off the edge the move pushed towards,
        Osiris lifts its captures off the board."""
        assert isinstance(game, Terrace)
        effect = game.last_effect()
        if effect is None or not game.move_stack:
            return []
        move = game.move_stack[-1]
        assert isinstance(move, TerraceMove)
        out = direction_xy(move.direction)
        removed = [Vanish(f, colour, "sink") for f, colour in effect.smashed]
        removed += [Vanish(f, colour, "fall", out) for f, colour in effect.fallen]
        removed += [Vanish(f, colour, "rise") for f, colour in effect.osiris]
        return removed
