"""What the classroom's browser tests share: a server started by the command line, on
127.0.0.1 and a free port, its two addresses read from what it prints."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = "test-class-code"
LESSON = ROOT / "examples" / "lessons" / "partition" / "01-corners-and-walls.lesson.json"
SECOND = ROOT / "examples" / "lessons" / "partition" / "03-a-corner-ball.lesson.json"
TERRACE = ROOT / "examples" / "lessons" / "terrace" / "01-pushes.lesson.json"


@dataclass
class Server:
    process: subprocess.Popen[str]
    students: str
    teacher: str
    results: Path
    lines: list[str]

    def stop(self, sig: int = signal.SIGTERM) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            out, _ = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, _ = self.process.communicate()
        self.lines += out.splitlines()
        return self.process.returncode


def start_server(results: Path, *lessons: Path, code: str = CODE, port: int = 0) -> Server:
    """``pyramid-lab classroom`` on 127.0.0.1 and a free port; its two addresses read from
    what it prints."""
    command = [
        sys.executable,
        "-m",
        "viewer.cli",
        "classroom",
        *map(str, lessons),
        "--port",
        str(port),
        "--code",
        code,
        "--results",
        str(results),
    ]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    lines: list[str] = []
    found: dict[str, str] = {}
    deadline = time.monotonic() + 60
    while len(found) < 2 and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip())
        match = re.match(r"(Students|Teacher)'s? page: (\S+)", line)
        if match:
            found[match.group(1)] = match.group(2)
    if len(found) < 2:
        process.kill()
        raise AssertionError("the classroom did not start:\n" + "\n".join(lines))
    return Server(process, found["Students"], found["Teacher"], results, lines)
