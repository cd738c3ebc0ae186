#!/usr/bin/env bash
# `npm test`: typecheck, lint and format check, a production build, Vitest (unit + integration
# against the embedded Postgres server and the Auth emulator; the page-action tests use the
# build), and Playwright end-to-end tests in headless Chromium.
# Every step runs; the command exits non-zero if any failed and prints a summary at the end.
# Chromium and redis-server are installed first when missing and we can (root with apt-get);
# otherwise it stops at once, saying what to install.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/require-tools.sh chromium redis-server || exit 1

failed=()
step() {
  local name="$1"
  shift
  echo
  echo "━━ ${name}: $*"
  if ! "$@"; then failed+=("$name"); fi
}

step typecheck npx tsc --noEmit
step lint npx eslint .
step format npx prettier --check .
# The build comes before Vitest: the CSRF test of every page action reads the build's routes.
step build npm run build
step vitest npx vitest run
step playwright npx playwright test

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "✘ npm test failed: ${failed[*]}"
  exit 1
fi
echo "✔ npm test passed: typecheck, lint, format, build, vitest, playwright"
