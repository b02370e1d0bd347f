#!/usr/bin/env bash
# Installs what is missing, builds (release) and runs the chat bridge beside a running server
# (deploy/run.sh). Arguments go to the bridge, e.g.
#   deploy/run-bridge.sh --irc.host irc.libera.chat --irc.port 6697 --irc.tls true \
#       --irc.nick niagarabt --irc.channels '#my-channel'
#   deploy/run-bridge.sh --config deploy/bridge.conf.example
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/debian-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build/release --target niagara-bridge
exec build/release/bridge/niagara-bridge "$@"
