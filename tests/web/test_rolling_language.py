"""Rolling Pyramids' panels and the board's labels on the classroom's pages, each in its
page's language (issue 90): the dice pool and the faction boards are sent as the window
shows them, their words said in the page's language as the reply leaves for it
(``viewer.classroom.words.translated``); the lab's labels on the board (a Message: a key
move's, a hint's mark) are kept as made by the page's meshes and said there too."""

from __future__ import annotations

import json
import re

import pytest

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, Message
from pyramid_lab.model.lattice import PyramidLattice
from pyramid_lab.viewer.boards import meshes_only
from pyramid_lab.viewer.classroom import words
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.service import Service
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.lab.frame import Frame, Label
from pyramid_lab.viewer.lab.said_html import SaidHtml
from pyramid_lab.viewer.lab.view_state import ViewState
from tests.patience import WAIT_MS
from tests.web.classroom_helpers import local_class
from tests.web.test_sites import CODE, DRAFT


@pytest.fixture(scope="module")
def draft_page():
    service = Service(Classroom.open([DRAFT], CODE, None, on_board))
    token = service.join("Ada")["token"]
    return service.resume(token)


def _text(markup: str) -> str:
    return re.sub(r"<[^>]+>", " ", markup)


def test_the_panels_reach_each_page_in_its_language(draft_page):
    panels = draft_page["page"]["panels"]
    assert all(isinstance(panel["html"], SaidHtml) for panel in panels)
    english = words.translated(draft_page, "en")["page"]["panels"]
    assert [p["html"] for p in english] == [str(p["html"]) for p in panels]
    german = words.translated(draft_page, "de")["page"]["panels"]
    boards = [p for p in german if "Fraktionstableau" in p["title"]]
    assert len(boards) == len(panels) - 1  # (the first: the dice pool)
    said = _text(boards[0]["html"])
    assert "Helden" in said
    assert "Armeelinien" in said
    assert "Army lines" not in said
    spanish = words.translated(draft_page, "es")["page"]["panels"]
    assert "Líneas de ejército" in spanish[-1]["html"]
    json.dumps(words.translated(draft_page, "sv"), allow_nan=False)  # (as pushes.send sends it)


def test_the_panels_in_the_pseudo_locale_are_marked(draft_page):
    pseudo = words.translated(draft_page, i18n.PSEUDO)["page"]["panels"]
    board = _text(pseudo[-1]["html"])
    assert "⟦" in board
    for heading in ("Army lines", "Footmen", "Heroes", "Develop pairs", "Points"):
        assert heading not in board, board


def test_the_board_s_labels_are_said_in_each_page_s_language():
    lattice = PyramidLattice(3)
    frame = Frame(labels=(Label(0, M_("this piece")), Label(1, M_("somewhere here"))))
    drawn = meshes_only("ball-pyramid", lattice)
    drawn.show(frame, ViewState())
    texts = [text for text, _at in drawn.label_spots]
    assert texts == ["this piece", "somewhere here"]
    assert all(isinstance(text, Message) for text in texts)  # kept as made: said per page
    labels = [{"text": text, "at": list(at), "kind": "frame"} for text, at in drawn.label_spots]
    labels.append({"text": "SW", "at": [0.0, 0.0, 0.0], "kind": "board"})
    reply = {"board": {"legend": [], "labels": labels}}
    german = words.translated(reply, "de")["board"]["labels"]
    assert [label["text"] for label in german] == ["dieser Stein", "irgendwo hier", "SW"]
    english = words.translated(reply, "en")["board"]["labels"]
    assert [label["text"] for label in english] == ["this piece", "somewhere here", "SW"]


def test_the_maps_factory_sections_are_said_in_each_page_s_language(draft_page):
    """The map writes a factory's section short under its space's number ("12", "hero"):
    a word said in the page's language, the number kept."""
    english = [label["text"] for label in draft_page["board"]["labels"]]
    sections = [text for text in english if text.endswith(("\nhero", "\ndev.", "\narmy", "\nfoot"))]
    assert len(sections) >= 4
    german = [label["text"] for label in words.translated(draft_page, "de")["board"]["labels"]]
    said = dict(zip(english, german, strict=True))
    assert {said[text].split("\n")[1] for text in sections} == {"Held", "Entw.", "Armee", "Fuß"}
    assert all(said[text].split("\n")[0] == text.split("\n")[0] for text in sections)
    assert said["S1"] == "S1"  # (a starting area's name: notation)


#: Every panel of the page unfolded.
UNFOLD = "() => document.querySelectorAll('details.cr-panel').forEach(d => { d.open = true; })"


def test_a_german_and_a_pseudo_page_in_chromium_show_the_panels_in_their_language(
    browser, tmp_path
):
    """Two students' pages of one class, one German, one in the pseudo-locale: each shows
    the dice pool and the faction boards in its own language (every board unfolded)."""
    seen: dict[str, str] = {}
    # (served on a thread of this process: what the pages show needs no process of its own)
    with local_class(tmp_path / "results.json", DRAFT) as server:
        for language in ("de", "en-XA"):
            context = browser.new_context(
                viewport={"width": 1200, "height": 800},
                extra_http_headers={"Accept-Language": language},
            )
            try:
                page = context.new_page()
                page.goto(server.students)
                page.fill("#cr-name", f"Ada {language}", timeout=WAIT_MS)
                page.click("#cr-join-button")
                page.wait_for_selector("#cr-panels .cr-panel-body", timeout=WAIT_MS)
                page.evaluate(UNFOLD)
                seen[language] = page.inner_text("#cr-panels")
            finally:
                context.close()
    german = seen["de"]
    for said in ("Der Würfelvorrat", "Fraktionstableau von Rot", "Armeelinien", "Fußsoldaten"):
        assert said in german, german
    assert "Army lines" not in german
    pseudo = re.sub(r"⟦[^⟦⟧]*⟧", " ", re.sub(r"⟦[^⟦⟧]*⟧", " ", seen["en-XA"]))
    left = set(re.findall(r"[A-Za-z][a-z]+", pseudo)) - {"any", "Anubians", "Bastet"}
    assert left == set(), (left, seen["en-XA"])
