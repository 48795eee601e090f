"""Benchmark: ``pyramid-lab solve`` of one position by two checkouts of the project, side by
side in one run (issue 32: the one compiled solver against the Pyraos solver it replaced).

Run by hand:
  git worktree add /tmp/before <commit>      # the code to compare with (or any copy)
  nice -n 10 .venv/bin/python tests/bench/solve_side_by_side.py --before /tmp/before \\
      [--file examples/pyraos/empty-children.pyr.json] [--table-mb 2048] [--one-at-a-time]

Both solves run at the same time by default, so a machine loaded by others slows both
alike (``--one-at-a-time``: the before, then the after). Each runs
``python -m pyramid_lab.viewer.cli solve --no-book FILE`` in its checkout under
``/usr/bin/time -v`` (its progress lines go to the log with time's figures, to compare the rates
of a run cut short; for the peak
memory and the CPU time; the wall time is measured here); printed are the wall and CPU
seconds, the positions searched, the table's entries, the peak resident memory, the
answer, the ratios after / before, and the load average over the run. Both must give the
same answer. Warm both checkouts' numba caches first (``python -c "from
model.search.compiled.warm import warm_up; warm_up()"`` in each), or the first compile is
counted.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]
DEFAULT_FILE = "examples/pyraos/empty-children.pyr.json"


def start(checkout: Path, file: str, table_mb: float, log: Path) -> subprocess.Popen[str]:
    command = ["/usr/bin/time", "-v", sys.executable, "-m", "pyramid_lab.viewer.cli", "solve"]
    command += ["--no-book", "--workers", "1", "--table-mb", f"{table_mb:g}", file]
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    return subprocess.Popen(
        command,
        cwd=checkout,
        env=env,
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        text=True,
    )


def finish(process: subprocess.Popen[str], began: float, log: Path) -> dict[str, object]:
    out, _ = process.communicate()
    seconds = time.perf_counter() - began
    if process.returncode != 0:
        raise SystemExit(f"a solve failed ({process.returncode}); see {log}")
    report = json.loads(out.strip().splitlines()[-1])
    text = log.read_text()
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    user = re.search(r"User time \(seconds\): ([\d.]+)", text)
    report["wall"] = seconds
    report["cpu"] = float(user.group(1)) if user else float("nan")
    report["rss_mb"] = int(rss.group(1)) / 1024 if rss else float("nan")
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the checkout to compare with")
    parser.add_argument("--after", type=Path, default=HERE, help="default: this checkout")
    parser.add_argument("--file", default=DEFAULT_FILE, help=f"default {DEFAULT_FILE}")
    parser.add_argument("--table-mb", type=float, default=2048)
    parser.add_argument("--one-at-a-time", action="store_true")
    parser.add_argument("--logs", type=Path, default=Path("/tmp"), help="time -v's output here")
    args = parser.parse_args()
    for checkout in (args.before, args.after):
        if (
            not (checkout / "viewer" / "cli").exists()
            and not (checkout / "viewer" / "cli.py").is_file()
        ):
            raise SystemExit(f"{checkout}: not a checkout of the project")
    load_before = os.getloadavg()
    reports = {}
    names = ("before", "after")
    logs = {name: args.logs / f"solve-{name}.time" for name in names}
    print(f"solve --no-book {args.file}, table {args.table_mb:g} MiB", flush=True)
    if args.one_at_a_time:
        for name in names:
            checkout = getattr(args, name)
            began = time.perf_counter()
            process = start(checkout, args.file, args.table_mb, logs[name])
            reports[name] = finish(process, began, logs[name])
    else:
        began = time.perf_counter()
        running = {n: start(getattr(args, n), args.file, args.table_mb, logs[n]) for n in names}
        for name in names:
            reports[name] = finish(running[name], began, logs[name])
    load_after = os.getloadavg()
    print(
        f"{'':8} {'answer':>12} {'wall s':>8} {'CPU s':>8} {'positions':>14} "
        f"{'table entries':>14} {'peak RSS MB':>12}"
    )
    for name in names:
        r = reports[name]
        answer = f"{r['value']} {r['plies']}"
        print(
            f"{name:8} {answer:>12} {r['wall']:8.0f} {r['cpu']:8.0f} {r['nodes']:14,} "
            f"{r['table_entries']:14,} {r['rss_mb']:12,.0f}"
        )
    b, a = reports["before"], reports["after"]
    print(
        f"{'ratio':8} {'':>12} {a['wall'] / b['wall']:8.2f} {a['cpu'] / b['cpu']:8.2f} "
        f"{a['nodes'] / b['nodes']:14.2f} {'':>14} {a['rss_mb'] / b['rss_mb']:12.2f}"
    )
    rate_b, rate_a = b["nodes"] / b["seconds"], a["nodes"] / a["seconds"]
    print(
        f"positions a CPU second: before {b['nodes'] / b['cpu']:,.0f}, after "
        f"{a['nodes'] / a['cpu']:,.0f}; a second of the solve's own clock: before "
        f"{rate_b:,.0f}, after {rate_a:,.0f} ({rate_a / rate_b:.2f}x)"
    )
    print(f"load average (1, 5, 15 min): at the start {load_before}, at the end {load_after}")
    if (a["value"], a["plies"]) != (b["value"], b["plies"]):
        raise SystemExit("the answers differ")


if __name__ == "__main__":
    main()
