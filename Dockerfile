# The broker portal's API and web app in one image (docs/deployment.md "Containers").
#
#   docker build -t honest-broker .
#   docker run -e NODE_ENV=production -e DATABASE_URL=... -e SESSION_SECRET=... -e SMTP_URL=... \
#     -e PUBLIC_URL=... -v broker-data:/data -p 3000:3000 honest-broker
#
# compose.yaml runs it with PostgreSQL, two API processes, a proxy and a mail catcher. No container
# runtime runs in CI: .ci/deploy-checks runs the same install script in a copy of the work tree and
# starts this file's CMD from what it installed, probed with this file's HEALTHCHECK command.

# Node 24 LTS, the production runtime (docs/deployment.md "Node.js")
ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every package, the web app and the server bundle, then the dev packages removed
FROM ${NODE_IMAGE} AS build
# the transparency key (public, 64 hex) and witnesses the web app pins (docs/transparency.md "The key
# and its history"): without TRANSPARENCY_PINNED_KEY the build pins a key of its own, which browsers
# then refuse to match with the server's (docker build --build-arg TRANSPARENCY_PINNED_KEY=...)
ARG TRANSPARENCY_PINNED_KEY
ARG TRANSPARENCY_WITNESSES
WORKDIR /src
COPY . .
# the npm cache survives between builds (BuildKit); nothing of it reaches the image
RUN --mount=type=cache,target=/root/.npm sh scripts/install-production.sh /app

# --- runtime: the pruned node_modules, dist/ and the migrations (scripts/install-production.sh);
# the command-line tools are bundled too: docker exec CONTAINER node dist/scripts/ledger-verify.js
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
# the code stays root's and read-only; the process runs as the image's unprivileged `node` user
# and writes only to DATA_DIR (uploaded files; mount one volume shared by every process)
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-old-space-size=192", "dist/server/main.js"]
