#!/usr/bin/env bash
# Builds the libFuzzer targets with clang in build/fuzz and runs them all at once, each for
# SECONDS (default 20) from its seed corpus (tests/fuzz/corpus/TARGET, never written) and what
# earlier runs found (build/fuzz/corpus/TARGET). Exits non-zero when a target crashes; the
# input that did it is left as build/fuzz/crash-TARGET-*. For a longer run:
# tests/fuzz/run.sh 3600, or one target by hand (tests/fuzz/README.md).
#   tests/fuzz/run.sh [SECONDS] [TARGET...]     targets: client_frame http_target bridge_chat
#   tests/fuzz/run.sh --build-only [TARGET...]   builds them, runs nothing (tests/run_all.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-20}
shift || true
build_only=false
[[ $seconds != --build-only ]] || build_only=true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(client_frame http_target bridge_chat)
dir=${NIAGARA_FUZZ_BUILD:-build/fuzz}

cmake -S . -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DNIAGARA_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build "$dir" --target "${targets[@]/#/fuzz_}"
! $build_only || exit 0

# All targets at once, each for SECONDS of wall time: on two cores three of them get two thirds
# of a core each (tests/run_all.sh gives them 20 s when alone: 13 CPU-s each, in half the time
# of one after the other).
run_target() {  # target: its log says how it went
    local target=$1 corpus="$dir/corpus/$1"
    mkdir -p "$corpus"
    "$dir/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -dict="tests/fuzz/$target.dict" -artifact_prefix="$dir/crash-$target-" \
        -print_final_stats=1 "$corpus" "tests/fuzz/corpus/$target" >"$dir/fuzz-$target.log" 2>&1
}
declare -A runs
for target in "${targets[@]}"; do
    echo "== fuzz_$target: ${seconds} s"
    run_target "$target" &
    runs[$target]=$!
done
status=0
for target in "${targets[@]}"; do
    log="$dir/fuzz-$target.log"
    if wait "${runs[$target]}"; then
        executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
        echo "   fuzz_$target: ${executed:-?} runs, ${speed:-?}/s, corpus" \
            "$(ls "$dir/corpus/$target" | wc -l) inputs, no crash"
    else
        echo "   fuzz_$target: CRASH (log: $log):"
        grep -aE "ERROR|SUMMARY|http target:|parse_client_frame:|Test unit written" "$log" | head -20
        status=1
    fi
done
exit $status
