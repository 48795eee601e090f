"""Extract every message of the program and bring each language's catalog up to date
(docs/i18n.md): ``python scripts/catalogs.py`` (``--add LANG`` starts a new language).

The template, ``pyramid_lab/locale/pyramid_lab.pot``, holds the messages marked in the
sources (``babel.cfg``: ``_``, ``N_``, ``ngettext``, ``pgettext``, ``M_``, ``Mn_``), the
classroom's pages' words (their JavaScript and their templates' expressions: ``t``, ``tn``,
``N_``, the pages' keywords, ``viewer/classroom/page_words.py``) and argparse's own words
(its usage, its headings, its errors: the command line's ``--help`` and errors speak
them), read from
the running Python's ``argparse``. Each ``pyramid_lab/locale/<lang>/LC_MESSAGES/
pyramid_lab.po`` is then updated from it: a new message comes in untranslated, a changed
one fuzzy (both fail tests/viewer/test_i18n_catalogs.py until translated), a removed one
kept as obsolete (``#~``). The program compiles a catalog on first use
(:mod:`pyramid_lab.i18n`): no other step.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "pyramid_lab" / "locale"
TEMPLATE = LOCALE / "pyramid_lab.pot"
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "M_": (1,),
    "Mn_": (1, 2),
}
#: argparse's own messages (gettext's domain there is the default one, never bound)
ARGPARSE_COMMENT = "argparse's own words (Python's standard library)"


def template() -> Catalog:
    """Every message of the sources (``babel.cfg``) and of argparse."""
    catalog = Catalog(project="pyramid-lab", msgid_bugs_address="", charset="utf-8")
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    sys.path.insert(0, str(ROOT))  # (the pages' extraction method, from this tree)
    from pyramid_lab.viewer.classroom.page_words import KEYWORDS as PAGE_KEYWORDS

    python = [(pattern, method) for pattern, method in method_map if method == "python"]
    pages = [(pattern, method) for pattern, method in method_map if method != "python"]
    found = []
    for methods, keywords in ((python, KEYWORDS), (pages, PAGE_KEYWORDS)):
        found += extract_from_dir(
            ROOT, methods, options_map, keywords=keywords, comment_tags=("TRANSLATORS:",)
        )
    found.sort(key=lambda entry: _walked(entry[0]))  # (stable: each file's in its order)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for lineno, message, _comments, _context in extract_from_file(
        "python", argparse.__file__, keywords={"_": None, "ngettext": (1, 2)}
    ):
        catalog.add(message, None, [("argparse.py", lineno)], auto_comments=[ARGPARSE_COMMENT])
    return catalog


def _walked(filename: str) -> tuple[tuple[int, str], ...]:
    """Where Babel's walk of the tree meets ``filename`` (a folder's files, then its
    folders, each sorted): the two extractions' messages in one order, the tree's."""
    *folders, name = Path(filename).parts
    return (*((1, folder) for folder in folders), (0, name))


def _entries(catalog: Catalog) -> list[tuple[object, list[str]]]:
    """What a template says, apart from its dates: each message and its files."""
    return [(m.id, sorted({f for f, _line in m.locations})) for m in catalog if m.id]


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=100, include_lineno=False, sort_output=False)


def update(pot: Catalog, po: Path) -> None:
    """``po`` brought up to ``pot``'s messages (Babel's update: fuzzy where changed)."""
    with po.open("rb") as source:
        catalog = read_po(source)
    catalog.update(pot)
    write(catalog, po)


def add(pot: Catalog, language: str) -> Path:
    """A new, untranslated catalog for ``language``."""
    po = LOCALE / language / "LC_MESSAGES" / "pyramid_lab.po"
    if po.exists():
        raise SystemExit(f"catalogs: {po} exists already")
    catalog = Catalog(locale=language, project="pyramid-lab", charset="utf-8")
    catalog.update(pot)
    write(catalog, po)
    return po


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--add", metavar="LANG", help="start a catalog for LANG (sv, pt_BR)")
    args = parser.parse_args(argv)
    pot = template()
    if TEMPLATE.is_file():  # the same messages: the same date (no churn for a merge)
        with TEMPLATE.open("rb") as source:
            before = read_po(source)
        if _entries(before) == _entries(pot):
            pot.creation_date = before.creation_date
    write(pot, TEMPLATE)
    if args.add:
        print(f"catalogs: started {add(pot, args.add).relative_to(ROOT)}")
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/pyramid_lab.po")):
        update(pot, po)
        print(f"catalogs: updated {po.relative_to(ROOT)}")
    print(f"catalogs: {len(pot)} messages in {TEMPLATE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
