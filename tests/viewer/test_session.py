"""The Qt-free session (moves, undo / redo, move list, files) and view state."""

from __future__ import annotations

import numpy as np
import pytest

from pyramid_lab.model.files import read
from pyramid_lab.model.game import IllegalMoveError, PositionFormatError
from pyramid_lab.model.lattice import lattice
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.setup import start_copy
from pyramid_lab.viewer.lab.session import Session
from pyramid_lab.viewer.lab.view_state import ViewState


def test_play_undo_redo_and_goto():
    session = Session(Partition(PartitionOptions(3)))
    reasons = []
    session.changed.connect(reasons.append)
    for text in ["0,0,0", "1,0,0", "2,0,0"]:
        session.play(session.game.parse_move(text))
    assert session.undo() is not None
    assert session.game.colour_at((2, 0, 0)) is None
    assert session.can_redo
    session.redo()
    assert session.game.colour_at((2, 0, 0)) == "red"
    session.goto(1)
    assert session.ply == 1
    assert [str(m) for m in session.history()] == ["0,0,0", "1,0,0", "2,0,0"]
    session.goto(3)
    assert session.game.colour_at((2, 0, 0)) == "red"
    session.goto(1)
    session.play(session.game.parse_move("2,2,0"))  # a new line; the old one is kept
    assert [str(m) for m in session.history()] == ["0,0,0", "2,2,0"]
    assert reasons == ["move"] * 3 + ["undo", "redo", "goto", "goto", "goto", "move"]
    old = [n for n in session.lines.alternatives(session.node)]
    assert [str(n.move) for n in old] == ["1,0,0"]
    session.lines.goto_node(old[0].children[0])  # back onto the first line, at its third move
    assert [str(m) for m in session.history()] == ["0,0,0", "1,0,0", "2,0,0"]
    assert session.ply == 3
    session.undo()
    session.undo()
    session.redo()  # redo follows the line last visited
    assert str(session.game.move_stack[-1]) == "1,0,0"


def test_playing_an_existing_move_follows_its_line():
    session = Session(Partition(PartitionOptions(3)))
    for text in ["0,0,0", "1,0,0"]:
        session.play(session.game.parse_move(text))
    session.goto(0)
    messages = []
    session.message.connect(messages.append)
    session.play(session.game.parse_move("0,0,0"))
    assert not messages  # no new line: the same move
    assert len(session.node.parent.children) == 1
    assert session.can_redo


def test_lines_survive_saving_and_reading(tmp_path):
    session = Session(Partition(PartitionOptions(3)))
    for text in ["0,0,0", "1,0,0", "2,0,0"]:
        session.play(session.game.parse_move(text))
    session.goto(1)
    session.play(session.game.parse_move("2,2,0"))
    session.play(session.game.parse_move("1,1,0"))
    session.goto(1)  # the file's position: after one move, two lines from there
    path = session.save(tmp_path / "lines.pyr.json")
    text = path.read_text()
    assert '"variations"' in text
    doc = read(path)
    assert [str(m) for m in doc.game.move_stack] == ["0,0,0"]
    again = Session.from_document(doc, path)
    assert [str(m) for m in again.history()] == ["0,0,0", "2,2,0", "1,1,0"]
    assert [str(n.move) for n in again.lines.alternatives(again.lines.line_nodes()[1])] == ["1,0,0"]
    assert again.node.root().size() == session.node.root().size() == 5
    again.redo()
    assert str(again.game.move_stack[-1]) == "2,2,0"  # redo follows the line last visited


def test_deleting_a_line(tmp_path):
    session = Session(Partition(PartitionOptions(3)))
    for text in ["0,0,0", "1,0,0"]:
        session.play(session.game.parse_move(text))
    session.goto(1)
    session.play(session.game.parse_move("2,2,0"))
    (old,) = session.lines.alternatives(session.node)
    with pytest.raises(ValueError, match="position shown"):
        session.lines.delete_line(session.node)
    assert session.lines.delete_line(old) == 1
    assert session.lines.alternatives(session.node) == []
    assert session.dirty
    session.save(tmp_path / "x.pyr.json")
    assert "variations" not in (tmp_path / "x.pyr.json").read_text()


def test_a_bad_variation_names_its_place(tmp_path):
    session = Session(Partition(PartitionOptions(3)))
    session.play(session.game.parse_move("0,0,0"))
    path = session.save(tmp_path / "v.pyr.json")
    text = path.read_text().replace(
        '"history": ["0,0,0"]', '"history": ["0,0,0"],\n  "variations": [["1,0,0", "1,0,0"]]'
    )
    path.write_text(text)
    with pytest.raises(PositionFormatError, match=r"variations\[0\]\[1\]"):
        read(path)
    path.write_text(text.replace('[["1,0,0", "1,0,0"]]', "[[]]"))
    with pytest.raises(PositionFormatError, match="variations"):
        read(path)


def test_illegal_move_changes_nothing():
    session = Session(Partition(PartitionOptions(3)))
    session.play(session.game.parse_move("0,0,0"))
    before = session.game.position_key()
    with pytest.raises(IllegalMoveError):
        session.play(session.game.parse_move("0,0,0"))
    assert session.game.position_key() == before
    assert session.ply == 1


def test_view_state_visibility():
    lat = lattice(5)
    view = ViewState()
    assert view.visible(lat).all()
    view.set_levels(1, 2)
    assert set(lat.levels[view.visible(lat)]) == {1, 2}
    view.reset()
    view.set_peel(1)
    shown = view.visible(lat)
    assert shown.sum() == 5  # the inner points of base 5: (1,1,1) (2,1,1) (1,2,1) (2,2,1) (1,1,2)
    assert shown[lat.id_of(1, 1, 1)]
    view.reset()
    view.set_clip(0, enabled=True, value=1.0)
    assert np.all(lat.centres[view.visible(lat), 0] <= 1.0 + 1e-9)
    view.set_clip(0, keep_below=False)
    assert np.all(lat.centres[view.visible(lat), 0] >= 1.0 - 1e-9)
    assert view.describe() == "x>=1"


def test_free_plane_hides_the_far_side():
    lat = lattice(4)
    view = ViewState()
    centre = lat.centres.mean(axis=0)
    view.set_free_plane((1.0, 1.0, 0.0), tuple(centre))
    shown = view.visible(lat)
    assert 0 < shown.sum() < lat.count
    assert np.all((lat.centres[shown] - centre) @ np.array([1.0, 1.0, 0.0]) <= 1e-6)
    view.reset()
    assert view.free_plane is None
    assert view.visible(lat).all()


def test_cut_open_marks_the_balls_a_plane_passes_through():
    lat = lattice(5)
    view = ViewState()
    view.set_clip(1, enabled=True, value=1.9)
    assert not view.cut(lat, 0.48).any()  # off by default
    view.set_cut_open(True)
    cut = view.cut(lat, 0.48)
    assert cut.any()
    assert np.all(np.abs(lat.centres[cut, 1] - 1.9) < 0.48)
    view.set_clip(1, enabled=False)
    assert not view.cut(lat, 0.48).any()


def test_an_undone_set_up_can_be_redone():
    session = Session(Partition(PartitionOptions(3)))
    session.play(session.game.parse_move("0,0,0"))
    setup = Partition(PartitionOptions(3))  # an empty board, as set-up mode may give
    session.apply_setup(setup)
    session.undo()  # back to the game the set-up replaced
    assert session.game.colour_at((0, 0, 0)) == "red"
    assert session.can_redo
    session.redo()
    assert session.game is setup
    session.undo()
    session.undo()  # the old game's move
    assert session.game.colour_at((0, 0, 0)) is None
    session.redo()
    session.redo()  # redo all the way: the set-up again
    assert session.game is setup
    session.undo()
    assert session.undo() is not None
    session.play(session.game.parse_move("2,2,0"))  # a new move: the set-up redo is gone
    session.undo()
    session.redo()
    assert session.game.colour_at((2, 2, 0)) == "red"
    assert not session.can_redo


def _replayed(session):
    """The current line with its movers, by a replay from the start (what line() means)."""
    game = start_copy(session.game)
    out = []
    for move in session.history():
        player = game.current_player()
        out.append((game.players[player] if player >= 0 else "", move))
        game.push(move)
    return out


def test_the_line_with_its_movers_replays_nothing_after_a_move(monkeypatch):
    """A long game's Moves dock asks for the line on every move: the movers are noted as
    moves are played, and a file's line, another line followed and redo's moves match a
    replay from the start."""
    from pyramid_lab.model.rolling import RollingPyramids

    game = RollingPyramids.new(RollingPyramids.parse_options({"players": 2}))
    session = Session(game)
    session.lines.dice.seed(3)
    for _ in range(40):
        session.play(sorted(session.game.legal_moves(), key=repr)[0])
    assert session.lines.line() == _replayed(session)
    session.goto(10)  # redo's moves are in the line too
    assert session.lines.line() == _replayed(session)
    session.play(sorted(session.game.legal_moves(), key=repr)[-1])  # another line
    assert session.lines.line() == _replayed(session)

    def no_replay(_game):
        raise AssertionError("the line was replayed from the start")

    monkeypatch.setattr("pyramid_lab.viewer.lab.session.start_copy", no_replay)
    for _ in range(5):
        session.play(sorted(session.game.legal_moves(), key=repr)[0])
        line = session.lines.line()
    monkeypatch.undo()
    assert line == _replayed(session)
    movers = {mover for mover, _ in line}
    assert "" in movers  # the dice
    assert movers - {""} == set(session.game.players)


def test_a_files_line_gets_its_movers_by_one_replay(tmp_path):
    session = Session(Partition(PartitionOptions(3)))
    for text in ["0,0,0", "1,0,0", "2,0,0"]:
        session.play(session.game.parse_move(text))
    path = tmp_path / "line.pyr.json"
    session.save(path)
    again = Session.from_document(read(path), path)
    again.goto(1)
    assert (
        again.lines.line()
        == _replayed(again)
        == [
            ("red", again.game.parse_move("0,0,0")),
            ("blue", again.game.parse_move("1,0,0")),
            ("red", again.game.parse_move("2,0,0")),
        ]
    )
