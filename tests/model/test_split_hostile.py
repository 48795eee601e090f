"""The split solve against a hostile machine and a careless user (issue 44): its cluster
refuses a client without the solve's credentials, --scheduler refuses a plain scheduler
and takes TLS, a checkpoint folder of a FIFO, a link to /dev/zero or JSON nested past
reason is one line and never a hang, units edited by hand are proven again (the answer
stays right), and an interrupt during the cluster's shutdown keeps the answer."""

from __future__ import annotations

import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_lab.model.files import read
from pyramid_lab.model.search import cluster, knowledge_for, split_cluster
from pyramid_lab.model.search.split import UnitRun
from pyramid_lab.model.search.split_checkpoint import HEADER, Checkpoint, solve_key
from pyramid_lab.model.search.split_cluster import dask_client, shielded
from pyramid_lab.viewer.cli import main
from tests.model.handed import search_key
from tests.patience import WAIT_S

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "partition"
#: Settled by the rules: the checkpoint is opened, no cluster is started.
FINISHED = EXAMPLES / "t6-full-red-wins.pyr.json"


pytestmark = pytest.mark.usefixtures("split_solve_dirs")


def game_of(name: str):
    return read(EXAMPLES / f"{name}.pyr.json").game


# ---- the cluster is closed ------------------------------------------------------------------


#: What the probe of issue 44 did, as another user of the machine would: a plain Dask
#: client asks the workers for the uid they run as. Run in an interpreter of its own.
INTRUDER = """
import os, sys, threading
from distributed import Client
from distributed.security import Security
address = sys.argv[1]

def attempt(name, connect):
    try:
        client = connect()
        print(name, "served: uid", client.run(os.getuid), flush=True)
        client.close()
    except Exception as exc:
        print(name, "refused:", type(exc).__name__, flush=True)

for name, connect in (
    ("plain", lambda: Client(address, timeout=5)),
    ("tcp", lambda: Client(address.replace("tls://", "tcp://"), timeout=5)),
    ("other CA", lambda: Client(address, timeout=5, security=Security.temporary())),
):
    # each attempt bounded: Dask's timeout bounds the connection, and an attempt stalled
    # past it on a loaded machine (minutes, once) is not served either
    thread = threading.Thread(target=attempt, args=(name, connect), daemon=True)
    thread.start()
    thread.join(60)
    if thread.is_alive():
        print(name, "unanswered: after 60 s", flush=True)
sys.stdout.flush()
os._exit(0)  # (a client that failed may keep its loop's thread: the exit waits for none)
"""


def _http_status(port: int, path: str) -> int:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def test_the_solves_cluster_refuses_a_client_without_its_credentials():
    with dask_client(1, None) as client:
        address = client.scheduler.address
        assert address.startswith("tls://127.0.0.1:")
        assert client.run(os.getpid)  # the solve's own client is served
        # the web servers (plain HTTP, whatever the comm) serve nothing of the solve
        info = client.scheduler_info()
        ports = [info["services"]["dashboard"]]
        ports += [w["services"]["dashboard"] for w in info["workers"].values()]
        assert len(ports) == 2
        for port in ports:
            for path in ("/info/main/workers.html", "/json/identity.json", "/health", "/status"):
                assert _http_status(port, path) == 404, (port, path)
        probe = subprocess.run(
            [sys.executable, "-c", INTRUDER, address],
            capture_output=True,
            text=True,
            timeout=WAIT_S,
        )
    said = probe.stdout + probe.stderr[-2000:]
    names = [
        re.split(r" (?:refused|unanswered|served):", line)[0] for line in probe.stdout.splitlines()
    ]
    assert set(names) == {"plain", "tcp", "other CA"}, said  # (a stalled one may end late)
    assert "served" not in probe.stdout, said


def test_a_plain_scheduler_is_refused_unless_asked_for_and_tls_needs_its_files(tmp_path):
    with pytest.raises(cluster.SchedulerError, match="is not a tls:// address: anyone who reaches"):
        cluster.scheduler_security("tcp://10.0.0.5:8786")
    with pytest.raises(cluster.SchedulerError, match="is not a tls:// address"):
        cluster.scheduler_security("10.0.0.5:8786")
    assert cluster.scheduler_security("tcp://10.0.0.5:8786", insecure=True) is None
    with pytest.raises(cluster.SchedulerError, match="needs TLS credentials"):
        cluster.scheduler_security("tls://10.0.0.5:8786")
    with pytest.raises(cluster.SchedulerError, match="needs --tls-ca-file as well"):
        cluster.scheduler_security("tls://10.0.0.5:8786", cert=str(tmp_path / "c.pem"))
    with pytest.raises(cluster.SchedulerError, match="--tls-ca-file: no such file: "):
        cluster.scheduler_security(
            "tls://10.0.0.5:8786", ca_file=str(tmp_path / "ca.pem"), cert=str(tmp_path / "c")
        )
    # a FIFO, a link to /dev/zero or a huge file is refused before Dask's TLS reads it
    os.mkfifo(tmp_path / "ca.fifo")
    (tmp_path / "zero.pem").symlink_to("/dev/zero")
    with (tmp_path / "big.pem").open("wb") as big:
        big.truncate(2 * 1024 * 1024)
    (tmp_path / "cert.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    for ca, said in (
        ("ca.fifo", "a named pipe (FIFO), not a certificate or key file"),
        ("zero.pem", "a character device, not a certificate or key file"),
        ("big.pem", "too big: 2,097,152 bytes"),
    ):
        began = time.monotonic()
        with pytest.raises(
            cluster.SchedulerError, match=rf"^--tls-ca-file .*{ca}: {re.escape(said)}"
        ):
            cluster.scheduler_security(
                "tls://10.0.0.5:8786",
                ca_file=str(tmp_path / ca),
                cert=str(tmp_path / "cert.pem"),
            )
        assert time.monotonic() - began < WAIT_S  # (a FIFO read would hang for ever)


def test_the_command_line_says_what_a_scheduler_needs_in_one_line(capsys, monkeypatch):
    # nobody listens on port 1: refused at once, but the client tries again until its
    # connect time is over (10 s in the program; 1 s is enough to say so here)
    monkeypatch.setattr(split_cluster, "CONNECT_SECONDS", 1.0)
    for argv, said in (
        (["--scheduler", "tcp://127.0.0.1:1"], "is not a tls:// address"),
        (["--scheduler", "tls://127.0.0.1:1"], "needs TLS credentials"),
        (["--scheduler", "tcp://127.0.0.1:1", "--insecure-scheduler"], "cannot reach"),
    ):
        code = main(["solve", str(EXAMPLES / "empty-base3-stacking.pyr.json"), "--no-book", *argv])
        out, err = capsys.readouterr()
        assert code == 2
        assert out == ""
        last = err.splitlines()[-1]
        assert last.startswith("pyramid-lab: error: --scheduler: ")
        assert said in last
        assert len(last) <= 400


def test_a_solve_on_an_existing_tls_cluster_with_its_files(tmp_path, monkeypatch):
    from distributed import LocalCluster
    from distributed.security import Security

    from pyramid_lab.model.search import split_worker

    # (the worker's solver and its table kept for this test only, not for this process)
    monkeypatch.setattr(split_worker, "_SOLVER", {})
    monkeypatch.setattr(split_worker, "_SHARED", {})

    own = Security.temporary()
    files = {}
    for name, pem in (("ca", own.tls_ca_file), ("cert", own.tls_client_cert)):
        path = tmp_path / f"{name}.pem"
        path.write_text(pem)
        path.chmod(0o600)
        files[name] = str(path)
    if own.tls_client_key:
        (tmp_path / "key.pem").write_text(own.tls_client_key)
        files["key"] = str(tmp_path / "key.pem")
    # (its worker a thread of this process: what is checked is the client's way in with
    # the files; worker processes of a cluster: test_split.py and the solve's own above)
    with LocalCluster(
        n_workers=1, processes=False, protocol="tls://", security=own, dashboard_address=":0"
    ) as local:
        address = local.scheduler_address
        security = cluster.scheduler_security(
            address, ca_file=files["ca"], cert=files["cert"], key=files.get("key")
        )
        split = cluster.split_solve(
            game_of("empty-base3-stacking"),
            scheduler=address,
            security=security,
            book=False,
            table_mb=64,
            checkpoint=False,
            max_seconds=120,
            knowledge_of=knowledge_for,
        )
    assert split.result.value == "loss"
    assert split.secure


# ---- checkpoints are user files too ----------------------------------------------------------


def _warned(folder: pathlib.Path, capsys) -> str:
    """solve on a finished position with ``folder`` as the checkpoint: its one warning."""
    code = main(["solve", str(FINISHED), "--workers", "2", "--checkpoint", str(folder)])
    out, err = capsys.readouterr()
    assert code == 0
    assert json.loads(out)["value"] == "win"
    assert err.count("\n") == 1, err
    assert err.startswith("pyramid-lab: warning: checkpoint ")
    assert len(err) <= 401
    return err


def test_a_fifo_header_is_one_line_not_a_hang(tmp_path, capsys):
    folder = tmp_path / "ck"
    folder.mkdir()
    os.mkfifo(folder / HEADER)
    (folder / "d2-abc.json").write_text("{}")
    answered: list[str] = []
    worker = threading.Thread(target=lambda: answered.append(_warned(folder, capsys)))
    began = time.monotonic()
    worker.start()
    worker.join(timeout=WAIT_S)
    assert not worker.is_alive(), "solve hung on a FIFO"
    assert time.monotonic() - began < WAIT_S
    assert "(FIFO), not a checkpoint file" in answered[0]
    assert "not trusted" in answered[0]


def test_a_link_to_dev_zero_is_one_line_and_no_advice_about_the_table(tmp_path, capsys):
    folder = tmp_path / "ck"
    folder.mkdir()
    (folder / HEADER).symlink_to("/dev/zero")
    said = _warned(folder, capsys)
    assert "a device" in said or "not a checkpoint file" in said
    assert "--table-mb" not in said


def test_a_header_nested_past_reason_is_one_line_not_a_traceback(tmp_path, capsys):
    folder = tmp_path / "ck"
    folder.mkdir()
    (folder / HEADER).write_text("[" * 50_000 + "]" * 50_000)
    said = _warned(folder, capsys)
    assert "checkpoint.json" in said
    assert "Traceback" not in said


def test_units_flipped_by_hand_are_proven_again_and_the_answer_stays_right(
    tmp_path, capsys, thread_scheduler
):
    game = game_of("empty-base3-stacking")  # the second player (blue) wins
    folder = tmp_path / "ck"
    first = cluster.split_solve(
        game,
        scheduler=thread_scheduler,
        book=False,
        table_mb=64,
        checkpoint=folder,
        knowledge_of=knowledge_for,
    )
    assert first.result.value == "loss"
    units = sorted(folder.glob("d*.json"))
    assert units
    for path in units:  # every settled unit turned into its opposite, digests kept
        raw = json.loads(path.read_text())
        raw["value"] = {"win": "loss", "loss": "win"}.get(raw["value"], raw["value"])
        path.write_text(json.dumps(raw))
    warned: list[str] = []
    again = cluster.split_solve(
        game,
        scheduler=thread_scheduler,
        book=False,
        table_mb=64,
        checkpoint=folder,
        warn=warned.append,
        knowledge_of=knowledge_for,
    )
    assert again.result.value == "loss"
    assert {m[1] for m in again.result.first_moves} == {"loss"}
    assert again.units.from_checkpoint == 0
    assert again.units.rejected == len(units)
    assert again.units.proven > 0  # proven again here, whichever units the root needed
    assert again.units.reproved <= len(units)
    report = again.to_json()["units"]
    assert (report["trusted"], report["rejected"]) == (0, len(units))
    assert len(warned) == 1
    assert f"{len(units)} unit files damaged or changed" in warned[0]
    # proven again, the units are whole again: a third run trusts what it finds
    # (a changed unit the root did not need again stays changed: not trusted again)
    third = cluster.split_solve(
        game,
        scheduler=thread_scheduler,
        book=False,
        table_mb=64,
        checkpoint=folder,
        knowledge_of=knowledge_for,
    )
    assert third.result.value == "loss"
    assert third.units.rejected == again.units.rejected - again.units.reproved


def test_a_secret_it_cannot_make_leaves_the_digests_unkeyed_and_says_so(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("mine")
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(blocker))
    game = game_of("empty-base3-floating")
    store = Checkpoint(tmp_path / "ck", solve_key(game, 2, 200, 64, key=search_key))
    assert store.secret == b""
    assert store.secret_note.startswith(f"{blocker / 'checkpoint.key'}: ")
    store.open()
    store.write("d2-abc", "win", 9, 1, 0.1)
    assert Checkpoint(tmp_path / "ck", solve_key(game, 2, 200, 64, key=search_key)).open()[0] == {
        "d2-abc": ("win", 9)
    }


def test_the_secret_is_the_users_alone(tmp_path):
    from pyramid_lab.model.userfiles import CHECKPOINT_KEY_FILE, checkpoint_secret

    secret, note = checkpoint_secret()
    assert (len(secret), note) == (32, "")
    path = pathlib.Path(os.environ["PYRAMID_LAB_CONFIG"]) / CHECKPOINT_KEY_FILE
    assert path.stat().st_mode & 0o777 == 0o600
    assert checkpoint_secret() == (secret, "")  # made once, kept


# ---- an answer once found is never lost ------------------------------------------------------


def test_an_interrupt_during_the_shutdown_keeps_the_answer(monkeypatch):
    from distributed import LocalCluster

    closing = LocalCluster.close

    def close_then_interrupted(self, *args, **kwargs):
        closing(self, *args, **kwargs)
        raise KeyboardInterrupt  # Ctrl+C as the cluster went down

    monkeypatch.setattr(LocalCluster, "close", close_then_interrupted)
    split = cluster.split_solve(
        game_of("empty-base3-stacking"),
        workers=1,  # (the shutdown of the solve's own cluster; 2 workers: test_split.py)
        book=False,
        table_mb=64,
        checkpoint=False,
        knowledge_of=knowledge_for,
    )
    assert split.shutdown_interrupted
    assert split.result.value == "loss"
    assert split.to_json()["shutdown_interrupted"] is True


def test_an_interrupt_after_the_root_settled_before_the_search_let_go_keeps_the_answer(
    monkeypatch, thread_scheduler
):
    """Ctrl+C after the last unit settled the root but while the search still cancels the
    units it no longer needs (and, on an existing cluster, has its workers let go of the
    shared table): the answer stands."""

    searching = UnitRun.go

    def go_then_interrupted(self):
        searching(self)
        self.done = False  # as if the interrupt came before go() had ended
        raise KeyboardInterrupt

    monkeypatch.setattr(UnitRun, "go", go_then_interrupted)
    split = cluster.split_solve(
        game_of("empty-base3-stacking"),
        scheduler=thread_scheduler,
        book=False,
        table_mb=64,
        checkpoint=False,
        knowledge_of=knowledge_for,
    )
    assert split.result.value == "loss"
    assert split.shutdown_interrupted


def test_a_signal_during_the_shutdown_waits_until_it_is_over():
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    steps = []

    def shutdown() -> None:
        with shielded():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
            steps.append("closed")  # not cut short by the interrupt

    with pytest.raises(KeyboardInterrupt):
        shutdown()
    assert steps == ["closed"]


def test_ctrl_c_before_the_answer_still_interrupts(monkeypatch, thread_scheduler):

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(UnitRun, "go", interrupted)
    with pytest.raises(KeyboardInterrupt):
        cluster.split_solve(
            game_of("empty-base3-stacking"),
            scheduler=thread_scheduler,
            book=False,
            table_mb=64,
            checkpoint=False,
            knowledge_of=knowledge_for,
        )


if sys.platform != "linux":  # pragma: no cover
    pytestmark = pytest.mark.skip("Linux only: FIFOs, /dev/zero, signals")


# ---- fuzzed checkpoint files -------------------------------------------------------------------


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


#: PYRAMID_FUZZ=full: ten times as many examples (as the files' fuzzers, test_files_fuzz.py)
FULL = os.environ.get("PYRAMID_FUZZ") == "full"


@settings(
    max_examples=1000 if FULL else 100,  # (each writes and reads a checkpoint: a sync or two)
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    header=st.one_of(st.binary(max_size=200), JSONISH.map(lambda v: json.dumps(v).encode())),
    unit=st.one_of(st.binary(max_size=200), JSONISH.map(lambda v: json.dumps(v).encode())),
    keep_header=st.booleans(),
)
def test_a_fuzzed_checkpoint_is_read_or_named_never_raised(
    tmp_path_factory, header, unit, keep_header
):
    folder = tmp_path_factory.mktemp("ck")
    game = game_of("empty-base3-floating")
    key = solve_key(game, 2, 200, 64, key=search_key)
    store = Checkpoint(folder, key)
    store.open()
    store.write("d2-good", "win", 3, 1, 0.1)
    if not keep_header:
        (folder / HEADER).write_bytes(header)
    (folder / "d2-abc.json").write_bytes(unit)
    settled, note = Checkpoint(folder, key).open()
    assert isinstance(note, str)
    assert "\n" not in note
    assert len(note) <= 400
    if keep_header:
        assert note == ""
        assert settled == {"d2-good": ("win", 3)}  # a stranger's unit is never trusted


# ---- a unit is written in place of its name, never through it ------------------------------


@pytest.mark.parametrize("planted", ["link to a file", "link to /dev/zero", "fifo", "folder"])
def test_a_unit_is_written_in_place_of_what_was_planted_never_through_it(tmp_path, planted):
    game = game_of("empty-base3-floating")
    key = solve_key(game, 2, 200, 64, key=search_key)
    folder = tmp_path / "ck"
    store = Checkpoint(folder, key)
    assert store.open() == ({}, "")
    victim = tmp_path / "precious.txt"
    victim.write_text("the user's own\n")
    unit = folder / "d2-abc.json"
    if planted == "link to a file":
        unit.symlink_to(victim)
    elif planted == "link to /dev/zero":
        unit.symlink_to("/dev/zero")
    elif planted == "fifo":
        os.mkfifo(unit)
    else:
        unit.mkdir()
    store.write("d2-abc", "win", 9, 1, 0.1)
    assert victim.read_text() == "the user's own\n"  # never written through a link
    assert unit.is_file()
    assert not unit.is_symlink()
    aside = folder / "d2-abc.damaged.json"
    assert os.path.lexists(aside)  # what was planted, kept beside it
    settled, note = Checkpoint(folder, key).open()
    assert (settled, note) == ({"d2-abc": ("win", 9)}, "")  # the set-aside copy is no unit


def test_a_unit_that_cannot_be_written_ends_the_checkpoint_not_the_solve(
    tmp_path, monkeypatch, thread_scheduler
):
    import errno

    def full(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Checkpoint, "write", full)
    warned: list[str] = []
    split = cluster.split_solve(
        game_of("empty-base3-stacking"),
        scheduler=thread_scheduler,
        book=False,
        table_mb=64,
        checkpoint=tmp_path / "ck",
        warn=warned.append,
        knowledge_of=knowledge_for,
    )
    assert split.result.value == "loss"  # the answer stands
    assert len(warned) == 1
    assert "No space left on device" in warned[0]
    assert "goes on without keeping its units" in warned[0]
    assert len(warned[0]) <= 400
    assert split.checkpoint_note == warned[0]


# ---- the solve's own damaged folder is set aside; a folder the user named is left ------------


def test_the_solves_own_damaged_folder_is_set_aside_and_a_fresh_one_starts():
    from pyramid_lab.model.search.split import expand
    from pyramid_lab.model.search.split_checkpoint import default_checkpoint

    game = read(FINISHED).game
    folder = default_checkpoint(game, expand(game, None, key=search_key).plies, 200, key=search_key)
    folder.mkdir(parents=True)
    os.mkfifo(folder / HEADER)
    warned: list[str] = []
    began = time.monotonic()
    split = cluster.split_solve(
        game, workers=2, checkpoint=True, warn=warned.append, knowledge_of=knowledge_for
    )
    assert time.monotonic() - began < WAIT_S  # (a FIFO read would hang for ever)
    assert split.result.value == "win"
    assert len(warned) == 1
    assert len(warned[0]) <= 400
    assert "was damaged (checkpoint.json: a named pipe (FIFO)" in warned[0]
    assert f"kept as {folder.name}.damaged beside it, and a fresh one starts" in warned[0]
    aside = folder.with_name(f"{folder.name}.damaged")
    assert (aside / HEADER).is_fifo()  # kept as it was, for the user to look at
    assert json.loads((folder / HEADER).read_text())["version"] == 2  # a fresh one
    assert split.checkpoint == str(folder)
    # a second damaged one does not overwrite the first set aside
    (folder / HEADER).write_text("[" * 50_000)
    cluster.split_solve(
        game, workers=2, checkpoint=True, warn=warned.append, knowledge_of=knowledge_for
    )
    assert "kept as " + f"{folder.name}.damaged-2 beside it" in warned[-1]
    assert (aside / HEADER).is_fifo()


def test_a_damaged_folder_the_user_named_is_not_moved(tmp_path, capsys):
    folder = tmp_path / "ck"
    folder.mkdir()
    (folder / HEADER).write_text("not json")
    said = _warned(folder, capsys)
    assert "not trusted (not read, not written)" in said
    assert (folder / HEADER).read_text() == "not json"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ck"]


#: A solve whose cluster shuts down only once the test has sent its signals (the file
#: TEST_SIGNALS_SENT is there), saying on stderr when it begins to. (A second's sleep was
#: the window once: a busy machine could let it pass before the second signal came.)
SLOW_SHUTDOWN = """
import os, sys, time
from distributed import LocalCluster
from pyramid_lab.viewer.cli import main

closing = LocalCluster.close

def slow_close(self, *args, **kwargs):
    print("test: closing", file=sys.stderr, flush=True)
    sent = os.environ["TEST_SIGNALS_SENT"]
    deadline = time.monotonic() + 300  # (tests/patience.py's WAIT_S)
    while not os.path.exists(sent) and time.monotonic() < deadline:
        time.sleep(0.05)
    return closing(self, *args, **kwargs)

LocalCluster.close = slow_close
if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
"""


def test_real_signals_during_the_shutdown_still_print_the_answer(tmp_path):
    """The probe of issue 44, item 4, with real signals: Ctrl+C's SIGINT and then SIGTERM
    sent to the solve while its cluster shuts down, after every unit settled."""
    script = tmp_path / "slow_shutdown.py"
    script.write_text(SLOW_SHUTDOWN)
    position = EXAMPLES / "empty-base3-stacking.pyr.json"
    argv = ["solve", str(position), "--no-book", "--workers", "2", "--table-mb", "64"]
    argv += ["--quiet", "--checkpoint", str(tmp_path / "ck")]
    sent = tmp_path / "signals-sent"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TEST_SIGNALS_SENT": str(sent)}
    solve = subprocess.Popen(
        [sys.executable, str(script), *argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert solve.stderr is not None
        said = []
        for line in solve.stderr:  # until the shutdown begins
            said.append(line)
            if line.startswith("test: closing"):
                break
        else:
            pytest.fail("the solve ended before its shutdown: " + "".join(said)[-2000:])
        solve.send_signal(signal.SIGINT)
        time.sleep(0.2)
        solve.send_signal(signal.SIGTERM)
        sent.touch()  # both sent while the cluster shuts down: it may go on
        out, rest = solve.communicate(timeout=WAIT_S)
    finally:
        if solve.poll() is None:
            solve.kill()
            solve.wait()
    err = "".join(said) + rest
    assert solve.returncode == 0, err[-2000:]
    report = json.loads(out)
    assert report["value"] == "loss"
    assert report["shutdown_interrupted"] is True
    assert "interrupted while the cluster shut down, after the answer: it stands" in err
    assert "pyramid-lab: interrupted" not in err
    assert "Traceback" not in err
