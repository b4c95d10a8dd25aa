# syntax=docker/dockerfile:1
# One front end (frontends/<name>): its rspack build, served by libs/web-server, built from the root:
#
#   docker build -f deploy/frontend.Dockerfile --build-arg APP=frontends/shell -t chitram/shell .
#
# Configured at run time by the web server's variables (PORT, HOST, ROOT, SPA, CORS, API_TARGET,
# VIEWER_REMOTE_URL, ADMIN_REMOTE_URL): the same image serves any environment. The web server needs no
# packages, so the runtime is Node alone. The build stages are those of service.Dockerfile.

ARG NODE_IMAGE=node:20-bookworm-slim
ARG RUNTIME_IMAGE=node:20-alpine

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
ARG APP
ENV NX_DAEMON=false NX_NO_CLOUD=true
RUN test -n "$APP" && test -f "$APP/package.json" \
 || { echo "APP must name the app's folder, e.g. --build-arg APP=frontends/shell" >&2; exit 1; }
RUN npx nx run-many -t build --projects="$(node -p "require('./$APP/package.json').name")" --outputStyle=static
# The bundle, the app's serve.mjs (its defaults) and the web server it imports, at the same relative paths.
RUN mkdir -p "/out/$APP" /out/libs/web-server \
 && cp -R "$APP/dist" "$APP/serve.mjs" "/out/$APP/" \
 && cp libs/web-server/package.json libs/web-server/*.mjs /out/libs/web-server/

FROM ${RUNTIME_IMAGE} AS runtime
ARG APP
ENV NODE_ENV=production \
    NODE_OPTIONS="--require /usr/local/lib/chitram/not-root.cjs" \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
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
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "/usr/local/lib/chitram/healthcheck.mjs", "http://127.0.0.1:${PORT}/"]
CMD ["node", "serve.mjs"]
