"""Set-up mode through the lab alone (viewer.lab.setup_mode, the Set-up dock's state): it
begins on the position shown (refused while the board's UI paints it), Apply goes through
the rules' validation as one undoable change (refused, said, and the mode stays), nothing
changed leaves it as Cancel does, and the pending-changes check a new document asks."""

from __future__ import annotations

from typing import Any

from pyramid_lab.model.game import Game, game_class
from pyramid_lab.model.lattice import lattice
from pyramid_lab.viewer.lab.game_ui import GameUI
from pyramid_lab.viewer.lab.session import Session
from pyramid_lab.viewer.lab.setup_mode import SetupMode


class PointsUI(GameUI[Any]):
    """A game UI without a board: a site is a point's index in the pyramid's lattice."""

    def __init__(self, game: Game, busy: str = "") -> None:
        super().__init__()
        self.points = [tuple(int(c) for c in p) for p in lattice(game.options.size).coords]
        self.told = 0  # setup_changed calls
        self._busy = busy

    def site_of(self, coords: tuple[int, ...]) -> int:
        return self.points.index(tuple(coords))

    def coords_of(self, site: int) -> tuple[int, ...]:
        return self.points[site]

    def busy(self) -> str:
        return self._busy

    def setup_changed(self) -> None:
        self.told += 1


class Engine:
    """The engine as set-up mode asks it: interrupted as it begins, asked to go on after."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def interrupt(self) -> None:
        self.calls.append("interrupt")

    def consider(self) -> None:
        self.calls.append("consider")


def setup_mode() -> tuple[SetupMode, Engine, list[str], list[bool]]:
    said: list[str] = []
    engine = Engine()
    mode = SetupMode(Session(game_class("partition").new()), engine, said.append)  # type: ignore[arg-type]  # the engine's two verbs it uses
    switched: list[bool] = []
    mode.switched.connect(switched.append)
    return mode, engine, said, switched


def test_entering_and_leaving_unchanged_is_no_new_position() -> None:
    mode, engine, said, switched = setup_mode()
    session = mode.session
    before = session.game
    entered: list[bool] = []
    mode.entering.connect(lambda: entered.append(mode.editor is None))
    ui = PointsUI(before)
    assert mode.enter(ui)
    assert entered == [True]  # said before the editor comes: Solve mode ends first
    assert mode.editor is not None
    assert switched == [True]
    assert engine.calls == ["interrupt"]
    assert ui.told == 1
    assert not mode.pending()
    assert mode.apply()  # nothing changed: left, as Cancel leaves it
    assert mode.editor is None
    assert switched == [True, False]
    assert session.game is before
    assert not session.dirty
    assert said[-1] == "set-up left: nothing was changed"
    assert engine.calls == ["interrupt", "consider"]
    assert ui.told == 2


def test_a_busy_board_refuses_set_up_mode() -> None:
    mode, engine, said, switched = setup_mode()
    ui = PointsUI(mode.session.game, busy="wait: the board is being filled")
    assert not mode.enter(ui)
    assert mode.editor is None
    assert switched == [False]
    assert said == ["wait: the board is being filled"]
    assert engine.calls == []


def test_a_painted_position_is_applied_as_one_undoable_change() -> None:
    mode, _engine, said, _switched = setup_mode()
    session = mode.session
    before = session.game
    mode.enter(PointsUI(before))
    editor = mode.editor
    assert editor is not None
    editor.click(0)  # a red ball on the base's first point ...
    editor.to_move = "blue"  # ... and blue to move: a position play reaches
    assert mode.pending()
    assert mode.check() == ""
    assert mode.apply()
    assert mode.editor is None
    assert not mode.pending()
    assert len(session.game.pieces()) == 1
    assert said[-1].startswith("set-up applied")
    session.undo()
    assert session.game.pieces() == before.pieces()


def test_an_illegal_set_up_is_refused_said_and_the_mode_stays() -> None:
    mode, _engine, said, switched = setup_mode()
    game = mode.session.game
    ui = PointsUI(game)
    mode.enter(ui)
    editor = mode.editor
    assert editor is not None
    apex = max(range(len(ui.points)), key=lambda site: ui.points[site][2])
    editor.click(apex)  # a ball in the air: nothing under it
    problem = mode.check()
    assert problem
    assert not mode.apply()
    assert mode.editor is editor
    assert mode.problem == problem
    assert switched == [True, True]
    assert said[-1] == f"Set-up: {problem}"
    assert mode.session.game is game
    mode.clear()  # every piece erased (undoable): nothing changed from the empty board
    assert not editor.pieces
    assert mode.pending()
    mode.leave()
    assert mode.editor is None
    assert mode.problem == ""
    assert not mode.pending()
    assert mode.session.game is game
