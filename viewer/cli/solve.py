"""``pyramid-lab solve FILE``: prove the value of a position by search (Ctrl+C stops it
with a report). With more than one worker (the default: the machine's cores) or a Dask
scheduler's address, the split solve (``model.search.cluster.split_solve``): work units proven on
a Dask cluster, settled units kept in a checkpoint folder so that a solve started again
skips them; ``--workers 1`` is the single search in this process. Given none of
``--workers``, ``--scheduler``, ``--checkpoint``, the single search has
:data:`QUICK_SECONDS` first: what it settles needs no cluster."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from pyramid_lab import i18n
from pyramid_lab.i18n import N_, _, format_number, ngettext

from .argtypes import bounded, non_negative
from .common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    bad_input,
    error_line,
    no_memory,
    read_or_say,
    shown,
    system_said,
)
from .options import FILE, MAX_SECONDS, QUIET, TABLE_MB, Option, add_options, flag

if TYPE_CHECKING:
    from pyramid_lab.model.game import Game
    from pyramid_lab.model.search import SolveResult, cluster

#: Seconds the single search has, when no --workers, --scheduler or --checkpoint is given,
#: to settle a position before the split solve starts a cluster (which takes seconds).
QUICK_SECONDS = 3.0
#: The least time a cluster is started for, after those: a local cluster takes seconds to
#: start (2 workers at load 15: over 5 s, as long again to close), so with less than this
#: left the single search has the whole --max-seconds (issue 109 item 22: 10 s took 13-46 s
#: of wall time, a cluster started with 5 s left).
CLUSTER_LEAST = 30.0


#: The split solve's options: its workers, the cluster it runs on and how it is reached,
#: its checkpoint and its work units.
SPLIT_OPTIONS = (
    Option(
        "--workers",
        type=bounded(1, 1024),
        metavar="N",
        help=N_(
            "worker processes of a local Dask cluster for the split solve (default: the "
            "machine's cores); 1: the single search in this process"
        ),
    ),
    Option(
        "--scheduler",
        metavar="ADDRESS",
        help=N_(
            "run the split solve on the existing Dask cluster of this scheduler "
            "(tls://10.0.0.5:8786) instead of a local one: its workers run this program's code "
            "and send pickles back, so use TLS and only a cluster you trust"
        ),
    ),
    Option(
        "--tls-ca-file",
        metavar="PEM",
        help=N_(
            "with a tls:// --scheduler: the certificate authority that signed the "
            "cluster's certificates (default: Dask's distributed.comm.tls configuration)"
        ),
    ),
    Option("--tls-cert", metavar="PEM", help=N_("with --tls-ca-file: this client's certificate")),
    Option(
        "--tls-key",
        metavar="PEM",
        help=N_("with --tls-cert: its private key (when not in the certificate's file)"),
    ),
    flag(
        "--insecure-scheduler",
        N_(
            "allow a plain tcp:// --scheduler (no encryption, no authentication: only on a "
            "network where everyone who can reach it may run code as you)"
        ),
    ),
    Option(
        "--checkpoint",
        metavar="DIR",
        help=N_(
            "folder of the split solve's settled units (default: one under the user's "
            "cache named after the position and options); a solve started again skips them"
        ),
    ),
    Option(
        "--split-plies",
        type=bounded(1, 8),
        metavar="PLIES",
        help=N_(
            "depth of the split solve's work units (default: the fewest plies, up to 4, "
            "that give 4 units)"
        ),
    ),
    flag(
        "--own-tables",
        N_(
            "each worker of the split solve searches its own table (default: the workers "
            "of a machine search one table together, of --table-mb)"
        ),
    ),
)

#: ``solve``'s arguments, in order.
ARGUMENTS = (
    FILE,
    replace(MAX_SECONDS, help=N_("stop after S seconds and report how far the search got")),
    Option(
        "--max-depth",
        type=non_negative,
        default=200,
        metavar="PLIES",
        help=N_("deepest iteration (default 200)"),
    ),
    replace(
        TABLE_MB,
        help=N_("transposition table of a game's compiled solver, in MiB (default 2048)"),
    ),
    flag(
        "--no-book",
        N_("prove the value by search even where the game's book of proven values has it"),
    ),
    *SPLIT_OPTIONS,
    Option(
        "--certificate",
        metavar="FILE.cert.gz",
        help=N_(
            "also write a proof of the value that `pyramid-lab certificate check` verifies "
            "with the rules alone (Pyramid Partition; the single search in this process)"
        ),
    ),
    QUIET,
)


def add_arguments(solve: argparse.ArgumentParser) -> None:
    add_options(solve, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    import time

    began = time.perf_counter()  # --max-seconds is the wall clock's, whatever comes first
    from pyramid_lab.model.search import unsolvable

    from ..script.engine import solve_position  # a script's solve, the same function

    doc = read_or_say(args.file)
    if doc is None:
        return EXIT_BAD_INPUT
    game = doc.game
    reason = unsolvable(game)
    if reason is not None:
        said = _("{file}: cannot be solved: {reason}").format(
            file=shown(args.file), reason=i18n.shown(reason)
        )
        return bad_input(error_line(said))

    if args.certificate is not None:
        return _certificate(args, game)

    progress = _progress_lines()
    workers = args.workers if args.workers is not None else (os.cpu_count() or 1)
    split = workers > 1 or args.scheduler is not None
    # Asked for nothing, a position the single search settles at once is answered by it:
    # a cluster takes seconds to start. What it leaves open goes to the split solve.
    quick = args.workers is None and args.scheduler is None and args.checkpoint is None
    seconds = args.max_seconds
    if seconds is not None:  # the limit counts from the command's start
        seconds = max(0.0, seconds - (time.perf_counter() - began))
    if split and quick and seconds is not None and seconds < QUICK_SECONDS + CLUSTER_LEAST:
        split = False  # no cluster: it would start past the limit, or nearly
        if not args.quiet:
            print(
                _(
                    "solve: {seconds} s is too short for a cluster to start and work: the "
                    "single search has them all (--workers N asks for the cluster anyway)"
                ).format(seconds=format_number(args.max_seconds)),
                file=sys.stderr,
                flush=True,
            )
    if split and quick:
        seconds = QUICK_SECONDS if seconds is None else min(seconds, QUICK_SECONDS)
    elif split:
        return _split(args, game, workers, seconds)
    try:
        result = solve_position(  # Ctrl+C ends the search and still reports
            game,
            book=not args.no_book,
            table_mb=args.table_mb,
            max_seconds=seconds,
            max_depth=args.max_depth,
            progress=None if args.quiet else progress,
        )
    except MemoryError as exc:
        return bad_input(no_memory(args.table_mb, exc))
    if split and result.stopped == "time limit":
        if not args.quiet:
            print(
                _(
                    "solve: not settled in {seconds} s by the single search: the split solve "
                    "on {workers} workers takes it on"
                ).format(seconds=f"{seconds:g}", workers=workers),
                file=sys.stderr,
                flush=True,
            )
        spent = time.perf_counter() - began
        left = None if args.max_seconds is None else max(0.1, args.max_seconds - spent)
        return _split(args, game, workers, left)
    return _report(args, game, result)


def _progress_lines() -> Callable[[int, int, float, int], None]:
    """The single search's progress, a line on stderr each iteration (with its pace)."""
    import resource

    from pyramid_lab.viewer.lab.pace import DepthPace

    pace = DepthPace()

    def progress(depth: int, nodes: int, seconds: float, entries: int) -> None:
        rate = nodes / seconds if seconds > 0 else 0.0
        memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        pace.update(depth, seconds)
        print(
            ngettext(
                "solve: within {depth} ply, {nodes} positions, {seconds} s, {rate}/s, table "
                "{entries}, memory {memory} MB{pace}",
                "solve: within {depth} plies, {nodes} positions, {seconds} s, {rate}/s, table "
                "{entries}, memory {memory} MB{pace}",
                depth,
            ).format(
                depth=depth,
                nodes=format_number(nodes),
                seconds=format_number(seconds, digits=1),
                rate=format_number(rate, digits=0),
                entries=format_number(entries),
                memory=format_number(memory, digits=0),
                pace=pace.words(seconds),
            ),
            file=sys.stderr,
            flush=True,
        )

    return progress


def _repetition_said(game: Game) -> None:
    """Where a position repeated in the game's history may change the book's value of the
    position (so the book was not used): the book's value and why, on stderr."""
    from pyramid_lab.model.search import knowledge_for

    book = knowledge_for(game).book
    words = "" if book is None else book.repetition_words(game)
    if words:
        print(_("solve: {words}").format(words=i18n.shown(words)), file=sys.stderr, flush=True)


def _report(args: argparse.Namespace, game: Game, result: SolveResult) -> int:
    """The single search's (or the book's) answer, one JSON line on stdout."""
    if result.path == "book":
        print(_("solve: from the book (--no-book proves it again)"), file=sys.stderr, flush=True)
    elif not args.no_book:
        _repetition_said(game)
    kind = {"reference": "shared"}.get(result.path, result.path)  # the CLI's older word
    report = {
        "file": args.file,
        "game": game.name,
        "to_move": game.to_move,
        "solver": kind,
        **result.to_json(),
    }
    if result.path != "book":  # the single search: one unit, no checkpoint
        report["units"] = {"total": 1, "from_checkpoint": 0, "proven": int(result.stopped is None)}
        report["workers"] = 1
    print(json.dumps(report), flush=True)
    return EXIT_OK


def _certificate(args: argparse.Namespace, game: Game) -> int:
    """Prove the position and write its certificate (see ``--certificate``)."""
    import resource

    from pyramid_lab.model.search import knowledge_for, write_certificate

    def progress(lines: int, seconds: float) -> None:
        memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            _("solve: certificate: {lines} lines, {seconds} s, memory {memory} MB").format(
                lines=format_number(lines),
                seconds=format_number(seconds, digits=1),
                memory=format_number(memory, digits=0),
            ),
            file=sys.stderr,
            flush=True,
        )

    try:
        made = write_certificate(
            game,
            args.certificate,
            knowledge=knowledge_for(game),
            table_mb=args.table_mb,
            progress=None if args.quiet else progress,
        )
    except ValueError as exc:
        said = _("{file}: no certificate: {reason}").format(file=shown(args.file), reason=exc)
        return bad_input(error_line(said))
    except MemoryError as exc:
        return bad_input(no_memory(args.table_mb, exc))
    except OSError as exc:
        said = _("{file}: cannot be written: {reason}").format(
            file=args.certificate, reason=system_said(exc)
        )
        return bad_input(error_line(said))
    report = {
        "file": args.file,
        "game": game.name,
        "to_move": game.to_move,
        "value": "win" if made.winner == game.to_move else "loss",
        "winner": made.winner,
        "certificate": args.certificate,
        "lines": made.lines,
        "bytes": os.path.getsize(args.certificate),
        "seconds": round(made.seconds, 3),
        "nodes": made.nodes,
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    print(json.dumps(report), flush=True)
    return EXIT_OK


def _split(args: argparse.Namespace, game: Game, workers: int, max_seconds: float | None) -> int:
    """The split solve on a Dask cluster (see the module)."""
    from pyramid_lab.model.search import cluster, knowledge_for

    try:
        security = _security(args)
        split = cluster.split_solve(
            game,
            knowledge_of=knowledge_for,
            workers=workers,
            scheduler=args.scheduler,
            security=security,
            plies=args.split_plies,
            checkpoint=True if args.checkpoint is None else args.checkpoint,
            table_mb=args.table_mb,
            shared=not args.own_tables,
            max_seconds=max_seconds,
            max_depth=args.max_depth,
            book=not args.no_book,
            progress=None if args.quiet else _split_progress,
            warn=_warn,
        )
    except cluster.SchedulerError as exc:
        return bad_input(error_line(f"--scheduler: {exc}"))
    except MemoryError as exc:
        return bad_input(no_memory(args.table_mb, exc))
    result = split.result
    if split.shutdown_interrupted:
        _warn(_("interrupted while the cluster shut down, after the answer: it stands"))
    if result.path == "book":
        print(_("solve: from the book (--no-book proves it again)"), file=sys.stderr, flush=True)
    report = {
        "file": args.file,
        "game": game.name,
        "to_move": game.to_move,
        "solver": result.path,
        **split.to_json(),
    }
    print(json.dumps(report), flush=True)
    return EXIT_OK


def _security(args: argparse.Namespace) -> object | None:
    """The TLS to reach ``--scheduler`` with (None: plain, said, or no scheduler named);
    ``cluster.SchedulerError`` for a scheduler that cannot be reached so."""
    from pyramid_lab.model.search import cluster

    if args.scheduler is None:
        return None
    security: object | None = cluster.scheduler_security(
        args.scheduler,
        ca_file=args.tls_ca_file,
        cert=args.tls_cert,
        key=args.tls_key,
        insecure=args.insecure_scheduler,
    )
    if security is None:
        _warn(
            _("--scheduler {address}: plain, as --insecure-scheduler allows").format(
                address=args.scheduler
            )
        )
    return security


def _split_progress(status: cluster.SplitStatus) -> None:
    """The split solve's line after each report of the cluster."""
    memory = status.memory_mb
    said = (
        N_(
            "solve: units {settled}/{total} settled ({from_checkpoint} from the checkpoint, "
            "{proven} proven now, {running} running on {workers} workers), {positions} "
            "positions, {seconds} s, {rate}/s, memory {memory} MB"
        )
        if status.seconds_left is None
        else N_(
            "solve: units {settled}/{total} settled ({from_checkpoint} from the checkpoint, "
            "{proven} proven now, {running} running on {workers} workers), {positions} "
            "positions, {seconds} s, {rate}/s, memory {memory} MB, about {left} s left"
        )
    )
    print(
        _(said).format(
            settled=status.settled,
            total=status.total,
            from_checkpoint=status.from_checkpoint,
            proven=status.proven,
            running=status.running,
            workers=status.workers,
            positions=format_number(status.positions),
            seconds=format_number(status.seconds, digits=1),
            rate=format_number(status.rate, digits=0),
            memory=format_number(memory, digits=0),
            left=format_number(status.seconds_left or 0, digits=0),
        ),
        file=sys.stderr,
        flush=True,
    )


def _warn(line: str) -> None:
    message = i18n.shown(line)  # (the searches' notes are Messages)
    print(_("pyramid-lab: warning: {message}").format(message=message), file=sys.stderr, flush=True)
