"""The suite's runner itself (tests/conftest.py): what it sets up in each xdist worker."""

from __future__ import annotations

import socket

import pytest


def test_a_workers_line_to_the_rerun_count_sends_at_once(request: pytest.FixtureRequest):
    """pytest-rerunfailures' socket from this worker to the controller has Nagle's rule off
    (each test otherwise slept about 40 ms on it: tests/conftest.py's pytest_configure)."""
    config = request.config
    if getattr(config, "workerinput", None) is None:
        pytest.skip("one process (-n 0): no worker, no line to the controller")
    line = config.failures_db.sock  # type: ignore[attr-defined]  # (pytest-rerunfailures')
    assert line.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
