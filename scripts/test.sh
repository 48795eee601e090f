#!/usr/bin/env bash
# Set everything up (Debian packages, .venv, the package) and run the whole test suite:
# ruff, mypy and pytest under virtual X displays with Mesa's software OpenGL, side by side on
# one lane more than the cores. Extra arguments go to one pytest run instead (ruff first).
# Safe to run again, two at once too; exits non-zero on any failure and when a pytest run
# collects no test.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
# The whole suite compiles the searches (numba) as one of its jobs, beside the tests that
# need none; a single pytest run has them compiled first.
if [ "$#" -gt 0 ]; then bash scripts/setup.sh; else bash scripts/setup.sh --no-warm-up; fi

export QT_API=pyside6 PYTEST_QT_API=pyside6
unset QT_QPA_PLATFORM  # the xcb default under Xvfb; 'offscreen' cannot host a QtInteractor
# Bytecode written (__pycache__, ignored by git): each of the tests' processes would else
# compile the project's modules and rewrite the test modules' asserts again (2 s each).
unset PYTHONDONTWRITEBYTECODE

screen=(-screen 0 1280x1024x24 -nolisten tcp)
ruff_checks() { .venv/bin/ruff check . && .venv/bin/ruff format --check .; }
if [ "$#" -gt 0 ]; then
  echo "[test] ruff"
  ruff_checks
  echo "[test] pytest under Xvfb"
  status=0
  xvfb-run -a -s "${screen[*]}" .venv/bin/python -m pytest "$@" || status=$?
  if [ "$status" -eq 5 ]; then
    echo "[test] FAILED: pytest collected no test in: $*" >&2
    exit 1
  fi
  exit "$status"
fi

# The whole suite, as jobs on PYRAMID_LAB_TEST_JOBS lanes (default: one more than the
# cores), each lane with an Xvfb of its own: the model's tests in three processes, the
# viewer's test files that open no window in one more, each large window test file in a process of its own and the
# small ones a few to a process. Mesa's software OpenGL segfaulted inside VTK's render
# once a process had opened and closed some dozens of QtInteractor windows: the collector
# freed a closed window's GL names in the live window's context (viewer/desktop/gl_guard.py
# prevents it now). A viewer test process that dies of SIGSEGV (status 139) still runs
# once more, said in its log and again at the end; any other failure, or a second crash,
# fails the suite. Every
# test still runs; the longest jobs start first; a job's output is printed whole when it
# ends.
# One lane more than the cores: the classroom's, the lab's and the split solve's tests wait
# on servers, clusters and timers for much of their time, and the other lanes use it.
lanes=${PYRAMID_LAB_TEST_JOBS:-$(($(nproc) + 1))}
[ "$lanes" -ge 1 ] 2>/dev/null || lanes=1

# The jobs: "name|retry|needs|pytest arguments" (retry: once more after a SIGSEGV; needs:
# "kernels" waits for the warm-up job, which compiles the searches with numba for a minute
# or two, and its cache then serves every process). First the warm-up, then the slow ones
# (measured: a file missing from this list runs after them, in name order). The Rolling
# and Ball windows need no kernel (those games have none): one lane runs them meanwhile.
slow=(
  tests/viewer/test_rolling_window.py
  tests/web
  tests/viewer/test_ball_window.py
  tests/model
  tests/viewer/test_monkey.py
  tests/viewer/test_dock_fit.py
  tests/lab
  tests/viewer/test_app.py
  tests/viewer/test_export.py
)
# (test_dock_fit.py's game switches crashed in Qt's tabifyDockWidget, every time, in a
# process that had run test_contracts.py's 15 board views and windows first; alone it
# never did). The classroom (viewer/classroom/) runs its servers driven by headless
# Chromium, and waits for them half its time: it starts early, beside the warm-up.
no_kernels=(tests/viewer/test_rolling_window.py tests/viewer/test_ball_window.py tests/web)
declare -A queued=()
jobs=()
add_job() {
  local needs=kernels name
  for name in "${no_kernels[@]}"; do [ "$1" != "$name" ] || needs=none; done
  queued[$1]=1
  jobs+=("$1|$2|$needs|$3")
}
first_run=tests/model/test_first_run.py
jobs+=("numba warm-up ($first_run, scripts/setup.sh)|no|none|@warm-up")
jobs+=("mypy (pyramid_lab)|no|none|@mypy")
jobs+=("ruff check, ruff format --check|no|none|@ruff")
# The model's tests in three processes of about a minute each, so that no lane waits on a
# long one: (1) the split solve's, the certificates' and Pyraos's whole game's (clusters
# started, proofs written; the whole game's kernels compiled once, for its tests and its
# split over a cluster's workers); (2) the searches'; (3) the rest. A new test file goes
# to the rest.
model_apart=(tests/model/test_split.py tests/model/test_split_hostile.py
  tests/model/test_certificate.py tests/model/test_pyraos_whole.py)
model_search=()
for name in tests/model/test_{pyraos,compiled,exact,review,prover,agents,deadlines,analysis,solver,value_book,puzzle_collection,first_use}*.py; do
  [ -e "$name" ] || continue
  case " ${model_apart[*]} " in *" $name "*) continue ;; esac
  model_search+=("$name")
done
model_rest=(tests/model "--ignore=$first_run")
for name in "${model_apart[@]}" "${model_search[@]}"; do
  [ -e "$name" ] && model_rest+=("--ignore=$name")
done
for name in "${slow[@]}"; do
  [ -e "$name" ] || continue
  if [ "$name" = tests/model ]; then
    add_job "tests/model (split solve, certificates, Pyraos's whole game)" no "${model_apart[*]}"
    add_job "tests/model (the rest)" no "${model_rest[*]}"
    add_job "tests/model (the searches)" no "${model_search[*]}"
    queued[tests/model]=1
  elif [ "$name" = tests/lab ] || [ "$name" = tests/web ]; then
    add_job "$name" no "$name"  # (no window: a crash is no Mesa's)
  else
    add_job "$name" yes "$name"
  fi
done
[ -n "${queued[tests/model]:-}" ] || add_job tests/model no "${model_rest[*]}"
# The other window test files share a process up to 90 tests (the largest files hold 20 to
# 29, each test a window or two): each process spends about 2.5 s of processor time
# starting Python, Qt, VTK and numba, and 60 a process made 17 processes, not 12. The files
# that open no window share one.
# The groups start largest first, so that the last jobs of the run are the short ones and
# the lanes end together (in name order a group of 83 tests came after one of 24: 10 s).
windowless=() group=() group_tests=0 groups=()
add_group() {
  [ "${#group[@]}" -gt 0 ] || return 0
  groups+=("$group_tests ${group[*]}")
  group=() group_tests=0
}
for file in tests/viewer/test_*.py; do
  [ -z "${queued[$file]:-}" ] || continue
  if ! grep -Eq 'window|plotter|gl_display|qtbot|qapp|QtInteractor|pyvista|PySide6|vtk' "$file"; then
    windowless+=("$file")
    continue
  fi
  count=$(grep -cE '^(    )?def test_' "$file" || true)
  [ $((group_tests + count)) -le 90 ] || add_group
  group+=("$file")
  group_tests=$((group_tests + count))
done
add_group
while read -r _ files; do
  add_job "$files" yes "$files"
done < <(printf '%s\n' "${groups[@]}" | sort -rn)
if [ "${#windowless[@]}" -gt 0 ]; then
  add_job "${windowless[*]}" yes "${windowless[*]}"
fi
[ "$lanes" -le "${#jobs[@]}" ] || lanes=${#jobs[@]}

logs=$(mktemp -d "${TMPDIR:-/tmp}/pyramid-lab-test.XXXXXX")
lane_pids=()
finish() {
  local pid
  for pid in "${lane_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$logs"
}
trap finish EXIT
trap 'echo "[test] interrupted" >&2; exit 130' INT TERM

# One pytest process on this lane's display, in the background so that a TERM to the lane
# ends it too; 5 (nothing collected) is a failure. A background process of a script starts
# with Ctrl+C ignored, and so would the programs a test starts (test_cli.py interrupts a
# solve with it): env gives it back its default.
child=
run() {
  local status=0
  env --default-signal=INT .venv/bin/python -m pytest "$@" &
  child=$!
  wait "$child" || status=$?
  child=
  if [ "$status" -eq 5 ]; then
    echo "[test] FAILED: pytest collected no test in: $*" >&2
    return 1
  fi
  return "$status"
}

# The processor time (user + system) of the processes this shell has waited for, in
# hundredths of a second, into $cpu: `times`'s second line, written to a file by this very
# shell (in a pipe or $(...) a subshell would answer, whose children are not the lane's).
children_cpu() {  # children_cpu FILE
  times >"$1"
  cpu=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] }
    printf "%d\n", t * 100 + 0.5 }' "$1")
}

run_again() {  # run_again INDEX: the job's pytest run once more, its output added (run_job's)
  status=0
  # shellcheck disable=SC2086  # the arguments are paths without spaces
  run -q $args >>"$logs/$1.out" 2>&1 || status=$?
}

run_job() {  # run_job INDEX: its output in $logs/INDEX.out, its exit status in INDEX.status
  local name retry needs args status=0 began=$SECONDS cpu cpu_before
  IFS='|' read -r name retry needs args <<<"${jobs[$1]}"
  children_cpu "$logs/$1.times"
  cpu_before=$cpu
  if [ "$args" = @warm-up ]; then
    # A fresh clone's cache is empty: the first run of a shipped lesson's check (a test)
    # compiles the prover's part into it, then the warm-up compiles the rest
    # shellcheck disable=SC2086  # the arguments are paths without spaces
    PYRAMID_LAB_FIRST_RUN_IN_PLACE=1 run -q $first_run >"$logs/$1.out" 2>&1 || status=$?
    bash scripts/setup.sh >>"$logs/$1.out" 2>&1 || status=$?
    touch "$logs/kernels.ready"
  elif [ "$args" = @mypy ]; then
    .venv/bin/mypy >"$logs/$1.out" 2>&1 || status=$?
  elif [ "$args" = @ruff ]; then
    ruff_checks >"$logs/$1.out" 2>&1 || status=$?
  else
    # shellcheck disable=SC2086  # the arguments are paths without spaces
    run -q $args >"$logs/$1.out" 2>&1 || status=$?
  fi
  if [ "$status" -ne 0 ] && [ "${args:0:1}" != @ ] && ! kill -0 "$xvfb" 2>/dev/null; then
    # The lane's X server is gone (Qt aborts a process that loses its display): not the
    # tests' failure. A new one, and the job once more, said here and again at the end.
    echo "[test] $name: the lane's Xvfb ended during the job (status $status):" \
      "$(tail -c 300 "$logs/lane$lane_number.xvfb")" >>"$logs/$1.out"
    touch "$logs/$1.lost-display"
    if start_xvfb "$lane_number"; then
      run_again "$1"
    fi
  fi
  if [ "$status" -eq 139 ] && [ "$retry" = yes ]; then
    echo "[test] $name: the process crashed (SIGSEGV, Mesa); running it once more" \
      >>"$logs/$1.out"
    touch "$logs/$1.crashed"  # (said again at the end: a crash that passes is still news)
    run_again "$1"
  fi
  echo "$status" >"$logs/$1.status"
  local verdict=passed
  [ "$status" -eq 0 ] || verdict="FAILED (status $status)"
  children_cpu "$logs/$1.times"
  cpu=$((cpu - cpu_before))
  echo "$cpu" >"$logs/$1.cpu"
  {
    flock 9
    printf '[test] ---- %s: %s in %d s (processor time %d.%02d s)\n' "$name" "$verdict" \
      $((SECONDS - began)) $((cpu / 100)) $((cpu % 100))
    cat "$logs/$1.out"
  } 9>"$logs/print.lock"
}

# The lane's Xvfb, started into $xvfb (its process) and DISPLAY; false when it did not start.
start_xvfb() {  # start_xvfb LANE
  local display=''
  : >"$logs/lane$1.display"
  Xvfb -displayfd 3 "${screen[@]}" 3>"$logs/lane$1.display" 2>>"$logs/lane$1.xvfb" &
  xvfb=$!
  for _ in $(seq 300); do
    display=$(cat "$logs/lane$1.display")
    [ -n "$display" ] && break
    kill -0 "$xvfb" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$display" ]; then
    echo "[test] lane $1: Xvfb did not start:" "$(cat "$logs/lane$1.xvfb")" >&2
    kill "$xvfb" 2>/dev/null || true
    return 1
  fi
  export DISPLAY=":$display"
}

lane() {  # lane NUMBER: start an Xvfb, then take the next job nobody took until none is left
  lane_number=$1 xvfb=''
  trap 'kill $child $xvfb 2>/dev/null; exit 143' TERM
  start_xvfb "$1" || return 0  # the other lanes take the jobs; a job none took fails
  # The first job in the list that nobody took and that may start now; mkdir is atomic,
  # so one lane takes it. A job that needs the kernels waits for the warm-up.
  local i needs took waiting
  while :; do
    took='' waiting=''
    for i in "${!jobs[@]}"; do
      [ ! -e "$logs/$i.taken" ] || continue
      needs=${jobs[$i]#*|*|}
      if [ "${needs%%|*}" = kernels ] && [ ! -e "$logs/kernels.ready" ]; then
        waiting=yes
        continue
      fi
      mkdir "$logs/$i.taken" 2>/dev/null || continue
      echo "$1" >"$logs/$i.lane"
      run_job "$i"
      took=yes
      break
    done
    [ -z "$took" ] || continue
    [ -n "$waiting" ] || break
    sleep 1
  done
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
}

echo "[test] pytest: ${#jobs[@]} processes on $lanes lanes, each lane with its own Xvfb"
for lane_number in $(seq "$lanes"); do
  lane "$lane_number" &
  lane_pids+=($!)
done
for pid in "${lane_pids[@]}"; do wait "$pid" || true; done
lane_pids=()

# Where the time went: each lane's jobs, in processor time (user + system, the tests'
# processes and theirs), against the wall time of the whole.
summary=''
for lane_number in $(seq "$lanes"); do
  total=0 count=0
  for i in "${!jobs[@]}"; do
    [ "$(cat "$logs/$i.lane" 2>/dev/null)" = "$lane_number" ] || continue
    total=$((total + $(cat "$logs/$i.cpu" 2>/dev/null || echo 0)))
    count=$((count + 1))
  done
  summary+=$(printf ' lane %d: %d jobs, %d.%02d s;' "$lane_number" "$count" \
    $((total / 100)) $((total % 100)))
done
echo "[test] processor time:${summary%;} (wall time $SECONDS s)"

failed=()
for i in "${!jobs[@]}"; do
  name=${jobs[$i]%%|*}
  status=$(cat "$logs/$i.status" 2>/dev/null || echo "not run")
  [ "$status" = 0 ] || failed+=("$name")
  if [ -e "$logs/$i.lost-display" ]; then
    echo "[test] LOST ITS DISPLAY once (the lane's Xvfb ended), then exit status $status" \
      "when run again: $name" >&2
  fi
  if [ -e "$logs/$i.crashed" ]; then
    echo "[test] CRASHED once (SIGSEGV), then exit status $status when run again: $name" >&2
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "[test] FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "[test] all passed"
