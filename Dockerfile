# niagara-server image (with niagara-bridge, the IRC/XMPP bridge, beside it): build on Debian 12,
# run on debian:bookworm-slim as a non-root user.
#
#   docker build -t niagara-server .
#   docker run -d --name niagara -p 127.0.0.1:8080:8080 --read-only --tmpfs /tmp \
#       --cap-drop ALL --security-opt no-new-privileges -v niagara-data:/var/lib/niagara niagara-server
#
# With podman, add `--format docker` to the build (podman-compose: BUILDAH_FORMAT=docker in its
# environment): the OCI format has no HEALTHCHECK. deploy/test-image.sh builds the image and
# tries it (server, bridge, restarts); tests/deploy/image_libraries_test.sh (in the test
# command) checks that the run stage installs every library the two binaries load.
# Flags after the image name go to the server (`... niagara-server --log-level debug`); every
# flag can also be set as a NIAGARA_* variable (`-e NIAGARA_THREADS=2`).

# ---- build -------------------------------------------------------------------------------------
FROM debian:bookworm AS build

RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        g++ cmake ninja-build nlohmann-json3-dev libboost1.81-dev libspdlog-dev libsqlite3-dev \
        libgoogle-perftools-dev libsimdjson-dev libstrophe-dev libssl-dev libicu-dev zlib1g-dev \
        libsodium-dev \
        pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
COPY . .
RUN cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
    && cmake --build build --target niagara-server niagara-bridge \
    && strip --strip-unneeded build/server/niagara-server build/bridge/niagara-bridge

# ---- run ---------------------------------------------------------------------------------------
FROM debian:bookworm-slim

# The packages of the libraries the two binaries load (`ldd`; the C and C++ runtimes are in the
# base image): both spdlog, fmt and ICU; the server SQLite, tcmalloc, libsodium (account
# passwords) and zlib (replays are sent gzipped; bookworm-slim has zlib1g already, named here
# since the server links it); the bridge
# OpenSSL, simdjson and libstrophe (which brings expat). ca-certificates: the bridge verifies its
# TLS chat servers (irc.tls, XMPP) against the system's certificate authorities. `apt-get clean`
# drops apt's caches (about 85 MB: pkgcache.bin and srcpkgcache.bin, 40 MB each, and the
# downloaded packages). tests/deploy/image_libraries_test.sh reads this list.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libspdlog1.10 libfmt9 libicu72 libsqlite3-0 libtcmalloc-minimal4 zlib1g \
        libssl3 libsimdjson14 libstrophe0 libsodium23 ca-certificates \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid 10001 niagara \
    && useradd --uid 10001 --gid niagara --home-dir /var/lib/niagara --no-create-home \
        --shell /usr/sbin/nologin niagara \
    && install -d -o niagara -g niagara -m 0700 /var/lib/niagara

COPY --from=build /src/build/server/niagara-server /usr/local/bin/niagara-server
# The chat bridge: the same image with `--entrypoint /usr/local/bin/niagara-bridge`
# (deploy/docker-compose.yml, service `bridge`).
COPY --from=build /src/build/bridge/niagara-bridge /usr/local/bin/niagara-bridge
COPY web /usr/share/niagara/web
COPY deploy/healthcheck.sh /usr/local/bin/niagara-healthcheck

ENV NIAGARA_BIND=0.0.0.0 \
    NIAGARA_PORT=8080 \
    NIAGARA_DATA=/var/lib/niagara \
    NIAGARA_WEB=/usr/share/niagara/web

# The SQLite database is /var/lib/niagara/niagara.sqlite3. A bind-mounted directory must be
# writable by uid 10001 (the server also sets its mode to 0700).
VOLUME /var/lib/niagara
WORKDIR /var/lib/niagara
USER niagara:niagara
EXPOSE 8080

# Checks whichever program the container runs (deploy/healthcheck.sh, read from PID 1): the
# server answers GET /healthz with 200; the bridge's `niagara-bridge ... --check` (same arguments
# and environment) finds its heartbeat fresh and its connections up.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["bash", "/usr/local/bin/niagara-healthcheck"]

# SIGTERM: stop accepting, close every connection, exit (every accepted action is committed).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/niagara-server"]
