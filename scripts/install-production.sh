#!/bin/sh
# The production install: the Dockerfile's build stage runs it, and so does .ci/run (through
# .ci/deploy-checks, in a copy of the work tree: no container runtime runs there).
#
#   sh scripts/install-production.sh [OUT]
#
# In the project root: installs every package (package-lock.json), which builds dist/ (postinstall:
# the web app and the server bundle), then removes the dev packages. Given OUT, copies there only
# what a running process needs: the Dockerfile's runtime stage is that folder.
set -eu
cd "$(dirname "$0")/.."

npm ci --no-audit --no-fund --prefer-offline
test -f dist/server/main.js
test -f dist/web/index.html
npm prune --omit=dev --no-audit --no-fund
node scripts/prune-optional-peers.js

if [ -n "${1:-}" ]; then
  mkdir -p "$1/server" "$1/scripts"
  # dist/: the bundle and the web app; server/db/migrations: the SQL applied at start-up;
  # the TypeScript sources, tsconfig.json and scripts/ only for `npm run staff` (tsx)
  cp -a package.json package-lock.json tsconfig.json node_modules dist common "$1/"
  cp -a server/. "$1/server/"
  cp -a scripts/staff.ts "$1/scripts/"
fi
