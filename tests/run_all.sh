#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test twice: a release build, and a build
# under AddressSanitizer + UndefinedBehaviorSanitizer; the browser test runs once, against the
# release server; then the fuzz targets run briefly. Exits non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/debian-deps.sh --test
jobs=$(nproc)

build_and_test() {  # name, cmake flags...
    local dir="build/$1"
    shift
    echo "== $dir: configure and build"
    # BUILD_TESTING=ON whatever an earlier configure of the folder cached (deploy/run.sh
    # configures build/release without the tests), and ctest fails if it finds none.
    cmake -S . -B "$dir" -G Ninja -DBUILD_TESTING=ON "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
    echo "== $dir: test"
    ctest --test-dir "$dir" -j "$jobs" --output-on-failure --timeout 1500 --no-tests=error
}

# The release build also proves the code warning-free (-Werror).
build_and_test release -DCMAKE_BUILD_TYPE=Release -DNIAGARA_WERROR=ON
# The browser client end to end: Debian's chromium driven by playwright-core (npm ci installs
# the locked version; it never downloads a browser) against the release server.
echo "== browser test (tests/web, chromium)"
(cd tests/web && npm ci --no-audit --no-fund --loglevel=error &&
    NIAGARA_SERVER_BIN="$PWD/../../build/release/server/niagara-server" npm test)
# Under the sanitizers the property tests play about 12% of the games (about 1,600): they
# still run millions of actions through every code path, and the suite stays well under 30
# minutes on 2 cores. -O1 keeps them fast enough; -g1 (line tables: reports still name files
# and lines) compiles a quarter faster than -g; halt_on_error makes any report fatal.
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export NIAGARA_PROPERTY_GAMES=1200
build_and_test sanitize -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DNIAGARA_SANITIZE=ON
# libFuzzer (clang, in build/fuzz): the protocol parser and the HTTP target handling, 20 s each
# from their seed corpora and what earlier runs found; a crash fails the run (tests/fuzz/).
echo "== fuzz (tests/fuzz, clang)"
tests/fuzz/run.sh 20
echo "== all tests passed (release, sanitizers and fuzzing)"
