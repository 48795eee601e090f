"""The keyboard's point on a board (viewer.desktop.board_focus, Qt-free): the steps along a
lattice, a grid and a hex map, and what hides a point, in words."""

from __future__ import annotations

from pyramid_lab.model.lattice import lattice
from pyramid_lab.viewer.desktop.board_focus import BoardFocus, covering, hidden_by, stepped
from pyramid_lab.viewer.lab.view_state import ViewState


def test_a_lattice_s_steps_stay_on_their_level_and_climb_by_page_keys():
    lat = lattice(3)
    start = stepped(lat, None, "home")
    assert start == lat.id_of(0, 0, 0)
    assert stepped(lat, None, "end") == lat.id_of(0, 0, 2)  # the top, with no point yet
    assert stepped(lat, start, "right") == lat.id_of(1, 0, 0)
    assert stepped(lat, start, "up") == lat.id_of(0, 1, 0)
    assert stepped(lat, start, "left") == start  # the edge: it stays
    assert stepped(lat, lat.id_of(2, 2, 0), "level_up") == lat.id_of(1, 1, 1)
    assert stepped(lat, lat.id_of(1, 1, 1), "level_down") in {
        lat.id_of(1, 1, 0),
        lat.id_of(2, 1, 0),
        lat.id_of(1, 2, 0),
        lat.id_of(2, 2, 0),
    }
    assert stepped(lat, lat.id_of(0, 0, 2), "level_up") == lat.id_of(0, 0, 2)


def test_a_grid_and_a_hex_map_are_walked_cell_by_cell():
    from pyramid_lab.viewer.boards.geometries import GridBoard, HexCell, HexMap

    grid = GridBoard(7, 8)
    here = stepped(grid, None, "home")
    assert tuple(grid.centres[here][:2]) == (0, 0)
    assert tuple(grid.centres[stepped(grid, here, "right")][:2]) == (1, 0)
    cells = [HexCell(q, r, f"{q},{r}") for q in range(3) for r in range(3)]
    hexes = HexMap(cells)
    first = stepped(hexes, None, "home")
    assert hexes.layer_of(first) == 0
    right = stepped(hexes, first, "right")
    assert hexes.layer_of(right) == 0
    assert hexes.cell_of(right) != hexes.cell_of(first)


def test_what_hides_a_point_is_said():
    lat = lattice(3)
    view = ViewState()
    low = lat.id_of(1, 1, 0)
    over = {lat.id_of(0, 0, 1), lat.id_of(1, 1, 1)}
    assert sorted(covering(lat, low, over)) == sorted(over)
    view.set_levels(1, 2)
    view.set_peel(1)
    said = hidden_by(lat, view, low, over)
    assert [str(s) for s in said] == [
        "the levels shown (1 to 2)",
        "the peel",  # (on the base: one step from its wall)
        "2 pieces over it",
    ]
    focus = BoardFocus(lambda: lat, view, lambda s: f"point {s}", lambda: over, lambda _t: None)
    assert focus.words() == ""
    focus.move("home")
    assert view.hover == lat.id_of(0, 0, 0)
    assert focus.words().startswith("Keyboard point: point 0; hidden by the levels shown")
