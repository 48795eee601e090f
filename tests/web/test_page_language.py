"""The classroom's pages in each person's language (issue 90, viewer/classroom/words.py).

- every word the pages write (``t(...)``, ``tn(...)`` in www/) is in the catalog's list
  of the pages' words, and the server sends them translated;
- a page speaks its browser's language (Accept-Language) unless one is picked on it, and
  the server's words (a refusal, the teacher's orders said) reach each page in its own;
- in headless Chromium, in the pseudo-locale, every state of the two pages walked shows
  no word a person reads that bypassed the catalog (names, numbers and notation aside;
  the lesson's own texts are left out by where they show); the words the lab and the
  games make (the moves listed, the legend, a verdict's reason) are walked too, made
  language-free (``pyramid_lab.i18n.Message``) and said in the page's language;
- in English the pages' words are what they were (``data/classroom_words_en.json``,
  captured from the pages before they spoke the catalog)."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request
from pathlib import Path

import aiohttp
import numpy as np
import pytest
from classroom_helpers import (
    CODE,
    LESSON,
    SECOND,
    TERRACE,
    Page,
    local_class,
    socket_url,
    start_server,
)

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, Mn_
from pyramid_lab.model import lesson as lessons
from pyramid_lab.viewer.classroom import words
from pyramid_lab.viewer.classroom.page_words import written
from pyramid_lab.viewer.classroom.web import WWW
from tests.patience import WAIT_MS

ENGLISH_BEFORE = Path(__file__).with_name("data") / "classroom_words_en.json"

#: A word written in a page's template or script: t("..."), t('...').
_T = re.compile(r"""\bt\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")
_TN = re.compile(r"""\btn\(\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)\"""")


def _unescaped(text: str) -> str:
    return text.replace("\\\\'", "'").replace("\\'", "'").replace('\\"', '"')


def test_every_word_the_pages_write_is_a_page_word_of_the_catalog():
    """Every t("...") and tn("...", "...") the pages write (found here by a pattern of our
    own) is extracted by Babel (issue 108 item 6: no list by hand) and is in the catalog."""
    found: set[str] = set()
    counted: set[tuple[str, str]] = set()
    for name in ("student.html", "teacher.html", "classroom.js"):
        text = (WWW / name).read_text(encoding="utf-8")
        found |= {_unescaped(a or b) for a, b in _T.findall(text)}
        counted |= {(_unescaped(a), _unescaped(b)) for a, b in _TN.findall(text)}
    page_words, page_plurals = written()
    assert found - set(page_words) == set(), "Babel's extraction missed them"
    assert counted == set(page_plurals)
    # (the script's constants and the teacher's lines' codes, marked N_() where declared)
    assert {"lesson done", "all lessons done", "Language", "page closed"} <= set(page_words)
    assert len(page_words) > 90
    catalog = i18n.catalog_messages()
    assert set(page_words) - catalog == set(), "run scripts/catalogs.py"
    assert {singular for singular, _plural in page_plurals} <= catalog
    template = (i18n.LOCALE_DIR / "pyramid_lab.pot").read_text(encoding="utf-8")
    assert "viewer/classroom/www/classroom.js" in template
    assert "viewer/classroom/www/teacher.html" in template
    assert "viewer/classroom/page_words.py" not in template  # (no list by hand)


@pytest.mark.parametrize("language", ["de", "es", "fr", "sv"])
def test_the_pages_words_are_sent_translated_with_the_languages_plural_rule(language):
    sent = words.page_words(language)
    assert sent["language"] == language
    same = [m for m in written()[0] if sent["words"][m] == m and m not in ("Lesson", "Language")]
    assert len(same) < 6, same  # (a few words are the same: "Pyramid Lab", "CSV" ...)
    forms = sent["words"]["{count} student"]
    assert isinstance(forms, list)
    assert all("{count}" in form for form in forms)
    assert {"en", "de", "es", "fr", "sv"} <= {shown["code"] for shown in sent["languages"]}


def test_a_browsers_language_is_its_accept_languages_first_with_a_catalog():
    assert words.spoken("de-AT,de;q=0.9,en;q=0.8") == "de"
    assert words.spoken("pt-BR, fr;q=0.5, sv;q=0.7") == "sv"
    assert words.spoken("en-US,de;q=0.5") == "en"
    assert words.spoken("en-XA") == i18n.PSEUDO
    assert words.spoken(None) == words.spoken("") == words.spoken("x" * 5000) == "en"
    assert words.chosen("sv_SE") == "sv"
    assert words.chosen("../etc") is None


def test_the_servers_words_are_messages_said_in_the_pages_language():
    made = M_(
        "{count} students are ({names}) no longer in the class (Bring back undoes it)",
        count=3,
        names="Ada, Bo, Cy",
    )
    assert words.said(made, "en") == made
    assert made == "3 students are (Ada, Bo, Cy) no longer in the class (Bring back undoes it)"
    assert words.said(made, "de") == (
        "3 Schüler (Ada, Bo, Cy) sind nicht mehr in der Klasse (Zurückholen macht es rückgängig)"
    )
    for count, swedish in ((1, "1 elev flyttad"), (4, "4 elever flyttade")):
        moved = Mn_(
            "{count} student moved to lesson {lesson}, step {step}",
            "{count} students moved to lesson {lesson}, step {step}",
            count,
            count=count,
            lesson=2,
            step=3,
        )
        assert words.said(moved, "sv") == f"{swedish} till lektion 2, steg 3"
    more = M_("{names} and {count} more", names="Ada, Bo, Cy, Di, Ed", count=35)
    nested = M_("{names} were not let in (their pages are closed)", names=more)
    assert nested == "Ada, Bo, Cy, Di, Ed and 35 more were not let in (their pages are closed)"
    assert words.said(nested, "fr").startswith("Ada, Bo, Cy, Di, Ed et 35 autres n'ont pas")
    assert words.said("a lesson's own words", "es") == "a lesson's own words"
    pseudo = words.said("type your name first", i18n.PSEUDO)
    assert pseudo.startswith("⟦")
    assert pseudo.endswith("⟧")


def test_a_class_whose_command_speaks_german_is_found_and_its_pages_speak_their_own(tmp_path):
    """``pyramid-lab classroom`` in German (LANGUAGE=de): it prints its lines in the
    catalog's German, the tests find the class all the same (by the teacher's address,
    ``classroom_helpers.TEACHER_ADDRESS``, not by English words), and a page is answered
    in its own language, not the command's."""
    german = {"LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    running = start_server(tmp_path / "results.json", LESSON, env=german)

    async def talk() -> tuple[dict, dict]:
        async with aiohttp.ClientSession() as session:
            english = await Page(session, socket_url(running.students)).open()
            told = await english.ask(do="join", name="")
            teacher = await Page(session, socket_url(running.teacher)).open()
            lines = await teacher.ask(do="teacher", code=CODE)
            return told, lines

    try:
        told, lines = asyncio.run(talk())
    finally:
        running.stop()
    said = i18n.translations("de").gettext
    for line in ("Students' page: {address}", "Teacher's page: {address}"):
        assert said(line) != line  # (German indeed)
    assert said("Students' page: {address}").format(address=running.students) in running.lines
    assert said("Teacher's page: {address}").format(address=running.teacher) in running.lines
    assert running.teacher.startswith(running.students)
    assert told["error"] == "type your name first"
    assert lines["rows"] == []


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The module's class, for the tests that join no one or whose student is their own
    (a walk, which closes its class and removes its student, has a class of its own)."""
    results = tmp_path_factory.mktemp("language") / "results.json"
    with local_class(results, LESSON, SECOND, TERRACE) as running:
        yield running


def test_each_page_is_sent_the_servers_words_in_its_own_language(server):
    async def talk() -> tuple[dict, dict, dict]:
        async with aiohttp.ClientSession() as session:
            url = socket_url(server.students)
            german = await Page(session, url).open(headers={"Accept-Language": "de"})
            english = await Page(session, url).open()
            swedish = await Page(session, url).open(headers={"Accept-Language": "de"})
            told_de = await german.ask(do="join", name="  ")
            told_en = await english.ask(do="join", name="")
            told_sv = await swedish.ask(do="join", name="", lang="sv")  # (picked on the page)
            return told_de, told_en, told_sv

    told_de, told_en, told_sv = asyncio.run(talk())
    assert told_de["error"] == "gib zuerst deinen Namen ein"
    assert told_en["error"] == "type your name first"
    assert told_sv["error"] == "skriv ditt namn först"


def test_the_page_is_served_in_its_browsers_language_and_fetches_its_words(server):
    asked = urllib.request.Request(server.students, headers={"Accept-Language": "fr-CH, de"})
    with urllib.request.urlopen(asked, timeout=30) as answer:
        page = answer.read().decode("utf-8")
    assert '<html lang="fr">' in page
    assert 'data-language="fr"' in page
    base = server.students.rstrip("/")
    with urllib.request.urlopen(f"{base}/words/sv.json", timeout=30) as answer:
        sent = json.loads(answer.read())
    assert sent["words"]["Join the class"] == "Gå med i klassen"
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"{base}/words/..%2Fx.json", timeout=30)


# ---- one path: every reply in the page's language, whatever the server's --------------------

#: The languages a class's server and its pages speak (the pseudo-locale is the probe).
FIVE = ["en", "de", "fr", "es", "sv"]


def _said_in_replies(reply: dict) -> list[str]:
    """The words of a reply that the server, the lab or the games made (not the lesson's
    own texts, not the names): its refusal, its line, a verdict's word and reason, the
    legend, the teacher's rows' reasons."""
    out = [reply.get(key) for key in ("error", "said", "alarm")]
    page = reply.get("page") or {}
    out += [page.get("said"), page.get("end")]
    verdict = page.get("verdict") or {}
    out += [verdict.get("word"), verdict.get("reason")]
    out += [line.get("words") for line in (reply.get("board") or {}).get("legend", [])]
    out += [row.get("reason") for row in reply.get("rows", [])]
    return [text for text in out if isinstance(text, str) and text.strip()]


def _a_class_talked_to(language: str, running) -> list[dict]:
    """Every reply a page speaking ``language`` is sent as a student and a teacher use the
    class: a refusal of a name, a join, a move mistyped (the rules' reason, str() of it in
    the old path), a malformed point, Check with nothing picked, a wrong point checked
    (its verdict and the legend), the teacher's orders (everyone to a step, a door
    number, the class closed and opened, a removal, a bringing back)."""
    headers = {"Accept-Language": language.replace("_", "-")}

    async def talk() -> list[dict]:
        got: list[dict] = []
        async with aiohttp.ClientSession() as session:
            url = socket_url(running.students)
            student = await Page(session, url).open(headers=headers)
            got.append(await student.ask(20, do="join", name=""))
            got.append(await student.ask(20, do="join", name=f"Ada {language}"))
            got.append(await student.ask(20, do="act", action="point", args=[[1, 2, 200]]))
            got.append(await student.ask(20, do="act", action="check", args=[]))
            got.append(await student.ask(20, do="act", action="next", args=[]))
            got.append(await student.ask(20, do="act", action="point", args=[[0, 0, 0]]))
            got.append(await student.ask(20, do="act", action="check", args=[]))
            got.append(await student.ask(20, do="act", action="lesson", args=[2]))
            got.append(await student.ask(20, do="act", action="next", args=[]))
            got.append(await student.ask(20, do="act", action="move", args=["9,9,9"]))
            got.append(await student.ask(20, do="act", action="move", args=["zz"]))
            teacher = await Page(session, socket_url(running.teacher)).open(headers=headers)
            lines = await teacher.ask(20, do="teacher", code=CODE)
            got.append(lines)
            got.append(await teacher.ask(20, do="teacher", order="everyone", args=[0, 0]))
            got.append(await teacher.ask(20, do="teacher", order="door"))
            got.append(await teacher.ask(20, do="teacher", order="close", args=[True]))
            got.append(await teacher.ask(20, do="teacher", order="close", args=[False]))
            got.append(await teacher.ask(20, do="teacher", order="remove", args=[[]]))
            ours = [row["id"] for row in lines["rows"] if row["name"] == f"Ada {language}"]
            got.append(await teacher.ask(20, do="teacher", order="remove", args=[ours]))
            got.append(await teacher.ask(20, do="teacher", order="bring_back", args=[ours]))
            got.append(await teacher.ask(20, do="teacher", order="nonsense"))
            await student.close()
            await teacher.close()
        return got

    return asyncio.run(talk())


@pytest.fixture(scope="module")
def talked(tmp_path_factory):
    results = tmp_path_factory.mktemp("one-path") / "results.json"
    with local_class(results, LESSON, SECOND, TERRACE) as running:
        yield running


@pytest.mark.parametrize("server_language", FIVE)
def test_a_page_in_the_pseudo_locale_is_sent_every_word_marked_whatever_the_server_speaks(
    talked, server_language
):
    """The class's server speaking each language (its process's: the command line's), a
    page in the pseudo-locale: every word the server, the lab and the games said to it is
    the catalog's, said in the page's language (marked), none in the server's (issue 108
    item 1: ``str()`` of a reason froze it in the process's language)."""
    try:
        i18n.use(server_language)
        replies = _a_class_talked_to(i18n.PSEUDO, talked)
    finally:
        i18n.use(i18n.ENGLISH)
    said = [text for reply in replies for text in _said_in_replies(reply)]
    assert len(said) > 15, said
    unmarked = {text: words for text in said if (words := _unmarked(text))}
    assert unmarked == {}, json.dumps(unmarked, ensure_ascii=False)


@pytest.mark.parametrize("page_language", FIVE)
def test_a_page_in_each_language_is_sent_nothing_of_the_servers_own(talked, page_language):
    """The server in the pseudo-locale, a page in each of the five: nothing it is sent is
    marked (no word reached it in the server's language), and a page in a language of
    the catalog is sent its words (not the English)."""
    try:
        i18n.use(i18n.PSEUDO)
        replies = _a_class_talked_to(page_language, talked)
    finally:
        i18n.use(i18n.ENGLISH)
    sent = json.dumps(replies, ensure_ascii=False)
    assert "⟦" not in sent
    said = [text for reply in replies for text in _said_in_replies(reply)]
    assert len(said) > 15, said
    english = _a_class_talked_to(i18n.ENGLISH, talked) if page_language != "en" else replies
    english_said = {text for reply in english for text in _said_in_replies(reply)}
    if page_language != "en":
        kept = [text for text in said if text in english_said and _unmarked(text)]
        assert len(kept) < 3, kept  # (a few are notation: "1,1,1")


def test_a_students_own_text_is_never_read_as_a_template(talked):
    """Issue 109 item 19: a name or a move typed with a "²" in it, that reads like one of
    the catalog's sentences of a count, closed the page in any language but English (the
    matcher took "²" for a count). Now the page is answered, the name said as it is."""
    tricky = "² students moved to lesson 1, step 1"

    async def talk() -> list[dict]:
        async with aiohttp.ClientSession() as session:
            german = {"Accept-Language": "de"}
            student = await Page(session, socket_url(talked.students)).open(headers=german)
            joined = await student.ask(20, do="join", name=tricky)
            await student.ask(20, do="act", action="lesson", args=[2])
            await student.ask(20, do="act", action="next", args=[])
            moved = await student.ask(20, do="act", action="move", args=[tricky])
            teacher = await Page(session, socket_url(talked.teacher)).open(headers=german)
            lines = await teacher.ask(20, do="teacher", code=CODE)
            ours = [row["id"] for row in lines["rows"] if row["name"] == tricky]
            removed = await teacher.ask(20, do="teacher", order="remove", args=[ours])
            back = await teacher.ask(20, do="teacher", order="bring_back", args=[ours])
            return [joined, moved, removed, back]

    joined, moved, removed, back = asyncio.run(talk())
    assert "token" in joined
    assert moved["error"]  # (refused in words, the page answered)
    assert removed["said"] == (
        f"{tricky} ist nicht mehr in der Klasse (Zurückholen macht es rückgängig)"
    ), removed["said"]
    assert back["said"].startswith(tricky)


# ---- the pages walked in Chromium ---------------------------------------------------------------

#: Where a page shows words that are not the classroom's own: the lesson's texts (its
#: titles, its step's text and prompt: lessons per language are the lesson format's), the
#: rules' and the games' words (viewer/lab, viewer/games: their moves, panels, legend,
#: labels, a verdict's reason), the people's names, and the language picker (each
#: language by its own name).
NOT_OURS = [
    "#cr-lesson option",
    "#cr-lesson-title",
    "#cr-step-title",
    "#cr-text",
    ".cr-prompt",
    ".cr-verdict span",
    ".cr-play",
    ".cr-panels",
    ".cr-legend-row",
    ".cr-labels",
    "#cr-live",  # (says again what the page shows: a step's title, a verdict, a pick)
    "#cr-board-words li",  # (the board's points in the games' words)
    "#cr-who",
    "#cr-teacher-lesson option",
    "#cr-language",
    ".cr-table td",
    ".cr-waiter",
    ".cr-removed-row",
    "#cr-confirm b",
    "#cr-picked",
    ".cr-hint",
]

#: Where a page shows the words the lab and the games make (the moves listed, a verdict's
#: word and reason, the legend): left out of the English walk (its words were captured
#: before they were read), walked in the pseudo-locale by
#: :func:`test_the_lab_and_games_words_on_a_page_come_from_the_catalog`.
LAB_WORDS = [".cr-verdict span", ".cr-play", ".cr-legend-row"]

#: The page's words as a person reads them: its text, and its placeholders, titles and
#: labels, apart from :data:`NOT_OURS` (each element left out with what it holds).
_READ = """(notOurs) => {
  const body = document.body.cloneNode(true);
  for (const selector of notOurs) for (const el of body.querySelectorAll(selector)) el.remove();
  const said = [];
  for (const el of body.querySelectorAll('[placeholder],[title],[aria-label]')) {
    for (const name of ['placeholder', 'title', 'aria-label']) {
      const value = el.getAttribute(name);
      // (a label that repeats the tooltip is one sentence: a tick box's, issue 107)
      if (value && !(name === 'aria-label' && value === el.getAttribute('title'))) said.push(value);
    }
  }
  const box = document.createElement('div');
  box.style.position = 'absolute'; box.style.left = '-99999px';
  box.appendChild(body);
  document.documentElement.appendChild(box);
  const text = body.innerText;
  box.remove();
  return [text, ...said].join('\\n');
}"""


def _unmarked(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-locale's marks (⟦…⟧), apart from names
    (Ada, Bo), numbers and notation (a tag, a move, a code)."""
    while "⟦" in text:
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    found = re.findall(r"[A-Za-z][A-Za-z'-]+", text)
    return [w for w in found if w not in ("Ada", "Bo", "Cy", "Late")]


def walk(browser, server, headers: dict[str, str]) -> dict[str, str]:
    """The two pages' states, each as a person reads it (:data:`_READ`): a student's join
    form, joined, a step that asks, a refusal, a hint; the teacher's code form, the lines,
    the class closed, a join waiting, a removal asked and done, the removed student's
    page. (The pages speak as ``headers``' Accept-Language has them.)"""
    seen: dict[str, str] = {}
    context = browser.new_context(
        viewport={"width": 1200, "height": 800}, extra_http_headers=headers
    )

    def read(name: str, page) -> None:
        page.wait_for_timeout(150)
        seen[name] = page.evaluate(_READ, NOT_OURS)

    def acted(page, selector: str) -> None:
        done = page.evaluate("() => Number(document.body.dataset.acted || 0)")
        page.click(selector)
        page.wait_for_function(
            f"() => Number(document.body.dataset.acted || 0) > {done}", timeout=WAIT_MS
        )

    ada = context.new_page()
    ada.goto(server.students)
    ada.wait_for_selector("#cr-join-button", timeout=WAIT_MS)
    read("student: the join form", ada)
    ada.fill("#cr-name", "Ada")
    ada.click("#cr-join-button")
    ada.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
    read("student: joined", ada)
    acted(ada, "#cr-next")
    ada.wait_for_selector("#cr-check", timeout=WAIT_MS)
    read("student: a step that asks", ada)
    acted(ada, "#cr-check")
    ada.wait_for_selector("#cr-msg", timeout=WAIT_MS)
    read("student: a refusal", ada)
    acted(ada, "#cr-hint")
    read("student: a hint", ada)

    teacher = context.new_page()
    teacher.goto(server.teacher.split("#")[0])
    teacher.wait_for_selector("#cr-code", timeout=WAIT_MS)
    read("teacher: the code form", teacher)
    teacher.fill("#cr-code", CODE)
    teacher.click("#cr-code-open")
    teacher.wait_for_selector("#cr-table", timeout=WAIT_MS)
    teacher.wait_for_function("() => document.body.dataset.rows === '1'", timeout=WAIT_MS)
    read("teacher: the lines", teacher)
    teacher.click("#cr-close")
    teacher.wait_for_selector("#cr-door-number", timeout=WAIT_MS)
    read("teacher: the class closed", teacher)

    others = browser.new_context(
        viewport={"width": 1200, "height": 800}, extra_http_headers=headers
    )
    late = others.new_page()  # (a browser of its own: Ada's key is kept in hers)
    late.goto(server.students)
    late.fill("#cr-name", "Late", timeout=WAIT_MS)
    late.click("#cr-join-button")
    late.wait_for_selector("#cr-door", timeout=WAIT_MS)
    read("student: waiting for the teacher", late)
    teacher.wait_for_function("() => document.body.dataset.waiting === '1'", timeout=WAIT_MS)
    read("teacher: a join waiting", teacher)
    teacher.click(".cr-refuse")
    teacher.wait_for_function("() => document.body.dataset.waiting === '0'", timeout=WAIT_MS)
    read("teacher: a join refused", teacher)

    teacher.click(".cr-remove")
    teacher.wait_for_selector("#cr-confirm", timeout=WAIT_MS)
    read("teacher: a removal asked", teacher)
    teacher.click("#cr-confirm-yes")
    teacher.wait_for_selector("#cr-removed", timeout=WAIT_MS)
    read("teacher: a student removed", teacher)
    ada.wait_for_function("() => !document.querySelector('#cr-step-title')", timeout=WAIT_MS)
    read("student: removed", ada)
    others.close()
    context.close()
    return seen


@pytest.fixture
def fresh(tmp_path):
    """A class of its own (a walk closes it and removes its student)."""
    with local_class(tmp_path / "results.json", LESSON, SECOND) as running:
        yield running


def test_the_pages_in_the_pseudo_locale_show_no_word_that_bypassed_the_catalog(fresh, browser):
    seen = walk(browser, fresh, {"Accept-Language": "en-XA"})
    unmarked = {state: words for state, text in seen.items() if (words := _unmarked(text))}
    assert unmarked == {}, json.dumps(unmarked)
    assert all("⟦" in text for text in seen.values())


def _plain(text: str) -> str:
    """A state's words, its numbers (times, a door number) as #."""
    return re.sub(r"\d+", "#", " ".join(text.split()))


def test_the_pages_in_english_say_what_they_said_before(fresh, browser):
    seen = walk(browser, fresh, {"Accept-Language": "en-US,en;q=0.9"})
    before = json.loads(ENGLISH_BEFORE.read_text(encoding="utf-8"))
    assert {state: _plain(text) for state, text in seen.items()} == before


def test_a_language_picked_on_a_page_is_kept_there_and_the_others_keep_theirs(server, browser):
    size = {"width": 1200, "height": 800}
    mine = browser.new_context(viewport=size, extra_http_headers={"Accept-Language": "en"})
    theirs = browser.new_context(viewport=size, extra_http_headers={"Accept-Language": "fr"})
    try:
        student = mine.new_page()
        student.goto(server.students)
        student.wait_for_selector("#cr-join-button", timeout=WAIT_MS)
        assert student.inner_text("#cr-join-button") == "Join the class"
        student.select_option("#cr-language", "de")
        joined = (
            "() => document.querySelector('#cr-join-button')?.innerText === 'Der Klasse beitreten'"
        )
        student.wait_for_function(joined, timeout=WAIT_MS)
        student.reload()  # (kept in this browser, for this page)
        student.wait_for_function(joined, timeout=WAIT_MS)
        student.click("#cr-join-button")  # (no name: the server's refusal, in German)
        said = "() => (document.querySelector('#cr-msg') || {}).innerText"
        student.wait_for_function(f"{said} === 'gib zuerst deinen Namen ein'", timeout=WAIT_MS)
        classmate = theirs.new_page()  # (their browser's language: French)
        classmate.goto(server.students)
        classmate.wait_for_selector("#cr-join-button", timeout=WAIT_MS)
        assert classmate.inner_text("#cr-join-button") == "Rejoindre la classe"
        teacher = mine.new_page()  # (the teacher's page keeps its own: English here)
        teacher.goto(server.teacher)
        teacher.wait_for_selector("#cr-table", timeout=WAIT_MS)
        assert teacher.inner_text("#cr-everyone") == "Everyone to this step"
    finally:
        mine.close()
        theirs.close()


def _ray_to_a_base_corner() -> list[list[float]]:
    """A view ray from outside the board onto its corner point 0,0,0 (on the base: a wrong
    answer to the lesson's second step, which asks for the apex)."""
    lattice = lessons.read(LESSON).steps[1].game.lattice
    corner = lattice.centres[lattice.id_of(0, 0, 0)]
    out = corner - lattice.centres.mean(axis=0)
    out /= np.linalg.norm(out)
    return [[float(c) for c in corner + 6.0 * out], [float(c) for c in -out]]


def test_the_lab_and_games_words_on_a_page_come_from_the_catalog(server, browser):
    """The words the lab and the games make reach the page in its language: the legend
    of a step, a wrong answer's verdict and reason, the moves a step lists (Terrace's), in
    the pseudo-locale all marked (names, numbers and notation aside)."""
    ours = [selector for selector in NOT_OURS if selector not in LAB_WORDS]
    size = {"width": 1200, "height": 800}
    context = browser.new_context(viewport=size, extra_http_headers={"Accept-Language": "en-XA"})
    seen: dict[str, str] = {}

    def acted(page, act) -> None:
        done = page.evaluate("() => Number(document.body.dataset.acted || 0)")
        act()
        page.wait_for_function(
            f"() => Number(document.body.dataset.acted || 0) > {done}", timeout=WAIT_MS
        )

    def read(name: str, page, selector: str) -> None:
        page.wait_for_selector(selector, timeout=WAIT_MS)
        page.wait_for_timeout(150)
        seen[name] = page.evaluate(_READ, ours)
        assert page.inner_text(selector).strip(), name

    try:
        ada = context.new_page()
        ada.goto(server.students)
        ada.fill("#cr-name", "Ada", timeout=WAIT_MS)
        ada.click("#cr-join-button")
        ada.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
        acted(ada, lambda: ada.click("#cr-next"))
        read("a step's legend", ada, "#cr-legend")
        ray = _ray_to_a_base_corner()
        acted(ada, lambda: ada.evaluate("(ray) => window.classroom.act('click', ray)", ray))
        ada.wait_for_function(
            "() => document.querySelector('#cr-picked').innerText.trim()", timeout=WAIT_MS
        )
        acted(ada, lambda: ada.click("#cr-check"))
        read("a wrong answer's verdict", ada, "#cr-verdict")
        acted(ada, lambda: ada.select_option("#cr-lesson", "2"))
        acted(ada, lambda: ada.click("#cr-next"))
        read("the moves listed", ada, "#cr-play-list")
    finally:
        context.close()
    unmarked = {state: words for state, text in seen.items() if (words := _unmarked(text))}
    assert unmarked == {}, json.dumps(unmarked)
    # (the reason itself: marked on its own, after the verdict's word and a space)
    assert re.search(r"⟧ ⟦[^⟦⟧]*SW[^⟦⟧]*⟧", seen["a wrong answer's verdict"]), seen


def test_the_move_played_is_named_in_the_pages_language(server):
    """The live region said "Move played." without the move (issue 107's review): the
    page is sent the move its step played as its moves list named it, in the page's
    language (its text, and the game's words for it where there are some)."""

    async def talk() -> tuple[dict, dict]:
        async with aiohttp.ClientSession() as session:
            page = await Page(session, socket_url(server.students)).open(
                headers={"Accept-Language": "de"}
            )
            await page.ask(20, do="join", name="Ida")
            await page.ask(20, do="act", action="lesson", args=[2])
            before = await page.ask(20, do="act", action="next", args=[])
            listed = before["page"]["play"]["moves"][0]
            after = await page.ask(20, do="act", action="move", args=[listed["text"]])
            await page.close()
            return listed, after

    listed, after = asyncio.run(talk())
    assert after["page"]["moved"], after.get("error")
    named = f"{listed['text']} ({listed['words']})" if listed["words"] else listed["text"]
    assert after["page"]["played"] == named, (after["page"]["played"], listed)
    said = i18n.translations("de").gettext("Move played: {move}")
    assert said != "Move played: {move}"  # (the live region's words)
    assert "{move}" in said


def test_the_boards_spots_are_sent_when_they_change_or_the_language_does(server):
    """The keyboard's spots (each point, its words: ~2 KB on Partition's board) went with
    every board a click redrew (issue 107's review: the click bench 1.08x slower): now
    once, by their key, as a board's layers are, and again in a language picked anew."""

    async def talk() -> list[dict]:
        async with aiohttp.ClientSession() as session:
            page = await Page(session, socket_url(server.students)).open()
            got = [await page.ask(20, do="join", name="Spot")]
            got.append(await page.ask(20, do="act", action="next", args=[]))
            got.append(await page.ask(20, do="act", action="point", args=[[0, 0, 0]]))
            got.append(await page.ask(20, do="act", action="point", args=[[1, 0, 0]], lang="sv"))
            await page.close()
            return got

    joined, step, picked, swedish = (told["board"] for told in asyncio.run(talk()))
    assert joined["spots"]
    assert "spots" not in picked, len(json.dumps(picked["spots"]))  # (no piece changed)
    assert picked["keys"]["spots"] == step["keys"]["spots"]
    said = {spot["words"] for spot in swedish["spots"]}
    assert said != {spot["words"] for spot in step.get("spots", joined["spots"])}
    assert any("tom" in words for words in said), sorted(said)[:3]  # ("0,0,0: tom")
