#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test twice: a release build, and a build
# whose code under test runs under AddressSanitizer + UndefinedBehaviorSanitizer (the test
# programs' own files are not instrumented: tests/CMakeLists.txt); the browser test runs once,
# against the release server; the fuzz targets run briefly beside the sanitizer tests. Exits
# non-zero if anything fails.
#
# The tests leave much of the machine idle (servers waiting on timers, a browser waiting on the
# page), so the sanitizer build and then the fuzz build run beside the release and browser
# tests, at idle priority (SCHED_IDLE, idle I/O): they take only the CPU the tests leave, and
# the tests' timing is that of a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase's line says when it began, in seconds since the start: where the time goes
# (README, "Testing": the test command's budget).
export NIAGARA_TEST_START=${NIAGARA_TEST_START:-$(date +%s)}
phase() { echo "== [$(($(date +%s) - NIAGARA_TEST_START)) s] $*"; }
# What building needs first; what only running the tests needs (chromium, the chat servers,
# clang for the fuzz targets: on a fresh machine a minute or more of downloading) installs
# beside the release build, which does not need it.
deploy/debian-deps.sh --test-build
mkdir -p build
deploy/debian-deps.sh --test >build/test-packages.log 2>&1 &
test_packages=$!
jobs=$(nproc)

configure_and_build() {  # name, cmake flags...
    local dir="build/$1"
    shift
    phase "$dir: configure and build"
    # BUILD_TESTING=ON whatever an earlier configure of the folder cached (deploy/run.sh
    # configures build/release without the tests), and ctest fails if it finds none.
    cmake -S . -B "$dir" -G Ninja -DBUILD_TESTING=ON "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
}

ctest_in() {  # build folder name, ctest arguments...
    local dir="build/$1"
    shift
    ctest --test-dir "$dir" --output-on-failure --timeout 1500 --no-tests=error "$@"
}
run_tests() {  # name: every test of the build but the bridge's (below), at -j$jobs
    phase "build/$1: test (all but the bridge's)"
    ctest_in "$1" -j "$jobs" -E '^bridge:'
}

# Under the sanitizers the property tests play 2.5% of the games (250; the release run plays
# 2,000): they still run several hundred thousand actions through every code path, which is
# what the sanitizers need (600 until 2026-12-03, when the engine's tests were 143 of the
# sanitizer tests' 473 CPU-s; 400 until 2026-12-04, when CI took 1,285 s). -Og keeps them
# fast enough and compiles in about two thirds of -O1's time (the whole sanitizer build: 908
# CPU-s; the instrumented lobby.cpp 17.5 s
# against 27.7 s) for about 5% more CPU in its tests (550 CPU-s against 522); the test
# programs' own files stay at -O1 (tests/CMakeLists.txt). -g1 (line tables: reports still name
# files and lines) compiles a quarter faster than -g; halt_on_error makes any report fatal.
# The test programs' own files are compiled as in the release build, warnings as errors
# included: ccache hands the sanitizer build the release build's objects (tests/CMakeLists.txt).
sanitize_flags=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-Og -g1" -DNIAGARA_SANITIZE=ON
    -DNIAGARA_TESTS_WERROR=ON)

# The release build also proves the code warning-free (-Werror).
configure_and_build release -DCMAKE_BUILD_TYPE=Release -DNIAGARA_WERROR=ON
phase "the packages the tests need (deploy/debian-deps.sh --test, beside the build)"
wait "$test_packages" || { cat build/test-packages.log; echo "== installing them failed"; exit 1; }
cat build/test-packages.log

# The tests leave much of the machine idle (servers waiting on timers, a browser on its page):
# each later build runs beside the tests before it, at idle priority (SCHED_IDLE, idle I/O),
# taking only the CPU they leave, so the tests' timing is that of a quiet machine. The
# sanitizer build beside the release and browser tests, then the fuzz build, which carries on
# beside the sanitizer tests if it must. (Both builds at once beside the release tests, the run
# waited minutes for them; the fuzz build begun only with the sanitizer tests, it took CPU from
# them while the browser test had left CPU idle.)
background_log=build/background-builds.log
# (nice alone where the machine refuses the idle policy or I/O class to a process.)
idle=(nice -n 19)
! chrt --idle 0 true 2>/dev/null || idle=(chrt --idle 0 "${idle[@]}")
! ionice -c 3 true 2>/dev/null || idle=(ionice -c 3 "${idle[@]}")
declare -A background=()  # what -> the process group running it
in_background() {  # what, command...: starts it at idle priority (at the normal one when
    # called as priority=normal in_background ...), output to $background_log. `what` goes
    # into the command in single quotes: no ' in it.
    local what=$1
    shift
    local launch=("${idle[@]}")
    [[ ${priority:-idle} == idle ]] || launch=()
    phase "$what: beside the tests (${priority:-idle} priority; output in $background_log)"
    # A process group of their own (set -m), to stop them all at once, but not a session of
    # their own: with the kernel's autogroup scheduling (on by default), a new session (setsid)
    # is a new scheduling group that gets an equal share of the CPU whatever its nice value or
    # policy. Run that way the builds halved the tests' CPU, and CI's loaded run failed timed
    # tests.
    set -m
    "${launch[@]}" bash -c "$(declare -f phase configure_and_build)
        $(declare -f ctest_in)
        $(declare -p sanitize_flags jobs); set -euo pipefail; $*; phase '$what: done'" \
        >>"$background_log" 2>&1 </dev/null &
    background[$what]=$!
    set +m
}
wait_background() {  # what
    phase "waiting for $1"
    if ! wait "${background[$1]}"; then
        tail -n 60 "$background_log"
        echo "== $1 failed (whole output in $background_log)"
        exit 1
    fi
    unset "background[$1]"
    grep -E "^== \[" "$background_log" | grep -F "] $1" | tail -n 2 || true
}
once_done() {  # what: a command that waits until that job beside the tests has ended (bash
    # reaps its jobs as they end, so kill -0 fails at once)
    echo "while kill -0 ${background[$1]} 2>/dev/null; do sleep 1; done"
}
# A failing test stops the run: the builds beside it stop too.
trap 'for group in "${background[@]}"; do kill -- "-$group" 2>/dev/null || true; done' EXIT
: >"$background_log"

# malloc_context_size=8: ASan keeps 8 frames of each allocation's and free's stack (30 by
# default) for its reports; what it detects is the same. Taking 30 frames at every malloc was
# a fifth of the allocation-heavy tests' time (the i18n engine-texts test: 106 s, 87 s with 8).
# (Set here for the sanitizer build's bridge tests, which begin beside the browser test.)
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1:malloc_context_size=8
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

in_background "the sanitizer build" 'configure_and_build sanitize "${sanitize_flags[@]}"'
# The bridge's tests mostly wait (chat servers' timers, reconnects, restarts: a few CPU-s a
# minute), one after another, and took longer than all the other tests of their build together
# (the release tests' phase took 217 s with them, 166 s without; the sanitizer tests' 236 s and
# 217 s; 2026-12-04, a fast hour). So each build's run goes beside the rest at the normal
# priority, one test at a time, and the other tests do not wait for it: the release build's
# from the end of that build, beside its other tests and the browser test; the sanitizer
# build's from the end of that build (and of the release build's: one set of chat servers at a
# time), beside the sanitizer tests. Until 2026-12-04 each ran beside its build's other tests
# only, and those waited for it: the run was a chain of four phases (release build, release
# tests, browser test, sanitizer tests), 917 of the command's 920 s, while the machine was busy
# throughout.
bridge_tests() {  # name, a command that waits first (or :)
    priority=normal in_background "the bridge tests (build/$1)" "$2
        phase 'the bridge tests (build/$1): begin'
        ctest_in $1 -j 1 -R '^bridge:' >build/$1/bridge-tests.log 2>&1 ||
            { grep -vE '^ +Start ' build/$1/bridge-tests.log; exit 1; }"
}
wait_bridge_tests() {  # name
    wait_background "the bridge tests (build/$1)"
    grep -vE '^ +Start ' "build/$1/bridge-tests.log"
}
bridge_tests release :
bridge_tests sanitize "$(once_done "the sanitizer build"); $(once_done "the bridge tests (build/release)")"
# libFuzzer's targets (clang, in build/fuzz): built once the sanitizer build is done, in
# whatever CPU the release and browser tests, then the sanitizer tests, leave.
in_background "the fuzz build" "$(once_done "the sanitizer build"); phase 'the fuzz build: begins'
    tests/fuzz/run.sh --build-only"
# The release run's property tests play 2,000 seeded games (their default is 10,000, which a
# developer's ctest still plays), the largest part of the release tests' CPU: with 6,000 the
# engine's tests took 179 of the release tests' 350 CPU-s on 2026-12-02, and the command took
# 1,355 s in CI, over its 20 minutes (4,000 then, 1,323 s in CI; 3,000 then, 1,290 s in CI on
# 2026-12-03, where the engine's tests were 95 of the release tests' 254 CPU-s). 2,000 games
# still play each option variant dozens of times and more.
NIAGARA_PROPERTY_GAMES=2000 run_tests release
# The browser client end to end: Debian's chromium driven by playwright-core (npm ci installs
# the locked version; it never downloads a browser) against the release server. One test file
# at a time (node's default on two cores): a file per core took 106 s against 170 s alone on the
# machine, but 161 s against 172 s in a whole run of this command, where it starved the fuzz
# build beside it and the run was no shorter (1,198 s against 1,185 s).
# Before it, ESLint and Prettier check the project's JavaScript (a few seconds; `npm run format`
# in tests/web rewrites it in the house style).
phase "browser test (tests/web, chromium; ESLint and Prettier first)"
(cd tests/web && npm ci --no-audit --no-fund --loglevel=error && npm run --silent lint &&
    NIAGARA_SERVER_BIN="$PWD/../../build/release/server/niagara-server" npm test)
wait_bridge_tests release
wait_background "the sanitizer build"

export NIAGARA_PROPERTY_GAMES=250
# The protocol parser, the HTTP target handling and the chat bridge from their seed corpora and
# what earlier runs found, all three at once, 20 s each; a crash fails the run (tests/fuzz/). As
# soon as they are built, at the normal priority, beside the sanitizer tests if those are still
# running (three targets on two cores: about 13 CPU-s each when alone). They ran 40 s when
# beside the tests until 2026-12-04: the machine is busy throughout the run, so their CPU is the
# run's time, and CI took 1,285 s.
priority=normal in_background fuzzing "$(once_done "the fuzz build")
    phase 'fuzz (tests/fuzz, clang): begins, 20 s'; tests/fuzz/run.sh 20"
run_tests sanitize
wait_bridge_tests sanitize
wait_background "the fuzz build"
wait_background fuzzing
trap - EXIT
sed -n '/fuzz (tests\/fuzz, clang): begins/,$p' "$background_log" | grep -E "^== fuzz|^   fuzz_" ||
    true
phase "all tests passed (release, sanitizers and fuzzing)"
