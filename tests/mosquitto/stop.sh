#!/usr/bin/env bash
# Stops the Mosquitto started by start.sh (by its pid file; nothing else is touched).
set -euo pipefail
dir="${MOSQ_DIR:-${TMPDIR:-/tmp}/ems-mosquitto-test}"
pidfile="$dir/mosquitto.pid"
[[ -f "$pidfile" ]] || { echo "stop.sh: no pid file at $pidfile (not running?)"; exit 0; }
pid="$(cat "$pidfile")"
if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && grep -q mosquitto "/proc/$pid/comm" 2>/dev/null; then
  kill "$pid"
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid" || true
  echo "mosquitto $pid stopped"
else
  echo "stop.sh: pid $pid is not a running mosquitto"
fi
rm -f "$pidfile"
