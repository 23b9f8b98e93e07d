#!/usr/bin/env bash
# Starts a throw-away Mosquitto with the dynamic-security plugin for the external-broker tests.
#   tests/mosquitto/start.sh          # then: eval "$(tests/mosquitto/start.sh --env)" prints the env
# Env (all optional): MOSQ_DIR (state dir, default ${TMPDIR:-/tmp}/ems-mosquitto-test),
#   MOSQ_TCP_PORT (18830), MOSQ_WS_PORT (18831), MQTT_ADMIN_USER (ems-admin),
#   MQTT_ADMIN_PASSWORD (ems-admin-secret), MOSQ_DYNSEC_PLUGIN (path of mosquitto_dynamic_security.so).
# Every start begins from a fresh dynamic-security.json holding only the admin client.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="${MOSQ_DIR:-${TMPDIR:-/tmp}/ems-mosquitto-test}"
tcp="${MOSQ_TCP_PORT:-18830}"
ws="${MOSQ_WS_PORT:-18831}"
admin="${MQTT_ADMIN_USER:-ems-admin}"
adminpw="${MQTT_ADMIN_PASSWORD:-ems-admin-secret}"

if [[ "${1:-}" == "--env" ]]; then
  printf 'export MQTT_URL=mqtt://127.0.0.1:%s\nexport MQTT_PUBLIC_WS_URL=ws://127.0.0.1:%s\nexport MQTT_ADMIN_USER=%s\nexport MQTT_ADMIN_PASSWORD=%s\n' \
    "$tcp" "$ws" "$admin" "$adminpw"
  exit 0
fi

command -v mosquitto >/dev/null || { echo "start.sh: mosquitto not found (apt-get install mosquitto mosquitto-clients)" >&2; exit 1; }
command -v mosquitto_ctrl >/dev/null || { echo "start.sh: mosquitto_ctrl not found (apt-get install mosquitto-clients)" >&2; exit 1; }

plugin="${MOSQ_DYNSEC_PLUGIN:-}"
if [[ -z "$plugin" ]]; then
  for p in /usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so /usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so \
           /usr/lib/mosquitto_dynamic_security.so /usr/local/lib/mosquitto_dynamic_security.so; do
    [[ -f "$p" ]] && { plugin="$p"; break; }
  done
fi
[[ -n "$plugin" && -f "$plugin" ]] || { echo "start.sh: mosquitto_dynamic_security.so not found; set MOSQ_DYNSEC_PLUGIN" >&2; exit 1; }

# a previous instance of ours (same state dir) is stopped first
"$here/stop.sh" >/dev/null 2>&1 || true

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for p in "$tcp" "$ws"; do
  if port_open "$p"; then echo "start.sh: port $p is already in use" >&2; exit 1; fi
done

mkdir -p "$dir"
rm -f "$dir/dynamic-security.json" "$dir/mosquitto.log" "$dir/mosquitto.pid"
mosquitto_ctrl dynsec init "$dir/dynamic-security.json" "$admin" "$adminpw" >/dev/null
sed -e "s|@DIR@|$dir|g" -e "s|@USER@|$(id -un)|g" -e "s|@TCP_PORT@|$tcp|g" -e "s|@WS_PORT@|$ws|g" -e "s|@PLUGIN@|$plugin|g" \
  "$here/mosquitto.conf" >"$dir/mosquitto.conf"

mosquitto -c "$dir/mosquitto.conf" -d

for _ in $(seq 1 100); do
  if port_open "$tcp" && port_open "$ws"; then
    echo "mosquitto (dynsec) up: mqtt://127.0.0.1:$tcp ws://127.0.0.1:$ws, pid $(cat "$dir/mosquitto.pid" 2>/dev/null), log $dir/mosquitto.log"
    exit 0
  fi
  sleep 0.1
done
echo "start.sh: mosquitto did not open its ports; log:" >&2
cat "$dir/mosquitto.log" >&2 2>/dev/null || true
exit 1
