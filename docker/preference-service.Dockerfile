# syntax=docker/dockerfile:1
# Image of the preference service. Build from the repository root:
#   docker build -f docker/preference-service.Dockerfile -t herald/preference-service:dev .
# Stages: `build` bundles the app with esbuild (dev dependencies live only there), `deps` installs
# production dependencies, and the final stage holds node_modules + the bundle and nothing else.
FROM node:20.19-bookworm-slim AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

FROM base AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.base.json ./
COPY scripts/build.mjs scripts/
COPY libs libs
COPY apps/preference-service apps/preference-service
RUN node scripts/build.mjs preference-service

FROM base AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM base
ENV NODE_ENV=production PORT=50052 METRICS_PORT=9102
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /src/dist/apps/preference-service/ ./
COPY docker/healthcheck/grpc-health.cjs ./healthcheck/
# The image's `node` user, numeric so that Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 50052 9102
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 CMD ["node", "healthcheck/grpc-health.cjs"]
# Exec form: node is PID 1 and receives SIGTERM itself (the app drains and exits within 20 s).
CMD ["node", "--enable-source-maps", "main.js"]
