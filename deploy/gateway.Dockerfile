# syntax=docker/dockerfile:1
# The HTTP gateway, built from the repository root:
#
#   docker build -f deploy/gateway.Dockerfile -t chitram/gateway .
#
# Listens on PORT (3001). It owns no data, so it has no migrations. The build stages are those of
# service.Dockerfile (keep them the same, so their layers are shared); only the runtime differs.

ARG NODE_IMAGE=node:20-bookworm-slim
# The last stage's base: the same image unless a smaller one is given (npm run images gives one).
ARG RUNTIME_IMAGE=${NODE_IMAGE}

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -type d -empty -delete

FROM ${NODE_IMAGE} AS build
WORKDIR /workspace
COPY --from=manifests /src ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
ARG APP=gateway
ENV NX_DAEMON=false NX_NO_CLOUD=true
RUN test -n "$APP" && test -f "$APP/package.json" \
 || { echo "APP must name the app's folder, e.g. --build-arg APP=gateway" >&2; exit 1; }
RUN npx nx run-many -t build --projects="$(node -p "require('./$APP/package.json').name")" --outputStyle=static
RUN mkdir /out \
 && for dist in libs/*/dist "$APP/dist"; do \
      if [ -d "$dist" ]; then mkdir -p "/out/$dist" && cp -R "$dist/." "/out/$dist/"; fi; \
    done \
 && find /out -name '*.tsbuildinfo' -delete

FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY --from=manifests /src ./
ARG APP=gateway
RUN npm ci --omit=dev --workspace "$APP" --include-workspace-root=false --ignore-scripts --no-audit --no-fund
COPY deploy/images/prune-modules.sh /usr/local/bin/
RUN prune-modules.sh node_modules

FROM ${RUNTIME_IMAGE} AS runtime
ARG APP=gateway
ENV NODE_ENV=production \
    NODE_OPTIONS="--enable-source-maps --require /usr/local/lib/chitram/not-root.cjs" \
    HOST=0.0.0.0 \
    PORT=3001
WORKDIR /app
COPY --from=dependencies /app ./
COPY --from=build /out ./
COPY deploy/healthcheck.mjs /usr/local/lib/chitram/healthcheck.mjs
WORKDIR /app/${APP}
# The app's own user, made here so that any base will do (the official node images' `node` user is not
# in a base made on the machine); files stay root-owned: the app reads them and writes nothing but its
# logs, to stdout. not-root.cjs stops the app if it is started as root all the same.
RUN echo 'chitram:x:10001:10001:Chitram app:/nonexistent:/usr/sbin/nologin' >> /etc/passwd \
 && echo 'chitram:x:10001:' >> /etc/group
COPY deploy/not-root.cjs /usr/local/lib/chitram/not-root.cjs
USER 10001:10001
EXPOSE 3001
# Liveness only: readiness (/api/health) asks every service, and one service down must not take the
# gateway out of rotation with it.
HEALTHCHECK --interval=5s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/usr/local/lib/chitram/healthcheck.mjs", "http://127.0.0.1:${PORT}/api/health/live"]
CMD ["node", "dist/main.js"]
