"""The ball pyramid drawn for the classroom's page (no plotter): the balls, markers and rims
as spheres (centres, radii, colours: the page draws them as impostors), a mark on a ball a
rim round it, centred on it, never a sphere lifted above it; an empty point's mark a
marker on the point; the corners' cones and names where the window's stand."""

from __future__ import annotations

import numpy as np

from pyramid_lab.model.lattice import CORNERS, PyramidLattice
from pyramid_lab.viewer.boards import meshes_only
from pyramid_lab.viewer.boards.ball_meshes import RIM_OUT
from pyramid_lab.viewer.boards.ball_pyramid import BALL_RADIUS, LABEL_OUT, RIM_RADIUS
from pyramid_lab.viewer.lab import palette
from pyramid_lab.viewer.lab.frame import Frame, Label, Marker, Pointer
from pyramid_lab.viewer.lab.view_state import ViewState


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
    spheres = drawn.layer_spheres()
    rim = spheres["rims"]  # a sphere round the ball, on it (not above it), a little wider
    assert len(rim) == 1
    assert np.allclose(rim.centres[0], lattice.centres[top], atol=1e-6)
    assert BALL_RADIUS < rim.radii[0] <= RIM_RADIUS["lesson"] + RIM_OUT + 1e-6
    # the empty point's mark: a marker on the point itself, in the lesson's colour
    markers = spheres["markers"]
    assert np.allclose(markers.centres, [lattice.centres[empty]], atol=1e-6)
    assert tuple(markers.rgb[0]) == palette.MARKER_RGB["lesson"]
    # the balls: each piece a sphere of the ball's radius at its point, none of them a mesh
    balls = spheres["balls"]
    assert len(balls) == len(pieces)
    assert np.allclose(balls.radii, BALL_RADIUS)
    assert not {"balls", "markers", "rims"} & set(meshes)
    # the corners: a cone each and their names beyond them, as in the window
    assert meshes["pointers"].n_points > 0
    names = dict(drawn.label_spots)
    assert set(names) == {"SW", "SE", "NW", "NE", "AP"}
    sw = lattice.centres[lattice.corner_ids[CORNERS[0]]]
    assert np.linalg.norm(np.array(names["SW"]) - sw) > LABEL_OUT - 1e-6
    assert set(drawn.still_meshes()) == {"board", "edges"}
    # the highlighted ball is picked by a ray from above it
    assert drawn.pick_ray(lattice.centres[top] + [0, 0, 5], np.array([0.0, 0, -1])) == top
