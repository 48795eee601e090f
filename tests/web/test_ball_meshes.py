"""The ball pyramid drawn into plain meshes for the classroom's page (no plotter): a mark
on a ball is a rim round it, centred on it, never a sphere lifted above it; an empty
point's mark is a marker on the point; the corners' cones and names stand where the
window's stand."""

from __future__ import annotations

import numpy as np

from model.lattice import CORNERS, PyramidLattice
from viewer.boards import meshes_only
from viewer.boards.ball_meshes import RIM_OUT
from viewer.boards.ball_pyramid import BALL_RADIUS, LABEL_OUT, RIM_RADIUS
from viewer.lab.frame import Frame, Label, Marker, Pointer
from viewer.lab.view_state import ViewState


def test_a_mark_on_a_ball_is_a_rim_round_it():
    lattice = PyramidLattice(3)
    top = lattice.id_of(0, 0, 2)
    empty = lattice.id_of(1, 1, 0)
    pieces = {s: "red" for s in range(lattice.count) if s not in (top, empty)}
    pieces[top] = "blue"
    corners = [int(lattice.corner_ids[c]) for c in CORNERS]
    frame = Frame(
        pieces=pieces,
        highlights={"lesson": (top,)},
        markers=(Marker(empty, "lesson"),),
        pointers=tuple(Pointer(s, "none") for s in corners),
        labels=tuple(Label(s, c.value) for s, c in zip(corners, CORNERS, strict=True)),
    )
    drawn = meshes_only("ball-pyramid", lattice)
    drawn.show(frame, ViewState())
    meshes = drawn.layer_meshes()
    rim = meshes["rims"]
    centre = np.asarray(rim.points).mean(axis=0)
    assert np.allclose(centre, lattice.centres[top], atol=1e-3)  # on the ball, not above it
    reach = np.linalg.norm(np.asarray(rim.points) - lattice.centres[top], axis=1).max()
    assert BALL_RADIUS < reach <= RIM_RADIUS["lesson"] + RIM_OUT + 1e-3
    # the empty point's mark: a marker on the point itself, in the lesson's colour
    markers = meshes["markers"]
    assert np.allclose(np.asarray(markers.points).mean(axis=0), lattice.centres[empty], atol=1e-3)
    # the corners: a cone each and their names beyond them, as in the window
    assert meshes["pointers"].n_points > 0
    names = dict(drawn.label_spots)
    assert set(names) == {"SW", "SE", "NW", "NE", "AP"}
    sw = lattice.centres[lattice.corner_ids[CORNERS[0]]]
    assert np.linalg.norm(np.array(names["SW"]) - sw) > LABEL_OUT - 1e-6
    assert set(drawn.still_meshes()) == {"board", "edges"}
    # the highlighted ball is picked by a ray from above it
    assert drawn.pick_ray(lattice.centres[top] + [0, 0, 5], np.array([0.0, 0, -1])) == top
