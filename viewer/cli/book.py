"""``pyramid-lab book verify|build|show``: a game's book of proven values."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import N_, _, shown
from pyramid_lab.model.game import game_class, quote

from .argtypes import non_negative, positive_float
from .common import EXIT_BAD_INPUT, EXIT_OK, bad_input, error_line, no_memory, system_said
from .options import MAX_SECONDS, RULE_OPTION, TABLE_MB, Option, add_options

#: ``book``'s arguments, in order.
ARGUMENTS = (
    Option("action", choices=("verify", "build", "show")),
    Option("--book", metavar="FILE", help=N_("the book file (default: the shipped one)")),
    Option("--game", help=N_("the game whose book (default: the game whose book --book is)")),
    replace(
        RULE_OPTION, help=N_("build: a rule option of the version to build, e.g. variant=children")
    ),
    Option(
        "--plies",
        type=non_negative,
        default=1,
        metavar="N",
        help=N_("build: every position within N plies of the empty pyramid (1)"),
    ),
    Option(
        "--seconds",
        type=positive_float,
        default=600.0,
        metavar="S",
        help=N_("build: at most S seconds a position (600)"),
    ),
    replace(
        TABLE_MB,
        help=N_(
            "build and verify: the solver's table in MiB (verify: one table for the run, "
            "so the fuller entries, proven first, make the emptier ones cheap)"
        ),
    ),
    Option(
        "--sample",
        type=non_negative,
        metavar="N",
        help=N_("verify: N entries chosen at random (seeded), the cheapest first"),
    ),
    Option(
        "--min-pieces",
        type=non_negative,
        metavar="N",
        help=N_("verify: only entries with at least N pieces on the board (the cheap ones)"),
    ),
    replace(
        MAX_SECONDS,
        help=N_(
            "verify: at most S seconds an entry (the budget; without it an entry takes "
            "what it needs)"
        ),
    ),
)


def add_arguments(book: argparse.ArgumentParser) -> None:
    add_options(book, ARGUMENTS)


def _unwritable(path: Path) -> str:
    """Why a book cannot be written to ``path`` (one line), or "" when it can."""
    from pyramid_lab.model.files import check_writable

    try:
        check_writable(path)
    except (OSError, ValueError) as exc:
        reason = system_said(exc)
        return error_line(
            _("--book: cannot write {path}: {reason}").format(path=path, reason=reason)
        )
    return ""


def run(args: argparse.Namespace) -> int:
    """build: write a new book (merged with the file's entries of other versions); verify:
    one JSON line an entry, exit 2 when one is not proven again; show: the entries. The
    game's book (its search plug-in's, ``model.search.books.book_for``) does the work."""
    from pyramid_lab.model import PositionFormatError
    from pyramid_lab.model.search import books as shelf

    with_books = shelf.book_games()
    name = args.game
    if args.book is not None and not args.book.strip():
        return bad_input(error_line(_("argument --book: an empty file name")))
    if args.action == "build" and args.book is not None:  # the output first: builds take hours
        why = _unwritable(Path(args.book))
        if why:
            return bad_input(why)
    building_anew = args.action == "build" and not os.path.lexists(args.book or "")
    if name is None and args.book is not None and not building_anew:
        try:
            name = shelf.book_game(args.book)  # the game whose book the file is
        except PositionFormatError as exc:
            if args.action != "build":
                return bad_input(f"pyramid-lab: {exc}")
    if name is None and len(with_books) == 1:
        name = with_books[0]
    if name not in with_books:
        said = _("--game is one of {games} (the games with a book of proven values)").format(
            games=", ".join(with_books)
        )
        return bad_input(error_line(said))
    cls = game_class(name)
    books = shelf.book_for(name)
    assert books is not None  # name is one of the games with a book
    path = Path(args.book) if args.book is not None else books.BOOK_PATH
    if args.action == "build" and args.book is None:
        why = _unwritable(path)
        if why:
            return bad_input(why)
    # a book to build may be new, as may the shipped one be missing; one to read may not
    new = not os.path.lexists(path) and (args.action == "build" or args.book is None)
    try:
        book = books.Book([]) if new else books.Book.read(path)
    except PositionFormatError as exc:
        return bad_input(f"pyramid-lab: {exc}")
    if args.action == "show":
        for entry in book.entries:
            print(json.dumps(entry.to_json()), flush=True)
        return EXIT_OK
    if args.action == "build":
        return _build(args, cls, books, book, path)
    return _verify(args, books, book)


def _build(args: argparse.Namespace, cls: Any, books: Any, book: Any, path: Path) -> int:
    """build: the book's entries for the version asked, made now, the others kept."""
    from pyramid_lab.model import PositionFormatError

    bad = [text for text in args.option if "=" not in text]
    if bad:
        said = _("argument --option: {option} is not NAME=VALUE").format(option=quote(bad[0]))
        return bad_input(error_line(said))
    try:
        pairs: dict[str, Any] = dict(text.split("=", 1) for text in args.option)
        pairs = {k: int(v) if v.lstrip("-").isdigit() else v for k, v in pairs.items()}
        options = cls.parse_options(pairs)
    except PositionFormatError as exc:
        return bad_input(
            error_line(_("argument {flag}: {reason}").format(flag="--option", reason=exc))
        )

    def say(text: str) -> None:
        print(f"book: {shown(text)}", file=sys.stderr, flush=True)

    try:
        made = books.build(
            options,
            plies=args.plies,
            seconds=args.seconds,
            table_mb=args.table_mb,
            progress=say,
        )
    except MemoryError as exc:
        return bad_input(no_memory(args.table_mb, exc))
    version = books.version_of(options)
    kept = [e for e in book.entries if e.versions != version]
    try:
        books.Book([*kept, *made], book.note).write(path)
    except OSError as exc:
        return bad_input(error_line(f"--book: {exc}"))
    print(json.dumps({"book": str(path), "entries": len(made), "kept": len(kept)}))
    return EXIT_OK


def _verify(args: argparse.Namespace, books: Any, book: Any) -> int:
    """verify: each entry (or a sample) proven again, one JSON line an entry."""
    import random

    entries = [
        e
        for e in book.entries
        if args.min_pieces is None or len(e.game().pieces()) >= args.min_pieces
    ]
    if args.sample is not None and args.sample < len(entries):
        entries = random.Random(0).sample(entries, args.sample)
    # a version's entries together (one table serves them), the fullest (cheapest) first
    first: dict[str, int] = {}  # each version where its first entry stands
    for n, entry in enumerate(entries):
        first.setdefault(str(entry.versions), n)
    entries.sort(key=lambda e: (first[str(e.versions)], -len(e.game().pieces())))
    status = EXIT_OK
    verdicts = books.verify_entries(entries, max_seconds=args.max_seconds, table_mb=args.table_mb)
    for entry, verdict in zip(entries, verdicts, strict=True):
        if not verdict.ok:
            status = EXIT_BAD_INPUT
            said = _("pyramid-lab: book entry {board}: {reason}")
            print(said.format(board=entry.board, reason=shown(verdict.reason)), file=sys.stderr)
        print(json.dumps(verdict.to_json()), flush=True)
    return status
