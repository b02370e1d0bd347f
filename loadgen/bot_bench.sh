#!/usr/bin/env bash
# Other tables' latency while bots think: a release niagara-server (default threads and bot
# settings; a fresh data directory; limits off) with BOT_TABLES tables where four bots of LEVEL
# play each other (bot_tables.mjs: one watcher each, so that they play), and niagara-loadgen's
# tables beside them. Prints the load generator's figures and the bots' decisions per second
# over the measured seconds (from /metrics).
#   loadgen/bot_bench.sh [--build DIR] [--bot-tables N] [--level L] [--warmup S]
#                               [-- SERVER FLAGS...] ;; LOADGEN ARGS go in $LOADGEN_ARGS
#   LOADGEN_ARGS="--tables 300 --seats 4 --seconds 20 --think-ms 250" \
#       loadgen/bot_bench.sh --bot-tables 100 --level strong
# Needs node (20: run with --experimental-websocket; 22 and later have WebSocket).
set -euo pipefail
build=build/release
bot_tables=100
level=strong
warmup=10
while [[ $# -gt 0 && "$1" != "--" ]]; do
    case "$1" in
        --build) build=$2; shift 2 ;;
        --bot-tables) bot_tables=$2; shift 2 ;;
        --level) level=$2; shift 2 ;;
        --warmup) warmup=$2; shift 2 ;;
        *) echo "usage: $0 [--build DIR] [--bot-tables N] [--level L] [--warmup S] [-- SERVER FLAGS]" >&2; exit 2 ;;
    esac
done
[[ "${1:-}" == "--" ]] && shift
cd "$(dirname "$0")/.."
loadgen_args=${LOADGEN_ARGS:---tables 300 --seats 4 --seconds 20 --think-ms 250}

data=$(mktemp -d)
"$build/server/niagara-server" --port 0 --port-file "$data/port" --data "$data/db" --log-level warn \
    --rate 100000 --burst 100000 --max-connections 0 --max-connections-per-address 0 \
    --max-tables 0 --max-tables-per-address 0 --max-tables-per-connection 0 --metrics main \
    --max-http-connections-per-address 0 --http-rate 0 \
    "$@" >"$data/log" 2>&1 &
server=$!
driver=""
cleanup() {
    [[ -n "$driver" ]] && kill "$driver" 2>/dev/null || true
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 100); do [[ -s "$data/port" ]] && break; sleep 0.05; done
port=$(cat "$data/port")
node_flags=""
node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' || node_flags=--experimental-websocket
if [[ "$bot_tables" -gt 0 ]]; then
    node $node_flags loadgen/bot_tables.mjs "$port" "$bot_tables" "$level" &
    driver=$!
    sleep "$warmup"
fi
sample() {  # decisions, think seconds, late answers, queue
    curl -s "http://127.0.0.1:$port/metrics" | awk '
        $1 == "niagara_bot_decisions_total" { d = $2 } $1 == "niagara_bot_think_seconds_total" { t = $2 }
        $1 == "niagara_bot_queue" { q = $2 } END { print d, t, q }'
}
read -r d0 t0 _ < <(sample)
s0=$(date +%s.%N)
# shellcheck disable=SC2086
"$build/loadgen/niagara-loadgen" --port "$port" --server-pid "$server" $loadgen_args
read -r d1 t1 q1 < <(sample)
s1=$(date +%s.%N)
awk -v d0="$d0" -v d1="$d1" -v t0="$t0" -v t1="$t1" -v s0="$s0" -v s1="$s1" -v q="$q1" -v n="$bot_tables" -v l="$level" \
    'BEGIN { s = s1 - s0; printf "bots: %d tables of %s bots: %.1f decisions/s, %.0f ms thought per decision, %d waiting for a bot thread at the end\n", n, l, (d1 - d0) / s, (d1 > d0 ? 1000 * (t1 - t0) / (d1 - d0) : 0), q }'
