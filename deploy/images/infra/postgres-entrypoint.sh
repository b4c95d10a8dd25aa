#!/bin/sh
# The entry point of the Postgres image made by deploy/images/infra-base.sh, after the official image's:
# on first start (an empty PGDATA) a cluster whose `postgres` user has POSTGRES_PASSWORD, reachable from
# any address with that password (scram-sha-256); then the server, given the arguments after `postgres`
# (e.g. `postgres -c fsync=off`).
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
export PGDATA
if [ "${1:-}" = postgres ]; then shift; fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo 'postgres: POSTGRES_PASSWORD must be set (the password of the user postgres)' >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U postgres --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  echo "postgres: made a cluster in $PGDATA"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/tmp -c jit=off "$@"
