#!/bin/sh
# Creates the cluster on the first start (an empty volume): superuser POSTGRES_USER with
# POSTGRES_PASSWORD, database POSTGRES_DB, password logins from any address. Then runs the
# server in the foreground, listening on every address of the container.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "carc-postgres: POSTGRES_PASSWORD is empty; set it in the compose file" >&2
    exit 1
  fi
  # The password goes through a file readable by this user only, never a command line.
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 \
         --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w -s start
    createdb -U "$POSTGRES_USER" "$POSTGRES_DB"
    pg_ctl -D "$PGDATA" -m fast -w -s stop
  fi
  echo "carc-postgres: created the cluster with database $POSTGRES_DB"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
