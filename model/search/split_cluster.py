"""The Dask cluster of a split solve (:mod:`.split`): a local one closed to anyone else
(TLS with credentials made for the solve, no web routes, quiet clocks, Ctrl+C held back
while it shuts down, the resource tracker in a session of its own), or an existing one
reached with the TLS it asks for (:func:`scheduler_security`). Nothing here names a game
or a unit: :mod:`.split` says what the cluster runs."""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any

from pyramid_lab.i18n import M_, Message, shown

from ..game import shorten
from ..words import system_reason

#: Seconds to reach an existing scheduler before saying it cannot be reached.
CONNECT_SECONDS = 10.0


class SchedulerError(ConnectionError):
    """The Dask scheduler named could not be reached (the message is one line): a Message,
    said in the language of whoever reads ``str()`` of it (as ``model.errors.SaidError``)."""

    def __str__(self) -> str:
        if len(self.args) == 1 and isinstance(self.args[0], Message):
            return shown(self.args[0])
        return super().__str__()


#: Dask's settings for the local cluster: its servers' own clocks wake them fifty times a
#: second (the event loop's watch) and a hundred (each worker's profiler); on a machine
#: whose every core has a worker, each wake-up takes a core from a search and spoils its
#: caches (2 workers on 2 cores searched 15 % slower a position than 1). What they
#: watch is for a dashboard that this cluster does not have.
QUIET = {
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.profile.enabled": False,
    "distributed.worker.profile.interval": "1s",
    "distributed.worker.profile.cycle": "10s",
}


def scheduler_security(
    address: str,
    *,
    ca_file: str | None = None,
    cert: str | None = None,
    key: str | None = None,
    insecure: bool = False,
) -> Any:
    """The Dask ``Security`` to reach the existing scheduler at ``address``: TLS with the
    files given, else with Dask's own configuration (``distributed.comm.tls.*``). Connecting
    to a scheduler means running code on its workers and taking pickles back from them, so a
    plain ``tcp://`` one (anyone who reaches it can do the same, as you) is refused unless
    ``insecure`` says so. SchedulerError (one line) for what cannot work."""
    from distributed.security import Security

    plain = not address.startswith("tls://")
    if plain and not insecure:
        raise SchedulerError(
            M_(
                "{address} is not a tls:// address: anyone who reaches a plain scheduler can "
                "run code on its workers and on this machine through them; use tls:// with "
                "--tls-ca-file, --tls-cert and --tls-key (or Dask's distributed.comm.tls "
                "configuration), or --insecure-scheduler on a network you trust",
                address=shorten(address),
            )
        )
    if plain:
        return None
    given = {"tls_ca_file": ca_file, "tls_client_cert": cert, "tls_client_key": key}
    if any(v is not None for v in given.values()):
        missing = [n for n, v in (("--tls-ca-file", ca_file), ("--tls-cert", cert)) if v is None]
        if missing:
            raise SchedulerError(
                M_("a TLS scheduler needs {option} as well", option=missing[0])
                if len(missing) == 1
                else M_(
                    "a TLS scheduler needs {first} and {second} as well",
                    first=missing[0],
                    second=missing[1],
                )
            )
        options = ("--tls-ca-file", "--tls-cert", "--tls-key")
        for option, path in zip(options, given.values(), strict=True):
            if path is not None:
                _check_pem(option, path)
        return Security(**given, require_encryption=True)
    security = Security(require_encryption=True)  # Dask's configuration, if it has TLS
    configured = (getattr(security, name, None) for name in ("tls_ca_file", "tls_client_cert"))
    if not all(configured):
        raise SchedulerError(
            M_(
                "{address} needs TLS credentials: --tls-ca-file, --tls-cert and --tls-key, or "
                "Dask's distributed.comm.tls configuration",
                address=shorten(address),
            )
        )
    return security


#: The local cluster's web servers serve nothing: the scheduler's and each worker's answer
#: plain HTTP on 127.0.0.1 whatever the comm's TLS, to anyone on the machine, with the
#: solve's workers, tasks, logs and call stacks (``/info``, ``/json``); this cluster has no
#: dashboard to show, so no route is served (each answers 404).
CLOSED: dict[str, list[str]] = {
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
}


#: The largest certificate or key file read (a PEM chain is some kilobytes).
MAX_PEM_BYTES = 1024 * 1024


def _check_pem(option: str, path: str) -> None:
    """SchedulerError (one line) unless ``path`` is a regular file of at most
    :data:`MAX_PEM_BYTES` that can be read: checked as the per-user files are read (a FIFO
    or a device is refused before a byte is read, never waited on), before Dask's TLS
    reads it."""
    from ..files import read_regular_file
    from ..game import PositionFormatError

    try:
        read_regular_file(path, MAX_PEM_BYTES, "certificate or key file")
    except FileNotFoundError:
        raise SchedulerError(
            M_("{option}: no such file: {path}", option=option, path=shorten(path))
        ) from None
    except PositionFormatError as exc:
        raise SchedulerError(_file_refused(option, path, exc.reason)) from None
    except (OSError, ValueError) as exc:
        why = system_reason(exc)
        raise SchedulerError(_file_refused(option, path, shorten(why))) from None


def _file_refused(option: str, path: str, reason: str) -> Message:
    """The file ``path`` given with ``option`` refused for ``reason``."""
    return M_("{option} {path}: {reason}", option=option, path=shorten(path), reason=reason)


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """Ctrl+C and SIGTERM held back (not lost) while the cluster shuts down: one that
    comes then is raised as KeyboardInterrupt once the shutdown is over, so the cluster's
    processes are never left half closed and the answer, once had, is still given
    (:func:`split_solve`). Python's handlers, not the signal mask: a process-directed signal
    reaches whichever thread does not block it (the Dask client's loop), and its Python
    handler always runs in the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    held = (signal.SIGINT, signal.SIGTERM)
    previous = {number: signal.signal(number, lambda n, _f: caught.append(n)) for number in held}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        if caught:
            raise KeyboardInterrupt


_TRACKER: Any = None  # the resource tracker started apart (kept: never collected)


def _tracker_apart() -> Message | None:
    """Start Python's multiprocessing resource tracker in a session of its own, before the
    local cluster makes its semaphores (``/dev/shm/sem.mp-*``, a dozen for 2 workers): a
    SIGKILL of this process's whole group (a terminal's, a batch system's) then leaves the
    tracker alive, and it removes them once every process of the solve is gone, as it does
    after a normal exit. None when done, already done, or where a tracker started by
    something else runs in this process already (a script's own cluster: it stays as it is,
    as the script made it, and nothing is said); else why not, a Message (the system
    refused the process: the solve's warning says it). Uses the tracker's own start-up
    line; its two private fields (``_fd``, ``_pid``) are set as its ``ensure_running``
    sets them (Python 3.8 to 3.13)."""
    global _TRACKER
    import subprocess
    import sys
    from multiprocessing import resource_tracker, util

    tracker = resource_tracker._resource_tracker
    if _TRACKER is not None and getattr(tracker, "_pid", None) == _TRACKER.pid:
        return None
    if getattr(tracker, "_fd", None) is not None:
        return None
    read, write = os.pipe()
    command = f"from multiprocessing.resource_tracker import main;main({read})"
    try:
        process = subprocess.Popen(
            [sys.executable, *util._args_from_interpreter_flags(), "-c", command],  # type: ignore[attr-defined]  # the tracker's own flags; typeshed does not name it
            pass_fds=(read,),
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # out of this process's group: a group's kill spares it
        )
    except OSError as exc:
        os.close(write)
        return M_("no resource tracker apart: {reason}", reason=system_reason(exc))
    finally:
        os.close(read)
    _TRACKER = process
    # (the fields ensure_running sets; typeshed does not name them)
    setattr(tracker, "_fd", write)  # noqa: B010
    setattr(tracker, "_pid", process.pid)  # noqa: B010
    return None


@contextlib.contextmanager
def dask_client(
    workers: int,
    scheduler: str | None,
    security: Any = None,
    warn: Callable[[str], None] | None = None,
) -> Iterator[Any]:
    """A Dask client: of a local cluster of ``workers`` processes, one thread each, closed
    to anyone else (TLS with credentials made for this solve, held in memory only, so a
    client without them is refused), or of the existing cluster at ``scheduler`` reached
    with ``security`` (:func:`scheduler_security`; SchedulerError when it cannot be
    reached). ``warn(line)`` hears why the local cluster's resource tracker could not be
    started apart (:func:`_tracker_apart`: a kill of the process's group may then leave
    its semaphores behind)."""
    from distributed import Client
    from distributed.security import Security

    if scheduler is not None:
        client = _reached(scheduler, security)
        try:
            yield client
        finally:
            with shielded():
                client.close()
        return
    # A certificate authority and a certificate made for this cluster, in memory: the
    # scheduler, the workers and this client hold them; any other client is refused.
    own = Security.temporary()
    cluster = _local_cluster(workers, own, warn)
    try:
        client = Client(cluster, security=own)
        try:
            yield client
        finally:
            with shielded():
                client.close()
    finally:
        with shielded():
            cluster.close()


def _reached(scheduler: str, security: Any) -> Any:
    """A client of the existing cluster at ``scheduler``; SchedulerError (one line) when it
    cannot be reached."""
    from distributed import Client

    reason = ""
    try:
        return Client(scheduler, timeout=CONNECT_SECONDS, security=security)
    except Exception as exc:  # a bad address, a refused or timed-out connection
        reason = shorten(" ".join(str(exc).split()) or type(exc).__name__)
    # The half-made client is collected now: left to a later collection, its
    # __del__ closed its loop runner from inside the next client's start, and
    # distributed's LoopRunner deadlocked (the suite hung in this test, once).
    gc.collect()
    raise SchedulerError(
        M_(
            "cannot reach the Dask scheduler at {address}: {reason}",
            address=shorten(scheduler),
            reason=reason,
        )
    )


def _local_cluster(workers: int, own: Any, warn: Callable[[str], None] | None = None) -> Any:
    """The local cluster of ``workers`` processes, reached only with ``own`` credentials;
    ``warn`` hears why its resource tracker is not apart (:func:`_tracker_apart`)."""
    import dask
    from distributed import LocalCluster

    class SolveCluster(LocalCluster):
        """A local cluster that Dask's own close at the exit leaves alone (its
        ``shutdown_on_close`` always false; another cluster of the process, a script's own,
        keeps Dask's close): dask_client closes its cluster, always; one still open at the
        exit is a solve's whose thread the exit cut short (the window quit while the cluster
        started): its workers end with this process (each nanny's pipe), and Dask's close
        would hold the exit for up to 10 s more (and fail, its start still under way)."""

        @property
        def shutdown_on_close(self) -> bool:
            return False

        @shutdown_on_close.setter
        def shutdown_on_close(self, value: bool) -> None:  # (SpecCluster sets it at its start)
            pass

    # The workers are spawned while SIGINT is ignored (they inherit that): Ctrl+C in the
    # terminal reaches the whole process group, and only this process should answer it
    # (it stops the workers itself), not every worker with its own traceback.
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    not_apart = _tracker_apart()
    if not_apart is not None and warn is not None:
        warn(not_apart)
    try:
        with dask.config.set({**QUIET, **CLOSED}):
            return SolveCluster(  # type: ignore[no-untyped-call]  # (LocalCluster.__init__ is untyped)
                n_workers=workers,
                processes=True,
                threads_per_worker=1,
                host="127.0.0.1",
                protocol="tls://",
                security=own,
                # no fixed port: with None the scheduler's web server still tries 8787 and
                # warns when another solve's cluster has it (two solves at once)
                dashboard_address="127.0.0.1:0",
                # and no dashboard on it, were bokeh installed (see CLOSED)
                scheduler_kwargs={"dashboard": False},
                # the tables are bounded by table_mb: Dask's own limit (the machine's memory
                # shared out) would only pause or kill a worker whose table it did not expect
                memory_limit=0,
                # a unit that fails (a table too big for its memory) is raised here and said
                # in one line; the workers' own log of it would be a traceback on stderr, and
                # so is the scheduler's, which logs CRITICAL with a traceback when the client's
                # comm closes under a message while it still runs (a race of the shutdown: the
                # answer stands), so nothing of distributed's log passes, CRITICAL included
                silence_logs=logging.CRITICAL + 1,
            )
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
