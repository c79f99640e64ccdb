#!/usr/bin/env bash
# Installs the Debian packages the test suites drive for real (a browser, a database server, a terminal
# multiplexer, speech and sound tools) when they are missing. Never downloads a browser build of its own.
# Each entry: the command that proves it is there, then the Debian package that provides it.
set -euo pipefail
need=(
  "chromium:chromium"
  "tmux:tmux"
  "espeak-ng:espeak-ng"
  "sox:sox"
  "pg_ctlcluster:postgresql"
)
missing=()
for entry in "${need[@]}"; do
  command -v "${entry%%:*}" >/dev/null 2>&1 || missing+=("${entry#*:}")
done
if [ -z "$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null)" ]; then missing+=("postgresql"); fi
[ ${#missing[@]} -eq 0 ] && exit 0
# de-duplicate
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
echo "Installing system packages the tests use: ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "Missing system packages (${missing[*]}) and not root: install them with apt-get, then run again." >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
