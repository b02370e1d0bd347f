#!/usr/bin/env bash
# Installs what is missing, builds (release) and runs the game server on the embedded SQLite
# default: http://127.0.0.1:8080 (web client at /, WebSocket at /ws), data in ./data.
# Arguments go to the server, e.g. deploy/run.sh --port 9000 --data /var/lib/niagara
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/debian-deps.sh
# Configured as the test command configures it (tests/run_all.sh: Release, warnings as errors),
# so that the test command, run next in the same clone, reuses these objects instead of
# compiling the server a second time (about 4 minutes on 2 cores).
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DNIAGARA_WERROR=ON \
    -DBUILD_TESTING=OFF >/dev/null
cmake --build build/release --target niagara-server niagara
exec build/release/server/niagara-server "$@"
