"""Every catalog builds, is complete and keeps the English's placeholders; the template holds
every message the sources mark (scripts/catalogs.py); the pseudo-locale marks, lengthens and
keeps placeholders (issue 90, docs/i18n.md)."""

from __future__ import annotations

import gettext
import importlib.util
import io
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pyramid_lab import i18n

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("de", "es", "fr", "sv")


def _catalog(language: str):  # babel's Catalog
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as source:
        return read_po(source)


def _template():
    with (i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot").open("rb") as source:
        return read_po(source)


def test_the_four_languages_are_shipped():
    assert set(SHIPPED) <= set(i18n.languages())


@pytest.mark.parametrize("language", i18n.languages())
def test_every_catalog_builds_and_is_read_by_gettext(language):
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    words = gettext.GNUTranslations(io.BytesIO(i18n.compile_catalog(path.read_bytes())))
    assert words.gettext("no progress lines on stderr") != "no progress lines on stderr"


@pytest.mark.parametrize("language", i18n.languages())
def test_every_message_is_translated_not_fuzzy_and_keeps_its_placeholders(language):
    catalog = _catalog(language)
    ids = {message.id for message in _template() if message.id}
    problems = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        if message.fuzzy:
            problems.append(("fuzzy", message.id))
        if not all(forms):
            problems.append(("missing", message.id))
        wanted = i18n.placeholders(english[-1])
        problems += [
            ("placeholders", message.id, f) for f in forms if i18n.placeholders(f) != wanted
        ]
        if english[0].endswith("\n") != forms[0].endswith("\n"):
            problems.append(("newline", message.id))
    assert problems == []
    have = {message.id for message in catalog if message.id}
    assert ids - have == set(), "scripts/catalogs.py not run since messages were added"


def test_the_template_holds_every_message_the_sources_mark():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
    assert spec is not None
    assert spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    marked = {message.id for message in catalogs.template() if message.id}
    shipped = {message.id for message in _template() if message.id}
    assert marked == shipped, "run: python scripts/catalogs.py"


@pytest.mark.parametrize(
    "message",
    ["no progress lines on stderr", "the port (default %(default)s; 0: any free one)",
     "with --replay: frames each position is shown (default {default})", "usage: ",
     "%(prog)s: error: %(message)s\n", "100%% sure of {count:d} balls, %s"],
)  # fmt: skip
def test_the_pseudo_locale_marks_lengthens_and_keeps_placeholders(message):
    made = i18n.pseudo(message)
    assert i18n.placeholders(made) == i18n.placeholders(message)
    body = made.strip()
    assert body.startswith("⟦")
    assert body.endswith("⟧")
    kept = "".join(i18n.placeholders(message))
    letters = sum(ch.isalpha() for ch in message) - sum(ch.isalpha() for ch in kept)
    assert len(made) >= len(message) + round(0.4 * letters) + 2
    assert made[: len(made) - len(made.lstrip())] == message[: len(message) - len(message.lstrip())]


def test_the_pseudo_locale_leaves_notation_as_it_is():
    made = i18n.pseudo("see FILE and --table-mb under $XDG_DATA_HOME/pyramid-lab, size=4")
    for notation in ("FILE", "--table-mb", "$XDG_DATA_HOME/pyramid-lab,", "size=4"):
        assert notation in made
    assert "sééFILE" not in made
    assert made.startswith("⟦šéé FILE åñd --table-mb ûñdér")


def test_numbers_and_lists_are_written_the_languages_way():
    assert i18n.format_number(1234.5, "de") == "1.234,5"
    assert i18n.format_number(1234.5, "en") == "1,234.5"
    assert i18n.format_number(1234.5, "sv") == "1\xa0234,5"
    assert i18n.format_list(["A", "B", "C"], "de") == "A, B und C"
    assert i18n.format_list(["A", "B"], "fr") == "A et B"


def test_a_changed_catalog_is_compiled_again_not_read_stale(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    po = i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    first = i18n._compiled("de", po)
    kept = list((tmp_path / "pyramid-lab" / "locale").glob("de-*.mo"))
    assert len(kept) == 1
    assert kept[0].read_bytes() == first
    copy = tmp_path / "de.po"
    copy.write_bytes(po.read_bytes().replace(b'"0 bis 100"', b'"0 bis 99"'))
    again = gettext.GNUTranslations(io.BytesIO(i18n._compiled("de", copy)))
    assert again.gettext("0 to 100") == "0 bis 99"
    assert len(list((tmp_path / "pyramid-lab" / "locale").glob("de-*.mo"))) == 2
