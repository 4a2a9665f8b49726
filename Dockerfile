# adcli serve as a container, for CI jobs that want the API as a service.
#
#   docker build -t adcli .
#   docker run -d --name adcli-api -p 127.0.0.1:4010:4010 -v adcli-data:/data adcli
#   docker exec adcli-api cat /data/local.key      # the all-scopes key of the workspace
#
# The image holds the single executable of `npm run sea` (Node inside it; no Node, npm or
# node_modules in the image) and runs it as an unprivileged user, with the data dir on a volume.
# test/dockerfile.test.ts runs this file's ENTRYPOINT, CMD and HEALTHCHECK against the executable.

# The executable is built for the platform of the build, by the pinned Node of devDependencies.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run sea

FROM debian:bookworm-slim
COPY --from=build /src/dist/sea/adcli /usr/local/bin/adcli
RUN useradd --system --uid 10001 --user-group --create-home --home-dir /home/adcli adcli \
  && mkdir /data && chown adcli:adcli /data
USER adcli
ENV ADCLI_DATA_DIR=/data
# The store (adcli.db) and the key (local.key) outlive the container.
VOLUME ["/data"]
EXPOSE 4010
# A container's loopback is its own: the server has to listen on every interface for a published
# port to reach it, and says so on start ("listening on 0.0.0.0, so other machines can reach this
# API; keep its keys private"). Which machines can is decided by publishing: `-p 127.0.0.1:4010:4010`
# keeps it on the host, as `adcli serve` alone would; a CI service network reaches it by name.
ENTRYPOINT ["adcli"]
CMD ["serve", "--host", "0.0.0.0", "--port", "4010"]
# Healthy when the API answers an authenticated request, with the key serve keeps in the data dir.
HEALTHCHECK --interval=10s --timeout=5s --start-period=5s --retries=3 \
  CMD ADCLI_API_KEY="$(cat "$ADCLI_DATA_DIR/local.key")" adcli api GET /workspace --base-url http://127.0.0.1:4010/api/v1 > /dev/null
