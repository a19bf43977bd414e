#!/bin/sh
# Builds the package in folder $1 with its tests (swift is $2) and fails when the compiler or
# SwiftPM warns: the output is shown as it is, and a warning ends the run with one line.
set -u
folder=$1
swift=${2:-swift}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd "$folder" && "$swift" build --build-tests) >"$log" 2>&1
status=$?
cat "$log"
[ "$status" -eq 0 ] || exit "$status"
if grep -q "warning:" "$log"; then
    echo "limelight: the build of $folder has warnings (above): fix them" >&2
    exit 1
fi
