#!/usr/bin/env bash
# `npm test`: typecheck, lint, format check, the import-cycle check and a production build side by
# side; then Vitest (unit + integration against the embedded Postgres server and the Auth
# emulator; the page-action tests use the build), and Playwright end-to-end tests in headless
# Chromium. Every step runs; the command exits non-zero if any failed and prints a summary.
# Chromium, redis-server and the Noto fonts are installed first when missing and we can (root with apt-get);
# otherwise it stops at once, saying what to install.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/require-tools.sh chromium redis-server fonts || exit 1

failed=()
step() {
  local name="$1"
  shift
  echo
  echo "━━ ${name}: $*"
  local began=$SECONDS
  if ! "$@"; then failed+=("$name"); fi
  echo "━━ ${name} took $((SECONDS - began)) s"
}

# The checks and the build read the source and write nothing another reads, so they run at once:
# on two cores the five take about as long as the two slowest. Each one's output is kept apart
# and printed whole, in this order, when all have ended.
together() {
  local dir names=() pids=() began=$SECONDS
  dir=$(mktemp -d)
  while [ $# -gt 0 ]; do
    local name="$1" command="$2"
    shift 2
    names+=("$name")
    bash -c "$command" >"$dir/$name.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!names[@]}"; do
    local name="${names[$i]}"
    wait "${pids[$i]}"
    local status=$?
    echo
    echo "━━ ${name}"
    cat "$dir/$name.log"
    [ "$status" -eq 0 ] || failed+=("$name")
  done
  rm -rf "$dir"
  echo "━━ ${names[*]} took $((SECONDS - began)) s together"
}

# The build comes before Vitest: the CSRF test of every page action reads the build's routes.
together \
  typecheck 'npx tsc --noEmit' \
  lint 'npx eslint .' \
  format 'npx prettier --check .' \
  cycles 'npm run --silent check:cycles' \
  build 'npm run --silent build'
# Vitest's account of its failures is kept, to be repeated at the very end: CI shows the end of
# the output, where Playwright's list would otherwise have pushed it out of sight.
vitest_log=$(mktemp)
trap 'rm -f "$vitest_log"' EXIT
step vitest bash -c 'npx vitest run 2>&1 | tee "$0"' "$vitest_log"
step playwright npx playwright test

echo
if [ ${#failed[@]} -gt 0 ]; then
  if [[ " ${failed[*]} " == *" vitest "* ]]; then
    echo "━━ vitest's failures, again:"
    grep -E '^ *(FAIL|×) ' "$vitest_log" | head -40
    sed -n '/Failed Tests/,$p' "$vitest_log" | head -80
  fi
  echo "✘ npm test failed: ${failed[*]}"
  exit 1
fi
echo "✔ npm test passed: typecheck, lint, format, cycles, build, vitest, playwright"
