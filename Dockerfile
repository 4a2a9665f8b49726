# adcli serve as a container, for CI jobs that want the API as a service.
#
#   docker build -t adcli .
#   docker run -d --name adcli-api -p 127.0.0.1:4010:4010 -v adcli-data:/data adcli
#   docker exec adcli-api cat /data/local.key      # the all-scopes key (never in the log)
#
# The image holds the single executable of `npm run sea` (Node inside it; no Node, npm or
# node_modules in the image) and runs it as an unprivileged user under tini, with the data dir on a
# volume. test/dockerfile.test.ts runs this file's ENTRYPOINT, CMD and HEALTHCHECK against the
# executable, and builds and runs the image where a container engine answers.

# The executable is built for the platform of the build, by the pinned Node of devDependencies.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run sea

FROM debian:bookworm-slim
# tini is PID 1: it hands SIGTERM (docker stop) and SIGINT to adcli, which drains and exits, and it
# reaps what --exec's shell leaves behind. Node as PID 1 would ignore a signal until its handlers are
# installed, and never reap an orphan.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/dist/sea/adcli /usr/local/bin/adcli
RUN useradd --system --uid 10001 --user-group --create-home --home-dir /home/adcli adcli \
  && mkdir /data && chown adcli:adcli /data
USER adcli
# adcli serve's settings as variables (docs/operator.md has the table); -e ADCLI_…=… changes them.
# A container's loopback is its own: the server has to listen on every interface for a published
# port to reach it, and says so on start ("listening on 0.0.0.0, so other machines can reach this
# API; keep its keys private"). Which machines can is decided by publishing: `-p 127.0.0.1:4010:4010`
# keeps it on the host, as `adcli serve` alone would; a CI service network reaches it by name.
ENV ADCLI_DATA_DIR=/data ADCLI_HOST=0.0.0.0 ADCLI_PORT=4010
# The store (adcli.db) and the key (local.key) outlive the container.
VOLUME ["/data"]
EXPOSE 4010
ENTRYPOINT ["/usr/bin/tini", "--", "adcli"]
CMD ["serve"]
# Healthy while the server is ready (GET /readyz: 200; 503 while its database is out of reach or it
# drains): no key, so every replica can tell, and nothing counted against a key's rate limit. bash's
# /dev/tcp sends the request; no curl, and no second adcli process, every 10 s.
HEALTHCHECK --interval=10s --timeout=5s --start-period=5s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${ADCLI_PORT:-4010} && printf 'GET /readyz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q '^HTTP/1\\.[01] 200 '"]
