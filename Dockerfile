# syntax=docker/dockerfile:1
# The storefront as one container: the production server with the embedded reference API on
# PGlite, its database in the /app/data volume (seeded on the first start).
#   docker build -t podarki-storefront .
#   docker run -p 3000:3000 -v podarki-data:/app/data podarki-storefront
# Set API_URL for an external backend, or DATABASE_URL for PostgreSQL instead of PGlite.
ARG NODE_IMAGE=node:24-bookworm-slim

# Production dependencies only.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# The build needs the dev dependencies (React Router, Vite, esbuild, terser, zopfli).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    LOG_LEVEL=info \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/build ./build
# The server applies the drizzle migrations at start and looks for them here (api/db/client.ts).
COPY api/db/migrations ./api/db/migrations
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness only: /readyz would report a slow backend as an unhealthy container.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM lets requests in flight finish (SHUTDOWN_TIMEOUT, 10 s) before the database closes.
STOPSIGNAL SIGTERM
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=4", "--heap-growing-percent=100", "build/server.mjs"]
