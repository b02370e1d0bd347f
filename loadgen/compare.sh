#!/usr/bin/env bash
# The server against an earlier commit's, side by side: builds BASELINE's niagara-server (release,
# in build/compare/COMMIT, once), then alternates runs of the baseline and of this build's server
# under this build's load generator (bench.sh --server), and prints each run, the medians of both
# and head's ratios to the baseline. The machine's speed drifts within an hour, so only figures
# measured in one such run compare; niagara-floor runs before and after.
#   loadgen/compare.sh [--runs N] [--build DIR] [--baseline-loadgen] BASELINE_COMMIT
#                             [-- LOADGEN ARGS...]
#   loadgen/compare.sh f82acb9
#   loadgen/compare.sh --runs 5 f82acb9 -- --tables 1000 --seats 4 --seconds 15 --think-ms 125
# --baseline-loadgen: both servers meet the baseline's load generator instead (when this one
# speaks a protocol the baseline's server does not).
# Default load: the README's goal (1,000 tables x 4 seats, 125 ms think, 5 s warm-up, 15 s).
# A benchmark, not a test: record its figures in BENCHMARKS.md at each landing that touches the
# server's hot path (README, "Benchmark").
set -euo pipefail
runs=3
build=build/release
baseline_loadgen=0
while [[ $# -gt 0 && "$1" != "--" ]]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --build) build=$2; shift 2 ;;
        --baseline-loadgen) baseline_loadgen=1; shift ;;
        -*) echo "usage: $0 [--runs N] [--build DIR] BASELINE_COMMIT [-- LOADGEN ARGS...]" >&2; exit 2 ;;
        *) baseline=$1; shift ;;
    esac
done
[[ "${1:-}" == "--" ]] && shift
[[ -n "${baseline:-}" ]] || { echo "usage: $0 [--runs N] [--build DIR] BASELINE_COMMIT [-- LOADGEN ARGS...]" >&2; exit 2; }
load=("$@")
[[ ${#load[@]} -gt 0 ]] || load=(--tables 1000 --seats 4 --seconds 15 --warmup 5 --think-ms 125)
cd "$(dirname "$0")/.."
root=$PWD
commit=$(git rev-parse --short=12 "$baseline^{commit}")

# This build: the server and the load generator both runs use.
cmake --build "$build" --target niagara-server niagara-loadgen niagara-floor >/dev/null

# The baseline's server, from its own tree (git archive: no work tree of this clone changes).
base_dir="$root/build/compare/$commit"
base_server="$base_dir/build/server/niagara-server"
# Its load generator: in loadgen/, or in server/ for a commit from before it had a home of its own.
baseline_loadgen_path() {
    if [[ -d "$base_dir/src/server/loadgen" ]]; then echo "$base_dir/build/server/niagara-loadgen"
    else echo "$base_dir/build/loadgen/niagara-loadgen"; fi
}
base_loadgen=$(baseline_loadgen_path)
if [[ ! -x "$base_server" || ($baseline_loadgen == 1 && ! -x "$base_loadgen") ]]; then
    echo "== building $commit's niagara-server in $base_dir"
    rm -rf "$base_dir/src"
    mkdir -p "$base_dir/src"
    git archive "$commit" | tar -x -C "$base_dir/src"
    cmake -S "$base_dir/src" -B "$base_dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DBUILD_TESTING=OFF >/dev/null
    cmake --build "$base_dir/build" --target niagara-server \
        $([[ $baseline_loadgen == 1 ]] && echo niagara-loadgen) >/dev/null
fi
base_loadgen=$(baseline_loadgen_path)
loadgen=()
[[ $baseline_loadgen == 1 ]] && loadgen=(--loadgen "$base_loadgen")

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
floor() {
    [[ -x "$build/loadgen/niagara-floor" ]] || return 0
    echo "== machine floor ($1): $("$build/loadgen/niagara-floor" --tables 1000 --seats 4 --seconds 8)"
}
floor before
for run in $(seq "$runs"); do
    for who in baseline head; do
        if [[ $who == baseline ]]; then server=(--server "$base_server"); else server=(); fi
        out=$(loadgen/bench.sh --runs 1 --no-floor --build "$build" "${server[@]}" "${loadgen[@]}" -- "${load[@]}")
        echo "== $who ($([[ $who == baseline ]] && echo "$commit" || git rev-parse --short=12 HEAD)), run $run"
        echo "$out" | grep -v '^== ' | sed -n '/^== median/!p' | grep -v 'actions/s, p50 .* RSS .* MiB$' || true
        # The median line of a single run is that run: actions/s p50 p99 p99-last srv-us lg-us rss
        echo "$out" | tail -n 1 | awk '{
            gsub(/,/, ""); print $1, $4, $7, $12, $15, $19, $22 }' >>"$results/$who"
    done
done
floor after

median() {  # column of file
    sort -g -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'
}
echo "== medians of $runs runs each (alternating): actions/s, p50 ms, p99 ms, p99 last member ms," \
    "server us/action, load generator us/action, server RSS MiB"
for who in baseline head; do
    printf '%-9s' "$who"
    for c in 1 2 3 4 5 6 7; do printf ' %10s' "$(median "$results/$who" "$c")"; done
    echo
done
printf '%-9s' "ratio"
for c in 1 2 3 4 5 6 7; do
    awk -v b="$(median "$results/baseline" "$c")" -v h="$(median "$results/head" "$c")" \
        'BEGIN { if (b + 0 == 0) printf " %10s", "-"; else printf " %10.2f", h / b }'
done
echo "   (head / baseline: above 1 is more actions/s, or more time, CPU and memory)"
