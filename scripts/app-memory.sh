#!/usr/bin/env bash
# Measures the app's memory at its home screen: the app and its WebKit processes, private
# (USS) and proportional (PSS) sizes, from /proc/PID/smaps_rollup. Runs the release build
# under its own Xvfb with an empty profile directory. Extra environment is passed on, e.g.
#   WEBKIT_DISABLE_COMPOSITING_MODE=1 scripts/app-memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
app=./target/release/carcassonne-app
[ -x "$app" ] || { echo "build the app first: cargo build --release -p carcassonne-app" >&2; exit 1; }

display=:$((90 + RANDOM % 9))
home=$(mktemp -d)
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
cleanup() { kill "$app_pid" "$xvfb" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$home"; }
trap cleanup EXIT
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done

HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config XDG_CACHE_HOME=$home/cache \
  DISPLAY=$display "$app" >/dev/null 2>&1 &
app_pid=$!

tree() { # the app and every process below it
  local p=$1; echo "$p"
  for c in $(cat /proc/"$p"/task/*/children 2>/dev/null); do tree "$c"; done
}
kb() { awk -v k="$1:" '$1 == k { print $2 }' /proc/"$2"/smaps_rollup 2>/dev/null || echo 0; }
uss() { echo $(( $(kb Private_Clean "$1") + $(kb Private_Dirty "$1") )); }

# The memory settles once the page has been drawn: wait until the total PSS has not moved by
# more than 1 MB over three readings a second apart (at most 30 s).
last=0; steady=0
for _ in $(seq 30); do
  sleep 1
  total=0; for p in $(tree "$app_pid"); do total=$((total + $(kb Pss "$p"))); done
  if [ $(( total > last ? total - last : last - total )) -lt 1024 ] && [ "$(tree "$app_pid" | wc -l)" -ge 3 ]; then
    steady=$((steady + 1)); [ $steady -ge 3 ] && break
  else steady=0; fi
  last=$total
done

printf '%-28s %8s %8s\n' process "PSS MB" "USS MB"
tp=0; tu=0
for p in $(tree "$app_pid"); do
  name=$(tr -d '\0' < /proc/"$p"/comm)
  ps_=$(kb Pss "$p"); us=$(uss "$p")
  tp=$((tp + ps_)); tu=$((tu + us))
  printf '%-28s %8d %8d\n' "$name" $((ps_ / 1024)) $((us / 1024))
done
printf '%-28s %8d %8d\n' total $((tp / 1024)) $((tu / 1024))
