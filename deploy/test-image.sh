#!/usr/bin/env bash
# Builds the container image (Dockerfile) and tries it the way a self-hoster runs it, on this
# machine, with docker or podman (whichever works here; ENGINE=docker or ENGINE=podman to choose):
#
#   deploy/test-image.sh              build the image niagara-server:test, then try it
#   deploy/test-image.sh --no-build   try the image already built under that name
#   IMAGE=niagara-server:latest deploy/test-image.sh --no-build
#   DEBUG_IRC_LOG=/tmp/irc.log deploy/test-image.sh   also keeps the IRC conversation there
#
# What it checks, one line per step with OK or FAIL and its time:
#   - the image: its HEALTHCHECK is kept, every library of both binaries is there (ldd inside),
#     no apt lists or caches are left, `niagara-server --help` and `niagara-bridge --help` run;
#   - the server, published on loopback only: /healthz answers 200, the container's healthcheck
#     turns healthy, it runs as uid 10001 with no capabilities on a read-only root;
#   - the bridge, against an ngircd started here on a free loopback port (Debian's `ngircd`) and
#     the server, its settings in a file mounted read-only at /run/secrets/bridge_conf (as
#     deploy/docker-compose.yml passes its secret): it joins the channel, answers `!help`, opens
#     a table for `!new`, and its healthcheck (niagara-bridge --check) passes;
#   - the table is still listed after `restart` of the server container, and after a new server
#     container on the same volume, and the bridge finds the server again.
# Every container runs as Compose runs them: --read-only --tmpfs /tmp --cap-drop ALL
# --security-opt no-new-privileges. Everything it starts (containers, volumes, ngircd, files)
# is removed on exit, failed or not. It takes about a minute after the build. Not part of the
# test command (it needs a container engine and builds the image): run it by hand after changing
# Dockerfile, deploy/ or the programs' settings. Exit status 0 when every step passed.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
case "${1:-}" in
    --no-build) build=0 ;;
    "") ;;
    *)
        sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
        exit 2
        ;;
esac
image="${IMAGE:-niagara-server:test}"
ngircd_bin="${NGIRCD:-/usr/sbin/ngircd}"
channel="#niagara-test"
bridge_nick=niagarabt
id=$$
server_name="niagara-test-server-$id"
server2_name="niagara-test-server2-$id"
bridge_name="niagara-test-bridge-$id"
data_volume="niagara-test-data-$id"
bridge_volume="niagara-test-bridge-$id"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/niagara-test-image.XXXXXX")
engine_log="$tmp/engine.log"
irc_log="$tmp/irc.log"
: >"$engine_log"
: >"$irc_log"

# ---- output: one line per step --------------------------------------------------------------------
now_ms() { echo $((${EPOCHREALTIME/./} / 1000)); }
started_ms=$(now_ms)
step_ms=$started_ms
step_name=""
seconds() { printf '%d.%d' $(($1 / 1000)) $(($1 % 1000 / 100)); }
step() {
    step_name="$1"
    step_ms=$(now_ms)
}
ok() {  # [DETAIL]: shown cut to 110 characters
    local t detail="${1:-}"
    t=$(now_ms)
    ((${#detail} <= 110)) || detail="${detail:0:107}..."
    set -- "$detail"
    printf '[%6ss] OK    %s (%ss)%s\n' "$(seconds $((t - started_ms)))" "$step_name" \
        "$(seconds $((t - step_ms)))" "${1:+: $1}"
}
skip() {  # WHY
    printf '[%6ss] SKIP  %s: %s\n' "$(seconds $(($(now_ms) - started_ms)))" "$step_name" "$1"
}
fail() {  # WHY: the step failed; what may tell why, then exit (the trap cleans up)
    local t
    t=$(now_ms)
    printf '[%6ss] FAIL  %s (%ss): %s\n' "$(seconds $((t - started_ms)))" "$step_name" \
        "$(seconds $((t - step_ms)))" "$1"
    local c
    for c in "$server_name" "$server2_name" "$bridge_name"; do
        if ctr container exists "$c" 2>/dev/null || ctr inspect "$c" >/dev/null 2>&1; then
            echo "---- logs of $c (last 30 lines)"
            ctr logs --tail 30 "$c" 2>&1 || true
        fi
    done
    [[ -s "$irc_log" ]] && { echo "---- IRC (last 20 lines)"; tail -n 20 "$irc_log"; }
    # (podman without systemd says on every run that it cannot set up timed healthchecks: left out)
    if grep -q -v 'systemd connection' "$engine_log"; then
        echo "---- $engine (last 10 lines of its messages)"
        grep -v 'systemd connection' "$engine_log" | tail -n 10
    fi
    exit 1
}

# ---- the container engine ---------------------------------------------------------------------------
engine=""
if [[ -n "${ENGINE:-}" ]]; then
    engine="$ENGINE"
elif command -v docker >/dev/null && docker info >/dev/null 2>&1; then
    engine=docker  # (a docker client alone, without a daemon, does not count)
elif command -v podman >/dev/null; then
    engine=podman
fi
is_podman=0
if [[ -n "$engine" ]] && "$engine" --version 2>/dev/null | grep -qi podman; then is_podman=1; fi
global_flags=()  # podman's own flags, for every command but the build
run_flags=()     # for every `run`
build_flags=()
ctr() { "$engine" "${global_flags[@]}" "$@"; }

cleanup() {
    local status=$?
    set +e
    [[ -n "${irc_fd:-}" ]] && exec {irc_fd}>&-
    if [[ -n "${ngircd_pid:-}" ]]; then
        kill "$ngircd_pid" 2>/dev/null
        wait "$ngircd_pid" 2>/dev/null
    fi
    if [[ -n "$engine" ]]; then
        ctr rm -f -t 2 "$bridge_name" "$server_name" "$server2_name" >/dev/null 2>&1 ||
            ctr rm -f "$bridge_name" "$server_name" "$server2_name" >/dev/null 2>&1
        ctr volume rm -f "$data_volume" "$bridge_volume" >/dev/null 2>&1
    fi
    # The bridge's settings were handed to uid 10001 (rootless podman: inside its user namespace).
    [[ -n "${DEBUG_IRC_LOG:-}" ]] && cp "$irc_log" "$DEBUG_IRC_LOG"
    if [[ $is_podman -eq 1 && $(id -u) -ne 0 ]]; then podman unshare rm -rf "$tmp"; else rm -rf "$tmp"; fi
    printf '[%6ss] %s (containers, volumes, ngircd and temporary files removed)\n' \
        "$(seconds $(($(now_ms) - started_ms)))" "$([[ $status -eq 0 ]] && echo "PASSED" || echo "FAILED")"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

step "container engine"
[[ -n "$engine" ]] || fail "neither a docker daemon nor podman here (apt-get install podman)"
ok "$engine ($("$engine" --version 2>/dev/null | head -n 1))"

# ---- build ----------------------------------------------------------------------------------------------
if [[ $is_podman -eq 1 ]]; then
    # Docker's format keeps HEALTHCHECK (OCI has none). Where RUN cannot create containers (no
    # usable cgroups, e.g. inside another container or a VM sandbox), chroot isolation can.
    build_flags=(--format docker)
    step "podman build flags"
    base=$(awk 'toupper($1) == "FROM" { b = $2 } END { print b }' Dockerfile)
    mkdir -p "$tmp/probe"
    printf 'FROM %s\nRUN true\n' "$base" >"$tmp/probe/Dockerfile"
    if podman build -q --format docker -t "niagara-probe-$id" "$tmp/probe" >>"$tmp/probe.log" 2>&1; then
        :
    elif podman build -q --format docker --isolation=chroot -t "niagara-probe-$id" "$tmp/probe" \
        >>"$tmp/probe.log" 2>&1; then
        build_flags+=(--isolation=chroot)
    else
        fail "podman cannot build FROM $base here, neither plainly nor with --isolation=chroot: $(tail -n 3 "$tmp/probe.log")"
    fi
    podman rmi -f "niagara-probe-$id" >/dev/null 2>&1 || true
    ok "${build_flags[*]}"
fi
if [[ $build -eq 1 ]]; then
    step "build $image"
    if ! "$engine" build "${build_flags[@]}" -t "$image" . >"$tmp/build.log" 2>&1; then
        tail -n 30 "$tmp/build.log"
        fail "the build failed (its end above)"
    fi
    ok
fi
step "image size"
size=$(ctr image inspect --format '{{.Size}}' "$image" 2>>"$engine_log") || fail "no image $image"
ok "$((size / 1000000)) MB"

# ---- running a container here ------------------------------------------------------------------------
if [[ $is_podman -eq 1 ]]; then
    # Plain `podman run` first; a VM sandbox may refuse crun's cgroup setup ("cgroups in hybrid
    # mode not supported") and raising rlimits ("setrlimit RLIMIT_NOFILE: Operation not
    # permitted"): then runc, with limits no higher than this shell's.
    step "podman run flags"
    hard_nofile=$(ulimit -Hn)
    [[ "$hard_nofile" == unlimited ]] && hard_nofile=1048576
    limits=(--ulimit "nofile=$hard_nofile:$hard_nofile" --ulimit nproc=4096:4096)
    found=0
    for candidate in "" "--cgroup-manager=cgroupfs" "--runtime=runc" "--runtime=runc --cgroup-manager=cgroupfs"; do
        for with_limits in 0 1; do
            read -r -a global_flags <<<"$candidate"
            run_flags=()
            [[ $with_limits -eq 1 ]] && run_flags=("${limits[@]}")
            if ctr run --rm "${run_flags[@]}" --entrypoint /bin/true "$image" >>"$tmp/probe.log" 2>&1; then
                found=1
                break 2
            fi
        done
    done
    [[ $found -eq 1 ]] || fail "podman cannot run a container here: $(grep -v 'systemd connection' "$tmp/probe.log" | sort -u | tr '\n' ' ')"
    ok "podman ${global_flags[*]} run ${run_flags[*]}"
else
    # Docker runs healthchecks itself, every --interval (30 s in the image): check more often.
    run_flags=(--health-interval 2s)
fi
secure=(--read-only --tmpfs /tmp --cap-drop ALL --security-opt no-new-privileges)
in_image() {  # COMMAND...: run in a throw-away container of the image, with bash
    ctr run --rm "${run_flags[@]}" "${secure[@]}" --entrypoint bash "$image" -c "$*" 2>>"$engine_log"
}

# ---- the image ------------------------------------------------------------------------------------------
step "image keeps its HEALTHCHECK"
if [[ $is_podman -eq 1 ]]; then
    healthcheck=$(ctr image inspect --format '{{json .HealthCheck.Test}}' "$image" 2>>"$engine_log")
else
    healthcheck=$(ctr image inspect --format '{{json .Config.Healthcheck.Test}}' "$image" 2>>"$engine_log")
fi
[[ "$healthcheck" == *niagara-healthcheck* ]] ||
    fail "none, or not the image's script: $healthcheck (podman: build with --format docker)"
ok "$healthcheck"

step "every library of both binaries is in the image"
missing=$(in_image 'ldd /usr/local/bin/niagara-server /usr/local/bin/niagara-bridge | grep "not found" || true') ||
    fail "could not run ldd in the image"
[[ -z "$missing" ]] || fail "$(echo "$missing" | tr -s ' \t\n' ' ')"
ok

step "no apt lists or caches left in the image"
# (as root: apt's partial/ directories are private to apt)
leftover=$(ctr run --rm "${run_flags[@]}" --user 0 --entrypoint find "$image" /var/lib/apt/lists \
    /var/cache/apt -type f ! -name lock 2>>"$engine_log") || fail "could not look"
[[ -z "$leftover" ]] || fail "found: $(echo "$leftover" | head -n 3 | tr '\n' ' ')"
ok

step "niagara-server --help"
out=$(ctr run --rm "${run_flags[@]}" "${secure[@]}" "$image" --help 2>&1) || true
[[ "$out" == *"usage: niagara-server"* ]] || fail "$out"
ok

step "niagara-bridge --help"
out=$(ctr run --rm "${run_flags[@]}" "${secure[@]}" --entrypoint /usr/local/bin/niagara-bridge \
    "$image" --help 2>&1) || fail "exit status $?: $out"
[[ "$out" == *"usage: niagara-bridge"* ]] || fail "$out"
has_check=0
[[ "$out" == *--check* ]] && has_check=1
ok "$([[ $has_check -eq 1 ]] && echo "it has --check" || echo "no --check in this bridge yet")"

# ---- helpers: ports, HTTP, the server's table list --------------------------------------------------
free_port() {  # a loopback port nothing listens on
    local port
    while true; do
        port=$((20000 + RANDOM % 30000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
}
http_status() {  # PORT PATH: the status line (e.g. "HTTP/1.1 200 OK"), or nothing
    (
        exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 0
        printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$2" >&3
        IFS= read -r -t 3 line <&3 || true
        echo "${line%$'\r'}"
    ) 2>/dev/null
}
wait_healthz() {  # PORT SECONDS
    local deadline=$((SECONDS + $2))
    while ((SECONDS < deadline)); do
        [[ "$(http_status "$1" /healthz)" == *" 200 "* ]] && return 0
        sleep 0.3
    done
    return 1
}
# The ids of the open tables, one a line, from the server's answer to /tables on a WebSocket of
# its own (bash alone: the HTTP upgrade, then one masked text frame; its mask key is 0, so the
# payload goes as it is). The server's frames come back unmasked: their JSON is read as text.
server_tables() {  # PORT
    (
        exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 0
        printf 'GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n' "$1" >&3
        while IFS= read -r -t 3 line <&3; do [[ "${line%$'\r'}" == "" ]] && break; done
        printf '\x81\x87\x00\x00\x00\x00/tables' >&3
        timeout 1.5 cat <&3 || true
    ) 2>/dev/null | tr -c '[:print:]' '\n' | grep '"type": *"tables"' | grep -oE '"id": *[0-9]+' |
        grep -oE '[0-9]+$' || true
}
health() {  # CONTAINER: runs its healthcheck now (podman) or reads the last result (docker)
    if [[ $is_podman -eq 1 ]]; then
        ctr healthcheck run "$1" >/dev/null 2>>"$engine_log" || true
    fi
    ctr inspect --format '{{.State.Health.Status}}' "$1" 2>>"$engine_log"
}
health_output() {  # CONTAINER: what its last healthcheck printed
    ctr inspect --format '{{range .State.Health.Log}}{{.Output}}{{"\n"}}{{end}}' "$1" 2>/dev/null |
        grep -v '^$' | tail -n 1
}
wait_healthy() {  # CONTAINER SECONDS
    local deadline=$((SECONDS + $2))
    while ((SECONDS < deadline)); do
        [[ "$(health "$1")" == healthy ]] && return 0
        sleep 2
    done
    return 1
}
start_server() {  # NAME
    ctr run -d --name "$1" "${run_flags[@]}" "${secure[@]}" -p "127.0.0.1:$server_port:8080" \
        -v "$data_volume:/var/lib/niagara" "$image" >/dev/null 2>>"$engine_log"
}

# ---- the server ----------------------------------------------------------------------------------------
server_port=$(free_port)
step "server container on 127.0.0.1:$server_port"
ctr volume create "$data_volume" >/dev/null 2>>"$engine_log" || fail "volume create"
start_server "$server_name" || fail "run failed"
wait_healthz "$server_port" 30 || fail "/healthz did not answer 200 within 30 s"
ok "/healthz 200"

step "server healthcheck turns healthy"
wait_healthy "$server_name" 60 || fail "status $(health "$server_name"): $(health_output "$server_name")"
ok "$(health_output "$server_name")"

step "server runs as uid 10001, no capabilities, read-only root"
ids=$(ctr exec "$server_name" id -u 2>>"$engine_log"):$(ctr exec "$server_name" id -g 2>>"$engine_log") ||
    fail "exec failed"
[[ "$ids" == 10001:10001 ]] || fail "uid:gid $ids"
caps=$(ctr exec "$server_name" bash -c 'grep CapEff /proc/1/status' 2>>"$engine_log" | awk '{print $2}')
[[ "$caps" =~ ^0+$ ]] || fail "effective capabilities $caps"
if ctr exec "$server_name" bash -c 'touch /usr/local/bin/x' >/dev/null 2>&1; then
    fail "the root file system is writable"
fi
ok "uid:gid $ids, CapEff $caps"

# ---- the bridge, with a local IRC server ----------------------------------------------------------------
step "ngircd on loopback"
[[ -x "$ngircd_bin" ]] || fail "no $ngircd_bin (apt-get install ngircd)"
irc_port=$(free_port)
mkdir -p "$tmp/ngircd/include"  # empty: keeps /etc/ngircd's settings out
cat >"$tmp/ngircd/ngircd.conf" <<EOF
[Global]
Name = irc.niagara.test
Info = niagara image test
AdminInfo1 = test
AdminInfo2 = test
AdminEMail = test@irc.niagara.test
Listen = 127.0.0.1
Ports = $irc_port
PidFile = $tmp/ngircd/ngircd.pid
MotdPhrase = niagara image test
HelpFile = $tmp/ngircd/help.txt
[Limits]
MaxConnectionsIP = 0
[Options]
PAM = no
Ident = no
DNS = no
IncludeDir = $tmp/ngircd/include
EOF
: >"$tmp/ngircd/help.txt"
"$ngircd_bin" -n -f "$tmp/ngircd/ngircd.conf" >"$tmp/ngircd/ngircd.log" 2>&1 &
ngircd_pid=$!
deadline=$((SECONDS + 10))
until (exec 3<>"/dev/tcp/127.0.0.1/$irc_port") 2>/dev/null; do
    kill -0 "$ngircd_pid" 2>/dev/null || fail "ngircd exited: $(tail -n 3 "$tmp/ngircd/ngircd.log")"
    ((SECONDS < deadline)) || fail "ngircd does not listen on $irc_port"
    sleep 0.1
done
ok "port $irc_port"

# The bridge's settings, as the Compose secret gives them: a file mounted read-only, mode 0600,
# owned by the container's uid 10001.
cat >"$tmp/bridge.conf" <<EOF
server = ws://127.0.0.1:$server_port/ws
log_level = info
irc.host = 127.0.0.1
irc.port = $irc_port
irc.tls = false
irc.nick = $bridge_nick
irc.channels = $channel
EOF
chmod 0600 "$tmp/bridge.conf"
if [[ $(id -u) -eq 0 ]]; then
    chown 10001:10001 "$tmp/bridge.conf"
elif [[ $is_podman -eq 1 ]]; then
    podman unshare chown 10001:10001 "$tmp/bridge.conf"
else
    chmod 0644 "$tmp/bridge.conf"  # (a docker user cannot chown; this file holds no password)
fi

step "bridge container (host network: it reaches ngircd and the server on loopback)"
ctr volume create "$bridge_volume" >/dev/null 2>>"$engine_log" || fail "volume create"
ctr run -d --name "$bridge_name" "${run_flags[@]}" "${secure[@]}" --network host \
    -v "$bridge_volume:/var/lib/niagara" -v "$tmp/bridge.conf:/run/secrets/bridge_conf:ro" \
    -e NIAGARA_BRIDGE_STATE_FILE=/var/lib/niagara/bridge-state.json \
    --entrypoint /usr/local/bin/niagara-bridge "$image" --config /run/secrets/bridge_conf \
    >/dev/null 2>>"$engine_log" || fail "run failed"
sleep 1
[[ "$(ctr inspect --format '{{.State.Running}}' "$bridge_name" 2>/dev/null)" == true ]] ||
    fail "the bridge exited (status $(ctr inspect --format '{{.State.ExitCode}}' "$bridge_name" 2>/dev/null))"
ok

# A small IRC client on a bash /dev/tcp connection: the lines go to $irc_log.
irc_partial=""
irc_line=""
irc_send() {
    printf '%s\r\n' "$1" >&"$irc_fd"
    echo ">> $1" >>"$irc_log"
}
irc_wait() {  # REGEX SECONDS: reads until a line matches (into irc_line); answers PINGs
    local deadline=$((SECONDS + $2)) part line
    while ((SECONDS < deadline)); do
        if IFS= read -r -t 1 part <&"$irc_fd"; then
            line="${irc_partial}${part%$'\r'}"
            irc_partial=""
            echo "<< $line" >>"$irc_log"
            if [[ "$line" == PING* ]]; then
                irc_send "PONG ${line#PING }"
            elif [[ "$line" =~ $1 ]]; then
                irc_line="$line"
                return 0
            fi
        else
            irc_partial+="$part"  # a read that timed out mid-line keeps what it got
        fi
    done
    return 1
}
irc_drain() {  # reads what has come so far (answering PINGs), so a later wait sees only newer lines
    irc_wait 'x^' 2 || true  # (a pattern no line matches: reads for 1 to 2 s)
}
from_bridge="^:$bridge_nick![^ ]* (PRIVMSG|NOTICE) ($channel|tester) :"

step "bridge joins $channel"
exec {irc_fd}<>"/dev/tcp/127.0.0.1/$irc_port"
irc_send "NICK tester"
irc_send "USER tester 0 * :image test"
irc_wait " 001 " 10 || fail "ngircd did not welcome the test client"
irc_send "JOIN $channel"
irc_wait " 366 " 10 || fail "the test client could not join $channel"
deadline=$((SECONDS + 60))
joined=0
while ((SECONDS < deadline)); do
    irc_send "NAMES $channel"
    if irc_wait " 353 .*[ :@+]$bridge_nick( |$)" 2; then
        joined=1
        break
    fi
done
[[ $joined -eq 1 ]] || fail "no $bridge_nick in $channel after 60 s"
ok

step "bridge answers !help"
irc_send "PRIVMSG $channel :!help"
irc_wait "$from_bridge" 20 || fail "no answer within 20 s"
ok "${irc_line#*:*:}"

step "!new opens a table on the server"
irc_send "PRIVMSG $channel :!new players=3"
table=""
deadline=$((SECONDS + 30))
while ((SECONDS < deadline)) && [[ -z "$table" ]]; do
    table=$(server_tables "$server_port" | head -n 1)
done
[[ -n "$table" ]] || fail "the server lists no table 30 s after !new"
irc_wait "$from_bridge.*#$table" 10 || fail "the bridge said nothing of table #$table"
ok "table #$table; the bridge: ${irc_line#*:*:}"

step "bridge healthcheck (niagara-bridge --check)"
if [[ $has_check -eq 0 ]]; then
    skip "this niagara-bridge has no --check yet: the healthcheck cannot pass"
else
    wait_healthy "$bridge_name" 60 || fail "status $(health "$bridge_name"): $(health_output "$bridge_name")"
    ok "$(health_output "$bridge_name")"
fi

# ---- the table survives restarts --------------------------------------------------------------------
step "restart the server container: table #$table still there"
irc_drain
ctr restart -t 15 "$server_name" >/dev/null 2>>"$engine_log" || fail "restart failed"
wait_healthz "$server_port" 30 || fail "/healthz did not answer 200 within 30 s of the restart"
tables=$(server_tables "$server_port" | tr '\n' ' ')
[[ " $tables" == *" $table "* ]] || fail "tables listed: ${tables:-none}"
ok

# The bridge's connection for tester comes back to the new server and takes the seat again
# ("Welcome back to table #N": whatever its words, a line from the bridge naming the table).
step "the bridge finds the server again and takes tester's seat back"
irc_wait "$from_bridge.*#$table([^0-9]|$)" 90 || fail "no word of table #$table from the bridge within 90 s"
ok "${irc_line#*:*:}"

step "a new server container on the same volume: table #$table still there"
irc_drain
ctr stop -t 15 "$server_name" >/dev/null 2>>"$engine_log" || fail "stop failed"
ctr rm "$server_name" >/dev/null 2>>"$engine_log" || fail "rm failed"
start_server "$server2_name" || fail "run failed"
wait_healthz "$server_port" 30 || fail "/healthz did not answer 200 within 30 s"
tables=$(server_tables "$server_port" | tr '\n' ' ')
[[ " $tables" == *" $table "* ]] || fail "tables listed: ${tables:-none}"
ok

step "new server container's healthcheck turns healthy"
wait_healthy "$server2_name" 60 || fail "status $(health "$server2_name"): $(health_output "$server2_name")"
ok

step "the bridge takes tester's seat back on the new server"
irc_wait "$from_bridge.*#$table([^0-9]|$)" 90 || fail "no word of table #$table from the bridge within 90 s"
ok "${irc_line#*:*:}"

if [[ $has_check -eq 1 ]]; then
    step "bridge healthy again after the server came back"
    wait_healthy "$bridge_name" 90 || fail "status $(health "$bridge_name"): $(health_output "$bridge_name")"
    ok "$(health_output "$bridge_name")"
fi
