"""Bad command lines: each exits with status 2 and says what is wrong in one line on stderr,
never with a traceback, never by hanging (a FIFO) or reading forever (/dev/zero).

Most rows run ``viewer.cli.main`` in-process; a few go through the installed console script
for the real exit status. ``tests/bench/fuzz_cli.py`` throws hundreds of random bad command
lines at the console script.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

from pyramid_lab.viewer.cli import main
from tests.patience import WAIT_S

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TINY = EXAMPLES / "partition" / "t3-lone-apex.pyr.json"
PYRAOS = EXAMPLES / "pyraos" / "alternate-pass.pyr.json"
TERRACE = EXAMPLES / "terrace" / "opening.pyr.json"
ROLLING = {
    count: EXAMPLES / "rolling" / name
    for count, name in (
        (1, "solo-round-4-deploy.pyr.json"),
        (2, "two-players-new.pyr.json"),
        (3, "three-players-finished.pyr.json"),
        (4, "four-players-round-3-draft.pyr.json"),
    )
}
BALL = EXAMPLES / "ball" / "setup.pyr.json"


@pytest.fixture
def places(tmp_path):
    """Names for the rows: bad files of every kind, and folders."""
    (tmp_path / "dir.pyr.json").mkdir()
    (tmp_path / "deep.pyr.json").write_text("[" * 1000 + "]" * 1000)
    (tmp_path / "huge.pyr.json").write_text('{"format": ' + "1" * 5000 + "}")
    (tmp_path / "text.pyr.json").write_text("not json")
    (tmp_path / "empty.pyr.json").write_text("")
    (tmp_path / "chess.pyr.json").write_text('{"format": "pyramid-lab/1", "game": "chess"}')
    (tmp_path / "big.pyr.json").write_bytes(b" " * (4 * 1024 * 1024 + 1))
    (tmp_path / "size100.pyr.json").write_text(
        json.dumps(
            {
                "format": "pyramid-lab/1",
                "game": "partition",
                "options": {"size": 100},
                "to_move": "red",
                "pieces": [],
            }
        )
    )
    goal = json.loads(PYRAOS.read_text())
    goal["puzzle"] = {"goal": "white wins in " + "9" * 5000}
    (tmp_path / "goal.pyr.json").write_text(json.dumps(goal))
    (tmp_path / "readonly").mkdir(mode=0o555)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.pyr.json")
    names = {
        "MISSING": tmp_path / "missing.pyr.json",
        "DIR": tmp_path / "dir.pyr.json",
        "FIFO": tmp_path / "fifo.pyr.json",
        "ZERO": pathlib.Path("/dev/zero"),
        "DEEP": tmp_path / "deep.pyr.json",
        "HUGE": tmp_path / "huge.pyr.json",
        "TEXT": tmp_path / "text.pyr.json",
        "EMPTY": tmp_path / "empty.pyr.json",
        "CHESS": tmp_path / "chess.pyr.json",
        "LESSON": ROOT / "model" / "data" / "lessons" / "terrace" / "01-pushes.lesson.json",
        "INDEX": ROOT / "model" / "data" / "puzzles" / "terrace" / "collection.json",
        "BIG": tmp_path / "big.pyr.json",
        "SIZE100": tmp_path / "size100.pyr.json",
        "GOAL": tmp_path / "goal.pyr.json",
        "TINY": TINY,
        "PYRAOS": PYRAOS,
        "TERRACE": TERRACE,
        **{f"ROLLING{count}": path for count, path in ROLLING.items()},
        "BALL": BALL,
        "OUT": tmp_path / "out.png",
        "NODIR": tmp_path / "nodir" / "out.png",
        "TXT": tmp_path / "out.txt",
        "NOEXT": tmp_path / "out",
        "DIRPNG": tmp_path / "dir.png",
        "ROPNG": tmp_path / "readonly" / "out.png",
        "TMP": tmp_path,
    }
    (tmp_path / "dir.png").mkdir()
    yield names
    os.chmod(tmp_path / "readonly", 0o755)


# (command line, words the message holds); upper-case words are places above.
ROWS = [
    # files that are not position files
    ("analyze MISSING", "No such file"),
    ("analyze DIR", "a directory, not a position file"),
    ("analyze FIFO", "a named pipe (FIFO)"),
    ("analyze ZERO", "a character device"),
    ("analyze DEEP", "nested too deeply"),
    ("analyze HUGE", "a number of 5000 digits"),
    ("analyze TEXT", "not valid JSON"),
    ("analyze EMPTY", "the file is empty"),
    ("analyze CHESS", "game: unknown game 'chess'; known games: "),
    ("analyze LESSON", "this is a lesson file, not a position file: 'pyramid-lab open FILE'"),
    ("perft LESSON 1", "this is a lesson file"),
    ("lesson", "required: ACTION"),  # as certificate and desktop say it, not a field's name
    ("analyze INDEX", "this is a puzzle collection's index"),
    ("analyze BIG", "too big: 4,194,305 bytes"),
    ("analyze SIZE100", "options.size: must be an integer from 2 to 50"),
    ("analyze --text FIFO", "a named pipe"),
    ("perft MISSING 1", "No such file"),
    ("perft DIR 1", "a directory"),
    ("perft FIFO 1", "a named pipe"),
    ("perft ZERO 1", "a character device"),
    ("perft DEEP 1", "nested too deeply"),
    ("solve FIFO", "a named pipe"),
    ("solve ZERO --quiet", "a character device"),
    ("solve HUGE", "digits"),
    ("render FIFO -o OUT", "a named pipe"),
    ("render DIR -o OUT", "a directory"),
    ("render ZERO -o OUT", "a character device"),
    ("open FIFO", "a named pipe"),
    ("open MISSING", "No such file"),
    # resolve (Pyramid Ball's programs are checked in tests/viewer/test_cli_resolve.py)
    ("resolve MISSING S S", "No such file"),
    ("resolve TINY S S", "resolve plays a programmed turn (Pyramid Ball), not a turn of"),
    ("resolve TINY", "the following arguments are required: OFFENCEPROG, DEFENCEPROG"),
    # perft's depth
    ("perft TINY -1", "must be 0 or more, not -1"),
    ("perft TINY abc", "'abc' is not a whole number"),
    ("perft TINY 1.5", "not a whole number"),
    ("perft TINY 1000", "must be 0 to 100, not 1000"),
    ("perft TINY " + "9" * 5000, "too long for a number"),
    ("perft PYRAOS 1000", "must be 0 to 100"),  # once a RecursionError (issue 12, item 4)
    ("perft TERRACE 1000", "must be 0 to 100"),
    ("perft TINY", "the following arguments are required: DEPTH"),
    ("perft", "the following arguments are required: FILE, DEPTH"),
    # solve's limits
    ("solve TINY --max-seconds 0", "must be more than 0"),
    ("solve TINY --max-seconds nan", "must be a finite number, not nan"),
    ("solve TINY --max-seconds inf", "must be a finite number, not inf"),
    ("solve TINY --max-seconds=-inf", "must be a finite number, not -inf"),
    ("solve TINY --max-seconds 1e400", "must be a finite number, not 1e400"),
    ("verify TINY --max-seconds inf", "must be a finite number, not inf"),
    ("book verify --max-seconds nan", "must be a finite number, not nan"),
    ("book build --seconds inf", "must be a finite number, not inf"),
    # solve's table: once a MemoryError traceback; 5,000 digits (inf) hung in table_size
    ("solve PYRAOS --table-mb 99999999999", "must be at most this machine's memory"),
    ("solve PYRAOS --table-mb " + "9" * 5000, "must be a finite number, not a number of 5000"),
    ("solve PYRAOS --table-mb inf", "must be a finite number"),
    ("book build --table-mb 99999999999", "must be at most this machine's memory"),
    # games the solver cannot prove: once a ValueError traceback (issue 27)
    (
        "solve ROLLING1 --quiet",
        "cannot be solved: the solver proves two-player games; Rolling Pyramids has 1 player",
    ),
    ("solve ROLLING3 --quiet", "Rolling Pyramids has 3 players"),
    ("solve ROLLING4 --quiet", "Rolling Pyramids has 4 players"),
    ("solve ROLLING2 --quiet", "cannot be solved: Rolling Pyramids is a game of chance (dice)"),
    ("solve BALL --quiet", "cannot be solved: Pyramid Ball's sides move at once"),
    # a puzzle goal's short form with a number of 5,000 digits (a ValueError out of int())
    ("analyze GOAL", 'puzzle.goal: "white wins in N": N must be 1 to 100 moves, not a number'),
    ("verify GOAL", "not a number of 5000 digits"),
    # books are read with the limits of position files (issue 27)
    ("book show --book ZERO", "not a readable book (a character device, not a book)"),
    ("book verify --book ZERO", "a character device"),
    ("book show --book FIFO", "a named pipe (FIFO), not a book"),
    ("book show --book DEEP", "not a readable book (lists or objects nested too deeply)"),
    ("book show --book HUGE", "a number of 5000 digits"),
    ("book show --book TEXT", "not valid JSON"),
    ("book show --book DIR", "a directory, not a book"),
    ("book show --book MISSING", "not a readable book (No such file or directory)"),
    ("book verify --book MISSING", "No such file or directory"),
    ("book show --book ", "argument --book: an empty file name"),
    ("book verify --book ", "argument --book: an empty file name"),
    ("book build --book ", "argument --book: an empty file name"),
    # book build tries its output before any work (it built for minutes, then failed)
    ("book build --book /proc/book.json --plies 0 --seconds 1", "cannot write /proc/book.json"),
    ("book build --book NODIR --plies 0 --seconds 1", "cannot write"),
    ("book build --book DIR --plies 0 --seconds 1", "a directory, not a file to save to"),
    ("book build --book ZERO --plies 0 --seconds 1", "a character device, not a file to save to"),
    ("solve TINY --max-seconds abc", "'abc' is not a number"),
    ("solve TINY --max-depth -3", "must be 0 or more"),
    ("solve TINY --max-depth x", "not a whole number"),
    # render's options
    ("render TINY -o OUT --size 10x10", "not a size like 1024x768"),
    ("render TINY -o OUT --size 99999x100", "not a size"),
    ("render TINY -o OUT --size big", "not a size"),
    ("render TINY -o OUT --levels 2", "not a level range like 0:2"),
    ("render TINY -o OUT --levels a:b", "not a level range"),
    ("render TINY -o OUT --levels 3:1", "must not be above the last"),
    ("render TINY -o OUT --levels 1:2:3", "not a level range"),
    ("render TINY -o OUT --levels " + "9" * 40 + ":1", "not a level range"),
    ("render TINY -o OUT --clip q<3", "not a clip plane"),
    ("render TINY -o OUT --clip x<=", "not a clip plane"),
    ("render TINY -o OUT --clip x<=1e5", "not a clip plane"),
    ("render TINY -o OUT --peel -1", "must be 0 or more"),
    ("render TINY -o OUT --peel lots", "not a whole number"),
    ("render TINY -o OUT --levels 5:9", "--levels: 5:9 leaves nothing to draw"),
    ("render TINY -o OUT --peel 9", "--peel: 9 peels the whole board"),
    ("export TINY -o OUT --levels 5:9", "--levels: 5:9 leaves nothing to draw"),
    ("export TINY -o OUT --peel 9", "--peel: 9 peels the whole board"),
    ("render BALL -o OUT --levels 1:2", "the board has one level, 0"),
    ("render TINY -o OUT --view diagonal", "invalid choice: 'diagonal'"),
    ("render TINY -o OUT --region XX", "'XX' is not one of SW, SE, NW, NE, AP"),
    ("render TERRACE -o OUT --walls", "--walls: not an overlay of Allmer's Pyramid"),
    ("render TINY", "the following arguments are required: -o/--output"),
    ("render TINY -o NODIR", "does not exist"),
    ("render TINY -o TXT", "'.txt' is not a picture extension; use one of .png, .jpg"),
    ("render TINY -o NOEXT", "no extension; use one of .png"),
    ("render TINY -o DIRPNG", "a folder, cannot be replaced by a picture"),
    ("render TINY -o TMP", "no extension"),
    ("render TINY -o ", "no extension"),
    ("render MISSING -o OUT", "No such file"),
    # commands and flags
    ("frobnicate", "invalid choice: 'frobnicate'"),
    ("--bogus", "unrecognized arguments: --bogus"),
    ("analyze", "the following arguments are required: FILE"),
    ("analyze --bogus TINY", "unrecognized arguments: --bogus"),
    ("analyze TINY --seconds 2", "argument --seconds: only with --engine"),
    ("analyze TINY --engine --seconds 0", "must be more than 0"),
    ("analyze TINY --engine --seconds inf", "must be a finite number, not inf"),
    ("analyze TINY --engine --seconds 3601", "must be at most 3600 seconds"),
    ("analyze TINY --engine --seconds abc", "'abc' is not a number"),
    ("analyze TINY --threads 2", "argument --threads: only with --engine"),
    ("analyze TINY --engine --threads 0", "--threads: must be 1 to 256, not 0"),
    ("analyze TINY --engine --threads -2", "--threads: must be 1 to 256, not -2"),
    ("analyze TINY --engine --threads 257", "--threads: must be 1 to 256, not 257"),
    ("analyze TINY --engine --threads 1.5", "--threads: '1.5' is not a whole number"),
    ("analyze TINY --engine --threads " + "9" * 40, "--threads: 99999999999999999999...: too"),
    ("perft TINY 1 --depth 2", "unrecognized arguments"),
    ("solve TINY --max-secs 3", "unrecognized arguments"),
    ("open a b", "unrecognized arguments: b"),
]


def argv_of(row: str, places: dict[str, pathlib.Path]) -> list[str]:
    return [str(places.get(word, word)) for word in row.split(" ")]


def message_lines(err: str) -> list[str]:
    """stderr without argparse's usage text (which it prints before its one-line error)."""
    return [line for line in err.splitlines() if not line.startswith(("usage:", " "))]


@pytest.mark.parametrize(("row", "words"), ROWS, ids=[row[:50] for row, _ in ROWS])
def test_bad_command_line_exits_2_with_one_line(row, words, places, capsys, monkeypatch):
    if "FIFO" in row and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    if row.startswith("open"):
        monkeypatch.setenv("DISPLAY", ":0")  # the file is checked before any window opens
    if os.geteuid() == 0 and "ROPNG" in row:
        pytest.skip("root writes anywhere")
    try:
        code = main(argv_of(row, places))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2, err
    assert "Traceback" not in err
    lines = message_lines(err)
    assert len(lines) == 1, err
    assert lines[0].startswith("pyramid-lab: ")
    assert words in lines[0]
    if row.startswith(("analyze", "verify")) and "--" not in row and row != "analyze":
        assert json.loads(out)["error"] == lines[0].removeprefix("pyramid-lab: ")
    else:
        assert out == ""
    assert not places["OUT"].exists()


def test_render_to_a_folder_that_cannot_be_written(places, capsys):
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    code = main(["render", str(TINY), "-o", str(places["ROPNG"])])
    assert code == 2
    assert "is not writable" in capsys.readouterr().err


EXE = pathlib.Path(sys.executable).with_name("pyramid-lab")


@pytest.mark.parametrize(
    ("row", "words"),
    [
        ("analyze FIFO TINY", "a named pipe"),
        ("perft ZERO 2", "a character device"),
        ("analyze DEEP TINY HUGE", "nested too deeply"),
        ("frobnicate", "invalid choice"),
        ("render TINY -o TXT", "not a picture extension"),
        ("perft TERRACE 1000", "must be 0 to 100"),
    ],
)
def test_bad_command_line_through_the_console_script(row, words, places):
    if "FIFO" in row and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    result = subprocess.run(
        [str(EXE), *argv_of(row, places)], capture_output=True, text=True, timeout=WAIT_S
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert words in result.stderr
    if row.startswith("analyze"):  # every file has its line, the good ones analysed
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        assert [line["file"] for line in lines] == argv_of(row, places)[1:]
        assert lines[1]["game"] == "partition"


def test_render_never_claims_a_picture_that_did_not_land(places, capsys, monkeypatch):
    """``render -o /dev/full.png`` once exited 0 with nothing written: the write is checked
    (here a file system that drops the rename)."""
    monkeypatch.setattr(
        os, "replace", lambda src, dst, **at: os.unlink(src, dir_fd=at.get("src_dir_fd"))
    )
    code = main(["render", str(TINY), "-o", str(places["OUT"]), "--size", "64x48"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert message_lines(err) == [
        f"pyramid-lab: cannot write {places['OUT']}: not written: it is not there after "
        "saving (No such file or directory)"
    ]
    assert not places["OUT"].exists()
    assert list(places["OUT"].parent.glob(".out.png*")) == []  # no temp left


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux has it")
def test_a_table_that_cannot_be_allocated_is_one_line():
    """Under a 3 GiB address space a 4 GiB table fails to allocate: once a MemoryError
    traceback. (On a machine with less than 4 GiB the size is refused before, also in
    one line.)"""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))

    result = subprocess.run(
        [str(EXE), "solve", "--quiet", "--table-mb", "4096", str(PYRAOS)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = message_lines(result.stderr)
    assert len(lines) == 1, result.stderr
    assert "memory" in lines[0]  # out of memory; or more than this machine's memory
