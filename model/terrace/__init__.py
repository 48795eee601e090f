"""Pyramid (Simon Allmer, 2020): race and capture on a terraced 7x7 stepped pyramid.

Fields ``(r, c)``, row 0 on Black's side; ``level = min(r, c, 6 - r, 6 - c)`` makes each
level a one-field ring. Moves are RUN (straight on, never up, smashing a stone one level
lower), JUMP (one level up onto an empty field) and PUSH (a stone on the pusher's level one
field on; it may drop a level and smash, or fall off a level-0 corner). After each move the
Osiris scan removes every sandwiched stone of both colours at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from pyramid_lab.i18n import M_, N_

from ..game import (
    STUDY_HINT,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    OptionSpec,
    Outcome,
    Piece,
    PositionFormatError,
    Termination,
    quote,
    register_game,
)
from ..setup import check_setup, record_setup
from ..speed import SearchHooks
from ..teaching import describe_result
from ..words import colour
from .board import BLACK as BLACK
from .board import COLOURS as COLOURS
from .board import CORNERS_0 as CORNERS_0
from .board import DIRECTIONS as DIRECTIONS
from .board import EMPTY as EMPTY
from .board import FIELDS as FIELDS
from .board import LEVEL as LEVEL
from .board import MIN_STONES as MIN_STONES
from .board import MOVE_RE, field_id, osiris_marks, stones_text
from .board import OSIRIS_LINES as OSIRIS_LINES
from .board import SIZE as SIZE
from .board import STEP as STEP
from .board import STONES as STONES
from .board import VICTORY_FIELDS as VICTORY_FIELDS
from .board import WHITE as WHITE
from .board import Kind as Kind
from .board import MoveEffect as MoveEffect
from .board import TerraceMove as TerraceMove
from .board import fid as fid
from .board import field_name as field_name
from .board import level_of as level_of
from .board import parse_field as parse_field


@dataclass(frozen=True, slots=True)
class TerraceOptions:
    last_stones_lose: bool = True
    no_push_back: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"last_stones_lose": self.last_stones_lose, "no_push_back": self.no_push_back}


@dataclass
class _Record:
    cells: tuple[int, ...]
    turn: int
    last_push: tuple[int, int] | None
    result: tuple[str, int | None] | None  # (ending, winner)
    moves: list[TerraceMove] | None


@register_game
class Terrace(SearchHooks):
    """Allmer's Pyramid's rules: one object, as python-chess's ``Board`` is (27 methods, kept
    whole on purpose, issue 88). A move is resolved (``_resolve``), applied with its pushes
    (``_apply``, ``last_push``) and ended (``_end_check``) on one state that the move
    generator (``_generate``, ``moves_from``), the preview the window draws and the
    repetition count read; ``pop`` undoes all of it. As collaborators they would share
    that state and the undo. Its words and notation live beside it (``teaching.py``,
    ``text.py``), and so does the board it plays on (``board.py``: the fields, the moves'
    values and the Osiris scan)."""

    name = "terrace"
    title = "Allmer's Pyramid"
    players = COLOURS
    coordinate_count = 2
    options_type = TerraceOptions
    endings: ClassVar[Mapping[str, Termination]] = {
        "victory_fields": Termination.GOAL,  # one colour on all four victory fields
        "stones": Termination.GOAL,  # fewer than four stones (a draw when both are short)
        "repetition": Termination.REPETITION,  # the same position a third time: a draw
        "no_moves": Termination.NO_MOVES,  # the side to move cannot move and loses
    }
    option_specs = (
        OptionSpec(
            "last_stones_lose",
            N_("Fewer than four stones loses"),
            True,
            help=N_("a side left with fewer than four stones loses (both short: a draw)"),
        ),
        OptionSpec(
            "no_push_back",
            N_("No pushing straight back"),
            False,
            help=N_("a stone just pushed may not push its pusher straight back"),
        ),
    )
    _copied = ("_cells", "_seen", "_undo", "move_stack", "_effects")

    def __init__(self, options: TerraceOptions | None = None) -> None:
        self._options = options or TerraceOptions()
        self._cells = [EMPTY] * FIELDS
        self._turn = WHITE
        # (pushed stone's new field, pusher's field) of the last move, if it was a push
        self._last_push: tuple[int, int] | None = None
        self._result: tuple[str, int | None] | None  # (ending, winner) = None
        self._moves: list[TerraceMove] | None = None
        self._seen: Counter[tuple[tuple[int, ...], int]] = Counter()
        self._undo: list[_Record] = []
        self.move_stack = []
        self._effects: list[MoveEffect] = []

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, options: TerraceOptions | None = None) -> Self:
        pieces = [((0, c), "black") for c in range(SIZE)] + [((6, c), "white") for c in range(SIZE)]
        game = cls.from_setup(options, "white", pieces)
        record_setup(game, from_setup=False)
        return game

    @classmethod
    def from_setup(
        cls,
        options: TerraceOptions | None,
        to_move: str,
        pieces: Sequence[Piece],
        *,
        study: bool = False,
    ) -> Self:
        game = cls(options)
        cells = game._cells
        for f, player in check_setup(cls, to_move, pieces, field_id).items():
            cells[f] = player
        for player in (WHITE, BLACK):
            count = cells.count(player)
            if count > STONES:
                raise PositionFormatError(
                    "pieces",
                    M_(
                        "{colour} has {count} stones; each player starts with 7",
                        colour=colour(COLOURS[player]),
                        count=count,
                    ),
                )
        sandwiched = osiris_marks(cells)
        if sandwiched and not study:
            raise PositionFormatError(
                "pieces",
                M_(
                    "Osiris: {stones} would already have been removed ({hint} to keep them)",
                    stones=stones_text(tuple((f, COLOURS[cells[f]]) for f in sandwiched), "on"),
                    hint=STUDY_HINT,
                ),
            )
        game._turn = COLOURS.index(to_move)
        game._seen[game.position_key()] += 1
        game._result = game._end_check()
        record_setup(game, from_setup=True, study=study)
        return game

    # ---- state -------------------------------------------------------------------------

    def colour_at(self, r: int, c: int) -> str | None:
        cell = self._cells[fid(r, c)]
        return None if cell == EMPTY else COLOURS[cell]

    def stone_count(self, colour: str) -> int:
        return self._cells.count(COLOURS.index(colour))

    def pieces(self) -> list[Piece]:
        return [
            ((f // SIZE, f % SIZE), COLOURS[c]) for f, c in enumerate(self._cells) if c != EMPTY
        ]

    def position_key(self) -> tuple[tuple[int, ...], int]:
        return tuple(self._cells), self._turn

    @property
    def last_push(self) -> tuple[int, int] | None:
        """(the pushed stone's field, the pusher's field) when the last move was a push that
        kept the stone on the board: the push the option ``no_push_back`` forbids next."""
        return self._last_push

    def repetitions(self) -> int:
        """How often the current position (board and side to move) has occurred."""
        return self._seen[self.position_key()]

    def repeats_in_history(self) -> bool:
        """Whether some position of the game so far has occurred twice or more (the next
        occurrence of it would draw)."""
        return any(count > 1 for count in self._seen.values())

    def last_effect(self) -> MoveEffect | None:
        """What the last move removed, for the viewer and for teaching."""
        return self._effects[-1] if self._effects else None

    # ---- moves -------------------------------------------------------------------------

    def legal_moves(self, player: int | None = None) -> list[Move]:
        if self._result is not None:
            return []
        return list(self._generate())

    def legal_move_count(self) -> int:
        return 0 if self._result is not None else len(self._generate())

    def moves_from(self, r: int, c: int) -> list[TerraceMove]:
        """The legal moves of the stone on (r, c), for highlighting destinations."""
        f = fid(r, c)
        return [m for m in self.legal_moves() if isinstance(m, TerraceMove) and m.source == f]

    def _generate(self) -> list[TerraceMove]:
        if self._moves is None:
            self._moves = self._generate_for(self._turn)
        return self._moves

    def _generate_for(self, player: int) -> list[TerraceMove]:
        cells = self._cells
        moves: list[TerraceMove] = []
        banned = None
        if self._options.no_push_back and self._last_push is not None:
            banned = self._last_push
        for f in range(FIELDS):
            if cells[f] != player:
                continue
            lv = LEVEL[f]
            for d in range(4):
                nxt = STEP[f][d]
                if nxt < 0:
                    continue
                # RUN: on while the way is empty and never up; a stone one level lower is
                # smashed and ends the run; one on the same level blocks.
                cur, cur_lv = nxt, lv
                while cur >= 0:
                    cl = LEVEL[cur]
                    if cl > cur_lv:
                        break
                    if cells[cur] != EMPTY:
                        if cl < cur_lv:
                            moves.append(TerraceMove(Kind.SMASH, f, cur))
                        break
                    moves.append(TerraceMove(Kind.RUN, f, cur))
                    cur_lv = cl
                    cur = STEP[cur][d]
                # JUMP onto an empty field one level up.
                if LEVEL[nxt] == lv + 1 and cells[nxt] == EMPTY:
                    moves.append(TerraceMove(Kind.JUMP, f, nxt))
                # PUSH a stone on the pusher's level one field on.
                if cells[nxt] != EMPTY and LEVEL[nxt] == lv:
                    if banned == (f, nxt):
                        continue
                    t = STEP[nxt][d]
                    if t < 0:
                        ok = nxt in CORNERS_0
                    elif LEVEL[t] == lv:
                        ok = cells[t] == EMPTY
                    else:
                        ok = LEVEL[t] == lv - 1
                    if ok:
                        moves.append(TerraceMove(Kind.PUSH, f, nxt))
        return moves

    def parse_move(self, text: str) -> TerraceMove:
        match = MOVE_RE.fullmatch(text)
        if match is None:
            raise InvalidMoveError(
                M_(
                    "{text} is not a move; write from and to fields: a7-a5 (run), a1xb1 (run "
                    "that smashes), b7^b6 (jump), b7>a7 (push)",
                    text=quote(text),
                )
            )
        source, target = parse_field(match.group(1)), parse_field(match.group(3))
        symbol = match.group(2).lower()
        kind = next(k for k in Kind if k.value == symbol)
        return TerraceMove(kind, source, target)

    def _resolve(self, move: TerraceMove) -> TerraceMove | None:
        """The legal move with the same fields (``-`` stands for any kind), or None."""
        for legal in self._generate():
            if (
                legal.source == move.source
                and legal.target == move.target
                and (legal.kind == move.kind or move.kind == Kind.RUN)
            ):
                return legal
        return None

    def why_illegal(self, move: Move) -> str | None:
        if not isinstance(move, TerraceMove):
            return M_("{move} is not a move of this game", move=quote(move))
        if self._result is not None:
            return M_("the game is over ({result})", result=describe_result(self))
        if self._resolve(move) is not None:
            return None
        cells, s, t = self._cells, move.source, move.target
        if cells[s] == EMPTY:
            return M_("there is no stone on {field}", field=field_name(s))
        if cells[s] != self._turn:
            return M_(
                "the stone on {field} is {owner}'s; {colour} is to move",
                field=field_name(s),
                owner=colour(COLOURS[cells[s]]),
                colour=colour(self.to_move),
            )
        options = [m for m in self._generate() if m.source == s and m.target == t]
        if options:
            return M_("that is written {move}", move=str(options[0]))
        if s // SIZE != t // SIZE and s % SIZE != t % SIZE:
            return M_("stones move in straight lines only (no diagonals)")
        reachable = ", ".join(str(m) for m in self._generate() if m.source == s)
        if reachable:
            return M_(
                "the stone on {field} cannot reach {target}; it can play {moves}",
                field=field_name(s),
                target=field_name(t),
                moves=reachable,
            )
        return M_(
            "the stone on {field} cannot reach {target}; it has no move",
            field=field_name(s),
            target=field_name(t),
        )

    def push(self, move: Move) -> None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        assert isinstance(move, TerraceMove)
        resolved = self._resolve(move)
        assert resolved is not None  # a legal move resolves
        self._apply(resolved)

    def push_search(self, move: TerraceMove) -> None:
        self._apply(move)

    def _apply(self, move: TerraceMove) -> None:
        cells = self._cells
        player = self._turn
        self._undo.append(_Record(tuple(cells), player, self._last_push, self._result, self._moves))
        s, t = move.source, move.target
        smashed: list[tuple[int, str]] = []
        fallen: list[tuple[int, str]] = []
        pushed = None
        self._last_push = None
        if move.kind is Kind.PUSH:
            d = move.direction
            dest = STEP[t][d]
            victim = cells[t]
            if dest < 0:
                fallen.append((t, COLOURS[victim]))
                pushed = (t, -1)
            else:
                if cells[dest] != EMPTY:
                    smashed.append((dest, COLOURS[cells[dest]]))
                cells[dest] = victim
                pushed = (t, dest)
                self._last_push = (dest, t)
            cells[t] = player
            cells[s] = EMPTY
        else:
            if cells[t] != EMPTY:
                smashed.append((t, COLOURS[cells[t]]))
            cells[t] = player
            cells[s] = EMPTY
        removed = osiris_marks(cells)
        osiris = tuple((f, COLOURS[cells[f]]) for f in removed)
        for f in removed:
            cells[f] = EMPTY
        effect = MoveEffect(tuple(smashed), tuple(fallen), osiris, pushed)
        self._effects.append(effect)
        self.move_stack.append(move)
        self._turn = 1 - player
        self._moves = None
        self._seen[self.position_key()] += 1
        self._result = self._end_check()

    def preview(self, move: Move) -> MoveEffect:
        """What ``move`` would remove, without playing it (IllegalMoveError if illegal)."""
        self.push(move)
        try:
            return self._effects[-1]
        finally:
            self.pop()

    def pop(self) -> Move:
        if not self._undo:
            raise IndexError("no move to take back")
        key = self.position_key()
        if self._seen[key] > 1:
            self._seen[key] -= 1
        else:
            del self._seen[key]  # keeps the table small through long searches
        record = self._undo.pop()
        self._cells = list(record.cells)  # the record may be shared with a copy()
        self._turn = record.turn
        self._last_push = record.last_push
        self._result = record.result
        self._moves = record.moves
        self._effects.pop()
        return self.move_stack.pop()

    # ---- end ---------------------------------------------------------------------------

    def _end_check(self) -> tuple[str, int | None] | None:
        cells = self._cells
        for player in (WHITE, BLACK):
            if all(cells[v] == player for v in VICTORY_FIELDS):
                return "victory_fields", player
        short = [p for p in (WHITE, BLACK) if cells.count(p) < MIN_STONES]
        if len(short) == 2:
            return "stones", None
        if len(short) == 1 and self._options.last_stones_lose:
            return "stones", 1 - short[0]
        if self._seen[self.position_key()] >= 3:
            return "repetition", None
        if not self._generate():
            return "no_moves", 1 - self._turn
        return None

    def outcome(self) -> Outcome | None:
        if self._result is None:
            return None
        return self._ending(*self._result)

    def _state(self) -> tuple[Any, ...]:
        return (
            tuple(self._cells),
            self._turn,
            self._last_push,
            self._result,
            tuple(sorted((k, v) for k, v in self._seen.items() if v)),
            len(self.move_stack),
        )
