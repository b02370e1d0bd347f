#!/usr/bin/env bash
# The house naming convention (tests/style/naming.clang-tidy), checked by clang-tidy over every
# header of the product: the names files share. All of them are parsed as one translation unit
# (about 18 CPU-s); checking every source file as well would cost what compiling the product
# does, several CPU-minutes the test command cannot pay, so names local to a .cpp file are left
# to review.
#   tests/style/naming_check.sh BUILD_DIR   (a configured build: the generated i18n header)
# Exits 77 (skipped) without clang-tidy.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)
command -v clang-tidy >/dev/null || { echo "clang-tidy is not installed: skipped"; exit 77; }
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git ls-files '*.hpp' 2>/dev/null | grep -v '^tests/' >"$work/headers" ||
    find common engine ratings i18n protocol server bridge client loadgen -name '*.hpp' >"$work/headers"
[[ -s "$work/headers" ]] || { echo "no headers found"; exit 1; }
sed "s|.*|#include \"$root/&\"|" "$work/headers" >"$work/all_headers.cpp"
includes=()
for dir in engine/include engine/src common/include ratings/include i18n/include i18n/src protocol/include \
    protocol/src server/src bridge/src bridge/src/irc bridge/src/xmpp client/include loadgen; do
    includes+=(-I "$root/$dir")
done
includes+=(-I "$build/i18n")
echo "checking the names in $(wc -l <"$work/headers") headers"
clang-tidy --quiet --config-file="$root/tests/style/naming.clang-tidy" \
    --header-filter="^$root/" "$work/all_headers.cpp" -- -std=c++20 "${includes[@]}"
