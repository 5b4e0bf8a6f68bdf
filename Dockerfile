# Production image: assets built once, production dependencies only, Bun runtime, non-root, data on volumes.

# 1. Dependencies and assets (npm ci brings Bun as a devDependency for the build).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json bunfig.toml ./
COPY src ./src
COPY scripts ./scripts
COPY public ./public
RUN node_modules/.bin/bun scripts/build.ts

# 2. Production dependencies only.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 3. Runtime.
FROM oven/bun:1.4.5-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/app/db/app.sqlite \
    OUTBOX_DIR=/app/db/outbox \
    UPLOADS_DIR=/app/uploads \
    MIGRATIONS_DIR=/app/migrations
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY src ./src
# `docker exec <container> bun scripts/admin-user.ts <name>` adds an admin or resets a password.
COPY scripts/admin-user.ts ./scripts/
# Migrations live outside the db/ volume, so a new image's migrations are not hidden by an old volume.
COPY db/migrations ./migrations
COPY --from=build /app/public ./public
RUN mkdir -p db uploads && chown -R bun:bun db uploads
USER bun
VOLUME ["/app/db", "/app/uploads"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["bun", "src/server.ts"]
