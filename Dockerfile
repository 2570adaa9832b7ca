# syntax=docker/dockerfile:1
# Parity's image: the API serving the built web app, as the unprivileged `node` user.
# Build: docker build -t parity .   Run: see compose.yaml and docs/operations.md#containers.
# No secret is built in: every setting comes from the environment at run time.
# Node.js 26 (the active LTS since October 2026): package.json's engines lists every version Parity supports.
ARG NODE_VERSION=26

# Every workspace's manifest, so that `npm ci` accepts the lockfile and its layer is reused
# until a dependency changes; .npmrc keeps npm from running any dependency's install script.
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# The build: every dependency (the bundlers are dev dependencies), then the web app and the API
# bundle with the embedded database's template (apps/api/dist).
FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
# The install scripts package.json approves (esbuild's), then the build.
RUN npm run install-scripts && NODE_ENV=production npm run build

# The API's production dependencies only: the bundle keeps every npm package external, and the
# web app's are inside its build. The native ones (argon2) come prebuilt for glibc, no compiler,
# and none of them has an install script to run.
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=@parity/api --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# pg_dump and pg_restore (PostgreSQL 15) for the backup and restore commands.
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# Owned by root and read-only to the app; only data/ and backups/ belong to `node`.
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
# Read at start-up: the migrations to run, and the journal /api/health/ready compares with.
COPY --from=build /app/apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p data backups && chown node:node data backups
USER node
EXPOSE 3000
# Liveness, not readiness: the process listens only once its database is opened and migrated, so
# this turns healthy when the start-up is done, and a database outage (ready answers 503) does not
# get every replica restarted.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
