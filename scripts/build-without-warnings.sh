#!/bin/sh
# Builds the package in folder $1 with its tests (swift is $2) and fails when the compiler or
# SwiftPM warns: the output is shown as it comes, and a warning ends the run with one line.
set -u
folder=$1
swift=${2:-swift}
log=$(mktemp)
status=$(mktemp)
trap 'rm -f "$log" "$status"' EXIT
{ (cd "$folder" && "$swift" build --build-tests) 2>&1; echo $? >"$status"; } | tee "$log"
code=$(cat "$status")
[ "$code" -eq 0 ] || exit "$code"
if grep -q "warning:" "$log"; then
    echo "limelight: the build of $folder has warnings (above): fix them" >&2
    exit 1
fi
