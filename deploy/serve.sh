#!/bin/sh
# One GeoPlunge app server: bring the database to the newest migration (once the app has its
# store, store/migrate.py), then `streamlit run` the app on PORT at ADDRESS.
#
#   deploy/serve.sh [PORT [ADDRESS]]     default 8501 on 127.0.0.1
#
# Used by deploy/run-local.sh, the container image (deploy/Dockerfile) and the systemd unit
# (deploy/systemd/geoplunge@.service). The migration is safe when several servers start at once
# (it holds a lock in the database). Environment: GEOPLUNGE_DATABASE_URL (the shared database),
# STREAMLIT_SERVER_COOKIE_SECRET (the same on every server), GEOPLUNGE_PYTHON (default
# python3), GEOPLUNGE_APP (default streamlit_app.py).
set -eu
cd "$(dirname "$0")/.."
PYTHON="${GEOPLUNGE_PYTHON:-python3}"
if [ -f store/migrate.py ]; then
  "$PYTHON" -m store.migrate upgrade
fi
exec "$PYTHON" -m streamlit run "${GEOPLUNGE_APP:-streamlit_app.py}" \
  --server.port "${1:-8501}" --server.address "${2:-127.0.0.1}" --server.headless true \
  --server.fileWatcherType none --browser.gatherUsageStats false
