#!/bin/sh
# Makes sure the Debian/Ubuntu packages named as arguments are installed.
# Installs the missing ones with apt-get when running as root, with sudo when that works without a
# password prompt, or else prints the exact command to run and fails.
set -eu
missing=""
for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $pkg"
    fi
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "limelight: missing packages:$missing (this setup expects Debian or Ubuntu with apt-get)" >&2
    exit 1
fi
if [ "$(id -u)" = "0" ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo"
else
    echo "limelight: missing packages:$missing" >&2
    echo "install them with:  sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "limelight: installing$missing" >&2
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends$missing >/dev/null
