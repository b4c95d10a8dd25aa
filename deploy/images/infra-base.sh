#!/usr/bin/env bash
# Makes an infrastructure image on this machine from Debian's packages, for where no image registry
# answers (issue 24): the same recipe as node-base.sh (mmdebstrap's minimal Debian bookworm, no docs,
# `docker import`). Each stands in for the official image that docker-compose.yml and the testcontainers
# path name by default, with the same command line and variables where they meet:
#
#   postgres   Debian's postgresql-15: POSTGRES_PASSWORD, data in /var/lib/postgresql/data (PGDATA),
#              `postgres -c name=value` arguments, pg_isready on the PATH; runs as `postgres`. The JIT
#              (LLVM, a hundred megabytes) is left out: Postgres runs without it (jit is off).
#   redis      Debian's redis-server 7: `redis-server --option value …` arguments, redis-cli (the health
#              check), data in /data; runs as `redis`. Without a password it listens for every address,
#              as the official image does (protected mode off).
#   nats       Debian's nats-server 2.9 with JetStream: nats-server's arguments (`-js`, `-c file`, `-sd`,
#              `-m`), wget for the health check; runs as uid 10003, store in /data.
#
#   deploy/images/infra-base.sh <postgres|redis|nats> <image tag>     (npm run images calls it)
#
# The S3 server is an npm package, so it is built on the Node bases instead (deploy/images/s3.Dockerfile).
# Needs: a Docker engine, mmdebstrap (apt-get install mmdebstrap). Some 30 s each.
set -euo pipefail

server="${1:?usage: infra-base.sh <postgres|redis|nats> <image tag>}"
tag="${2:?usage: infra-base.sh <postgres|redis|nats> <image tag>}"
here="$(cd "$(dirname "$0")" && pwd)"
path_env='/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'

# What each server adds to the minimal system: packages, files left out, hooks and the image's settings.
excludes=()
hooks=()
changes=()
case "$server" in
  postgres)
    packages=postgresql-15
    pg_bin=/usr/lib/postgresql/15/bin
    excludes=('/usr/lib/x86_64-linux-gnu/libLLVM-*' '/usr/lib/postgresql/15/lib/llvmjit*'
      '/usr/lib/postgresql/15/lib/bitcode/*')
    hooks=(
      # The cluster Debian's maintainer scripts made is not used: the entry point makes one on first start.
      "rm -rf \"\$1/var/lib/postgresql/15\" \"\$1/etc/postgresql/15\""
      "mkdir -p \"\$1/var/lib/postgresql/data\""
      "chroot \"\$1\" chown -R postgres:postgres /var/lib/postgresql"
      "chmod 700 \"\$1/var/lib/postgresql/data\""
      "upload $here/infra/postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh"
      "chmod 755 \"\$1/usr/local/bin/docker-entrypoint.sh\""
    )
    changes=("ENV PATH=$pg_bin:$path_env" 'ENV PGDATA=/var/lib/postgresql/data' 'USER postgres'
      'WORKDIR /var/lib/postgresql' 'EXPOSE 5432' 'VOLUME /var/lib/postgresql/data'
      'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' 'CMD ["postgres"]')
    ;;
  redis)
    packages=redis-server
    hooks=(
      "mkdir -p \"\$1/data\""
      "chroot \"\$1\" chown redis:redis /data"
      "upload $here/infra/redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh"
      "chmod 755 \"\$1/usr/local/bin/docker-entrypoint.sh\""
    )
    changes=("ENV PATH=$path_env" 'USER redis' 'WORKDIR /data' 'EXPOSE 6379' 'VOLUME /data'
      'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' 'CMD ["redis-server"]')
    ;;
  nats)
    packages=nats-server,wget
    hooks=(
      "echo 'nats:x:10003:10003:NATS server:/data:/usr/sbin/nologin' >> \"\$1/etc/passwd\""
      "echo 'nats:x:10003:' >> \"\$1/etc/group\""
      "mkdir -p \"\$1/data\""
      "chown 10003:10003 \"\$1/data\""
    )
    changes=("ENV PATH=$path_env" 'USER 10003:10003' 'WORKDIR /data' 'EXPOSE 4222 8222' 'VOLUME /data'
      'ENTRYPOINT ["nats-server"]' 'CMD ["-js", "-sd", "/data", "-m", "8222"]')
    ;;
  *)
    echo "infra-base.sh: no recipe for $server (postgres, redis or nats)" >&2
    exit 2
    ;;
esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

args=(--variant=minbase "--include=$packages" --aptopt='APT::Install-Recommends "false"'
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*'
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*')
for pattern in "${excludes[@]}"; do args+=("--dpkgopt=path-exclude=$pattern"); done
for hook in "${hooks[@]}"; do args+=("--customize-hook=$hook"); done
args+=(--customize-hook="rm -rf \"\$1/var/lib/apt/lists\"/* \"\$1/var/cache/apt\"/*")

echo "$server: making $tag from Debian's $packages"
mmdebstrap "${args[@]}" bookworm "$work/root.tar"
import=(docker import)
for change in "${changes[@]}"; do import+=(--change "$change"); done
# build.mjs labels the image with its recipe's hash, to make it again when the recipe changes.
if [ -n "${RECIPE_LABEL:-}" ]; then import+=(--change "LABEL $RECIPE_LABEL"); fi
"${import[@]}" "$work/root.tar" "$tag" >/dev/null
echo "$server: $tag made"
