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
# Build args: APP (required), MEDIA_FFMPEG (media's: `debian-source` builds its ffmpeg and ffprobe, see
# below), NODE_IMAGE, RUNTIME_IMAGE.
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
# With its own ffmpeg on the PATH (MEDIA_FFMPEG, the next stage), media never loads the static builds npm
# ships, and they go. Without one, @ffprobe-installer's ffprobe probes every upload: its package makes it
# executable in an install script (off here) and then for its owner only, and the app runs as its own user.
ARG MEDIA_FFMPEG=""
RUN if [ -n "$MEDIA_FFMPEG" ]; then \
      rm -rf node_modules/@ffmpeg-installer/linux-* node_modules/@ffprobe-installer/linux-*; \
    else \
      find node_modules -path '*/@ffprobe-installer/*' -name ffprobe -type f -exec chmod 755 {} +; \
    fi

# Media's ffmpeg and ffprobe (MEDIA_FFMPEG=debian-source): Debian bookworm's ffmpeg source, security
# fixes included, built with only what media does (deploy/images/media-ffmpeg.sh): 16 MB where npm's
# two static builds are 144. Nothing for any other app. The build takes some minutes and is cached like
# any layer: it runs again when the script changes, and a build with --no-cache takes Debian's newest source.
FROM ${NODE_IMAGE} AS media-tools
ARG MEDIA_FFMPEG=""
COPY deploy/images/media-ffmpeg.sh /usr/local/bin/
RUN mkdir -p /out/usr/local \
 && if [ "$MEDIA_FFMPEG" = debian-source ]; then \
      printf 'deb-src http://deb.debian.org/debian bookworm main\ndeb-src http://deb.debian.org/debian-security bookworm-security main\n' \
        >/etc/apt/sources.list.d/ffmpeg-source.list \
      && apt-get update \
      && apt-get install -y --no-install-recommends gcc make nasm pkg-config libx264-dev zlib1g-dev patchelf dpkg-dev xz-utils \
      && mkdir /tmp/ffmpeg && cd /tmp/ffmpeg && apt-get source --only-source ffmpeg \
      && media-ffmpeg.sh "$(find /tmp/ffmpeg -mindepth 1 -maxdepth 1 -type d -name 'ffmpeg-*')" /out/usr/local \
      && rm -rf /tmp/ffmpeg /var/lib/apt/lists/*; \
    elif [ -n "$MEDIA_FFMPEG" ]; then \
      echo "MEDIA_FFMPEG is debian-source or empty, not $MEDIA_FFMPEG" >&2; exit 1; \
    fi

FROM ${RUNTIME_IMAGE} AS runtime
COPY --from=media-tools /out/ /
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
