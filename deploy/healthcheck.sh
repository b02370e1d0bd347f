#!/usr/bin/env bash
# The image's HEALTHCHECK, installed as /usr/local/bin/niagara-healthcheck. One image runs two
# programs (niagara-server, or niagara-bridge with --entrypoint), so this checks whichever one
# the container runs, read from PID 1's command line:
#
#   niagara-bridge ARGS  ->  niagara-bridge ARGS --check: the same settings (config file, flags;
#                            the environment is the container's, so NIAGARA_BRIDGE_* apply too)
#                            find the bridge's heartbeat file (STATE_FILE.health) and judge it:
#                            exit 0 when the bridge is connected and fresh, 1 with the reason.
#   anything else        ->  the server: GET /healthz on its port must answer 200 (no curl in the
#                            slim image: bash's /dev/tcp sends the request).
#
# It prints one line either way (`docker inspect` / `podman inspect` show it).
set -euo pipefail

mapfile -d '' args </proc/1/cmdline
# With an init in front (`docker run --init`: docker-init -- PROG ARGS; podman --init:
# catatonit -- PROG ARGS) the program is what follows the first `--`.
if [[ "${args[0]##*/}" != niagara-* ]]; then
    for i in "${!args[@]}"; do
        if [[ "${args[i]}" == -- ]]; then
            args=("${args[@]:i+1}")
            break
        fi
    done
fi

if [[ "${#args[@]}" -gt 0 && "${args[0]##*/}" == niagara-bridge ]]; then
    exec "${args[@]}" --check
fi

# The server: its address and port as it reads them (flags over NIAGARA_* variables).
bind="${NIAGARA_BIND:-0.0.0.0}"
port="${NIAGARA_PORT:-8080}"
for ((i = 1; i + 1 < ${#args[@]}; i++)); do
    case "${args[i]}" in
        --bind) bind="${args[i + 1]}" ;;
        --port) port="${args[i + 1]}" ;;
    esac
done
case "$bind" in
    0.0.0.0 | "") host=127.0.0.1 ;;  # every IPv4 address: loopback is one of them
    :: | "[::]") host=::1 ;;
    *) host="$bind" ;;
esac

# (The braces keep the connection open past the group, and bash's own complaint out of the output.)
if ! { exec 3<>"/dev/tcp/$host/$port"; } 2>/dev/null; then
    echo "unhealthy: nothing listens on $host port $port"
    exit 1
fi
printf 'GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3
status=""
IFS= read -r -t 4 status <&3 || true
status="${status%$'\r'}"
if [[ "$status" == "HTTP/1."?" 200 "* ]]; then
    echo "healthy: /healthz on $host port $port answered: $status"
    exit 0
fi
echo "unhealthy: /healthz on $host port $port answered: ${status:-nothing}"
exit 1
