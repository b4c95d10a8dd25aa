#!/bin/sh
# The entry point of the Redis image made by deploy/images/infra-base.sh, after the official image's:
# `redis-server --option value …` (or options alone) runs the server with its data in /data, listening
# for every address; protected mode is off, as in the official image, so a password (--requirepass) is
# what guards it. Any other command runs as it is (`redis-cli …`).
set -eu
if [ "${1:-}" = redis-server ]; then shift; fi
case "${1:-}" in
  '' | -*) exec redis-server --dir /data --protected-mode no "$@" ;;
  *) exec "$@" ;;
esac
