#!/usr/bin/env bash
# Makes sure Debian's Radicale (the CalDAV server of the calendar tests) is installed at
# /usr/bin/radicale. The tests start their own on a free loopback port (tests/support/radicale.ts).
set -euo pipefail

command -v radicale >/dev/null 2>&1 && exit 0
[ -x /usr/bin/radicale ] && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "Radicale is missing and installing it needs root: apt-get install -y radicale" >&2
  exit 1
fi

echo "Installing Radicale (apt-get install -y radicale)..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq radicale >/dev/null
# The package's own service is not wanted: the tests run their own servers.
command -v radicale >/dev/null 2>&1
