"""The words of the classroom's pages themselves, their templates' (``www/student.html``,
``www/teacher.html``) and their JavaScript's (``www/classroom.js``): each a whole sentence
with named placeholders, written there as ``t("...", {name: value})`` (a count's as
``tn("{count} student", "{count} students", n, {...})``) and listed here for the catalog's
extraction, so the page's words and the server's come from the one catalog
(:func:`.words.page_words` sends them, translated). ``tests/web/test_page_language.py``
fails on a word the pages use that is not listed here.

The teacher's lines carry a code where the page says a word (a student's ``end``: ``lesson
done``, ``all lessons done``): the page translates it; the class keeps it as it is."""

from __future__ import annotations

from pyramid_lab.i18n import N_

__all__ = ["PAGE_PLURALS", "PAGE_WORDS"]

#: Every word of the pages (``t(...)``), as written there.
PAGE_WORDS: tuple[str, ...] = (
    N_("Pyramid Lab classroom"),
    N_("Your name"),
    N_("your name"),
    N_("Join the class"),
    N_("The teacher's number"),
    N_("Join with the number"),
    N_("Lesson"),
    N_("Step {step} of {steps}"),
    N_("Picked: {points}"),
    N_("Picked: nothing yet"),
    # the board by keyboard and for a screen reader (issue 107)
    N_("The board"),
    N_(
        "On the board: the arrow keys move the focus point along a level, Page Up and Page "
        "Down (or + and -) go a level up or down, Home goes to a corner, End to the top; "
        "Enter or Space clicks the point."
    ),
    N_("The board in words"),
    N_("Move played."),
    N_("The teacher let you in."),
    N_("Hint: {hint}"),
    N_("Moves of {about}:"),
    N_("The moves:"),
    N_("choose a move"),
    N_("Play"),
    N_("Play the programs"),
    N_("or type the move"),
    N_("Check"),
    N_("Hint"),
    N_("Retry"),
    N_("Previous"),
    N_("the class's last step: no step after it"),
    N_("Next"),
    N_(
        "This browser cannot draw the board: WebGL is off or not available here. Turn "
        "on hardware acceleration (or WebGL) in the browser's settings and reload this "
        "page (your place in the class is kept), or ask your teacher. The lesson's text "
        "and Hint can be read meanwhile."
    ),
    N_("On the board"),
    N_("Levels shown"),
    N_("Peel"),
    N_("Clip across"),
    N_("Reset view"),
    N_("Pyramid Lab classroom: the teacher's page"),
    N_("Class code"),
    N_("Open"),
    N_("step"),
    N_("Everyone to this step"),
    N_("Results as CSV"),
    N_("Closed to new students: a new student waits for your yes."),
    N_("Open: anyone with the students' address may join."),
    N_("once everyone is in: a join then waits for your yes"),
    N_("Close the class to new students"),
    N_("Open the class again"),
    N_("Remove the {count} ticked"),
    N_("Remove the ticked (tick them first)"),
    N_(
        "a number to read out to a late student: typed on their page, it lets them in "
        "once, however many pages wait"
    ),
    N_("A number for a late student"),
    N_("Numbers open:"),
    N_("tick every join waiting"),
    N_("Asking to join ({count}):"),
    N_("tick all"),
    N_("Let in the {count} ticked"),
    N_("Let in the ticked"),
    N_("Refuse the {count} ticked"),
    N_("Refuse the ticked"),
    N_(
        "The waiting room is full ({count}): a newcomer is turned away, told to ask "
        "you, until you let in or refuse some."
    ),
    N_("tick {name}"),
    N_("Let in"),
    N_("Refuse"),
    N_(
        "Their lines, answers and times leave the class's results and its CSV, and "
        "their pages can do nothing more."
    ),
    N_(
        'They can be brought back, as they were, from "Removed" below, for as long as '
        "this class's results file is kept."
    ),
    N_("Remove {name}"),
    N_("Remove {count} students"),
    N_("Keep {name}"),
    N_("Keep them"),
    N_("tick every student"),
    N_("Student"),
    N_("Step"),
    N_("Tries"),
    N_("Right"),
    N_("Wrong"),
    N_("On the step"),
    N_("Last wrong answer"),
    N_("Why it was wrong"),
    N_("tells {name} apart from a namesake (also in the CSV)"),
    N_("steps answered or read: {done} of {steps}"),
    N_("Remove {name} from the class and its results (asks first)"),
    N_("Remove"),
    N_("Removed ({count})"),
    N_("tick every student removed"),
    N_("Bring back the {count} ticked"),
    N_("Bring back the ticked"),
    N_("Bring back"),
    N_("The class closed this page."),
    N_("The class refused this page: {why}"),
    N_("The server did not answer; trying again soon."),
    N_("{names} and {count} more"),
    N_("Remove {names} from the class?"),
    N_("Language"),
    N_("The connection to the class was lost: trying again..."),
    N_("The class cannot be reached: reload the page when it is back."),
    N_("that is not this class's code"),
    N_("too many wrong class codes on this page: reload it to try again"),
    N_("lesson done"),
    N_("all lessons done"),
    N_("page closed"),
    N_("{name}'s page is closed or lost its connection; their progress is kept"),
    N_("{name}'s page is open, but nothing was done on it for a while"),
    N_(
        "A grey row, page closed: the student's page is closed or lost its connection "
        "(their progress is kept). Idle: the page is open, but nothing was done on it for "
        "a minute or more."
    ),
)


def ngettext(singular: str, plural: str, n: int) -> tuple[str, str]:
    """A counted word of the pages, marked for the catalog's extraction (``ngettext`` is
    the name it looks for, as ``N_`` marks a word): the pair as written, translated where
    the page is sent its words (:func:`.words.page_words`)."""
    return singular, plural


#: The pages' counted words (``tn(singular, plural, n)``): singular and plural, as written.
PAGE_PLURALS: tuple[tuple[str, str], ...] = (
    ngettext("{count} student", "{count} students", 2),
    ngettext("idle for {count} minute", "idle for {count} minutes", 2),
)
