#!/usr/bin/env bash
# The server's load benchmark, repeated: starts a release niagara-server (its default threads,
# one per core; a fresh data directory; a rate limit the bots never reach) on 127.0.0.1, runs niagara-loadgen against
# it, and prints each run's figures and then the medians.
#   loadgen/bench.sh [--runs N] [--build DIR] [--server BIN] [--loadgen BIN] [--threads N]
#                           [--no-floor]
#                           -- LOADGEN ARGS...
#   loadgen/bench.sh --runs 3 -- --tables 1000 --seats 4 --seconds 15 --think-ms 125
# --server measures another server binary (an older commit's, say) with this build's load
# generator, so that two servers meet the same load (--loadgen likewise runs another load
# generator against this build's server); --threads sets the server's threads (0, the
# server's default: one per core).
# niagara-floor runs before the first run and after the last (8 s each; --no-floor skips it):
# the machine's speed for this traffic drifts by a third within an hour, so a run's figures
# mean little without the floor measured beside them.
set -euo pipefail
runs=3
build=build/release
server=""
loadgen=""
threads=0
floor=1
while [[ $# -gt 0 && "$1" != "--" ]]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --build) build=$2; shift 2 ;;
        --server) server=$(realpath "$2"); shift 2 ;;
        --loadgen) loadgen=$(realpath "$2"); shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --no-floor) floor=0; shift ;;
        *) echo "usage: $0 [--runs N] [--build DIR] [--server BIN] [--loadgen BIN] [--threads N] [--no-floor] -- LOADGEN ARGS..." >&2; exit 2 ;;
    esac
done
[[ "${1:-}" == "--" ]] && shift
cd "$(dirname "$0")/.."
[[ -n "$server" ]] || server="$build/server/niagara-server"
[[ -n "$loadgen" ]] || loadgen="$build/loadgen/niagara-loadgen"

measure_floor() {
    [[ $floor == 1 && -x "$build/loadgen/niagara-floor" ]] || return 0
    echo "== machine floor ($1): $("$build/loadgen/niagara-floor" --tables 1000 --seats 4 --seconds 8)"
}

# The load generator's 4,000 connections all come from 127.0.0.1: every per-address and
# global limit it would meet is turned off, each only on a server that knows its flag (an
# older commit's, measured with --server, may know none of them and refuses unknown flags).
server_help=$("$server" --help 2>&1 || true)
unlimited=()
for limit in "--rate 100000" "--burst 100000" "--max-connections 0" \
    "--max-connections-per-address 0" "--max-tables 0" "--max-tables-per-address 0" \
    "--max-http-connections-per-address 0" "--http-rate 0"; do
    if grep -qE -- "${limit% *}([] =]|$)" <<<"$server_help"; then
        read -ra words <<<"$limit"
        unlimited+=("${words[@]}")
    fi
done

results=$(mktemp)
trap 'rm -f "$results"' EXIT
measure_floor before
for run in $(seq "$runs"); do
    data=$(mktemp -d)
    "$server" --port 0 --port-file "$data/port" --data "$data/db" --log-level warn --threads "$threads" \
        "${unlimited[@]}" >"$data/log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do [[ -s "$data/port" ]] && break; sleep 0.05; done
    out=$("$loadgen" --port "$(cat "$data/port")" --server-pid "$pid" "$@")
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    rm -rf "$data"
    echo "== run $run"
    echo "$out"
    # actions/s, p50, p99 (own event), p99 (last member), server us/action, loadgen us/action, RSS
    echo "$out" | awk '
        /actions\/s\)/ { for (i = 1; i <= NF; i++) if ($i ~ /^\(/) rate = substr($i, 2) }
        /-> own event/ { own50 = $7; own99 = $13 }
        /-> last member/ { last99 = $13 }
        /^load generator CPU/ { lg = $(NF - 3) }
        /^server CPU/ { srv = $7; rss = $(NF - 1) }
        END { print rate, own50, own99, last99, srv, lg, rss }' >>"$results"
done
measure_floor after
echo "== median of $runs runs: actions/s, p50 and p99 (action -> own event), p99 (-> last member)," \
    "server and load generator CPU per action, server RSS"
for column in 1 2 3 4 5 6 7; do
    sort -g -k"$column","$column" "$results" | awk -v c="$column" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'
done | paste -sd' ' | awk '{ printf "%s actions/s, p50 %s ms, p99 %s ms, p99 last member %s ms, server %s us/action, load generator %s us/action, RSS %s MiB\n", $1, $2, $3, $4, $5, $6, $7 }'
