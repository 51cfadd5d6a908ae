#!/usr/bin/env bash
# The browser tests use Debian's Chromium headless shell, the benches and Lighthouse its full
# Chromium; the Hindi pages need a Devanagari font; the print test renders the result's PDF to
# pixels with poppler's pdftoppm.
# Installs what is missing, from Debian's packages only (never a browser build of its own).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
# Not `fc-list | grep -q`: grep stops at the first match, fc-list then dies of SIGPIPE, and with
# pipefail the font always looked missing.
[ -n "$(fc-list :lang=hi 2>/dev/null)" ] || missing+=(fonts-noto-core)
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing ${missing[*]} and apt-get is not available: install Debian's ${missing[*]}." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "Installing ${missing[*]} (needed by the browser tests)…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
