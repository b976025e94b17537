#!/usr/bin/env bash
# Makes sure the pgbouncer binary exists for the integration test of the migration lock through a
# transaction-mode pooler (tests/support/pgbouncer.ts starts its own instance). Installs Debian's
# pgbouncer when missing (root only); otherwise fails with a clear message.
set -euo pipefail

command -v pgbouncer >/dev/null 2>&1 && exit 0
[ -x /usr/sbin/pgbouncer ] && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "pgbouncer is missing and installing it needs root: apt-get install -y pgbouncer" >&2
  exit 1
fi
echo "Installing PgBouncer (apt-get install -y pgbouncer)..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
# The package may start a system instance on 6432; the tests run their own.
command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ] || { echo "Could not install pgbouncer." >&2; exit 1; }
