# syntax=docker/dockerfile:1
# The hub in one container: Bun runs the server; media tools for thumbnails, posters and HEIC.
ARG BUN_VERSION=1.4.5

# 1. Production dependencies only, installed from package-lock.json exactly as `npm ci` would.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 2. The runtime image.
FROM oven/bun:${BUN_VERSION}-debian AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0
# ffmpeg/ffprobe: video posters and probing; heif-convert: HEIC/HEIF photos (neither ffmpeg nor
# sharp can decode them).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg libheif-examples ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json bunfig.toml ./
COPY src ./src
COPY islands ./islands
COPY migrations ./migrations
COPY static ./static
# Build the stylesheet and island bundles into the image; the server refreshes them at start-up,
# so the build folder stays writable by the hub's user.
RUN bun run build \
 && mkdir -p /data \
 && chown -R bun:bun /data /app/static/build
USER bun
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["bun", "src/healthcheck.ts"]
STOPSIGNAL SIGTERM
CMD ["bun", "src/main.ts"]
