# syntax=docker/dockerfile:1
# The hub in one container: Bun runs the server; ffmpeg/ffprobe make video posters, read videos
# and convert those browsers cannot play (Debian's ffmpeg has libx264: .ci/container-check.ts checks
# it); libheif's heif-convert decodes HEIC photos (neither ffmpeg nor sharp can). The same file
# builds for linux/amd64 and linux/arm64 (many NAS boxes are ARM):
#   docker buildx build --platform linux/amd64,linux/arm64 -t private-hub:latest .
ARG BUN_VERSION=1.4.5

# 1. Production dependencies only, exactly as package-lock.json has them. This stage runs on the
#    builder's own platform (no emulation needed) and installs the native packages of the TARGET
#    platform: npm picks sharp's prebuilt @img/sharp-linux-<cpu> by --os/--cpu. Nothing here runs
#    the installed code, so the tree is right for the target whatever the builder is.
FROM --platform=$BUILDPLATFORM node:20-bookworm-slim AS deps
ARG TARGETARCH
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci runs the "prepare" script; with no sources here it skips the asset build (step 2 builds them).
COPY src/build/prepare.mjs ./src/build/
# npm can print "Exit handler never called!" and exit 0 with half a node_modules (seen behind a
# TLS-intercepting proxy): `npm ls` fails the step when any production dependency is missing, and
# sharp's native package for the target must be there. Type-only packages that runtime
# dependencies drag in (bun-types, @types/node) and npm's cache stay out of the image.
RUN set -eu; \
    case "${TARGETARCH:-}" in \
      amd64) cpu=x64 ;; \
      "") cpu="$(node -p process.arch)" ;; \
      *) cpu="$TARGETARCH" ;; \
    esac; \
    npm ci --omit=dev --no-audit --no-fund --os=linux --cpu="$cpu"; \
    npm ls --omit=dev --all >/dev/null; \
    test -f "node_modules/@img/sharp-linux-$cpu/package.json"; \
    rm -rf node_modules/bun-types node_modules/@types /root/.npm src

# 2. The runtime image.
FROM oven/bun:${BUN_VERSION}-debian AS runtime
ARG VERSION=0.1.0
ARG SOURCE_URL=""
ARG LICENSES=NOASSERTION
LABEL org.opencontainers.image.title="Private Hub" \
      org.opencontainers.image.description="A private, self-hosted media hub for one household." \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="${SOURCE_URL}" \
      org.opencontainers.image.licenses="${LICENSES}"
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0
# Only the runtime libraries: no recommended extras; no documentation, manuals or translations
# (excluded before the install, so they are never written); no package lists or apt caches.
# ffmpeg's libavdevice links libGL, whose Debian package pulls Mesa's drivers and LLVM (160 MB)
# that only an OpenGL output would load: a two-line local package stands in for libglx-mesa0 so
# they stay out (docs/decisions/0024-container.md). Both are architecture-independent.
RUN printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' \
      'path-exclude /usr/share/man/*' 'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' \
      'path-exclude /usr/share/lintian/*' >/etc/dpkg/dpkg.cfg.d/no-docs \
 && mkdir -p /tmp/no-gl/DEBIAN \
 && printf '%s\n' 'Package: hub-no-opengl-driver' 'Version: 1.0' 'Architecture: all' 'Maintainer: Private Hub' \
      'Provides: libglx-mesa0' 'Description: no OpenGL driver: the hub never draws with OpenGL' >/tmp/no-gl/DEBIAN/control \
 && dpkg-deb --build /tmp/no-gl /tmp/no-gl.deb >/dev/null && dpkg -i /tmp/no-gl.deb && rm -rf /tmp/no-gl /tmp/no-gl.deb \
 && apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg libheif-examples ca-certificates \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log \
 && ffmpeg -hide_banner -loglevel error -version >/dev/null && ffprobe -version >/dev/null && command -v heif-convert >/dev/null
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json bunfig.toml ./
COPY src ./src
COPY islands ./islands
COPY migrations ./migrations
COPY static ./static
# Build the stylesheet and island bundles into the image; the server rebuilds them at start-up only
# if the sources differ, so the build folder stays writable by the hub's user.
RUN bun run build \
 && mkdir -p /data \
 && chown -R bun:bun /data /app/static/build
# uid:gid 1000:1000. A data folder of another owner: run as that owner (--user UID:GID); the hub
# stops at start with what to change when it cannot write DATA_DIR.
USER bun
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["bun", "src/healthcheck.ts"]
STOPSIGNAL SIGTERM
CMD ["bun", "src/main.ts"]
