"""`pyramid-lab export` and File > Export...: a picture at a size; turntable and replay
animations (GIF, MP4) with the frames they should have; an interactive 3D web page that
opens offline in a real headless browser (chromium) and shows the scene; a floor-plan sheet
(PDF) with a diagram per level over as many pages as needed; bad input refused with exit 2."""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess
import zlib

import numpy as np
import pytest
from PIL import Image

from pyramid_lab.viewer.cli import main
from tests.chromium import chromium as chromium_to_run
from tests.patience import WAIT_S

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FULL = EXAMPLES / "partition/full-random-base5.pyr.json"  # 55 balls, no history
MOVES = EXAMPLES / "partition/stacking-support.pyr.json"  # 5 moves: 6 positions
SMALL = ["--size", "160x120"]


def export(capsys, *argv):
    """Run ``pyramid-lab export``: (exit status, stdout, stderr)."""
    try:
        code = main(["export", *map(str, argv)])
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def reddish(image: np.ndarray) -> float:
    """Share of pixels of a red piece's hue (shading, lighting and the background vary;
    the hue stays)."""
    rgb = image[..., :3].astype(int)
    return float((rgb[..., 0] - np.maximum(rgb[..., 1], rgb[..., 2]) > 60).mean())


def bluish(image: np.ndarray) -> float:
    rgb = image[..., :3].astype(int)
    return float((rgb[..., 2] - np.maximum(rgb[..., 0], rgb[..., 1]) > 60).mean())


# ---- pictures and animations -------------------------------------------------------------


def test_png_at_the_size_asked(capsys, tmp_path):
    out = tmp_path / "p.png"
    code, printed, err = export(capsys, FULL, "-o", out, "--size", "200x150", "--view", "top")
    assert code == 0, err
    assert printed.strip() == str(out)
    image = np.asarray(Image.open(out).convert("RGB"))
    assert image.shape == (150, 200, 3)
    assert reddish(image) > 0.01
    assert bluish(image) > 0.01


def mp4_frames(path: pathlib.Path, size: tuple[int, int]) -> np.ndarray:
    """The video's frames, decoded by the ffmpeg that imageio-ffmpeg ships (its own
    reader leaves the pipes of its ffmpeg process open)."""
    import imageio_ffmpeg

    raw = subprocess.run(
        [
            imageio_ffmpeg.get_ffmpeg_exe(),
            "-v",
            "error",
            "-i",
            str(path),
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgb24",
            "-",
        ],
        capture_output=True,
        check=True,
        timeout=WAIT_S,
    ).stdout
    width, height = size
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3)


def test_turntable_gif_and_mp4_have_the_frames_asked(capsys, tmp_path):
    import imageio.v3 as iio

    gif, mp4 = tmp_path / "t.gif", tmp_path / "t.mp4"
    code, _, err = export(capsys, FULL, "-o", gif, "--turntable", "--frames", "6", *SMALL)
    assert code == 0, err
    frames = iio.imread(gif, index=None)
    assert frames.shape[:3] == (6, 120, 160)
    # The camera turns: every frame differs from the one before.
    assert all((frames[i] != frames[i - 1]).any() for i in range(1, 6))
    assert iio.immeta(gif)["loop"] == 0  # loops for ever

    code, _, err = export(capsys, FULL, "-o", mp4, "--turntable", "--frames", "6", *SMALL)
    assert code == 0, err
    video = mp4_frames(mp4, (160, 120))
    assert len(video) == 6
    assert reddish(video[0]) > 0.01


def test_a_turntable_of_one_frame_is_a_one_frame_gif(capsys, tmp_path):
    """--frames 1 (the least the dialog and the command line take) was a TypeError out of
    Pillow, which writes a lone frame with one duration, not a list (found by the monkey)."""
    import imageio.v3 as iio

    gif = tmp_path / "t.gif"
    code, _, err = export(capsys, FULL, "-o", gif, "--turntable", "--frames", "1", *SMALL)
    assert code == 0, err
    assert iio.imread(gif, index=None).shape[:3] == (1, 120, 160)
    assert iio.immeta(gif)["duration"] == 80  # 1000 / 12 ms, in the GIF's hundredths


def test_replay_shows_each_position_of_the_history(capsys, tmp_path):
    import imageio.v3 as iio

    positions = len(json.loads(MOVES.read_text())["history"]) + 1
    gif, mp4 = tmp_path / "r.gif", tmp_path / "r.mp4"
    code, _, err = export(capsys, MOVES, "-o", gif, "--replay", "--hold", "3", *SMALL)
    assert code == 0, err
    frames = iio.imread(gif, index=None)
    assert len(frames) == positions  # one GIF frame per position, shown for its hold
    durations = [iio.immeta(gif, index=i)["duration"] for i in range(positions)]
    assert all(d == pytest.approx(3 * 1000 / 12, abs=10) for d in durations)
    red = [reddish(f) for f in frames]
    assert red[0] == 0  # the start: an empty board
    assert red[-1] > red[1] > 0  # red's balls come one by one

    code, _, err = export(capsys, MOVES, "-o", mp4, "--replay", "--hold", "2", *SMALL)
    assert code == 0, err
    assert len(mp4_frames(mp4, (160, 120))) == positions * 2


# ---- the web page in a real browser ------------------------------------------------------

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--use-gl=swiftshader",  # WebGL in software, without a GPU or a display
    "--enable-unsafe-swiftshader",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND",  # offline: no host name resolves
    "--window-size=800,600",
    "--virtual-time-budget=10000",
]


def browser_screenshot(page: pathlib.Path, tmp_path: pathlib.Path) -> np.ndarray:
    chromium = chromium_to_run()  # (its headless shell where installed: tests/chromium.py)
    assert chromium, "the web page test needs chromium: bash scripts/setup.sh installs it"
    shot = tmp_path / "shot.png"
    result = subprocess.run(
        [
            chromium,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={tmp_path / 'chromium-profile'}",
            f"--screenshot={shot}",
            page.resolve().as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shot.exists(), result.stderr[-2000:]
    return np.asarray(Image.open(shot).convert("RGB"))


def test_web_page_opens_offline_in_a_browser_and_shows_the_scene(capsys, tmp_path):
    page = tmp_path / "scene.html"
    code, _, err = export(capsys, FULL, "-o", page, "--size", "400x300", "--title", "Full <5>")
    assert code == 0, err
    html = page.read_text(encoding="utf-8")
    # Self-contained: vtk.js and the scene are inline, nothing is fetched.
    assert not re.search(r"<script[^>]*\bsrc=", html)
    assert not re.search(r"<link[^>]*\bhref=\"?https?:", html)
    assert "OfflineLocalView.load" in html
    assert "<title>Full &lt;5&gt; - Pyramid Lab</title>" in html
    image = browser_screenshot(page, tmp_path)
    assert image.shape == (600, 800, 3)
    assert reddish(image) > 0.02
    assert bluish(image) > 0.02


# ---- the floor-plan sheet ----------------------------------------------------------------


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", data))


def pdf_text(data: bytes) -> str:
    """The text a PDF written by Qt shows, one line per text object (enough of PDF for
    Qt's output: each font's ToUnicode map applied to the glyph codes of its runs)."""
    starts = [(m.group(1), m.start()) for m in re.finditer(rb"(?m)^(\d+) 0 obj\b", data)]
    ends = [start for _, start in starts[1:]] + [len(data)]
    objects = {number: data[start:end] for (number, start), end in zip(starts, ends, strict=True)}

    def stream(body: bytes) -> bytes:
        """A stream's bytes, as many as its /Length says (data may end in CR or LF)."""
        begin = re.search(rb"\bstream\r?\n", body)
        length = re.search(rb"/Length (\d+)( 0 R)?", body)
        assert begin is not None
        assert length is not None
        size = length.group(1)
        if length.group(2):  # an indirect length: "14 0 obj 18782 endobj"
            found = re.search(rb"obj\s*(\d+)", objects[size])
            assert found is not None
            size = found.group(1)
        raw = body[begin.end() : begin.end() + int(size)]
        return zlib.decompress(raw) if b"FlateDecode" in body[: begin.start()] else raw

    def cmap(text: bytes) -> dict[int, str]:
        table = {}
        for block in re.findall(rb"(?s)beginbfrange(.*?)endbfrange", text):
            for lo, hi, dst in re.findall(rb"<(\w+)>\s*<(\w+)>\s*(\[[^\]]*\]|<\w+>)", block):
                first, last = int(lo, 16), int(hi, 16)
                if dst.startswith(b"["):
                    for code, uni in enumerate(re.findall(rb"<(\w+)>", dst), first):
                        table[code] = chr(int(uni, 16))
                else:
                    for code in range(first, last + 1):
                        table[code] = chr(int(dst[1:-1], 16) + code - first)
        for block in re.findall(rb"(?s)beginbfchar(.*?)endbfchar", text):
            for code, uni in re.findall(rb"<(\w+)>\s*<(\w+)>", block):
                table[int(code, 16)] = chr(int(uni, 16))
        return table

    fonts = {}
    for number, body in objects.items():
        found = re.search(rb"/ToUnicode (\d+) 0 R", body)
        if found:
            fonts[number] = cmap(stream(objects[found.group(1)]))
    by_name = {
        name: fonts[obj] for name, obj in re.findall(rb"/(\w+) (\d+) 0 R", data) if obj in fonts
    }
    lines = []
    for body in objects.values():
        if b"/Length" not in body or not re.search(rb"\bstream\r?\n", body):
            continue
        try:
            content = stream(body)
        except zlib.error:
            continue  # an image or a font
        table: dict[int, str] = {}
        line: list[str] = []
        for name, codes, end in re.findall(rb"/(\w+) [\d.]+ Tf|<([0-9A-Fa-f]+)> Tj|(ET)", content):
            if name:
                table = by_name.get(name, {})
            elif codes:
                line += [table.get(int(codes[i : i + 4], 16), "?") for i in range(0, len(codes), 4)]
            elif end:
                lines.append(" ".join("".join(line).split()))
                line = []
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("path", "levels", "words"),
    [
        (FULL, 5, ["Pyramid Partition", "Red wins", "4,4,0", "0,0,4"]),
        (EXAMPLES / "terrace/opening.pyr.json", 4, ["Allmer's Pyramid", "White to move", "d4"]),
        (EXAMPLES / "ball/setup.pyr.json", 1, ["Pyramid Ball", "b3", "g8"]),
    ],
    ids=["ball pyramid", "stepped", "flat grid"],
)
def test_floor_plans_have_a_diagram_per_level(gl_display, capsys, tmp_path, path, levels, words):
    sheet = tmp_path / "plans.pdf"
    code, _, err = export(capsys, path, "-o", sheet, "--title", "Plans for class")
    assert code == 0, err
    data = sheet.read_bytes()
    assert data.startswith(b"%PDF")
    assert pdf_pages(data) == 1
    text = pdf_text(data)
    lines = text.splitlines()
    assert "Plans for class" in lines
    assert [line for line in lines if line.startswith("Level ")] == [
        f"Level {k}" for k in range(levels)
    ]
    for word in words:
        assert word in text, word
    assert "page 1 of 1" in text


def test_floor_plans_go_on_over_pages(gl_display, capsys, tmp_path):
    position = tmp_path / "base10.pyr.json"
    position.write_text(
        json.dumps(
            {
                "format": "pyramid-lab/1",
                "game": "partition",
                "options": {"size": 10, "version": "floating"},
                "to_move": "red",
                "pieces": [[0, 0, 0, "red"], [0, 0, 9, "blue"]],
                "history": [],
                "study": True,
            }
        )
    )
    sheet = tmp_path / "plans.pdf"
    code, _, err = export(capsys, position, "-o", sheet)
    assert code == 0, err
    data = sheet.read_bytes()
    assert pdf_pages(data) == 2  # ten levels, nine to a page
    text = pdf_text(data)
    for k in range(10):
        assert f"Level {k}" in text.splitlines()
    assert "page 2 of 2" in text
    # --levels keeps to those levels: one page.
    code, _, err = export(capsys, position, "-o", sheet, "--levels", "2:4")
    assert code == 0, err
    text = pdf_text(sheet.read_bytes())
    assert [line for line in text.splitlines() if line.startswith("Level ")] == [
        "Level 2",
        "Level 3",
        "Level 4",
    ]


# ---- bad input ------------------------------------------------------------------------------

NO_MOVES = str(FULL)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        ([FULL, "-o", "OUT/x.txt"], "'.txt' is not an export extension; use one of .png"),
        ([FULL, "-o", "OUT/x"], "no extension"),
        ([FULL, "-o", "OUT/x.png", "--turntable"], "a turntable needs .gif or .mp4"),
        ([MOVES, "-o", "OUT/x.html", "--replay"], "a .html file is a still web page"),
        ([MOVES, "-o", "OUT/x.pdf", "--replay"], "a replay needs .gif or .mp4"),
        ([FULL, "-o", "OUT/x.gif"], "choose --turntable or --replay"),
        ([NO_MOVES, "-o", "OUT/x.mp4", "--replay"], "has no moves to replay"),
        ([FULL, "-o", "OUT/missing/x.gif", "--turntable"], "does not exist"),
        ([FULL, "-o", "OUT/x.png", "--frames", "4"], "--frames: only with --turntable"),
        ([FULL, "-o", "OUT/x.gif", "--turntable", "--hold", "4"], "--hold: only with --replay"),
        ([FULL, "-o", "OUT/x.gif", "--turntable", "--frames", "0"], "must be 1 to 720"),
        ([FULL, "-o", "OUT/x.gif", "--turntable", "--replay"], "not allowed with"),
        ([FULL, "-o", "OUT/x.pdf", "--levels", "7:9"], "--levels: 7:9 leaves nothing to draw"),
        ([FULL, "-o", "OUT/x.png", "--region", "XX"], "'XX' is not one of"),
        ([EXAMPLES / "terrace/opening.pyr.json", "-o", "OUT/x.png", "--walls"], "not an overlay"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, tmp_path, argv, words):
    args = [str(a).replace("OUT", str(tmp_path)) for a in argv]
    code, out, err = export(capsys, *args)
    assert code == 2, err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if not line.startswith(("usage:", " "))]
    assert len(lines) == 1, err
    assert lines[0].startswith("pyramid-lab: ")
    assert words in lines[0]
    assert out == ""
    assert [p.name for p in tmp_path.iterdir()] == []  # nothing written, no temporary file


def test_unwritable_folder_exits_2(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "locked"
    folder.mkdir()
    if os.geteuid() == 0:  # root writes anywhere: the folder says it is not writable
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, mode: p != folder and real(p, mode))
    else:
        folder.chmod(0o500)
    try:
        code, _, err = export(capsys, FULL, "-o", folder / "x.gif", "--turntable")
    finally:
        folder.chmod(0o700)
    assert code == 2
    assert "is not writable" in err
    assert len(err.strip().splitlines()) == 1
    assert list(folder.iterdir()) == []


def test_a_failed_export_keeps_the_old_file(capsys, tmp_path, monkeypatch):
    out = tmp_path / "t.gif"
    out.write_bytes(b"old")

    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)  # the last step of the atomic write
    code, _, err = export(capsys, FULL, "-o", out, "--turntable", "--frames", "2", *SMALL)
    assert code == 2
    assert "cannot write" in err
    assert "No space left" in err
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["t.gif"]


# ---- File > Export... ------------------------------------------------------------------------


@pytest.fixture
def warnings_shown(monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(
        QMessageBox, "warning", staticmethod(lambda _parent, title, text: shown.append(text))
    )
    return shown


def test_file_menu_has_export_after_save_as(make_window):
    window = make_window()
    file_menu = window.menuBar().actions()[0].menu()
    texts = [a.text() for a in file_menu.actions() if not a.isSeparator()]
    assert texts[texts.index("Save &as...") + 1] == "&Export..."


def test_export_dialog_exports_what_the_window_shows(
    make_window, tmp_path, guard_errors, warnings_shown
):
    import imageio.v3 as iio

    from pyramid_lab.model.files import read
    from pyramid_lab.viewer.desktop.export_control import ExportDialog, open_export_dialog

    window = make_window()
    window.lab.documents.open(MOVES)
    window.view.set_levels(0, 0)  # the base only: the window shows no ball above it
    dialog = open_export_dialog(window.lab, window.port, window.stage)
    assert isinstance(dialog, ExportDialog)
    assert (
        open_export_dialog(window.lab, window.port, window.stage) is dialog
    )  # one dialog per window
    dialog.set_format(".gif")
    assert dialog.replay.isEnabled()  # the position has moves
    dialog.width_.setValue(200)
    dialog.height_.setValue(150)

    dialog.set_format(".png")
    picture = dialog.export(tmp_path / "shown.png")
    assert picture == tmp_path / "shown.png"
    image = np.asarray(Image.open(picture).convert("RGB"))
    assert image.shape == (150, 200, 3)
    assert reddish(image) > 0.005

    options = dialog.options()
    assert options.render.levels == (0, 0)
    assert options.render.camera is not None

    dialog.set_format(".gif")
    dialog.replay.setChecked(True)
    dialog.hold.setValue(2)
    replay = dialog.export(tmp_path / "moves.gif")
    assert replay is not None
    assert len(iio.imread(replay, index=None)) == len(read(MOVES).game.move_stack) + 1

    dialog.set_format(".pdf")
    assert not dialog.size_box.isEnabled()
    assert not dialog.motion_box.isEnabled()
    sheet = dialog.export(tmp_path / "plans.pdf")
    assert sheet is not None
    levels = [line for line in pdf_text(sheet.read_bytes()).splitlines() if "Level" in line]
    assert levels == ["Level 0"]  # the window's level range

    # Errors are said in a message box; nothing escapes, nothing is written.
    assert dialog.export(tmp_path / "missing" / "x.pdf") is None
    assert "does not exist" in warnings_shown[-1]
    assert guard_errors == []
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == [
        "moves.gif",
        "plans.pdf",
        "shown.png",
    ]
    dialog.close()


def test_export_dialog_offers_no_replay_without_moves(make_window, tmp_path, warnings_shown):
    from pyramid_lab.viewer.desktop.export_control import open_export_dialog

    window = make_window()
    dialog = open_export_dialog(window.lab, window.port, window.stage)
    dialog.set_format(".mp4")
    assert not dialog.replay.isEnabled()
    assert dialog.turntable.isChecked()
    assert dialog.frames.isEnabled()
    assert dialog.path.text().endswith(".mp4")
    dialog.frames.setValue(3)
    dialog.width_.setValue(120)
    dialog.height_.setValue(90)
    video = dialog.export(tmp_path / "spin.mp4")
    assert video is not None
    assert len(mp4_frames(video, (120, 90))) == 3
    # The file's extension decides: a still picture though MP4 is chosen.
    still = dialog.export(tmp_path / "still.png")
    assert still is not None
    with Image.open(still) as image:
        assert image.size == (120, 90)
    assert warnings_shown == []


def test_export_dialog_never_offers_the_apps_own_examples_folder(make_window, tmp_path):
    from pathlib import Path

    from pyramid_lab.viewer.desktop.export_control import ExportDialog
    from pyramid_lab.viewer.lab.session import EXAMPLES_DIR

    window = make_window()
    lesson = EXAMPLES_DIR / "partition" / "teaching-anchored-partition.pyr.json"
    assert window.lab.documents.open(lesson)
    dialog = ExportDialog(window.lab, window.port, window.stage)
    assert Path(dialog.path.text()).parent == Path.home()
    dialog.close()


@pytest.mark.parametrize("extension", [".gif", ".mp4"])
def test_an_animation_is_written_a_frame_at_a_time(tmp_path, extension):
    """Issue 44: a 500-move replay once held every frame (3.3 GB). Each picture is handed
    to the encoder as it comes: no more than a couple are alive at once, however many.
    (Counted with no garbage collection between frames: a frame that only a cycle held
    counts as alive, so the check is stricter than with one; a full collection per frame
    cost a window test's worker seconds of processor time in its large heap.)"""
    import weakref

    import imageio.v3 as iio

    from pyramid_lab.model.files import save_file
    from pyramid_lab.viewer.pictures.motion import write_gif, write_mp4
    from pyramid_lab.viewer.pictures.render import ExportOptions

    alive: list[weakref.ref] = []
    most = 0

    def pictures():
        nonlocal most
        noise = np.random.default_rng(1)
        for _ in range(40):
            most = max(most, sum(ref() is not None for ref in alive))
            image = noise.integers(0, 256, (64, 96, 3), dtype=np.uint8)
            alive.append(weakref.ref(image))
            yield image

    encode = write_gif if extension == ".gif" else write_mp4
    options = ExportOptions(motion="turntable", fps=12)

    def fill(tmp, out):
        out.close()
        encode(pictures(), options, tmp)

    path, _ = save_file(tmp_path / f"long{extension}", fill)
    assert most <= 2
    frames = iio.imread(path, index=None) if extension == ".gif" else mp4_frames(path, (96, 64))
    assert len(frames) == 40
    assert [p.name for p in tmp_path.iterdir()] == [f"long{extension}"]


def test_the_gif_stream_keeps_each_frame_and_lengthens_a_repeated_one(tmp_path):
    import imageio.v3 as iio

    from pyramid_lab.viewer.pictures.motion import GifStream

    noise = np.random.default_rng(2)
    first = noise.integers(0, 4, (30, 40, 3), dtype=np.uint8) * 60
    second = first.copy()
    second[5:9, 10:20] = [255, 0, 0]  # a small change: only its rectangle is stored
    path = tmp_path / "s.gif"
    with open(path, "wb") as out:
        gif = GifStream(out, 100)
        for image in (first, second, second, first):
            gif.add(image)
        gif.close()
    frames = iio.imread(path, index=None)[..., :3]
    assert frames.shape == (3, 30, 40, 3)
    for shown, want in zip(frames, (first, second, first), strict=True):
        assert np.array_equal(shown, want)  # few colours: no loss
    assert [iio.immeta(path, index=i)["duration"] for i in range(3)] == [100, 200, 100]
    assert iio.immeta(path)["loop"] == 0


def test_a_png_from_a_narrow_scene_is_filled_by_the_board(make_window, tmp_path, warnings_shown):
    """The window's scene between its docks is tall and narrow: the board is framed by its
    width there, and the same camera over a 1024x768 picture left a base-3 board a third
    of it (issue 59, item 4). The board is seen from the window's side and fills it."""
    from pyramid_lab.viewer.desktop.export_control import open_export_dialog
    from pyramid_lab.viewer.lab import palette
    from pyramid_lab.viewer.pictures.render import FILL, content_box

    window = make_window()  # a base-3 board
    window.resize(1200, 800)  # the default size: the scene is about 600 x 720
    window.stage.render_now()
    scene = window.plotter
    assert scene.width() < scene.height()
    dialog = open_export_dialog(window.lab, window.port, window.stage)
    dialog.set_format(".png")
    dialog.width_.setValue(1024)
    dialog.height_.setValue(768)
    picture = dialog.export(tmp_path / "board.png")
    assert picture is not None
    image = np.asarray(Image.open(picture).convert("RGB"))
    x0, y0, x1, y1 = content_box(image, palette.BACKGROUND)
    assert max(x1 - x0, y1 - y0) / 2 > FILL - 0.05  # it was about 0.45
    # a camera zoomed into a detail stays as it is (the board runs off the picture)
    window.plotter.camera.Zoom(4.0)
    picture = dialog.export(tmp_path / "detail.png")
    image = np.asarray(Image.open(picture).convert("RGB"))
    x0, y0, x1, y1 = content_box(image, palette.BACKGROUND)
    assert x0 < -0.99 or x1 > 0.99 or y0 < -0.99 or y1 > 0.99
    dialog.close()
    assert warnings_shown == []


def test_export_dialog_follows_the_format_a_typed_name_asks_for(make_window, qtbot):
    """A ".html" typed in the File box while GIF was chosen wrote a web page, the dialog
    still saying GIF animation, its frames offered: the format follows the name typed."""
    from PySide6.QtCore import Qt

    from pyramid_lab.viewer.desktop.export_control import open_export_dialog

    window = make_window()
    dialog = open_export_dialog(window.lab, window.port, window.stage)
    dialog.set_format(".gif")
    assert dialog.frames.isEnabled()
    dialog.path.selectAll()
    qtbot.keyClicks(dialog.path, "/tmp/board.html")  # typed, key by key
    assert dialog.extension() == ".html"
    assert dialog.format.currentText().startswith("3D web page")
    assert not dialog.frames.isEnabled()
    assert not dialog.motion_box.isEnabled()
    assert dialog.path.text() == "/tmp/board.html"
    dialog.path.selectAll()
    qtbot.keyClicks(dialog.path, "/tmp/board.jpeg")
    assert dialog.extension() == ".jpg"
    qtbot.keyClick(dialog.path, Qt.Key.Key_Backspace)  # "board.jpe": no format: as it was
    assert dialog.extension() == ".jpg"


def test_a_replay_holds_every_position_when_a_picture_is_read_stale(
    make_window, tmp_path, monkeypatch, guard_errors, warnings_shown
):
    """Issue 77, item 9: on a loaded machine the export dialog's GIF replay of MOVES had 2
    frames, not 6. Each position's picture has its own caption, so the GIF writer merges
    none of them unless a picture comes out as the one before (a render that went into
    another GL context, the read giving the last picture again). Here every picture after
    the second is first read stale, as then: the replay draws it again, and holds all
    six positions; the window's context current beside it changes nothing."""
    import itertools

    import imageio.v3 as iio
    import pyvista as pv

    from pyramid_lab.model.files import read
    from pyramid_lab.viewer.desktop.export_control import open_export_dialog

    real = pv.Plotter.screenshot
    served: list[tuple[np.ndarray, bool]] = []  # each picture given, and whether stale

    def stale_first(self, *args, **kwargs):
        """Every other read, once two were made: the last picture again."""
        picture = real(self, *args, **kwargs)
        if len(served) >= 2 and not served[-1][1]:
            served.append((served[-1][0], True))
        else:
            served.append((picture, False))
        return served[-1][0]

    window = make_window()
    window.lab.documents.open(MOVES)
    dialog = open_export_dialog(window.lab, window.port, window.stage)
    dialog.width_.setValue(200)
    dialog.height_.setValue(150)
    dialog.set_format(".gif")
    dialog.replay.setChecked(True)
    dialog.hold.setValue(2)
    window.plotter.makeCurrent()  # the window's context current, as a repaint leaves it
    monkeypatch.setattr(pv.Plotter, "screenshot", stale_first)
    replay = dialog.export(tmp_path / "moves.gif")
    assert replay is not None, warnings_shown
    frames = iio.imread(replay, index=None)
    assert len(frames) == len(read(MOVES).game.move_stack) + 1
    for before, after in itertools.pairwise(frames):
        assert not np.array_equal(before, after)
    assert guard_errors == []
    dialog.close()


@pytest.mark.parametrize("extension", [".png", ".html"])
def test_a_still_export_says_its_one_frame_done_once(tmp_path, extension):
    # a still is one frame: the export's progress hears (1, 1) once, before the file is
    # written (the window's progress bar ends on it)
    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.viewer.pictures.export import export_game
    from pyramid_lab.viewer.pictures.render import ExportOptions, RenderOptions

    heard: list[tuple[int, int, bool]] = []
    target = tmp_path / f"still{extension}"
    options = ExportOptions(RenderOptions(size=(160, 120)))

    def progress(done: int, total: int) -> None:
        heard.append((done, total, target.exists()))

    assert export_game(Partition(PartitionOptions(3)), target, options, progress=progress)
    assert heard == [(1, 1, False)]
    assert target.stat().st_size > 0
