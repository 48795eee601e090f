"""The analysis of the position shown as the lab runs it (:class:`LabAnalysis`): started
and stopped by the front end, its answer said on the status line with the proven line in
the front end's words, a failure said, dropped when the position moves, and a front end
told to analyse again once a whole-game table is built (the book reads it from then)."""

from __future__ import annotations

from collections.abc import Callable

from pyramid_lab.i18n import M_
from pyramid_lab.model import search
from pyramid_lab.model.words import reason_of

from .analysis import Analyses
from .bulletin import Bulletin
from .events import LabChange, PositionChange
from .jobs import Job
from .table_build import BuildEnd, Built, with_build_item

#: What the status line says when a move drops the analysis under way.
DROPPED = M_("the analysis was dropped: the position changed (Analyse it again)")


class LabAnalysis:
    """The lab's analysis of the position shown (the module's text): ``analyses`` its
    state and runner, ``bulletin`` where it speaks, ``changed`` the lab's signal it
    announces on, ``build_item`` the front end's way to build a whole-game table,
    ``in_setup`` whether set-up mode has the board (no analysis then)."""

    def __init__(
        self,
        analyses: Analyses,
        bulletin: Bulletin,
        changed: Callable[[LabChange], None],
        build_item: str,
        in_setup: Callable[[], bool],
    ) -> None:
        self.analyses = analyses
        self.bulletin = bulletin
        self._changed = changed
        self.build_item = build_item
        self._in_setup = in_setup
        analyses.runner.answered.connect(self._answered)
        analyses.runner.failed.connect(self._failed)

    def start(self, seconds: float, threads: int = 1) -> bool:
        """Analyse the position shown; a refusal is said on the status line (False)."""
        refused = self.analyses.start(seconds, threads, in_setup=self._in_setup())
        if refused:
            self.bulletin.say(refused)
            return False
        self._changed("analysis")
        return True

    def stop(self) -> bool:
        """End the analysis now: the moves weighed so far come as its result (False: none
        runs, or it is ending already)."""
        if not self.analyses.stop():
            return False
        self.bulletin.say(M_("analysis stopped: the moves weighed so far are shown"))
        return True

    def proven_words(self, analysis: search.Analysis) -> str:
        """The analysis's proven line, and where the book ends, the front end's way to
        build the table beside the command (``build_item``)."""
        text = analysis.proven_text
        if analysis.book_end and text.endswith(analysis.book_end):
            return with_build_item(text, self.build_item)
        return text

    def table_ended(self, outcome: BuildEnd) -> None:
        """A whole-game table built: the position shown answers from it now (the book
        reads a finished table's header anew), so a front end analyses it again."""
        if isinstance(outcome, Built):
            self._changed("table built")

    def position_changed(self, reason: PositionChange) -> None:
        """A new position: an analysis of the last is dropped (said) or forgotten."""
        analyses = self.analyses
        if reason != "saved" and analyses.drop_if_moved():
            self.bulletin.say(DROPPED)
            self._changed("analysis dropped")
        if analyses.shown() is None and analyses.forget():
            self._changed("analysis")

    def _failed(self, job: Job, exc: BaseException) -> None:
        self.bulletin.say(M_("the analysis failed: {error}", error=reason_of(exc)))
        self._changed("analysis")

    def _answered(self, job: Job, analysis: search.Analysis) -> None:
        self.analyses.answered(job, analysis)
        found = self.proven_words(analysis) or analysis.evaluation_text
        self.bulletin.say(M_("analysis: {found}", found=found))
        self._changed("analysis")
