"""The export's choices through the lab alone (viewer.lab.export_plan, the Export dialog's
state): the file proposed beside the game's file (never into the shipped examples), its name
following the format, what applies to each format, the motion an export's file says, and
what the export takes of the session."""

from __future__ import annotations

from pathlib import Path

from pyramid_lab.model.game import game_class
from pyramid_lab.viewer.lab.export_plan import ExportPlan, proposed_folder
from pyramid_lab.viewer.lab.session import Session

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "model" / "data" / "puzzles" / "partition" / "floating-3-win-in-2-a.pyr.json"


def test_a_new_game_is_proposed_in_the_working_folder_and_the_name_follows_the_format():
    session = Session(game_class("partition").new())
    plan = ExportPlan(motion="replay")
    plan.follow(session)
    assert plan.path == str(Path.cwd() / "position.png")
    assert not plan.has_moves
    assert plan.motion == "turntable"  # a replay needs moves
    plan.set_format(".gif")
    assert plan.path == str(Path.cwd() / "position.gif")
    assert plan.animated
    assert plan.frames_apply
    assert not plan.hold_applies
    plan.set_format(".pdf")
    assert not plan.size_applies  # floor plans are drawn for A4
    assert not plan.animated


def test_a_file_is_proposed_beside_it_and_a_shipped_one_in_the_home_folder(tmp_path):
    assert proposed_folder(tmp_path / "mine.pyr.json") == tmp_path.resolve()
    assert proposed_folder(SHIPPED) == Path.home()


def test_the_target_takes_the_formats_extension_and_says_its_motion():
    plan = ExportPlan(extension=".mp4", motion="replay", path="/tmp/out")
    assert plan.target() == Path("/tmp/out.mp4")
    assert plan.target("/tmp/other.gif") == Path("/tmp/other.gif")
    assert plan.motion_for() == "replay"
    assert plan.motion_for(Path("/tmp/still.png")) is None  # the file says a picture
    assert ExportPlan(extension=".png").motion_for(Path("/tmp/a.gif")) == "turntable"


def test_the_export_takes_the_puzzles_title_else_the_files_name():
    session = Session(game_class("partition").new())
    plan = ExportPlan()
    assert plan.includes(session) == {"title": "position", "overlays": {}}
    session.puzzle["title"] = "Corner trap"
    assert plan.includes(session)["title"] == "Corner trap"
