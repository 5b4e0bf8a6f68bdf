#!/bin/sh
# The service's command in the Docker image and the systemd unit: the server alone, or, when LITESTREAM_BUCKET is
# set, the server as a child of `litestream replicate`, which streams every change of the SQLite file to the bucket
# and forwards SIGTERM to the server (its graceful shutdown), then syncs once more and exits with it.
# `npm start` does not use this: it runs the server alone. docs/operations.md, "Replication", has the details.
set -eu
cd "$(dirname "$0")/.."
BUN="${BUN:-bun}"
if [ -z "${LITESTREAM_BUCKET:-}" ]; then
  exec "$BUN" src/server.ts
fi
prepared="$("$BUN" scripts/litestream-prepare.ts)"
binary="$(printf '%s\n' "$prepared" | sed -n 1p)"
config="$(printf '%s\n' "$prepared" | sed -n 2p)"
exec "$binary" replicate -config "$config" -exec "$BUN src/server.ts"
