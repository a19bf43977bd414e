#!/bin/sh
# Builds the libFuzzer harnesses with `swiftc -sanitize=fuzzer,address` (no SwiftPM: libFuzzer
# brings its own `main`, which an ordinary executable target cannot have).
#
#   svg-path-fuzzer  SVG path data through the parser and the rasterizer. Raster's sources are
#                    compiled together with fuzz/SVGPathFuzzer.swift.
#   image-fuzzer     image files through Pixmap(imageData:name:): the header check, then libspng,
#                    giflib or SDL2_image's loader of that format. Files, Raster and ImageFiles are built
#                    as modules (shared with the tour harness), then linked with fuzz/ImageFuzzer.swift.
#   tour-fuzzer      tour files through TourLoader. Files, Raster, ImageFiles, Views, Overlays, Tours
#                    and Demo are compiled as modules (in that order, as in Package.swift), then
#                    linked with fuzz/TourFuzzer.swift. ImageFiles decodes with libspng, giflib
#                    and SDL2_image, so both harnesses link them (and SDL).
#   bus-method-fuzzer calls an AT-SPI client could make of the accessibility bridge, through
#                    MethodDispatch (no bus). Raster, Views and AccessibilityBridge are compiled as
#                    modules, then linked with fuzz/BusMethodFuzzer.swift and
#                    Tests/AccessibilityBridgeTests/BusCalls.swift (the calls and their checks,
#                    shared with BusMethodFuzzTests); AccessibilityBridge links libsystemd (sd-bus).
#
# usage: sh fuzz/build.sh [OUTDIR]   (default .build/fuzz; a harness newer than its sources is kept)
set -eu
cd "$(dirname "$0")/.."
out=${1:-.build/fuzz}
swiftc=${SWIFTC:-swiftc}

command -v "$swiftc" >/dev/null || { echo "fuzz: $swiftc not found on PATH (Swift 6 toolchain needed)" >&2; exit 1; }
toolchain=$(dirname "$(dirname "$(command -v "$swiftc")")")
if ! ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 \
   && ! ls "$toolchain"/lib/swift/clang/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
    echo "fuzz: the toolchain at $toolchain has no libFuzzer runtime (libclang_rt.fuzzer-*.a);" \
         "the swift.org toolchains for Linux include it" >&2
    exit 1
fi

# Optimized, instrumented for libFuzzer and AddressSanitizer, in the package's language mode, as
# one package (a harness reaches what a module declares `package`, as the tests do).
flags="-sanitize=fuzzer,address -O -g -swift-version 6 -parse-as-library -package-name limelight"
if [ -x "$toolchain/bin/ld.lld" ]; then flags="$flags -use-ld=lld"; fi
mkdir -p "$out/modules"

# True when $1 is missing or older than any file in the remaining arguments.
stale() {
    target=$1; shift
    [ -e "$target" ] || return 0
    [ -n "$(find "$@" -newer "$target" -name '*.swift' 2>/dev/null | head -n 1)" ]
}

# The C modules' headers (CStream, CMalloc and COpenBeneath are header-only; CSDL2Image links
# SDL2_image, CGIF giflib, CSPNG libspng, CZlib zlib, CDeflate libdeflate, CXXHash xxHash and CSDBus
# libsystemd).
includes="-I $out/modules -I Sources/Shims/CSDL2Image -I Sources/Shims/CGIF -I Sources/Shims/CSPNG -I Sources/Shims/CZlib -I Sources/Shims/CDeflate -I Sources/Shims/CXXHash -I Sources/Shims/CMalloc -I Sources/Shims/CStream -I Sources/Shims/COpenBeneath -I Sources/Shims/CSDBus"

# The SVG path harness: Raster's sources (pure Swift over two header-only C modules) compiled
# together with fuzz/SVGPathFuzzer.swift.
if stale "$out/svg-path-fuzzer" Sources/Raster fuzz/SVGPathFuzzer.swift; then
    echo "fuzz: building svg-path-fuzzer"
    # shellcheck disable=SC2086
    "$swiftc" $flags -module-name SVGPathFuzzer $includes Sources/Raster/*.swift fuzz/SVGPathFuzzer.swift -o "$out/svg-path-fuzzer"
fi

# build_modules M…: each module as a static library, in the order given (each after those it
# imports), rebuilt when its sources or those of a module before it are newer than it. A module's
# sources are every Swift file in its folder and the folders inside (Views and Tours have several).
build_modules() {
    sources=""
    for m in "$@"; do
        sources="$sources Sources/$m"
        # shellcheck disable=SC2086
        if stale "$out/modules/lib$m.a" $sources; then
            echo "fuzz: building module $m"
            # shellcheck disable=SC2086
            "$swiftc" $flags -wmo -module-name "$m" -emit-library -static -emit-module \
                -emit-module-path "$out/modules/$m.swiftmodule" $includes \
                -o "$out/modules/lib$m.a" $(find Sources/"$m" -name '*.swift' | sort)
        fi
    done
}

# The image harness: Files, Raster and ImageFiles, then fuzz/ImageFuzzer.swift linked against them.
build_modules Files Raster ImageFiles
if stale "$out/image-fuzzer" Sources/Files Sources/Raster Sources/ImageFiles fuzz/ImageFuzzer.swift; then
    echo "fuzz: linking image-fuzzer"
    # shellcheck disable=SC2086
    "$swiftc" $flags -module-name ImageFuzzer $includes fuzz/ImageFuzzer.swift \
        -L "$out/modules" -lImageFiles -lRaster -lFiles -lSDL2_image -lgif -lSDL2 -lspng -lz -ldeflate -lxxhash -o "$out/image-fuzzer"
fi

# The tour harness: the modules up to Demo, then fuzz/TourFuzzer.swift.
build_modules Files Raster ImageFiles Views Overlays Tours Demo
if stale "$out/tour-fuzzer" Sources/Files Sources/Raster Sources/ImageFiles Sources/Views Sources/Overlays Sources/Tours \
    Sources/Demo fuzz/TourFuzzer.swift; then
    echo "fuzz: linking tour-fuzzer"
    # shellcheck disable=SC2086
    "$swiftc" $flags -module-name TourFuzzer $includes fuzz/TourFuzzer.swift \
        -L "$out/modules" -lDemo -lTours -lOverlays -lViews -lImageFiles -lRaster -lFiles -lSDL2_image -lgif -lSDL2 -lspng -lz -ldeflate -lxxhash -o "$out/tour-fuzzer"
fi

# The accessibility bridge's harness: Raster, Views and AccessibilityBridge, then
# fuzz/BusMethodFuzzer.swift with the calls it shares with the tests.
build_modules Raster Views AccessibilityBridge
if stale "$out/bus-method-fuzzer" Sources/Raster Sources/Views Sources/AccessibilityBridge fuzz/BusMethodFuzzer.swift \
    Tests/AccessibilityBridgeTests/BusCalls.swift; then
    echo "fuzz: linking bus-method-fuzzer"
    # shellcheck disable=SC2086
    "$swiftc" $flags -module-name BusMethodFuzzer $includes fuzz/BusMethodFuzzer.swift Tests/AccessibilityBridgeTests/BusCalls.swift \
        -L "$out/modules" -lAccessibilityBridge -lViews -lRaster -lsystemd -o "$out/bus-method-fuzzer"
fi

# The run records' harness: the modules up to Tours, then Headless's sources (all but the test
# kit's session, which needs the system's fonts) compiled together with fuzz/RunRecordFuzzer.swift.
build_modules Files Raster ImageFiles Views Overlays Tours
if stale "$out/run-record-fuzzer" Sources/Files Sources/Raster Sources/ImageFiles Sources/Views Sources/Overlays Sources/Tours \
    Sources/Headless fuzz/RunRecordFuzzer.swift; then
    echo "fuzz: linking run-record-fuzzer"
    # shellcheck disable=SC2086
    "$swiftc" $flags -module-name RunRecordFuzzer $includes fuzz/RunRecordFuzzer.swift \
        $(find Sources/Headless -name '*.swift' ! -name AppSession.swift | sort) \
        -L "$out/modules" -lTours -lOverlays -lViews -lImageFiles -lRaster -lFiles -lSDL2_image -lgif -lSDL2 -lspng -lz -ldeflate -lxxhash -o "$out/run-record-fuzzer"
fi
