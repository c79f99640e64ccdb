#!/usr/bin/env bash
# The README's main job: build what the `tandem` CLI needs, quietly (the build log is shown only when the
# build fails), then run `tandem demo` — offline, no key.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 TURBO_NO_UPDATE_NOTIFIER=1 DO_NOT_TRACK=1
log="$(mktemp)"
[ -t 2 ] && printf 'Building the tandem CLI (cached after the first time)…\r' >&2
trap 'rm -f "$log"' EXIT
if ! turbo run build --filter=@tandem/cli... --output-logs=errors-only >"$log" 2>&1; then
  cat "$log" >&2
  echo "The build failed (above); tandem demo did not run." >&2
  exit 1
fi
[ -t 2 ] && printf '\033[2K' >&2 # clear the building line
exec node apps/cli/dist/bin.js demo
