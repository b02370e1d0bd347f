# niagara-server image (with niagara-bridge, the IRC/XMPP bridge, beside it): build on Debian 12,
# run on debian:bookworm-slim as a non-root user.
#
#   docker build -t niagara-server .
#   docker run -d --name niagara -p 8080:8080 -v niagara-data:/var/lib/niagara niagara-server
#
# With podman, add `--format docker` to the build: the OCI format has no HEALTHCHECK.
# Flags after the image name go to the server (`... niagara-server --log-level debug`); every
# flag can also be set as a NIAGARA_* variable (`-e NIAGARA_THREADS=2`).

# ---- build -------------------------------------------------------------------------------------
FROM debian:bookworm AS build

RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        g++ cmake ninja-build nlohmann-json3-dev libboost1.81-dev libspdlog-dev libsqlite3-dev \
        libgoogle-perftools-dev libsimdjson-dev libstrophe-dev libssl-dev libicu-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
COPY . .
RUN cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
    && cmake --build build --target niagara-server niagara-bridge \
    && strip --strip-unneeded build/server/niagara-server build/bridge/niagara-bridge

# ---- run ---------------------------------------------------------------------------------------
FROM debian:bookworm-slim

RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libspdlog1.10 libfmt9 libsqlite3-0 libtcmalloc-minimal4 libstrophe0 libssl3 libicu72 \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid 10001 niagara \
    && useradd --uid 10001 --gid niagara --home-dir /var/lib/niagara --no-create-home \
        --shell /usr/sbin/nologin niagara \
    && install -d -o niagara -g niagara -m 0700 /var/lib/niagara

COPY --from=build /src/build/server/niagara-server /usr/local/bin/niagara-server
# The chat bridge: the same image with `--entrypoint /usr/local/bin/niagara-bridge`
# (deploy/docker-compose.yml, service `bridge`).
COPY --from=build /src/build/bridge/niagara-bridge /usr/local/bin/niagara-bridge
COPY server/web /usr/share/niagara/web

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

# No curl/wget in the slim image: bash's /dev/tcp sends the request, the status line must be 200.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD bash -c 'exec 3<>/dev/tcp/127.0.0.1/${NIAGARA_PORT:-8080} && printf "GET /healthz HTTP/1.0\r\n\r\n" >&3 && head -n 1 <&3 | grep -q " 200 "'

# SIGTERM: stop accepting, close every connection, exit (every accepted action is committed).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/niagara-server"]
