#!/usr/bin/env bash
# Point-in-time recovery, tried from start to end on a throwaway PostgreSQL cluster, with the same
# pgBackRest settings as pgbackrest.conf and postgresql-archiving.conf (only the paths and the port
# differ). Nothing of the machine's own PostgreSQL is touched.
#
#   deploy/pitr/try-restore.sh
#
# 1. A cluster archiving its WAL to a pgBackRest repository, whistdrive's tables migrated into it,
#    and a full backup.
# 2. After the backup, the organiser makes an event ("Kept"); that moment is noted.
# 3. A mistake after it: "Kept" deleted and another event ("Too late") made.
# 4. The cluster is stopped and restored to the moment noted; it must hold "Kept" and not
#    "Too late", which only the archived WAL (not the backup) can give.
#
# Needs PostgreSQL's server binaries and pgbackrest (apt-get install postgresql pgbackrest) and the
# project's .venv. Run as root, the cluster runs as the postgres user; run as anyone else, as them.
# Port: TRY_PITR_PORT (55433). Exits non-zero, saying why, if any step fails.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$(dirname "$HERE")")
PY="$ROOT/.venv/bin/python"
PORT=${TRY_PITR_PORT:-55433}
STANZA=whistdrive

say() { printf 'try-restore: %s\n' "$*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

command -v pgbackrest >/dev/null || fail "pgbackrest is not installed (apt-get install pgbackrest)"
PGBIN=/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -V | tail -1)/bin
[ -x "$PGBIN/initdb" ] || fail "PostgreSQL's server binaries are not installed"
[ -x "$PY" ] || fail "no .venv: run make setup first"

T=$(mktemp -d /tmp/whistdrive-pitr.XXXXXX)
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$T"
    as_pg() { runuser -u postgres -- "$@"; }
else
    as_pg() { "$@"; }
fi
DATA="$T/data"
CONF="$T/pgbackrest.conf"
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/whistdrive"

stop() { as_pg "$PGBIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null 2>&1 || true; }
cleanup() { stop; rm -rf "$T"; }
trap cleanup EXIT

cat >"$CONF" <<EOF
[global]
repo1-path=$T/repo
repo1-retention-full=2
compress-type=zst
start-fast=y
archive-async=y
spool-path=$T/spool
lock-path=$T/lock
log-path=$T/log
log-level-console=warn

[$STANZA]
pg1-path=$DATA
pg1-port=$PORT
pg1-socket-path=$T
EOF
chmod 644 "$CONF"
as_pg mkdir -p "$T/log"
pgbr() { as_pg pgbackrest --config="$CONF" --stanza="$STANZA" "$@"; }

say "a throwaway cluster on port $PORT, archiving to pgBackRest"
as_pg "$PGBIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
sed "s|pgbackrest --stanza=whistdrive|pgbackrest --config=$CONF --stanza=$STANZA|" \
    "$HERE/postgresql-archiving.conf" | as_pg tee -a "$DATA/postgresql.conf" >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$DATA" -o "-p $PORT -k $T -c listen_addresses=127.0.0.1" \
    -l "$T/server.log" -w start >/dev/null
pgbr stanza-create
as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres whistdrive

say "whistdrive's tables, then a full backup"
"$PY" "$ROOT/manage.py" migrate --noinput -v 0
pgbr --type=full backup

sql() { as_pg "$PGBIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d whistdrive -XAtq -c "$1"; }
events() { sql "select string_agg(name, ',' order by name) from tournaments_event"; }

say "an event made after the backup, the moment noted, then a mistake"
"$PY" "$ROOT/manage.py" create_event --club "Try Club" --name "Kept" --tables 3 >/dev/null
sleep 1
MOMENT=$(sql "select now()")
sleep 1
"$PY" "$ROOT/manage.py" shell -v 0 -c \
    "from tournaments.models import Event; Event.objects.filter(name='Kept').delete()"
"$PY" "$ROOT/manage.py" create_event --club "Try Club" --name "Too late" --tables 3 >/dev/null
[ "$(events)" = "Too late" ] || fail "before the restore the events were: $(events)"
# Close the WAL segment holding the mistake and wait until it is archived: recovery must see a
# commit after the moment to know where to stop.
pgbr check

say "stopped and restored to $MOMENT"
stop
pgbr --delta --type=time "--target=$MOMENT" --target-action=promote restore
as_pg "$PGBIN/pg_ctl" -D "$DATA" -o "-p $PORT -k $T -c listen_addresses=127.0.0.1" \
    -l "$T/server.log" -w -t 120 start >/dev/null
for _ in $(seq 1 60); do
    [ "$(sql 'select pg_is_in_recovery()')" = f ] && break
    sleep 1
done
[ "$(sql 'select pg_is_in_recovery()')" = f ] || fail "the restored cluster is still recovering"

found=$(events)
[ "$found" = "Kept" ] || fail "after the restore the events are '$found', not 'Kept'"
pairs=$(sql "select count(*) from tournaments_pair p join tournaments_event e on e.id = p.event_id where e.name = 'Kept'")
[ "$pairs" -gt 0 ] || fail "the restored event has no pairs"
"$PY" "$ROOT/manage.py" check --database default -v 0 >/dev/null
say "restored: the event made before $MOMENT is back with its $pairs pairs, the mistake after it is not"
