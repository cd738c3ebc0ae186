#!/usr/bin/env bash
# Makes sure the programs the tests and the benchmark run are here: Chromium's headless shell
# (end-to-end tests, benchmark; decision 181), redis-server (the multi-process test) and the Noto
# fonts (line sheets, decision 183). Missing ones are installed with apt-get
# when we are root on Debian or Ubuntu, as .ci/run does; otherwise this stops at once with one
# line saying what to install. Usage: scripts/require-tools.sh chromium [redis-server] [fonts]
set -uo pipefail

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
for tool in "$@"; do
  case "$tool" in
    chromium)
      if [ ! -x "$chromium_path" ]; then
        if [ -n "${CHROMIUM_PATH:-}" ]; then
          echo "✘ CHROMIUM_PATH=${CHROMIUM_PATH} is not an executable browser: point it at Chromium, or unset it to use /usr/bin/chromium-headless-shell." >&2
          exit 1
        fi
        missing+=(chromium-headless-shell)
      fi
      ;;
    redis-server) command -v redis-server >/dev/null 2>&1 || missing+=(redis-server) ;;
    fonts)
      # The line sheets' PDFs print names of every script in Noto (docs/decisions/183).
      [ -f /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf ] || missing+=(fonts-noto-core)
      [ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || missing+=(fonts-noto-cjk)
      ;;
    *)
      echo "✘ require-tools.sh: unknown tool ${tool}" >&2
      exit 2
      ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "━━ installing ${missing[*]} (apt-get)"
  if apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    exit 0
  fi
  echo "✘ apt-get could not install ${missing[*]}: install them by hand, then run this again." >&2
  exit 1
fi
hint=""
[[ " ${missing[*]} " == *" chromium-headless-shell "* ]] && hint=" (or set CHROMIUM_PATH to a Chromium binary)"
echo "✘ Missing ${missing[*]}: install with 'sudo apt-get install ${missing[*]}' on Debian/Ubuntu${hint}, then run this again." >&2
exit 1
