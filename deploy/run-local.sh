#!/usr/bin/env bash
# GeoPlunge for a school on one machine: N `streamlit run` servers on loopback ports behind
# nginx (sticky, WebSocket-aware), every server given the same database URL and cookie secret.
#
#   deploy/run-local.sh [run]    start everything, stay in the foreground, restart a server
#                                that dies; Ctrl-C stops it all
#   deploy/run-local.sh start    start everything in the background and return
#   deploy/run-local.sh stop     stop what `start` (or `run`) started
#   deploy/run-local.sh status   each server's /_stcore/health, and nginx's
#
# Options (each also read from the environment variable in brackets):
#   --servers N        app servers [GEOPLUNGE_SERVERS]; default: one per core
#   --port P           nginx's port on 127.0.0.1, 0 for a free one [GEOPLUNGE_PORT]; default 8080
#   --listen ADDR      nginx's address instead, e.g. 0.0.0.0:8080 to serve the school's network
#   --app FILE         the Streamlit script [GEOPLUNGE_APP]; default streamlit_app.py
#   --run-dir DIR      configuration, pid files and logs [GEOPLUNGE_RUN_DIR];
#                      default ${XDG_RUNTIME_DIR:-/tmp}/geoplunge-$(id -u)
#   --database-url URL the shared database of every server [GEOPLUNGE_DATABASE_URL]
#
# Nothing here needs root: nginx runs with a generated configuration in the run directory (the
# system's nginx and its configuration are not touched). The cookie secret is drawn once per
# run directory (secrets/cookie_secret) unless STREAMLIT_SERVER_COOKIE_SECRET is set; every
# server gets the same one, as it must. Each server is deploy/serve.sh, which runs the app's
# migrations (once it has them) before `streamlit run`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
COMMAND=run
case "${1:-}" in
  run | start | stop | status) COMMAND="$1"; shift ;;
esac

SERVERS="${GEOPLUNGE_SERVERS:-}"
PORT="${GEOPLUNGE_PORT:-8080}"
LISTEN=""
APP="${GEOPLUNGE_APP:-streamlit_app.py}"
RUN_DIR="${GEOPLUNGE_RUN_DIR:-${XDG_RUNTIME_DIR:-/tmp}/geoplunge-$(id -u)}"
DATABASE_URL="${GEOPLUNGE_DATABASE_URL:-}"

die() { echo "run-local.sh: $*" >&2; exit 1; }
need_value() { [[ $# -ge 2 && -n "$2" ]] || die "$1 needs a value"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --servers) need_value "$@"; SERVERS="$2"; shift 2 ;;
    --port) need_value "$@"; PORT="$2"; shift 2 ;;
    --listen) need_value "$@"; LISTEN="$2"; shift 2 ;;
    --app) need_value "$@"; APP="$2"; shift 2 ;;
    --run-dir) need_value "$@"; RUN_DIR="$2"; shift 2 ;;
    --database-url) need_value "$@"; DATABASE_URL="$2"; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (see --help)" ;;
  esac
done

if [[ -n "${GEOPLUNGE_PYTHON:-}" ]]; then
  PYTHON="$GEOPLUNGE_PYTHON"
elif [[ -x "$ROOT/.venv/bin/python" ]]; then
  PYTHON="$ROOT/.venv/bin/python"
else
  PYTHON="$(command -v python3)" || die "no python3 found (set GEOPLUNGE_PYTHON)"
fi
NGINX="${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
SERVER_DIR="$RUN_DIR/servers"
LOG_DIR="$RUN_DIR/logs"

pid_alive() { [[ -n "$1" ]] && kill -0 "$1" 2>/dev/null; }
read_pid() { [[ -f "$1" ]] && cat "$1" || true; }

stop_pid() {  # stop_pid PID NAME: TERM, then KILL after 10 s
  local pid="$1" name="$2" i
  pid_alive "$pid" || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 100); do
    pid_alive "$pid" || return 0
    sleep 0.1
  done
  echo "run-local.sh: $name (pid $pid) ignored TERM; killing it" >&2
  kill -KILL "$pid" 2>/dev/null || true
}

stop_all() {
  stop_pid "$(read_pid "$RUN_DIR/nginx.pid")" nginx
  rm -f "$RUN_DIR/nginx.pid"
  local file
  for file in "$SERVER_DIR"/*.pid; do
    [[ -e "$file" ]] || continue
    stop_pid "$(cat "$file")" "server $(basename "$file" .pid)"
    rm -f "$file"
  done
}

health() {  # health URL: 0 when /_stcore/health answers "ok"
  "$PYTHON" - "$1" <<'EOF'
import sys, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1] + "/_stcore/health", timeout=2) as r:
        sys.exit(0 if r.status == 200 else 1)
except OSError:
    sys.exit(1)
EOF
}

status() {
  local file index port code=0
  [[ -f "$RUN_DIR/ports" ]] || { echo "not running (no $RUN_DIR/ports)"; return 1; }
  while read -r index port; do
    if health "http://127.0.0.1:$port"; then
      echo "server $index  127.0.0.1:$port  healthy (pid $(read_pid "$SERVER_DIR/$index.pid"))"
    else
      echo "server $index  127.0.0.1:$port  DOWN"; code=1
    fi
  done < "$RUN_DIR/ports"
  if pid_alive "$(read_pid "$RUN_DIR/nginx.pid")" && health "$(cat "$RUN_DIR/url")"; then
    echo "nginx     $(cat "$RUN_DIR/url")  healthy (pid $(cat "$RUN_DIR/nginx.pid"))"
  else
    echo "nginx     DOWN"; code=1
  fi
  return "$code"
}

case "$COMMAND" in
  stop) stop_all; echo "stopped"; exit 0 ;;
  status) status; exit $? ;;
esac

# --- start -------------------------------------------------------------------------------

[[ -x "$NGINX" ]] || die "nginx is not installed (apt-get install -y nginx)"
[[ -f "$ROOT/$APP" || -f "$APP" ]] || die "no such app script: $APP"
SERVERS="${SERVERS:-$(nproc 2>/dev/null || echo 2)}"
[[ "$SERVERS" =~ ^[1-9][0-9]*$ ]] || die "--servers must be a positive whole number"
[[ "$PORT" =~ ^[0-9]+$ ]] || die "--port must be a number"
if pid_alive "$(read_pid "$RUN_DIR/nginx.pid")"; then
  die "already running from $RUN_DIR (deploy/run-local.sh stop --run-dir $RUN_DIR)"
fi

free_ports() {  # free_ports N: N distinct free loopback ports, below the ephemeral range
  "$PYTHON" "$ROOT/deploy/ports.py" "$1"
}

mkdir -p "$SERVER_DIR" "$LOG_DIR" "$RUN_DIR/nginx/temp" "$RUN_DIR/secrets"
chmod 700 "$RUN_DIR/secrets"
if [[ -z "$LISTEN" ]]; then
  [[ "$PORT" == 0 ]] && PORT="$(free_ports 1)"
  LISTEN="127.0.0.1:$PORT"
fi
URL="http://${LISTEN/0.0.0.0/127.0.0.1}"
read -r -a PORTS <<< "$(free_ports "$SERVERS")"

if [[ -z "${STREAMLIT_SERVER_COOKIE_SECRET:-}" ]]; then
  if [[ ! -s "$RUN_DIR/secrets/cookie_secret" ]]; then
    (umask 077 && "$PYTHON" -c 'import secrets; print(secrets.token_hex(32))' \
      > "$RUN_DIR/secrets/cookie_secret")
  fi
  STREAMLIT_SERVER_COOKIE_SECRET="$(cat "$RUN_DIR/secrets/cookie_secret")"
fi
export STREAMLIT_SERVER_COOKIE_SECRET
if [[ -n "$DATABASE_URL" ]]; then
  export GEOPLUNGE_DATABASE_URL="$DATABASE_URL"
else
  unset GEOPLUNGE_DATABASE_URL
  echo "run-local.sh: no GEOPLUNGE_DATABASE_URL: every server uses the app's default store" >&2
fi
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"

export GEOPLUNGE_PYTHON="$PYTHON" GEOPLUNGE_APP="$APP"

start_server() {  # start_server INDEX PORT: one app server (deploy/serve.sh) in the background
  local index="$1" port="$2"
  nohup "$ROOT/deploy/serve.sh" "$port" 127.0.0.1 >> "$LOG_DIR/server-$index.log" 2>&1 < /dev/null &
  echo $! > "$SERVER_DIR/$index.pid"
}

wait_healthy() {  # wait_healthy URL NAME PID
  local i
  for i in $(seq 300); do
    health "$1" && return 0
    pid_alive "$3" || break
    sleep 0.3
  done
  stop_all
  die "$2 did not become healthy (see $LOG_DIR)"
}

: > "$RUN_DIR/ports"
UPSTREAMS=""
for index in $(seq "$SERVERS"); do
  port="${PORTS[$((index - 1))]}"
  start_server "$index" "$port"
  echo "$index $port" >> "$RUN_DIR/ports"
  UPSTREAMS+="server 127.0.0.1:$port max_fails=1 fail_timeout=5s; "
done
while read -r index port; do
  wait_healthy "http://127.0.0.1:$port" "server $index" "$(cat "$SERVER_DIR/$index.pid")"
done < "$RUN_DIR/ports"

STATIC_ROOT="$("$PYTHON" -c 'import streamlit.file_util as f; print(f.get_static_dir())')"
MIME_TYPES="/etc/nginx/mime.types"
[[ -f "$MIME_TYPES" ]] || MIME_TYPES="$RUN_DIR/nginx/mime.types"
[[ -f "$MIME_TYPES" ]] || cat > "$MIME_TYPES" <<'EOF'
types { text/html html; text/css css; application/javascript js mjs; application/json json;
        image/png png; image/svg+xml svg; font/woff2 woff2; font/woff woff; font/ttf ttf; }
EOF
GEOPLUNGE_LISTEN="$LISTEN" GEOPLUNGE_UPSTREAM_SERVERS="$UPSTREAMS" \
GEOPLUNGE_STATIC_ROOT="$STATIC_ROOT" GEOPLUNGE_ACCESS_LOG="$LOG_DIR/nginx-access.log" \
GEOPLUNGE_ERROR_LOG="$LOG_DIR/nginx-error.log" \
  envsubst '${GEOPLUNGE_LISTEN} ${GEOPLUNGE_UPSTREAM_SERVERS} ${GEOPLUNGE_STATIC_ROOT} ${GEOPLUNGE_ACCESS_LOG} ${GEOPLUNGE_ERROR_LOG}' \
  < "$ROOT/deploy/nginx/geoplunge.conf.template" > "$RUN_DIR/nginx/geoplunge.conf"
TEMP="$RUN_DIR/nginx/temp"
cat > "$RUN_DIR/nginx/nginx.conf" <<EOF
# Generated by deploy/run-local.sh; the app's part is geoplunge.conf beside this file.
daemon off;
worker_processes 1;
pid $RUN_DIR/nginx.pid;
error_log $LOG_DIR/nginx-error.log warn;
events { worker_connections 1024; }
http {
    include $MIME_TYPES;
    default_type application/octet-stream;
    sendfile on;
    client_body_temp_path $TEMP/client_body;
    proxy_temp_path $TEMP/proxy;
    fastcgi_temp_path $TEMP/fastcgi;
    uwsgi_temp_path $TEMP/uwsgi;
    scgi_temp_path $TEMP/scgi;
    include $RUN_DIR/nginx/geoplunge.conf;
}
EOF
if [[ "$(id -u)" == 0 ]]; then
  # nginx's workers drop root for "nobody", who must be able to write the temp folders.
  sed -i "s|^daemon off;|daemon off;\nuser nobody nogroup;|" "$RUN_DIR/nginx/nginx.conf"
  chmod 711 "$RUN_DIR" "$RUN_DIR/nginx"
  chmod 1777 "$TEMP"
fi
"$NGINX" -t -q -p "$RUN_DIR/nginx" -e "$LOG_DIR/nginx-error.log" -c "$RUN_DIR/nginx/nginx.conf" \
  || { stop_all; die "the generated nginx configuration is invalid ($RUN_DIR/nginx/nginx.conf)"; }
nohup "$NGINX" -p "$RUN_DIR/nginx" -e "$LOG_DIR/nginx-error.log" -c "$RUN_DIR/nginx/nginx.conf" \
  >> "$LOG_DIR/nginx-error.log" 2>&1 < /dev/null &
NGINX_PID=$!
echo "$URL" > "$RUN_DIR/url"
wait_healthy "$URL" nginx "$NGINX_PID"
echo "GeoPlunge: $URL ($SERVERS server(s); run directory $RUN_DIR)"

[[ "$COMMAND" == start ]] && exit 0

# --- run: stay in the foreground, restart a server that died, stop all on Ctrl-C ----------

trap 'echo; stop_all; echo stopped; exit 0' INT TERM
while true; do
  sleep 5 & wait $!  # a trap runs at once, not after the sleep
  pid_alive "$NGINX_PID" || { stop_all; die "nginx stopped (see $LOG_DIR/nginx-error.log)"; }
  while read -r index port; do
    if ! pid_alive "$(read_pid "$SERVER_DIR/$index.pid")"; then
      echo "run-local.sh: server $index (port $port) died; restarting it" >&2
      start_server "$index" "$port"
    fi
  done < "$RUN_DIR/ports"
done
