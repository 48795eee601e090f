"""Benchmark: the suite's processor time by the kind of process that spent it (issue 88
item 7): the test workers, mypy, the searches' compile, Chromium, the Dask workers, the
classroom servers and the commands the tests start, Xvfb, the set-up.

Run by hand:  .venv/bin/python tests/bench/suite_processes.py [--clone] [--every S] [-- CMD ...]

CMD (default ``bash scripts/test.sh``, what ``.ci/run`` runs) runs in the repository, or
with ``--clone`` in a fresh clone of HEAD (a new .venv, empty caches: what CI and the
issue's figures measure), while /proc is read every S seconds (0.2): each process started
under CMD, its processor time (user + system) as last read before it ended. A process that
lived less than S may be missed, so the figure CMD's shell counts of its children (as
``times`` does) is printed too: it has those, but not a process that outlived its parent
(reaped by init: Playwright's driver and its Chromium, where a worker ends first).
pytest's per-test figures (``PYRAMID_LAB_CPU_DURATIONS``) give a file's or a test's share;
this gives the whole run's, Chromium's and every command's the tests start among them,
which those figures fold into whichever test reaped them.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TICK = os.sysconf("SC_CLK_TCK")

#: (kind, a pattern of the command line), the first that matches names the process.
KINDS = (
    ("pytest worker (xdist)", r"exec\(eval\(sys\.stdin\.readline"),
    ("mypy", r"\bmypy\b"),
    ("pytest: the collect pre-pass", r"pytest .*--collect-only"),
    ("compile: a first use from an empty cache", r"-n 0 tests/model/test_first_run|lesson check"),
    ("compile: the warm-up", r"compiled\.warm|tests\.whole_kernels"),
    ("pytest: the controller", r"-m pytest\b"),
    ("Dask workers (spawned)", r"multiprocessing\.(spawn|forkserver)|distributed\.cli"),
    ("classroom servers", r"\bclassroom\b"),
    ("Chromium", r"chrom"),
    ("Playwright's driver (node)", r"\bnode\b|playwright"),
    ("Xvfb", r"Xvfb|xkbcomp"),
    ("venv, uv, pip (the set-up, the install test)", r"\buv\b|-m pip\b|-m venv\b|ensurepip"),
    ("ruff", r"\bruff\b"),
    ("Jupyter kernels (notebooks)", r"ipykernel"),
    ("other pyramid-lab commands", r"pyramid[-_]lab"),
    ("other Python", r"python"),
)


def _read(pid: str) -> tuple[int, int, float] | None:
    """(parent, start tick, processor seconds) of process ``pid``; None once gone."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            stat = file.read()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()
    return int(fields[1]), int(fields[19]), (int(fields[11]) + int(fields[12])) / TICK


def _command(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def watch(command: list[str], cwd: Path, every: float) -> tuple[dict, float, int]:
    """Run ``command``; each process under it: (pid, start) -> [command, seconds]. Also
    the command's children's exact processor time and its exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    child = subprocess.Popen(command, cwd=cwd)
    ours = {child.pid}
    seen: dict[tuple[int, int], list] = {}
    lines: dict[int, str] = {}  # each process's command line as last read
    while child.poll() is None:
        for pid in filter(str.isdigit, os.listdir("/proc")):
            read = _read(pid)
            if read is None:
                continue
            parent, start, seconds = read
            if int(pid) not in ours and parent not in ours:
                continue
            ours.add(int(pid))  # (kept after its parent ends: its children stay ours)
            entry = seen.setdefault((int(pid), start), ["", 0.0])
            if entry[0] in ("", lines.get(parent)):  # (a fork not yet run its program)
                entry[0] = _command(pid) or entry[0]
            lines[int(pid)] = entry[0]
            entry[1] = seconds
        time.sleep(every)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    exact = sum(getattr(after, f) - getattr(before, f) for f in ("ru_utime", "ru_stime"))
    return seen, exact, child.returncode


def kind_of(command: str) -> str:
    for kind, pattern in KINDS:
        if re.search(pattern, command):
            if kind == "Chromium":
                found = re.search(r"--type=([\w-]+)", command)
                return f"Chromium: {found.group(1) if found else 'browser'}"
            return kind
    return "other: " + (command.split(" ")[0].rsplit("/", 1)[-1] or "?")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clone", action="store_true", help="run in a fresh clone of HEAD")
    parser.add_argument("--every", type=float, default=0.2, help="seconds between reads")
    parser.add_argument(
        "command", nargs=argparse.REMAINDER, help="what to run, after -- (bash scripts/test.sh)"
    )
    args = parser.parse_args()
    given = args.command[1:] if args.command[:1] == ["--"] else args.command
    command = given or ["bash", "scripts/test.sh"]
    with tempfile.TemporaryDirectory(prefix="suite-processes-") as folder:
        cwd = ROOT
        if args.clone:
            cwd = Path(folder) / "clone"
            subprocess.run(["git", "clone", "-q", str(ROOT), str(cwd)], check=True)
        # (scripts/test.sh unsets it itself; another command's Python would compile every
        # module it imports again in each process)
        unwritten = bool(given) and "PYTHONDONTWRITEBYTECODE" in os.environ
        env_note = " (under PYTHONDONTWRITEBYTECODE)" if unwritten else ""
        began, own = time.perf_counter(), time.process_time()
        seen, exact, status = watch(command, cwd, args.every)
        wall, own = time.perf_counter() - began, time.process_time() - own
    kinds: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for line, seconds in seen.values():
        kind = kinds[kind_of(line)]
        kind[0] += seconds
        kind[1] += 1
    read = sum(seconds for seconds, _ in kinds.values())
    print(f"{' '.join(command)}: exit {status}, {wall:.0f} s wall{env_note}")
    for kind, (seconds, count) in sorted(kinds.items(), key=lambda kv: -kv[1][0]):
        print(f"{seconds:8.1f} s {seconds / (read or 1):6.1%} {count:5d} processes  {kind}")
    print(f"{read:8.1f} s in all read from /proc (the shares' whole); this reader {own:.1f} s")
    print(
        f"{exact:8.1f} s as the command's shell counts its children (a process that ended"
        " after its parent, reaped by init, is not in it; one that lived less than"
        f" {args.every} s is only in it)"
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
