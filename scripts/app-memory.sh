#!/usr/bin/env bash
# The app's memory (PSS and USS of the app, WebKitWebProcess and WebKitNetworkProcess, from
# /proc/PID/smaps_rollup) at the home screen, mid-game (35 tiles of a quick game against a bot)
# and the end screen, and its start-up time to a painted first screen; RUNS runs (default 1).
# Drives the real app under Xvfb through tauri-driver, as the app test does (scripts/app-memory.mjs).
#   scripts/app-memory.sh 3
#   APP_BIN=target/release-tests/carcassonne-app WEBKIT_DISABLE_COMPOSITING_MODE=1 scripts/app-memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export APP_BIN=${APP_BIN:-./target/release/carcassonne-app}
export TAURI_DRIVER=${TAURI_DRIVER:-$HOME/.cargo/bin/tauri-driver}
[ -x "$APP_BIN" ] || { echo "build the app first: cargo build --release -p carcassonne-app" >&2; exit 1; }
[ -d ui/node_modules ] || { echo "install the UI's packages first: cd ui && npm ci" >&2; exit 1; }
exec node scripts/app-memory.mjs "${1:-1}"
