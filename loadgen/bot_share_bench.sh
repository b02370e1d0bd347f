#!/usr/bin/env bash
# A bystander's bot moves while a stranger keeps the bot pool busy (issue 32): a fresh release
# niagara-server for each run (default bot settings: one bot thread, --bot-think-ms 1000,
# --bot-delay-ms 400; a fresh data directory; limits off), and niagara-bot-share against it:
# the stranger's STRANGER_TABLES tables of 5 strong bots from 127.0.0.2, the bystander's table of
# 2 strong bots from 127.0.0.3. Prints every run, then the medians of the bystander's p50 and
# p99. --baseline BIN alternates runs of another build's server (an older commit's: compare.sh
# builds one in build/compare/COMMIT) with this one's, and prints both.
#   loadgen/bot_share_bench.sh [--build DIR] [--baseline BIN] [--runs N]
#       [--stranger-tables N] [--seconds S] [--warmup S] [-- SERVER FLAGS...]
set -euo pipefail
build=build/release
baseline=""
runs=3
stranger_tables=8
seconds=30
warmup=10
while [[ $# -gt 0 && "$1" != "--" ]]; do
    case "$1" in
        --build) build=$2; shift 2 ;;
        --baseline) baseline=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --stranger-tables) stranger_tables=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --warmup) warmup=$2; shift 2 ;;
        *) echo "usage: $0 [--build DIR] [--baseline BIN] [--runs N] [--stranger-tables N] [--seconds S] [--warmup S] [-- SERVER FLAGS]" >&2; exit 2 ;;
    esac
done
[[ "${1:-}" == "--" ]] && shift
cd "$(dirname "$0")/.."
head_server="$build/server/niagara-server"

data=""
server=""
cleanup() {
    [[ -n "$server" ]] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
    [[ -n "$data" ]] && rm -rf "$data"
    server=""
    data=""
}
trap cleanup EXIT

# One run against server binary $1; prints niagara-bot-share's line.
one_run() {
    data=$(mktemp -d)
    "$1" --port 0 --port-file "$data/port" --data "$data/db" --log-level warn \
        --rate 100000 --burst 100000 --max-connections 0 --max-connections-per-address 0 \
        --max-tables 0 --max-tables-per-address 0 --max-tables-per-connection 0 \
        --max-http-connections-per-address 0 --http-rate 0 "${server_flags[@]}" >"$data/log" 2>&1 &
    server=$!
    for _ in $(seq 100); do [[ -s "$data/port" ]] && break; sleep 0.05; done
    "$build/loadgen/niagara-bot-share" --port "$(cat "$data/port")" \
        --stranger-tables "$stranger_tables" --seconds "$seconds" --warmup "$warmup" || true
    cleanup
}

server_flags=("$@")
declare -a head_lines=() base_lines=()
for run in $(seq "$runs"); do
    if [[ -n "$baseline" ]]; then
        line=$(one_run "$baseline")
        echo "baseline run $run: $line"
        base_lines+=("$line")
    fi
    line=$(one_run "$head_server")
    echo "head run $run: $line"
    head_lines+=("$line")
done
# The median over the runs of a figure of niagara-bot-share's line ("p50 412 ms").
median() {
    local what=$1; shift
    printf '%s\n' "$@" | sed -n "s/.* $what \([0-9]*\) ms.*/\1/p" | sort -n |
        awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
summary() {
    local name=$1; shift
    echo "$name: bystander's bot moves, median over $runs runs: p50 $(median p50 "$@") ms, p99 $(median p99 "$@") ms"
}
[[ -n "$baseline" ]] && summary "baseline ($baseline)" "${base_lines[@]}"
summary "head ($head_server)" "${head_lines[@]}"
