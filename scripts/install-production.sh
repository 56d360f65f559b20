#!/bin/sh
# The production install: the Dockerfile's build stage runs it, and so does .ci/run (through
# .ci/deploy-checks, in a copy of the work tree: no container runtime runs there).
#
#   sh scripts/install-production.sh [OUT]
#
# In the project root: installs every package (package-lock.json), which builds dist/ (postinstall:
# the web app, and the server and its command-line tools bundled for Node 24, the production
# runtime: scripts/build-server.js), then removes the dev packages. Given OUT, copies there only
# what a running process needs: the Dockerfile's runtime stage is that folder.
set -eu
cd "$(dirname "$0")/.."

export SERVER_TARGET="${SERVER_TARGET:-node24}"
npm ci --no-audit --no-fund --prefer-offline
for built in dist/server/main.js dist/web/index.html dist/scripts/staff.js dist/scripts/ledger-verify.js; do
  test -f "$built" || { echo "install-production: the build made no $built" >&2; exit 1; }
done
npm prune --omit=dev --no-audit --no-fund
node scripts/prune-optional-peers.js

if [ -n "${1:-}" ]; then
  mkdir -p "$1/server/db" "$1/scripts"
  # dist/: the server and tools bundled (node dist/server/main.js, node dist/scripts/staff.js, ...)
  # and the web app; server/db/migrations: the SQL applied at start-up; scripts/run-tool.js: what
  # package.json's `npm run staff`, `ledger:verify`, ... run (the bundles here). No TypeScript, no tsx.
  cp -a package.json package-lock.json node_modules dist "$1/"
  cp -a server/db/migrations "$1/server/db/"
  cp -a scripts/run-tool.js "$1/scripts/"
fi
