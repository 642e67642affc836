#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (no browser download: this network reaches only
# package registries). Use CHROMIUM_PATH, else /usr/bin/chromium; install it when we can.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable browser." >&2
  exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium for the browser tests (apt-get install chromium)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
cat >&2 <<'MSG'
The browser tests need Chromium, and it is not installed.
  Debian/Ubuntu:  sudo apt-get install -y chromium
  Elsewhere:      install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chrome
MSG
exit 1
