#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers at 127.0.0.1:5432 for the integration tests.
# Where none runs: installs Debian's postgresql, trusts local TCP connections, starts it.
set -euo pipefail

ready() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
command -v pg_isready >/dev/null 2>&1 && ready && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "PostgreSQL is not running at 127.0.0.1:5432 and installing it needs root." >&2
  echo "Start one (trust auth for user postgres) or set TEST_DATABASE_ADMIN_URL." >&2
  exit 1
fi

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "Installing PostgreSQL (apt-get install -y postgresql)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
hba="/etc/postgresql/$version/main/pg_hba.conf"
if ! grep -q "scheduler-tests" "$hba"; then
  # Test machine only: trust TCP connections from this machine (as CI's server does).
  sed -i '1i host all all 127.0.0.1/32 trust # scheduler-tests\nhost all all ::1/128 trust # scheduler-tests' "$hba"
fi
pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || pg_ctlcluster "$version" main reload || true

for _ in $(seq 1 60); do
  ready && exit 0
  sleep 0.5
done
echo "PostgreSQL did not start at 127.0.0.1:5432." >&2
exit 1
