"""The prover's words while it works (:mod:`.prover`): its task, its nodes and its result,
each a Message said in the reader's language where its progress is shown (the Analysis
dock's activity line, a Verify's)."""

from __future__ import annotations

from pyramid_lab.i18n import M_, N_, Message, Mn_

from ..words import colour

#: A proof's result as a word (the result itself is a code: "proven", ...).
RESULT_WORDS = {
    # TRANSLATORS: a proof's result
    "proven": N_("proven"),
    # TRANSLATORS: a proof's result
    "disproven": N_("disproven"),
    # TRANSLATORS: a proof's result (stopped before it was settled)
    "unknown": N_("unknown"),
}


def task(side: str, within: int) -> Message:
    """'red wins within 3': what the prover is asked."""
    return M_("{side} wins within {within}", side=colour(side), within=within)


def within_plies(side: str, within: int) -> Message:
    """'red wins within 3 plies': the analysis's question to the prover, shortest first."""
    return Mn_(
        "{side} wins within {plies} ply",
        "{side} wins within {plies} plies",
        within,
        side=colour(side),
        plies=within,
    )


def first_moves_task(side: str, within: int) -> Message:
    """The prover's task while it finds every winning first move."""
    return M_("first moves: {side} wins within {within}", side=colour(side), within=within)


def nodes(task: str, count: int) -> Message:
    """'red wins within 3: 1234 nodes': the prover's task and the nodes it searched."""
    return Mn_("{task}: {count} node", "{task}: {count} nodes", count, task=task, count=count)


def result(task: str, code: str) -> Message:
    """'red wins within 3: disproven': the prover's task and its result."""
    return M_("{task}: {result}", task=task, result=M_(RESULT_WORDS.get(code, code)))
