"""The lab's analysis of the position shown: when it may run, its search on the lab's job
runner, Stop (the moves weighed so far are kept), and which position a result is of
(:class:`Analyses`); as the lab runs it (:class:`LabAnalysis`), started and stopped by the
front end, its answer said on the status line with the proven line in the front end's
words, a failure said, dropped when the position moves, and a front end told to analyse
again once a whole-game table is built (the book reads it from then). Qt-free: the Analysis
dock (viewer.desktop.analysis) shows it."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import M_
from pyramid_lab.model import search
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.model.words import reason_of

from .analysis_words import row_words
from .bulletin import Bulletin
from .events import LabChange, PositionChange
from .frame import Frame
from .jobs import Job, JobRunner, Progress, position_of
from .modes import Mode
from .palette import scale_moves
from .table_build import BuildEnd, Built, with_build_item

if TYPE_CHECKING:
    from .game_ui import UI


def refusal(game: Game, *, in_setup: bool = False) -> str:
    """Why ``game`` cannot be analysed now ('' when it can)."""
    if in_setup:
        return M_("no analysis in set-up mode: Apply or Cancel the set-up first")
    if game.is_over():
        return M_("the game is over ({result}): nothing to analyse", result=describe_result(game))
    return search.unanalysable(game, knowledge=search.knowledge_for(game)) or ""


class Analyses:
    """An analysis of the position shown, on ``runner`` (a runner of its own, so neither
    the computer player nor the analysis stops the other)."""

    def __init__(self, runner: JobRunner[search.Analysis]) -> None:
        self.runner = runner
        self.analysis: search.Analysis | None = None
        self.position: tuple[Hashable, int] | None = None  # (position key, ply) analysed
        self.seed: int | None = None  # tests make the searches repeatable
        self.heat: dict[int, float] = {}  # site -> win rate, when moves map to sites
        #: site -> (playouts behind its win rate, "win" / "loss" where proven); a site not
        #: here is an estimate of unknown noise
        self.heat_stats: dict[int, tuple[int, str | None]] = {}
        self.selected: Move | None = None  # the move picked in the front end's table

    @property
    def thinking(self) -> bool:
        return self.runner.thinking

    def start(self, seconds: float, threads: int, *, in_setup: bool = False) -> str:
        """Analyse the position shown for ``seconds`` on ``threads`` threads (one under
        way starts again); the refusal when it may not run ('' when it started), and then
        a search under way is stopped."""
        refused = refusal(self.runner.current(), in_setup=in_setup)
        if refused:
            self.runner.stop()
            return refused
        seed = self.seed

        def task(copy: Game, progress: Progress, stop: threading.Event) -> search.Analysis:
            return search.analyse(
                copy,
                knowledge=search.knowledge_for(copy),
                seconds=seconds,
                progress=progress,
                stop=stop,
                seed=seed,
                threads=threads,
            )

        self.forget()
        self.runner.run("analysis", task)
        return ""

    def stop(self) -> bool:
        """End the analysis now, keeping the moves weighed so far; False when none runs or
        one is already ending."""
        return self.runner.finish_once()

    def rows(self) -> list[tuple[str, str, str]]:
        """The rows of the analysis shown, best first, as the Analysis dock lists them:
        (move, mark, words) (:func:`row_words`); none where there is no analysis."""
        analysis = self.shown()
        if analysis is None:
            return []
        return [(str(s.move), *row_words(s)) for s in analysis.moves]

    def answered(self, job: Job, analysis: search.Analysis) -> None:
        self.analysis, self.position = analysis, (job.key, job.ply)

    def shown(self) -> search.Analysis | None:
        """The analysis of the position shown now, or None."""
        if self.analysis is None or position_of(self.runner.current()) != self.position:
            return None
        return self.analysis

    def drop_if_moved(self) -> bool:
        """The position changed: a search of another position is stopped (True then)."""
        job = self.runner.job
        if job is not None and (job.key, job.ply) != position_of(self.runner.current()):
            self.runner.stop()
            return True
        return False

    def forget(self) -> bool:
        """The result goes; True when there was one."""
        had = self.analysis is not None
        self.analysis, self.position = None, None
        self.heat, self.heat_stats, self.selected = {}, {}, None
        return had

    # ---- the board: the heat map ------------------------------------------------------------

    def map_heat(self, game: Game, ui: UI, analysis: search.Analysis) -> None:
        """The heat map of ``analysis`` on ``ui``'s board (:meth:`heat_layer` draws it),
        the move picked forgotten."""
        self.selected = None
        sites = _sites_of(game, ui, analysis)
        self.heat = {site: stat.win_rate for site, stat in sites.items()}
        self.heat_stats = {
            site: (stat.visits, stat.proven if stat.proven in ("win", "loss") else None)
            for site, stat in sites.items()
        }

    def heat_map(self) -> tuple[dict[int, float], tuple[float, float] | None]:
        """The heat map (``palette.scale_moves``): proven moves in their own colours, the
        estimates scaled over themselves, grey within their noise; and the (worst, best)
        estimated win rates for the colour bar."""
        sites = list(self.heat)
        stats = [self.heat_stats.get(site, (0, None)) for site in sites]
        values, scale = scale_moves(
            [self.heat[site] for site in sites], [v for v, _ in stats], [p for _, p in stats]
        )
        return dict(zip(sites, values, strict=True)), scale

    def heat_layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        """The board's layer: the heat map, and the sites of the move picked in the
        table, while the analysed position shows."""
        if self.analysis is None or position_of(game) != self.position:
            return frame
        changes: dict[str, Any] = {}
        if self.heat:
            heat, scale = self.heat_map()
            changes["heat"] = {**frame.heat, **heat}
            changes["heat_scale"] = scale
        sites = ui.move_sites(game, self.selected) if self.selected is not None else ()
        if sites:
            lit = tuple(frame.highlights.get("clickable", ())) + tuple(sites)
            changes["highlights"] = {**frame.highlights, "clickable": lit}
        return dataclasses.replace(frame, **changes) if changes else frame


def _sites_of(game: Game, ui: UI, analysis: search.Analysis) -> dict[int, Any]:
    """Site -> the move's statistics when the game's moves are placements and every move
    puts a piece on one site of its own; else nothing (two moves to one site, or a move to
    none, would make the map lie)."""
    if not ui.heat_map:
        return {}
    out: dict[int, Any] = {}
    for stat in analysis.moves:
        sites = ui.move_sites(game, stat.move)
        if len(sites) != 1 or sites[0] in out:
            return {}
        out[sites[0]] = stat
    return out


class AnalysisBoard(Mode):
    """The analysis as a board mode: never has the board, only draws its heat map (and
    the move picked in the table) over it while the analysed position shows."""

    name = "analysis"

    def __init__(self, analyses: Analyses) -> None:
        self.analyses = analyses

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        return self.analyses.heat_layer(game, ui, frame)


#: What the status line says when a move drops the analysis under way.
DROPPED = M_("the analysis was dropped: the position changed (Analyse it again)")


class LabAnalysis:
    """The lab's analysis of the position shown, as the lab runs it: ``analyses`` its
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
