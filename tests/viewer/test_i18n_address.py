"""Pyramid Lab speaks to its reader informally, in every language and on every surface
(German du, French tu, Spanish tú, Swedish du; docs/i18n.md, "Forms of address"): its first
readers are children in a class, whom the lessons and the page address as one addresses a
student, and one register per language keeps a sentence shared by the window and the page
right on both. A formal form left in a catalog (German "Sie", "Ihr", "Ihnen"; French
"vous", "votre", "vos" and the imperatives in -ez; Spanish "usted" and its imperatives)
mixes the registers again: these tests find the markers, word-bounded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pyramid_lab import i18n

ROOT = Path(__file__).resolve().parents[2]

#: German's formal address. "Sie"/"Ihr..." also mean "they"/"she"/"their" and start a
#: sentence so: a marker counts where it is not the first word of a sentence, and the
#: polite pronouns that never mean anything else count everywhere.
GERMAN = re.compile(
    r"(?<![.:!?]\s)(?<!^)(?<!^-\s)\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b|\b(Ihnen)\b"
)
#: French's formal address: the pronoun, its possessives, and an imperative or present in
#: -ez (not the words that merely end so).
FRENCH = re.compile(r"\b(vous|votre|vos)\b|\b(?!(?:chez|assez|nez)\b)\w+ez\b", re.IGNORECASE)
#: Spanish's formal address: "usted" and the formal imperatives an instruction starts with.
SPANISH = re.compile(
    r"\b(usted|ustedes)\b|(?:^|[:;(]\s|\bo\s)(elija|escriba|indique|use|pruebe|ejecute|"
    r"guarde|inicie|abra|añada|espere|dibuje|haga clic|pulse)\b",
    re.IGNORECASE,
)
MARKERS = {"de": GERMAN, "fr": FRENCH, "es": SPANISH}


def _said(language: str) -> list[tuple[str, str]]:
    """Each (English, translation) of ``language``'s catalog, a plural's every form."""
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as source:
        catalog = read_po(source)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        pairs += [(english, form) for form in forms if form]
    return pairs


@pytest.mark.parametrize("language", sorted(MARKERS))
def test_no_formal_address_in_a_catalog(language: str) -> None:
    formal = [
        (english, said) for english, said in _said(language) if MARKERS[language].search(said)
    ]
    assert formal == []


def test_the_markers_find_the_formal_forms_and_pass_the_informal() -> None:
    assert GERMAN.search("gestoppt: spielen Sie einen Zug")
    assert GERMAN.search("Wenn Sie {doing}, gehen Ihre Änderungen verloren.")
    assert not GERMAN.search("Sie können zurückgeholt werden, wie sie waren.")  # they
    assert not GERMAN.search("du bist am Zug: wähle eine Ecke")
    assert FRENCH.search("Choisissez un autre nom")
    assert FRENCH.search("à vous de jouer")
    assert not FRENCH.search("Choisis un autre nom ; chez toi, assez tôt")
    assert SPANISH.search("{path}: sin extensión; use una de {known}")
    assert SPANISH.search("código como usted")
    assert not SPANISH.search("{path}: sin extensión; usa una de {known}")


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_no_formal_address_in_a_rules_page(language: str) -> None:
    """The rules pages (Help > Rules) speak as the window does."""
    pages = sorted((ROOT / "viewer" / "games").glob(f"*/rules.{language}.md"))
    assert pages
    formal = [
        (page.parent.name, line)
        for page in pages
        for line in page.read_text(encoding="utf-8").splitlines()
        if MARKERS[language].search(line)
    ]
    assert formal == []
