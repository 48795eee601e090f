"""The board on show, the lab's (``viewer.lab.board``), driven with Qt, VTK and pyvista
unimportable (this folder's conftest): in each of the five games a click, a finished move,
Undo and Redo, as a front end forwards them; the modes route a click (set-up paints it);
a click on a ball in front of an empty point offers that point; one typed signal says
when the board is to be drawn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pyramid_lab.model.game import game_class, game_names
from pyramid_lab.viewer.games import ui_class
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.board import WINDOW_WORDS, Board, BoardChange, FrontWords
from pyramid_lab.viewer.lab.events import (
    Following,
    PositionKept,
    PositionTaken,
    UIChanged,
)
from pyramid_lab.viewer.lab.outcome import Behind, Drawn, Erased, Played, Refused
from pyramid_lab.viewer.lab.session import Session


@pytest.fixture
def board_of(port: Any, inbox: Any) -> Iterator[Any]:
    """``board_of(name)``: the board of a lab on a new game ``name`` (its UIs the games'),
    which follows its session; each lab shut down after the test."""
    labs: list[Lab] = []

    def make(name: str, words: FrontWords = WINDOW_WORDS) -> Board:
        session = Session(game_class(name).new())
        lab = Lab(
            session,
            port,
            post=inbox.post,
            bulletin=port.bulletin,
            seed=1,
            uis=ui_class,
            words=words,
        )
        labs.append(lab)
        return lab.board

    yield make
    for lab in labs:
        lab.shutdown()


def ply(board: Board) -> int:
    return len(board.session.game.move_stack)


def undo_and_redo(board: Board, played: int) -> None:
    """Undo takes the move back, Redo plays it again (the board follows each: a new turn,
    the same UI)."""
    after = board.session.game.position_key()
    board.undo()
    assert ply(board) < played
    assert board.session.game.position_key() != after
    board.redo()
    assert ply(board) == played
    assert board.session.game.position_key() == after


@pytest.mark.parametrize("name", ["partition", "pyraos"])
def test_a_click_on_a_site_plays_a_placement(board_of, port, name):
    board = board_of(name)
    game = board.session.game
    move = game.legal_moves()[0]
    (site,) = board.ui.move_sites(game, move)
    outcome = board.click(site)  # the click is the whole move
    assert ply(board) == 1
    assert str(board.session.game.move_stack[-1]) == str(move)
    assert port.statuses[-1].endswith(f"played {move}")
    assert isinstance(outcome, Played)
    assert str(outcome.move) == str(move)
    assert outcome.words == port.statuses[-1]  # the board's answer says what it said
    outcome = board.click(site)  # taken now: refused, said, nothing played
    assert ply(board) == 1
    assert port.statuses[-1] != port.statuses[-2]
    assert outcome == Refused(port.statuses[-1])
    undo_and_redo(board, 1)


def test_terrace_a_click_selects_a_stone_and_a_second_finishes_the_move(board_of):
    board = board_of("terrace")
    game = board.session.game
    move = game.legal_moves()[0]
    (source,) = board.ui.move_from(game, move)
    (target,) = board.ui.move_sites(game, move)
    assert isinstance(board.click(source), Drawn)  # a step of the turn, drawn
    assert ply(board) == 0
    assert "selected" in board.prompt()
    board.cancel()  # Cancel turn: the selection goes
    assert "selected" not in board.prompt()
    board.click(source)
    assert isinstance(board.click(target), Played)
    assert ply(board) == 1
    assert str(board.session.game.move_stack[-1]) == str(move)
    undo_and_redo(board, 1)


def test_ball_programs_wait_for_finish_and_a_move_handed_in_is_played(board_of, port):
    """Pyramid Ball's programs are written beside the board (the window's Program docks,
    a page's form): a click says so, Finish waits for both programs, and a joint move
    handed in (as a page's form gives it) is played through the board's modes."""
    board = board_of("ball")
    game = board.session.game
    site = next(iter(board.frame().pieces))
    board.click(site)
    assert ply(board) == 0
    assert "the Program docks on the right" in port.statuses[-1]  # the window's words
    page = board_of("ball", FrontWords(controls="the moves listed beside the board"))
    page.click(site)  # a page's board, made with its words
    assert port.statuses[-1] == (
        "a click moves nothing: program the pyramids beside the board, then play"
    )
    assert board.finish() == Refused(port.statuses[-1])  # no program in: no move
    assert ply(board) == 0
    assert "waiting for" in port.statuses[-1]
    move = game.legal_moves()[0]
    assert board.play(move) == Played(move, port.statuses[-1])
    assert ply(board) == 1
    undo_and_redo(board, 1)


def test_rolling_a_click_on_a_marked_starting_area_takes_it(board_of, port):
    board = board_of("rolling")
    clickable = board.frame().highlights["clickable"]
    assert "starting area" in board.prompt()
    board.click(clickable[0])
    played = ply(board)
    assert played >= 1
    assert "starting area" in port.statuses[-1]
    undo_and_redo(board, played)


def test_the_board_says_frame_for_each_step_and_once_after_it_was_held(board_of):
    board = board_of("terrace")
    heard: list[BoardChange] = []
    board.changed.connect(heard.append)
    game = board.session.game
    (source,) = board.ui.move_from(game, game.legal_moves()[0])
    board.click(source)  # a step of the turn: drawn again
    assert heard == ["frame"]
    with board.held():
        board.cancel()
        with board.held():
            board.cancel()
        assert heard == ["frame"]  # nothing while held
    assert heard == ["frame", "frame"]  # (the front end draws once the change is in)


def test_set_up_mode_has_the_board_a_click_paints_and_undo_takes_it_back(board_of):
    board = board_of("partition")
    lab_setup = board.modes.mode("set-up")
    assert not lab_setup.active()
    assert board.setup is None
    board.lab.setup_mode.enter(board.ui)
    editor = board.setup
    assert editor is not None
    assert board.modes.owner() is lab_setup
    assert isinstance(board.click(0), Drawn)  # paints, plays nothing
    assert ply(board) == 0
    assert 0 in editor.pieces
    assert "set-up mode" in board.prompt()
    board.undo()
    assert 0 not in editor.pieces
    board.redo()
    assert 0 in editor.pieces
    assert set(board.frame().pieces) == set(editor.pieces)


def test_a_ball_in_front_of_an_empty_point_offers_it_and_a_second_click_plays_it(board_of, port):
    board = board_of("partition")
    game = board.session.game
    first, behind = (board.ui.move_sites(game, m)[0] for m in game.legal_moves()[:2])
    board.click(first)
    assert ply(board) == 1
    outcome = board.click(first, lambda site: [behind] if site == first else [])
    assert ply(board) == 1  # refused: the point is taken
    name = board.ui.site_name(behind)
    assert f"again to play {name}" in port.statuses[-1]
    assert f"again to play {name}" in board.prompt()
    assert isinstance(outcome, Refused)  # the refusal, with the point behind the ball
    assert outcome.behind is not None
    assert outcome.behind.points == (board.ui.coords_of(behind),)
    assert outcome.words == port.statuses[-1]  # said in the words made of it
    assert outcome.words.startswith(outcome.behind.advice)
    assert outcome.words.endswith(outcome.why.rstrip(". "))
    outcome = board.click(first)  # the second click on the same ball: the point behind it
    assert isinstance(outcome, Played)
    assert ply(board) == 2
    assert board.ui.site_of(tuple(board.session.game.move_stack[-1].point)) == behind


def test_an_outcome_says_words_made_of_it():
    """The board's words on a click come from its answer (viewer.lab.outcome_words), never
    read back from the status line: the same answer, the same words."""
    one = Behind((1, 0, 1), ((1, 0, 0),), "ball", "turn it")
    assert one.advice == "Click 1,0,1 again to play 1,0,0, the point its ball hides, or turn it"
    assert Refused("taken.", one).words == f"{one.advice}. taken"
    assert Refused("", one).words == one.advice
    assert Drawn(behind=one).words == one.advice
    many = Behind((2, 2, 1), ((2, 2, 0), (1, 1, 0), (0, 0, 0), (3, 3, 0)), "sphere", "peel")
    assert many.advice == (
        "To reach 2,2,0, 1,1,0, 0,0,0 ..., hidden behind the sphere at 2,2,1: peel"
    )
    three = Behind((2, 2, 1), ((2, 2, 0), (1, 1, 0), (0, 0, 0)), "ball", "peel")
    assert "2,2,0, 1,1,0 and 0,0,0," in three.advice
    pick = Behind((0, 0, 1), ((0, 0, 0),), "ball", "peel", pick=True)
    assert pick.advice.startswith("Click 0,0,1 again to pick 0,0,0")
    assert Drawn(Erased("red", "0,0,0", "ball")).words.startswith(
        "set-up: erased the red ball at 0,0,0 (Undo brings it back"
    )
    assert Refused().words == ""
    assert Drawn().words == ""


def test_the_lab_publishes_how_it_follows_a_change_as_typed_events(board_of):
    """One subscription (``lab.follows``) hears a whole change, typed, once the lab has
    followed it (the board, its parts, the puzzle desk): a move taken in; a save keeps
    the position; another game's UI said to have come, then the position it took in."""
    board = board_of("partition")
    heard: list[Following] = []
    board.lab.follows.connect(heard.append)
    game = board.session.game
    (site,) = board.ui.move_sites(game, game.legal_moves()[0])
    board.click(site)
    assert heard == [PositionTaken("move")]
    heard.clear()
    board.session.set_puzzle({"title": "a"})
    assert heard == [PositionKept("puzzle")]
    heard.clear()
    ui = board.ui
    board.session.replace_game(game_class("terrace").new())
    assert heard == [UIChanged("new", switched=True), PositionTaken("new")]
    assert board.ui is not ui
    assert board.ui.game_name == "terrace"
    heard.clear()
    board.session.replace_game(game_class("terrace").new())  # the same game's UI stays
    assert heard == [UIChanged("new", switched=False), PositionTaken("new")]


@pytest.mark.parametrize("name", game_names())
def test_a_move_reaches_a_front_end_as_at_most_two_events(board_of, name):
    """After the board has taken a move in, a front end hears at most two typed events
    (what changed of the UI, then the position taken and why), in every game (they were
    five: coming, the UI ready, taken, the parts followed, the puzzle desk)."""
    board = board_of(name)
    heard: list[Following] = []
    board.lab.follows.connect(heard.append)
    move = board.session.game.legal_moves()[0]
    assert isinstance(board.play(move), Played)
    assert len(heard) <= 2
    assert heard[-1] == PositionTaken("move")
    heard.clear()
    board.undo()
    assert heard == [PositionTaken("undo")]


def test_the_board_plays_a_move_and_text_is_read_where_it_came_in(board_of):
    """``Board.play`` takes a ``Move`` (was ``Move | str``, a sentence passed as a move):
    text is parsed at the edge that received it; Finish turn's why-not is a refusal."""
    import typing

    from pyramid_lab.model.game import Move

    assert typing.get_type_hints(Board.play)["move"] is Move
    board = board_of("terrace")
    outcome = board.finish()  # nothing built: the turn builder says why not
    assert isinstance(outcome, Refused)
    assert outcome.why
    assert ply(board) == 0


def test_one_refused_type_the_boards_answer_and_the_classrooms_refusal():
    """One ``Refused``, typed (were two: the board's answer, ``viewer.lab.outcome``, and the
    classroom's exception, ``viewer.classroom.checks``): the board returns it, the classroom
    raises it; its words are a Message kept for the page's language."""
    from pyramid_lab.i18n import M_
    from pyramid_lab.model.words import reason_of
    from pyramid_lab.viewer.classroom import checks

    assert checks.Refused is Refused
    said = M_("{point} is not a point of this board", point="9,9,9")
    with pytest.raises(Refused, match="9,9,9 is not a point") as raised:
        raise Refused(said)
    assert reason_of(raised.value) is said  # (the page says it in its own language)
    assert raised.value.words == said
    assert Refused("why") == Refused("why") != Refused("else")
