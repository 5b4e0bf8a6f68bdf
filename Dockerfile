# Production image: assets built once, production dependencies only, Bun runtime, non-root, data on volumes.
#
#   docker build -t profileboost .
#   docker run -d --name profileboost --restart unless-stopped -p 127.0.0.1:3000:3000 --env-file /etc/profileboost/env \
#     -v profileboost-db:/app/db -v profileboost-uploads:/app/uploads -v /var/backups/profileboost:/app/backups profileboost
#
# "Deployment" in docs/operations.md has the whole recipe (environment, Caddy in front, backups); `.ci/run` builds
# this image and checks /healthz and /readyz whenever Docker is there (scripts/docker-check.ts).

# 1. Dependencies and assets (npm ci brings Bun as a devDependency for the build).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json bunfig.toml ./
COPY src ./src
COPY scripts ./scripts
COPY public ./public
RUN node_modules/.bin/bun scripts/build.ts

# 2. Production dependencies only (sharp's prebuilt libvips and Litestream's binary for this platform included).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 3. Runtime: the same Bun as package.json pins, on the same Debian as the stages above (glibc, for sharp).
FROM oven/bun:1.4.5-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/app/db/app.sqlite \
    OUTBOX_DIR=/app/db/outbox \
    UPLOADS_DIR=/app/uploads \
    MIGRATIONS_DIR=/app/migrations
# glibc's allocator: libvips' decode buffers go back to the system when freed (docs/operations.md, Memory).
ENV MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
# tsconfig.json carries the JSX settings Bun compiles the server's pages with.
COPY package.json tsconfig.json bunfig.toml ./
COPY src ./src
# Operator scripts, run with `docker exec profileboost bun scripts/<name>.ts …`: admin accounts, backups, restores,
# moving photos to a bucket, the restore drill; and serve.sh, the command (the server, beside Litestream when set).
COPY scripts/admin-user.ts scripts/backup.ts scripts/restore.ts scripts/cli.ts scripts/move-photos.ts scripts/restore-drill.ts \
     scripts/litestream-prepare.ts scripts/serve.sh ./scripts/
# Migrations live outside the db/ volume, so a new image's migrations are not hidden by an old volume.
COPY db/migrations ./migrations
COPY --from=build /app/public ./public
# The code stays root's and read-only to the service; only its data folders are its own.
RUN mkdir -p db uploads backups && chown -R bun:bun db uploads backups
USER bun
VOLUME ["/app/db", "/app/uploads"]
EXPOSE 3000
# Liveness only (is the process answering?); /readyz, which also fails while the disk is nearly full, is for the
# proxy and the monitoring, which can route around or alert rather than restart.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) lets requests in flight and the job in hand finish; give it time: docker stop -t 60.
# serve.sh execs the server, or, with LITESTREAM_BUCKET set, Litestream (from npm, in node_modules), which runs the
# server as its child, forwards the signal to it and syncs the replica once more before it exits.
STOPSIGNAL SIGTERM
CMD ["sh", "scripts/serve.sh"]
