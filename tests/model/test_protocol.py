"""The game protocol itself: outcomes with per-player returns, node kinds, the shared set-up
checks and copy idiom, iterative perft, and the solver's handling of draws. A tiny game
written here (a take-away game with a draw) proves that the protocol, not any one of our
games, carries these promises."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from pyramid_lab.model import files
from pyramid_lab.model.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    JointMove,
    Move,
    OptionSpec,
    Outcome,
    PositionFormatError,
    Termination,
    game_class,
    game_names,
    register_game,
)
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.model.search import knowledge_for, solve
from pyramid_lab.model.search.solver import Solver
from pyramid_lab.model.speed import perft, public_moves, search_moves
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.model.terrace import Terrace

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


# ---- a toy game on the protocol -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Take(Move):
    count: int

    def __str__(self) -> str:
        return str(self.count)


class TakeAway(Game):
    """Players take 1 or 2 from a pile; who takes the last one wins. Leaving exactly
    ``draw_at`` on the pile ends the game in a draw."""

    name = "toy-take-away"
    title = "Take-away"
    players = ("left", "right")
    coordinate_count = 1
    endings: ClassVar[Mapping[str, Termination]] = {
        "last": Termination.GOAL,
        "agreed": Termination.REPETITION,
    }

    def __init__(self, pile: int, draw_at: int = -1) -> None:
        self._options = (pile, draw_at)
        self.pile = pile
        self.draw_at = draw_at
        self._turn = 0
        self.move_stack = []

    @classmethod
    def parse_options(cls, raw: Mapping[str, Any]) -> Any:
        return raw

    @classmethod
    def new(cls, options: Any = None) -> TakeAway:
        return cls(*(options or (5,)))

    @classmethod
    def from_setup(cls, options, to_move, pieces, *, study=False):  # pragma: no cover
        raise NotImplementedError

    def pieces(self):
        return [((i,), "left") for i in range(self.pile)]

    def position_key(self):
        return self.pile, self._turn

    def legal_moves(self, player=None):
        if self.is_over():
            return []
        return [Take(n) for n in (1, 2) if n <= self.pile]

    def parse_move(self, text):
        try:
            return Take(int(text))
        except ValueError:
            raise InvalidMoveError(text) from None

    def push(self, move):
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        self.pile -= move.count
        self._turn = 1 - self._turn
        self.move_stack.append(move)

    def pop(self):
        move = self.move_stack.pop()
        self.pile += move.count
        self._turn = 1 - self._turn
        return move

    def outcome(self):
        if self.pile == 0:
            return self._ending("last", 1 - self._turn)
        if self.pile == self.draw_at:
            return self._ending("agreed", None)
        return None


def test_outcome_returns_per_player():
    win = Outcome.win(("red", "blue"), "blue", "corners", Termination.GOAL)
    assert win.returns() == (-1.0, 1.0)
    assert win.winner == "blue"
    assert win.result == "blue"
    draw = Outcome.draw(("white", "black"), "repetition", Termination.REPETITION)
    assert draw.returns() == (0.0, 0.0)
    assert draw.winner is None
    assert draw.result == "draw"
    four = Outcome.scored(("a", "b", "c", "d"), (3, 9, 9, 1))
    assert four.winner is None  # a shared top score names no single winner
    assert Outcome.scored(("a", "b", "c"), (3, 10, 9)).winner == "b"
    assert Outcome.scored(("solo",), (12,)).winner == "solo"
    assert Outcome.scored(("solo",), (-1,)).winner is None


def test_toy_game_on_the_protocol():
    game = TakeAway(4)
    assert game.current_player() == 0
    assert game.to_move == "left"
    assert game.returns() == (0.0, 0.0)
    assert game.why_illegal(Take(3)) == "3 is not a legal move here"
    game.push_text("2")
    game.push_text("2")
    assert game.current_player() == TERMINAL
    assert game.returns() == (-1.0, 1.0)
    assert describe_result(game) == "right wins (last)"
    assert game.why_illegal(Take(1)).startswith("the game is over: right wins")
    with pytest.raises(ValueError, match="no chance node"):
        game.chance_outcomes()
    assert {CHANCE, SIMULTANEOUS, TERMINAL}.isdisjoint(range(4))


def test_game_is_the_rules_in_at_most_30_methods():
    # Every def in the class body of Game counts: public, private, properties,
    # classmethods. The words, set-ups and files, and the search's speed hooks live beside
    # it; Game is one class (a base of the position's half was a split for this count).
    tree = ast.parse(Path(inspect.getfile(Game)).read_text())
    assert [base.__name__ for base in Game.__mro__] == ["Game", "ABC", "object"]
    bodies = [n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game"]
    assert len(bodies) == 1
    methods = [
        n.name
        for body in bodies
        for n in body
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    assert 20 <= len(methods) <= 30, methods
    moved = {"describe_result", "describe_outcome", "perft", "search_moves", "check_setup"}
    assert moved.isdisjoint(methods)


def test_a_game_without_a_companion_or_hooks_gets_plain_words_and_the_generic_search():
    game = TakeAway(3, draw_at=1)
    assert public_moves(game)
    assert search_moves(game) == game.legal_moves()
    game.push_text("2")
    assert describe_result(game) == "draw (agreed)"
    assert game.why_illegal(Take(1)) == "the game is over: draw (agreed)"


def test_joint_move_prints_its_parts_in_player_order():
    assert str(JointMove((Take(1), Take(2)))) == "1 | 2"


def test_registry_takes_one_to_four_players_only():
    class Five(TakeAway):
        name = "toy-five"
        players = ("a", "b", "c", "d", "e")

    with pytest.raises(ValueError, match="1 to 4 players"):
        register_game(Five)
    assert "toy-five" not in game_names()
    with pytest.raises(KeyError, match=r"known games: .*partition"):
        game_class("nope")


# ---- the solver and draws -------------------------------------------------------------


def test_solver_knows_take_away():
    # A pile that is a multiple of 3 loses for the side to move.
    for pile in range(1, 10):
        result = solve(TakeAway(pile), knowledge=knowledge_for(TakeAway))
        assert result.value == ("loss" if pile % 3 == 0 else "win"), pile


def test_solver_never_calls_a_draw_a_win():
    # From 3: taking 1 leaves 2 = a draw; taking 2 leaves 1, which the opponent takes.
    # The old solver scored the draw as a loss for the side to move after it, so it
    # answered "win in 1"; the value is a draw.
    result = solve(TakeAway(3, draw_at=2), knowledge=knowledge_for(TakeAway))
    assert result.value == "draw"
    assert result.best_move == "1"
    # From 4 with a draw at 2: taking 1 leaves 3 (a draw for the opponent: see above),
    # taking 2 draws at once. Neither wins.
    assert solve(TakeAway(4, draw_at=2), knowledge=knowledge_for(TakeAway)).value == "draw"
    # A won position stays won when a draw is on offer too.
    assert solve(TakeAway(5, draw_at=4), knowledge=knowledge_for(TakeAway)).value == "win"


def test_solve_repetition_example_is_no_win():
    game = files.read(EXAMPLES / "terrace" / "repetition.pyr.json").game
    move = game.parse_move("a2-a1")
    game.push(move)
    assert game.outcome().reason == "repetition"
    assert game.outcome().returns() == (0.0, 0.0)
    game.pop()
    # The only move that ends the game within one ply is the drawing a2-a1: no proof.
    result = Solver(game, max_depth=1).solve()
    assert result.value == "unknown"
    assert result.best_move is None


def test_solver_refuses_games_of_other_player_counts():
    class Solo(TakeAway):
        players = ("solo",)

    with pytest.raises(ValueError, match="two-player"):
        Solver(Solo(3))


# ---- shared set-up checks and copy ------------------------------------------------------


@pytest.mark.parametrize(
    ("cls", "options", "pieces", "key", "words"),
    [
        (Partition, PartitionOptions(3), [((0, 0, 0), "green")], "pieces[0]", "'red' or 'blue'"),
        (Pyraos, None, [((0, 0, 0), "white"), ((0, 0, 0), "black")], "pieces[1]", "twice"),
        (Terrace, None, [((9, 0), "white")], "pieces[0]", "not a field"),
        (Terrace, None, [((1, 2, 3), "white")], "pieces[0]", "2 coordinates"),
    ],
)
def test_setup_checks_are_shared(cls, options, pieces, key, words):
    with pytest.raises(PositionFormatError) as info:
        cls.from_setup(options, cls.players[0], pieces)
    assert info.value.key == key
    assert words in info.value.reason


FLAG = OptionSpec("flag", "Flag", True)
COUNT = OptionSpec("count", "Count", 2, minimum=1, maximum=3)
SIDE = OptionSpec("side", "Side", "left", choices=("left", "right"))
LEVEL = OptionSpec("level", "Level", "low", choices=("low", "mid", "high"))


def test_an_option_absent_from_a_file_is_its_default_and_one_given_is_kept():
    assert [spec.read({}) for spec in (FLAG, COUNT, SIDE, LEVEL)] == [True, 2, "left", "low"]
    given = {"flag": False, "count": 3, "side": "right", "level": "high"}
    assert [spec.read(given) for spec in (FLAG, COUNT, SIDE, LEVEL)] == [False, 3, "right", "high"]


@pytest.mark.parametrize(
    ("spec", "value", "words"),
    [
        (FLAG, 1, "must be true or false, not 1"),
        (COUNT, 4, "must be an integer from 1 to 3, not 4"),
        (COUNT, True, "must be an integer from 1 to 3, not True"),
        (COUNT, "2", "must be an integer from 1 to 3, not '2'"),
        (SIDE, "up", "must be left or right, not 'up'"),
        (LEVEL, ["low"], "must be one of low, mid, high, not ['low']"),
    ],
)
def test_an_option_of_the_wrong_kind_is_named_with_what_it_takes(spec, value, words):
    with pytest.raises(PositionFormatError) as info:
        spec.read({spec.name: value})
    assert info.value.key == f"options.{spec.name}"
    assert info.value.reason == words


def test_an_integer_option_without_bounds_is_refused():
    with pytest.raises(ValueError, match="'size': an integer option needs both bounds"):
        OptionSpec("size", "Size", 5, minimum=2).read({})


def test_a_games_options_are_read_by_its_specs():
    assert Pyraos.parse_options({"removal": "1-2"}) == PyraosOptions("standard", "1-2", 3)
    with pytest.raises(PositionFormatError, match="unknown option"):
        Pyraos.parse_options({"removals": "1-2"})
    with pytest.raises(PositionFormatError, match=r"options\.repetition: .* from 3 to 5, not 6"):
        Pyraos.parse_options({"repetition": 6})


@pytest.mark.parametrize("name", game_names())
def test_each_choice_of_a_dialog_option_has_one_word_whose_english_is_its_value(name):
    """The words a person reads for an option's choices (the catalog's, in the window's
    language) line up with the values a file keeps, and in English they are the values
    (the dialog said the values before: English unchanged), but where a value is a data
    file's name (Rolling Pyramids' maps and factions, issue 109 item 6: words, not file
    names), which its own words name, one each and each other."""
    for spec in game_class(name).option_specs:
        assert len(spec.words()) == len(spec.choices), spec.name
        if spec.choice_words and spec.choice_words != spec.choices:
            assert len(set(spec.words())) == len(spec.choices), spec.name
            assert all(w and w not in spec.choices for w in spec.choice_words), spec.name
        else:
            assert spec.words() == spec.choices, spec.name
        assert len(spec.choice_help) in (0, len(spec.choices)), spec.name


@pytest.mark.parametrize("cls", [Partition, Pyraos, Terrace])
def test_to_move_must_be_a_player(cls):
    with pytest.raises(PositionFormatError) as info:
        cls.from_setup(None, "green", [])
    assert info.value.key == "to_move"


def _first_moves(game: Game, n: int) -> list[Move]:
    return game.legal_moves()[:n]


@pytest.mark.parametrize("cls", [Partition, Pyraos, Terrace])
def test_copy_is_independent_of_push_and_pop(cls):
    game = cls.new()
    first, second = _first_moves(game, 2)
    game.push(first)
    twin = game.copy()
    game.pop()
    twin.pop()
    game.push(second)
    assert twin.position_key() == cls.new().position_key()
    assert twin.move_stack == []
    twin.push(first)
    assert game.move_stack == [second]


def test_terrace_copy_does_not_share_undo_records():
    # The fuzzer's sequence: push a7-a6, copy, pop both, push g7-g6 on the original.
    game = Terrace.new()
    game.push_text("a7-a6")
    twin = game.copy()
    game.pop()
    twin.pop()
    game.push_text("g7-g6")
    assert twin.colour_at(5, 6) is None  # g6 stays empty in the copy
    assert twin.position_key() == Terrace.new().position_key()


class Countdown(TakeAway):
    """Only one move a turn: a line as long as the pile."""

    def legal_moves(self, player=None):
        return [] if self.is_over() else [Take(1)]


def test_perft_is_iterative():
    # 3000 plies deep, far past Python's recursion limit.
    assert perft(Countdown(3000), 3000) == 1
    assert perft(Countdown(3000), 2999) == 1
    assert perft(Countdown(10), 11) == 0  # the game ends after 10 plies
    # Take-away from 6: every sequence of three 1s and 2s, 2+2+2 ending it on the third.
    assert perft(TakeAway(6), 3) == 8
    assert perft(TakeAway(3), 2) == 3  # 1+1, 1+2 and 2+1


def test_model_is_the_package_and_names_every_game_on_import():
    """Any test file run alone sees every game (tests/model must not shadow the package):
    each is named on import, and imported when first asked for."""
    from pyramid_lab import model

    assert model.__file__ is not None
    assert {"partition", "pyraos", "terrace"} <= set(game_names())
