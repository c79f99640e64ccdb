#!/usr/bin/env bash
# README command 1 (after `pnpm install`): build what the `tandem` CLI needs, saying what it is doing (the
# build log is shown only when the build fails), then run `tandem demo` — offline, no key. Progress is
# plain lines on stderr, so it reads the same on a terminal and in a CI log.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 TURBO_NO_UPDATE_NOTIFIER=1 DO_NOT_TRACK=1
say() { printf '%s\n' "$*" >&2; }
log="$(mktemp)"
ticker=''
cleanup() {
  [ -n "$ticker" ] && kill "$ticker" 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT

if [ -f apps/cli/dist/bin.js ]; then
  say "Building the tandem CLI (up to date in a few seconds; changed packages are rebuilt)…"
else
  say "Building the tandem CLI and the packages it uses (about 1–3 min the first time, longer on a busy machine)…"
fi
started=$SECONDS
# A line every 30 s while the build runs, so a slow machine is not mistaken for a stuck one.
( while sleep 30; do say "  still building… $((SECONDS - started)) s so far"; done ) &
ticker=$!
if ! node_modules/.bin/turbo run build --filter=@tandem/cli... --output-logs=errors-only >"$log" 2>&1; then
  cat "$log" >&2
  say "The build failed (above); tandem demo did not run."
  exit 1
fi
kill "$ticker" 2>/dev/null || true
ticker=''
say "Built in $((SECONDS - started)) s. Running the offline demo (tandem demo; from this folder, npx tandem runs the CLI)…"
say ""
rm -f "$log"
exec node apps/cli/dist/bin.js demo
