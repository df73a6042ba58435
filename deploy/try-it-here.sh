#!/usr/bin/env bash
# A county server on this one machine, to try it out and to test it: nginx in front of two gunicorn
# app servers on one PostgreSQL database, run from the files beside this script (the app servers
# with the unit's own command line, nginx with its own locations). Nothing of the system's nginx
# or systemd is touched: everything runs from a temporary folder and stops when this script ends.
#
#   deploy/try-it-here.sh                          serve until Ctrl-C
#   deploy/try-it-here.sh COMMAND [ARGS...]        run COMMAND while it serves, then stop; its status
#   deploy/try-it-here.sh .venv/bin/python bench/multi_server.py
#
# COMMAND finds, in its environment, the settings the app servers run with (DATABASE_URL, ...) and
# WHISTDRIVE_PROXY_URL (nginx), WHISTDRIVE_APP_URLS and WHISTDRIVE_APP_PIDFILES (each app server,
# in the same order, space-separated; a pid file names its gunicorn master, the leader of its
# process group). An app server that stops, killed or crashed, is started again after a second,
# as systemd's Restart=always does.
#
# Installs nginx from Debian's packages when it is missing (as root). Uses TRY_DATABASE_URL
# (default postgres://postgres@127.0.0.1:5432/whistdrive_try), created when missing, never dropped;
# ports TRY_PROXY_PORT (8780) and TRY_APP_PORTS ("8781 8782").
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
PY="$ROOT/.venv/bin/python"
PROXY_PORT=${TRY_PROXY_PORT:-8780}
read -r -a APP_PORTS <<<"${TRY_APP_PORTS:-8781 8782}"
DATABASE_URL=${TRY_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/whistdrive_try}

say() { printf 'try-it-here: %s\n' "$*" >&2; }

# --- nginx --------------------------------------------------------------------------------------
NGINX=$(command -v nginx || true)
[ -n "$NGINX" ] || [ ! -x /usr/sbin/nginx ] || NGINX=/usr/sbin/nginx
if [ -z "$NGINX" ]; then
    if [ "$(id -u)" != 0 ]; then
        say "nginx is not installed: run this once as root, or apt-get install nginx"
        exit 1
    fi
    say "installing nginx from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends nginx >/dev/null ||
        { apt-get update >/dev/null && apt-get install -y --no-install-recommends nginx >/dev/null; }
    NGINX=/usr/sbin/nginx
fi

WORK=$(mktemp -d -t whistdrive-try.XXXXXX)
SUPERVISORS=()
NGINX_PID=""

stop_all() {
    local status=$?
    trap - EXIT INT TERM
    touch "$WORK/stopping"
    [ -z "$NGINX_PID" ] || kill -QUIT "$NGINX_PID" 2>/dev/null || true
    for pid in "${SUPERVISORS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for port in "${APP_PORTS[@]}"; do
        [ ! -s "$WORK/app-$port.pid" ] || kill -TERM "$(cat "$WORK/app-$port.pid")" 2>/dev/null || true
    done
    wait "${SUPERVISORS[@]}" $NGINX_PID 2>/dev/null || true
    rm -rf "$WORK"
    say "stopped"
    exit "$status"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

# --- settings: what /etc/whistdrive/whistdrive.env holds on a real server ----------------------
set -a
DATABASE_URL=$DATABASE_URL
DEBUG=0
HTTPS=0 # no certificate here: plain http on 127.0.0.1
SECRET_KEY=$("$PY" -c 'import secrets; print(secrets.token_urlsafe(50))')
ALLOWED_HOSTS=127.0.0.1
CSRF_TRUSTED_ORIGINS=http://127.0.0.1:$PROXY_PORT
BASE_URL=http://127.0.0.1:$PROXY_PORT
TRUST_X_FORWARDED_PROTO=1
TRUST_X_FORWARDED_FOR=1
WEB_CONCURRENCY=${WEB_CONCURRENCY:-2}
DJANGO_SETTINGS_MODULE=whistdrive.settings
set +a

# --- the database: made when missing, migrated once before any app server starts ---------------
cd "$ROOT"
"$PY" - <<'EOF'
import os

import psycopg

url = os.environ["DATABASE_URL"]
server, name = url.rsplit("/", 1)
with psycopg.connect(server + "/postgres", autocommit=True) as conn:
    if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
        conn.execute(f'CREATE DATABASE "{name}"')
EOF
say "migrating $DATABASE_URL"
"$PY" manage.py migrate --noinput -v0
"$PY" manage.py collectstatic --noinput -v0
STATIC_ROOT=$("$PY" -c 'import django; django.setup(); from django.conf import settings; print(settings.STATIC_ROOT)')

# --- the app servers: the unit's command line, its port for %i ---------------------------------
UNIT="$HERE/systemd/whistdrive@.service"
EXEC=$(sed -n 's/^ExecStart=//p' "$UNIT")
EXEC=${EXEC//\/srv\/whistdrive/$ROOT}

supervise() {
    # What the unit's Restart=always and RestartSec=1 do: start it again a second after it stops.
    local port=$1 child=""
    # Stopping: gunicorn's graceful stop, as systemd's would be.
    trap '[ -z "$child" ] || kill -TERM "$child" 2>/dev/null; wait "$child"; exit 0' TERM
    while [ ! -e "$WORK/stopping" ]; do
        # setsid: the master leads its own process group, so its workers die with it on a kill.
        # shellcheck disable=SC2086 # the unit's command line, split into words as systemd does
        setsid ${EXEC//%i/$port} --pid "$WORK/app-$port.pid" >>"$WORK/app-$port.log" 2>&1 &
        child=$!
        wait "$child" || true
        [ -e "$WORK/stopping" ] || { say "app server on port $port stopped: starting it again"; sleep 1; }
    done
}
for port in "${APP_PORTS[@]}"; do
    supervise "$port" &
    SUPERVISORS+=($!)
done

# --- nginx: the site's upstream and locations, in a configuration of its own --------------------
mkdir -p "$WORK/nginx"
UPSTREAM=""
for port in "${APP_PORTS[@]}"; do
    # The server lines' options as the site gives them, the ports ours.
    options=$(sed -n 's/^ *server 127\.0\.0\.1:[0-9]* *\(.*\);/\1/p' "$HERE/nginx/whistdrive.conf" | head -1)
    UPSTREAM+="        server 127.0.0.1:$port $options;"$'\n'
done
sed "s#/srv/whistdrive/staticfiles/#$STATIC_ROOT/#" "$HERE/nginx/whistdrive-locations.conf" >"$WORK/nginx/locations.conf"
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    # Which app server answered: for the bench's count of how the requests were shared.
    add_header X-Whistdrive-Upstream \$upstream_addr always;
    upstream whistdrive {
$UPSTREAM    }
    server {
        listen 127.0.0.1:$PROXY_PORT;
        server_name 127.0.0.1;
        include $WORK/nginx/locations.conf;
    }
}
EOF
"$NGINX" -q -t -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx"
"$NGINX" -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" -g 'daemon off;' &
NGINX_PID=$!

# --- wait until each answers -----------------------------------------------------------------------
APP_URLS=()
APP_PIDFILES=()
for port in "${APP_PORTS[@]}"; do
    APP_URLS+=("http://127.0.0.1:$port")
    APP_PIDFILES+=("$WORK/app-$port.pid")
done
for url in "${APP_URLS[@]}" "http://127.0.0.1:$PROXY_PORT"; do
    for _ in $(seq 150); do
        "$PY" -c "import urllib.request as u; u.urlopen('$url/healthz', timeout=2)" 2>/dev/null && break
        sleep 0.2
    done
    "$PY" -c "import urllib.request as u; print('$url/healthz', u.urlopen('$url/healthz', timeout=2).read().decode())" >&2 ||
        { say "$url does not answer; logs in $WORK"; tail -n 20 "$WORK"/app-*.log "$WORK/nginx/error.log" >&2 || true; exit 1; }
done

export WHISTDRIVE_PROXY_URL="http://127.0.0.1:$PROXY_PORT"
export WHISTDRIVE_APP_URLS="${APP_URLS[*]}"
export WHISTDRIVE_APP_PIDFILES="${APP_PIDFILES[*]}"
if [ $# -eq 0 ]; then
    say "serving on $WHISTDRIVE_PROXY_URL (app servers: $WHISTDRIVE_APP_URLS); Ctrl-C stops"
    wait "$NGINX_PID"
else
    "$@"
fi
