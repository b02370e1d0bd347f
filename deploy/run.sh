#!/usr/bin/env bash
# Installs what is missing, builds (release) and runs the main job: for now a self-play demo
# of one random game with a readable log (the game server replaces it when it exists).
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/debian-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build/release
exec build/release/engine/cli/niagara demo "$@"
