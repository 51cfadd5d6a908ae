#!/usr/bin/env bash
# Browser tests and Lighthouse use Debian's Chromium; install it when it is missing.
# Never downloads a browser build of its own (only the apt package).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing at /usr/bin/chromium and apt-get is not available: install Debian's chromium package." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "Installing Debian's chromium (needed by the browser tests)…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-core >/dev/null
/usr/bin/chromium --version 2>/dev/null | grep -v unexpected || true
