#!/bin/sh
# Builds the libFuzzer harnesses (fuzz/build.sh) and runs each for FUZZ_SECONDS (default 60) from
# its seed corpus (the tour harness also from assets/tours): SVG path data, image files, tours, the
# accessibility bridge's answers to calls, and test runs' records (results manifests, shards'
# blobs). Exits 1 when a harness finds a crash, an input slower than FUZZ_TIMEOUT seconds (default 1) or one that needs more than 2 GB; the
# input is kept under OUT/artifacts/<harness>/.
# Inputs that reach new code accumulate in OUT/corpus/<harness>/ and seed the next run.
#
# usage: FUZZ_SECONDS=60 sh fuzz/run.sh [OUT]   (default .build/fuzz)
set -u
cd "$(dirname "$0")/.."
out=${1:-.build/fuzz}
seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-1}

sh fuzz/build.sh "$out" || exit 1

status=0
# run NAME DICTIONARY SEED_FOLDER...
run() {
    name=$1 dict=$2; shift 2
    mkdir -p "$out/corpus/$name" "$out/artifacts/$name"
    echo "fuzz: $name for $seconds s (log: $out/$name.log)"
    # Swift's own crash handler would race AddressSanitizer's; leaks are the leak check's business.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$out/$name" \
        -max_total_time="$seconds" -timeout="${timeout_now:-$timeout}" -rss_limit_mb=2048 ${extra:-} -print_final_stats=1 \
        -dict="fuzz/$dict" -artifact_prefix="$out/artifacts/$name/" "$out/corpus/$name" "$@" >"$out/$name.log" 2>&1
    rc=$?
    grep -E '^stat::number_of_executed_units|^Done|^#[0-9]+ *DONE' "$out/$name.log" | sed "s/^/fuzz: $name: /"
    if [ $rc -ne 0 ]; then
        echo "fuzz: $name failed (exit $rc); see $out/$name.log and:" >&2
        ls "$out/artifacts/$name/" | sed "s|^|  $out/artifacts/$name/|" >&2
        grep -E 'Fatal error|ERROR: libFuzzer|ERROR: AddressSanitizer|SUMMARY' "$out/$name.log" | head -n 5 >&2
        status=1
    fi
}
# The shipped tours seed the tour harness too (only the JSON: libFuzzer reads folders recursively,
# and a screenshot would make every input as long as a PNG).
mkdir -p "$out/seeds/tour"
cp assets/tours/*.json "$out/seeds/tour/"
run svg-path-fuzzer svg.dict fuzz/corpus/svg fuzz/regressions/svg
# Image bombs show as allocations past the limit: no image within the limits needs 600 MB at once.
# An image within the limits may decode to 64 megapixels (256 MB, a few seconds under ASan): it
# gets a longer timeout, and an allocation past 600 MB at once is an image bomb.
extra="-malloc_limit_mb=600" timeout_now=$((timeout * 10))
run image-fuzzer image.dict fuzz/corpus/image fuzz/regressions/image
extra="" timeout_now=$timeout
run tour-fuzzer tour.dict fuzz/corpus/tour fuzz/regressions/tour "$out/seeds/tour"
run bus-method-fuzzer bus.dict fuzz/corpus/bus fuzz/regressions/bus
run run-record-fuzzer record.dict fuzz/corpus/record fuzz/regressions/record
exit $status
