#!/usr/bin/env bash
# Installs the Debian 12 packages this project needs that are not installed yet.
#   deploy/debian-deps.sh          what building and running needs
#   deploy/debian-deps.sh --test   also what the tests need (Catch2; ccache, through which the
#                                  sanitizer build takes the release build's compiled test
#                                  files; chromium, Node.js and npm
#                                  for the browser test in tests/web; clang-tidy for the
#                                  naming check; clang and its libFuzzer
#                                  and sanitizer runtimes for tests/fuzz; the chat servers the
#                                  bridge's tests start on loopback: ngircd, prosody, and
#                                  inspircd with atheme-services for IRC accounts)
#   deploy/debian-deps.sh --test-build   only what building the tests needs (Catch2, ccache):
#                                  tests/run_all.sh installs the rest (--test) beside the build
set -euo pipefail

packages=(g++ cmake ninja-build nlohmann-json3-dev libboost1.81-dev libspdlog-dev libsqlite3-dev
    libgoogle-perftools-dev libsimdjson-dev libstrophe-dev libssl-dev libicu-dev zlib1g-dev
    libsodium-dev
    pkg-config)
case "${1:-}" in
    --test) packages+=(catch2 ccache chromium clang clang-tidy libclang-rt-14-dev ngircd prosody
        inspircd atheme-services) ;;
    --test-build) packages+=(catch2 ccache) ;;
esac

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm may come from elsewhere than Debian (a newer Node.js with its own npm): only
# when the commands are missing are Debian's packages installed.
if [[ "${1:-}" == "--test" ]]; then
    command -v node >/dev/null || missing+=(nodejs)
    command -v npm >/dev/null || missing+=(npm)
fi
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "Installing: ${missing[*]}"
sudo=""
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "run as root or install sudo" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
# Package lists fetched in the last hour are kept (tests/run_all.sh calls this twice, a few
# minutes apart: --test-build, then --test beside the build).
[[ -n $(find /var/lib/apt/lists -maxdepth 0 -mmin -60 2>/dev/null) ]] || $sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
