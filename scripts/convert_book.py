"""Write a book of proven values in the one format of every game's book
(``pyramid-lab/book/1``), from a file of any format the game's book reads: the Pyraos book's
first format (``pyramid-lab/pyraos-book/1``, a board of 30 letters an entry) included. The
entries, their order and the note are kept; each is read as ``pyramid-lab book`` reads it
(refused in one line where it is no entry).

    PYTHONPATH=. .venv/bin/python scripts/convert_book.py model/data/pyraos_book.json
    PYTHONPATH=. .venv/bin/python scripts/convert_book.py OLD.json --out NEW.json

(``pyramid-lab`` reads the first format as it is: converting a book of one's own is not
needed, only tidier.)
"""

from __future__ import annotations

import argparse
import sys

from pyramid_lab.model import PositionFormatError
from pyramid_lab.model.search import books as shelf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("book", help="the book file to read")
    parser.add_argument("--out", default=None, help="the file to write (default: the same)")
    args = parser.parse_args(argv)
    try:
        name = shelf.book_game(args.book)
        books = shelf.book_for(name)
        assert books is not None  # the game whose book the file is has one
        book = books.Book.read(args.book)
        books.Book(book.entries, book.note).write(args.out or args.book)
    except (PositionFormatError, OSError) as exc:
        print(f"convert_book: {exc}", file=sys.stderr)
        return 2
    print(f"{args.out or args.book}: {len(book.entries)} entries of {name}'s book")
    return 0


if __name__ == "__main__":
    sys.exit(main())
