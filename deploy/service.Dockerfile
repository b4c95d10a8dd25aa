# syntax=docker/dockerfile:1
# One back-end service (services/<name>), built from the repository root:
#
#   docker build -f deploy/service.Dockerfile --build-arg APP=services/auth -t chitram/auth .
#
# The container runs the service (`node dist/main.js`); `node dist/migrate.js` in the same image creates
# its database if missing and applies its migrations (run it first, as a one-shot job):
#
#   docker run --rm -e DATABASE_URL=... chitram/auth node dist/migrate.js
#
# The whole of the app's dist is copied, so media's image also runs its transcoding workers
# (`node dist/worker.js`, deploy/kubernetes/components/media-worker).
#
# Build args: APP (required), SYSTEM_PACKAGES and SYSTEM_PROGRAMS (Debian packages and the programs of
# theirs the service runs, e.g. libchromaprint-tools and fpcalc for media), NODE_IMAGE, RUNTIME_IMAGE.
# The first two stages are the same in every Dockerfile here, so their layers are shared.

ARG NODE_IMAGE=node:20-bookworm-slim
# The last stage's base: the same image unless a smaller one is given (npm run images gives one).
ARG RUNTIME_IMAGE=${NODE_IMAGE}

# The workspace's manifests alone: the dependency layers below are reused until one of them changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -type d -empty -delete

# The whole workspace installed, then the app built; Nx builds the libraries it depends on first.
# Install scripts stay off, as in the workspace (package.json "allowScripts"): the build needs none.
FROM ${NODE_IMAGE} AS build
WORKDIR /workspace
COPY --from=manifests /src ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
ARG APP
ENV NX_DAEMON=false NX_NO_CLOUD=true
RUN test -n "$APP" && test -f "$APP/package.json" \
 || { echo "APP must name the app's folder, e.g. --build-arg APP=services/auth" >&2; exit 1; }
RUN npx nx run-many -t build --projects="$(node -p "require('./$APP/package.json').name")" --outputStyle=static
# What the runtime needs from the build: the app's dist and the dist of every library Nx built for it.
RUN mkdir /out \
 && for dist in libs/*/dist "$APP/dist"; do \
      if [ -d "$dist" ]; then mkdir -p "/out/$dist" && cp -R "$dist/." "/out/$dist/"; fi; \
    done \
 && find /out -name '*.tsbuildinfo' -delete

# The app's production dependencies alone; its libraries are linked in as workspaces.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY --from=manifests /src ./
ARG APP
RUN test -n "$APP" || { echo "APP must name the app's folder, e.g. --build-arg APP=services/auth" >&2; exit 1; }
RUN npm ci --omit=dev --workspace "$APP" --include-workspace-root=false --ignore-scripts --no-audit --no-fund
COPY deploy/images/prune-modules.sh /usr/local/bin/
RUN prune-modules.sh node_modules
# A binary whose package makes it executable in an install script (off here) and then for its owner only:
# @ffprobe-installer's ffprobe (media probes every upload with it). The app runs as its own user.
RUN find node_modules -path '*/@ffprobe-installer/*' -name ffprobe -type f -exec chmod 755 {} +

# Debian programs the app runs (SYSTEM_PROGRAMS, from SYSTEM_PACKAGES: media's fpcalc), installed in a
# stage of their own; the runtime takes each program and the libraries it loads, nothing else (no apt,
# no package data), so every runtime can be the small base.
FROM ${NODE_IMAGE} AS system-programs
ARG SYSTEM_PACKAGES=""
ARG SYSTEM_PROGRAMS=""
COPY deploy/images/copy-programs.sh /usr/local/bin/
RUN mkdir /out \
 && if [ -n "$SYSTEM_PACKAGES" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends $SYSTEM_PACKAGES \
      && copy-programs.sh /out $SYSTEM_PROGRAMS; \
    fi

FROM ${RUNTIME_IMAGE} AS runtime
COPY --from=system-programs /out/ /
ARG APP
ENV NODE_ENV=production \
    NODE_OPTIONS="--enable-source-maps --require /usr/local/lib/chitram/not-root.cjs" \
    HEALTH_PORT=8080
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
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/usr/local/lib/chitram/healthcheck.mjs", "http://127.0.0.1:${HEALTH_PORT}/health/ready"]
CMD ["node", "dist/main.js"]
