"""The pyramid-lab command line: analyze, perft, exit codes, and the example files."""

from __future__ import annotations

import json
import os
import pathlib
import shlex
import subprocess
import sys

import pytest

from pyramid_lab.model.files import read
from pyramid_lab.viewer.cli import main
from tests.patience import WAIT_S, StopAfterPlayouts, no_exact_step

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").rglob("*.pyr.json"))


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_there_are_examples():
    names = {p.name for p in EXAMPLES}
    for t in [
        "t1-red-wins-small",
        "t2-red-holds-all",
        "t3-lone-apex",
        "t4-anchored-sheet",
        "t5-anchored-around-a-corner-ball",
        "t6-full-red-wins",
        "t7-blue-holds-all",
    ]:
        assert f"{t}.pyr.json" in names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_is_valid(path):
    read(path)


def test_analyze_prints_holders_of_the_examples(capsys):
    part = ROOT / "examples" / "partition"
    code, out, err = run(
        capsys,
        "analyze",
        part / "t1-red-wins-small.pyr.json",
        part / "t4-anchored-sheet.pyr.json",
        part / "t7-blue-holds-all.pyr.json",
    )
    assert code == 0
    assert err == ""
    t1, t4, t7 = map(json.loads, out.splitlines())
    assert t1 == {
        "file": str(part / "t1-red-wins-small.pyr.json"),
        "game": "partition",
        "to_move": "blue",
        "legal_move_count": 0,
        "winner": "red",
        "termination": "corners",
        "holders": {"SW": "red", "SE": "red", "NW": "red", "NE": "blue", "AP": "blue"},
    }
    assert t4["holders"] == {"SW": None, "SE": None, "NW": None, "NE": None, "AP": "red"}
    assert t4["winner"] is None
    assert t4["legal_move_count"] == 9
    assert t7["winner"] == "blue"


def test_analyze_reports_a_bad_file_on_its_line_and_goes_on(capsys, tmp_path):
    bad = tmp_path / "bad.pyr.json"
    bad.write_text('{"format": "pyramid-lab/1", "game": "partition"}')
    good = ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json"
    code, out, err = run(capsys, "analyze", good, bad, tmp_path / "missing.pyr.json", good)
    assert code == 2
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 4
    assert lines[0]["game"] == "partition"
    assert lines[3] == lines[0]
    assert lines[1] == {"file": str(bad), "error": f"{bad}: options: required key is missing"}
    assert "No such file" in lines[2]["error"]
    assert "options: required key is missing" in err


def test_analyze_text_explains(capsys):
    path = ROOT / "examples" / "partition" / "teaching-anchored-partition.pyr.json"
    code, out, _ = run(capsys, "analyze", "--text", path)
    assert code == 0
    assert "corner SW (0,0,0): held by red with a group of 6 balls" in out
    assert "corner SE (4,0,0): not held" in out


def test_analyze_engine_adds_the_analysis(capsys):
    puzzle = ROOT / "model" / "data" / "puzzles" / "partition" / "floating-3-win-in-1-a.pyr.json"
    done = ROOT / "examples" / "partition" / "t1-red-wins-small.pyr.json"
    code, out, _ = run(capsys, "analyze", "--engine", "--seconds", "0.5", puzzle, done)
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    engine = first["engine"]
    game = read(puzzle).game
    assert len(engine["moves"]) == first["legal_move_count"] == len(game.legal_moves())
    assert engine["win"]["side"] == first["to_move"]
    assert engine["win"]["moves"] == 1
    assert engine["moves"][0]["move"] == engine["win"]["first_move"]
    assert second["engine"]["result"] == "red"
    assert second["engine"]["moves"] == []
    code, out, _ = run(capsys, "analyze", "--text", "--engine", "--seconds", "0.5", puzzle)
    assert code == 0
    assert f"proven: {first['to_move']} wins in 1 move" in out
    assert "engine: " in out


def test_analyze_engine_searches_on_the_threads_asked(capsys, monkeypatch):
    """--threads N reaches the analysis (default: the cores); the answer has the same
    fields whatever N, its playouts counted over every thread."""
    import pyramid_lab.model.search as search

    asked = []
    analyse = search.analyse

    def spy(game, **kwargs):
        asked.append((kwargs["threads"], kwargs["seconds"]))
        # the search stopped once its threads have run playouts enough to reach every
        # move, whatever the machine's load (at load 12 one thread's 0.3 s had visited 6
        # of the 30 moves), its seconds a backstop, the exact step given none
        # (tests/patience.py's analyse_every_move, below the door's name that this spies on)
        enough = StopAfterPlayouts(20 * len(game.legal_moves()))
        no_exact_step(game)
        kwargs.update(seconds=WAIT_S, progress=enough.progress, stop=enough)
        return analyse(game, **kwargs)

    monkeypatch.setattr(search, "analyse", spy)
    # (base 5: no book value settles it, so the exact step does not solve each move first)
    path = ROOT / "examples" / "partition" / "empty-base5.pyr.json"
    lines = []
    for extra in (["--threads", "1"], ["--threads", "2"], []):
        code, out, _ = run(capsys, "analyze", "--engine", "--seconds", "1", *extra, path)
        assert code == 0
        lines.append(json.loads(out)["engine"])
    assert asked == [(1, 1.0), (2, 1.0), (search.computer.default_threads(), 1.0)]
    one, two, _ = lines
    assert one.keys() == two.keys()
    assert len(one["moves"]) == len(two["moves"]) == one["legal"] == two["legal"]
    assert two["visits"] == sum(m["visits"] for m in two["moves"]) > 0


def test_analyze_engine_refuses_simultaneous_turns(capsys, tmp_path):
    from pyramid_lab.model.files import write
    from pyramid_lab.model.game import game_class, game_names

    games = [game_class(n).new() for n in game_names()]
    simultaneous = [g for g in games if g.current_player() < 0]
    if not simultaneous:
        pytest.skip("no game with simultaneous turns is registered")
    path = tmp_path / "start.pyr.json"
    write(path, simultaneous[0])
    code, out, err = run(capsys, "analyze", "--engine", "--seconds", "0.5", path)
    assert code == 2
    assert "one player to move" in json.loads(out)["engine"]["error"]
    assert err.startswith("pyramid-lab: ")


def test_perft(capsys):
    path = ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json"
    assert run(capsys, "perft", path, 0)[:2] == (0, "1\n")
    assert run(capsys, "perft", path, 1)[:2] == (0, "13\n")
    assert run(capsys, "perft", path, 2)[:2] == (0, "156\n")
    done = ROOT / "examples" / "partition" / "t1-red-wins-small.pyr.json"
    assert run(capsys, "perft", done, 2)[:2] == (0, "0\n")


@pytest.mark.parametrize(
    "argv",
    [
        ["perft", "x.pyr.json", "-1"],
        ["perft", "x.pyr.json", "two"],
        ["perft", "x.pyr.json"],
        ["analyze"],
        ["frobnicate"],
        ["open", "a", "b"],
    ],
)
def test_bad_arguments_exit_2(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    assert capsys.readouterr().err


def test_perft_on_a_bad_file_exits_2(capsys, tmp_path):
    bad = tmp_path / "b.pyr.json"
    bad.write_text("nope")
    code, out, err = run(capsys, "perft", bad, 1)
    assert code == 2
    assert out == ""
    assert "not valid JSON" in err


def test_internal_error_exits_1(capsys, monkeypatch):

    from pyramid_lab import model

    def boom(path):
        raise RuntimeError("a bug")

    monkeypatch.setattr(model.files, "read", boom)
    code, _, err = run(capsys, "analyze", "x.pyr.json")
    assert code == 1
    assert "internal error" in err
    assert "RuntimeError: a bug" in err


def test_console_script_is_installed():
    exe = pathlib.Path(sys.executable).with_name("pyramid-lab")
    result = subprocess.run(
        [str(exe), "analyze", str(EXAMPLES[0])], capture_output=True, text=True, timeout=WAIT_S
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["game"]


def test_perft_pyraos_from_the_empty_pyramid(capsys):
    empty = ROOT / "examples" / "pyraos" / "empty.pyr.json"
    assert run(capsys, "perft", empty, 1)[:2] == (0, "16\n")
    assert run(capsys, "perft", empty, 2)[:2] == (0, "240\n")


def test_solve_an_endgame(capsys):
    path = ROOT / "examples" / "pyraos" / "endgame-loss-in-8.pyr.json"
    code, out, err = run(capsys, "solve", "--workers", "1", path)  # the single search
    assert code == 0
    report = json.loads(out)
    assert report["value"] == "loss"
    assert report["plies"] == 8
    assert report["complete"] is True
    assert report["nodes"] > 0
    assert report["table_entries"] > 0
    assert "solve: within 8 plies" in err  # progress on stderr: the question asked


def test_solve_with_no_workers_asked_settles_a_quick_position_without_a_cluster(
    capsys, monkeypatch
):
    """Given no --workers, --scheduler or --checkpoint on a machine of many cores, a
    position the single search settles in its first seconds starts no Dask cluster."""
    import pyramid_lab.viewer.cli.solve as solve_command

    monkeypatch.setattr(solve_command.os, "cpu_count", lambda: 4)

    def no_cluster(*_args, **_kw):
        raise AssertionError("the split solve started for a quick position")

    monkeypatch.setattr(solve_command, "_split", no_cluster)
    path = ROOT / "examples" / "pyraos" / "endgame-loss-in-8.pyr.json"
    code, out, _ = run(capsys, "solve", "--no-book", path)
    assert code == 0
    report = json.loads(out)
    assert (report["value"], report["plies"], report["workers"]) == ("loss", 8, 1)
    assert report["units"] == {"total": 1, "from_checkpoint": 0, "proven": 1}


def test_solve_stops_at_the_time_limit(capsys):
    path = ROOT / "examples" / "pyraos" / "empty.pyr.json"
    # --no-book: the book's opening knows the empty pyramid (a loss in 40), the search not
    argv = ("solve", "--no-book", "--workers", "1", "--max-seconds", "0.5", "--quiet", path)
    code, out, _ = run(capsys, *argv)
    assert code == 0
    report = json.loads(out)
    assert report["value"] == "unknown"
    assert report["stopped"] == "time limit"
    assert report["complete"] is False


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_solve_is_interrupted_by_ctrl_c_or_kill(name):
    """Ctrl+C, and SIGTERM (kill, timeout(1)) alike: the report of how far it got, not a
    silent death (SIGTERM's default)."""
    import signal
    import time

    exe = pathlib.Path(sys.executable).with_name("pyramid-lab")
    # Ctrl+C as a terminal gives it: the suite started in the background of a script (`bash
    # scripts/test.sh &`, nohup) has SIGINT ignored, and a program inherits that, so the
    # command starts with its default given back (an ignored signal stays so across exec)
    default_int = "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    default_int += "os.execv(sys.argv[1], sys.argv[1:])"
    proc = subprocess.Popen(
        [  # --no-book: a search (the book's opening knows the empty pyramid at once)
            sys.executable,
            "-c",
            default_int,
            str(exe),
            "solve",
            "--no-book",
            "--workers",
            "1",
            str(ROOT / "examples/pyraos/empty.pyr.json"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Ctrl+C once it is searching (its first progress line), not while it starts: a slow
    # machine may still be importing, or compiling the kernel after a change to it
    import selectors

    watch = selectors.DefaultSelector()
    watch.register(proc.stderr, selectors.EVENT_READ)
    deadline = time.monotonic() + WAIT_S
    first = ""
    while not first.startswith("solve:") and time.monotonic() < deadline:
        if watch.select(timeout=1.0):
            first = proc.stderr.readline()
            if not first and proc.poll() is not None:
                break
    assert first.startswith("solve:"), first
    proc.send_signal(getattr(signal, name))
    out, err = proc.communicate(timeout=WAIT_S)
    assert proc.returncode == 0, err
    assert json.loads(out)["stopped"] == "interrupted"


def test_terrace_analyze_and_perft(capsys):
    opening = ROOT / "examples" / "terrace" / "opening.pyr.json"
    code, out, _ = run(capsys, "analyze", opening, ROOT / "examples/terrace/repetition.pyr.json")
    assert code == 0
    first, second = map(json.loads, out.splitlines())
    assert first["game"] == "terrace"
    assert first["legal_move_count"] == 17
    assert first["stones"] == {"white": 7, "black": 7}
    assert second["to_move"] == "black"
    assert [run(capsys, "perft", opening, d)[1] for d in (1, 2, 3, 4)] == [
        "17\n",
        "261\n",
        "5408\n",
        "110166\n",
    ]


def test_open_without_a_display_says_how_to_render(capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code, _, err = run(capsys, "open")
    assert code == 2
    assert "no display" in err
    assert "pyramid-lab render" in err
    first_lesson = sorted(
        (ROOT / "model" / "data" / "lessons" / "partition").glob("*.lesson.json")
    )[0]
    assert f"pyramid-lab render {first_lesson} -o" in err  # without a file: the first lesson


def test_the_commands_open_prints_without_a_display_run_as_printed(tmp_path, capsys, monkeypatch):
    # issue 63: they said `pyramid-lab render ...`, which no shell finds unless the
    # environment is activated; now the program's own path (or `pyramid-lab` where that is
    # it on PATH), the file's absolute path, run from another folder. What open prints is
    # asked of the command's main here (run as `python -m pyramid_lab.viewer.cli`, it names
    # the same program: the script beside this Python); the line printed runs as a process.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    example = ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json"
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.chdir(ROOT)
    code, _, err = run(capsys, "open", example.relative_to(ROOT))
    assert code == 2
    lines = [line.strip() for line in err.splitlines()]
    render = next(line for line in lines if " render " in line)
    window = next(line for line in lines if line.startswith("xvfb-run -a "))
    program = shlex.split(render)[0]
    assert shlex.split(window)[2:] == [program, "open", str(example)]
    assert os.access(program, os.X_OK) or program == "pyramid-lab"
    done = subprocess.run(
        render, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "position.png").stat().st_size > 0


# ---- issue 12: bad input never ends in a traceback -----------------------------------------


def test_analyze_reports_deep_and_huge_files_on_their_lines(capsys, tmp_path):
    deep = tmp_path / "deep.pyr.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    huge = tmp_path / "huge.pyr.json"
    huge.write_text('{"format": ' + "7" * 5000 + "}")
    good = ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json"
    code, out, err = run(capsys, "analyze", deep, good, huge, tmp_path)
    assert code == 2
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["file"] for line in lines] == [str(deep), str(good), str(huge), str(tmp_path)]
    assert lines[0]["error"] == f"{deep}: lists or objects nested too deeply"
    assert lines[1]["game"] == "partition"
    assert "a number of 5000 digits" in lines[2]["error"]
    assert "a directory" in lines[3]["error"]
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("output", "words"),
    [
        ("nodir/x.png", "the folder"),
        ("x.txt", "'.txt' is not a picture extension; use one of .png, .jpg"),
        ("x", "no extension"),
        ("sub.png", "a folder, cannot be replaced"),
    ],
)
def test_render_checks_the_output_before_drawing(capsys, tmp_path, monkeypatch, output, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub.png").mkdir()
    code, out, err = run(capsys, "render", ROOT / "examples/pyraos/empty.pyr.json", "-o", output)
    assert code == 2
    assert out == ""
    assert words in err
    assert err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub.png"]


def test_render_prints_the_file_written_and_replaces_it_whole(capsys, tmp_path, monkeypatch):
    from pyramid_lab.model import files

    real = tmp_path / "pictures" / "board.PNG"
    real.parent.mkdir()
    link = tmp_path / "link.png"
    link.symlink_to(real)
    example = ROOT / "examples/pyraos/empty.pyr.json"
    code, out, _ = run(capsys, "render", example, "-o", link, "--size", "64x48")
    assert code == 0
    assert out == f"{real}\n"
    assert real.read_bytes().startswith(b"\x89PNG")
    assert link.is_symlink()
    before = real.read_bytes()

    def full(src, dst, **at):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.saving.os, "replace", full)
    code, out, err = run(capsys, "render", example, "-o", link, "--size", "80x60")
    assert code == 2
    assert err == f"pyramid-lab: cannot write {link}: No space left on device\n"
    assert real.read_bytes() == before
    assert sorted(p.name for p in real.parent.iterdir()) == ["board.PNG"]


def test_verify_prints_a_line_per_puzzle_and_fails_on_a_wrong_one(capsys, tmp_path):
    raw = json.loads((ROOT / "examples/partition/t5-around-a-corner-ball.pyr.json").read_text())
    files = []
    for name, within, solution in (("ok", 3, "2,0,0"), ("wrong", 2, "2,0,0")):
        raw["puzzle"] = {
            "goal": {"side": "red", "result": "win", "within": within},
            "solution": [solution],
        }
        path = tmp_path / f"{name}.pyr.json"
        path.write_text(json.dumps(raw))
        files.append(path)
    code, out, err = run(capsys, "verify", *files)
    assert code == 2
    ok, wrong = (json.loads(line) for line in out.splitlines())
    assert ok["verified"] is True
    assert ok["plies"] == 3
    assert sorted(ok["cooks"]) == ["0,0,2", "0,2,0"]
    assert wrong["verified"] is False
    assert wrong["result"] == "disproven"
    assert "wrong.pyr.json: not verified" in err
    code, out, err = run(capsys, "verify", "--no-cooks", files[0])
    assert code == 2
    assert json.loads(out)["reason"] == "cooked: 0,2,0, 0,0,2 also win"
    code, out, _ = run(capsys, "verify", ROOT / "examples/pyraos/top-in-one.pyr.json")
    assert code == 2
    assert "states no goal" in json.loads(out)["error"]


def test_verify_text_says_key_cooks_and_line_in_sentences(capsys, tmp_path):
    raw = json.loads((ROOT / "examples/partition/t5-around-a-corner-ball.pyr.json").read_text())
    raw["puzzle"] = {"goal": {"side": "red", "result": "win", "within": 3}, "solution": ["2,0,0"]}
    keyed = tmp_path / "keyed.pyr.json"
    keyed.write_text(json.dumps(raw))
    code, out, _ = run(capsys, "verify", "--text", keyed)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{keyed}: red wins within 3 plies"
    assert lines[1] == "  Verified, but cooked"
    assert "  Key move 2,0,0: wins" in lines
    cooks = next(line for line in lines if "Cooks" in line)
    assert "0,2,0 (in " in cooks
    assert "2,0,0" not in cooks  # the key is not its own cook
    assert any(line.startswith("  Main line, against the longest defence: ") for line in lines)
    # No solution given: several first moves win, so none is called the key.
    del raw["puzzle"]["solution"]
    bare = tmp_path / "bare.pyr.json"
    bare.write_text(json.dumps(raw))
    code, out, _ = run(capsys, "verify", bare)
    assert sorted(json.loads(out)["cooks"]) == ["0,0,2", "0,2,0", "2,0,0"]
    code, out, _ = run(capsys, "verify", "--text", bare)
    assert "No solution given, and 3 first moves win: no single key" in out
    assert "Winning moves: " in out


def test_verify_without_a_solution_does_not_call_the_only_winner_a_cook(capsys):
    """The one winning first move of a puzzle with no solution is its key, not a cook."""
    path = ROOT / "model/data/puzzles/partition/floating-3-win-in-1-a.pyr.json"
    raw = json.loads(path.read_text())
    del raw["puzzle"]["solution"]
    from pyramid_lab.model.files import from_json
    from pyramid_lab.model.search import knowledge_for, verify

    doc = from_json(raw)
    verdict = verify(doc.game, doc.puzzle, knowledge=knowledge_for(doc.game))
    assert verdict.key == "0,0,0"
    assert verdict.cooks == []
    assert ("plain", "No solution given: 0,0,0 is the only winning move") in verdict.sentences()
    assert ("plain", "red wins in 1 ply at best") in verdict.sentences()


def test_verify_refuses_a_game_of_chance_and_says_why(capsys, tmp_path):
    raw = json.loads((ROOT / "examples/rolling/two-players-new.pyr.json").read_text())
    raw["puzzle"] = {"goal": {"side": "red", "result": "win", "within": 3}}
    path = tmp_path / "dice.pyr.json"
    path.write_text(json.dumps(raw))
    code, out, err = run(capsys, "verify", path)
    assert code == 2
    assert "game of chance (dice)" in json.loads(out)["error"]
    assert err == (
        f"pyramid-lab: {path}: Rolling Pyramids is a game of chance (dice): forced wins are "
        "proven only in games without chance, so puzzles of this game cannot be verified or "
        "solved\n"
    )


def test_analyze_tells_rolling_fights_as_the_rules_say(capsys, tmp_path):
    # blue reinforces space 9 to 5, red's 7 take it: red holds 9 with 2 (the reinforcements
    # fall with the garrison, they do not attack again)
    raw = json.loads((ROOT / "examples/rolling/ram-against-space-9.pyr.json").read_text())
    raw["pieces"] = [p if p[0] != 9 else [9, 3, 0, "blue"] for p in raw["pieces"]]
    raw["state"]["devices"] = []
    raw["start"] = "pieces"
    raw["history"] = ["deploy a 9", "deploy f1 8", "deploy f2 8", "deploy f1 9", "deploy f2 9"]
    path = tmp_path / "reinforced.pyr.json"
    path.write_text(json.dumps(raw))
    code, out, _ = run(capsys, "analyze", "--text", path)
    assert code == 0
    assert out.endswith(
        "  round 1's fights:\n"
        "    8: red reinforces to 7\n"
        "    9: blue reinforces to 5\n"
        "    9: red 7 attacks blue 5: red takes it with 2\n"
    )
    assert "red (Anubians): 2 spaces (8, 9)" in out
