"""The whole-game table build's step lines (:mod:`.steps`), Messages said in each
reader's language (the command line's, the window's): loaded by a build only, never by a
probe or a book's look-up (``tests/model/test_pyraos_prober.py``)."""

from __future__ import annotations

from pyramid_lab.i18n import M_, Message, Mn_, number

#: What a build says before its first layer, by whether it compiles push retrograde's kernels.
COMPILING = M_("compiling the whole game's kernels for their first use (a minute or so, once)")
LOADING = M_("loading the whole game's compiled kernels")


def too_many_predecessors(most: int) -> Message:
    """A position whose predecessors outnumber what a build holds (a bug's sign)."""
    return M_("a position with more predecessors than {most}", most=most)


def counters_said(kept: int, layers: int) -> Message:
    """What a resumed step does with the counters: ``kept`` of ``layers`` layers' kept."""
    if kept == layers:
        return M_("the counters kept: no counting pass")
    if kept:
        return Mn_(
            "the counters of {count} layer kept, the other {others} counted again first",
            "the counters of {count} layers kept, the other {others} counted again first",
            kept,
            count=kept,
            others=layers - kept,
        )
    return M_("the counters counted again first, a pass over every position")


def resumed_at_step(
    step: int, pushed: int, spheres: int | None, decided: int, counters: Message
) -> Message:
    """A build resumed at ``step``: ``pushed`` of its layers pushed (``spheres``: the layer
    pushed in part), ``decided`` positions decided kept; ``counters`` (:func:`counters_said`)."""
    if spheres is not None:
        return M_(
            "resuming at step {step}, {pushed} of its layers pushed ({spheres} spheres' in "
            "part): every position decided in fewer than {step} plies kept ({decided} "
            "positions decided); {counters}",
            step=step,
            pushed=pushed,
            spheres=spheres,
            decided=number(decided),
            counters=counters,
        )
    if pushed:
        return M_(
            "resuming at step {step}, {pushed} of its layers pushed: every position decided "
            "in fewer than {step} plies kept ({decided} positions decided); {counters}",
            step=step,
            pushed=pushed,
            decided=number(decided),
            counters=counters,
        )
    return M_(
        "resuming at step {step}: every position decided in fewer than {step} plies kept "
        "({decided} positions decided); {counters}",
        step=step,
        decided=number(decided),
        counters=counters,
    )


def resumed_counting(counted: int, layers: int, positions: int) -> Message:
    """A build resumed in its counting pass: ``counted`` of ``layers`` layers counted."""
    return M_(
        "resuming the counting pass: {counted} of {layers} layers counted, kept ({positions} "
        "positions); {left} to count",
        counted=counted,
        layers=layers,
        positions=number(positions),
        left=layers - counted,
    )


def resumed_from_start(decided: int) -> Message:
    """A build resumed with no counter kept: ``decided`` positions decided kept."""
    return M_(
        "resuming: {decided} positions decided kept; the counting pass from its start",
        decided=number(decided),
    )
