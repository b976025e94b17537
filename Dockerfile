# Production image of the scheduler: `docker build -t scheduler .`, then
#   docker run -p 3000:3000 -v scheduler-data:/data scheduler                    (embedded PGlite in /data)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e SESSION_SECRET=... scheduler
# Migrations and first-run seeding happen inside `node server.mjs` before it listens.

# ---- deps: every dependency, to build with ----
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
# postinstall: patch-package applies patches/ (the postgres.js fixes of docs/decisions/052)
COPY patches ./patches
RUN npm ci

# ---- build: build/ (server bundle) and public/build/ (browser assets) ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN NODE_ENV=production npm run build \
 && test -f build/index.js \
 && test -d public/build

# ---- production-deps: dependencies only, no devDependencies ----
FROM node:20-bookworm-slim AS production-deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
# postinstall: patch-package applies patches/ (the postgres.js fixes of docs/decisions/052)
COPY patches ./patches
RUN npm ci --omit=dev && npm cache clean --force

# ---- final: runs as the image's unprivileged `node` user ----
FROM node:20-bookworm-slim
WORKDIR /app
# No demo accounts in the image (their passwords are public); SEED_DEMO=1 to have them.
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO=0

# The app only writes to DATA_DIR (embedded database and its session secret); the code stays
# root-owned and read-only to the `node` user.
RUN mkdir -p /data && chown node:node /data

COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY migrations ./migrations
COPY server.mjs package.json ./
COPY scripts/load-env.mjs ./scripts/load-env.mjs

# After the chown, so a new volume starts out owned by `node`.
VOLUME ["/data"]
USER node
EXPOSE 3000

# No curl in the slim image: node's own fetch. Start-up migrates and seeds before listening.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]

CMD ["node", "--max-old-space-size=384", "--heap-growing-percent=50", "server.mjs"]
