"""A sentence made once and shown to several people, each in their own language
(``pyramid_lab.i18n.Message``, docs/i18n.md): its English is what it always was, and each
edge says it in its own (the window with its language, a classroom's page with the
page's)."""

from __future__ import annotations

import copy
import pickle

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, N_, Message, Mn_
from pyramid_lab.viewer.classroom import words
from pyramid_lab.viewer.lab.outcome_words import joined, word


def test_a_message_is_its_english_and_is_said_in_each_language():
    made = M_("{mover} played {move}", mover=word("red"), move="1,1,0")
    assert made == "red played 1,1,0"
    assert str(made) == "red played 1,1,0"
    assert made.said_in("en") == "red played 1,1,0"
    assert made.said_in("de") == "Rot hat 1,1,0 gespielt"
    assert made.said_in("sv") == "röd spelade 1,1,0"
    assert i18n.shown(made, "fr") == "rouge a joué 1,1,0"
    assert i18n.shown(made, "en") == "red played 1,1,0"


def test_its_counts_and_numbers_are_the_languages():
    said = Mn_(
        "{corner}: {holder} holds it with a group of {size} anchored on {walls}; "
        "{count} point cut off",
        "{corner}: {holder} holds it with a group of {size} anchored on {walls}; "
        "{count} points cut off",
        1234,
        corner="SW",
        holder=word("red"),
        size=3,
        walls=joined(["west", "north"]),
        count=1234,
    )
    assert said.endswith("west, north; 1234 points cut off")
    assert said.said_in("de").endswith("West, Nord; 1.234 Punkte abgeschnitten")
    one = Mn_(
        "{corner}: {holder} holds it with a group of {size} anchored on {walls}; "
        "{count} point cut off",
        "{corner}: {holder} holds it with a group of {size} anchored on {walls}; "
        "{count} points cut off",
        1,
        corner="AP",
        holder=word("blue"),
        size=2,
        walls=word("east"),
        count=1,
    )
    assert one == "AP: blue holds it with a group of 2 anchored on east; 1 point cut off"
    assert one.said_in("sv").endswith("förankrad på öst; 1 punkt avskuren")


def test_nothing_to_say_is_said_as_nothing_in_each_language():
    """A front end clears a line by showing '' (a status bar, a prompt, a note): said in
    any language it stays '' (gettext would answer the catalog's header)."""
    for language in (*i18n.languages(), i18n.ENGLISH, i18n.PSEUDO):
        assert i18n.shown("", language) == ""


def test_words_joined_keep_the_english_join_and_are_translated_each():
    assert joined(["west", "east", "north"], " and ") == "west and east and north"
    assert joined(["west", "north"], " or ").said_in("fr") == "ouest ou nord"
    assert joined([]) == ""


def test_a_message_survives_a_copy_and_a_pickle_and_a_plain_str_made_from_it_is_english():
    made = M_("{side} to move", side=word("black"))
    for again in (copy.deepcopy(made), pickle.loads(pickle.dumps(made))):
        assert isinstance(again, Message)
        assert again.said_in("de") == "Schwarz ist am Zug"
    assert not isinstance(made + ".", Message)
    assert not isinstance(f"{made}", Message)


def test_the_pseudo_locale_marks_a_message_the_catalog_holds_and_no_other():
    held = M_("{side} to move", side=word("red")).said_in(i18n.PSEUDO)
    assert held.startswith("⟦")
    assert held.count("⟦") == 2  # (the sentence, and the word put in it)
    missing = M_("a sentence no catalog holds {x}", x="1").said_in(i18n.PSEUDO)
    assert missing == "a sentence no catalog holds 1"


def test_a_page_is_sent_the_labs_words_in_its_language():
    made = M_("{side} to move", side=word("blue"))
    assert words.said(made, "sv") == "blå att dra"
    # made by the rules (model.lesson) as Messages
    assert words.said(M_("{points} is not one of them", points="SW"), "de") == (
        "SW gehört nicht dazu"
    )
    right = M_("{points} are right; {count} more to find", points="SW, SE", count=1)
    assert words.said(right, "fr") == "SW, SE sont justes ; encore 1 à trouver"
    # a text that only looks like a sentence of the catalog (a student's own) is not one
    assert words.said("SW is not one of them", "de") == "SW is not one of them"
    assert words.said("² and 3 more", "de") == "² and 3 more"
    assert i18n.shown(N_("takes a click now"), "es") == "admite un clic ahora"


def test_the_language_is_the_piece_of_works_inside_an_override():
    """Issue 108 item 1: the active language is a context variable, as Django's
    ``translation.override``: inside it ``_()``, ``shown()`` and ``str()`` of a reason speak
    it; outside, and in another thread or task, the process's."""
    import asyncio
    import threading

    from pyramid_lab.model.errors import SaidError

    reason = SaidError(M_("{side} to move", side=word("blue")))
    assert str(reason) == "blue to move"
    with i18n.override("de") as chosen:
        assert chosen == i18n.current() == "de"
        assert str(reason) == "Blau ist am Zug"
        assert i18n._("Language") == i18n.translations("de").gettext("Language")
        assert i18n.shown(M_("{side} to move", side=word("red"))) == "Rot ist am Zug"
        seen: list[str] = []
        elsewhere = threading.Thread(target=lambda: seen.append(i18n.current()))
        elsewhere.start()
        elsewhere.join()
        assert seen == ["en"]  # (a thread of its own: the process's)
        with i18n.override("sv"):
            assert str(reason) == "blå att dra"
        assert i18n.current() == "de"
    assert str(reason) == "blue to move"
    assert i18n.current() == "en"

    async def page(language: str) -> str:
        with i18n.override(language):
            await asyncio.sleep(0.01)  # (another page's task runs meanwhile)
            return str(reason)

    async def both() -> list[str]:
        return list(await asyncio.gather(page("de"), page("sv"), page("fr")))

    assert asyncio.run(both())[:2] == ["Blau ist am Zug", "blå att dra"]
