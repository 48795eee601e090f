"""A move that answers a lesson's win-within task, judged on a worker thread, Qt-free.

Whether a move wins within some plies takes a proof (:class:`model.search.Judge`): the
prover's search, and before it, in a process that has not used the compiled search yet, its
compile or load (a minute or two of compiling on a cold cache), or the wait for another
thread that compiles it (the computer's or the Hint's job). On the front end's thread that
was a frozen window: the suite's GUI monkey saw the window's thread wait 65 to 150 s in
``first_use.ready`` behind an engine job's compile. Here the proof runs on a runner of its
own (:class:`~viewer.lab.jobs.JobRunner`, whose first-use words it passes on), and the
verdict comes back through ``post``; meanwhile :attr:`LessonJudge.words` says what the
lesson waits for.

A front end with no thread of its own (``post`` is :func:`~viewer.lab.jobs.at_once`: the
classroom, whose student's request runs on a thread of the server's, under that student's
lock, and answers with the verdict; a script) has the move judged at once, as before: a
delivery from the worker would come outside that lock."""

from __future__ import annotations

from collections.abc import Callable

from pyramid_lab.i18n import M_, Message
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model import search
from pyramid_lab.model.game import Game, Move, shorten
from pyramid_lab.model.words import reason_of

from .jobs import JOIN_SECONDS, Job, JobRunner, Post, at_once
from .outcome_words import word

#: What the lesson says while the prover judges the student's move.
JUDGING = M_("Judging your move with the prover...")


class LessonJudge:
    """Judges one answer at a time on a worker thread; ``done(verdict)`` on the front end's
    thread when it comes (a proof that failed: ``say`` tells why, no verdict), ``said()``
    whenever :attr:`words` change (the step's text shows them)."""

    def __init__(
        self,
        post: Post,
        done: Callable[[lessons.Verdict], None],
        said: Callable[[], None],
        say: Callable[[str], None],
    ) -> None:
        self.done, self.said, self.say = done, said, say
        self._inline = post is at_once  # no thread of its own: judged at once (see above)
        self._after: Game | None = None  # the position the answer made (the job's view)
        self.runner: JobRunner[lessons.Verdict] = JobRunner(self._position, post)
        self.runner.answered.connect(self._judged)
        self.runner.failed.connect(self._failed)
        self.runner.preparing.connect(self._preparing)
        #: What the lesson says while it judges ('' when it does not).
        self.words: Message | str = ""

    def _position(self) -> Game:
        assert self._after is not None
        return self._after

    @property
    def busy(self) -> bool:
        return self.runner.thinking

    def start(self, task: lessons.Task, before: Game, move: Move) -> None:
        """Judge ``move`` played at ``before`` (the step's position) against ``task``; a
        judging under way goes on (it judges the same first move)."""
        if self._inline:
            wins = search.Judge(search.knowledge_for)
            self.done(lessons.judge_move(task, before, move, wins=wins))
            return
        if self.runner.thinking:
            return
        after = before.copy()
        after.push(move)
        self._after = after
        self.words = JUDGING
        self.runner.run(
            "judge",
            lambda _view, _progress, _stop: lessons.judge_move(
                task, before, move, wins=search.Judge(search.knowledge_for)
            ),
        )
        self.said()

    def stop(self) -> None:
        """The step changed or its answer was taken back: the verdict under way is dropped."""
        self.runner.stop()
        if self.words:
            self.words = ""
            self.said()

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        self.runner.shutdown(wait)

    def _preparing(self, text: str) -> None:
        """The compiled search's first use: the lesson says what it waits for."""
        waiting = M_("{waiting}; then {doing}", waiting=word(text), doing=JUDGING)
        self.words = waiting if text else JUDGING
        self.said()

    def _judged(self, _job: Job, verdict: lessons.Verdict) -> None:
        self.words = ""
        self.done(verdict)

    def _failed(self, _job: Job, exc: BaseException) -> None:
        self.words = ""
        self.say(M_("The move could not be judged: {error}", error=shorten(reason_of(exc))))
        self.said()  # the words of the wait go
