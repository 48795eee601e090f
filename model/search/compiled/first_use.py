"""The compiled core's first use in a process, kept off every search's clock.

numba compiles a function on its first call and keeps the machine code in its cache
(:func:`model.search.compiled.cache_folder`): where no cache has it (an editable install,
a wheel made on another machine, sources changed) the core takes a minute or two of CPU to
compile (more on a busy machine); from the cache it loads in about a second (a regular
``pip install .`` makes it for the machine that installs: ``setup.py``, issue 111). Either
way it is not the search's time:

- :func:`ready` makes the core ready in this process, once (:mod:`.warm` compiles or loads
  each part), and every search that runs compiled code calls it before it starts its clock
  (the prover, the analysis, the compiled players and solvers, the value books), so that a
  time limit ("3 s", the lessons' 20 s) counts the search and never the compiling. It says
  what it waits for at once (:data:`COMPILING` or :data:`LOADING`, then each step) to the
  caller's ``progress``, or, given none, logs a compile as a warning (the command line
  prints it on stderr, and so does Python for a script that set up no logging); a search
  says it before it imports numba (:func:`foretell`: seconds of their own). A warm-up under
  way in another thread is waited for, not done twice.
- :func:`start_background` is the window's: from its start, numba's cache is filled by a
  child process and then loaded here on a thread of its own, so that by the first click
  the core is ready; a click before then waits for it, saying so. A child, because numba
  compiles holding the interpreter's lock much of the time: compiled on a thread of the
  window's process at load 8, the core paused its main thread (a loop of 10 ms sleeps) 21
  times for over 100 ms, once for 1.0 s; compiled in a child and loaded here, 3 times, at
  most 0.19 s (during the load), in about the same time to ready.

A finished part leaves a mark (the hash of the sources, in the cache folder beside the code):
:func:`compiled` tells whether a part loads from the cache or must be compiled, which is
what the first search says. ``python -m pyramid_lab.model.search.compiled.warm`` compiles (or loads)
the whole core, saying each step (``scripts/setup.sh`` runs it).

The machine code a regular install made (``setup.py``, issue 111: numba 0.68 keys its cache
by the source's content, so the installed copy finds it) is shared with numba's cache folder
where that is not beside the modules, once, when this module loads, before any kernel
(:func:`share_installed_code`).

What a process says while it waits for the core (compiling it, loading it, waiting for
another process's compile) and each step are Messages said in each reader's language (the
command line's, a script's, the window's); a probe and the book's look-up load none of this
(``tests/model/test_pyraos_prober.py``).
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import logging
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path

from pyramid_lab.i18n import M_, Message, shown

from . import _source_folders, cache_folder, sources_digest

#: What a first use says while the core compiles (no set-up's warm-up, or new sources).
COMPILING = M_(
    "compiling the search for its first use (a minute or two on an idle machine, longer on a "
    "busy one; once)"
)
#: What it says while the core loads from numba's cache (about a second).
LOADING = M_("loading the compiled search")
#: What it says while another process compiles the parts it needs (a window's warm-up, a
#: command started beside it, the test suite's warm-up): it waits, then loads them.
WAITING = M_("another process is compiling it, waiting for it")
#: What a first use says first where it will compile, before the search imports numba.
STARTING = M_("starting")
#: What each part of the core is called while it is made ready (:data:`.warm.STEPS`).
PART_WORDS = {
    "tree": M_("the tree search"),
    "proof": M_("the proof searches"),
    "kernels": M_("the games' kernels"),
    "endgame": M_("the endgame tables"),
}
#: The last step's words, for a search about to run.
LAST_STEP = M_("ready, the search starts")
#: A step of :func:`counted` as it is written in English (a child's line, read by :func:`heard`).
_COUNTED = re.compile(
    r"^(?P<part>.+) \((?P<done>\d+) of about (?P<total>\d+) functions compiled\)$"
)
#: A reader of lines (scripts/setup.sh, a command's stderr, a script's log) is told a
#: compile's count at most this often (seconds); the window's status, each.
LINE_EVERY = 10.0


def counted(part: str, done: int, total: int) -> Message:
    """``part``'s step with how far its compile is: 'the tree search (12 of about 76
    functions compiled)'."""
    # TRANSLATORS: a step of the search's first compile, and how far it is: "the tree
    # search (12 of about 76 functions compiled)"
    return M_(
        "{part} ({done} of about {total} functions compiled)",
        part=part,
        done=done,
        total=max(done, total),
    )


def is_counted(text: str) -> bool:
    """Whether ``text`` is a step of :func:`counted` (one of many a compile says: a reader
    of lines may show fewer)."""
    return str(text).endswith(" functions compiled)")


def step(waiting: str, doing: str) -> Message:
    """What a wait is for and its step under way: ``compiling the search ... (...): the
    tree search``."""
    return M_("{waiting}: {step}", waiting=waiting, step=doing)


def heard(line: str) -> str:
    """A step of the window's child process as it printed it (English: the child speaks no
    language of its own) as the words it was made of, said in the window's language; a
    line that is no step of these words (the child's own warning) as it is."""
    known = {str(words): words for words in (COMPILING, LOADING, WAITING, STARTING, LAST_STEP)}
    known |= {str(words): words for words in PART_WORDS.values()}
    head, colon, doing = line.partition(": ")
    if colon and head in known and doing in known:
        return step(known[head], known[doing])
    count = _COUNTED.match(doing) if colon and head in known else None
    if count is not None and count["part"] in known:
        words = counted(known[count["part"]], int(count["done"]), int(count["total"]))
        return step(known[head], words)
    return line


#: The install's mark beside the machine code it made (``setup.py``; in ``__pycache__``).
INSTALLED = "machine-code-installed"

#: The files of numba's cache and the warm-up's marks, as the install lays them out.
_MADE = ("*.nbi", "*.nbc", "compiled-*.sha256")


def share_installed_code(
    folders: list[Path], cache_folder: Callable[[Path], Path], mark: str
) -> None:
    """Where numba keeps its cache elsewhere than beside the modules (an install nobody may
    write: the user's cache folder; ``NUMBA_CACHE_DIR``), the machine code the install made
    beside them (``mark`` there) is copied there once: the same index and files,
    which numba keys by the sources' content, not their folder. Nothing where the install
    made none (an editable install, a checkout) or the cache is beside the modules."""
    shipped = folders[0] / "__pycache__"
    if not (shipped / mark).is_file():
        return
    target = cache_folder(folders[0])
    if target == shipped or _read(target / mark) == _read(shipped / mark):
        return  # (the mark holds the sources' hash: another version's code is replaced)
    with contextlib.suppress(OSError):  # (a cache nobody may write: compiled on first use)
        for folder in (*folders[1:], folders[0]):  # the mark last: a copy cut short is redone
            there = cache_folder(folder)
            there.mkdir(parents=True, exist_ok=True)  # (a new user's cache folder: none yet)
            for pattern in _MADE:
                for made in (folder / "__pycache__").glob(pattern):
                    _copy(made, there / made.name)
        _copy(shipped / mark, target / mark)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _copy(source: Path, target: Path) -> None:
    """``source`` to ``target``, whole or not at all (another process may read it)."""
    partial = target.with_name(f"{target.name}.{os.getpid()}.part")
    partial.write_bytes(source.read_bytes())
    partial.replace(target)


log = logging.getLogger(__name__)

# The machine code an install made, where numba looks for it (before any kernel loads)
if (_source_folders()[0] / "__pycache__" / INSTALLED).is_file():  # (none: a checkout)
    share_installed_code(_source_folders(), cache_folder, INSTALLED)

Progress = Callable[[float, str], None]
#: What makes parts of the core ready, saying each step: :func:`.warm.warm_up` (handed by
#: the caller: the searches the warm-up compiles are below it, and call :func:`ready`).
Make = Callable[[Progress, Sequence[str]], object]
#: The child process that compiles the core into numba's cache for the window.
CHILD = ("-m", "pyramid_lab.model.search.compiled.warm", "--steps")

#: The parts of the core, in the order :mod:`.warm` makes them ready: the tree search
#: (MCTS), the proof searches (df-pn, bounded), the kernels' entry points the Python side
#: calls, Pyraos's whole-game table's reader.
PARTS = ("tree", "proof", "kernels", "endgame")
#: What the prover runs (a lesson's check, a puzzle's Verify): half the compiling of all.
PROVER = ("proof", "kernels")


def ready_words(began: float, kernels: Iterable[object]) -> str:
    """What a first use that said it compiles says once its ``kernels`` (numba's
    dispatchers) are ready, ``began`` its ``time.perf_counter()``: 'compiled in 42 s', or
    'loaded in 8 s (compiled by an earlier run)' where numba's cache had every one (a run
    stopped after numba had cached them, before its mark was left)."""
    from numba.core.dispatcher import Dispatcher

    took = time.perf_counter() - began
    missed = sum(
        sum(kernel.stats.cache_misses.values())
        for kernel in kernels
        if isinstance(kernel, Dispatcher)
    )
    if missed:
        return M_("compiled in {seconds} s", seconds=round(took))
    return M_("loaded in {seconds} s (compiled by an earlier run)", seconds=round(took))


class _State:
    """This process's core: the parts ready, the warm-up under way (its step, for those
    who wait), the background's child process."""

    def __init__(self) -> None:
        self.lock = threading.Lock()  # held by whoever makes parts ready in this process
        self.parts: set[str] = set()
        self.fraction = 0.0
        self.text = ""  # the step under way, its words included ('' when none runs)
        self.started = False  # the background warm-up was started
        self.compiling = False  # the lock's holder compiles (or waits for a compile) now
        self.compiles = 0  # the warm-ups that began to compile (or to wait for one), so far
        self.child: subprocess.Popen[str] | None = None


_state = _State()
_starting = threading.Lock()


def _mark(part: str) -> Path:
    return cache_folder(_source_folders()[0]) / f"compiled-warm-{part}.sha256"


def _lock_path() -> Path:
    """The file whose lock a process holds while it compiles parts of the core into the
    cache in use (beside the marks)."""
    return cache_folder(_source_folders()[0]) / "compiled-warm.lock"


def compiled(parts: Collection[str] = PARTS) -> bool:
    """Whether ``parts`` were compiled from the sources as they are into the cache in use
    (a process loads them in a second instead of compiling them)."""
    digest = sources_digest()
    for part in parts:
        try:
            with open(_mark(part), encoding="utf-8") as stamp:
                if stamp.read() != digest:
                    return False
        except OSError:
            return False
    return True


def mark(part: str) -> None:
    """``part`` is in the cache now, compiled from the sources as they are."""
    if compiled((part,)):
        return
    with contextlib.suppress(OSError), open(_mark(part), "w", encoding="utf-8") as stamp:
        stamp.write(sources_digest())  # (a cache nobody may write: said again next time)


def is_ready(parts: Collection[str] = PARTS) -> bool:
    """Whether this process has ``parts`` ready (a search starts at once)."""
    return set(parts) <= _state.parts


def compiling() -> bool:
    """Whether a warm-up under way in this process (another thread's: it holds the lock)
    says it compiles: a wait for it is a compile's, off a search's clock however long
    (:func:`model.search.exact_budget.core_ready`). A step left behind by a warm-up that
    ended (a background one whose child could not start) is none."""
    state = _state
    compiles = state.compiling or str(state.text).startswith(str(COMPILING))
    return state.lock.locked() and compiles


def compiles() -> int:
    """How many warm-ups of this process began to compile (or to wait for another
    process's compile) so far: one that began while a search waited made its wait a
    compile's, though it had said nothing when the wait began (:func:`compiling`)."""
    return _state.compiles


def _compile_begins() -> None:
    """The lock's holder compiles (or waits for another process's compile) from now until
    it lets the lock go (:func:`compiling`, :func:`compiles`): said before it is counted,
    so that a search that reads the count first, then :func:`compiling`, misses neither."""
    _state.compiling = True
    _state.compiles += 1


def foretell(parts: Collection[str] = PARTS, progress: Progress | None = None) -> None:
    """:func:`ready`'s first word said early: where ``parts`` are neither ready in this
    process nor compiled in the cache, "compiling...: starting" at once, to ``progress`` or
    logged as :func:`ready` logs it, before the search imports its kernels and numba (this
    module imports neither); nothing otherwise. A search calls it where its game has a
    kernel (a Partition board past the kernels' sizes has none: there it is said and
    nothing is compiled)."""
    if is_ready(parts) or _state.lock.locked() or compiled(parts):
        return
    (progress or _log)(0.0, step(COMPILING, STARTING))


def ready(
    make: Make,
    progress: Progress | None = None,
    parts: Sequence[str] = PARTS,
    stop: Callable[[], bool] | None = None,
) -> float:
    """Make ``parts`` of the compiled core ready in this process (by ``make``: loaded from
    numba's cache, or compiled), where they are not; the seconds that took (0 at once where
    they are). Called by every search before it starts its clock: compiling is not
    searching.

    ``progress(fraction, text)`` is told at once what the wait is for (:data:`COMPILING`
    or :data:`LOADING`, then each step; a warm-up of another thread's: its step as it
    goes); without one, a compile is logged as a warning (:func:`_log`). ``stop()`` true
    ends a wait for another thread's warm-up (SearchStopped)."""
    state = _state
    wanted = set(parts)
    if wanted <= state.parts:
        return 0.0
    began = time.perf_counter()
    say = progress or _log
    if not state.lock.acquire(blocking=False):  # another thread makes the core ready
        said = ("", 0.0)
        while not state.lock.acquire(timeout=0.1):
            _end_if_stopped(stop)
            now = (state.text, state.fraction)
            if now[0] and now != said:
                say(now[1], now[0])
                said = now
    try:
        missing = [part for part in PARTS if part in wanted - state.parts]
        if missing:
            _make_ready(make, missing, say, stop)
    finally:
        state.compiling = False
        state.lock.release()
    return time.perf_counter() - began


def _make_ready(
    make: Make, parts: Sequence[str], say: Progress, stop: Callable[[], bool] | None = None
) -> None:
    """``make`` compiles or loads ``parts`` here (the caller holds the lock)."""
    state = _state
    with _compiling_alone(parts, say, stop) as what:

        def said(fraction: float, text: str) -> None:
            state.fraction, state.text = fraction, step(what, text)
            say(state.fraction, state.text)

        try:
            make(said, parts)
        finally:
            state.text = ""
    state.parts.update(parts)


@contextlib.contextmanager
def _compiling_alone(
    parts: Sequence[str], say: Progress, stop: Callable[[], bool] | None
) -> Iterator[str]:
    """:data:`LOADING` where ``parts`` are in the cache, else :data:`COMPILING`, held for
    the ``with`` block: a process that compiles holds a lock on :func:`_lock_path`, so two
    processes never compile the same code at once (a window and a command started beside
    it, the suite's warm-up and its tests). A process that finds it taken says
    :data:`WAITING`, waits (``stop()`` true ends the wait: SearchStopped), then loads what
    the other compiled, or compiles what it left."""
    if compiled(parts):
        yield LOADING
        return
    _compile_begins()  # (here, or in the process whose lock is waited for)
    try:
        path = _lock_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "ab")  # noqa: SIM115 (closed below, after the block it guards)
    except OSError:  # a cache nobody may write: compiled here, as without the lock
        yield COMPILING
        return
    with handle:
        _lock_waiting(handle.fileno(), say, stop)
        try:
            yield LOADING if compiled(parts) else COMPILING
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _lock_waiting(fd: int, say: Progress, stop: Callable[[], bool] | None) -> None:
    """Take the exclusive lock on ``fd``, saying :data:`WAITING` once where another
    process holds it."""
    said = False
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        if not said:
            state = _state
            state.fraction, state.text = 0.0, step(COMPILING, WAITING)
            say(state.fraction, state.text)
            said = True
        _end_if_stopped(stop)
        time.sleep(0.1)


def _end_if_stopped(stop: Callable[[], bool] | None) -> None:
    """A wait for another's compile (a thread's, a process's) ends where ``stop()`` is
    true: SearchStopped."""
    if stop is not None and stop():
        from ..stop import SearchStopped

        raise SearchStopped("interrupted")


def _log(_fraction: float, text: str) -> None:
    """The first use's steps where no one shows progress: a compile is worth a line, a load
    of a second is not. A warning, so that it reaches the caller as a library speaks: a
    script or a notebook with no logging set up shows it on stderr (logging's last resort),
    the command line prints it as its own line (``viewer.cli``), a program that set up
    logging has it where its warnings go."""
    if text.startswith(COMPILING):
        now = time.perf_counter()
        if is_counted(text) and now - _logged[0] < LINE_EVERY:
            return  # (how far the compile is: a line at most every LINE_EVERY seconds)
        _logged[0] = now
        log.warning("%s", shown(text))  # (in the process's language: the command line's)


#: When :func:`_log` last logged a line (``time.perf_counter``).
_logged = [-LINE_EVERY]


# ---- the window's: from its start, in the background ----------------------------------------


def start_background(make: Make) -> bool:
    """Make the whole core ready in the background: where it is not compiled, a child
    process compiles it into numba's cache first (this process's threads, its user
    interface among them, keep running meanwhile), then a thread of this process loads it.
    :func:`ready` waits for it, saying its step. False where it is ready or under way."""
    with _starting:
        if _state.started or is_ready():
            return False
        _state.started = True
    threading.Thread(
        target=_background, args=(make,), name="compiled-core-warm-up", daemon=True
    ).start()
    return True


def _background(make: Make) -> None:
    state = _state
    try:
        with state.lock:
            try:
                if not compiled():
                    _compile_in_child()
                missing = [part for part in PARTS if part not in state.parts]
                if missing:
                    _make_ready(make, missing, lambda fraction, text: None)
            finally:
                state.compiling = False
    except Exception:  # a search made ready on first use instead, as without it
        log.exception("the compiled core's warm-up in the background failed")


def _compile_in_child() -> None:
    """:data:`CHILD` (``python -m pyramid_lab.model.search.compiled.warm --steps``) in a child
    process, its steps (the lines it prints) kept as this process's step under way, for those who
    wait. The child ends when this process does, however it ends (the end of its stdin)."""
    state = _state
    _compile_begins()
    # pyramid_lab/model/search/compiled/first_use.py: the folder that holds pyramid_lab
    package_root = Path(os.path.abspath(__file__)).parents[4]
    env = dict(os.environ)  # the same ``model`` as this process's, the same cache
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (os.path.abspath(package_root), env.get("PYTHONPATH", "")) if p
    )
    command = [sys.executable, *CHILD]
    state.fraction, state.text = 0.0, step(COMPILING, STARTING)
    with subprocess.Popen(  # stdin: its pipe ends with this process, and so does the child
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    ) as child:
        state.child = child
        assert child.stdout is not None
        for line in child.stdout:
            fraction, _tab, text = line.rstrip("\n").partition("\t")
            try:
                state.fraction, state.text = float(fraction), heard(text)
            except ValueError:  # not a step: the child's own words (a warning, an error)
                log.debug("warm-up: %s", line.rstrip())
    if child.returncode and state.child is not None:  # (None: ended by the exit, below)
        log.warning("the compiled core's warm-up process ended with %d", child.returncode)
    state.child = None


@atexit.register
def _end_child() -> None:
    """The window closed while its child still compiled: it ends too (the next start
    compiles what it did not write)."""
    child, _state.child = _state.child, None  # (its end is no warning to the user)
    if child is not None and child.poll() is None:
        child.terminate()
